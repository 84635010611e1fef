// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_credit: per-user transaction-FIFO credits.
// used[u] counts the kicks of user u that are queued or being sent: +1 when a kick enters the
// transaction FIFO (take), -1 when the last beat of its packet is accepted on m_axis (ret).
// A kick of user u is accepted only if used[u] < limit[u]. Available = limit - used (0 if the
// limit was lowered below used). Limits are written through the CSR block.
// Timing: used[u] < limit[u] is kept per user in a flop (hc_q), computed in the previous cycle
// for the three possible updates of used (-1, 0, +1) against the next limit; the take/return of
// the cycle only selects one of them. So the credit check of a kick is a mux of flops (exact:
// hc_q[u] == (used_q[u] < lim_q[u]) in every cycle).
// take_i is the take request (a store that decoded to a kick of user take_user_i); the take
// happens if that user has credit (hc_q[take_user_i] == has_credit_o when chk_user_i ==
// take_user_i, as in aotf_send): each user's update uses its own hc_q bit, so no 8:1 mux sits
// between the store decode and the per-user updates.
module aotf_credit #(
  parameter int NUM_USERS = 8,
  parameter int RESET_LIMIT = 256,
  // 1: a limit write is announced one cycle ahead (pre_data_i = the lim_data_i of a lim_we_i in
  // the next cycle, as with aotf_send's registered CSR request): the compares against the new
  // limit are made in that cycle and registered, so none sits behind the limit data (timing)
  parameter bit PRE = 1'b0,
  localparam int UW = $clog2(NUM_USERS)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    take_i,       // take request: taken if user take_user_i has credit
  input  wire [UW-1:0]           take_user_i,
  input  wire                    ret_i,
  input  wire [UW-1:0]           ret_user_i,
  input  wire [UW-1:0]           chk_user_i,
  output reg                     has_credit_o,
  input  wire [UW-1:0]           sel_user_i,
  input  wire                    sel_wr_i,          // CREDIT_SEL written: sel_user_i <= sel_wdata_i
  input  wire [UW-1:0]           sel_wdata_i,
  input  wire                    lim_we_i,
  input  wire [15:0]             lim_data_i,
  input  wire [15:0]             pre_data_i,   // PRE: the limit of a lim_we_i next cycle
  output reg  [15:0]             sel_limit_o,
  output reg  [15:0]             sel_used_o,
  output reg  [15:0]             sel_avail_o,
  output reg  [NUM_USERS*16-1:0] used_flat_o
);
  // flat vectors (flops, not a memory): 16 bits per user
  reg [NUM_USERS*16-1:0] used_q, used_d, lim_q, lim_d;
  reg [15:0] u_inc, u_dec, u_cur;
  // timing: limit and used count of the selected user (CREDIT_SEL) without a user mux in the
  // CSR read path. Invariants (every cycle): sl_q == lim_q[sel_user_i]; used_q[sel_user_i] ==
  // sb_q + sinc_q - sdec_q, i.e. the count one cycle ago plus that cycle's take/return of the
  // user (so the take of this cycle, a late decode, only goes into the 1-bit sinc/sdec flops);
  // sbp_q == sb_q + 1, sbm_q == sb_q - 1 (the read selects one of three flops).
  // A CREDIT_SEL write loads them from entry sel_wdata_i (a mux driven by the write data).
  reg [15:0] sl_q, sl_d, sb_q, sb_d, sbp_q, sbp_d, sbm_q, sbm_d;
  reg        sinc_q, sinc_d, sdec_q, sdec_d;
  reg [15:0] su, su_p1, su_m1, w_used, w_lim, w_used_p1, w_used_m1, sbp_p1, sbm_m1;
  reg [NUM_USERS*16-1:0] inc_all, dec_all;   // used_q[u] + 1 / - 1 per user
  reg        n_tk, n_rt, c_tk, c_rt, w_tk, w_rt, hold_q;
  reg [NUM_USERS-1:0] hc_q, hc_d;
  reg        tk, rt, lw;
  reg [5:0]  lt;   // {inc, dec, hold} x {against lim_data_i, against lim_q}
  // PRE: per user, used + k < pre_data_i for k = -2..2 (bit k + 2), registered (ck_q), and the
  // update of used at the edge after those compares (inc_q: +1, dec_q: -1), so that in the
  // limit-write cycle used + j < limit (j = -1, 0, 1) is one of them, selected by flops
  reg [NUM_USERS*5-1:0] ck_q, ck_d;
  reg [NUM_USERS-1:0]   inc_q, inc_d, dec_q, dec_d;
  reg        pc0, pe0, pe1, pe2, pem1;
  /* verilator lint_off UNUSEDSIGNAL */  // only the sign bit (16) is used
  reg [16:0] d_pre;
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */  // only the sign bit (16) of each difference is used
  reg [16:0] d_le_w, d_le_l, d_lt_w;
  reg [16:0] av_p, av_m, av_h;
  /* verilator lint_on UNUSEDSIGNAL */
  reg        ne_w, ne_l;
  integer u;
  // a + b == k (mod 2^16) without a carry chain: the carries that k implies are the ones the
  // addition makes
  function automatic sum_eq(input [15:0] a, input [15:0] b, input [15:0] k);
    reg [15:0] cin;
    begin
      cin    = {(a[14:0] & b[14:0]) | ((a[14:0] ^ b[14:0]) & ~k[14:0]), 1'b0};
      sum_eq = ((a ^ b ^ k) == cin);
    end
  endfunction
  // the return is registered (timing: the last-beat acceptance depends on m_axis_tready, in
  // aotf_node on the receive path's tready in loopback); a credit comes back one cycle later
  reg          ret_q;
  reg [UW-1:0] ret_user_q;
  always @(posedge clk_i) begin
    if (!rst_ni) ret_q <= 1'b0;
    else         ret_q <= ret_i;
    ret_user_q <= ret_user_i;
  end

  // The late decodes (take, return, limit write) are combined with the precomputed values as
  // AND-OR terms, not as muxes: Yosys (opt_share) merges compares / adders that feed a mux
  // into one compare of the muxed operands, which puts the take decode and the CSR limit-write
  // decode in front of the 16-bit compare carry chain (timing).
  always @* begin
    for (u = 0; u < NUM_USERS; u = u + 1) begin
      lw = lim_we_i && (sel_user_i == UW'(u));
      lim_d[u*16 +: 16] = ({16{lw}} & lim_data_i) | ({16{!lw}} & lim_q[u*16 +: 16]);
      // the take of user u: its own credit flop, not the 8:1 has_credit_o mux (timing)
      tk = take_i && (take_user_i == UW'(u)) && hc_q[u];
      rt = ret_q && (ret_user_q == UW'(u));
      // used +1 / -1 computed from the flops; the (late) take only selects
      u_cur = used_q[u*16 +: 16];
      u_inc = u_cur + 16'd1;
      u_dec = u_cur - 16'd1;
      inc_all[u*16 +: 16] = u_inc;
      dec_all[u*16 +: 16] = u_dec;
      // the take (behind the store decode: the latest input) is the last select: the values
      // with and without it are formed from the flops and the registered return first
      used_d[u*16 +: 16] = ({16{tk}} & (rt ? u_cur : u_inc)) | ({16{!tk}} & (rt ? u_dec : u_cur));
      // against the next limit: the stored one, or the CSR write data when this user's limit
      // is written now. All six compares start at flops / the write data.
      // Timing: each compare is the sign of a 17-bit subtraction (one carry chain); the
      // compares against the stored limit are flops / one chain: u_cur < lim_q[u] is hc_q[u]
      // (invariant, asserted), u_dec < x is u_cur <= x (u_cur >= 1: -1 is only selected by a
      // return, which needs used > 0), u_inc < x uses u_inc (no wrap: +1 needs used < limit)
      // timing: u_inc < L is not computed as an increment followed by a compare (two carry
      // chains): it is u_cur < L (one chain; hc_q[u] for L = lim_q) and not u_cur + 1 == L
      // (u_cur + ~L == 16'hFFFE, tested without carries: sum_eq). Used only with a take, i.e.
      // u_cur < lim (no wrap of u_inc).
      ne_w = !sum_eq(u_cur, ~lim_data_i, 16'hFFFE);
      ne_l = !sum_eq(u_cur, ~lim_q[u*16 +: 16], 16'hFFFE);
      d_le_w  = {1'b0, lim_data_i} - {1'b0, u_cur};
      d_le_l  = {1'b0, lim_q[u*16 +: 16]} - {1'b0, u_cur};
      d_lt_w  = {1'b0, u_cur} - {1'b0, lim_data_i};
      lt[5] = d_lt_w[16] && ne_w;   // u_inc < lim_data_i
      lt[4] = hc_q[u] && ne_l;      // u_inc < lim_q[u]
      lt[3] = !d_le_w[16];    // u_cur <= lim_data_i  (= u_dec < lim_data_i)
      lt[2] = !d_le_l[16];    // u_cur <= lim_q[u]    (= u_dec < lim_q[u])
      lt[1] = d_lt_w[16];     // u_cur < lim_data_i
      lt[0] = hc_q[u];        // u_cur < lim_q[u]
      // PRE: this cycle's compares against pre_data_i (one carry chain, carry-free equalities;
      // no wrap matters: the +1 / +2 terms are ANDed with u_cur < pre, the -1 / -2 terms are
      // used only when u_cur >= 1 / 2), registered for the limit write of the next cycle
      d_pre = {1'b0, u_cur} - {1'b0, pre_data_i};
      pc0   = d_pre[16];                            // u_cur < P
      pe0   = sum_eq(u_cur, ~pre_data_i, 16'hFFFF);  // u_cur == P
      pe1   = sum_eq(u_cur, ~pre_data_i, 16'hFFFE);  // u_cur + 1 == P
      pe2   = sum_eq(u_cur, ~pre_data_i, 16'hFFFD);  // u_cur + 2 == P
      pem1  = sum_eq(u_cur, ~pre_data_i, 16'h0000);  // u_cur == P + 1
      ck_d[u*5 +: 5] = {pc0 && !pe1 && !pe2, pc0 && !pe1, pc0, pc0 || pe0, pc0 || pe0 || pem1};
      inc_d[u] = tk && !rt;
      dec_d[u] = rt && !tk;
      if (PRE) begin
        // used now = used then + 1 (inc_q), - 1 (dec_q) or + 0: k = j + that
        lt[1] = inc_q[u] ? ck_q[u*5 + 3] : dec_q[u] ? ck_q[u*5 + 1] : ck_q[u*5 + 2];
        lt[5] = inc_q[u] ? ck_q[u*5 + 4] : dec_q[u] ? ck_q[u*5 + 2] : ck_q[u*5 + 3];
        lt[3] = inc_q[u] ? ck_q[u*5 + 2] : dec_q[u] ? ck_q[u*5 + 0] : ck_q[u*5 + 1];
      end
      // the take (latest input) selects last: with a take -> hold (a return too) or +1,
      // without -> -1 (a return) or hold
      hc_d[u] = (tk && ((rt && ((lw && lt[1]) || (!lw && lt[0]))) ||
                        (!rt && ((lw && lt[5]) || (!lw && lt[4]))))) ||
                (!tk && ((rt && ((lw && lt[3]) || (!lw && lt[2]))) ||
                         (!rt && ((lw && lt[1]) || (!lw && lt[0])))));
    end
    // ---- selected user (see sl_q / sb_q above)
    // current used count of the selected user and +-1, each an AND-OR of flops
    hold_q = !(sinc_q || sdec_q);
    sbp_p1 = sbp_q + 16'd1;
    sbm_m1 = sbm_q - 16'd1;
    su     = ({16{sinc_q}} & sbp_q)  | ({16{sdec_q}} & sbm_q)  | ({16{hold_q}} & sb_q);
    su_p1  = ({16{sinc_q}} & sbp_p1) | ({16{sdec_q}} & sb_q)   | ({16{hold_q}} & sbp_q);
    su_m1  = ({16{sinc_q}} & sb_q)   | ({16{sdec_q}} & sbm_m1) | ({16{hold_q}} & sbm_q);
    // entry sel_wdata_i (CREDIT_SEL write: no limit write in the same cycle). Timing: the
    // +1 / -1 of the written user are the per-user adders above (from flops), selected by the
    // write data in one-hot AND-OR muxes, so no adder sits behind the write-data mux.
    w_used    = 16'd0;
    w_lim     = 16'd0;
    w_used_p1 = 16'd0;
    w_used_m1 = 16'd0;
    for (u = 0; u < NUM_USERS; u = u + 1) begin
      w_used    = w_used    | ({16{sel_wdata_i == UW'(u)}} & used_q[u*16 +: 16]);
      w_lim     = w_lim     | ({16{sel_wdata_i == UW'(u)}} & lim_q[u*16 +: 16]);
      w_used_p1 = w_used_p1 | ({16{sel_wdata_i == UW'(u)}} & inc_all[u*16 +: 16]);
      w_used_m1 = w_used_m1 | ({16{sel_wdata_i == UW'(u)}} & dec_all[u*16 +: 16]);
    end
    // take / return of this cycle for the current and for the written user
    c_tk = take_i && (take_user_i == sel_user_i) && hc_q[sel_user_i];
    c_rt = ret_q && (ret_user_q == sel_user_i);
    w_tk = take_i && (take_user_i == sel_wdata_i) && hc_q[sel_wdata_i];
    w_rt = ret_q && (ret_user_q == sel_wdata_i);
    n_tk = sel_wr_i ? w_tk : c_tk;
    n_rt = sel_wr_i ? w_rt : c_rt;
    sinc_d = n_tk && !n_rt;
    sdec_d = n_rt && !n_tk;
    sl_d   = sel_wr_i ? w_lim : (lim_we_i ? lim_data_i : sl_q);
    sb_d   = sel_wr_i ? w_used : su;
    sbp_d  = sel_wr_i ? w_used_p1 : su_p1;
    sbm_d  = sel_wr_i ? w_used_m1 : su_m1;

    used_flat_o  = used_q;
    has_credit_o = hc_q[chk_user_i];
    sel_limit_o  = sl_q;
    sel_used_o   = su;
    // available = limit - used (0 if used >= limit) for each of the three flop candidates of
    // the selected user's used count (timing: no select in front of the subtraction; the
    // sign of each difference is the compare), then the pending take / return selects
    av_p = {1'b0, sl_q} - {1'b0, sbp_q};
    av_m = {1'b0, sl_q} - {1'b0, sbm_q};
    av_h = {1'b0, sl_q} - {1'b0, sb_q};
    sel_avail_o  = ({16{sinc_q && !av_p[16]}} & av_p[15:0]) |
                   ({16{sdec_q && !av_m[16]}} & av_m[15:0]) |
                   ({16{hold_q && !av_h[16]}} & av_h[15:0]);
  end

  // PRE compares: no reset (used only in a limit-write cycle, which a request cycle precedes)
  always @(posedge clk_i) begin
    ck_q  <= ck_d;
    inc_q <= inc_d;
    dec_q <= dec_d;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      used_q <= '0;
      lim_q  <= {NUM_USERS{16'(RESET_LIMIT)}};
      hc_q   <= {NUM_USERS{16'(RESET_LIMIT) != 16'd0}};
      sl_q   <= 16'(RESET_LIMIT);
      sb_q   <= 16'd0;
      sbp_q  <= 16'd1;
      sbm_q  <= 16'hFFFF;
      sinc_q <= 1'b0;
      sdec_q <= 1'b0;
    end else begin
      used_q <= used_d;
      lim_q  <= lim_d;
      hc_q   <= hc_d;
      sl_q   <= sl_d;
      sb_q   <= sb_d;
      sbp_q  <= sbp_d;
      sbm_q  <= sbm_d;
      sinc_q <= sinc_d;
      sdec_q <= sdec_d;
    end
  end
`ifdef FORMAL
  // Properties hold from the first cycle after a reset on.
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  // Environment = the use in aotf_send: a kick is taken only if the credit check of its own user
  // passed (take = st_fire && k_ok && has_credit, chk_user = take_user = k_user), and a credit is
  // returned (last beat of a packet) only for a kick taken earlier, i.e. for a user with used > 0
  // when the (registered) return acts.
  always @* begin
    if (take_i) assume (chk_user_i == take_user_i);   // the take is take_i && has_credit_o
    if (ret_q)  assume (used_q[ret_user_q*16 +: 16] != 16'd0);   // the registered return acts
  end
  // sel_user_i follows the CREDIT_SEL writes (after a reset every user's limit and used count
  // are equal, so the selection in the reset cycle does not matter); no limit write in a
  // CREDIT_SEL write cycle (one CSR access per cycle)
  reg          f_sel_v = 1'b0;
  reg [UW-1:0] f_sel;
  always @(posedge clk_i) begin
    f_sel_v <= rst_ni;
    f_sel   <= sel_wr_i ? sel_wdata_i : sel_user_i;
  end
  always @* if (f_sel_v) assume (sel_user_i == f_sel);
  always @* if (f_rst_seen) assume (!(sel_wr_i && lim_we_i));   // strobes may be flops (X before reset)
  // PRE (aotf_send with a registered CSR request): a limit write was announced in the cycle
  // before with its data, and that cycle was not a reset cycle
  reg [15:0] f_pre_q;
  reg        f_pre_rst_q;
  always @(posedge clk_i) begin
    f_pre_q     <= pre_data_i;
    f_pre_rst_q <= rst_ni;
  end
  always @* if (PRE && f_past_valid && lim_we_i) assume (lim_data_i == f_pre_q && f_pre_rst_q);
  always @* begin
    if (f_rst_seen) begin
      // the credit check of the checked user is exact: used < limit at the start of the cycle
      assert (has_credit_o == (used_q[chk_user_i*16 +: 16] < lim_q[chk_user_i*16 +: 16]));
      // CREDIT_AVAIL (CSR path) and the pipelined check flop agree: AVAIL > 0 <=> a kick passes
      assert ((sel_avail_o != 16'd0) == hc_q[sel_user_i]);
      // the registered CREDIT_SEL user's limit / used count are exact
      assert (sel_limit_o == lim_q[sel_user_i*16 +: 16] && sel_used_o == used_q[sel_user_i*16 +: 16]);
    end
  end
  genvar fu;
  generate
    for (fu = 0; fu < NUM_USERS; fu = fu + 1) begin : g_f_user
      wire [15:0] f_used = used_q[fu*16 +: 16];
      wire [15:0] f_lim  = lim_q[fu*16 +: 16];
      wire        f_tk   = take_i && (take_user_i == UW'(fu)) && hc_q[fu];
      wire        f_rt   = ret_q && (ret_user_q == UW'(fu));
      wire        f_lw   = lim_we_i && (sel_user_i == UW'(fu));
      // f_low: a CSR write set the limit at or below used (so a take in the same cycle or the
      // count itself may exceed the limit); cleared once used <= limit again.
      reg         f_low;
      always @(posedge clk_i) begin
        if (!rst_ni)                            f_low <= 1'b0;
        else if (f_lw && lim_data_i <= f_used)  f_low <= 1'b1;
        else if (f_used <= f_lim)               f_low <= 1'b0;
      end
      always @* begin
        if (f_rst_seen) begin
          // header claim: hc_q[u] == (used_q[u] < lim_q[u]) in every cycle
          assert (hc_q[fu] == (f_used < f_lim));
          // used exceeds the limit only after the limit was lowered to/below used
          if (!f_low) assert (f_used <= f_lim);
        end
      end
      always @(posedge clk_i) begin
        if (f_past_valid && f_rst_seen) begin
          if (!$past(rst_ni)) begin
            assert (f_used == 16'd0);
            assert (f_lim == 16'(RESET_LIMIT));
          end else begin
            // used changes by exactly takes - returns, never wraps (no underflow / overflow)
            assert ({2'b00, f_used} == {2'b00, $past(f_used)} + 18'($past(f_tk)) - 18'($past(f_rt)));
            // the limit changes only by a CSR write to this user
            assert (f_lim == ($past(f_lw) ? $past(lim_data_i) : $past(f_lim)));
          end
        end
      end
    end
  endgenerate
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && rst_ni && $past(rst_ni)) begin
      // a take used the last credit of its user
      cover ($past(take_i && has_credit_o) && chk_user_i == $past(take_user_i) && !has_credit_o && sel_used_o != 16'd0);
      // a return gives credit back to an exhausted user
      cover ($past(ret_q && !lim_we_i && !has_credit_o && chk_user_i == ret_user_q) &&
             chk_user_i == $past(chk_user_i) && has_credit_o);
      // a limit written (and read back)
      cover ($past(lim_we_i) && sel_user_i == $past(sel_user_i) && sel_limit_o == $past(lim_data_i) &&
             sel_limit_o != 16'(RESET_LIMIT));
      // limit lowered below used: AVAIL reads 0
      cover (sel_used_o > sel_limit_o && sel_limit_o != 16'd0 && sel_avail_o == 16'd0);
      // take and return of the same user in one cycle (cancel)
      cover (take_i && has_credit_o && ret_q && take_user_i == ret_user_q);
    end
  end
`endif
endmodule
`default_nettype wire
