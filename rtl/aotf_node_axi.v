// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_node_axi: aotf_node behind AXI interfaces (docs/reference/axi.md).
//  - AXI4-Lite slave (16-bit address) -> nic_axil_csr -> the node's CSR bus (windows
//    AOTF_SEND 0x0000, AOTF_RX 0x1000, AOTF_NODE 0x2000, AOTF_BOTF 0x3000, AOTF_LINK 0x4000;
//    other addresses read 0xDEADBEEF).
//  - AXI4 slave (32-bit address, 64-bit data) -> nic_axi_sthr -> the host store port (writes:
//    one kick per beat, the AXI address is the kick address) and the LLCM read port (reads:
//    one LLCM word per beat, the AXI address is the LLCM byte address).
//  - AXI4-Stream link out (m_axis_*) and in (s_axis_*), irq_o: the node's.
module aotf_node_axi #(
  parameter int FIFO_DEPTH = 2048,
  parameter int HTLB_SETS  = 256,
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  parameter int ID_W       = 4
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
  // AXI4 host slave: kicks (writes) and LLCM polls (reads)
  input  wire [ID_W-1:0] s_axi_awid,
  input  wire [31:0]     s_axi_awaddr,
  input  wire [7:0]      s_axi_awlen,
  input  wire [2:0]      s_axi_awsize,
  input  wire [1:0]      s_axi_awburst,
  input  wire            s_axi_awlock,
  input  wire [3:0]      s_axi_awcache,
  input  wire [2:0]      s_axi_awprot,
  input  wire            s_axi_awvalid,
  output wire            s_axi_awready,
  input  wire [63:0]     s_axi_wdata,
  input  wire [7:0]      s_axi_wstrb,
  input  wire            s_axi_wlast,
  input  wire            s_axi_wvalid,
  output wire            s_axi_wready,
  output wire [ID_W-1:0] s_axi_bid,
  output wire [1:0]      s_axi_bresp,
  output wire            s_axi_bvalid,
  input  wire            s_axi_bready,
  input  wire [ID_W-1:0] s_axi_arid,
  input  wire [31:0]     s_axi_araddr,
  input  wire [7:0]      s_axi_arlen,
  input  wire [2:0]      s_axi_arsize,
  input  wire [1:0]      s_axi_arburst,
  input  wire            s_axi_arlock,
  input  wire [3:0]      s_axi_arcache,
  input  wire [2:0]      s_axi_arprot,
  input  wire            s_axi_arvalid,
  output wire            s_axi_arready,
  output wire [ID_W-1:0] s_axi_rid,
  output wire [63:0]     s_axi_rdata,
  output wire [1:0]      s_axi_rresp,
  output wire            s_axi_rlast,
  output wire            s_axi_rvalid,
  input  wire            s_axi_rready,
  // AXI4-Stream link out / in
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
  wire        csr_req, csr_we, csr_ack;
  wire [15:0] csr_addr;
  wire [31:0] csr_wdata, csr_rdata;
  wire        st_valid, st_ready, hr_valid, hr_rvalid;
  wire [31:0] st_addr, hr_addr;
  wire [63:0] st_data, hr_rdata;
  wire [7:0]  st_be;

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
    .csr_ack_i(csr_ack), .csr_rdata_i(csr_rdata));

  nic_axi_sthr #(.ID_W(ID_W)) u_host (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_axi_awid(s_axi_awid), .s_axi_awaddr(s_axi_awaddr), .s_axi_awlen(s_axi_awlen),
    .s_axi_awsize(s_axi_awsize), .s_axi_awburst(s_axi_awburst), .s_axi_awlock(s_axi_awlock),
    .s_axi_awcache(s_axi_awcache), .s_axi_awprot(s_axi_awprot), .s_axi_awvalid(s_axi_awvalid),
    .s_axi_awready(s_axi_awready), .s_axi_wdata(s_axi_wdata), .s_axi_wstrb(s_axi_wstrb),
    .s_axi_wlast(s_axi_wlast), .s_axi_wvalid(s_axi_wvalid), .s_axi_wready(s_axi_wready),
    .s_axi_bid(s_axi_bid), .s_axi_bresp(s_axi_bresp), .s_axi_bvalid(s_axi_bvalid),
    .s_axi_bready(s_axi_bready), .s_axi_arid(s_axi_arid), .s_axi_araddr(s_axi_araddr),
    .s_axi_arlen(s_axi_arlen), .s_axi_arsize(s_axi_arsize), .s_axi_arburst(s_axi_arburst),
    .s_axi_arlock(s_axi_arlock), .s_axi_arcache(s_axi_arcache), .s_axi_arprot(s_axi_arprot),
    .s_axi_arvalid(s_axi_arvalid), .s_axi_arready(s_axi_arready), .s_axi_rid(s_axi_rid),
    .s_axi_rdata(s_axi_rdata), .s_axi_rresp(s_axi_rresp), .s_axi_rlast(s_axi_rlast),
    .s_axi_rvalid(s_axi_rvalid), .s_axi_rready(s_axi_rready),
    .st_valid_o(st_valid), .st_ready_i(st_ready), .st_addr_o(st_addr), .st_data_o(st_data),
    .st_be_o(st_be), .hr_valid_o(hr_valid), .hr_addr_o(hr_addr), .hr_rvalid_i(hr_rvalid),
    .hr_rdata_i(hr_rdata));

  aotf_node #(.FIFO_DEPTH(FIFO_DEPTH), .HTLB_SETS(HTLB_SETS), .LLCM_BYTES(LLCM_BYTES),
              .PT_ENTRIES(PT_ENTRIES)) u_node (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .st_valid_i(st_valid), .st_ready_o(st_ready), .st_addr_i(st_addr), .st_data_i(st_data),
    .st_be_i(st_be), .hr_valid_i(hr_valid), .hr_addr_i(hr_addr), .hr_rvalid_o(hr_rvalid),
    .hr_rdata_o(hr_rdata),
    .csr_req_i(csr_req), .csr_we_i(csr_we), .csr_addr_i(csr_addr), .csr_wdata_i(csr_wdata),
    .csr_ack_o(csr_ack), .csr_rdata_o(csr_rdata), .irq_o(irq_o),
    .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(s_axis_tready), .s_axis_tlast(s_axis_tlast));
endmodule
`default_nettype wire
