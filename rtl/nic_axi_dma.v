// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_axi_dma: comet_via's DMA port -> AXI4 master, 64-bit data, plus the adapter's status
// registers (a 12-bit CSR window, ack one cycle after the request; map: block NIC_AXI_DMA of
// formats/, decoded with the nic_pkg constants). docs/reference/axi.md.
//  - Reads are coalesced into INCR bursts (ARSIZE 3). An accepted read opens a burst (ob_*) or
//    extends the open one when its address is the next word, the burst holds fewer than
//    MAX_BURST beats and the word does not start a 4 KiB page. The open burst is closed (moved
//    to the AR register) in the first cycle with no extending read, when it reaches MAX_BURST
//    beats, or MAX_WAIT cycles after it opened, whichever comes first: a burst grows only
//    while reads arrive back to back, so a lone read waits one cycle.
//  - One ID (ID) on both channels: R beats return in AR order and are forwarded as they come
//    (RREADY = 1; comet_via takes a response every cycle and never has more reads out than its
//    response FIFO holds). Up to RD_TRACK bursts and WR_TRACK writes are outstanding.
//  - Writes: one AW (AWLEN 0) + one W beat per request with the request's strobes; AW and W
//    are offered in the same cycle. Every B is checked. Reads and writes are independent
//    channels: a read may pass an earlier write (comet_via never reads a word it has written
//    without software in between: the status write is a descriptor's last access).
//  - RRESP / BRESP SLVERR or DECERR: the read's data is returned as zeros (comet_via keeps
//    going; the descriptor completes with whatever the zeros mean to it) and the error is
//    recorded: ERR_STATUS {OVF, RESP, WRITE, VALID} and ERR_ADDR of the first error until
//    software clears VALID, ERR_CNT counts all; irq_o = VALID & CTRL.IRQ_EN.
//  - The address of an R beat is the burst's AR address + 8 x beat index, from a FIFO of the
//    bursts in flight (u_rt); a B's address comes from a FIFO of the writes in flight (u_wt).
module nic_axi_dma #(
  parameter int ID_W      = 4,
  parameter int ID        = 0,
  parameter int MAX_BURST = 16,  // beats, 2..16
  parameter int MAX_WAIT  = 7,   // cycles an open burst may wait for more reads, 1..15
  parameter int RD_TRACK  = 32,  // bursts outstanding (power of two >= 2)
  parameter int WR_TRACK  = 16   // writes outstanding (power of two >= 2)
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  // comet_via DMA port
  input  wire            dma_req_valid_i,
  output wire            dma_req_ready_o,
  input  wire            dma_req_we_i,
  /* verilator lint_off UNUSEDSIGNAL */  // always 8-byte aligned (comet_via)
  input  wire [31:0]     dma_req_addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [63:0]     dma_req_wdata_i,
  input  wire [7:0]      dma_req_wstrb_i,
  output wire            dma_rsp_valid_o,
  output wire [63:0]     dma_rsp_rdata_o,
  // AXI4 master
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
  /* verilator lint_off UNUSEDSIGNAL */  // one ID: the response IDs are not looked at
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
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [63:0]     m_axi_rdata,
  input  wire [1:0]      m_axi_rresp,
  input  wire            m_axi_rlast,
  input  wire            m_axi_rvalid,
  output wire            m_axi_rready,
  // status registers (local 12-bit byte address; ack one cycle after the request)
  input  wire            csr_req_i,
  input  wire            csr_we_i,
  input  wire [11:0]     csr_addr_i,
  /* verilator lint_off UNUSEDSIGNAL */  // the registers written take one bit
  input  wire [31:0]     csr_wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire            csr_ack_o,
  output wire [31:0]     csr_rdata_o,
  output wire            irq_o
);
`ifndef __ICARUS__
  generate
    if (MAX_BURST < 2 || MAX_BURST > 16 || MAX_WAIT < 1 || MAX_WAIT > 15 ||
        RD_TRACK < 2 || (RD_TRACK & (RD_TRACK - 1)) != 0 ||
        WR_TRACK < 2 || (WR_TRACK & (WR_TRACK - 1)) != 0 || ID_W < 1) begin : g_param_err
      $error("nic_axi_dma: MAX_BURST 2..16, MAX_WAIT 1..15, RD_TRACK / WR_TRACK powers of two >= 2");
    end
  endgenerate
`endif
  // status registers: offsets, field positions and reset values from formats/csr_nic_axi_dma.csv
  localparam int ES_VALID = nic_pkg::NIC_AXI_DMA_ERR_STATUS_VALID_LSB;
  localparam int ES_WRITE = nic_pkg::NIC_AXI_DMA_ERR_STATUS_WRITE_LSB;
  localparam int ES_RESP  = nic_pkg::NIC_AXI_DMA_ERR_STATUS_RESP_LSB;
  localparam int ES_OVF   = nic_pkg::NIC_AXI_DMA_ERR_STATUS_OVF_LSB;
  localparam int CT_IRQ   = nic_pkg::NIC_AXI_DMA_CTRL_IRQ_EN_LSB;
  localparam int PA_BURST = nic_pkg::NIC_AXI_DMA_PARAMS_MAX_BURST_LSB;
  localparam int PA_WAIT  = nic_pkg::NIC_AXI_DMA_PARAMS_MAX_WAIT_LSB;
  localparam int PA_RD    = nic_pkg::NIC_AXI_DMA_PARAMS_RD_TRACK_M1_LSB;
  localparam int PA_WR    = nic_pkg::NIC_AXI_DMA_PARAMS_WR_TRACK_M1_LSB;
  localparam logic [3:0] LAST_BEAT = 4'(MAX_BURST - 1);
  localparam logic [3:0] LAST_AGE  = 4'(MAX_WAIT - 1);

  // ------------------------------------------------------------------ read coalescing
  reg         ob_valid_q, ob_valid_d;
  reg  [28:0] ob_addr_q, ob_addr_d;    // word address (byte address bits 31:3)
  reg  [3:0]  ob_len_q, ob_len_d;      // beats - 1
  reg  [3:0]  ob_age_q, ob_age_d;      // cycles since the burst opened
  reg         ar_valid_q, ar_valid_d;
  reg  [28:0] ar_addr_q, ar_addr_d;
  reg  [3:0]  ar_len_q, ar_len_d;
  wire        rt_s_ready;
  // (the FIFOs' valids are looked at by assertions only; a burst's length is not needed again:
  // RLAST ends it)
  /* verilator lint_off UNUSEDSIGNAL */
  wire        rt_m_valid, wt_m_valid;
  wire [32:0] rt_m_data;
  /* verilator lint_on UNUSEDSIGNAL */
  wire        is_rd = dma_req_valid_i && !dma_req_we_i;
  wire [28:0] req_word = dma_req_addr_i[31:3];
  wire        ext = is_rd && ob_valid_q && (req_word == ob_addr_q + {25'd0, ob_len_q} + 29'd1) &&
                    (ob_len_q != LAST_BEAT) && (req_word[8:0] != 9'd0);
  wire [3:0]  nlen = ob_len_q + {3'd0, ext};
  wire        can_close = (!ar_valid_q || m_axi_arready) && rt_s_ready;
  wire        close = ob_valid_q && can_close &&
                      (!ext || (nlen == LAST_BEAT) || (ob_age_q == LAST_AGE));
  wire        rd_ok = ext || !ob_valid_q || can_close;
  wire        rd_acc = is_rd && rd_ok;

  // ------------------------------------------------------------------ writes
  reg         aw_valid_q, aw_valid_d;
  reg  [28:0] aw_addr_q, aw_addr_d;
  reg         w_valid_q, w_valid_d;
  reg  [63:0] w_data_q, w_data_d;
  reg  [7:0]  w_strb_q, w_strb_d;
  wire        wt_s_ready;
  wire [28:0] wt_m_data;
  wire        wr_ok = (!aw_valid_q || m_axi_awready) && (!w_valid_q || m_axi_wready) && wt_s_ready;
  wire        wr_acc = dma_req_valid_i && dma_req_we_i && wr_ok;

  always @* begin
    ob_valid_d = ob_valid_q;
    ob_addr_d  = ob_addr_q;
    ob_len_d   = ob_len_q;
    ob_age_d   = ob_age_q + 4'd1;
    ar_valid_d = ar_valid_q && !m_axi_arready;
    ar_addr_d  = ar_addr_q;
    ar_len_d   = ar_len_q;
    if (close) begin
      ar_valid_d = 1'b1;
      ar_addr_d  = ob_addr_q;
      ar_len_d   = nlen;
      ob_valid_d = 1'b0;
    end else if (ext) begin
      ob_len_d = nlen;
    end
    // a read that does not extend the open burst opens the next one
    if (rd_acc && !ext) begin
      ob_valid_d = 1'b1;
      ob_addr_d  = req_word;
      ob_len_d   = 4'd0;
      ob_age_d   = 4'd0;
    end
    aw_valid_d = aw_valid_q && !m_axi_awready;
    w_valid_d  = w_valid_q && !m_axi_wready;
    aw_addr_d  = aw_addr_q;
    w_data_d   = w_data_q;
    w_strb_d   = w_strb_q;
    if (wr_acc) begin
      aw_valid_d = 1'b1;
      w_valid_d  = 1'b1;
      aw_addr_d  = req_word;
      w_data_d   = dma_req_wdata_i;
      w_strb_d   = dma_req_wstrb_i;
    end
  end

  // bursts in flight {word address, beats - 1}, pushed when the burst is closed
  wire rd_done = m_axi_rvalid && m_axi_rlast;
  nic_fifo #(.DEPTH(RD_TRACK), .WIDTH(33)) u_rt (
    .clk_i(clk_i), .rst_ni(rst_ni), .s_valid_i(close), .s_ready_o(rt_s_ready),
    .s_data_i({ob_addr_q, nlen}), .m_valid_o(rt_m_valid), .m_ready_i(rd_done),
    .m_data_o(rt_m_data),
    /* verilator lint_off PINCONNECTEMPTY */  // m_data_o is used, not its sources or the level
    .count_o(), .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */);
  // writes in flight (word address), pushed when the write is accepted
  wire wr_done = m_axi_bvalid;
  nic_fifo #(.DEPTH(WR_TRACK), .WIDTH(29)) u_wt (
    .clk_i(clk_i), .rst_ni(rst_ni), .s_valid_i(wr_acc), .s_ready_o(wt_s_ready),
    .s_data_i(req_word), .m_valid_o(wt_m_valid), .m_ready_i(wr_done),
    .m_data_o(wt_m_data),
    /* verilator lint_off PINCONNECTEMPTY */  // m_data_o is used, not its sources or the level
    .count_o(), .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */);

  // ------------------------------------------------------------------ responses and errors
  reg  [3:0]  rbeat_q, rbeat_d;
  wire        r_err = m_axi_rvalid && m_axi_rresp[1];
  wire        b_err = m_axi_bvalid && m_axi_bresp[1];
  wire [28:0] r_word = rt_m_data[32:4] + {25'd0, rbeat_q};
  reg         err_valid_q, err_valid_d, err_we_q, err_we_d, err_ovf_q, err_ovf_d;
  reg  [1:0]  err_resp_q, err_resp_d;
  reg  [28:0] err_addr_q, err_addr_d;
  reg  [31:0] err_cnt_q, err_cnt_d;
  reg         irq_en_q, irq_en_d;
  reg  [31:0] rd_bursts_q, rd_bursts_d, rd_beats_q, rd_beats_d, wr_cnt_q, wr_cnt_d;
  reg         ack_q, ack_d;
  reg  [31:0] rdata_q, rdata_d;

  // read values of the registers with fields, packed at the fields' positions
  reg  [31:0] es_rd, ctrl_rd, params_rd;
  always @* begin
    es_rd     = 32'd0;
    ctrl_rd   = 32'd0;
    params_rd = 32'd0;
    es_rd[ES_VALID +: nic_pkg::NIC_AXI_DMA_ERR_STATUS_VALID_W]       = err_valid_q;
    es_rd[ES_WRITE +: nic_pkg::NIC_AXI_DMA_ERR_STATUS_WRITE_W]       = err_we_q;
    es_rd[ES_RESP  +: nic_pkg::NIC_AXI_DMA_ERR_STATUS_RESP_W]        = err_resp_q;
    es_rd[ES_OVF   +: nic_pkg::NIC_AXI_DMA_ERR_STATUS_OVF_W]         = err_ovf_q;
    ctrl_rd[CT_IRQ +: nic_pkg::NIC_AXI_DMA_CTRL_IRQ_EN_W]            = irq_en_q;
    params_rd[PA_BURST +: nic_pkg::NIC_AXI_DMA_PARAMS_MAX_BURST_W]   = 8'(MAX_BURST);
    params_rd[PA_WAIT  +: nic_pkg::NIC_AXI_DMA_PARAMS_MAX_WAIT_W]    = 8'(MAX_WAIT);
    params_rd[PA_RD    +: nic_pkg::NIC_AXI_DMA_PARAMS_RD_TRACK_M1_W] = 8'(RD_TRACK - 1);
    params_rd[PA_WR    +: nic_pkg::NIC_AXI_DMA_PARAMS_WR_TRACK_M1_W] = 8'(WR_TRACK - 1);
  end

  always @* begin
    rbeat_d     = m_axi_rvalid ? (m_axi_rlast ? 4'd0 : rbeat_q + 4'd1) : rbeat_q;
    err_valid_d = err_valid_q;
    err_we_d    = err_we_q;
    err_ovf_d   = err_ovf_q;
    err_resp_d  = err_resp_q;
    err_addr_d  = err_addr_q;
    err_cnt_d   = err_cnt_q + {31'd0, r_err} + {31'd0, b_err};
    irq_en_d    = irq_en_q;
    rd_bursts_d = rd_bursts_q + {31'd0, m_axi_arvalid && m_axi_arready};
    rd_beats_d  = rd_beats_q + {31'd0, m_axi_rvalid};
    wr_cnt_d    = wr_cnt_q + {31'd0, m_axi_bvalid};
    ack_d       = csr_req_i;
    rdata_d     = 32'd0;
    // software access first, so an error in the cycle that clears ERR_STATUS is recorded (an
    // ERR_CNT write wins over the same cycle's errors)
    if (csr_req_i && csr_we_i) begin
      case (csr_addr_i)
        nic_pkg::CSR_NIC_AXI_DMA_ERR_STATUS: if (csr_wdata_i[ES_VALID]) begin
          err_valid_d = 1'b0;
          err_ovf_d   = 1'b0;
          err_we_d    = 1'b0;
          err_resp_d  = 2'd0;
          err_addr_d  = 29'd0;
        end
        nic_pkg::CSR_NIC_AXI_DMA_ERR_CNT: err_cnt_d = 32'd0;
        nic_pkg::CSR_NIC_AXI_DMA_CTRL:    irq_en_d  = csr_wdata_i[CT_IRQ];
        default: ;
      endcase
    end
    if (csr_req_i && !csr_we_i) begin
      case (csr_addr_i)
        nic_pkg::CSR_NIC_AXI_DMA_ID:         rdata_d = nic_pkg::NIC_AXI_DMA_ID_ID_RESET;
        nic_pkg::CSR_NIC_AXI_DMA_ERR_STATUS: rdata_d = es_rd;
        nic_pkg::CSR_NIC_AXI_DMA_ERR_ADDR:   rdata_d = {err_addr_q, 3'd0};
        nic_pkg::CSR_NIC_AXI_DMA_ERR_CNT:    rdata_d = err_cnt_q;
        nic_pkg::CSR_NIC_AXI_DMA_CTRL:       rdata_d = ctrl_rd;
        nic_pkg::CSR_NIC_AXI_DMA_RD_BURSTS:  rdata_d = rd_bursts_q;
        nic_pkg::CSR_NIC_AXI_DMA_RD_BEATS:   rdata_d = rd_beats_q;
        nic_pkg::CSR_NIC_AXI_DMA_WR_CNT:     rdata_d = wr_cnt_q;
        nic_pkg::CSR_NIC_AXI_DMA_PARAMS:     rdata_d = params_rd;
        default:                             rdata_d = nic_pkg::CSR_UNMAPPED;
      endcase
    end
    if (r_err || b_err) begin
      if (err_valid_d || (r_err && b_err)) err_ovf_d = 1'b1;
      if (!err_valid_d) begin
        err_valid_d = 1'b1;
        err_we_d    = !r_err;
        err_resp_d  = r_err ? m_axi_rresp : m_axi_bresp;
        err_addr_d  = r_err ? r_word : wt_m_data;
      end
    end
  end

  always @(posedge clk_i)
    if (!rst_ni) begin
      ob_valid_q  <= 1'b0;
      ar_valid_q  <= 1'b0;
      aw_valid_q  <= 1'b0;
      w_valid_q   <= 1'b0;
      rbeat_q     <= 4'd0;
      err_valid_q <= 1'b0;
      err_we_q    <= 1'b0;
      err_ovf_q   <= 1'b0;
      err_resp_q  <= 2'd0;
      err_addr_q  <= 29'd0;
      err_cnt_q   <= 32'd0;
      irq_en_q    <= nic_pkg::NIC_AXI_DMA_CTRL_IRQ_EN_RESET[0];
      rd_bursts_q <= 32'd0;
      rd_beats_q  <= 32'd0;
      wr_cnt_q    <= 32'd0;
      ack_q       <= 1'b0;
      rdata_q     <= 32'd0;
    end else begin
      ob_valid_q  <= ob_valid_d;
      ar_valid_q  <= ar_valid_d;
      aw_valid_q  <= aw_valid_d;
      w_valid_q   <= w_valid_d;
      rbeat_q     <= rbeat_d;
      err_valid_q <= err_valid_d;
      err_we_q    <= err_we_d;
      err_ovf_q   <= err_ovf_d;
      err_resp_q  <= err_resp_d;
      err_addr_q  <= err_addr_d;
      err_cnt_q   <= err_cnt_d;
      irq_en_q    <= irq_en_d;
      rd_bursts_q <= rd_bursts_d;
      rd_beats_q  <= rd_beats_d;
      wr_cnt_q    <= wr_cnt_d;
      ack_q       <= ack_d;
      rdata_q     <= rdata_d;
    end

  // (address, length, age and data registers are written before they are read: no reset)
  always @(posedge clk_i) begin
    ob_addr_q <= ob_addr_d;
    ob_len_q  <= ob_len_d;
    ob_age_q  <= ob_age_d;
    ar_addr_q <= ar_addr_d;
    ar_len_q  <= ar_len_d;
    aw_addr_q <= aw_addr_d;
    w_data_q  <= w_data_d;
    w_strb_q  <= w_strb_d;
  end

  assign dma_req_ready_o = dma_req_we_i ? wr_ok : rd_ok;
  assign dma_rsp_valid_o = m_axi_rvalid;
  assign dma_rsp_rdata_o = m_axi_rresp[1] ? 64'd0 : m_axi_rdata;

  assign m_axi_arid    = ID_W'(ID);
  assign m_axi_araddr  = {ar_addr_q, 3'd0};
  assign m_axi_arlen   = {4'd0, ar_len_q};
  assign m_axi_arsize  = 3'd3;
  assign m_axi_arburst = 2'b01;
  assign m_axi_arlock  = 1'b0;
  assign m_axi_arcache = 4'b0011;
  assign m_axi_arprot  = 3'b000;
  assign m_axi_arvalid = ar_valid_q;
  assign m_axi_rready  = 1'b1;
  assign m_axi_awid    = ID_W'(ID);
  assign m_axi_awaddr  = {aw_addr_q, 3'd0};
  assign m_axi_awlen   = 8'd0;
  assign m_axi_awsize  = 3'd3;
  assign m_axi_awburst = 2'b01;
  assign m_axi_awlock  = 1'b0;
  assign m_axi_awcache = 4'b0011;
  assign m_axi_awprot  = 3'b000;
  assign m_axi_awvalid = aw_valid_q;
  assign m_axi_wdata   = w_data_q;
  assign m_axi_wstrb   = w_strb_q;
  assign m_axi_wlast   = 1'b1;
  assign m_axi_wvalid  = w_valid_q;
  assign m_axi_bready  = 1'b1;
  assign csr_ack_o     = ack_q;
  assign csr_rdata_o   = rdata_q;
  assign irq_o         = err_valid_q && irq_en_q;

`ifdef FORMAL
  // a response always has its burst / write in the tracking FIFOs
  always @(posedge clk_i)
    if (rst_ni) begin
      if (m_axi_rvalid) assert (rt_m_valid);
      if (m_axi_bvalid) assert (wt_m_valid);
    end
`endif
endmodule
`default_nettype wire
