// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_axi_sthr: AXI4 slave (32-bit address, 64-bit data) -> aotf_node's host store port (st_*)
// and host LLCM read port (hr_*). docs/reference/axi.md.
//  - Writes: every W beat with a non-zero WSTRB becomes one store (st_addr = the beat's
//    address, st_data = WDATA, st_be = WSTRB); beats with WSTRB 0 are skipped. The beat's
//    address is AWADDR with bits 2:0 cleared + 8 x beat index (INCR; FIXED keeps the address,
//    WRAP is taken as INCR); WREADY follows st_ready. B (OKAY) is sent after the last beat's
//    store was taken: a refused kick is the send block's business (its STATUS / counters).
//  - Reads: every R beat is one LLCM read at ARADDR (bits 2:0 cleared) + 8 x beat index; the
//    reads are issued one per cycle while the 4-entry response FIFO has room for everything in
//    flight (the read port has a fixed 3-cycle latency and no back-pressure). RRESP OKAY.
//  - One write burst and one read burst at a time (the two run independently); IDs echoed.
module nic_axi_sthr #(
  parameter int ID_W = 4
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire [ID_W-1:0] s_axi_awid,
  /* verilator lint_off UNUSEDSIGNAL */  // 64-bit beats only (address bits 2:0 not used);
  // WLAST ends a write burst (AWLEN not needed); lock, cache, prot not used
  input  wire [31:0]     s_axi_awaddr,
  input  wire [7:0]      s_axi_awlen,
  input  wire [2:0]      s_axi_awsize,
  input  wire [1:0]      s_axi_awburst,
  input  wire            s_axi_awlock,
  input  wire [3:0]      s_axi_awcache,
  input  wire [2:0]      s_axi_awprot,
  /* verilator lint_on UNUSEDSIGNAL */
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
  input  wire [7:0]      s_axi_arlen,
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [31:0]     s_axi_araddr,
  input  wire [2:0]      s_axi_arsize,
  input  wire [1:0]      s_axi_arburst,
  input  wire            s_axi_arlock,
  input  wire [3:0]      s_axi_arcache,
  input  wire [2:0]      s_axi_arprot,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire            s_axi_arvalid,
  output wire            s_axi_arready,
  output wire [ID_W-1:0] s_axi_rid,
  output wire [63:0]     s_axi_rdata,
  output wire [1:0]      s_axi_rresp,
  output wire            s_axi_rlast,
  output wire            s_axi_rvalid,
  input  wire            s_axi_rready,
  // store port
  output wire            st_valid_o,
  input  wire            st_ready_i,
  output wire [31:0]     st_addr_o,
  output wire [63:0]     st_data_o,
  output wire [7:0]      st_be_o,
  // LLCM read port (data 3 cycles after the request)
  output wire            hr_valid_o,
  output wire [31:0]     hr_addr_o,
  input  wire            hr_rvalid_i,
  input  wire [63:0]     hr_rdata_i
);
  localparam logic [1:0] W_IDLE = 2'd0, W_DATA = 2'd1, W_RESP = 2'd2;
  localparam logic [1:0] BURST_FIXED = 2'b00;

  // ------------------------------------------------------------------ writes -> stores
  reg  [1:0]      ws_q, ws_d;
  reg  [ID_W-1:0] wid_q, wid_d;
  reg  [28:0]     waddr_q, waddr_d;
  reg             wfix_q, wfix_d;
  wire            w_beat = (ws_q == W_DATA) && s_axi_wvalid &&
                           (st_ready_i || s_axi_wstrb == 8'd0);
  always @* begin
    ws_d    = ws_q;
    wid_d   = wid_q;
    waddr_d = waddr_q;
    wfix_d  = wfix_q;
    case (ws_q)
      W_IDLE: if (s_axi_awvalid) begin
        ws_d    = W_DATA;
        wid_d   = s_axi_awid;
        waddr_d = s_axi_awaddr[31:3];
        wfix_d  = (s_axi_awburst == BURST_FIXED);
      end
      W_DATA: if (w_beat) begin
        waddr_d = waddr_q + {28'd0, !wfix_q};
        if (s_axi_wlast) ws_d = W_RESP;
      end
      default: if (s_axi_bready) ws_d = W_IDLE;
    endcase
  end

  // ------------------------------------------------------------------ reads -> LLCM polls
  reg             rbusy_q, rbusy_d;     // a read burst is being served
  reg  [ID_W-1:0] rid_q, rid_d;
  reg  [28:0]     raddr_q, raddr_d;
  reg             rfix_q, rfix_d;
  reg  [8:0]      rleft_q, rleft_d;     // beats still to issue
  reg  [2:0]      pv_q, pv_d;           // reads in the 3-cycle pipe
  reg  [2:0]      pl_q, pl_d;           // ... and which of them is the burst's last
  wire            rf_valid, rf_ready;
  wire [64:0]     rf_data;
  wire [2:0]      rf_count;
  // room for the reads in flight and this one: count + in flight + 1 <= 5 (capacity)
  wire [2:0]      infl = {2'd0, pv_q[0]} + {2'd0, pv_q[1]} + {2'd0, pv_q[2]};
  wire            r_issue = rbusy_q && (rleft_q != 9'd0) && ({1'b0, rf_count} + {1'b0, infl} < 4'd5) &&
                            rf_ready;
  always @* begin
    rbusy_d = rbusy_q;
    rid_d   = rid_q;
    raddr_d = raddr_q;
    rfix_d  = rfix_q;
    rleft_d = rleft_q;
    pv_d    = {pv_q[1:0], r_issue};
    pl_d    = {pl_q[1:0], r_issue && (rleft_q == 9'd1)};
    if (!rbusy_q) begin
      if (s_axi_arvalid) begin
        rbusy_d = 1'b1;
        rid_d   = s_axi_arid;
        raddr_d = s_axi_araddr[31:3];
        rfix_d  = (s_axi_arburst == BURST_FIXED);
        rleft_d = {1'b0, s_axi_arlen} + 9'd1;
      end
    end else begin
      if (r_issue) begin
        raddr_d = raddr_q + {28'd0, !rfix_q};
        rleft_d = rleft_q - 9'd1;
      end
      if (s_axi_rvalid && s_axi_rready && rf_data[64]) rbusy_d = 1'b0;
    end
  end

  nic_fifo #(.DEPTH(4), .WIDTH(65)) u_rf (
    .clk_i(clk_i), .rst_ni(rst_ni), .s_valid_i(pv_q[2]), .s_ready_o(rf_ready),
    .s_data_i({pl_q[2], hr_rdata_i}), .m_valid_o(rf_valid), .m_ready_i(s_axi_rready),
    .m_data_o(rf_data), .count_o(rf_count),
    /* verilator lint_off PINCONNECTEMPTY */  // m_data_o is used, not its sources
    .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */);

  always @(posedge clk_i)
    if (!rst_ni) begin
      ws_q    <= W_IDLE;
      rbusy_q <= 1'b0;
      pv_q    <= 3'd0;
      pl_q    <= 3'd0;
      rleft_q <= 9'd0;
    end else begin
      ws_q    <= ws_d;
      rbusy_q <= rbusy_d;
      pv_q    <= pv_d;
      pl_q    <= pl_d;
      rleft_q <= rleft_d;
    end
  // (burst fields are written before they are read: no reset)
  always @(posedge clk_i) begin
    wid_q   <= wid_d;
    waddr_q <= waddr_d;
    wfix_q  <= wfix_d;
    rid_q   <= rid_d;
    raddr_q <= raddr_d;
    rfix_q  <= rfix_d;
  end

  assign s_axi_awready = (ws_q == W_IDLE);
  assign s_axi_wready  = (ws_q == W_DATA) && (st_ready_i || s_axi_wstrb == 8'd0);
  assign s_axi_bvalid  = (ws_q == W_RESP);
  assign s_axi_bid     = wid_q;
  assign s_axi_bresp   = 2'b00;
  assign st_valid_o    = (ws_q == W_DATA) && s_axi_wvalid && (s_axi_wstrb != 8'd0);
  assign st_addr_o     = {waddr_q, 3'd0};
  assign st_data_o     = s_axi_wdata;
  assign st_be_o       = s_axi_wstrb;
  assign s_axi_arready = !rbusy_q;
  assign hr_valid_o    = r_issue;
  assign hr_addr_o     = {raddr_q, 3'd0};
  assign s_axi_rvalid  = rf_valid;
  assign s_axi_rdata   = rf_data[63:0];
  assign s_axi_rlast   = rf_data[64];
  assign s_axi_rid     = rid_q;
  assign s_axi_rresp   = 2'b00;

`ifdef FORMAL
  // the read port answers exactly 3 cycles after each read
  always @(posedge clk_i)
    if (rst_ni) assert (hr_rvalid_i == pv_q[2]);
`else
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_rvalid = hr_rvalid_i;
  /* verilator lint_on UNUSEDSIGNAL */
`endif
endmodule
`default_nettype wire
