// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_tx_ingest: receives one FM message per AXI-Stream packet (FM header word + payload),
// writes it word by word into the free buffer slot, sums its 16-bit words for the UDP checksum
// and looks the destination node up in the node table. One cycle after the last beat (and the
// lookup) it reports a status code; a good message is handed to the egress (push_o) and the
// other slot is filled next. Errors free the slot again (nothing is sent, nothing is lost:
// every message accepted gets exactly one status).
//  Status codes: 0 OK, 1 NODE (node >= NT_DEPTH or entry invalid), 2 ZERO (length field 0),
//  3 LEN (bytes != 8 + length, or < 8 bytes), 4 OVERSIZE (length > MAX_LEN).
//  Priority: bytes < 8 -> LEN; then OVERSIZE, ZERO, LEN, NODE.
module comet_tx_ingest #(
  parameter int NT_DEPTH = 256,
  localparam int NT_AW = $clog2(NT_DEPTH)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              en_i,          // node table init done
  input  wire [63:0]       s_axis_tdata,
  input  wire [7:0]        s_axis_tkeep,
  input  wire              s_axis_tvalid,
  output reg               s_axis_tready,
  input  wire              s_axis_tlast,
  input  wire [1:0]        slot_free_i,   // from egress
  output wire              lk_req_o,
  output wire [NT_AW-1:0]  lk_node_o,
  input  wire              lk_gnt_i,
  /* verilator lint_off UNUSEDSIGNAL */  // lane 3 bits 31:1: stored, readable by CSR, unused here
  input  wire [127:0]      lk_data_i,     // node table read data (valid the cycle after gnt)
  /* verilator lint_on UNUSEDSIGNAL */
  output reg               buf_we_o,
  output wire [8:0]        buf_waddr_o,
  output wire [63:0]       buf_wdata_o,
  output wire              st_valid_o,
  output reg  [2:0]        st_code_o,
  output wire              push_o,
  output wire              push_slot_o,
  output wire [10:0]       push_len_o,
  output wire [31:0]       push_psum_o,
  output wire [31:0]       push_ip_o,
  output wire [47:0]       push_mac_o,
  output wire [15:0]       push_port_o,
  output wire [1:0]        state_o,
  output wire              wr_slot_o,
  output wire [31:0]       psum_o
);
  localparam logic [1:0] S_IDLE = 2'd0, S_BODY = 2'd1, S_FIN = 2'd2, S_CHK = 2'd3;
  localparam logic [15:0] MAX_LEN = 16'd1464;

  reg [1:0]  state_q, state_d;
  reg        wr_slot_q, wr_slot_d;
  reg [8:0]  widx_q, widx_d;
  reg [15:0] bytes_q, bytes_d;
  reg [15:0] node_q, node_d;
  reg [15:0] flen_q, flen_d;
  reg [31:0] psum_q, psum_d;
  reg [16:0] pb01_q, pb23_q;             // beat word pair sums, added to psum_q one cycle later
  reg        pb_v_q, pb_first_q;
  reg [3:0]  nbq_q;                      // beat byte count, added to bytes_q one cycle later
  reg [15:0] flen8_q;                    // length field + 8 (expected byte count)
  reg [16:0] need_q, need_d;             // flen8 - bytes counted (bit 16: more bytes, sticky)
  reg [16:0] need_cur;                   // need before the beat in pb (first beat: flen8)
  reg        len_lt8, len_ne;            // S_CHK: final byte count < 8, != flen8
  reg [2:0]  pre_code_q, pre_code_d;     // length checks, registered in S_CHK
  reg        node_bad_q, node_bad_d;
  reg        rdy_q, rdy_d;                // S_IDLE tready: en_i && slot_free_i[wr_slot], registered
  reg        lk_req_q, lk_req_d, lk_wait_q, lk_wait_d, lk_done_q, lk_done_d;
  reg        lk_valid_q, lk_valid_d;
  reg [31:0] lk_ip_q, lk_ip_d;
  reg [47:0] lk_mac_q, lk_mac_d;
  reg [15:0] lk_port_q, lk_port_d;

  wire [16:0] bs01, bs23;
  comet_csum64 u_csum (.data_i(s_axis_tdata), .keep_i(s_axis_tkeep), .s01_o(bs01), .s23_o(bs23));

  reg [3:0]  nb;
  reg [16:0] bytes_sum;
  reg        acc, fin;
  integer k;

  assign lk_req_o    = lk_req_q;
  assign lk_node_o   = node_q[NT_AW-1:0];
  assign buf_waddr_o = {wr_slot_q, widx_q[7:0]};
  assign buf_wdata_o = s_axis_tdata;
  assign st_valid_o  = fin;
  assign push_o      = fin && (st_code_o == 3'd0);
  assign push_slot_o = wr_slot_q;
  assign push_len_o  = flen_q[10:0];
  assign push_psum_o = psum_q;
  assign push_ip_o   = lk_ip_q;
  assign push_mac_o  = lk_mac_q;
  assign push_port_o = lk_port_q;
  assign state_o     = state_q;
  assign wr_slot_o   = wr_slot_q;
  assign psum_o      = psum_q;

  always @* begin
    nb = 4'd0;
    for (k = 0; k < 8; k = k + 1) nb = nb + {3'd0, s_axis_tkeep[k]};
    case (state_q)
      // timing: from a local register (en_i / slot_free_i one cycle old: a slot freed by the
      // egress is taken one cycle later; slots are only taken by our own push, en_i only rises)
      S_IDLE:  s_axis_tready = rdy_q;
      S_BODY:  s_axis_tready = 1'b1;
      default: s_axis_tready = 1'b0;
    endcase
    acc      = s_axis_tvalid && s_axis_tready;
    buf_we_o = acc && !widx_q[8];
    fin      = (state_q == S_FIN) && lk_done_q;

    // in S_CHK the last beat's count is still in nbq_q (bytes_q / need_cur exclude it); no
    // adder in front of the checks: final < 8 from the low bits, final != flen8 as
    // need_cur != nbq_q (final = bytes_q + nbq_q; the comparison only decides the code for
    // 1 <= length <= MAX_LEN, where the saturation of bytes_q at 0xFFFF cannot matter)
    need_cur = pb_first_q ? {1'b0, flen8_q} : need_q;
    len_lt8  = pb_first_q ? (nbq_q < 4'd8)
                          : (bytes_q < 16'd8 && ({1'b0, bytes_q[2:0]} + nbq_q) < 4'd8);
    len_ne   = need_cur != {13'd0, nbq_q};
    if (len_lt8)                                pre_code_d = 3'd3;
    else if (flen_q > MAX_LEN)                  pre_code_d = 3'd4;
    else if (flen_q == 16'd0)                   pre_code_d = 3'd2;
    else if (len_ne)                            pre_code_d = 3'd3;
    else                                        pre_code_d = 3'd0;
    node_bad_d = {16'd0, node_q} >= NT_DEPTH;
    if (pre_code_q != 3'd0)                     st_code_o = pre_code_q;
    else if (node_bad_q || !lk_valid_q)         st_code_o = 3'd1;
    else                                        st_code_o = 3'd0;
  end

  always @* begin
    state_d = state_q; wr_slot_d = wr_slot_q; widx_d = widx_q; bytes_d = bytes_q;
    node_d = node_q; flen_d = flen_q; psum_d = psum_q; need_d = need_q;
    lk_req_d = lk_req_q; lk_wait_d = lk_wait_q; lk_done_d = lk_done_q;
    lk_valid_d = lk_valid_q; lk_ip_d = lk_ip_q; lk_mac_d = lk_mac_q; lk_port_d = lk_port_q;

    bytes_sum = {1'b0, bytes_q} + {13'd0, nbq_q};
    // node and length follow the input in S_IDLE and keep the accepted first beat's fields
    // (no acc in their enables)
    if (state_q == S_IDLE) begin
      node_d = s_axis_tdata[15:0];
      flen_d = s_axis_tdata[63:48];
    end
    if (acc) begin
      widx_d = widx_q[8] ? widx_q : widx_q + 9'd1;
      if (state_q == S_IDLE) lk_req_d = 1'b1;
      if (s_axis_tlast) state_d = S_CHK;
      else              state_d = S_BODY;
    end
    if (pb_v_q) begin
      psum_d  = (pb_first_q ? 32'd0 : psum_q) + {15'd0, pb01_q} + {15'd0, pb23_q};
      bytes_d = pb_first_q ? {12'd0, nbq_q} : (bytes_sum[16] ? 16'hFFFF : bytes_sum[15:0]);
      need_d  = need_cur[16] ? need_cur : need_cur - {13'd0, nbq_q};
    end
    if (state_q == S_CHK) state_d = S_FIN;
    if (lk_req_q && lk_gnt_i) begin
      lk_req_d  = 1'b0;
      lk_wait_d = 1'b1;
    end
    if (lk_wait_q) begin
      lk_wait_d  = 1'b0;
      lk_done_d  = 1'b1;
      lk_ip_d    = lk_data_i[31:0];
      lk_mac_d   = {lk_data_i[79:64], lk_data_i[63:32]};
      lk_port_d  = lk_data_i[95:80];
      lk_valid_d = lk_data_i[96];
    end
    if (fin) begin
      state_d   = S_IDLE;
      lk_done_d = 1'b0;
      widx_d    = 9'd0;
      if (push_o) wr_slot_d = !wr_slot_q;
    end
    rdy_d = en_i && slot_free_i[wr_slot_d];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE; wr_slot_q <= 1'b0; widx_q <= 9'd0; bytes_q <= 16'd0;
      node_q <= 16'd0; flen_q <= 16'd0; psum_q <= 32'd0;
      pb01_q <= 17'd0; pb23_q <= 17'd0; pb_v_q <= 1'b0; pb_first_q <= 1'b0; pre_code_q <= 3'd0; node_bad_q <= 1'b0;
      rdy_q <= 1'b0;
      nbq_q <= 4'd0; flen8_q <= 16'd0; need_q <= 17'd0;
      lk_req_q <= 1'b0; lk_wait_q <= 1'b0; lk_done_q <= 1'b0;
      lk_valid_q <= 1'b0; lk_ip_q <= 32'd0; lk_mac_q <= 48'd0; lk_port_q <= 16'd0;
    end else begin
      state_q <= state_d; wr_slot_q <= wr_slot_d; widx_q <= widx_d; bytes_q <= bytes_d;
      node_q <= node_d; flen_q <= flen_d; psum_q <= psum_d; need_q <= need_d;
      rdy_q <= rdy_d;
      pb_v_q <= acc;
      // beat registers load every cycle (pb_v_q qualifies them; after the last beat S_CHK
      // follows directly, so they still hold it there); flen8_q like flen_q
      pb01_q <= bs01; pb23_q <= bs23; nbq_q <= nb; pb_first_q <= (state_q == S_IDLE);
      if (state_q == S_IDLE) flen8_q <= s_axis_tdata[63:48] + 16'd8;
      if (state_q == S_CHK) begin pre_code_q <= pre_code_d; node_bad_q <= node_bad_d; end
      lk_req_q <= lk_req_d; lk_wait_q <= lk_wait_d; lk_done_q <= lk_done_d;
      lk_valid_q <= lk_valid_d; lk_ip_q <= lk_ip_d; lk_mac_q <= lk_mac_d; lk_port_q <= lk_port_d;
    end
  end
endmodule
`default_nettype wire
