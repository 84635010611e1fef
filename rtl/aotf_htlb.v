// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_htlb: header TLB (4-way set associative, SETS sets, 8-bit tag + valid per way) with
// its init sweep and the lookup of the transaction FIFO head.
// Tag RAM: SETS x 88, four 22-bit lanes {fmt[12:0], valid, tag[7:0]}, lane = way (fmt: the
// header format of the entry, see aotf_pktgen), kept in two identical
// copies (nic_ram_1r1w each, the same writes): copy B is read only by the lookup of a head that
// sits in the transaction FIFO's RAM-side hold register (hold_sel_i), at hold_set_i, the page
// FIFO's RAM output register, with no logic between the two block RAMs; copy A serves every
// other read (CSR view read, a head that took the FIFO bypass, the early read). Timing: a
// single copy behind a 4:1 address mux (page FIFO RAM -> mux -> tag RAM, two long routes) was
// a node placement's worst path. The lookup's read data is the copy read (rb2_q); the CSR view
// data is copy A's.
// The head (head_valid_i/head_page_i) is the registered copy of the FIFO head kept by aotf_send
// (no RAM read data in front of this block). Lookup FSM (head-of-line; popped only on a hit):
//   IDLE: no sweep, no CSR tag access, no write in the write stage, next packet slot free, and
//         either
//         - head valid: read the head's set, or
//         - early_v_i (a store is taken into aotf_send's empty store stage with the FIFO and
//           the head empty: if the stage kicks it next cycle, it becomes the head the cycle
//           after): read early_set_i, its set, so that the lookup does not wait for it;
//         -> TAG
//   TAG:  tag RAM read data -> tq_q (a register with no logic in front: block RAM clock-to-out
//         plus the route leave no time for a LUT); any tag RAM write this cycle -> IDLE (retry),
//         else -> LOOK if the head is valid (a head read) or early_ok_i (the early read's store
//         is kicked into the empty FIFO this cycle: the head next cycle), else -> IDLE (the
//         store was refused: nothing to look up)
//   LOOK: tq_q -> per way {valid, tag[3:0] equal, tag[7:4] equal} registered (the compare is
//         split over LOOK and DEC); any tag RAM write this cycle (CSR or sweep) -> IDLE (retry),
//         else -> DEC
//   DEC:  hit (lowest matching way) -> pop the head, load the packet generator, -> IDLE, also
//         with a tag RAM write this cycle (the write takes effect after the lookup, so the
//         pop depends on flops only); else any tag RAM write this cycle -> IDLE
//         (retry); else miss -> miss_o pulse (victim_o valid), -> MISS
//   MISS: any tag RAM write (CSR write, sweep) -> IDLE (retry the lookup)
//   WALK: (walk_en_i in DEC and no miss reported to software since the last hit (rep_q): the
//         miss starts the refill walker, walk_start_o, instead of miss_o; once a miss was
//         reported, software owns the refill, and the retries its tag writes cause do not walk)
//         walk_done_i with walk_hit_i -> IDLE (retry: the walker refilled the victim way);
//         walk_done_i without -> miss_o pulse (victim_o = the way suggested in DEC), -> MISS,
//         or -> IDLE (retry, no miss_o) if a CSR tag write or a sweep write happened since DEC
//         (wd_q; this cycle's included): the victim is then stale, the retry suggests a fresh
//         one; flush -> IDLE (the walker aborts)
// Tag RAM write port: CSR write, else the sweep, else the walker (wk_tag_wr_i only when
// wk_port_free_o: no CSR tag access and no sweep). That request is registered whole (write
// stage wq_*: set, lane data, lane enables) and written into both copies from those flops in a
// later cycle (timing: the CSR write decode and the walker's port arbitration end in flops, not
// in the write enables and address of the block RAMs): the cycle after the request, or, when a
// CSR view read takes the port in that cycle (no request can come then), the first cycle
// without one. Freshness: the lookup does not issue while the stage holds a write (its read
// waits one cycle), so every lookup read sees all writes requested before it, and the FSM's
// retry rules (tag_write: this cycle's request) stay as they are; a CSR view read never shares
// a cycle with the RAM write, and the CSR block takes the lanes the stage holds for the viewed
// set from wq_*_o (tag forward).
// The tag RAM read in IDLE also happens when the FSM does not leave IDLE (no head and no early
// kick: a don't-care read at the kick's set; it never collides with a write).
// Victim: lowest invalid way of the set, else the round-robin pointer (advanced on such a miss).
// Init sweep: after reset and on flush, writes 0 to every set (SETS cycles; a CSR tag access
// pauses it for that cycle: a CSR write takes the write port, a CSR view read (HTLB_IDX write,
// set csr_rd_set_i) blocks the sweep write so that the read never collides). CSR tag accesses
// take the RAM port: the lookup does not issue. sweep_wr_o: the sweep writes set init_ptr_o
// this cycle (the CSR block keeps its view of the tag RAM coherent with it).
module aotf_htlb #(
  parameter int SETS = 256,
  localparam int SW = $clog2(SETS)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // transaction FIFO head
  input  wire          head_valid_i,
  /* verilator lint_off UNUSEDSIGNAL */  // set bits above SW are 0 when SETS < 256 (kick decode)
  input  wire [15:0]   head_page_i,   // {tag[7:0], set}: the tag for the compare
  /* verilator lint_on UNUSEDSIGNAL */
  // the head's set for the tag RAM read address, by where the head sits (equal to head_page_i's
  // set whenever head_valid_i: asserted in aotf_send)
  input  wire          hold_sel_i,    // the head is the FIFO's RAM-side hold register
  input  wire [SW-1:0] hold_set_i,    // its set (page FIFO RAM output register)
  input  wire [SW-1:0] byp_set_i,     // the set of a head that took the FIFO bypass (!hold_sel_i)
  input  wire          next_free_i,   // the packet generator can take a packet
  input  wire          early_v_i,     // a store enters the empty store stage (FIFO, head empty)
  input  wire [SW-1:0] early_set_i,   // its set
  input  wire          early_ok_i,    // TAG after an early read: that store is kicked now
  output reg           pop_o,         // hit: head consumed, packet loaded
  output reg  [1:0]    hit_way_o,
  output reg  [12:0]   hit_fmt_o,     // header format of the hit way (with pop_o)
  output reg           miss_o,        // pulse: lookup missed this cycle
  output reg  [1:0]    victim_o,      // valid with miss_o
  output wire          init_busy_o,
  output reg           init_busy_d_o, // init_busy_o of the next cycle (reset: 1 follows)
  output wire [2:0]    state_o,
  output wire [SW-1:0] init_ptr_o,
  output wire [1:0]    rr_o,
  // CSR access (index from the CSR block)
  input  wire          csr_tag_wr_i,
  input  wire          csr_tag_rd_i,   // view read (HTLB_IDX write) of set csr_rd_set_i
  input  wire [SW-1:0] csr_rd_set_i,
  input  wire [SW-1:0] csr_set_i,      // write: set of HTLB_IDX
  input  wire [1:0]    csr_way_i,
  input  wire [7:0]    csr_tag_i,
  input  wire          csr_valid_i,
  input  wire [12:0]   csr_fmt_i,
  input  wire          flush_i,
  output wire [87:0]   tag_rd_o,      // RAM read data, registered (tq_q; view read: two cycles after)
  output wire          sweep_wr_o,
  // the write stage (a write requested in an earlier cycle, not yet in the RAM): the CSR view's
  // forward
  output wire          wq_v_o,
  output wire [SW-1:0] wq_set_o,
  output wire [3:0]    wq_be_o,
  output wire [21:0]   wq_lane_o,
  // refill walker
  input  wire          walk_en_i,     // CTRL.WALK_EN
  output reg           walk_start_o,  // DEC missed with walk_en_i: start the walker
  input  wire          walk_done_i,
  input  wire          walk_hit_i,
  output wire          wk_port_free_o, // the walker may write the tag RAM this cycle
  input  wire          wk_tag_wr_i,
  input  wire [SW-1:0] wk_set_i,
  input  wire [1:0]    wk_way_i,
  input  wire [7:0]    wk_tag_i,
  input  wire [12:0]   wk_fmt_i
);
  localparam int LW = 22;   // tag RAM lane: {fmt[12:0], valid, tag[7:0]}
  localparam logic [2:0] S_IDLE = 3'd0, S_LOOK = 3'd1, S_MISS = 3'd2, S_DEC = 3'd3, S_TAG = 3'd4,
                         S_WALK = 3'd5;

`ifndef __ICARUS__
  generate
    if (SETS < 2 || (SETS & (SETS - 1)) != 0 || SW > 8) begin : g_param_err
      $error("aotf_htlb: SETS must be a power of two, 2..256");
    end
  endgenerate
`endif

  reg [2:0]    state_q, state_d;
  reg          busy_q, busy_d;
  reg [SW-1:0] ptr_q, ptr_d;
  reg [1:0]    rr_q, rr_d;

  reg          wr_en, rd_en, rd_b;
  reg [SW-1:0] wr_addr, rd_addr;
  reg [LW-1:0] wr_lane;      // the request's lane data (every written lane the same)
  reg [3:0]    wr_be;
  // write stage (see the header); wq_be_q: don't-care unless wq_v_q
  reg          wq_v_q, wq_v_d, ram_we;
  reg [SW-1:0] wq_addr_q, wq_addr_d;
  reg [LW-1:0] wq_lane_q, wq_lane_d;
  reg [3:0]    wq_be_q, wq_be_d;
  wire [4*LW-1:0] rd_data, rd_data_b;
  // tag RAM read data, registered (TAG -> LOOK), per copy: no logic in front, so each folds into
  // its block RAM's output register
  reg  [4*LW-1:0] tq_q, tqb_q;
  reg          rb_q, rb2_q;  // the read one / two cycles ago was copy B's (no reset: LOOK only)
  reg  [4*LW-1:0] tq;         // the lookup's read data (LOOK)

  reg          csr_acc, tag_write, issue, rd_idle;
  reg [3:0]    hitv, validv;
  reg [1:0]    victim_c, wv_q;   // victim of DEC; held for a walk's fallback
  reg          wd_q, wd_d;       // a CSR / sweep tag write happened during the walk
  reg          rep_q, rep_d;     // a miss was reported (miss_o) and no lookup has hit since
  // LOOK -> DEC: the split compare of the four ways
  // (vl: valid && low half equal, so that the DEC hit is a 2-input AND per way; dec_q: the
  // state is DEC, a flop of its own: timing, the pop drives the FIFO pointers)
  reg [3:0]    v_q, v_d, vl_q, vl_d, eqh_q, eqh_d;
  reg [4*13-1:0] fm_q, fm_d;   // the four ways' formats (LOOK -> DEC)
  reg          dec_q;
  reg [7:0]    head_tag;
  integer w;

  always @* begin
    head_tag = head_page_i[15:8];
    csr_acc  = csr_tag_wr_i || csr_tag_rd_i;
    // tag RAM write port: CSR first, else the sweep
    wr_en   = csr_tag_wr_i || (busy_q && !csr_tag_rd_i) || wk_tag_wr_i;
    wr_addr = csr_tag_wr_i ? csr_set_i : busy_q ? ptr_q : wk_set_i;
    wr_lane = csr_tag_wr_i ? {csr_fmt_i, csr_valid_i, csr_tag_i} : busy_q ? '0 : {wk_fmt_i, 1'b1, wk_tag_i};
    wr_be   = csr_tag_wr_i ? (4'b0001 << csr_way_i) : busy_q ? 4'b1111 : (4'b0001 << wk_way_i);
    tag_write = wr_en || flush_i;
    // write stage: the RAM takes the stage's write unless a CSR view read takes the port; the
    // stage then holds it (a view read cycle has no request: one CSR request per cycle, the
    // sweep and the walker wait for the port)
    ram_we    = wq_v_q && !csr_tag_rd_i;
    wq_v_d    = wr_en || (wq_v_q && csr_tag_rd_i);
    wq_addr_d = csr_tag_rd_i ? wq_addr_q : wr_addr;
    wq_lane_d = csr_tag_rd_i ? wq_lane_q : wr_lane;
    wq_be_d   = csr_tag_rd_i ? wq_be_q : wr_be;
    // lookup issue (from registered state and the early kick only; not while the stage holds a
    // write: the read would collide with it or miss it)
    rd_idle = (state_q == S_IDLE) && !busy_q && next_free_i && !csr_acc && !wq_v_q;
    issue   = rd_idle && (head_valid_i || early_v_i);
    // copy B: a head in the hold register; copy A: the rest (a don't-care read when idle)
    rd_b    = rd_idle && head_valid_i && hold_sel_i;
    rd_en   = csr_tag_rd_i || (rd_idle && !(head_valid_i && hold_sel_i));
    rd_addr = csr_tag_rd_i ? csr_rd_set_i : (head_valid_i ? byp_set_i : early_set_i);
    // LOOK: first half of the compare (registered RAM read data -> flops)
    tq = rb2_q ? tqb_q : tq_q;
    for (w = 0; w < 4; w = w + 1) begin
      v_d[w]   = tq[w*LW + 8];
      vl_d[w]  = tq[w*LW + 8] && (tq[w*LW +: 4] == head_tag[3:0]);
      eqh_d[w] = (tq[w*LW + 4 +: 4] == head_tag[7:4]);
      fm_d[w*13 +: 13] = tq[w*LW + 9 +: 13];
    end
    // DEC: second half
    validv = v_q;
    hitv   = vl_q & eqh_q;
    hit_way_o = hitv[0] ? 2'd0 : hitv[1] ? 2'd1 : hitv[2] ? 2'd2 : 2'd3;
    hit_fmt_o = fm_q[13 * hit_way_o +: 13];
    victim_c  = !validv[0] ? 2'd0 : !validv[1] ? 2'd1 : !validv[2] ? 2'd2 : !validv[3] ? 2'd3 : rr_q;
    victim_o  = (state_q == S_WALK) ? wv_q : victim_c;
    miss_o = 1'b0;
    walk_start_o = 1'b0;
    wd_d = (state_q == S_WALK) && (wd_q || (tag_write && !wk_tag_wr_i));
    state_d = state_q;
    rr_d    = rr_q;
    case (state_q)
      S_IDLE: if (issue) state_d = S_TAG;
      S_TAG:  state_d = (tag_write || !(head_valid_i || early_ok_i)) ? S_IDLE : S_LOOK;
      S_LOOK: state_d = tag_write ? S_IDLE : S_DEC;
      S_DEC: begin
        // a hit pops whatever the tag RAM does this cycle (such a write takes effect after the
        // lookup, as one a cycle later would; timing: the pop, which drives the FIFO pointers
        // and the generator load, depends on flops only); a miss retries on a write
        if (hitv != 4'd0 || tag_write) state_d = S_IDLE;
        else begin
          if (walk_en_i && !rep_q) begin
            walk_start_o = 1'b1;
            state_d      = S_WALK;
          end else begin
            miss_o  = 1'b1;
            state_d = S_MISS;
          end
          if (validv == 4'b1111) rr_d = rr_q + 2'd1;
        end
      end
      S_MISS: if (tag_write) state_d = S_IDLE;
      S_WALK: begin
        if (flush_i) state_d = S_IDLE;
        else if (walk_done_i) begin
          if (walk_hit_i || wd_d) state_d = S_IDLE;
          else begin
            miss_o  = 1'b1;
            state_d = S_MISS;
          end
        end
      end
      default: state_d = S_IDLE;
    endcase
    pop_o = dec_q && (hitv != 4'd0);   // = S_DEC && hit (dec_q == (state_q == S_DEC))
    rep_d = (rep_q || miss_o) && !pop_o && !flush_i;
    // sweep
    busy_d = busy_q;
    ptr_d  = ptr_q;
    if (busy_q && !csr_acc) begin
      ptr_d = ptr_q + 1'b1;
      if (ptr_q == SW'(SETS - 1)) busy_d = 1'b0;
    end
    if (flush_i) begin
      busy_d = 1'b1;
      ptr_d  = '0;
    end
    init_busy_d_o = busy_d;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      dec_q   <= 1'b0;
      wd_q    <= 1'b0;
      rep_q   <= 1'b0;
      busy_q  <= 1'b1;
      ptr_q   <= '0;
      rr_q    <= 2'd0;
      wq_v_q  <= 1'b0;
    end else begin
      state_q <= state_d;
      dec_q   <= state_d == S_DEC;
      wd_q    <= wd_d;
      rep_q   <= rep_d;
      busy_q  <= busy_d;
      ptr_q   <= ptr_d;
      rr_q    <= rr_d;
      wq_v_q  <= wq_v_d;
    end
  end

  // compare halves: no reset (only used in DEC, always written in LOOK); tq_q / tqb_q, rb_q /
  // rb2_q: no reset (only used in LOOK, always written in IDLE / TAG)
  always @(posedge clk_i) begin
    tq_q  <= rd_data;
    tqb_q <= rd_data_b;
    rb_q  <= rd_b;
    rb2_q <= rb_q;
    v_q   <= v_d;
    vl_q  <= vl_d;
    eqh_q <= eqh_d;
    fm_q  <= fm_d;
    if (state_q == S_DEC) wv_q <= victim_c;
    wq_addr_q <= wq_addr_d;   // stage payload: no reset (used only with wq_v_q)
    wq_lane_q <= wq_lane_d;
    wq_be_q   <= wq_be_d;
  end

  nic_ram_1r1w #(.DEPTH(SETS), .WIDTH(4 * LW), .NBE(4)) u_tag_ram (
    .clk_i    (clk_i),
    .wr_en_i  (ram_we),
    .wr_addr_i(wq_addr_q),
    .wr_data_i({4{wq_lane_q}}),
    .wr_be_i  (wq_be_q),
    .rd_en_i  (rd_en),
    .rd_addr_i(rd_addr),
    .rd_data_o(rd_data)
  );
  nic_ram_1r1w #(.DEPTH(SETS), .WIDTH(4 * LW), .NBE(4)) u_tag_ram_b (
    .clk_i    (clk_i),
    .wr_en_i  (ram_we),
    .wr_addr_i(wq_addr_q),
    .wr_data_i({4{wq_lane_q}}),
    .wr_be_i  (wq_be_q),
    .rd_en_i  (rd_b),
    .rd_addr_i(hold_set_i),
    .rd_data_o(rd_data_b)
  );

  assign init_busy_o = busy_q;
  assign state_o     = state_q;
  assign init_ptr_o  = ptr_q;
  assign rr_o        = rr_q;
  assign tag_rd_o    = tq_q;      // copy A (timing: the RAM read data has one load, tq_q)
  assign sweep_wr_o  = busy_q && !csr_acc;   // = wr_en && !csr_tag_wr_i (no walker write then)
  assign wk_port_free_o = !(csr_tag_wr_i || csr_tag_rd_i) && !busy_q;   // = !csr_acc && !busy_q
  assign wq_v_o    = wq_v_q;
  assign wq_set_o  = wq_addr_q;
  assign wq_be_o   = wq_be_q;
  assign wq_lane_o = wq_lane_q;

`ifdef FORMAL
  // properties hold from the first cycle after a reset on
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @* if (f_rst_seen) assume (!(csr_tag_wr_i && csr_tag_rd_i));  // one CSR request per cycle (strobes may be flops: X before reset)
`ifdef AOTF_HTLB_TOP
  // checked alone (formal/blocks.txt): the walker (aotf_htlb_walk) writes the tag RAM only
  // through a free port and answers only a started walk
  always @* if (f_rst_seen) begin
    if (wk_tag_wr_i) assume (wk_port_free_o && state_q == S_WALK);
    if (walk_done_i) assume (state_q == S_WALK);
  end
`endif
  // (hold_set_i / byp_set_i equal the head's set whenever they are used: asserted in aotf_send,
  // not assumed here: none of these properties depends on it, and the assumptions made z3 stall
  // at step 0)
  reg f_lk_a = 1'b0, f_lk_b = 1'b0;
  always @(posedge clk_i) begin
    f_lk_a <= state_q == S_LOOK && !rb2_q;
    f_lk_b <= state_q == S_LOOK && rb2_q;
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && $past(rst_ni)) begin
      // the tag RAM is never read and written in the same cycle (no collision possible)
      assert (!(rd_en && ram_we));
      assert (!(rd_b && ram_we));
      // no write request in a view read cycle (the stage may hold its write then)
      assert (!(csr_tag_rd_i && wr_en));
      assert (!(rd_en && rd_b));   // one copy per read
      assert (dec_q == (state_q == S_DEC));
      assert (state_q <= S_WALK);
`ifndef AOTF_HTLB_TOP
      // the walker writes only through a free port, and only while the head waits for it
      // (assumed when this block is checked alone)
      if (wk_tag_wr_i) assert (wk_port_free_o && state_q == S_WALK);
`endif
    end
    cover (f_rst_seen && rst_ni && miss_o);
    cover (f_rst_seen && rst_ni && walk_start_o);
    cover (f_rst_seen && rst_ni && state_q == S_WALK && walk_done_i && walk_hit_i);
    cover (f_rst_seen && rst_ni && pop_o);
    // a hit read from each copy (f_lk_b: the last cycle was LOOK with copy B's data)
    cover (f_rst_seen && rst_ni && pop_o && f_lk_a);
    cover (f_rst_seen && rst_ni && pop_o && f_lk_b);
    // the early lookup: confirmed by the kick (-> LOOK with no head yet), and refused (-> IDLE)
    cover (f_rst_seen && rst_ni && state_q == S_TAG && !head_valid_i && early_ok_i && !tag_write);
    cover (f_rst_seen && rst_ni && state_q == S_TAG && !head_valid_i && !early_ok_i && !tag_write);
  end
`endif
endmodule
`default_nettype wire
