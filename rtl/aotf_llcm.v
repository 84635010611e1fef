`default_nettype none
// aotf_llcm: the low-latency common memory (LLCM) of the AOTF receive path.
//  - WORDS x 64-bit, stored as 2 banks (even / odd words) x 8 byte lanes, each lane one
//    nic_ram_1r1w of WORDS/2 x 8 bits. A write covers word W (bytes 0..7 of wr_data_i/wr_be_i)
//    and word W+1 (bytes 8..15), so an unaligned 1-8 byte write that straddles two words is
//    written in ONE cycle (the two words are always in different banks).
//  - Read port (host, byte address, bits 2:0 ignored): rd_valid_o/rd_data_o exactly one cycle
//    after rd_en_i, never stalled. Addresses >= WORDS*8 read 0.
//  - Two write requests, one write per cycle: the host port hw_* (one aligned word, priority)
//    and the buffer port bw_* (words W and W+1). They are decoded separately and selected last
//    (timing: the host-write strobe comes from the CSR decode, late; it only selects).
//  - Same-cycle write + read of one word: write-first. The colliding byte lanes' RAM read data
//    (undefined on a collision) is never used; their new bytes are forwarded from the write
//    port through a register instead. (The C model does not read those lanes, so its RAM
//    collision count stays 0; outputs are identical because the lanes are masked.)
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
  reg [WA-1:0] rword, rword_m1;
  reg [IA-1:0] ridx;
  reg [7:0]    coll, hcoll, bcoll;
  reg [63:0]   bfdat;
  reg [7:0]    re0, re1;
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
    // Colliding lanes per write request, compared on whole word addresses (timing: no write
    // index adder in front of the compare; the buffer's word W+1 is matched as read word - 1 ==
    // W, mod WORDS like the bank index): read word == W -> bytes 0..7 of the request, read word
    // == W+1 -> bytes 8..15. The host-write strobe only selects. (While busy_q no read goes to
    // the RAM, so coll is a don't-care then.)
    rword_m1 = rword - 1'b1;
    hcoll = (hw_en_i && rword == hw_word_i) ? hw_be_i : 8'h00;
    bcoll = !bw_en_i ? 8'h00 :
            (rword == bw_word_i)    ? bw_be_i[7:0] :
            (rword_m1 == bw_word_i) ? bw_be_i[15:8] : 8'h00;
    coll  = hw_en_i ? hcoll : bcoll;
    bfdat = rb ? bdat1 : bdat0;
    // Read enables do not depend on the write address (timing: the RAM clock enables of all
    // lanes would otherwise sit behind the write-address compare). A colliding lane is still
    // read, its (undefined) data is never used: fsel_q selects the forwarded byte instead.
    re0     = {8{go && !rb}};
    re1     = {8{go && rb}};
    rzero_d = !go;
    rbank_d = rb;
    fsel_d  = coll;                 // only used when the read went to the RAM (!rzero_q)
    fdat_d  = hw_en_i ? hw_data_i : bfdat;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q   <= 1'b1;
      swp_q    <= '0;
      rvalid_q <= 1'b0;
    end else begin
      busy_q   <= busy_d;
      swp_q    <= swp_d;
      rvalid_q <= rd_en_i;
    end
  end

  // read-side registers: no reset (don't-care while rd_valid_o is 0)
  always @(posedge clk_i) begin
    rzero_q <= rzero_d;
    rbank_q <= rbank_d;
    fsel_q  <= fsel_d;
    fdat_q  <= fdat_d;
  end

  genvar l;
  generate
    for (l = 0; l < 8; l = l + 1) begin : g_lane
      nic_ram_1r1w #(.DEPTH(WORDS / 2), .WIDTH(8), .NBE(1)) u_even (
        .clk_i    (clk_i),
        .wr_en_i  (we0[l]),
        .wr_addr_i(widx0),
        .wr_data_i(wdat0[l*8 +: 8]),
        .wr_be_i  (1'b1),
        .rd_en_i  (re0[l]),
        .rd_addr_i(ridx),
        .rd_data_o(rd0[l*8 +: 8])
      );
      nic_ram_1r1w #(.DEPTH(WORDS / 2), .WIDTH(8), .NBE(1)) u_odd (
        .clk_i    (clk_i),
        .wr_en_i  (we1[l]),
        .wr_addr_i(widx1),
        .wr_data_i(wdat1[l*8 +: 8]),
        .wr_be_i  (1'b1),
        .rd_en_i  (re1[l]),
        .rd_addr_i(ridx),
        .rd_data_o(rd1[l*8 +: 8])
      );
      assign rd_data_o[l*8 +: 8] = rzero_q ? 8'h00 :
                                   fsel_q[l] ? fdat_q[l*8 +: 8] :
                                   rbank_q ? rd1[l*8 +: 8] : rd0[l*8 +: 8];
    end
  endgenerate

  assign busy_o      = busy_q;
  assign rd_valid_o  = rvalid_q;
  assign dbg_we_o    = {we1, we0};

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // a lane read in the same cycle as it is written (undefined RAM data) is always forwarded
  always @* assume (bw_idx0_i == bw_word_i[WA-1:1] + IA'(bw_word_i[0]));
  always @* begin
    if (!rb) assert (((re0 & we0 & ~fsel_d) == 8'h00) || (widx0 != ridx));
    if (rb)  assert (((re1 & we1 & ~fsel_d) == 8'h00) || (widx1 != ridx));
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (go && coll != 8'h00 && coll != 8'hFF);   // partial forwarding
      cover (!busy_q && $past(busy_q));               // sweep finished
    end
  end
`endif
endmodule
`default_nettype wire
