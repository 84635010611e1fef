// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// DP16KD: behavioural simulation model of the Lattice ECP5 18 Kbit block RAM, for running the
// ECP5-mapped netlists (synth_ecp5, then syn/ecp5_outreg.py) in lockstep with the C model
// (make lockstep-ecp5). Simulation only. Yosys 0.23's cells_sim.v declares DP16KD as an empty
// blackbox, so the mapped netlists had no RAM behaviour; this file takes its place (the Makefile
// drops the blackbox from its copy of cells_sim.v).
//
// Written from the ECP5 memory usage guide (TN1264) and the port use of Yosys' ECP5 mapping
// (techlibs/ecp5/brams_map.v):
//  - array: 1024 rows of 18 bits (two 9-bit bytes). DATA_WIDTH 36 / 18 / 9 address a 36-bit
//    word as rows 2a (low half) and 2a+1, an 18-bit word as a row, a 9-bit word as one byte of a
//    row. Widths 4 / 2 / 1 see the 16 data bits of a row (bits 0-7 and 9-16; the 9th bits are not
//    reachable in these modes).
//  - address bits per width: 36: AD[13:5] (port A: AD[3:0] byte write enables); 18: AD[13:4]
//    (AD[1:0] byte write enables); 9: AD[13:3]; 4: AD[13:2]; 2: AD[13:1]; 1: AD[13:0].
//  - data: 36-bit mode: DIA / DOA carry bits 17:0 and DIB / DOB bits 35:18 (port A writes, port B
//    reads); narrower widths use the low bits of the port's own DI / DO.
//  - a port acts at the rising clock edge when CE is 1 and CS2..0 equal CSDECODE. A write with WE
//    stores the enabled bytes; the port's read latch then follows WRITEMODE (NORMAL: unchanged,
//    WRITETHROUGH: the new word, READBEFOREWRITE: the old word). Without WE the latch takes the
//    addressed word. A read of the address the other port writes in the same edge returns the old
//    word (nic_ram_1r1w leaves this case undefined and its users never read it). Two writes to
//    one row in the same edge (a true dual port use, not made by nic_ram_1r1w): the last wins.
//  - 36-bit mode: port B's controls (CEB, OCEB, RSTB, REGMODE_B) act on all 36 read bits (nextpnr
//    times DOA and DOB in the CLKB domain). Which REGMODE registers DOA is not documented in
//    what we could read, so REGMODE_A must equal REGMODE_B and, with OUTREG, OCEA must equal OCEB
//    (the model stops otherwise): then every reading registers each bit once.
//  - RST clears the read latch and the output register (RESETMODE SYNC: at the edge, whatever CE
//    is; ASYNC: at once). REGMODE OUTREG adds the output register, loaded from the latch when OCE is
//    1: DO is then one cycle later.
//  - memory contents start from INITVAL_00..3F (row r = bits 20*(r%16) +: 18 of INITVAL_(r/16)),
//    read latches and output registers from 0. GSR, ASYNC_RESET_RELEASE: ignored.
// Not modelled (rejected at elaboration where a parameter says so): inverted clocks (CLKxMUX),
// inverted or constant pin muxes other than the defaults.
module DP16KD #(
  parameter integer DATA_WIDTH_A = 18,
  parameter integer DATA_WIDTH_B = 18,
  parameter REGMODE_A = "NOREG",
  parameter REGMODE_B = "NOREG",
  parameter RESETMODE = "SYNC",
  parameter ASYNC_RESET_RELEASE = "SYNC",
  parameter CSDECODE_A = "0b000",
  parameter CSDECODE_B = "0b000",
  parameter WRITEMODE_A = "NORMAL",
  parameter WRITEMODE_B = "NORMAL",
  parameter GSR = "ENABLED",
  parameter CLKAMUX = "CLKA",
  parameter CLKBMUX = "CLKB",
  parameter [319:0] INITVAL_00 = 320'd0, INITVAL_01 = 320'd0, INITVAL_02 = 320'd0, INITVAL_03 = 320'd0,
  parameter [319:0] INITVAL_04 = 320'd0, INITVAL_05 = 320'd0, INITVAL_06 = 320'd0, INITVAL_07 = 320'd0,
  parameter [319:0] INITVAL_08 = 320'd0, INITVAL_09 = 320'd0, INITVAL_0A = 320'd0, INITVAL_0B = 320'd0,
  parameter [319:0] INITVAL_0C = 320'd0, INITVAL_0D = 320'd0, INITVAL_0E = 320'd0, INITVAL_0F = 320'd0,
  parameter [319:0] INITVAL_10 = 320'd0, INITVAL_11 = 320'd0, INITVAL_12 = 320'd0, INITVAL_13 = 320'd0,
  parameter [319:0] INITVAL_14 = 320'd0, INITVAL_15 = 320'd0, INITVAL_16 = 320'd0, INITVAL_17 = 320'd0,
  parameter [319:0] INITVAL_18 = 320'd0, INITVAL_19 = 320'd0, INITVAL_1A = 320'd0, INITVAL_1B = 320'd0,
  parameter [319:0] INITVAL_1C = 320'd0, INITVAL_1D = 320'd0, INITVAL_1E = 320'd0, INITVAL_1F = 320'd0,
  parameter [319:0] INITVAL_20 = 320'd0, INITVAL_21 = 320'd0, INITVAL_22 = 320'd0, INITVAL_23 = 320'd0,
  parameter [319:0] INITVAL_24 = 320'd0, INITVAL_25 = 320'd0, INITVAL_26 = 320'd0, INITVAL_27 = 320'd0,
  parameter [319:0] INITVAL_28 = 320'd0, INITVAL_29 = 320'd0, INITVAL_2A = 320'd0, INITVAL_2B = 320'd0,
  parameter [319:0] INITVAL_2C = 320'd0, INITVAL_2D = 320'd0, INITVAL_2E = 320'd0, INITVAL_2F = 320'd0,
  parameter [319:0] INITVAL_30 = 320'd0, INITVAL_31 = 320'd0, INITVAL_32 = 320'd0, INITVAL_33 = 320'd0,
  parameter [319:0] INITVAL_34 = 320'd0, INITVAL_35 = 320'd0, INITVAL_36 = 320'd0, INITVAL_37 = 320'd0,
  parameter [319:0] INITVAL_38 = 320'd0, INITVAL_39 = 320'd0, INITVAL_3A = 320'd0, INITVAL_3B = 320'd0,
  parameter [319:0] INITVAL_3C = 320'd0, INITVAL_3D = 320'd0, INITVAL_3E = 320'd0, INITVAL_3F = 320'd0
) (
  input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5,
  input  wire DIA4, DIA3, DIA2, DIA1, DIA0,
  input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
  input  wire CEA, OCEA, CLKA, WEA, RSTA,
  input  wire CSA2, CSA1, CSA0,
  output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5,
  output wire DOA4, DOA3, DOA2, DOA1, DOA0,
  input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5,
  input  wire DIB4, DIB3, DIB2, DIB1, DIB0,
  input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
  input  wire CEB, OCEB, CLKB, WEB, RSTB,
  input  wire CSB2, CSB1, CSB0,
  output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5,
  output wire DOB4, DOB3, DOB2, DOB1, DOB0
);
  // "0bXYZ" (5 characters): the chip-select value is the low bit of the last three characters
  localparam [2:0] CSV_A = {CSDECODE_A[16], CSDECODE_A[8], CSDECODE_A[0]};
  localparam [2:0] CSV_B = {CSDECODE_B[16], CSDECODE_B[8], CSDECODE_B[0]};
  localparam bit   W36   = (DATA_WIDTH_A == 36);   // pseudo dual port: A writes 36, B reads 36
  localparam bit   OUT_A = (REGMODE_A == "OUTREG");
  localparam bit   OUT_B = (REGMODE_B == "OUTREG");
  localparam bit   ARST  = (RESETMODE == "ASYNC");

  function automatic bit width_ok(input integer w);
    width_ok = (w == 1 || w == 2 || w == 4 || w == 9 || w == 18 || w == 36);
  endfunction
  initial begin
    if (!width_ok(DATA_WIDTH_A) || !width_ok(DATA_WIDTH_B) ||
        ((DATA_WIDTH_A == 36) != (DATA_WIDTH_B == 36)))
      $fatal(1, "DP16KD model: DATA_WIDTH_A %0d / DATA_WIDTH_B %0d not modelled", DATA_WIDTH_A,
             DATA_WIDTH_B);
    if (CLKAMUX != "CLKA" || CLKBMUX != "CLKB")
      $fatal(1, "DP16KD model: inverted clocks not modelled");
    if (!(REGMODE_A == "NOREG" || REGMODE_A == "OUTREG") || !(REGMODE_B == "NOREG" || REGMODE_B == "OUTREG"))
      $fatal(1, "DP16KD model: REGMODE must be NOREG or OUTREG");
    if (W36 && REGMODE_A != REGMODE_B)
      $fatal(1, "DP16KD model: 36-bit mode with REGMODE_A %s, REGMODE_B %s: which register DOA uses is not modelled (set both)",
             REGMODE_A, REGMODE_B);
    if (!(RESETMODE == "SYNC" || RESETMODE == "ASYNC"))
      $fatal(1, "DP16KD model: RESETMODE must be SYNC or ASYNC");
  end

  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6,
                     DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6,
                     DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2,
                     ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2,
                     ADB1, ADB0};

  reg [17:0] mem [0:1023];
  reg [35:0] lat_a, lat_b, oreg_a, oreg_b;   // read latches, output registers (36-bit: B only)

  integer r;
  initial begin
    for (r = 0; r < 1024; r = r + 1) mem[r] = initrow(r);
    lat_a = 36'd0; lat_b = 36'd0; oreg_a = 36'd0; oreg_b = 36'd0;
  end

  function automatic [17:0] initrow(input integer row);
    reg [319:0] v;
    begin
      case (row / 16)
        6'h00: v = INITVAL_00; 6'h01: v = INITVAL_01; 6'h02: v = INITVAL_02; 6'h03: v = INITVAL_03;
        6'h04: v = INITVAL_04; 6'h05: v = INITVAL_05; 6'h06: v = INITVAL_06; 6'h07: v = INITVAL_07;
        6'h08: v = INITVAL_08; 6'h09: v = INITVAL_09; 6'h0A: v = INITVAL_0A; 6'h0B: v = INITVAL_0B;
        6'h0C: v = INITVAL_0C; 6'h0D: v = INITVAL_0D; 6'h0E: v = INITVAL_0E; 6'h0F: v = INITVAL_0F;
        6'h10: v = INITVAL_10; 6'h11: v = INITVAL_11; 6'h12: v = INITVAL_12; 6'h13: v = INITVAL_13;
        6'h14: v = INITVAL_14; 6'h15: v = INITVAL_15; 6'h16: v = INITVAL_16; 6'h17: v = INITVAL_17;
        6'h18: v = INITVAL_18; 6'h19: v = INITVAL_19; 6'h1A: v = INITVAL_1A; 6'h1B: v = INITVAL_1B;
        6'h1C: v = INITVAL_1C; 6'h1D: v = INITVAL_1D; 6'h1E: v = INITVAL_1E; 6'h1F: v = INITVAL_1F;
        6'h20: v = INITVAL_20; 6'h21: v = INITVAL_21; 6'h22: v = INITVAL_22; 6'h23: v = INITVAL_23;
        6'h24: v = INITVAL_24; 6'h25: v = INITVAL_25; 6'h26: v = INITVAL_26; 6'h27: v = INITVAL_27;
        6'h28: v = INITVAL_28; 6'h29: v = INITVAL_29; 6'h2A: v = INITVAL_2A; 6'h2B: v = INITVAL_2B;
        6'h2C: v = INITVAL_2C; 6'h2D: v = INITVAL_2D; 6'h2E: v = INITVAL_2E; 6'h2F: v = INITVAL_2F;
        6'h30: v = INITVAL_30; 6'h31: v = INITVAL_31; 6'h32: v = INITVAL_32; 6'h33: v = INITVAL_33;
        6'h34: v = INITVAL_34; 6'h35: v = INITVAL_35; 6'h36: v = INITVAL_36; 6'h37: v = INITVAL_37;
        6'h38: v = INITVAL_38; 6'h39: v = INITVAL_39; 6'h3A: v = INITVAL_3A; 6'h3B: v = INITVAL_3B;
        6'h3C: v = INITVAL_3C; 6'h3D: v = INITVAL_3D; 6'h3E: v = INITVAL_3E; default: v = INITVAL_3F;
      endcase
      initrow = v[20 * (row % 16) +: 18];
    end
  endfunction

  // physical bit of data bit d (0..15) in the x1 / x2 / x4 modes (the 9th bits are skipped)
  function automatic integer nb(input integer d);
    nb = (d < 8) ? d : d + 1;
  endfunction

  // the word a port addresses, as {36 bits}: w = data width, ad = address pins
  function automatic [35:0] rd_word(input integer w, input [13:0] ad);
    integer k, base;
    reg [17:0] row;
    begin
      rd_word = 36'd0;
      case (w)
        36: rd_word = {mem[{ad[13:5], 1'b1}], mem[{ad[13:5], 1'b0}]};
        18: rd_word[17:0] = mem[ad[13:4]];
        9: begin
          row = mem[ad[13:4]];
          rd_word[8:0] = ad[3] ? row[17:9] : row[8:0];
        end
        default: begin   // 4 / 2 / 1: w bits at data bit position (address low bits) * w
          row  = mem[ad[13:4]];
          base = (w == 4) ? 4 * ad[3:2] : ((w == 2) ? 2 * ad[3:1] : ad[3:0]);
          for (k = 0; k < w; k = k + 1) rd_word[k] = row[nb(base + k)];
        end
      endcase
    end
  endfunction

  // the row a write of width w <= 18 leaves: the row at ad with the written bits replaced
  function automatic [17:0] wr_row(input integer w, input [13:0] ad, input [17:0] d,
                                   input [17:0] row);
    integer k, base;
    begin
      wr_row = row;
      case (w)
        18: begin
          if (ad[0]) wr_row[8:0]  = d[8:0];
          if (ad[1]) wr_row[17:9] = d[17:9];
        end
        9: begin
          if (ad[3]) wr_row[17:9] = d[8:0];
          else       wr_row[8:0]  = d[8:0];
        end
        default: begin
          base = (w == 4) ? 4 * ad[3:2] : ((w == 2) ? 2 * ad[3:1] : ad[3:0]);
          for (k = 0; k < w; k = k + 1) wr_row[nb(base + k)] = d[k];
        end
      endcase
    end
  endfunction

  // a write: w = data width, ad = address pins, d = {DIB, DIA} (36-bit) or the port's DI
  task automatic wr_word(input integer w, input [13:0] ad, input [35:0] d);
    begin
      if (w == 36) begin
        if (ad[0]) mem[{ad[13:5], 1'b0}][8:0]  <= d[8:0];
        if (ad[1]) mem[{ad[13:5], 1'b0}][17:9] <= d[17:9];
        if (ad[2]) mem[{ad[13:5], 1'b1}][8:0]  <= d[26:18];
        if (ad[3]) mem[{ad[13:5], 1'b1}][17:9] <= d[35:27];
      end else begin
        mem[ad[13:4]] <= wr_row(w, ad, d[17:0], mem[ad[13:4]]);
      end
    end
  endtask

  wire rsta_async = ARST && RSTA;   // (constant 0 in SYNC mode: no asynchronous event)
  wire rstb_async = ARST && RSTB;
  wire sel_a = CEA && ({CSA2, CSA1, CSA0} == CSV_A);
  wire sel_b = CEB && ({CSB2, CSB1, CSB0} == CSV_B);

  // a port's read latch after an edge that selects it: with WE, per WRITEMODE (NORMAL: unchanged,
  // WRITETHROUGH: the written word, READBEFOREWRITE: the old word); without WE, the addressed word
  // (mem is read before this edge's write lands)
  function automatic [35:0] next_lat(input we, input [8*15:1] mode, input integer w, input [13:0] ad,
                                     input [35:0] wd, input [35:0] cur);
    if (!we)                              next_lat = rd_word(w, ad);
    else if (mode == "WRITETHROUGH")      next_lat = wd;
    else if (mode == "READBEFOREWRITE")   next_lat = rd_word(w, ad);
    else                                  next_lat = cur;
  endfunction

  wire [35:0] wd_a = W36 ? {dib, dia} : {18'd0, dia};
  wire        we_b = WEB && !W36;   // (36-bit mode: B only reads)

  // port A (in 36-bit mode: the write port; its read latch is not used)
  always @(posedge CLKA or posedge rsta_async) begin
    if (RSTA) begin
      lat_a  <= 36'd0;
      oreg_a <= 36'd0;
    end else begin
      if (sel_a && WEA) wr_word(DATA_WIDTH_A, ada, wd_a);
      if (sel_a) lat_a <= next_lat(WEA, WRITEMODE_A, DATA_WIDTH_A, ada, wd_a, lat_a);
      if (OCEA) oreg_a <= lat_a;
    end
  end

  // port B (in 36-bit mode: the read port)
  always @(posedge CLKB or posedge rstb_async) begin
    if (RSTB) begin
      lat_b  <= 36'd0;
      oreg_b <= 36'd0;
    end else begin
      if (sel_b && we_b) wr_word(DATA_WIDTH_B, adb, {18'd0, dib});
      if (sel_b) lat_b <= next_lat(we_b, WRITEMODE_B, DATA_WIDTH_B, adb, {18'd0, dib}, lat_b);
      if (OCEB) oreg_b <= lat_b;
    end
  end

  // 36-bit OUTREG: OCEA must follow OCEB (the two readings of DOA's register agree only then)
  always @(posedge CLKB)
    if (W36 && OUT_B && OCEA != OCEB)
      $fatal(1, "DP16KD model: 36-bit OUTREG with OCEA %b != OCEB %b", OCEA, OCEB);

  wire [35:0] qa = OUT_A ? oreg_a : lat_a;
  wire [35:0] qb = OUT_B ? oreg_b : lat_b;
  // 36-bit mode: DOA = bits 17:0 and DOB = bits 35:18 of port B's word
  wire [17:0] doa = W36 ? qb[17:0] : qa[17:0];
  wire [17:0] dob = W36 ? qb[35:18] : qb[17:0];
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4,
          DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4,
          DOB3, DOB2, DOB1, DOB0} = dob;
endmodule
`default_nettype wire
