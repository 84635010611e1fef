// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_send: Martini AOTF send path. A host store to a kick address becomes a packet of 1-4 header
// beats (the HTLB entry's header format; 4 by default) and a data beat.
//   store -> aotf_kick_decode -> store stage (nic_axis_slice) -> (credit check)
//         -> transaction FIFO (nic_fifo)
//         -> aotf_htlb lookup of the FIFO head -> aotf_pktgen (header seed RAM) -> m_axis
//         (a miss with CTRL.WALK_EN: aotf_htlb_walk refills the entry from the HTT)
// CSRs in aotf_send_csr. See docs/reference/aotf_send.md.
// FIFO entry: {len[3:0], data[63:0], page[15:0], off[11:0]} (96 bits).
module aotf_send #(
  parameter int NUM_USERS  = 8,
  parameter int FIFO_DEPTH = 2048,
  parameter int HTLB_SETS  = 256,
  parameter int HTLB_WAYS  = 4,
  parameter bit CSR_REG    = 1'b0,   // 1: CSR request and response registered, ack 3 cycles later (aotf_node)
  parameter int HTT_ENTRIES = 1024,  // header translation table entries (refill walker)
  localparam int UW  = $clog2(NUM_USERS),
  localparam int SW  = $clog2(HTLB_SETS),
  localparam int FCW = $clog2(FIFO_DEPTH) + 1,
  localparam int EW  = 96,
  localparam int HW  = $clog2(HTT_ENTRIES)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // host store port
  input  wire          st_valid_i,
  output wire          st_ready_o,
  input  wire [31:0]   st_addr_i,
  input  wire [63:0]   st_data_i,
  input  wire [7:0]    st_be_i,
  // CSR bus (local byte address)
  input  wire          csr_req_i,
  input  wire          csr_we_i,
  input  wire [11:0]   csr_addr_i,
  input  wire [31:0]   csr_wdata_i,
  output wire          csr_ack_o,
  output wire [31:0]   csr_rdata_o,
  // packet stream
  output wire [63:0]   m_axis_tdata,
  output wire [7:0]    m_axis_tkeep,
  output wire          m_axis_tvalid,
  input  wire          m_axis_tready,
  output wire          m_axis_tlast,
  output wire          irq_o,
  // observability
  output wire [FCW-1:0] dbg_fifo_count_o,
  output wire          dbg_init_o,
  output wire          dbg_miss_o,
  output wire [2:0]    dbg_lk_state_o,
  output wire [9:0]    dbg_pg_o,
  output wire [7:0]    dbg_init_ptr_o,
  output wire [1:0]    dbg_rr_o,
  output wire [15:0]   dbg_status_o,
  output wire [63:0]   dbg_used_lo_o,   // credits used, users 0..3 (16 bits each)
  output wire [63:0]   dbg_used_hi_o,   // users 4..7
  output wire [1:0]    dbg_st_o,        // store stage {acts this cycle, holds a store}
  // refill walker: {tag write, seed write, word[1:0], way[1:0], set[7:0], tag[7:0]} of this
  // cycle's walker write into the HTLB (0 when none), walker state in bits 24:22
  output wire [24:0]   dbg_walk_o
);
`ifndef __ICARUS__
  generate
    if (HTLB_WAYS != 4) begin : g_err_ways
      $error("aotf_send: HTLB_WAYS must be 4");
    end
    if (HTLB_SETS < 2 || HTLB_SETS > 256 || (HTLB_SETS & (HTLB_SETS - 1)) != 0) begin : g_err_sets
      $error("aotf_send: HTLB_SETS must be a power of two, 2..256 (256 = full 8-bit set index)");
    end
    if (NUM_USERS != 8) begin : g_err_users
      $error("aotf_send: NUM_USERS must be 8 (user id = kick address bits 27:25)");
    end
    if (FIFO_DEPTH < 16 || (FIFO_DEPTH & (FIFO_DEPTH - 1)) != 0 || FIFO_DEPTH > 32768) begin : g_err_fifo
      $error("aotf_send: FIFO_DEPTH must be a power of two, 16..32768");
    end
    if (HTT_ENTRIES < 2 || HTT_ENTRIES > 65536 || (HTT_ENTRIES & (HTT_ENTRIES - 1)) != 0) begin : g_err_htt
      $error("aotf_send: HTT_ENTRIES must be a power of two, 2..65536");
    end
  endgenerate
`endif

  // ---------------- CSR block
  wire [3:0]    window;
  wire [SW-1:0] idx_set;
  wire [1:0]    idx_way, idx_word;
  wire          tag_wr, view_rd, seed_wr, flush, lim_we, sweep_wr;
  wire [15:0]   lim_data;  // CREDIT_LIMIT write data (CSR_REG: a register of its own)
  wire [31:0]   c_wdata;   // write data of the acting CSR request (CSR_REG: registered)
  // view read (HTLB_IDX write): RAM address = the index being written (CSR_REG: a register of
  // its own, see aotf_send_csr)
  wire [SW+3:0] view_idx;
  wire [SW-1:0] vr_set  = view_idx[SW+3:4];
  wire [1:0]    vr_way  = view_idx[3:2];
  wire [1:0]    vr_word = view_idx[1:0];
  wire [63:0]   seed_wdata;
  wire [UW-1:0] credit_sel;
  wire          credit_sel_wr;
  wire [15:0]   sel_limit, sel_used, sel_avail;
  wire [87:0]   tag_rd_data;
  wire [63:0]   seed_rd_data;
  // refill walker
  wire          walk_en, htt_seed_wr, htt_tag_wr, walk_start, walk_done, walk_hit;
  /* verilator lint_off UNUSEDSIGNAL */  // FORMAL only: the walker is busy exactly while the HTLB waits for it
  wire          walk_busy;
  // FORMAL only: the walker's tag port is free (from the CSR's port strobe) exactly when the
  // HTLB's port is free and no flush aborts the walk
  wire          wk_port_free;
  /* verilator lint_on UNUSEDSIGNAL */
  wire          tag_port_busy, seed_port_busy;   // the CSR takes the walker's tag / seed RAM port
  wire [HW-1:0] htt_idx;
  wire [1:0]    htt_word;
  wire [63:0]   htt_seed;
  wire          wk_tag_wr, wk_seed_wr;
  wire [SW-1:0] wk_set;
  wire [1:0]    wk_way, wk_word;
  wire [7:0]    wk_tag;
  wire [12:0]   wk_fmt, hit_fmt;
  wire [63:0]   wk_seed;
  wire [2:0]    wk_state;
  // the packet generator's seed write stage: the seed RAM write of this cycle (for the CSR view)
  wire          wq_v;
  wire [SW+3:0] wq_idx;
  wire [63:0]   wq_data;

  // ---------------- kick decode + credit check
  wire          k_align, k_window, k_be, k_ok;
  wire [15:0]   k_page;
  wire [11:0]   k_off;
  wire [3:0]    k_len;
  wire [63:0]   k_data;
  wire          has_credit;

  aotf_kick_decode #(.UW(UW), .SW(SW)) u_dec (
    .addr_i(st_addr_i), .be_i(st_be_i), .data_i(st_data_i), .window_i(window),
    .err_align_o(k_align), .err_window_o(k_window), .err_be_o(k_be), .ok_o(k_ok),
    .page_o(k_page), .off_o(k_off), .len_o(k_len), .data_o(k_data),
    /* verilator lint_off PINCONNECTEMPTY */  // the user is the page's top bits (d_user)
    .user_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  wire          init_busy;
  wire          fifo_s_ready, fifo_m_valid;
  /* verilator lint_off UNUSEDSIGNAL */  // the FIFO output is the FORMAL reference only (the head is registered from its sources)
  wire [EW-1:0] fifo_m_data;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [EW-1:0] fifo_hold_data, fifo_byp_data;
  wire          fifo_byp_sel;
  wire [FCW-1:0] fifo_count;
  wire          fifo_ram_empty;   // = (fifo_count == fifo_m_valid), from the FIFO's flops

  // ---------------- store stage: the decoded store is registered in a two-entry slice before
  // the credit check and the FIFO push (timing: store port -> kick decode -> credit / FIFO
  // write pointer was the node's worst path). st_ready_o is the slice's registered "skid
  // entry empty"; a store waits in the slice while the HTLB init sweep runs or the FIFO is
  // full. The stage classifies the store when it acts (d_fire): counters, credit check, FIFO
  // push. One cycle from the port to the FIFO. Slice word: {ok, align, window, be, entry}.
  localparam int DW = EW + 4;
  wire          d_valid, st_s_ready;
  wire [DW-1:0] d_word;
  // the stage may act (flops only). go_ib_q == !init_busy (asserted): a copy of the HTLB's
  // sweep-busy flop, inverted so that synthesis keeps it apart, placed by the store stage and
  // the credit check (timing: the HTLB's flop sits by the tag RAM; its route to the credit
  // take was a worst path)
  wire          init_busy_d;
  reg           go_ib_q;
  always @(posedge clk_i) begin
    if (!rst_ni) go_ib_q <= 1'b0;
    else         go_ib_q <= !init_busy_d;
  end
  wire          d_go = go_ib_q && fifo_s_ready;
  nic_axis_slice #(.WIDTH(DW), .LOAD_ANY(1'b1)) u_st (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_valid_i(st_valid_i), .s_ready_o(st_s_ready),
    .s_data_i({k_ok, k_align, k_window, k_be, k_len, k_data, k_page, k_off}),
    .m_valid_o(d_valid), .m_ready_i(d_go), .m_data_o(d_word)
  );
  wire [EW-1:0] d_entry  = d_word[EW-1:0];   // {len, data, page, off}
  wire [15:0]   d_page   = d_word[27:12];                 // page (HTLB tag and set)
  wire [UW-1:0] d_user   = d_word[27 -: UW];              // page bits 15:16-UW
  wire          d_be     = d_word[EW];
  wire          d_window = d_word[EW+1];
  wire          d_align  = d_word[EW+2];
  wire          d_ok     = d_word[EW+3];
  wire          d_fire   = d_valid && d_go;
  wire          kick     = d_fire && d_ok && has_credit;
  wire          e_credit = d_fire && d_ok && !has_credit;
  assign st_ready_o = rst_ni && st_s_ready;
  assign dbg_st_o   = {d_fire, d_valid};

  // ---------------- transaction FIFO
  wire          pop;
  // WR_REG: the RAM write is registered inside the FIFO (timing: store -> kick decode -> RAM
  // write enable was the critical path); it adds no cycle at the FIFO's ports
  // PUSH_READY: kick includes the store stage's d_go, which includes fifo_s_ready (timing, see nic_fifo)
  // LOAD_FREE: the output register's enables do not wait for the kick (the FIFO output is only
  // read while valid: -> hd, used while hd_v_q)
  // RD_FREE: the RAM read enable does not wait for the pop (HTLB hit -> pop was the node's
  // recurring slow-placement path into the 12 DP16KD read enables); the head comes from the
  // FIFO's hold register
  // CNT_REG: the RAM count's zero / one flags as flops (count compare -> read enable -> bypass
  // load was a node placement's worst path)
  nic_fifo #(.DEPTH(FIFO_DEPTH), .WIDTH(EW), .WR_REG(1), .PUSH_READY(1), .LOAD_FREE(1), .RD_FREE(1),
             .CNT_REG(1), .CNT_LAG(1)) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_valid_i(kick), .s_ready_o(fifo_s_ready), .s_data_i(d_entry),
    .m_valid_o(fifo_m_valid), .m_ready_i(pop), .m_data_o(fifo_m_data), .count_o(fifo_count),
    .ram_empty_o(fifo_ram_empty),
    /* verilator lint_off PINCONNECTEMPTY */  // RD_FREE: the head is taken from hold_data_o
    .ram_data_o(),
    /* verilator lint_on PINCONNECTEMPTY */
    .byp_data_o(fifo_byp_data), .byp_sel_o(fifo_byp_sel), .hold_data_o(fifo_hold_data)
  );
  // ---------------- head register: a registered copy of the FIFO head, so that no logic sits
  // behind the FIFO RAM read data (block RAM clock-to-out). hd_v_q: the FIFO head is valid and
  // equals hd (set by a kick that enters the empty FIFO through its bypass, or one cycle after
  // the head appeared at the FIFO output); cleared by a pop. The FIFO output m_data is not used:
  // its sources are registered apart. The RAM side is the FIFO's hold register (RD_FREE:
  // hold_data_o is the RAM-side head of the previous cycle, loaded from the RAM read data with
  // no logic in front; the pop drives no RAM read enable); hdk_q takes the kick when a kick
  // would take the bypass (byp_ok), else the FIFO's bypass register; hd_sel_q = byp_ok || the
  // FIFO output is its bypass register.
  // byp_ok: a kick this cycle would take the bypass (FIFO RAM empty, output stage free or
  // leaving). hdk_q / hd_sel_q take the kick on byp_ok alone, not on the (late) kick: without a
  // kick, byp_ok makes hd_v_q 0 next cycle (byp_ok excludes fifo_m_valid && !pop), so their
  // value is then don't-care (timing: the kick decode stays out of 97 selects).
  wire          fifo_empty = fifo_ram_empty && !fifo_m_valid;   // = (fifo_count == 0)
  // early tag read (HTLB): a store taken into the empty store stage while the FIFO is empty is
  // the head two cycles later if the stage kicks it; its set is read now, from the port
  // (kick -> first beat stays 5 cycles with the store stage)
  wire          early_v    = st_valid_i && !d_valid && fifo_empty;
  wire          byp_ok     = fifo_ram_empty && (!fifo_m_valid || pop);
  wire          fifo_byp   = kick && byp_ok;
  reg           hd_v_q, hd_sel_q;
  reg  [EW-1:0] hdk_q;
  always @(posedge clk_i) begin
    if (!rst_ni) hd_v_q <= 1'b0;
    else         hd_v_q <= fifo_byp || (fifo_m_valid && !pop);
    hd_sel_q <= byp_ok || fifo_byp_sel;
    hdk_q    <= byp_ok ? d_entry : fifo_byp_data;
  end
`ifdef FORMAL
  // the head equals its definition whenever it is valid: the kick that took the bypass, or
  // the FIFO output of the previous cycle
  reg [EW-1:0] f_hd_ref;
  always @(posedge clk_i) f_hd_ref <= fifo_byp ? d_entry : fifo_m_data;
  always @(posedge clk_i) begin
    if (rst_ni && hd_v_q) assert (hd == f_hd_ref);
  end
`endif
  wire [EW-1:0] hd     = hd_sel_q ? hdk_q : fifo_hold_data;

  // The head's page (tag and set) for the HTLB from a RAM of its own: a second nic_fifo of 16
  // bits with the same pushes and pops (Yosys shares the identical pointer logic; the RAM is two
  // block RAMs more). Timing: the backlog lookup's tag RAM read address (the set) and the tag
  // compare (the tag) then come from block RAMs that the placer can put next to the tag RAM,
  // not from the 12 block RAMs of the 96-bit FIFO spread over the die (FIFO RAM -> head mux ->
  // tag RAM address / tag compare was the node's worst path). hp == the head's page whenever
  // the head is valid (asserted).
  wire [15:0] page_hold;
  nic_fifo #(.DEPTH(FIFO_DEPTH), .WIDTH(16), .WR_REG(1), .PUSH_READY(1), .LOAD_FREE(1), .RD_FREE(1),
             .CNT_REG(1), .CNT_LAG(1)) u_page_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_valid_i(kick), .s_data_i(d_page), .m_ready_i(pop),
    /* verilator lint_off PINCONNECTEMPTY */  // the pointers are those of u_fifo: only the hold register is used
    .s_ready_o(), .m_valid_o(), .m_data_o(), .count_o(), .ram_empty_o(), .ram_data_o(),
    .byp_data_o(), .byp_sel_o(),
    /* verilator lint_on PINCONNECTEMPTY */
    .hold_data_o(page_hold)
  );
  wire [15:0] hp = hd_sel_q ? hdk_q[27:12] : page_hold;
`ifdef FORMAL
  always @(posedge clk_i) if (rst_ni && hd_v_q) assert (hp == hd[27:12]);
  // the HTLB's per-source head sets (its tag RAM copy B reads page_hold's set directly)
  always @(posedge clk_i) if (rst_ni && hd_v_q && !hd_sel_q) assert (page_hold[SW-1:0] == hd[12 +: SW]);
  always @(posedge clk_i) if (rst_ni && hd_v_q && hd_sel_q) assert (hdk_q[12 +: SW] == hd[12 +: SW]);
`endif
  wire [11:0] h_off  = hd[11:0];
  wire [15:0] h_page = hd[27:12];
  wire [63:0] h_data = hd[91:28];
  wire [3:0]  h_len  = hd[95:92];

  // ---------------- HTLB
  wire        next_free, miss;
  wire [1:0]  hit_way, victim, rr;
  wire [2:0]  lk_state;
  wire [SW-1:0] init_ptr;
  // the tag RAM write stage (for the CSR view's tag forward)
  wire          tw_v;
  wire [SW-1:0] tw_set;
  wire [3:0]    tw_be;
  wire [21:0]   tw_lane;
  aotf_htlb #(.SETS(HTLB_SETS)) u_htlb (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .head_valid_i(hd_v_q), .head_page_i(hp), .next_free_i(next_free),
    .hold_sel_i(!hd_sel_q), .hold_set_i(page_hold[SW-1:0]), .byp_set_i(hdk_q[12 +: SW]),
    .early_v_i(early_v), .early_set_i(k_page[SW-1:0]), .early_ok_i(kick && fifo_empty),
    .pop_o(pop), .hit_way_o(hit_way), .miss_o(miss), .victim_o(victim),
    .init_busy_o(init_busy), .init_busy_d_o(init_busy_d), .state_o(lk_state), .init_ptr_o(init_ptr), .rr_o(rr),
    .csr_tag_wr_i(tag_wr), .csr_tag_rd_i(view_rd), .csr_rd_set_i(vr_set), .csr_set_i(idx_set),
    .csr_way_i(idx_way),
    .csr_tag_i(c_wdata[nic_pkg::AOTF_SEND_HTLB_TAG_TAG_LSB +: 8]),
    .csr_valid_i(c_wdata[nic_pkg::AOTF_SEND_HTLB_TAG_VALID_LSB]),
    .csr_fmt_i(c_wdata[nic_pkg::AOTF_SEND_HTLB_TAG_LPOS_LSB +: 13]),
    .flush_i(flush), .tag_rd_o(tag_rd_data), .sweep_wr_o(sweep_wr),
    .wq_v_o(tw_v), .wq_set_o(tw_set), .wq_be_o(tw_be), .wq_lane_o(tw_lane),
    .walk_en_i(walk_en), .walk_start_o(walk_start), .walk_done_i(walk_done), .walk_hit_i(walk_hit),
    .wk_port_free_o(wk_port_free), .wk_tag_wr_i(wk_tag_wr), .wk_set_i(wk_set), .wk_way_i(wk_way),
    .wk_tag_i(wk_tag), .wk_fmt_i(wk_fmt), .hit_fmt_o(hit_fmt)
  );

  // ---------------- refill walker (HTT in NIC memory)
  aotf_htlb_walk #(.SETS(HTLB_SETS), .HTT_ENTRIES(HTT_ENTRIES)) u_walk (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .start_i(walk_start), .page_i(hp), .victim_i(victim), .abort_i(flush),
    .done_o(walk_done), .hit_o(walk_hit), .busy_o(walk_busy), .state_o(wk_state),
    .htt_seed_wr_i(htt_seed_wr), .htt_tag_wr_i(htt_tag_wr), .htt_idx_i(htt_idx),
    .htt_word_i(htt_word), .htt_seed_i(htt_seed),
    .htt_tag_i(c_wdata[nic_pkg::AOTF_SEND_HTT_TAG_PAGE_LSB +: 30]),
    .tag_port_free_i(!tag_port_busy && !init_busy), .tag_wr_o(wk_tag_wr), .set_o(wk_set), .way_o(wk_way),
    .tag_o(wk_tag), .fmt_o(wk_fmt),
    .pg_busy_i(dbg_pg_o[9]), .seed_port_free_i(!seed_port_busy), .seed_wr_o(wk_seed_wr),
    .word_o(wk_word), .seed_o(wk_seed)
  );
  // the seed write request: a CSR SEED_HI write, else the walker (only when the CSR leaves the
  // port free); the generator registers it and writes the RAM one cycle later (write stage)
  wire          pg_seed_wr    = seed_wr || wk_seed_wr;
  wire [SW+3:0] pg_seed_addr  = seed_wr ? {idx_set, idx_way, idx_word} : {wk_set, wk_way, wk_word};
  wire [63:0]   pg_seed_wdata = seed_wr ? seed_wdata : wk_seed;
`ifdef FORMAL
  reg f_wk_rst = 1'b0;   // a reset has been seen
  always @(posedge clk_i) if (!rst_ni) f_wk_rst <= 1'b1;
  always @(posedge clk_i) if (f_wk_rst && rst_ni) assert (walk_busy == (lk_state == 3'd5));
  always @(posedge clk_i) if (f_wk_rst && rst_ni) begin
    assert ((!tag_port_busy && !init_busy) == (wk_port_free && !flush));
    assert (!seed_port_busy == !(seed_wr || view_rd || flush));
  end
`endif
  assign dbg_walk_o = {wk_state, wk_tag_wr, wk_seed_wr,
                       {20{wk_tag_wr || wk_seed_wr}} & {wk_word, wk_way, 8'(wk_set), wk_tag}};

  // ---------------- packet generator
  // ts_q: the set of the lookup, for the generator's early seed reads in TAG, LOOK and DEC. It
  // loads in every IDLE cycle of the HTLB with the set that IDLE's tag read uses (the head's,
  // or the early-read store's at the port) and holds from TAG to DEC, where the head does not
  // change (asserted equal to the head's set in LOOK and DEC). No enable logic behind it but
  // the state decode; it feeds the seed RAM read address through the generator's address mux
  // only (timing: no head mux in front of the seed RAM address).
  reg [SW-1:0] ts_q;
  always @(posedge clk_i)
    if (lk_state == 3'd0) ts_q <= hd_v_q ? hp[SW-1:0] : k_page[SW-1:0];
`ifdef FORMAL
  reg f_es_rst = 1'b0;   // a reset has been seen (the HTLB state is defined)
  always @(posedge clk_i) if (!rst_ni) f_es_rst <= 1'b1;
  always @(posedge clk_i)
    if (f_es_rst && rst_ni && (lk_state == 3'd1 || lk_state == 3'd3)) assert (ts_q == h_page[SW-1:0]);
  always @(posedge clk_i) if (f_es_rst) assert (go_ib_q == !init_busy);   // the store stage's copy
`endif
  wire          ret;
  wire [UW-1:0] ret_user;
  aotf_pktgen #(.SETS(HTLB_SETS), .UW(UW)) u_pg (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .spec0_i(lk_state == 3'd4), .spec1_i(lk_state == 3'd1), .spec_set_i(ts_q),   // TAG, LOOK
    .load_i(pop), .load_set_i(h_page[SW-1:0]), .load_way_i(hit_way), .load_off_i(h_off),
    .load_len_i(h_len), .load_data_i(h_data), .load_user_i(h_page[15 -: UW]), .load_fmt_i(hit_fmt),
    .next_free_o(next_free),
    .csr_seed_wr_i(pg_seed_wr), .csr_seed_rd_i(view_rd),
    .csr_seed_addr_i(pg_seed_addr), .csr_seed_rd_addr_i({vr_set, vr_way, vr_word}),
    .csr_seed_wdata_i(pg_seed_wdata),
    .seed_rd_o(seed_rd_data),
    .wq_v_o(wq_v), .wq_addr_o(wq_idx), .wq_data_o(wq_data),
    .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast),
    .ret_o(ret), .ret_user_o(ret_user), .dbg_o(dbg_pg_o)
  );

  // ---------------- credits
  wire [NUM_USERS*16-1:0] used_flat;
  // CSR_REG: a CREDIT_LIMIT write acts one cycle after its bus request, so the bus data is the
  // next cycle's limit data (PRE: the credit compares against it are made in the request cycle)
  aotf_credit #(.NUM_USERS(NUM_USERS), .RESET_LIMIT(FIFO_DEPTH / NUM_USERS), .PRE(CSR_REG)) u_cred (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .take_i(d_fire && d_ok), .take_user_i(d_user), .ret_i(ret), .ret_user_i(ret_user),
    .chk_user_i(d_user), .has_credit_o(has_credit),
    .sel_user_i(credit_sel), .sel_wr_i(credit_sel_wr),
    .sel_wdata_i(c_wdata[nic_pkg::AOTF_SEND_CREDIT_SEL_USER_LSB +: UW]), .lim_we_i(lim_we),
    .lim_data_i(lim_data), .pre_data_i(csr_wdata_i[nic_pkg::AOTF_SEND_CREDIT_LIMIT_LIMIT_LSB +: 16]),
    .sel_limit_o(sel_limit), .sel_used_o(sel_used), .sel_avail_o(sel_avail),
    .used_flat_o(used_flat)
  );

  // ---------------- CSRs
  aotf_send_csr #(.NUM_USERS(NUM_USERS), .FIFO_DEPTH(FIFO_DEPTH), .SETS(HTLB_SETS), .HTT_ENTRIES(HTT_ENTRIES),
                  .REQ_REG(CSR_REG), .RSP_REG(CSR_REG)) u_csr (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .csr_req_i(csr_req_i), .csr_we_i(csr_we_i), .csr_addr_i(csr_addr_i), .csr_wdata_i(csr_wdata_i),
    .csr_ack_o(csr_ack_o), .csr_rdata_o(csr_rdata_o), .wdata_o(c_wdata), .irq_o(irq_o),
    .window_o(window), .idx_set_o(idx_set), .idx_way_o(idx_way), .idx_word_o(idx_word),
    .tag_wr_o(tag_wr), .seed_wr_o(seed_wr), .view_rd_o(view_rd),
    .seed_wdata_o(seed_wdata), .flush_o(flush), .credit_sel_o(credit_sel),
    .credit_sel_wr_o(credit_sel_wr), .lim_we_o(lim_we), .lim_data_o(lim_data), .view_idx_o(view_idx),
    .init_busy_i(init_busy), .sweep_wr_i(sweep_wr), .init_ptr_i(init_ptr), .miss_wait_i(lk_state == 3'd2), .pg_busy_i(dbg_pg_o[9] /* cur valid; next valid implies it */), .miss_i(miss),
    .miss_page_i(h_page), .miss_off_i(h_off), .miss_victim_i(victim),
    .kick_i(kick), .pkt_i(ret),
    .err_align_i(d_fire && d_align), .err_be_i(d_fire && d_be),
    .err_window_i(d_fire && d_window), .err_credit_i(e_credit), .err_user_i(d_user),
    .fifo_count_i(fifo_count), .sel_limit_i(sel_limit), .sel_used_i(sel_used),
    .sel_avail_i(sel_avail), .tag_rd_data_i(tag_rd_data), .seed_rd_data_i(seed_rd_data),
    .walk_en_o(walk_en), .htt_seed_wr_o(htt_seed_wr), .htt_tag_wr_o(htt_tag_wr),
    .tag_port_busy_o(tag_port_busy), .seed_port_busy_o(seed_port_busy),
    .htt_idx_o(htt_idx), .htt_word_o(htt_word), .htt_seed_o(htt_seed),
    .walk_busy_i(lk_state == 3'd5), .walk_start_i(walk_start), .walk_hit_i(walk_done && walk_hit),
    .walk_miss_i(walk_done && !walk_hit),
    .wk_tag_wr_i(wk_tag_wr), .wk_seed_wr_i(wk_seed_wr), .wk_set_i(wk_set), .wk_way_i(wk_way),
    .wk_word_i(wk_word), .wk_tag_i(wk_tag), .wk_fmt_i(wk_fmt), .wk_seed_i(wk_seed),
    .wq_v_i(wq_v), .wq_idx_i(wq_idx), .wq_data_i(wq_data),
    .tw_v_i(tw_v), .tw_set_i(tw_set), .tw_be_i(tw_be), .tw_lane_i(tw_lane),
    .status_o(dbg_status_o)
  );

  assign dbg_fifo_count_o = fifo_count;
  assign dbg_init_o       = init_busy;
  assign dbg_miss_o       = (lk_state == 3'd2);
  assign dbg_lk_state_o   = lk_state;
  assign dbg_init_ptr_o   = 8'(init_ptr);
  assign dbg_rr_o         = rr;
  assign dbg_used_lo_o    = used_flat[63:0];
  assign dbg_used_hi_o    = used_flat[127:64];
endmodule
`default_nettype wire
