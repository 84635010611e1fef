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
module aotf_credit #(
  parameter int NUM_USERS = 8,
  parameter int RESET_LIMIT = 256,
  localparam int UW = $clog2(NUM_USERS)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    take_i,
  input  wire [UW-1:0]           take_user_i,
  input  wire                    ret_i,
  input  wire [UW-1:0]           ret_user_i,
  input  wire [UW-1:0]           chk_user_i,
  output reg                     has_credit_o,
  input  wire [UW-1:0]           sel_user_i,
  input  wire                    lim_we_i,
  input  wire [15:0]             lim_data_i,
  output reg  [15:0]             sel_limit_o,
  output reg  [15:0]             sel_used_o,
  output reg  [15:0]             sel_avail_o,
  output reg  [NUM_USERS*16-1:0] used_flat_o
);
  // flat vectors (flops, not a memory): 16 bits per user
  reg [NUM_USERS*16-1:0] used_q, used_d, lim_q, lim_d;
  reg [15:0] su, sl;
  reg [NUM_USERS-1:0] hc_q, hc_d;
  reg        tk, rt, lw;
  integer u;

  always @* begin
    for (u = 0; u < NUM_USERS; u = u + 1) begin
      lim_d[u*16 +: 16]  = (lim_we_i && sel_user_i == UW'(u)) ? lim_data_i : lim_q[u*16 +: 16];
      tk = take_i && (take_user_i == UW'(u));
      rt = ret_i && (ret_user_i == UW'(u));
      // used +1 / -1 computed from the flops; the (late) take only selects
      if (tk && !rt)      used_d[u*16 +: 16] = used_q[u*16 +: 16] + 16'd1;
      else if (rt && !tk) used_d[u*16 +: 16] = used_q[u*16 +: 16] - 16'd1;
      else                used_d[u*16 +: 16] = used_q[u*16 +: 16];
      // against the next limit: the stored one, or the CSR write data when this user's limit
      // is written now. Both sets of compares start at flops / the write data; the late
      // decodes (take, return, limit write) only select.
      lw = lim_we_i && (sel_user_i == UW'(u));
      if (tk && !rt)      hc_d[u] = lw ? ((used_q[u*16 +: 16] + 16'd1) < lim_data_i)
                                       : ((used_q[u*16 +: 16] + 16'd1) < lim_q[u*16 +: 16]);
      else if (rt && !tk) hc_d[u] = lw ? ((used_q[u*16 +: 16] - 16'd1) < lim_data_i)
                                       : ((used_q[u*16 +: 16] - 16'd1) < lim_q[u*16 +: 16]);
      else                hc_d[u] = lw ? (used_q[u*16 +: 16] < lim_data_i)
                                       : (used_q[u*16 +: 16] < lim_q[u*16 +: 16]);
    end
    used_flat_o  = used_q;
    su = used_q[sel_user_i*16 +: 16];
    sl = lim_q[sel_user_i*16 +: 16];
    has_credit_o = hc_q[chk_user_i];
    sel_limit_o  = sl;
    sel_used_o   = su;
    sel_avail_o  = (sl > su) ? sl - su : 16'd0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      used_q <= '0;
      lim_q  <= {NUM_USERS{16'(RESET_LIMIT)}};
      hc_q   <= {NUM_USERS{16'(RESET_LIMIT) != 16'd0}};
    end else begin
      used_q <= used_d;
      lim_q  <= lim_d;
      hc_q   <= hc_d;
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
  // returned (last beat of a packet) only for a kick taken earlier, i.e. for a user with used > 0.
  always @* begin
    if (take_i) assume (chk_user_i == take_user_i && has_credit_o);
    if (ret_i)  assume (used_q[ret_user_i*16 +: 16] != 16'd0);
  end
  always @* begin
    if (f_rst_seen) begin
      // the credit check of the checked user is exact: used < limit at the start of the cycle
      assert (has_credit_o == (used_q[chk_user_i*16 +: 16] < lim_q[chk_user_i*16 +: 16]));
      // CREDIT_AVAIL (CSR path) and the pipelined check flop agree: AVAIL > 0 <=> a kick passes
      assert ((sel_avail_o != 16'd0) == hc_q[sel_user_i]);
    end
  end
  genvar fu;
  generate
    for (fu = 0; fu < NUM_USERS; fu = fu + 1) begin : g_f_user
      wire [15:0] f_used = used_q[fu*16 +: 16];
      wire [15:0] f_lim  = lim_q[fu*16 +: 16];
      wire        f_tk   = take_i && (take_user_i == UW'(fu));
      wire        f_rt   = ret_i && (ret_user_i == UW'(fu));
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
      cover ($past(take_i) && chk_user_i == $past(take_user_i) && !has_credit_o && sel_used_o != 16'd0);
      // a return gives credit back to an exhausted user
      cover ($past(ret_i && !lim_we_i && !has_credit_o && chk_user_i == ret_user_i) &&
             chk_user_i == $past(chk_user_i) && has_credit_o);
      // a limit written (and read back)
      cover ($past(lim_we_i) && sel_user_i == $past(sel_user_i) && sel_limit_o == $past(lim_data_i) &&
             sel_limit_o != 16'(RESET_LIMIT));
      // limit lowered below used: AVAIL reads 0
      cover (sel_used_o > sel_limit_o && sel_limit_o != 16'd0 && sel_avail_o == 16'd0);
      // take and return of the same user in one cycle (cancel)
      cover (take_i && ret_i && take_user_i == ret_user_i);
    end
  end
`endif
endmodule
`default_nettype wire
