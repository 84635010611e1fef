`default_nettype none
// nic_fifo: first-word-fall-through FIFO on block RAM (nic_ram_1r1w) with a one-entry
// output stage and an empty bypass.
//  - A write into an empty FIFO is visible on m_valid_o the next cycle (bypass register).
//  - Otherwise entries go through the RAM; the RAM's read register is the output stage, so a
//    steady stream moves one entry per cycle with no bubble.
//  - Capacity DEPTH + 1 (RAM + output stage); s_ready_o = RAM not full.
//  - count_o = entries held (RAM + output stage).
//  - m_data_o is don't-care while m_valid_o is 0.
// The RAM is never read at the address written in the same cycle (a read needs a RAM entry
// written in an earlier cycle; a write needs a free slot), so the primitive's undefined
// collision behaviour is never used.
// WR_ON_PUSH = 1 (timing option): the RAM write enable is the push alone, not "push and not
// bypassed", so it does not depend on m_ready_i (the pop). A bypassed entry is then also
// written into the RAM slot at wr_ptr, which is free (the RAM is empty when bypassing) and is
// written again before it is ever read: behaviour and outputs are identical (the write pointer
// and the count still move only for non-bypassed entries); the C model needs no change.
module nic_fifo #(
  parameter int DEPTH = 16,
  parameter int WIDTH = 8,
  parameter bit WR_ON_PUSH = 1'b0,
  localparam int AW = $clog2(DEPTH),
  localparam int CW = $clog2(DEPTH) + 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             s_valid_i,
  output wire             s_ready_o,
  input  wire [WIDTH-1:0] s_data_i,
  output wire             m_valid_o,
  input  wire             m_ready_i,
  output wire [WIDTH-1:0] m_data_o,
  output wire [CW-1:0]    count_o
);
`ifndef __ICARUS__
  generate
    if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0 || WIDTH < 1) begin : g_param_err
      $error("nic_fifo: DEPTH must be a power of two >= 2, WIDTH >= 1");
    end
  endgenerate
`endif

  reg  [AW-1:0]    wr_ptr_q, wr_ptr_d;
  reg  [AW-1:0]    rd_ptr_q, rd_ptr_d;
  reg  [CW-1:0]    ram_cnt_q, ram_cnt_d;
  reg              out_valid_q, out_valid_d;
  reg              byp_sel_q, byp_sel_d;
  reg  [WIDTH-1:0] byp_q, byp_d;
  wire [WIDTH-1:0] ram_rd_data;

  reg pop, out_free, push, load_ram, bypass, ram_wr, cnt_inc, cnt_dec;
  reg [CW-1:0] cnt_p1, cnt_m1;

  always @* begin
    pop      = out_valid_q && m_ready_i;
    out_free = !out_valid_q || pop;
    push     = s_valid_i && (ram_cnt_q != CW'(DEPTH));
    load_ram = out_free && (ram_cnt_q != '0);
    bypass   = out_free && (ram_cnt_q == '0) && push;
    ram_wr   = push && !bypass;

    wr_ptr_d    = ram_wr   ? wr_ptr_q + 1'b1 : wr_ptr_q;
    rd_ptr_d    = load_ram ? rd_ptr_q + 1'b1 : rd_ptr_q;
    // timing: +1 / -1 from the flops; the (late) write / load strobes only select, as AND-OR
    // terms (Yosys merges adders that feed a mux back into one adder of the muxed operand)
    cnt_p1      = ram_cnt_q + 1'b1;
    cnt_m1      = ram_cnt_q - 1'b1;
    cnt_inc     = ram_wr && !load_ram;
    cnt_dec     = load_ram && !ram_wr;
    ram_cnt_d   = ({CW{cnt_inc}} & cnt_p1) | ({CW{cnt_dec}} & cnt_m1) |
                  ({CW{!(cnt_inc || cnt_dec)}} & ram_cnt_q);
    out_valid_d = load_ram || bypass || (out_valid_q && !pop);
    byp_sel_d   = bypass ? 1'b1 : (load_ram ? 1'b0 : byp_sel_q);
    byp_d       = bypass ? s_data_i : byp_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      ram_cnt_q   <= '0;
      out_valid_q <= 1'b0;
      byp_sel_q   <= 1'b0;
    end else begin
      wr_ptr_q    <= wr_ptr_d;
      rd_ptr_q    <= rd_ptr_d;
      ram_cnt_q   <= ram_cnt_d;
      out_valid_q <= out_valid_d;
      byp_sel_q   <= byp_sel_d;
    end
  end

  // data register: no reset (don't-care while the output stage is empty)
  always @(posedge clk_i) byp_q <= byp_d;

  nic_ram_1r1w #(.DEPTH(DEPTH), .WIDTH(WIDTH), .NBE(1)) u_ram (
    .clk_i    (clk_i),
    .wr_en_i  (WR_ON_PUSH ? push : ram_wr),
    .wr_addr_i(wr_ptr_q),
    .wr_data_i(s_data_i),
    .wr_be_i  (1'b1),
    .rd_en_i  (load_ram),
    .rd_addr_i(rd_ptr_q),
    .rd_data_o(ram_rd_data)
  );

  assign s_ready_o = (ram_cnt_q != CW'(DEPTH));
  assign m_valid_o = out_valid_q;
  assign m_data_o  = byp_sel_q ? byp_q : ram_rd_data;
  assign count_o   = ram_cnt_q + CW'(out_valid_q);

`ifdef FORMAL
  // Invariants hold once a reset edge has been seen; a held output must not change.
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  wire [AW-1:0] f_wr_expect = rd_ptr_q + ram_cnt_q[AW-1:0];
  always @* begin
    if (f_rst_seen) begin
      assert (ram_cnt_q <= CW'(DEPTH));
      assert (wr_ptr_q == f_wr_expect);
      assert (count_o <= CW'(DEPTH + 1));
    end
  end
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni && $past(out_valid_q && !m_ready_i)) begin
      assert (out_valid_q);
      assert (m_data_o == $past(m_data_o));
    end
    cover (f_rst_seen && rst_ni && ram_cnt_q == CW'(DEPTH) && out_valid_q);
    cover (f_rst_seen && rst_ni && $past(bypass) && m_valid_o);
  end
`endif
endmodule
`default_nettype wire
