// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_cq: comet_via's send completion queue (see comet_via.v). Every checked or failed
// send descriptor pushes an entry {status word address, length, VI, error bits, needs a
// tx_done code}; the datapath's tx_done codes (one per sent message, in order) wait in a code
// FIFO; the control FSM writes the head's status word once its code (if it needs one) is in.
module comet_via_cq #(
  localparam int CQD = 4    // send completion queue entries
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        push_i,
  input  wire        pop_i,
  input  wire [2:0]  pc_i,     // the error bits of a push in this cycle (see comet_via_ctl)
  input  wire [31:0] desc_i,   // the descriptor address
  input  wire [15:0] len_i,    // the send Length
  input  wire [1:0]  vi_i,
  input  wire        sent_i,   // a message's last beat leaves (it waits for its tx_done code)
  input  wire        tx_done_valid_i,
  input  wire [3:0]  tx_done_code_i,
  output wire [2:0]  cq_cnt_o,
  output wire [2:0]  cd_cnt_o,
  // the head entry
  output reg  [31:0] h_swa_o,  // its status word's address
  output reg  [15:0] h_len_o,
  output reg  [1:0]  h_vi_o,
  output reg  [2:0]  h_err_o,
  output wire        h_nd_o,   // no descriptor error: it waits for a tx_done code
  output wire [3:0]  h_code_o
);
  localparam logic [31:0] CTL_W3 = 32'(8 * nic_pkg::VIA_DESC_HDR_LENGTH_WORD);

  // send completion queue {status word address (desc + CTL_W3), len, vi, err[2:0], needs tx_done}
  // + tx_done code FIFO
  reg [CQD*32-1:0] cq_swa_q, cq_swa_d;  // (swa: status word address)
  reg [CQD*16-1:0] cq_len_q, cq_len_d;
  reg [CQD*2-1:0]  cq_vi_q, cq_vi_d;
  reg [CQD*3-1:0]  cq_err_q, cq_err_d;
  reg [CQD-1:0]    cq_nd_q, cq_nd_d;
  reg [1:0]  cq_wp_q, cq_wp_d, cq_rp_q, cq_rp_d, cd_wp_q, cd_wp_d, cd_rp_q, cd_rp_d;
  reg [2:0]  cq_cnt_q, cq_cnt_d, cd_cnt_q, cd_cnt_d, aw_cnt_q, aw_cnt_d;
  reg [CQD*4-1:0]  cd_q, cd_d;
  // timing: the head entry's "no descriptor error" flag as a flop (hnd_q = cq_nd_q[cq_rp_q],
  // loaded from the next cycle's entry with the late pop selecting last), so the S_IDLE
  // decision (cq_rdy) starts at flops, not at the head mux
  reg         hnd_q, hnd_d;
  reg  [3:0]  h_cd;
  integer     hi, k;

  // completion queue head (send status write)
  // timing / size: every variable-index field is selected (and written, below) by index
  // compares on constant part-selects (no index * width shifter)
  always @* begin
    h_swa_o = 32'd0; h_len_o = 16'd0; h_vi_o = 2'd0; h_err_o = 3'd0; h_cd = 4'd0;
    for (hi = 0; hi < CQD; hi = hi + 1) begin
      if (cq_rp_q == 2'(hi)) begin
        h_swa_o = cq_swa_q[hi*32 +: 32];
        h_len_o = cq_len_q[hi*16 +: 16];
        h_vi_o  = cq_vi_q[hi*2 +: 2];
        h_err_o = cq_err_q[hi*3 +: 3];
      end
      if (cd_rp_q == 2'(hi)) h_cd = cd_q[hi*4 +: 4];
    end
  end
  assign h_nd_o   = hnd_q;
  assign h_code_o = hnd_q ? h_cd : 4'd0;

  always @* begin
    cq_swa_d = cq_swa_q; cq_len_d = cq_len_q; cq_vi_d = cq_vi_q; cq_err_d = cq_err_q; cq_nd_d = cq_nd_q;
    cq_wp_d = cq_wp_q; cq_rp_d = cq_rp_q; cq_cnt_d = cq_cnt_q;
    cd_d = cd_q; cd_wp_d = cd_wp_q; cd_rp_d = cd_rp_q; cd_cnt_d = cd_cnt_q; aw_cnt_d = aw_cnt_q;

    // tx_done codes: one per sent message, in order (a pulse with no message waiting for its
    // code is ignored)
    if (sent_i) aw_cnt_d = aw_cnt_d + 3'd1;
    if (tx_done_valid_i && aw_cnt_q != 3'd0) begin
      aw_cnt_d = aw_cnt_d - 3'd1;
      for (k = 0; k < CQD; k = k + 1) if (cd_wp_q == 2'(k)) cd_d[k*4 +: 4] = tx_done_code_i;
      cd_wp_d = cd_wp_q + 2'd1;
      cd_cnt_d = cd_cnt_d + 3'd1;
    end

    // timing: the free entry at the write pointer takes this cycle's completion fields in
    // every cycle (not only with a push), so the entries' enables are register decodes
    // (cq_wp_q, queue not full), not the push decision; an entry is used only after its push
    // moved the pointer past it, and that push cycle's fields are the last it took
    for (k = 0; k < CQD; k = k + 1)
      if (cq_wp_q == 2'(k) && cq_cnt_q != 3'(CQD)) begin
        // timing: the status word's address (descriptor + CTL_W3), so the completion's write
        // address is the head entry itself, no adder behind the queue's head select
        cq_swa_d[k*32 +: 32] = desc_i + CTL_W3;
        cq_len_d[k*16 +: 16] = (pc_i != 3'd0) ? 16'd0 : len_i;  // (see comet_via_ctl wb_len)
        cq_vi_d[k*2 +: 2] = vi_i;
        cq_err_d[k*3 +: 3] = pc_i;
        cq_nd_d[k] = (pc_i == 3'd0);
      end
    hnd_d = 1'b0;
    for (k = 0; k < CQD; k = k + 1)
      if ((pop_i ? cq_rp_q + 2'd1 : cq_rp_q) == 2'(k)) hnd_d = cq_nd_d[k];
    if (push_i) begin
      cq_wp_d = cq_wp_q + 2'd1;
      cq_cnt_d = cq_cnt_d + 3'd1;
    end
    if (pop_i) begin
      cq_rp_d = cq_rp_q + 2'd1;
      cq_cnt_d = cq_cnt_d - 3'd1;
      if (hnd_q) begin
        cd_rp_d = cd_rp_q + 2'd1;
        cd_cnt_d = cd_cnt_d - 3'd1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cq_swa_q <= '0; cq_len_q <= '0; cq_vi_q <= '0; cq_err_q <= '0; cq_nd_q <= '0; hnd_q <= 1'b0;
      cq_wp_q <= 2'd0; cq_rp_q <= 2'd0; cq_cnt_q <= 3'd0;
      cd_q <= '0; cd_wp_q <= 2'd0; cd_rp_q <= 2'd0; cd_cnt_q <= 3'd0; aw_cnt_q <= 3'd0;
    end else begin
      cq_swa_q <= cq_swa_d; cq_len_q <= cq_len_d; cq_vi_q <= cq_vi_d; cq_err_q <= cq_err_d; hnd_q <= hnd_d;
      cq_nd_q <= cq_nd_d; cq_wp_q <= cq_wp_d; cq_rp_q <= cq_rp_d; cq_cnt_q <= cq_cnt_d;
      cd_q <= cd_d; cd_wp_q <= cd_wp_d; cd_rp_q <= cd_rp_d; cd_cnt_q <= cd_cnt_d; aw_cnt_q <= aw_cnt_d;
    end
  end

  assign cq_cnt_o = cq_cnt_q;
  assign cd_cnt_o = cd_cnt_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  integer f_i;
  always @* begin
    if (f_rst_seen) begin
      assert (hnd_q == cq_nd_q[cq_rp_q]);
      assert (cq_cnt_q <= 3'(CQD));
      assert (cd_cnt_q <= cq_cnt_q);
      // completion queue lengths are 0 with error bits
      for (f_i = 0; f_i < CQD; f_i = f_i + 1)
        if (cq_err_q[f_i*3 +: 3] != 3'd0) assert (cq_len_q[f_i*16 +: 16] == 16'd0);
    end
  end
`endif
endmodule
`default_nettype wire
