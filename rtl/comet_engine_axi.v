// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_engine_axi: comet_engine behind AXI interfaces (docs/reference/axi.md).
//  - AXI4-Lite slave (16-bit address) -> nic_axil_csr -> the engine's CSR bus; the window of
//    block NIC_AXI_DMA (nic_pkg::CSR_BASE_NIC_AXI_DMA, address bits 15:12) goes to the DMA
//    adapter's status registers instead (nic_axi_dma, ack one cycle after the request). One
//    CSR transaction at a time, so the two acks never meet and the read data are ORed (both
//    are 0 outside their ack cycle).
//  - DMA port -> nic_axi_dma -> AXI4 master (32-bit address, 64-bit data, one ID).
//  - AXI4-Stream frames out (m_axis_*) and in (s_axis_*): the engine's link ports.
//  - irq_o = engine irq | adapter error irq.
module comet_engine_axi #(
  parameter int NUM_DB    = 8,
  parameter int DB_DEPTH  = 16,
  parameter int MAX_SEGS  = 16,
  parameter int RSP_DEPTH = 32,
  parameter int NT_DEPTH  = 256,
  parameter int ID_W      = 4,
  parameter int MAX_BURST = 16,
  parameter int MAX_WAIT  = 7
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  // AXI4-Lite CSR slave
  input  wire [15:0]     s_axil_awaddr,
  input  wire [2:0]      s_axil_awprot,
  input  wire            s_axil_awvalid,
  output wire            s_axil_awready,
  input  wire [31:0]     s_axil_wdata,
  input  wire [3:0]      s_axil_wstrb,
  input  wire            s_axil_wvalid,
  output wire            s_axil_wready,
  output wire [1:0]      s_axil_bresp,
  output wire            s_axil_bvalid,
  input  wire            s_axil_bready,
  input  wire [15:0]     s_axil_araddr,
  input  wire [2:0]      s_axil_arprot,
  input  wire            s_axil_arvalid,
  output wire            s_axil_arready,
  output wire [31:0]     s_axil_rdata,
  output wire [1:0]      s_axil_rresp,
  output wire            s_axil_rvalid,
  input  wire            s_axil_rready,
  // AXI4 master (host memory)
  output wire [ID_W-1:0] m_axi_awid,
  output wire [31:0]     m_axi_awaddr,
  output wire [7:0]      m_axi_awlen,
  output wire [2:0]      m_axi_awsize,
  output wire [1:0]      m_axi_awburst,
  output wire            m_axi_awlock,
  output wire [3:0]      m_axi_awcache,
  output wire [2:0]      m_axi_awprot,
  output wire            m_axi_awvalid,
  input  wire            m_axi_awready,
  output wire [63:0]     m_axi_wdata,
  output wire [7:0]      m_axi_wstrb,
  output wire            m_axi_wlast,
  output wire            m_axi_wvalid,
  input  wire            m_axi_wready,
  input  wire [ID_W-1:0] m_axi_bid,
  input  wire [1:0]      m_axi_bresp,
  input  wire            m_axi_bvalid,
  output wire            m_axi_bready,
  output wire [ID_W-1:0] m_axi_arid,
  output wire [31:0]     m_axi_araddr,
  output wire [7:0]      m_axi_arlen,
  output wire [2:0]      m_axi_arsize,
  output wire [1:0]      m_axi_arburst,
  output wire            m_axi_arlock,
  output wire [3:0]      m_axi_arcache,
  output wire [2:0]      m_axi_arprot,
  output wire            m_axi_arvalid,
  input  wire            m_axi_arready,
  input  wire [ID_W-1:0] m_axi_rid,
  input  wire [63:0]     m_axi_rdata,
  input  wire [1:0]      m_axi_rresp,
  input  wire            m_axi_rlast,
  input  wire            m_axi_rvalid,
  output wire            m_axi_rready,
  // AXI4-Stream frames out / in
  output wire [63:0]     m_axis_tdata,
  output wire [7:0]      m_axis_tkeep,
  output wire            m_axis_tvalid,
  input  wire            m_axis_tready,
  output wire            m_axis_tlast,
  input  wire [63:0]     s_axis_tdata,
  input  wire [7:0]      s_axis_tkeep,
  input  wire            s_axis_tvalid,
  output wire            s_axis_tready,
  input  wire            s_axis_tlast,
  output wire            irq_o
);
  localparam logic [3:0] WIN_AXI = nic_pkg::CSR_BASE_NIC_AXI_DMA[15:12];

  wire        csr_req, csr_we;
  wire [15:0] csr_addr;
  wire [31:0] csr_wdata;
  wire        eng_ack, dma_ack;
  wire [31:0] eng_rdata, dma_rdata;
  wire        eng_irq, dma_irq;
  wire        dma_req_valid, dma_req_ready, dma_req_we, dma_rsp_valid;
  wire [31:0] dma_req_addr;
  wire [63:0] dma_req_wdata, dma_rsp_rdata;
  wire [7:0]  dma_req_wstrb;
  wire        to_axi = (csr_addr[15:12] == WIN_AXI);

  /* verilator lint_off UNUSEDSIGNAL */  // AXI4-Lite protection bits are not used
  wire [5:0]  prot_unused = {s_axil_awprot, s_axil_arprot};
  /* verilator lint_on UNUSEDSIGNAL */

  nic_axil_csr #(.ADDR_W(16)) u_axil (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
    .csr_req_o(csr_req), .csr_we_o(csr_we), .csr_addr_o(csr_addr), .csr_wdata_o(csr_wdata),
    .csr_ack_i(eng_ack || dma_ack), .csr_rdata_i(eng_rdata | dma_rdata));

  comet_engine #(.NUM_DB(NUM_DB), .DB_DEPTH(DB_DEPTH), .MAX_SEGS(MAX_SEGS), .RSP_DEPTH(RSP_DEPTH),
                 .NT_DEPTH(NT_DEPTH)) u_eng (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .csr_req_i(csr_req && !to_axi), .csr_we_i(csr_we), .csr_addr_i(csr_addr),
    .csr_wdata_i(csr_wdata), .csr_ack_o(eng_ack), .csr_rdata_o(eng_rdata),
    .dma_req_valid_o(dma_req_valid), .dma_req_ready_i(dma_req_ready), .dma_req_we_o(dma_req_we),
    .dma_req_addr_o(dma_req_addr), .dma_req_wdata_o(dma_req_wdata), .dma_req_wstrb_o(dma_req_wstrb),
    .dma_rsp_valid_i(dma_rsp_valid), .dma_rsp_rdata_i(dma_rsp_rdata),
    .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast),
    .irq_o(eng_irq),
    /* verilator lint_off PINCONNECTEMPTY */  // the lockstep observability ports are not used here
    .dbg_via_state_o(), .dbg_via_flags_o(), .dbg_via_vi_o(), .dbg_via_inflight_o(),
    .dbg_via_acc_o(), .dbg_via_db_level_o(), .dbg_tx_state_o(), .dbg_tx_crc_o(), .dbg_tx_psum_o(),
    .dbg_tx_status_o(), .dbg_rx_state_o(), .dbg_rx_crc_o(), .dbg_rx_usum_o(), .dbg_rx_status_o(),
    .dbg_v2t_o(), .dbg_v2t_tdata_o(), .dbg_r2v_o(), .dbg_r2v_tdata_o(), .dbg_eng_o()
    /* verilator lint_on PINCONNECTEMPTY */);

  nic_axi_dma #(.ID_W(ID_W), .MAX_BURST(MAX_BURST), .MAX_WAIT(MAX_WAIT),
                .RD_TRACK(RSP_DEPTH)) u_dma (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dma_req_valid_i(dma_req_valid), .dma_req_ready_o(dma_req_ready), .dma_req_we_i(dma_req_we),
    .dma_req_addr_i(dma_req_addr), .dma_req_wdata_i(dma_req_wdata), .dma_req_wstrb_i(dma_req_wstrb),
    .dma_rsp_valid_o(dma_rsp_valid), .dma_rsp_rdata_o(dma_rsp_rdata),
    .m_axi_awid(m_axi_awid), .m_axi_awaddr(m_axi_awaddr), .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize), .m_axi_awburst(m_axi_awburst), .m_axi_awlock(m_axi_awlock),
    .m_axi_awcache(m_axi_awcache), .m_axi_awprot(m_axi_awprot), .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready), .m_axi_wdata(m_axi_wdata), .m_axi_wstrb(m_axi_wstrb),
    .m_axi_wlast(m_axi_wlast), .m_axi_wvalid(m_axi_wvalid), .m_axi_wready(m_axi_wready),
    .m_axi_bid(m_axi_bid), .m_axi_bresp(m_axi_bresp), .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready), .m_axi_arid(m_axi_arid), .m_axi_araddr(m_axi_araddr),
    .m_axi_arlen(m_axi_arlen), .m_axi_arsize(m_axi_arsize), .m_axi_arburst(m_axi_arburst),
    .m_axi_arlock(m_axi_arlock), .m_axi_arcache(m_axi_arcache), .m_axi_arprot(m_axi_arprot),
    .m_axi_arvalid(m_axi_arvalid), .m_axi_arready(m_axi_arready), .m_axi_rid(m_axi_rid),
    .m_axi_rdata(m_axi_rdata), .m_axi_rresp(m_axi_rresp), .m_axi_rlast(m_axi_rlast),
    .m_axi_rvalid(m_axi_rvalid), .m_axi_rready(m_axi_rready),
    .csr_req_i(csr_req && to_axi), .csr_we_i(csr_we), .csr_addr_i(csr_addr[11:0]),
    .csr_wdata_i(csr_wdata), .csr_ack_o(dma_ack), .csr_rdata_o(dma_rdata), .irq_o(dma_irq));

  assign irq_o = eng_irq || dma_irq;
endmodule
`default_nettype wire
