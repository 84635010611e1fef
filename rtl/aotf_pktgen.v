`default_nettype none
// aotf_pktgen: header seed RAM + packet generator.
// Seed RAM: nic_ram_1r1w SETS*4 x 256, address {set, word}, four 64-bit lanes, lane = way (a
// read returns word `word` of all four ways of the set; a CSR write has one lane enable).
// Its read data goes into a register with no logic in front (sq_q, 256 bits, loaded every
// cycle; timing: block RAM clock-to-out plus the route to the far RAMs leaves no time for a
// LUT), and the way is selected behind that register.
// Two packet slots (cur, next): a hit loads cur if cur is free (or finishes this cycle), else
// next; next moves to cur when cur finishes. next's payload registers load the lookup's fields
// in every cycle next is free (timing: their enable is a flop, not the hit). cur issues one beat per cycle, 0..3 = seed RAM
// reads (word = beat), 4 = the data beat (no RAM read). An issued beat passes two stages
//   R (the cycle its RAM data is on the RAM output) and S (the data in sq_q),
// and is then written into a 4-entry output buffer, with
//   beat 0: seed | FLAG_AOTF in flags, beat 1: raddr[11:0] = offset, beat 2: len = length,
//   beat 3: seed, beat 4: data, tkeep = (1 << len) - 1, tlast = 1.
// The field overrides of the beat (mask + values, keep, last) are computed at issue and travel
// with the beat. A beat issues only if the buffer will have room whatever the sink does this
// cycle: occ + R + S <= 3 (timing: tready, which comes through the node's loopback mux, stays
// out of the issue decision, the slot hand-over and the payload register enables; the fourth
// entry keeps one beat per cycle with tready held high: the same issue cycles as a 3-entry
// buffer with the pop counted).
// Early beats 0 and 1 (latency): while the HTLB compares (spec_i, its LOOK state) and no
// packet slot is busy, the seed RAM port free and the buffer has room for one beat (the issue
// rule), word 0 of the looked-up set (spec_set_i) is read (E0);
// in the next cycle (the HTLB decides) word 1 is read if the port is free and there is room
// for two beats (E1). If that cycle's lookup hits (load_i), E0 becomes the packet's beat 0
// (it enters S with the hit way), E1 its beat 1 (in R), and cur starts at beat 2 (1 without
// E1); else they are dropped. The hit's way is not known when the reads are made: all four
// ways come from the RAM and S selects the lane.
// A CSR seed access (write, or view read at csr_seed_rd_addr_i on a HTLB_IDX write) takes the
// seed RAM port: RAM beats and the early read do not issue that cycle. The view read data is
// seed_rd_o = lane way of sq_q, two cycles after the read (csr_seed_rd_i).
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
  input  wire          spec_i,        // the HTLB compares (LOOK): a hit may come next cycle
  input  wire [SW-1:0] spec_set_i,    // the set it looks up
  input  wire          load_i,
  input  wire [SW-1:0] load_set_i,
  input  wire [1:0]    load_way_i,
  input  wire [11:0]   load_off_i,
  input  wire [3:0]    load_len_i,
  input  wire [63:0]   load_data_i,
  input  wire [UW-1:0] load_user_i,
  output wire          next_free_o,
  // CSR access to the seed RAM
  input  wire          csr_seed_wr_i,
  input  wire          csr_seed_rd_i,
  input  wire [RW-1:0] csr_seed_addr_i,     // write address {set, way, word} (HTLB_IDX)
  input  wire [RW-1:0] csr_seed_rd_addr_i,  // view read address (the HTLB_IDX being written)
  input  wire [63:0]   csr_seed_wdata_i,
  output wire [63:0]   seed_rd_o,           // view read data, 2 cycles after csr_seed_rd_i
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
  reg [2:0]    beat_q, beat_d;
  // timing: the issue decision from flops only (it enables the ~100 slot payload registers):
  // b4_q = (beat_q == 4), spc_q = the buffer has room for one more beat (occ + R + S <= 3)
  reg          b4_q, b4_d, spc_q, spc_d;
  // stage R (issued last cycle: RAM data on the RAM output now); er_q: E0 was read last cycle
  reg          r_v_q, r_v_d, er_q, er_d;
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
  // view read: way of the read, one and two cycles later
  reg [1:0]    vw1_q, vw2_q;
  // output buffer (entry 0 = head)
  localparam int NB = 4;
  reg [2:0]    occ_q, occ_d;
  // entry i: data [64i +: 64], keep [8i +: 8], last [i], user [UW*i +: UW]
  reg [64*NB-1:0] bd_q, bd_d;
  reg [8*NB-1:0]  bk_q, bk_d;
  reg [NB-1:0]    bl_q, bl_d;
  reg [UW*NB-1:0] bu_q, bu_d;

  reg          pop, space, seed_busy, issue, finish, cur_free, ram_beat, early, early1, commit;
  reg [2:0]    lpos;
  reg [SW+1:0] rd_addr;
  wire [255:0] rd_data;
  reg [7:0]    len_keep;
  reg [63:0]   s_lane, w_data;
  integer i;

  always @* begin
    pop       = (occ_q != 3'd0) && m_axis_tready;
    space     = spc_q;   // occ + R + S <= 3 (no pop: see the header)
    seed_busy = csr_seed_wr_i || csr_seed_rd_i;
    ram_beat  = !b4_q;
    issue     = cur_v_q && space && (!ram_beat || !seed_busy);
    finish    = issue && !ram_beat;
    cur_free  = !cur_v_q || finish;
    // E0: no slot busy (so nothing else issues this cycle or the next, and a hit next cycle
    // loads cur), RAM port free, room for one beat (the issue rule)
    early     = spec_i && !cur_v_q && !seed_busy && space;
    // E1, the cycle after E0 (cur is still free and nothing is in R): room for two beats
    early1    = er_q && !seed_busy && (occ_q + {2'd0, s_v_q} <= 3'd2);
    // the lookup of the early reads hits: beat 0 is in stage R now
    commit    = er_q && load_i;

    // RAM read address: a view read, else cur's beat, else the early reads (cur_v_q picks:
    // they only happen while cur is free; E1 is the cycle after E0)
    if (csr_seed_rd_i)
      rd_addr = {csr_seed_rd_addr_i[RW-1:4], csr_seed_rd_addr_i[1:0]};
    else if (cur_v_q)
      rd_addr = {cur_set_q, beat_q[1:0]};
    else
      rd_addr = {spec_set_i, 1'b0, er_q};

    // slots
    beat_d      = issue ? (finish ? 3'd0 : beat_q + 3'd1) : beat_q;
    cur_v_d     = cur_v_q;   cur_set_d  = cur_set_q;  cur_way_d  = cur_way_q;
    cur_off_d   = cur_off_q; cur_len_d  = cur_len_q;  cur_data_d = cur_data_q;
    cur_user_d  = cur_user_q;
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
        next_v_d = 1'b0;
      end else begin
        cur_set_d = load_set_i; cur_way_d = load_way_i; cur_off_d = load_off_i;
        cur_len_d = load_len_i; cur_data_d = load_data_i; cur_user_d = load_user_i;
      end
    end
    if (commit) beat_d = early1 ? 3'd2 : 3'd1;   // beats 0 (and 1) were the early reads
    b4_d = (beat_d == 3'd4);
    if (load_i && !cur_free) next_v_d = 1'b1;  // next is free: the lookup only issues while it is
    if (!next_v_q) begin  // next's payload follows the lookup while next is free (see the header)
      next_set_d = load_set_i; next_way_d = load_way_i; next_off_d = load_off_i;
      next_len_d = load_len_i; next_data_d = load_data_i; next_user_d = load_user_i;
    end

    // stage R; the beat's formatting is decided at issue (travels with the beat):
    //   beat 0: seed | FLAG_AOTF, 1: raddr field = offset, 2: len field = length, 3: seed,
    //   4: data beat (no RAM read), tkeep = (1 << len) - 1, tlast = 1
    r_v_d    = issue;
    er_d     = early;
    r_user_d = cur_user_q;
    r_way_d  = cur_way_q;
    len_keep = 8'd0;
    for (i = 0; i < 8; i = i + 1) if (4'(i) < cur_len_q) len_keep[i] = 1'b1;
    r_ram_d  = ram_beat;
    r_msk_d  = 64'd0;
    r_val_d  = 64'd0;
    r_keep_d = 8'hFF;
    r_last_d = 1'b0;
    case (beat_q)
      3'd0: begin r_msk_d[FL] = 1'b1; r_val_d[FL] = 1'b1; end  // FLAG_AOTF (flags bit 0)
      3'd1: begin r_msk_d[RA +: 12] = 12'hFFF; r_val_d[RA +: 12] = cur_off_q; end
      3'd2: begin r_msk_d[LN +: 8] = 8'hFF; r_val_d[LN +: 8] = {4'd0, cur_len_q}; end
      3'd4: begin
        r_msk_d  = {64{1'b1}};
        r_val_d  = cur_data_q;
      end
      default: ;
    endcase
    // keep and last of the data beat from b4_q (== (beat_q == 4), a flop) rather than the beat
    // decode (timing: beat_q -> decode -> r_keep_q was a node placement's worst path). With
    // er_q, b4_q is 0 (no slot is busy, so beat_q is 0: asserted), as the override below wants
    if (b4_q) begin
      r_last_d = 1'b1;
      r_keep_d = len_keep;
    end
    // E1 is the hit packet's beat 1 (no issue this cycle: cur is free). Timing: the payload is
    // taken on er_q alone; the room check (early1, which has the late tready in it) and the hit
    // only set the valid. While er_q is set nothing issues (asserted), so r_v_d is 1 only with
    // E1 and the hit, and otherwise the payload is unused
    if (commit && early1) r_v_d = 1'b1;
    if (er_q) begin
      r_user_d = load_user_i;
      r_way_d  = load_way_i;
      r_ram_d  = 1'b1;
      r_msk_d  = 64'd0; r_msk_d[RA +: 12] = 12'hFFF;
      r_val_d  = 64'd0; r_val_d[RA +: 12] = load_off_i;
      r_keep_d = 8'hFF;
      r_last_d = 1'b0;
    end
    // (no hold when nothing issues: the payload is used only while its valid is set)

    // stage S: the beat in R, or the committed early beat 0 (way and user of the hit). Timing:
    // the payload is picked by er_q alone (R is empty then: nothing issued in the E0 cycle)
    s_v_d    = r_v_q || commit;
    s_user_d = er_q ? load_user_i : r_user_q;
    s_way_d  = er_q ? load_way_i : r_way_q;
    s_kl_d   = r_ram_q ? ~r_msk_q : 64'd0;
    s_val_d  = r_val_q;
    s_keep_d = r_keep_q;
    s_last_d = r_last_q;
    if (er_q) begin
      s_kl_d  = {64{1'b1}}; s_kl_d[FL] = 1'b0;
      s_val_d = 64'd0; s_val_d[FL] = 1'b1;
      s_keep_d = 8'hFF;
      s_last_d = 1'b0;
    end

    // output buffer: the beat in S goes to the first free entry after the pop
    // (s_kl_q: the field mask and the RAM / no-RAM choice in one register, so a data bit is
    // one LUT behind the lane select)
    s_lane = sq_q[64 * s_way_q +: 64];
    w_data = (s_lane & s_kl_q) | s_val_q;
    occ_d  = occ_q + {2'd0, s_v_q} - {2'd0, pop};
    spc_d  = (occ_d + {2'd0, r_v_d} + {2'd0, s_v_d} <= 3'd3);
    lpos   = occ_q - {2'd0, pop};
    // a pop shifts the entries down (the last one keeps its value: it is free after a pop)
    bd_d = pop ? {bd_q[64*(NB-1) +: 64], bd_q[64*NB-1:64]} : bd_q;
    bk_d = pop ? {bk_q[8*(NB-1) +: 8], bk_q[8*NB-1:8]} : bk_q;
    bl_d = pop ? {bl_q[NB-1], bl_q[NB-1:1]} : bl_q;
    bu_d = pop ? {bu_q[UW*(NB-1) +: UW], bu_q[UW*NB-1:UW]} : bu_q;
    for (i = 0; i < NB; i = i + 1)
      if (s_v_q && lpos == 3'(i)) begin
        bd_d[64 * i +: 64] = w_data; bk_d[8 * i +: 8] = s_keep_q;
        bl_d[i] = s_last_q;          bu_d[UW * i +: UW] = s_user_q;
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
      er_q     <= 1'b0;
      s_v_q    <= 1'b0;
      occ_q    <= 3'd0;
    end else begin
      cur_v_q  <= cur_v_d;
      next_v_q <= next_v_d;
      beat_q   <= beat_d;
      b4_q     <= b4_d;
      spc_q    <= spc_d;
      r_v_q    <= r_v_d;
      er_q     <= er_d;
      s_v_q    <= s_v_d;
      occ_q    <= occ_d;
    end
  end

  // payload registers: no reset (only used while their valid is set)
  always @(posedge clk_i) begin
    cur_set_q  <= cur_set_d;  cur_way_q  <= cur_way_d;  cur_off_q  <= cur_off_d;
    cur_len_q  <= cur_len_d;  cur_data_q <= cur_data_d; cur_user_q <= cur_user_d;
    next_set_q <= next_set_d; next_way_q <= next_way_d; next_off_q <= next_off_d;
    next_len_q <= next_len_d; next_data_q <= next_data_d; next_user_q <= next_user_d;
    r_user_q   <= r_user_d;   r_way_q    <= r_way_d;    r_ram_q    <= r_ram_d;
    r_msk_q    <= r_msk_d;    r_val_q    <= r_val_d;    r_keep_q   <= r_keep_d;
    r_last_q   <= r_last_d;
    sq_q       <= rd_data;    // no logic in front (see the header)
    s_user_q   <= s_user_d;   s_way_q    <= s_way_d;    s_kl_q     <= s_kl_d;
    s_val_q    <= s_val_d;    s_keep_q   <= s_keep_d;
    s_last_q   <= s_last_d;
    vw1_q      <= csr_seed_rd_addr_i[3:2];
    vw2_q      <= vw1_q;
    bd_q       <= bd_d;       bk_q       <= bk_d;       bl_q       <= bl_d;
    bu_q       <= bu_d;
  end

  nic_ram_1r1w #(.DEPTH(SETS * 4), .WIDTH(256), .NBE(4)) u_seed_ram (
    .clk_i    (clk_i),
    .wr_en_i  (csr_seed_wr_i && rst_ni),   // no RAM write in reset (the strobe has no reset term)
    .wr_addr_i({csr_seed_addr_i[RW-1:4], csr_seed_addr_i[1:0]}),
    .wr_data_i({4{csr_seed_wdata_i}}),
    .wr_be_i  (4'b0001 << csr_seed_addr_i[3:2]),
    .rd_en_i  (1'b1),     // see the header: read in every cycle
    .rd_addr_i(rd_addr),
    .rd_data_o(rd_data)
  );

  assign next_free_o   = !next_v_q;
  assign seed_rd_o     = sq_q[64 * vw2_q +: 64];
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
  // The HTLB issues a lookup only while next is free, and only a load fills next: LOOK (spec_i)
  // and its DEC (load_i, the cycle after) see next free; LOOK lasts one cycle and the next one
  // is at least three cycles later (DEC, IDLE, TAG); the looked-up set holds from LOOK to DEC.
  reg f_spec1 = 1'b0, f_spec2 = 1'b0;
  reg [SW-1:0] f_set1;
  always @(posedge clk_i) begin
    f_spec1 <= rst_ni && spec_i;
    f_spec2 <= rst_ni && f_spec1;
    f_set1  <= spec_set_i;
  end
  always @* if (f_rst_seen && rst_ni) begin
    if (spec_i) assume (!next_v_q && !f_spec1 && !f_spec2);
    if (load_i) assume (f_spec1 && !next_v_q);
    if (f_spec1) assume (spec_set_i == f_set1);
    assume (!(csr_seed_wr_i && csr_seed_rd_i));   // one CSR request per cycle
  end
`endif
  always @(posedge clk_i) begin
    if (f_rst_seen && $past(rst_ni)) begin
      assert (occ_q <= 3'd4);
      assert (beat_q <= 3'd4);
      assert (b4_q == (beat_q == 3'd4));
      if (!cur_v_q) assert (beat_q == 3'd0);
      assert (spc_q == (occ_q + {2'd0, r_v_q} + {2'd0, s_v_q} <= 3'd3));
      assert (!next_v_q || cur_v_q);
`ifndef AOTF_PKTGEN_TOP
      // a lookup result only comes while next is free (assumed when this block is checked alone)
      if (load_i) assert (!next_v_q);
`endif
      // the buffer never overflows: what is in it and on the way fits
      assert (occ_q + {2'd0, r_v_q} + {2'd0, s_v_q} <= 3'd4);
      // E0 happened only with no slot busy and nothing issued in that cycle
      if (er_q) assert (!r_v_q && !cur_v_q && !issue);
      // a committed early read enters an empty stage S
      if (commit) assert (!r_v_q);
      // AXI-Stream: a beat that was not accepted is held unchanged
      if (rst_ni && $past(m_axis_tvalid && !m_axis_tready)) begin
        assert (m_axis_tvalid);
        assert (m_axis_tdata == $past(m_axis_tdata));
        assert (m_axis_tkeep == $past(m_axis_tkeep));
        assert (m_axis_tlast == $past(m_axis_tlast));
      end
    end
    cover (f_rst_seen && rst_ni && occ_q == 3'd4 && next_v_q);
    cover (f_rst_seen && rst_ni && commit);
    cover (f_rst_seen && rst_ni && commit && early1);
    cover (f_rst_seen && rst_ni && ret_o);
  end
`endif
endmodule
`default_nettype wire
