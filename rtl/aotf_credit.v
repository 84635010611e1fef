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
endmodule
`default_nettype wire
