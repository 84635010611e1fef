// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_fifo: first-word-fall-through FIFO on block RAM (nic_ram_1r1w) with a one-entry
// output stage and an empty bypass.
//  - A write into an empty FIFO is visible on m_valid_o the next cycle (bypass register).
//  - Otherwise entries go through the RAM; the RAM's read register is the output stage, so a
//    steady stream moves one entry per cycle with no bubble.
//  - Capacity DEPTH + 1 (RAM + output stage); s_ready_o = RAM not full.
//  - count_o = entries held (RAM + output stage); ram_empty_o = no entry in the RAM.
//  - m_data_o is don't-care while m_valid_o is 0.
//  - The two sources of m_data_o, for a consumer that registers the head itself (timing:
//    aotf_send takes the RAM read data into a register with no logic in front, which the ECP5
//    flow folds into the block RAM's output register): m_data_o = byp_sel_o ? byp_data_o :
//    ram_data_o. ram_data_o is the RAM read data, byp_data_o the bypass register, byp_sel_o a
//    flop; each data output is don't-care while it is not selected or m_valid_o is 0.
// The RAM is never read at the address written in the same cycle (a read needs a RAM entry
// written in an earlier cycle; a write needs a free slot), so the primitive's undefined
// collision behaviour is never used.
// Two timing options (both default 0 = the plain FIFO; at most one may be set; outputs and
// cycles are identical for all settings, so the C model has no parameter for them):
// WR_REG = 1: the RAM write is registered (wq_*) and reaches the RAM one cycle after
// the push, so no logic of the writer sits in front of the RAM write pins. Ports and cycles
// are unchanged: a load of the entry whose write is still in wq_* (the only RAM entry,
// ram_cnt_q == 1) does not read the RAM but takes wq_data_q into the output register (byp_q),
// so the RAM is still never read at an address written in the same cycle.
// WR_ON_PUSH = 1: the RAM write enable is the push alone, not "push and not
// bypassed", so it does not depend on m_ready_i (the pop). A bypassed entry is then also
// written into the RAM slot at wr_ptr, which is free (the RAM is empty when bypassing) and is
// written again before it is ever read: behaviour and outputs are identical (the write pointer
// and the count still move only for non-bypassed entries).
// PUSH_READY = 1 (timing, with either option): the writer asserts s_valid_i only while
// s_ready_o is 1 (its valid already includes s_ready_o), so the push is s_valid_i alone and
// the FIFO full compare is not ANDed behind the (late) s_valid_i. Checked by an assert.
// LOAD_FREE = 1 (timing): the output register loads s_data_i whenever a push would take the
// bypass (RAM empty, output stage free or leaving), push or not, so its 'WIDTH' clock enables
// do not wait for s_valid_i. Without a push the output stage is empty the next cycle, so only
// m_data_o while m_valid_o is 0 differs (don't-care: the plain FIFO keeps the last entry there).
// CNT_REG = 1 (timing): "RAM count is 0" / "is 1" are flops (cz_q / c1_q) instead of compares
// of the count, so the count compare is not in front of the read enable, the bypass load and
// the forward. Ports and cycles are unchanged.
// CNT_LAG = 1 (timing, with CNT_REG): the RAM count register takes no strobe. ram_cnt_q holds
// the count of the previous cycle and two flops its +1 / -1 (ci_q / cd_q); the count is
// rcnt = ram_cnt_q + ci_q - cd_q, from flops only, and the compares against it are made on
// ram_cnt_q by ci_q / cd_q (no adder in front). So the push (aotf_send: store stage -> credit
// check -> kick) ends at three flops (ci_q, cd_q and the CNT_REG flags) instead of a 12-bit
// count select. Ports and cycles are unchanged.
// RD_FREE = 1 (timing): the RAM read does not wait for the pop. The RAM reads the entry at
// rd_ptr_q whenever the RAM holds one that is not in wq_* (flop terms only; rd_ptr_q still moves
// only on a load), so the pop drives no block RAM read enable. The RAM read register then holds
// a loaded entry for one cycle only (fresh_q); hold_q takes it in that cycle and is the RAM-side
// head after it: m_data_o = byp_sel_o ? byp_data_o : (fresh_q ? ram_data_o : hold_data_o), and
// hold_data_o is the RAM-side head of the previous cycle (a consumer that registers the head,
// aotf_send, uses hold_q as that register). Ports and cycles are unchanged; ram_data_o is no
// longer the RAM-side head after its first cycle. hold_data_o is 0 without RD_FREE.
// Timing (all settings): the late strobes (s_valid_i, m_ready_i) enter the control terms last;
// the compares of the RAM count are taken from the flops (CNT_REG: are flops), and the output register loads
// (CE) one of two sources selected by a flop compare (RAM empty: the pushed entry, else the
// write register), so no data mux sits behind the strobes.
module nic_fifo #(
  parameter int DEPTH = 16,
  parameter int WIDTH = 8,
  parameter bit WR_REG = 1'b0,
  parameter bit WR_ON_PUSH = 1'b0,
  parameter bit PUSH_READY = 1'b0,
  parameter bit LOAD_FREE = 1'b0,
  parameter bit RD_FREE = 1'b0,
  parameter bit CNT_REG = 1'b0,
  parameter bit CNT_LAG = 1'b0,
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
  output wire [CW-1:0]    count_o,
  output wire             ram_empty_o,  // no entry in the RAM (count_o == m_valid_o), flop (compare)
  output wire [WIDTH-1:0] ram_data_o,   // the sources of m_data_o (see the header)
  output wire [WIDTH-1:0] byp_data_o,
  output wire             byp_sel_o,
  output wire [WIDTH-1:0] hold_data_o   // RD_FREE: the held RAM-side head (see the header)
);
`ifndef __ICARUS__
  generate
    if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0 || WIDTH < 1) begin : g_param_err
      $error("nic_fifo: DEPTH must be a power of two >= 2, WIDTH >= 1");
    end
    if (WR_REG && WR_ON_PUSH) begin : g_opt_err
      $error("nic_fifo: WR_REG and WR_ON_PUSH are not both set");
    end
    if (CNT_LAG && !CNT_REG) begin : g_lag_err
      $error("nic_fifo: CNT_LAG needs CNT_REG");
    end
  endgenerate
`endif

  reg  [AW-1:0]    wr_ptr_q, wr_ptr_d;
  reg  [AW-1:0]    rd_ptr_q, rd_ptr_d;
  reg  [CW-1:0]    ram_cnt_q, ram_cnt_d;
  // the RAM count: ram_cnt_q, or with CNT_LAG ram_cnt_q + ci_q - cd_q (see the header)
  reg  [CW-1:0]    rcnt;
  reg              ci_q, cd_q;
  reg              eq2, eqf;   // rcnt == 2, rcnt == DEPTH - 1
  reg              out_valid_q, out_valid_d;
  reg              byp_sel_q, byp_sel_d;
  // full_q: registered copy of (rcnt == DEPTH) (timing: s_ready_o is a flop; asserted)
  reg              full_q, full_d;
  // CNT_REG: cz_q / c1_q, registered copies of (rcnt == 0) / (rcnt == 1), updated
  // like full_q, replace the compares (timing: the count compares stay out of the load /
  // read-enable terms; asserted). Without CNT_REG they are unused (removed by synthesis).
  reg              cz_q, cz_d, c1_q, c1_d;
  reg  [WIDTH-1:0] byp_q, byp_d;
  wire [WIDTH-1:0] ram_rd_data;

  reg pop, out_free, push, load_ram, bypass, ram_wr, cnt_inc, cnt_dec, load_fwd, ram_rd;
  reg cnt_z, cnt_one, byp_ld, fwd_ok;
  // RD_FREE: fresh_q = the RAM read register holds the entry loaded last cycle; hold_q = the
  // RAM-side head once the read register has moved on
  reg              fresh_q, fresh_d;
  reg  [WIDTH-1:0] hold_q;
  reg              ram_rd_en;
  reg [WIDTH-1:0] byp_src;
  // registered RAM write (WR_REG = 1)
  reg              wq_v_q, wq_v_d;
  reg  [AW-1:0]    wq_addr_q;
  reg  [WIDTH-1:0] wq_data_q;
  reg [CW-1:0] cnt_p1, cnt_m1;

  // rcnt == k, from the flops: with CNT_LAG a compare of ram_cnt_q picked by ci_q / cd_q
  function automatic logic cnt_eq(input logic [CW-1:0] q, input logic i, input logic d,
                                  input int k);
    if (!CNT_LAG) cnt_eq = (q == CW'(k));
    else          cnt_eq = i ? (q == CW'(k - 1)) : d ? (q == CW'(k + 1)) : (q == CW'(k));
  endfunction

  always @* begin
    // from the flops
    if (CNT_LAG)
      rcnt = ci_q ? ram_cnt_q + 1'b1 : (cd_q ? ram_cnt_q - 1'b1 : ram_cnt_q);
    else
      rcnt = ram_cnt_q;
    eq2      = cnt_eq(ram_cnt_q, ci_q, cd_q, 2);
    eqf      = cnt_eq(ram_cnt_q, ci_q, cd_q, DEPTH - 1);
    cnt_z    = CNT_REG ? cz_q : (rcnt == '0);
    cnt_one  = CNT_REG ? c1_q : (rcnt == CW'(1));
    fwd_ok   = WR_REG && wq_v_q && cnt_one;   // the only RAM entry is still in wq_*
    // late strobes last
    pop      = out_valid_q && m_ready_i;
    out_free = !out_valid_q || m_ready_i;     // = !out_valid_q || pop
    push     = PUSH_READY ? s_valid_i : (s_valid_i && !full_q);
    load_ram = out_free && !cnt_z;
    bypass   = out_free && cnt_z && push;
    ram_wr   = push && !bypass;
    // WR_REG: the entry to load is still in the write register (see the header)
    load_fwd = out_free && fwd_ok;            // = load_ram && fwd_ok (fwd_ok implies !cnt_z)
    ram_rd   = out_free && !cnt_z && !fwd_ok; // = load_ram && !load_fwd
    // RD_FREE: the RAM reads the next entry whenever there is one that is not in wq_*, pop or
    // not (flop terms only); rd_ptr still moves only on a load
    ram_rd_en = RD_FREE ? (!cnt_z && !fwd_ok) : ram_rd;
    fresh_d   = RD_FREE && ram_rd;
    wq_v_d   = WR_REG && ram_wr;

    wr_ptr_d    = ram_wr   ? wr_ptr_q + 1'b1 : wr_ptr_q;
    rd_ptr_d    = load_ram ? rd_ptr_q + 1'b1 : rd_ptr_q;
    // timing: +1 / -1 from the flops; the (late) write / load strobes only select, as AND-OR
    // terms (Yosys merges adders that feed a mux back into one adder of the muxed operand)
    cnt_p1      = rcnt + 1'b1;
    cnt_m1      = rcnt - 1'b1;
    cnt_inc     = push && !out_free;           // = ram_wr && !load_ram
    cnt_dec     = out_free && !cnt_z && !push; // = load_ram && !ram_wr
    ram_cnt_d   = ({CW{cnt_inc}} & cnt_p1) | ({CW{cnt_dec}} & cnt_m1) |
                  ({CW{!(cnt_inc || cnt_dec)}} & rcnt);
    if (CNT_LAG) ram_cnt_d = rcnt;   // this cycle's count; ci_q / cd_q take the strobes
    // full next cycle: +1 from DEPTH - 1, or full and no -1 (no +1 while full)
    full_d      = (cnt_inc && eqf) || (full_q && !cnt_dec);
    // zero / one next cycle, from the flops (the strobes select): 0 after -1 from 1; 1 after
    // +1 from 0 or -1 from 2 (DEPTH >= 2)
    cz_d        = (cnt_dec && c1_q) || (!cnt_inc && !cnt_dec && cz_q);
    c1_d        = (cnt_inc && cz_q) || (cnt_dec && eq2) || (!cnt_inc && !cnt_dec && c1_q);
    out_valid_d = load_ram || bypass || (out_valid_q && !pop);
    byp_sel_d   = (bypass || load_fwd) ? 1'b1 : (load_ram ? 1'b0 : byp_sel_q);
    // output register: load enable from the strobes, source selected by a flop compare
    // (bypass needs an empty RAM, load_fwd a non-empty one)
    byp_ld      = (LOAD_FREE ? (out_free && cnt_z) : bypass) || load_fwd;
    byp_src     = (WR_REG && !cnt_z) ? wq_data_q : s_data_i;
    byp_d       = byp_ld ? byp_src : byp_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      ram_cnt_q   <= '0;
      ci_q        <= 1'b0;
      cd_q        <= 1'b0;
      out_valid_q <= 1'b0;
      byp_sel_q   <= 1'b0;
      full_q      <= 1'b0;
      cz_q        <= 1'b1;
      c1_q        <= 1'b0;
      wq_v_q      <= 1'b0;
      fresh_q     <= 1'b0;
    end else begin
      wr_ptr_q    <= wr_ptr_d;
      rd_ptr_q    <= rd_ptr_d;
      ram_cnt_q   <= ram_cnt_d;
      ci_q        <= CNT_LAG && cnt_inc;
      cd_q        <= CNT_LAG && cnt_dec;
      out_valid_q <= out_valid_d;
      byp_sel_q   <= byp_sel_d;
      full_q      <= full_d;
      cz_q        <= cz_d;
      c1_q        <= c1_d;
      wq_v_q      <= wq_v_d;
      fresh_q     <= fresh_d;
    end
  end

  // data registers: no reset (don't-care while the output stage is empty / wq_v_q is 0)
  always @(posedge clk_i) begin
    byp_q     <= byp_d;
    wq_addr_q <= wr_ptr_q;
    wq_data_q <= s_data_i;
    if (fresh_q) hold_q <= ram_rd_data;
  end

  wire             ram_we    = WR_REG ? wq_v_q    : (WR_ON_PUSH ? push : ram_wr);
  wire [AW-1:0]    ram_waddr = WR_REG ? wq_addr_q : wr_ptr_q;
  wire [WIDTH-1:0] ram_wdata = WR_REG ? wq_data_q : s_data_i;

  nic_ram_1r1w #(.DEPTH(DEPTH), .WIDTH(WIDTH), .NBE(1)) u_ram (
    .clk_i    (clk_i),
    .wr_en_i  (ram_we),
    .wr_addr_i(ram_waddr),
    .wr_data_i(ram_wdata),
    .wr_be_i  (1'b1),
    .rd_en_i  (ram_rd_en),
    .rd_addr_i(rd_ptr_q),
    .rd_data_o(ram_rd_data)
  );

  assign s_ready_o = !full_q;
  assign m_valid_o = out_valid_q;
  wire [WIDTH-1:0] ram_side = (RD_FREE && !fresh_q) ? hold_q : ram_rd_data;
  assign m_data_o  = byp_sel_q ? byp_q : ram_side;
  // 0 without RD_FREE (hold_q is then never loaded; an undriven output would make Yosys treat
  // it as x, which the OOC wrapper's output chain spreads to the whole netlist)
  assign hold_data_o = RD_FREE ? hold_q : '0;
  assign ram_data_o = ram_rd_data;
  assign byp_data_o = byp_q;
  assign byp_sel_o  = byp_sel_q;
  assign count_o   = rcnt + CW'(out_valid_q);
  assign ram_empty_o = CNT_REG ? cz_q : (rcnt == '0);   // a flop / a flop compare

`ifdef FORMAL
  // NIC_FIFO_NO_COVER (formal/blocks.txt): the FIFO's covers are left out where it sits in a block
  // whose use never fills it; the nic_fifo rows reach them
  // Invariants hold once a reset edge has been seen; a held output must not change.
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  wire [AW-1:0] f_wr_expect = rd_ptr_q + rcnt[AW-1:0];
  always @* begin
    if (f_rst_seen) begin
      assert (rcnt <= CW'(DEPTH));
      assert (full_q == (rcnt == CW'(DEPTH)));   // registered copy
      assert (cz_q == (rcnt == '0));              // registered copies
      assert (c1_q == (rcnt == CW'(1)));
      assert (eq2 == (rcnt == CW'(2)));
      assert (eqf == (rcnt == CW'(DEPTH - 1)));
      if (!CNT_LAG) assert (!ci_q && !cd_q);
      assert (!(ci_q && cd_q));
      assert (wr_ptr_q == f_wr_expect);
      assert (count_o <= CW'(DEPTH + 1));
      assert (ram_empty_o == (count_o == CW'(out_valid_q)));
      // the registered write (WR_REG) holds the newest RAM entry, so a load reads it from the
      // RAM only if it is not the entry in wq_*; for every option (RD_FREE's reads without a
      // load included) the RAM is never read at the address written in the same cycle
      if (wq_v_q) assert (WR_REG && rcnt != '0 && wq_addr_q == wr_ptr_q - 1'b1);
      if (ram_rd_en && ram_we) assert (rd_ptr_q != ram_waddr);
      // a non-empty RAM always has the output stage filled (the control terms use it)
      if (rcnt != '0) assert (out_valid_q);
      // RD_FREE: the read register holds the entry loaded last cycle while fresh_q
      if (!RD_FREE) assert (!fresh_q);
      if (fresh_q) assert (out_valid_q && !byp_sel_q);
      // PUSH_READY: the writer's valid includes s_ready_o
      if (PUSH_READY && s_valid_i) assert (s_ready_o);
      // the restructured strobes equal their definitions
      assert (cnt_inc == (ram_wr && !load_ram));
      assert (cnt_dec == (load_ram && !ram_wr));
      assert (load_fwd == (WR_REG && load_ram && wq_v_q && rcnt == CW'(1)));
      assert (ram_rd == (load_ram && !load_fwd));
      if (!LOAD_FREE || !(out_free && cnt_z && !push))
        assert (byp_d == (bypass ? s_data_i : (load_fwd ? wq_data_q : byp_q)));
      // LOAD_FREE load without a push: the stage is empty next cycle
      if (LOAD_FREE && out_free && cnt_z && !push) assert (!out_valid_d);
    end
  end
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni && $past(out_valid_q && !m_ready_i)) begin
      assert (out_valid_q);
      assert (m_data_o == $past(m_data_o));
    end
`ifndef NIC_FIFO_NO_COVER
    cover (f_rst_seen && rst_ni && rcnt == CW'(DEPTH) && out_valid_q);
    cover (f_rst_seen && rst_ni && $past(bypass) && m_valid_o);
`endif
  end
  // data integrity (formal tools only, with NIC_FIFO_DATA: formal/blocks.txt): one entry, picked
  // by the solver at its push, must come out with its data after exactly the entries that were
  // ahead of it
`ifdef NIC_FIFO_DATA
  (* anyseq *) wire f_pick;
  reg          f_tv = 1'b0;
  reg [WIDTH-1:0] f_val;
  reg [CW-1:0] f_ahead;
  wire f_push = s_valid_i && s_ready_o;
  wire f_pop  = m_valid_o && m_ready_i;
  always @(posedge clk_i) begin
    if (!rst_ni) f_tv <= 1'b0;
    else if (!f_tv) begin
      if (f_push && f_pick) begin
        f_tv    <= 1'b1;
        f_val   <= s_data_i;
        f_ahead <= count_o - CW'(f_pop);
      end
    end else if (f_pop) begin
      if (f_ahead == '0) f_tv <= 1'b0;
      else f_ahead <= f_ahead - 1'b1;
    end
  end
  always @* if (f_rst_seen && rst_ni && f_tv) begin
    assert (f_ahead < count_o);
    if (f_ahead == '0) assert (m_valid_o && m_data_o == f_val);
  end
  always @(posedge clk_i) cover (f_rst_seen && rst_ni && f_tv && f_ahead == CW'(DEPTH));
`endif
`ifndef NIC_FIFO_NO_COVER
  generate
    if (WR_REG) begin : g_f_wr_reg
      always @(posedge clk_i) cover (f_rst_seen && rst_ni && $past(load_fwd) && m_valid_o);
    end
  endgenerate
`endif
`endif
endmodule
`default_nettype wire
