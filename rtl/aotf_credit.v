`default_nettype none
// aotf_credit: per-user transaction-FIFO credits.
// used[u] counts the kicks of user u that are queued or being sent: +1 when a kick enters the
// transaction FIFO (take), -1 when the last beat of its packet is accepted on m_axis (ret).
// A kick of user u is accepted only if used[u] < limit[u]. Available = limit - used (0 if the
// limit was lowered below used). Limits are written through the CSR block.
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
  reg [15:0] cu, cl, su, sl;
  integer u;

  always @* begin
    for (u = 0; u < NUM_USERS; u = u + 1) begin
      used_d[u*16 +: 16] = used_q[u*16 +: 16] + {15'd0, take_i && (take_user_i == UW'(u))}
                                              - {15'd0, ret_i && (ret_user_i == UW'(u))};
      lim_d[u*16 +: 16]  = (lim_we_i && sel_user_i == UW'(u)) ? lim_data_i : lim_q[u*16 +: 16];
    end
    used_flat_o  = used_q;
    cu = used_q[chk_user_i*16 +: 16];
    cl = lim_q[chk_user_i*16 +: 16];
    su = used_q[sel_user_i*16 +: 16];
    sl = lim_q[sel_user_i*16 +: 16];
    has_credit_o = cu < cl;
    sel_limit_o  = sl;
    sel_used_o   = su;
    sel_avail_o  = (sl > su) ? sl - su : 16'd0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      used_q <= '0;
      lim_q  <= {NUM_USERS{16'(RESET_LIMIT)}};
    end else begin
      used_q <= used_d;
      lim_q  <= lim_d;
    end
  end
endmodule
`default_nettype wire
