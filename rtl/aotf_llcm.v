// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_llcm: the low-latency common memory (LLCM) of the AOTF receive path.
//  - WORDS x 64-bit, stored as 2 banks (even / odd words) x 8 byte lanes, each lane one
//    nic_ram_1r1w of WORDS/2 x 8 bits. A write covers word W (bytes 0..7 of wr_data_i/wr_be_i)
//    and word W+1 (bytes 8..15), so an unaligned 1-8 byte write that straddles two words is
//    written in ONE cycle (the two words are always in different banks).
//  - Read port (host, byte address, bits 2:0 ignored): rd_valid_o/rd_data_o exactly three
//    cycles after rd_en_i, never stalled. Addresses >= WORDS*8 read 0. The RAM read data is
//    registered as it is twice (rd0_q/rd1_q, folded into the block RAMs' output registers, then
//    rd0p_q/rd1p_q, plain flops) and the lane/bank/forwarding select comes after the second
//    register (timing: the 64 LLCM block RAMs lie spread over the die, and the route from the
//    far ones is most of a 150 MHz cycle; the plain register splits it, with no logic on either
//    part). What a read returns is decided in its request cycle. The register sits before the
//    select, not after it: one after the select is placed by the consumer and leaves the
//    RAM-to-select route as long.
//  - Two write requests, one write per cycle: the host port hw_* (one aligned word, priority)
//    and the buffer port bw_* (words W and W+1). They are decoded separately and selected last
//    (timing: the host-write strobe only selects).
//  - The selected write is registered (wq_*) and written to the RAMs one cycle later (timing:
//    no decode logic in front of the 128 widely placed block RAM write pins). The port
//    behaves as if the write happened in the request cycle: a read forwards, per byte lane,
//    from the write requested in the same cycle (write-first) or else from the registered
//    write being applied in this cycle (whose RAM lanes read undefined data). Forwarded lanes
//    never use the RAM data. The same-cycle write is compared in read stage 1 and its
//    lanes / data are registered (nhit_q, nwe_q, ndat_q) and selected in stage 2 (timing: no
//    compare in front of the forwarded-data mux). (The C model writes in the request cycle and does not read
//    forwarded lanes, so its RAM collision count stays 0; outputs are identical.)
//  - Init sweep: after reset and on init_i, every word is cleared, WORDS/2 cycles (both banks
//    per cycle). While busy_o: writes from wr_* are ignored (the user must not issue them) and
//    reads return 0.
module aotf_llcm #(
  parameter int WORDS = 16384,
  localparam int WA = $clog2(WORDS),      // word address bits
  localparam int IA = WA - 1,             // per-bank index bits
  localparam int LB = WA + 3              // byte address bits
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          init_i,
  output wire          busy_o,
  output reg           busy_d_o,      // busy_o of the next cycle (reset: 1 follows)
  // host write: word hw_word_i, bytes hw_be_i (has priority over the buffer port)
  input  wire          hw_en_i,
  input  wire [WA-1:0] hw_word_i,
  input  wire [63:0]   hw_data_i,
  input  wire [7:0]    hw_be_i,
  // buffer write: word bw_word_i (bytes 0..7 of bw_data_i/bw_be_i) and bw_word_i+1 (8..15)
  input  wire          bw_en_i,
  input  wire [WA-1:0] bw_word_i,
  input  wire [IA-1:0] bw_idx0_i,    // = bw_word_i[WA-1:1] + bw_word_i[0] (even-bank index of
                                     //   the word pair, precomputed by the user: timing)
  input  wire [127:0]  bw_data_i,
  input  wire [15:0]   bw_be_i,
  input  wire          rd_en_i,
  /* verilator lint_off UNUSEDSIGNAL */ // bits 2:0: byte offset within the word, ignored
  input  wire [31:0]   rd_addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire          rd_valid_o,
  output wire [63:0]   rd_data_o,
  output wire [15:0]   dbg_we_o       // lane write enables this cycle: {odd bank, even bank}
);
`ifndef __ICARUS__
  generate
    if (WORDS < 4 || (WORDS & (WORDS - 1)) != 0 || LB > 31) begin : g_param_err
      $error("aotf_llcm: WORDS must be a power of two, 4 .. 2^28");
    end
  endgenerate
`endif

  reg          busy_q, busy_d;
  reg [IA-1:0] swp_q, swp_d;
  reg          rvalid_q;
  reg          rzero_q, rzero_d;
  reg          rbank_q, rbank_d;
  reg [7:0]    fsel_q, fsel_d;
  reg [63:0]   fdat_q, fdat_d;
  // read stage 2: the RAM read data and the stage-1 select, registered
  reg          rvalid2_q;
  reg          rzero2_q, rbank2_q;
  reg [IA-1:0] ridx_q, ridx_d;
  reg [7:0]    fsel2_q, fsel2_d;
  reg [63:0]   fdat2_q, fdat2_d, rd0_q, rd1_q;
  // read stage 3: the RAM read data registered once more (no logic in front), the forwarded
  // lanes merged in stage 2 (om: lane forwarded, od: its byte)
  reg          rvalid3_q, rzero3_q, rbank3_q;
  reg [7:0]    om_q, om_d;
  reg [63:0]   od_q, od_d, rd0p_q, rd1p_q;
  // stage 1 -> 2: the write requested in the read cycle (now in wq_*): index equal, its lane
  // enables and data for the read's bank
  reg          nhit_q, nhit_d;
  reg [7:0]    nwe_q, nwe_d;
  reg [63:0]   ndat_q, ndat_d;
  reg [63:0]   rdo;   // the selected word (rd_data_o)
  // registered write port (applied to the RAMs one cycle after the request)
  reg [IA-1:0] wq_idx0_q, wq_idx1_q;
  reg [63:0]   wq_dat0_q, wq_dat1_q;
  reg [7:0]    wq_we0_q, wq_we1_q;
  // copies of wq_idx*_q for the forwarding compares only (timing: wq_idx*_q drive the write
  // addresses of all block RAMs, spread over the die; these copies sit by the compares). Loaded
  // by a write request only, so that synthesis does not merge them with wq_idx*_q; without one
  // wq_we*_q is 0 and the compares are don't-care. (wr_any: a superset of the cycles with a
  // lane write enable.)
  reg [IA-1:0] fq_idx0_q, fq_idx1_q;
  reg          wr_any;

  // per-bank write port
  reg [IA-1:0] widx0, widx1;
  reg [63:0]   wdat0, wdat1;
  reg [7:0]    we0, we1;
  // buffer port decoded per bank (before the host/buffer select)
  reg [IA-1:0] bidx0;
  reg [63:0]   bdat0, bdat1;
  reg [7:0]    bwe0, bwe1;
  // read
  reg          inr, go, rb;
  reg [WA-1:0] rword;
  reg [IA-1:0] ridx;
  reg [7:0]    qcoll, ncoll;
  reg [63:0]   qfdat, ndat;
  integer      fl;
  /* verilator lint_off UNUSEDSIGNAL */  // re0 / re1: the logical reads (RAMs read every cycle, below)
  reg [7:0]    re0, re1;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [63:0]  rd0, rd1;

  always @* begin
    // ---- init sweep
    swp_d  = swp_q;
    busy_d = busy_q;
    if (init_i) begin
      busy_d = 1'b1;
      swp_d  = '0;
    end else if (busy_q) begin
      swp_d  = swp_q + 1'b1;
      busy_d = (swp_q != {IA{1'b1}});
    end
    busy_d_o = busy_d;
    // ---- buffer port decode: word W to bank W[0], word W+1 to the other bank
    bidx0 = bw_idx0_i;
    if (bw_word_i[0]) begin
      bdat0 = bw_data_i[127:64];
      bdat1 = bw_data_i[63:0];
      bwe0  = bw_en_i ? bw_be_i[15:8] : 8'h00;
      bwe1  = bw_en_i ? bw_be_i[7:0] : 8'h00;
    end else begin
      bdat0 = bw_data_i[63:0];
      bdat1 = bw_data_i[127:64];
      bwe0  = bw_en_i ? bw_be_i[7:0] : 8'h00;
      bwe1  = bw_en_i ? bw_be_i[15:8] : 8'h00;
    end
    // ---- write port: init sweep > host write > buffer
    if (busy_q) begin
      widx0 = swp_q;
      widx1 = swp_q;
      wdat0 = '0;
      wdat1 = '0;
      we0   = 8'hFF;
      we1   = 8'hFF;
    end else if (hw_en_i) begin
      widx0 = hw_word_i[WA-1:1];
      widx1 = hw_word_i[WA-1:1];
      wdat0 = hw_data_i;
      wdat1 = hw_data_i;
      we0   = hw_word_i[0] ? 8'h00 : hw_be_i;
      we1   = hw_word_i[0] ? hw_be_i : 8'h00;
    end else begin
      widx0 = bidx0;
      widx1 = bw_word_i[WA-1:1];
      wdat0 = bdat0;
      wdat1 = bdat1;
      we0   = bwe0;
      we1   = bwe1;
    end
    // ---- read with write-first forwarding per byte lane
    inr   = (rd_addr_i[31:LB] == '0);
    rword = rd_addr_i[LB-1:3];
    rb    = rword[0];
    ridx  = rword[WA-1:1];
    go    = rd_en_i && inr && !busy_q;
    // Forwarding (write-first per byte lane), in two parts so that the read address input
    // only meets registered write operands (timing):
    //  - the registered write (requested last cycle) lands in the RAM at the end of this cycle:
    //    its colliding lanes are compared now, on its decoded bank index (fsel_q, fdat_q);
    //  - the write requested in this cycle is decoded and registered (wq_*) like every write:
    //    the next cycle compares it with the registered read index (nhit_d, nwe_d, ndat_d).
    // (While busy_q no read goes to the RAM, so the collision is a don't-care then.)
    qcoll = rb ? ((ridx == fq_idx1_q) ? wq_we1_q : 8'h00)
               : ((ridx == fq_idx0_q) ? wq_we0_q : 8'h00);
    qfdat = rb ? wq_dat1_q : wq_dat0_q;
    // Read enables do not depend on the write address (timing: the RAM clock enables of all
    // lanes would otherwise sit behind the write-address compare). A colliding lane is still
    // read, its (undefined) data is never used: fsel_q selects the forwarded byte instead.
    re0     = {8{go && !rb}};
    re1     = {8{go && rb}};
    rzero_d = !go;
    rbank_d = rb;
    ridx_d  = ridx;
    fsel_d  = qcoll;
    fdat_d  = qfdat;
    // read stage 1: the write requested in the read cycle (now in wq_*): compare and capture
    nhit_d  = rbank_q ? (ridx_q == fq_idx1_q) : (ridx_q == fq_idx0_q);
    nwe_d   = rbank_q ? wq_we1_q : wq_we0_q;
    ndat_d  = rbank_q ? wq_dat1_q : wq_dat0_q;
    fsel2_d = fsel_q;
    fdat2_d = fdat_q;
    // read stage 2: lanes written by that write win over the landing write's; the forwarded
    // lanes and their bytes are registered for stage 3
    ncoll = nhit_q ? nwe_q : 8'h00;
    ndat  = ndat_q;
    om_d  = ncoll | fsel2_q;
    for (fl = 0; fl < 8; fl = fl + 1)
      od_d[8*fl +: 8] = ncoll[fl] ? ndat[8*fl +: 8] : fdat2_q[8*fl +: 8];
    // read stage 3: forwarded lanes win over the RAM's
    for (fl = 0; fl < 8; fl = fl + 1)
      rdo[8*fl +: 8]   = rzero3_q ? 8'h00 :
                         om_q[fl] ? od_q[8*fl +: 8] :
                         rbank3_q ? rd1p_q[8*fl +: 8] : rd0p_q[8*fl +: 8];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q   <= 1'b1;
      swp_q    <= '0;
      rvalid_q <= 1'b0;
      rvalid2_q <= 1'b0;
      rvalid3_q <= 1'b0;
      wq_we0_q <= 8'h00;
      wq_we1_q <= 8'h00;
    end else begin
      busy_q   <= busy_d;
      swp_q    <= swp_d;
      rvalid_q <= rd_en_i;
      rvalid2_q <= rvalid_q;
      rvalid3_q <= rvalid2_q;
      wq_we0_q <= we0;
      wq_we1_q <= we1;
    end
  end

  // registered write address / data: no reset (used only with wq_we*_q)
  always @(posedge clk_i) begin
    wq_idx0_q <= widx0;
    wq_idx1_q <= widx1;
    wq_dat0_q <= wdat0;
    wq_dat1_q <= wdat1;
  end
  always @* wr_any = busy_q || hw_en_i || bw_en_i;
  always @(posedge clk_i)
    if (wr_any) begin
      fq_idx0_q <= widx0;
      fq_idx1_q <= widx1;
    end

  // read-side registers: no reset (don't-care while rd_valid_o is 0)
  always @(posedge clk_i) begin
    rzero_q <= rzero_d;
    rbank_q <= rbank_d;
    fsel_q  <= fsel_d;
    fdat_q  <= fdat_d;
    rzero2_q <= rzero_q;
    rbank2_q <= rbank_q;
    ridx_q   <= ridx_d;
    fsel2_q  <= fsel2_d;
    fdat2_q  <= fdat2_d;
    rd0_q    <= rd0;
    rd1_q    <= rd1;
    nhit_q   <= nhit_d;
    nwe_q    <= nwe_d;
    ndat_q   <= ndat_d;
    rzero3_q <= rzero2_q;
    rbank3_q <= rbank2_q;
    om_q     <= om_d;
    od_q     <= od_d;
    rd0p_q   <= rd0_q;
    rd1p_q   <= rd1_q;
  end

  // The RAMs are read in every cycle (read enable 1; timing: the host read request and its
  // address range check would otherwise drive the clock enables of 64 block RAMs spread over
  // the die). re0 / re1 remain the logical reads: their data is used (rzero_q = !go), the data
  // of the other cycles never is, and the C model keeps the enables.
  genvar l;
  generate
    for (l = 0; l < 8; l = l + 1) begin : g_lane
      nic_ram_1r1w #(.DEPTH(WORDS / 2), .WIDTH(8), .NBE(1)) u_even (
        .clk_i    (clk_i),
        .wr_en_i  (wq_we0_q[l]),
        .wr_addr_i(wq_idx0_q),
        .wr_data_i(wq_dat0_q[l*8 +: 8]),
        .wr_be_i  (1'b1),
        .rd_en_i  (1'b1),
        .rd_addr_i(ridx),
        .rd_data_o(rd0[l*8 +: 8])
      );
      nic_ram_1r1w #(.DEPTH(WORDS / 2), .WIDTH(8), .NBE(1)) u_odd (
        .clk_i    (clk_i),
        .wr_en_i  (wq_we1_q[l]),
        .wr_addr_i(wq_idx1_q),
        .wr_data_i(wq_dat1_q[l*8 +: 8]),
        .wr_be_i  (1'b1),
        .rd_en_i  (1'b1),
        .rd_addr_i(ridx),
        .rd_data_o(rd1[l*8 +: 8])
      );
    end
  endgenerate

  assign busy_o      = busy_q;
  assign rd_valid_o  = rvalid3_q;
  assign rd_data_o   = rdo;
  assign dbg_we_o    = {we1, we0};

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // a lane read in the same cycle as the RAM writes it (undefined RAM data) is always
  // forwarded, and so is a lane written by this cycle's request (write-first)
  // (only while the buffer request is valid: an empty write-buffer slot in front of the port
  // holds arbitrary data, and the flops are random before the first reset in simulation)
  always @* if (f_rst_seen && rst_ni && bw_en_i) assume (bw_idx0_i == bw_word_i[WA-1:1] + IA'(bw_word_i[0]));
  always @* if (f_rst_seen && rst_ni) begin
    if (!rb) assert (((re0 & wq_we0_q & ~fsel_d) == 8'h00) || (wq_idx0_q != ridx));
    if (rb)  assert (((re1 & wq_we1_q & ~fsel_d) == 8'h00) || (wq_idx1_q != ridx));
  end
  // the compare copies equal the RAM write index whenever a lane is written
  always @* if (f_rst_seen && rst_ni) begin
    if (wq_we0_q != 8'h00) assert (fq_idx0_q == wq_idx0_q);
    if (wq_we1_q != 8'h00) assert (fq_idx1_q == wq_idx1_q);
  end
  // lanes written by the request of the read cycle are forwarded by read stage 1
  reg [7:0] f_ncoll_q = 8'h00;
  always @(posedge clk_i)
    f_ncoll_q <= !rst_ni ? 8'h00 :
                 rb ? ((widx1 == ridx) ? (re1 & we1) : 8'h00) : ((widx0 == ridx) ? (re0 & we0) : 8'h00);
  always @* if (f_rst_seen) assert ((f_ncoll_q & ~({8{nhit_d}} & nwe_d)) == 8'h00);
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (go && qcoll != 8'h00 && qcoll != 8'hFF);  // partial forwarding (landing write)
      cover (f_ncoll_q != 8'h00 && f_ncoll_q != 8'hFF); // partial forwarding (same-cycle write)
      cover (!busy_q && $past(busy_q));               // sweep finished
    end
  end
`endif
endmodule
`default_nettype wire
