// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_pktgen: header seed RAM + packet generator.
// Seed RAM: four nic_ram_1r1w SETS*4 x 64, one per lane = way, address {set, word} (a read
// returns word `word` of all four ways of the set; a write goes to one lane).
// The read data goes into a register with no logic in front (sq_q, 256 bits, loaded every
// cycle; timing: block RAM clock-to-out plus the route to the far RAMs leaves no time for a
// LUT), and the way is selected behind that register.
// Write stage: a seed write request (csr_seed_wr_i: a CSR SEED_HI write or the walker, merged by
// aotf_send) is registered whole (wq_*: address, data, lane enables) and written into the RAM in
// the next cycle (timing: the CSR write decode and the walker's arbitration end in flops, not in
// the write enables, address and data of the block RAMs spread over the die). The RAM write
// cycle is the one that takes the port from the generator. The pending write is an output
// (wq_*_o) for the CSR view's forward: a view read in the RAM write cycle reads the RAM in that
// same cycle, so the view of the entry being written takes the write data from wq_data_o (the
// lanes are RAMs of their own, so a view read of another way of the same address does not
// collide with the write).
// Two packet slots (cur, next): a hit loads cur if cur is free (or finishes this cycle), else
// next; next moves to cur when cur finishes. next's payload registers load the lookup's fields
// in every cycle next is free (timing: their enable is a flop, not the hit). cur issues one beat per cycle, 0..H-1 = seed RAM
// reads (word = beat), H = the data beat (no RAM read; H = header words of the slot's format). An issued beat passes three stages
//   R (the cycle its RAM data is on the RAM output), S (the data in sq_q, the RAM's output
//   register) and P (the data in sqp_q, a plain register: timing, the 16 seed block RAMs lie
//   spread over the die, and the route from the far ones is most of a 150 MHz cycle; sq_q ->
//   sqp_q has no logic, the lane select comes after sqp_q),
// and is then written into a 5-entry output buffer, with
//   beat 0: seed | FLAG_AOTF in flags, beat 1: raddr[11:0] = offset, beat 2: len = length,
//   beat 3: seed, beat 4: data, tkeep = (1 << len) - 1, tlast = 1 (the default format); with a
//   format of its own (FMT_EN): header byte RPOS / the low nibble of RPOS + 1 = offset, byte
//   LPOS = length, FLAG_AOTF, over H = HWORDS + 1 header beats, then the data beat; such a hit
//   drops the early reads (commit needs FMT_EN = 0) and issues from beat 0.
// The field overrides of the beat (mask + values, keep, last) are computed at issue and travel
// with the beat. A beat issues only if the buffer will have room whatever the sink does this
// cycle: occ + R + S + P <= 4 (timing: tready, which comes through the node's loopback mux,
// stays out of the issue decision, the slot hand-over and the payload register enables; the
// fifth entry keeps one beat per cycle with tready held high: the same issue cycles as a
// 4-entry buffer with the pop counted).
// Early beats 0, 1 and 2 (latency): a lookup reads its set's tag RAM word (HTLB TAG state,
// spec0_i), compares (LOOK, spec1_i) and decides (DEC, load_i on a hit); spec_set_i is its set
// from TAG to DEC. In TAG, with no packet slot busy, the seed RAM port free and room for one
// beat (the issue rule), word 0 of the set is read (E0); in LOOK, after E0, word 1 if the port
// is free and there is room for two (E1); in the next cycle, after E1, word 2 with room for
// three (E2). If DEC hits (load_i two cycles after E0), E0 becomes the packet's beat 0 (it
// enters P with the hit way), E1 its beat 1 (in S), E2 its beat 2 (in R), and cur starts at
// the first beat not read early (1, 2 or 3); else they are dropped. The hit's way is not
// known when the reads are made: all four ways come from the RAM and P selects the lane.
// A seed RAM write (the cycle after its request, from the write stage) or a CSR view read (at
// csr_seed_rd_addr_i on a HTLB_IDX write) takes the seed RAM port: RAM beats and the early reads
// do not issue that cycle. So a generator read in the cycle after the RAM write sees the write;
// one in the request cycle reads the entry as it was. The view read data is seed_rd_o = lane
// way of sq_q, two cycles after the read (csr_seed_rd_i).
// The buffer head drives m_axis (AXI-Stream: held until accepted).
// The seed RAM is read in every cycle (read enable 1: the issue logic does not drive its clock
// enables); its data is used only as described above (the C model keeps the enable).
module aotf_pktgen #(
  parameter int SETS = 256,
  parameter int UW = 3,
  localparam int SW = $clog2(SETS),
  localparam int RW = SW + 4
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // from the HTLB lookup
  input  wire          spec0_i,       // the HTLB reads the tag RAM word of a lookup (TAG)
  input  wire          spec1_i,       // the HTLB compares (LOOK): a hit may come next cycle
  input  wire [SW-1:0] spec_set_i,    // the set it looks up (TAG to DEC)
  input  wire          load_i,
  input  wire [SW-1:0] load_set_i,
  input  wire [1:0]    load_way_i,
  input  wire [11:0]   load_off_i,
  input  wire [3:0]    load_len_i,
  input  wire [63:0]   load_data_i,
  input  wire [UW-1:0] load_user_i,
  input  wire [12:0]   load_fmt_i,    // header format of the hit entry {en, words-1, rpos, lpos}
  output wire          next_free_o,
  // CSR access to the seed RAM
  input  wire          csr_seed_wr_i,       // write request (to the write stage; no request in reset)
  input  wire          csr_seed_rd_i,
  input  wire [RW-1:0] csr_seed_addr_i,     // write address {set, way, word}
  input  wire [RW-1:0] csr_seed_rd_addr_i,  // view read address (the HTLB_IDX being written)
  input  wire [63:0]   csr_seed_wdata_i,
  output wire [63:0]   seed_rd_o,           // view read data, 2 cycles after csr_seed_rd_i
  // the write stage: the write into the RAM this cycle (requested last cycle)
  output wire          wq_v_o,
  output wire [RW-1:0] wq_addr_o,
  output wire [63:0]   wq_data_o,
  // stream out
  output wire [63:0]   m_axis_tdata,
  output wire [7:0]    m_axis_tkeep,
  output wire          m_axis_tvalid,
  input  wire          m_axis_tready,
  output wire          m_axis_tlast,
  // credit return: last beat accepted
  output wire          ret_o,
  output wire [UW-1:0] ret_user_o,
  output wire [9:0]    dbg_o          // {cur_v, next_v, beat[2:0], r_v, s_v, occ[2:0]}
);
  localparam int FL = nic_pkg::AOTF_HDR_FLAGS_LSB;
  localparam int RA = nic_pkg::AOTF_HDR_RADDR_LSB;
  localparam int LN = nic_pkg::AOTF_HDR_LEN_LSB;

  // packet slots
  reg          cur_v_q, cur_v_d, next_v_q, next_v_d;
  reg [SW-1:0] cur_set_q, cur_set_d, next_set_q, next_set_d;
  reg [1:0]    cur_way_q, cur_way_d, next_way_q, next_way_d;
  reg [11:0]   cur_off_q, cur_off_d, next_off_q, next_off_d;
  reg [3:0]    cur_len_q, cur_len_d, next_len_q, next_len_d;
  reg [63:0]   cur_data_q, cur_data_d, next_data_q, next_data_d;
  reg [UW-1:0] cur_user_q, cur_user_d, next_user_q, next_user_d;
  reg [12:0]   cur_fmt_q, cur_fmt_d, next_fmt_q, next_fmt_d;
  reg [2:0]    nh_d;      // header words of the packet in cur next cycle
  reg [5:0]    bpos;      // byte position in the header (custom format override)
  reg [2:0]    beat_q, beat_d;
  // timing: the issue decision from flops only (it enables the ~100 slot payload registers):
  // b4_q = (beat_q == 4), spc_q = the buffer has room for one more beat (occ + R + S <= 3)
  reg          b4_q, b4_d, spc_q, spc_d;
  // stage R (issued last cycle: RAM data on the RAM output now); ea_q: E0 was read last cycle,
  // ea2_q: two cycles ago; eb_q: E1 was read last cycle
  reg          r_v_q, r_v_d, ea_q, ea_d, ea2_q, eb_q, eb_d;
  reg [UW-1:0] r_user_q, r_user_d;
  reg [1:0]    r_way_q, r_way_d;
  reg          r_ram_q, r_ram_d;            // the beat takes the seed RAM read data
  reg [63:0]   r_msk_q, r_msk_d;            // bits replaced by a field (1) ...
  reg [63:0]   r_val_q, r_val_d;            // ... with these values (0 outside the mask)
  reg [7:0]    r_keep_q, r_keep_d;
  reg          r_last_q, r_last_d;
  // stage S (RAM data in sq_q)
  reg          s_v_q, s_v_d;
  reg [255:0]  sq_q;
  reg [UW-1:0] s_user_q, s_user_d;
  reg [1:0]    s_way_q, s_way_d;
  reg [63:0]   s_kl_q, s_kl_d;              // RAM bits kept (the beat takes the RAM data, no field)
  reg [63:0]   s_val_q, s_val_d;
  reg [7:0]    s_keep_q, s_keep_d;
  reg          s_last_q, s_last_d;
  // stage P (RAM data in sqp_q)
  reg          p_v_q, p_v_d;
  reg [255:0]  sqp_q;
  reg [UW-1:0] p_user_q, p_user_d;
  reg [1:0]    p_way_q, p_way_d;
  reg [63:0]   p_kl_q, p_kl_d;
  reg [63:0]   p_val_q, p_val_d;
  reg [7:0]    p_keep_q, p_keep_d;
  reg          p_last_q, p_last_d;
  // view read: way of the read, one and two cycles later
  reg [1:0]    vw1_q, vw2_q;
  // output buffer (entry 0 = head)
  localparam int NB = 5;
  reg [2:0]    occ_q, occ_d;
  // entry i: data [64i +: 64], keep [8i +: 8], last [i], user [UW*i +: UW]
  reg [64*NB-1:0] bd_q, bd_d;
  reg [8*NB-1:0]  bk_q, bk_d;
  reg [NB-1:0]    bl_q, bl_d;
  reg [UW*NB-1:0] bu_q, bu_d;

  // write stage (see the header): wq_we_q = lane enables, wq_v_q = any lane
  reg          wq_v_q;
  reg [3:0]    wq_we_q;
  reg [RW-1:0] wq_addr_q;
  reg [63:0]   wq_data_q;

  reg          pop, space, seed_busy, issue, finish, cur_free, ram_beat, early0, early1, early2;
  reg          commit;
  reg [2:0]    lpos;
  reg [SW+1:0] rd_addr;
  wire [255:0] rd_data;
  reg [7:0]    len_keep;
  reg [63:0]   p_lane, w_data;
  integer i;

  always @* begin
    pop       = (occ_q != 3'd0) && m_axis_tready;
    space     = spc_q;   // occ + R + S + P <= 4 (no pop: see the header)
    seed_busy = wq_v_q || csr_seed_rd_i;   // the RAM write of last cycle's request, a view read
    ram_beat  = !b4_q;
    issue     = cur_v_q && space && (!ram_beat || !seed_busy);
    finish    = issue && !ram_beat;
    cur_free  = !cur_v_q || finish;
    // E0 (TAG): no slot busy (so nothing else issues until the lookup's DEC, whose hit loads
    // cur), RAM port free, room for one beat (the issue rule)
    early0    = spec0_i && !cur_v_q && !seed_busy && space;
    // E1 (LOOK, after E0; E0 is in R): room for two beats
    early1    = ea_q && spec1_i && !seed_busy && (occ_q + {2'd0, s_v_q} + {2'd0, p_v_q} <= 3'd3);
    // E2 (the cycle after E1; E0 is in S, E1 in R): room for three beats
    early2    = eb_q && !seed_busy && (occ_q + {2'd0, p_v_q} <= 3'd2);
    // the lookup of the early reads hits (DEC, two cycles after E0)
    // (a hit with a header format of its own (load_fmt_i[12]) drops the early reads: its
    // beats issue from cur from beat 0)
    commit    = ea2_q && load_i && !load_fmt_i[12];

    // RAM read address: a view read, else cur's beat, else the early reads (cur_v_q picks:
    // they only happen while cur is free; word {eb_q, ea_q}: E0 0, E1 (after E0) 1, E2 (after
    // E1) 2)
    if (csr_seed_rd_i)
      rd_addr = {csr_seed_rd_addr_i[RW-1:4], csr_seed_rd_addr_i[1:0]};
    else if (cur_v_q)
      rd_addr = {cur_set_q, beat_q[1:0]};
    else
      rd_addr = {spec_set_i, eb_q, ea_q};

    // slots
    beat_d      = issue ? (finish ? 3'd0 : beat_q + 3'd1) : beat_q;
    cur_v_d     = cur_v_q;   cur_set_d  = cur_set_q;  cur_way_d  = cur_way_q;
    cur_off_d   = cur_off_q; cur_len_d  = cur_len_q;  cur_data_d = cur_data_q;
    cur_user_d  = cur_user_q; cur_fmt_d = cur_fmt_q;
    next_fmt_d  = next_fmt_q;
    next_v_d    = next_v_q;  next_set_d = next_set_q; next_way_d = next_way_q;
    next_off_d  = next_off_q; next_len_d = next_len_q; next_data_d = next_data_q;
    next_user_d = next_user_q;
    // a free cur takes next, else the lookup's fields (valid with a hit; timing: the payload
    // enable is cur_free alone, without the hit)
    if (cur_free) begin
      cur_v_d = next_v_q || load_i;
      if (next_v_q) begin
        cur_set_d = next_set_q; cur_way_d = next_way_q; cur_off_d = next_off_q;
        cur_len_d = next_len_q; cur_data_d = next_data_q; cur_user_d = next_user_q;
        cur_fmt_d = next_fmt_q;
        next_v_d = 1'b0;
      end else begin
        cur_set_d = load_set_i; cur_way_d = load_way_i; cur_off_d = load_off_i;
        cur_len_d = load_len_i; cur_data_d = load_data_i; cur_user_d = load_user_i;
        cur_fmt_d = load_fmt_i;
      end
    end
    if (commit) beat_d = 3'd1 + {2'd0, eb_q} + {2'd0, early2};   // beats 0 (1, 2) were read early
    nh_d = cur_fmt_d[12] ? {1'b0, cur_fmt_d[11:10]} + 3'd1 : 3'd4;
    b4_d = (beat_d == nh_d);
    if (load_i && !cur_free) next_v_d = 1'b1;  // next is free: the lookup only issues while it is
    if (!next_v_q) begin  // next's payload follows the lookup while next is free (see the header)
      next_set_d = load_set_i; next_way_d = load_way_i; next_off_d = load_off_i;
      next_len_d = load_len_i; next_data_d = load_data_i; next_user_d = load_user_i;
      next_fmt_d = load_fmt_i;
    end

    // stage R; the beat's formatting is decided at issue (travels with the beat):
    //   beat 0: seed | FLAG_AOTF, 1: raddr field = offset, 2: len field = length, 3: seed,
    //   4: data beat (no RAM read), tkeep = (1 << len) - 1, tlast = 1
    r_v_d    = issue;
    ea_d     = early0;
    eb_d     = early1;
    r_user_d = cur_user_q;
    r_way_d  = cur_way_q;
    len_keep = 8'd0;
    for (i = 0; i < 8; i = i + 1) if (4'(i) < cur_len_q) len_keep[i] = 1'b1;
    r_ram_d  = ram_beat;
    r_msk_d  = 64'd0;
    r_val_d  = 64'd0;
    r_keep_d = 8'hFF;
    r_last_d = 1'b0;
    if (b4_q) begin   // the data beat
      r_msk_d  = {64{1'b1}};
      r_val_d  = cur_data_q;
    end else if (cur_fmt_q[12]) begin
      // a header format of its own: per byte of this header word, the offset (2 bytes at rpos,
      // bits 11:0), then the length byte at lpos, then FLAG_AOTF in word 0
      for (i = 0; i < 8; i = i + 1) begin
        bpos = {1'b0, beat_q[1:0], 3'(i)};
        if (bpos == {1'b0, cur_fmt_q[9:5]}) begin
          r_msk_d[8*i +: 8] = 8'hFF; r_val_d[8*i +: 8] = cur_off_q[7:0];
        end
        if (bpos == {1'b0, cur_fmt_q[9:5]} + 6'd1) begin
          r_msk_d[8*i +: 8] = 8'h0F; r_val_d[8*i +: 8] = {4'd0, cur_off_q[11:8]};
        end
        if (bpos == {1'b0, cur_fmt_q[4:0]}) begin
          r_msk_d[8*i +: 8] = 8'hFF; r_val_d[8*i +: 8] = {4'd0, cur_len_q};
        end
      end
      if (beat_q == 3'd0) begin r_msk_d[FL] = 1'b1; r_val_d[FL] = 1'b1; end
    end else begin
      case (beat_q)
        3'd0: begin r_msk_d[FL] = 1'b1; r_val_d[FL] = 1'b1; end  // FLAG_AOTF (flags bit 0)
        3'd1: begin r_msk_d[RA +: 12] = 12'hFFF; r_val_d[RA +: 12] = cur_off_q; end
        3'd2: begin r_msk_d[LN +: 8] = 8'hFF; r_val_d[LN +: 8] = {4'd0, cur_len_q}; end
        default: ;
      endcase
    end
    // keep and last of the data beat from b4_q (== (beat_q == 4), a flop) rather than the beat
    // decode (timing: beat_q -> decode -> r_keep_q was a node placement's worst path). With
    // eb_q, b4_q is 0 (no slot is busy, so beat_q is 0: asserted), as the override below wants
    if (b4_q) begin
      r_last_d = 1'b1;
      r_keep_d = len_keep;
    end
    // E2 is the hit packet's beat 2 (no issue this cycle: cur is free). Timing: the payload is
    // taken on eb_q alone; the room check and the hit only set the valid. While eb_q is set
    // nothing issues (asserted), so r_v_d is 1 only with E2 and the hit, and otherwise the
    // payload is unused
    if (commit && early2) r_v_d = 1'b1;
    if (eb_q) begin
      r_user_d = load_user_i;
      r_way_d  = load_way_i;
      r_ram_d  = 1'b1;
      r_msk_d  = 64'd0; r_msk_d[LN +: 8] = 8'hFF;
      r_val_d  = 64'd0; r_val_d[LN +: 8] = {4'd0, load_len_i};
      r_keep_d = 8'hFF;
      r_last_d = 1'b0;
    end
    // (no hold when nothing issues: the payload is used only while its valid is set)

    // stage S: the beat in R, or the committed E1 (beat 1 of the hit packet). Timing: the
    // payload is picked by eb_q alone (R holds E1 then, no issued beat)
    s_v_d    = r_v_q || (commit && eb_q);
    s_user_d = eb_q ? load_user_i : r_user_q;
    s_way_d  = eb_q ? load_way_i : r_way_q;
    s_kl_d   = r_ram_q ? ~r_msk_q : 64'd0;
    s_val_d  = r_val_q;
    s_keep_d = r_keep_q;
    s_last_d = r_last_q;
    if (eb_q) begin
      s_kl_d  = {64{1'b1}}; s_kl_d[RA +: 12] = 12'h000;
      s_val_d = 64'd0; s_val_d[RA +: 12] = load_off_i;
      s_keep_d = 8'hFF;
      s_last_d = 1'b0;
    end

    // stage P: the beat in S, or the committed E0 (beat 0 of the hit packet). Timing: the
    // payload is picked by ea2_q alone (S holds E0 then, no issued beat)
    p_v_d    = s_v_q || commit;
    p_user_d = ea2_q ? load_user_i : s_user_q;
    p_way_d  = ea2_q ? load_way_i : s_way_q;
    p_kl_d   = s_kl_q;
    p_val_d  = s_val_q;
    p_keep_d = s_keep_q;
    p_last_d = s_last_q;
    if (ea2_q) begin
      p_kl_d  = {64{1'b1}}; p_kl_d[FL] = 1'b0;
      p_val_d = 64'd0; p_val_d[FL] = 1'b1;
      p_keep_d = 8'hFF;
      p_last_d = 1'b0;
    end

    // output buffer: the beat in P goes to the first free entry after the pop
    // (p_kl_q: the field mask and the RAM / no-RAM choice in one register, so a data bit is
    // one LUT behind the lane select)
    p_lane = sqp_q[64 * p_way_q +: 64];
    w_data = (p_lane & p_kl_q) | p_val_q;
    occ_d  = occ_q + {2'd0, p_v_q} - {2'd0, pop};
    spc_d  = ({1'b0, occ_d} + {3'd0, r_v_d} + {3'd0, s_v_d} + {3'd0, p_v_d} <= 4'd4);
    lpos   = occ_q - {2'd0, pop};
    // a pop shifts the entries down (the last one keeps its value: it is free after a pop)
    bd_d = pop ? {bd_q[64*(NB-1) +: 64], bd_q[64*NB-1:64]} : bd_q;
    bk_d = pop ? {bk_q[8*(NB-1) +: 8], bk_q[8*NB-1:8]} : bk_q;
    bl_d = pop ? {bl_q[NB-1], bl_q[NB-1:1]} : bl_q;
    bu_d = pop ? {bu_q[UW*(NB-1) +: UW], bu_q[UW*NB-1:UW]} : bu_q;
    for (i = 0; i < NB; i = i + 1)
      if (p_v_q && lpos == 3'(i)) begin
        bd_d[64 * i +: 64] = w_data; bk_d[8 * i +: 8] = p_keep_q;
        bl_d[i] = p_last_q;          bu_d[UW * i +: UW] = p_user_q;
      end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cur_v_q  <= 1'b0;
      next_v_q <= 1'b0;
      beat_q   <= 3'd0;
      b4_q     <= 1'b0;
      spc_q    <= 1'b1;
      r_v_q    <= 1'b0;
      ea_q     <= 1'b0;
      ea2_q    <= 1'b0;
      eb_q     <= 1'b0;
      s_v_q    <= 1'b0;
      p_v_q    <= 1'b0;
      occ_q    <= 3'd0;
      wq_v_q   <= 1'b0;
      wq_we_q  <= 4'd0;
    end else begin
      cur_v_q  <= cur_v_d;
      next_v_q <= next_v_d;
      beat_q   <= beat_d;
      b4_q     <= b4_d;
      spc_q    <= spc_d;
      r_v_q    <= r_v_d;
      ea_q     <= ea_d;
      ea2_q    <= ea_q;
      eb_q     <= eb_d;
      s_v_q    <= s_v_d;
      p_v_q    <= p_v_d;
      occ_q    <= occ_d;
      wq_v_q   <= csr_seed_wr_i;
      wq_we_q  <= {4{csr_seed_wr_i}} & (4'b0001 << csr_seed_addr_i[3:2]);
    end
  end

  // payload registers: no reset (only used while their valid is set)
  always @(posedge clk_i) begin
    cur_set_q  <= cur_set_d;  cur_way_q  <= cur_way_d;  cur_off_q  <= cur_off_d;
    cur_len_q  <= cur_len_d;  cur_data_q <= cur_data_d; cur_user_q <= cur_user_d;
    cur_fmt_q  <= cur_fmt_d;  next_fmt_q <= next_fmt_d;
    next_set_q <= next_set_d; next_way_q <= next_way_d; next_off_q <= next_off_d;
    next_len_q <= next_len_d; next_data_q <= next_data_d; next_user_q <= next_user_d;
    r_user_q   <= r_user_d;   r_way_q    <= r_way_d;    r_ram_q    <= r_ram_d;
    r_msk_q    <= r_msk_d;    r_val_q    <= r_val_d;    r_keep_q   <= r_keep_d;
    r_last_q   <= r_last_d;
    sq_q       <= rd_data;    // no logic in front (see the header)
    s_user_q   <= s_user_d;   s_way_q    <= s_way_d;    s_kl_q     <= s_kl_d;
    s_val_q    <= s_val_d;    s_keep_q   <= s_keep_d;
    s_last_q   <= s_last_d;
    sqp_q      <= sq_q;       // no logic in front (see the header)
    p_user_q   <= p_user_d;   p_way_q    <= p_way_d;    p_kl_q     <= p_kl_d;
    p_val_q    <= p_val_d;    p_keep_q   <= p_keep_d;
    p_last_q   <= p_last_d;
    vw1_q      <= csr_seed_rd_addr_i[3:2];
    vw2_q      <= vw1_q;
    bd_q       <= bd_d;       bk_q       <= bk_d;       bl_q       <= bl_d;
    bu_q       <= bu_d;
    wq_addr_q  <= csr_seed_addr_i;     // used only with wq_v_q / wq_we_q
    wq_data_q  <= csr_seed_wdata_i;
  end

  // the seed RAM, one RAM per lane (way); written from the write stage only (its valid is reset,
  // so no write follows a request made in reset; a write requested before a reset still lands)
  genvar l;
  generate
    for (l = 0; l < 4; l = l + 1) begin : g_lane
      nic_ram_1r1w #(.DEPTH(SETS * 4), .WIDTH(64), .NBE(1)) u_seed_ram (
        .clk_i    (clk_i),
        .wr_en_i  (wq_we_q[l]),
        .wr_addr_i({wq_addr_q[RW-1:4], wq_addr_q[1:0]}),
        .wr_data_i(wq_data_q),
        .wr_be_i  (1'b1),
        .rd_en_i  (1'b1),     // see the header: read in every cycle
        .rd_addr_i(rd_addr),
        .rd_data_o(rd_data[64 * l +: 64])
      );
    end
  endgenerate

  assign next_free_o   = !next_v_q;
  assign seed_rd_o     = sq_q[64 * vw2_q +: 64];
  assign wq_v_o        = wq_v_q;
  assign wq_addr_o     = wq_addr_q;
  assign wq_data_o     = wq_data_q;
  assign m_axis_tvalid = (occ_q != 3'd0);
  assign m_axis_tdata  = bd_q[63:0];
  assign m_axis_tkeep  = bk_q[7:0];
  assign m_axis_tlast  = bl_q[0];
  assign ret_o         = pop && bl_q[0];
  assign ret_user_o    = bu_q[UW-1:0];
  assign dbg_o         = {cur_v_q, next_v_q, beat_q, r_v_q, s_v_q, occ_q};

`ifdef FORMAL
  // properties hold from the first cycle after a reset on
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
`ifdef AOTF_PKTGEN_TOP
  // checked alone (formal/blocks.txt): the HTLB lookup protocol aotf_send gives by construction.
  // A lookup is TAG (spec0_i), then LOOK (spec1_i) or back to IDLE, then DEC (load_i on a hit)
  // or IDLE; the next TAG is at least two cycles after a TAG and never the cycle after LOOK or
  // DEC. The HTLB issues a lookup only while next is free, and only a load fills next, so TAG,
  // LOOK and DEC see next free; the looked-up set holds from TAG to DEC.
  reg f_s0 = 1'b0, f_s1 = 1'b0, f_s1b = 1'b0;
  reg [SW-1:0] f_set;
  always @(posedge clk_i) begin
    f_s0  <= rst_ni && spec0_i;
    f_s1  <= rst_ni && spec1_i;
    f_s1b <= rst_ni && f_s1;
    f_set <= spec_set_i;
  end
  always @* if (f_rst_seen && rst_ni) begin
    if (spec0_i) assume (!next_v_q && !f_s0 && !f_s1 && !f_s1b);
    if (spec1_i) assume (f_s0 && !next_v_q);
    if (load_i) assume (f_s1 && !next_v_q);
    if (f_s0 || f_s1) assume (spec_set_i == f_set);
    assume (!(csr_seed_wr_i && csr_seed_rd_i));   // one CSR request per cycle
  end
`endif
  always @(posedge clk_i) begin
    if (f_rst_seen && $past(rst_ni)) begin
      assert (occ_q <= 3'd5);
      // the write stage writes one lane, and exactly when it holds a write
      assert (wq_v_q == (wq_we_q != 4'd0));
      assert ((wq_we_q & (wq_we_q - 4'd1)) == 4'd0);
      assert (beat_q <= 3'd4);
      assert (b4_q == (beat_q == (cur_fmt_q[12] ? {1'b0, cur_fmt_q[11:10]} + 3'd1 : 3'd4)) || !cur_v_q);
      if (!cur_v_q) assert (!b4_q);
      if (!cur_v_q) assert (beat_q == 3'd0);
      assert (spc_q == ({1'b0, occ_q} + {3'd0, r_v_q} + {3'd0, s_v_q} + {3'd0, p_v_q} <= 4'd4));
      assert (!next_v_q || cur_v_q);
`ifndef AOTF_PKTGEN_TOP
      // a lookup result only comes while next is free (assumed when this block is checked alone)
      if (load_i) assert (!next_v_q);
`endif
      // the buffer never overflows: what is in it and on the way fits
      assert ({1'b0, occ_q} + {3'd0, r_v_q} + {3'd0, s_v_q} + {3'd0, p_v_q} <= 4'd5);
      // the early reads happen only with no slot busy, and the stages they occupy hold no
      // issued beat: E0 in R (ea_q), E1 in R and E0 in S (eb_q), E0 in S (ea2_q)
      if (ea_q) assert (!r_v_q && !cur_v_q && !issue);
      if (eb_q) assert (!r_v_q && !s_v_q && !cur_v_q && !issue);
      if (ea2_q) assert (!s_v_q && !cur_v_q);
      assert (!(ea_q && eb_q));
      // AXI-Stream: a beat that was not accepted is held unchanged
      if (rst_ni && $past(m_axis_tvalid && !m_axis_tready)) begin
        assert (m_axis_tvalid);
        assert (m_axis_tdata == $past(m_axis_tdata));
        assert (m_axis_tkeep == $past(m_axis_tkeep));
        assert (m_axis_tlast == $past(m_axis_tlast));
      end
    end
    cover (f_rst_seen && rst_ni && occ_q == 3'd5 && next_v_q);
    cover (f_rst_seen && rst_ni && commit && !eb_q);            // E0 only
    cover (f_rst_seen && rst_ni && commit && eb_q && !early2);  // E0 and E1
    cover (f_rst_seen && rst_ni && commit && early2);           // E0, E1 and E2
    cover (f_rst_seen && rst_ni && ret_o);
  end
`endif
endmodule
`default_nettype wire
