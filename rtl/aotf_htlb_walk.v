// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_htlb_walk: HTLB refill walker and the header translation table (HTT) it reads.
// HTT: HTT_ENTRIES entries in NIC memory, direct mapped: entry index = page[HW-1:0] (the low
// bits of the page {tag, set}). Two nic_ram_1r1w: the seed RAM (HTT_ENTRIES x 256, four 64-bit
// lanes = seed words 0..3) and the tag RAM (HTT_ENTRIES x 30: {fmt[12:0], valid, page[15:0]},
// fmt = the header format the refill writes into the HTLB entry); software
// writes them through CSRs (HTT_IDX, HTT_SEED_LO / HTT_SEED_HI, HTT_TAG); the walker only reads.
// A walk (start_i: the HTLB lookup of the head kick missed with CTRL.WALK_EN; page_i, victim_i
// = the suggested victim way, both held by the caller from then on):
//   IDLE -> RD:  read HTT entry page[HW-1:0] (both RAMs; waits while a CSR writes the HTT:
//                no read and write in one cycle)
//   RD   -> WT:  the RAM output registers take the entry
//   WT   -> CMP: the entry into hs_q / ht_q (registers with nothing in front: block RAM
//                clock-to-out)
//   CMP  -> DEC: {valid, page == page_i} registered (match_q)
//   DEC:         no match: done_o with hit_o = 0 (the caller raises IRQ_MISS) -> IDLE;
//                match -> PG
//   PG   -> SEED when pg_busy_i = 0: no looked-up packet can still read the victim way's seed
//                words (while the walk runs the HTLB issues no lookup, so nothing new is
//                loaded once the generator is idle)
//   SEED:        writes seed word 0..3 into the victim way of the seed RAM, one per cycle in
//                which the seed RAM write port is free (no CSR seed write or view read); the
//                write is a request: the packet generator's write stage puts it into the RAM
//                one cycle later; after word 3 -> TAG
//   TAG:         writes {fmt, valid, tag = page[15:8]} into the victim way of the HTLB tag RAM in a
//                cycle the port is free (no CSR tag access, no init sweep): done_o, hit_o = 1
//                -> IDLE; the caller retries the lookup, which now hits
// abort_i (CTRL.FLUSH) returns to IDLE from any state with no write in that cycle: the sweep
// that follows invalidates every way, a way half refilled included.
module aotf_htlb_walk #(
  parameter int SETS = 256,
  parameter int HTT_ENTRIES = 1024,
  localparam int SW = $clog2(SETS),
  localparam int HW = $clog2(HTT_ENTRIES)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          start_i,
  input  wire [15:0]   page_i,
  input  wire [1:0]    victim_i,
  input  wire          abort_i,
  output wire          done_o,
  output wire          hit_o,
  output wire          busy_o,
  output wire [2:0]    state_o,
  // HTT writes (CSR)
  input  wire          htt_seed_wr_i,
  input  wire          htt_tag_wr_i,
  input  wire [HW-1:0] htt_idx_i,
  input  wire [1:0]    htt_word_i,
  input  wire [63:0]   htt_seed_i,
  input  wire [29:0]   htt_tag_i,     // {fmt, valid, page}
  // HTLB tag RAM write
  input  wire          tag_port_free_i,
  output wire          tag_wr_o,
  output wire [SW-1:0] set_o,
  output wire [1:0]    way_o,
  output wire [7:0]    tag_o,
  output wire [12:0]   fmt_o,
  // header seed RAM write
  input  wire          pg_busy_i,
  input  wire          seed_port_free_i,
  output wire          seed_wr_o,
  output wire [1:0]    word_o,
  output wire [63:0]   seed_o
);
  localparam logic [2:0] W_IDLE = 3'd0, W_RD = 3'd1, W_WT = 3'd2, W_CMP = 3'd3, W_DEC = 3'd4,
                         W_PG = 3'd5, W_SEED = 3'd6, W_TAG = 3'd7;

`ifndef __ICARUS__
  generate
    if (HTT_ENTRIES < 2 || HTT_ENTRIES > 65536 || (HTT_ENTRIES & (HTT_ENTRIES - 1)) != 0) begin : g_param_err
      $error("aotf_htlb_walk: HTT_ENTRIES must be a power of two, 2..65536");
    end
  endgenerate
`endif

  reg [2:0]   state_q, state_d;
  reg [1:0]   word_q, word_d;
  reg         match_q;
  reg [15:0]  page_q;
  reg [1:0]   victim_q;
  reg [255:0] hs_q;
  reg [29:0]  ht_q;
  wire [255:0] rd_seed;
  wire [29:0]  rd_tag;
  reg         rd_en, swr, twr, done, hit;

  always @* begin
    state_d = state_q;
    word_d  = word_q;
    rd_en   = 1'b0;
    swr     = 1'b0;
    twr     = 1'b0;
    done    = 1'b0;
    hit     = 1'b0;
    case (state_q)
      W_IDLE: if (start_i) state_d = W_RD;
      W_RD: if (!(htt_seed_wr_i || htt_tag_wr_i)) begin
        rd_en   = 1'b1;
        state_d = W_WT;
      end
      W_WT:  state_d = W_CMP;
      W_CMP: state_d = W_DEC;
      W_DEC: begin
        if (match_q) state_d = W_PG;
        else begin
          done    = 1'b1;
          state_d = W_IDLE;
        end
      end
      W_PG: begin
        word_d = 2'd0;
        if (!pg_busy_i) state_d = W_SEED;
      end
      W_SEED: if (seed_port_free_i) begin
        swr    = 1'b1;
        word_d = word_q + 2'd1;
        if (word_q == 2'd3) state_d = W_TAG;
      end
      W_TAG: if (tag_port_free_i) begin
        twr     = 1'b1;
        done    = 1'b1;
        hit     = 1'b1;
        state_d = W_IDLE;
      end
      default: state_d = W_IDLE;
    endcase
    if (abort_i) begin
      state_d = W_IDLE;
      swr     = 1'b0;
      twr     = 1'b0;
      done    = 1'b0;
      hit     = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) state_q <= W_IDLE;
    else         state_q <= state_d;
  end
  // payload: no reset (used only in the states that load them first)
  always @(posedge clk_i) begin
    word_q  <= word_d;
    if (state_q == W_IDLE) begin
      page_q   <= page_i;
      victim_q <= victim_i;
    end
    hs_q    <= rd_seed;   // no logic in front (block RAM output; the RAM holds it between reads)
    ht_q    <= rd_tag;
    match_q <= ht_q[16] && (ht_q[15:0] == page_q);
  end

  nic_ram_1r1w #(.DEPTH(HTT_ENTRIES), .WIDTH(256), .NBE(4)) u_htt_seed (
    .clk_i    (clk_i),
    .wr_en_i  (htt_seed_wr_i && rst_ni),
    .wr_addr_i(htt_idx_i),
    .wr_data_i({4{htt_seed_i}}),
    .wr_be_i  (4'b0001 << htt_word_i),
    .rd_en_i  (rd_en),
    .rd_addr_i(page_q[HW-1:0]),
    .rd_data_o(rd_seed)
  );
  nic_ram_1r1w #(.DEPTH(HTT_ENTRIES), .WIDTH(30), .NBE(1)) u_htt_tag (
    .clk_i    (clk_i),
    .wr_en_i  (htt_tag_wr_i && rst_ni),
    .wr_addr_i(htt_idx_i),
    .wr_data_i(htt_tag_i),
    .wr_be_i  (1'b1),
    .rd_en_i  (rd_en),
    .rd_addr_i(page_q[HW-1:0]),
    .rd_data_o(rd_tag)
  );

  assign done_o    = done;
  assign hit_o     = hit;
  assign busy_o    = state_q != W_IDLE;
  assign state_o   = state_q;
  assign tag_wr_o  = twr;
  assign set_o     = page_q[SW-1:0];
  assign way_o     = victim_q;
  assign tag_o     = page_q[15:8];
  assign fmt_o     = ht_q[29:17];
  assign seed_wr_o = swr;
  assign word_o    = word_q;
  assign seed_o    = hs_q[64 * word_q +: 64];

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  reg f_pg_idle = 1'b0;   // the generator was idle at some cycle since the walk entered PG
  always @(posedge clk_i) begin
    if (!rst_ni || state_q != W_PG && state_q != W_SEED && state_q != W_TAG) f_pg_idle <= 1'b0;
    else if (state_q == W_PG && !pg_busy_i) f_pg_idle <= 1'b1;
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni && $past(rst_ni)) begin
      // never read the HTT in a cycle it is written (no collision)
      assert (!(rd_en && (htt_seed_wr_i || htt_tag_wr_i)));
      // writes only through free ports, the seed only after the generator was idle, the tag
      // only after the four seed words
      if (swr) assert (seed_port_free_i && state_q == W_SEED && f_pg_idle);
      if (twr) assert (tag_port_free_i && state_q == W_TAG && f_pg_idle);
      assert (!(swr && twr));
      if (done) assert (state_q == W_DEC && !match_q || state_q == W_TAG);
      if (state_q == W_TAG) assert (word_q == 2'd0);
    end
    cover (f_rst_seen && rst_ni && done && hit);
    cover (f_rst_seen && rst_ni && done && !hit);
    cover (f_rst_seen && rst_ni && state_q == W_SEED && !seed_port_free_i);
    cover (f_rst_seen && rst_ni && abort_i && state_q == W_SEED);
  end
`endif
endmodule
`default_nettype wire
