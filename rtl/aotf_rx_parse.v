// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_parse: the Mini-OTF packet parser and checker of aotf_rx (docs/reference/aotf_rx.md).
//  A packet is a header of 4, 3 or 2 beats (flags.HFMT of beat 0: HFMT_32, HFMT_24, HFMT_16)
//  and its data beats from beat dbi = 4, 3 or 2 on: one for AOTF, ceil(len / 8) for a BOTF
//  packet (PTYPE_BOTF, FLAG_AOTF clear, length 1..464; one for any other packet). Every data
//  beat of a BOTF packet goes to the packet buffer (pb_wr_o); its checks (tkeep 0xFF on every
//  beat but the last, tlast only on the last) are gathered up to the last beat. The header beats load the header registers (type/flag,
//  form and pgid; remote address; length); the data beat ends the packet with one event (ev_o,
//  EV_* below): checked in the order link (s_axis_tuser_i), type/flag, len, tkeep, LLCM range,
//  protection. A packet with FLAG_XLAT_SKIP is checked against the protection table (prot_ok_i,
//  from aotf_rx_prot): push_o = the packet is good, its data beat goes to the write buffer in this
//  cycle. A packet without it that passes the format checks is captured by the receive TLB
//  (cap_o, aotf_rx_tlb), which decides it later (no event here). A packet that ends early is EV_TRUNC; one that goes on past its
//  data beat is discarded up to its tlast beat (disc_o) and ends there as EV_OVERLONG; an HFMT_8
//  packet is discarded from beat 0 up to its tlast beat and ends there as EV_TYPE. A tlast beat
//  with s_axis_tuser_i set ends any packet as EV_LINK. After the last header beat of a 24- or
//  16-byte header the parser holds the stream for one cycle (stall_o): the data-beat checks are
//  computed from the header registers in that cycle. The stream handshake itself (tready_i) is
//  made by the top from registered state.
module aotf_rx_parse #(
  parameter int LLCM_BYTES = 131072,
  localparam int LB = $clog2(LLCM_BYTES)  // byte address bits
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire [63:0]   s_axis_tdata_i,
  input  wire [7:0]    s_axis_tkeep_i,
  input  wire          s_axis_tvalid_i,
  input  wire          s_axis_tlast_i,
  input  wire          s_axis_tuser_i,  // on the tlast beat: the link layer rejects the packet
  input  wire          tready_i,      // a valid beat is accepted (registered state only)
  input  wire          prot_ok_i,     // protection checks of this cycle's data beat
  // header of the packet in flight (stable from the cycle after its beat on)
  output wire [15:0]   pgid_o,
  output wire [LB-1:0] raddr_o,
  output wire [8:0]    len_o,         // len[8:0] (1..8 / 1..464 when the packet is good)
  output wire          botf_o,        // the packet in flight is a BOTF packet
  output wire          pb_wr_o,       // this cycle's beat is a BOTF data beat: to the packet buffer
  output wire [5:0]    pb_idx_o,      // its index
  output wire          commit_o,      // a good FLAG_XLAT_SKIP BOTF packet ends this cycle
  input  wire          pb_busy_i,     // the packet buffer's fill slot is not free (registered)
  input  wire          drain_i,       // the packet buffer drains (registered)
  output wire [15:0]   pid_o,
  output wire [7:0]    region_o,
  output wire [LB:0]   pend_o,        // raddr + len[8:0]: the byte after the write
  // packet events
  output wire [3:0]    ev_o,          // this cycle's event, EV_NONE = 0
  output wire          push_o,        // ev_o == EV_GOOD
  output wire          cap_o,         // a translated packet passed the format checks: to the TLB
  output wire          stall_o,       // hold the stream this cycle (registered state only)
  // state, for the STATUS register and observability
  output wire [2:0]    beat_o,
  output wire          disc_o
);
  // packet events (also STATUS bit ev-1)
  localparam logic [3:0] EV_NONE = 4'd0, EV_GOOD = 4'd1, EV_TYPE = 4'd2, EV_LEN = 4'd3,
                         EV_KEEP = 4'd4, EV_RANGE = 4'd5, EV_PROT = 4'd6, EV_TRUNC = 4'd7,
                         EV_OVERLONG = 4'd8, EV_LINK = 4'd9;
  localparam logic [1:0] F16 = nic_pkg::HFMT_16[1:0], F24 = nic_pkg::HFMT_24[1:0],
                         F8 = nic_pkg::HFMT_8[1:0];
  localparam int FL = nic_pkg::AOTF_HDR_FLAGS_LSB + nic_pkg::FLAG_HFMT_LSB;  // HFMT in beat 0

  reg [2:0]    beat_q, beat_d;
  reg [2:0]    dbi_q, dbi_d;             // data beat index of the packet (4, 3 or 2)
  reg          dat_q, dat_d;             // beat_q == dbi_q (the next beat is the data beat)
  reg          cf_q, cf_d;               // compact form (HFMT_16)
  reg          stall_q, stall_d;
  reg          disc_q, disc_d;
  reg          dev_ty_q, dev_ty_d;       // discard ends as EV_TYPE (HFMT_8), else EV_OVERLONG
  reg          type_ok_q, type_ok_d;
  reg          botf_q, botf_d;           // PTYPE_BOTF with FLAG_AOTF clear
  reg [5:0]    dcnt_q, dcnt_d;           // data beat index
  reg          kbad_q, kbad_d;           // a data beat before the last had tkeep != 0xFF
  reg          skip_q, skip_d;           // FLAG_XLAT_SKIP: physical address, protection table
  reg [15:0]   pid_q, pid_d;
  reg [7:0]    rg_q, rg_d;
  reg [15:0]   pgid_q, pgid_d;
  reg [LB-1:0] raddr_q, raddr_d;
  reg          raddr_hi_q, raddr_hi_d;   // raddr bits above LB not all zero
  reg [15:0]   len_q, len_d;
  // data-beat checks, computed in the cycle before from the header registers (stable from the
  // cycle before the data beat on): exact, no added cycle
  reg          ck_len_q, ck_rng_q;
  reg [5:0]    ck_nb_q;   // data beats - 1 (0 unless a BOTF packet of length 1..464)
  reg          ck_tl_q;   // type_ok_q && len check (push only; the events keep them apart)
  reg [7:0]    ck_keep_q;

  reg          acc, push, push_pre, cap, commit, good_pre, lastd, pbw;
  reg [5:0]    nb;
  reg [3:0]    ev;
  reg [7:0]    keep_exp;
  reg [LB:0]   pend;
  reg          len_ok, range_ok;
  reg [1:0]    fm;
  reg [2:0]    beat_a, dbi_a;
  reg          dat_a;

  always @* begin
    acc     = s_axis_tvalid_i && tready_i;
    fm      = s_axis_tdata_i[FL +: 2];

    // ---- checks of a data beat, for the next cycle (see ck_*_q)
    keep_exp = (len_q[2:0] == 3'd0) ? 8'hFF : ~(8'hFF << len_q[2:0]);
    len_ok   = (len_q != 16'd0) && (len_q <= (botf_q ? 16'd464 : 16'd8));
    nb       = (botf_q && len_ok) ? 6'((len_q[8:0] - 9'd1) >> 3) : 6'd0;
    pend     = {1'b0, raddr_q} + (LB+1)'(len_q[8:0]);
    range_ok = !raddr_hi_q && (pend <= (LB+1)'(LLCM_BYTES));

    // ---- parser
    beat_d     = beat_q;
    dbi_d      = dbi_q;
    cf_d       = cf_q;
    stall_d    = 1'b0;
    disc_d     = disc_q;
    dev_ty_d   = dev_ty_q;
    type_ok_d  = type_ok_q;
    botf_d     = botf_q;
    dcnt_d     = dcnt_q;
    kbad_d     = kbad_q;
    lastd      = (dcnt_q == ck_nb_q);
    pbw        = 1'b0;
    skip_d     = skip_q;
    pid_d      = pid_q;
    rg_d       = rg_q;
    pgid_d     = pgid_q;
    raddr_d    = raddr_q;
    raddr_hi_d = raddr_hi_q;
    len_d      = len_q;
    ev         = EV_NONE;
    if (acc) begin
      if (disc_q) begin
        disc_d = !s_axis_tlast_i;
        if (s_axis_tlast_i) ev = s_axis_tuser_i ? EV_LINK : (dev_ty_q ? EV_TYPE : EV_OVERLONG);
      end else if (!dat_q) begin
        if (beat_q == 3'd0) begin
          botf_d    = (s_axis_tdata_i[nic_pkg::AOTF_HDR_PTYPE_LSB +: 8] == nic_pkg::PTYPE_BOTF[7:0]) &&
                      ((s_axis_tdata_i[nic_pkg::AOTF_HDR_FLAGS_LSB +: 8] & nic_pkg::FLAG_AOTF[7:0]) == 8'd0);
          type_ok_d = ((s_axis_tdata_i[nic_pkg::AOTF_HDR_PTYPE_LSB +: 8] == nic_pkg::PTYPE_AOTF[7:0]) &&
                       ((s_axis_tdata_i[nic_pkg::AOTF_HDR_FLAGS_LSB +: 8] & nic_pkg::FLAG_AOTF[7:0]) != 8'd0)) ||
                      botf_d;
          dcnt_d    = 6'd0;
          kbad_d    = 1'b0;
          pgid_d    = s_axis_tdata_i[nic_pkg::AOTF_HDR_PGID_LSB +: 16];
          skip_d    = (s_axis_tdata_i[nic_pkg::AOTF_HDR_FLAGS_LSB +: 8] & nic_pkg::FLAG_XLAT_SKIP[7:0]) != 8'd0;
          cf_d      = (fm == F16);
          dbi_d     = (fm == F16) ? 3'd2 : (fm == F24) ? 3'd3 : 3'd4;
        end
        if (beat_q == 3'd1) begin
          if (cf_q) begin
            raddr_d    = s_axis_tdata_i[LB-1:0];
            raddr_hi_d = (s_axis_tdata_i[nic_pkg::AOTF16_HDR_RADDR_W-1:LB] != '0);
            len_d      = s_axis_tdata_i[nic_pkg::AOTF16_HDR_LEN_LSB +: 16];
            pid_d      = s_axis_tdata_i[nic_pkg::AOTF16_HDR_PID_LSB +: 16];
            rg_d       = s_axis_tdata_i[nic_pkg::AOTF16_HDR_REGION_LSB +: 8];
          end else begin
            raddr_d    = s_axis_tdata_i[LB-1:0];
            raddr_hi_d = (s_axis_tdata_i[63:LB] != '0);
          end
        end
        if (beat_q == 3'd2) begin
          len_d = {s_axis_tdata_i[nic_pkg::AOTF_HDR_LEN_HI_LSB +: 8],
                   s_axis_tdata_i[nic_pkg::AOTF_HDR_LEN_LSB +: 8]};
          pid_d = s_axis_tdata_i[nic_pkg::AOTF_HDR_PID_LSB +: 16];
          rg_d  = s_axis_tdata_i[nic_pkg::AOTF_HDR_REGION_LSB +: 8];
        end
        if (beat_q == 3'd0 && fm == F8) begin
          // 8-byte header: not a receivable form, dropped as TYPE at its tlast beat
          beat_d   = 3'd0;
          disc_d   = !s_axis_tlast_i;
          dev_ty_d = 1'b1;
          if (s_axis_tlast_i) ev = s_axis_tuser_i ? EV_LINK : EV_TYPE;
        end else if (s_axis_tlast_i) begin
          ev     = s_axis_tuser_i ? EV_LINK : EV_TRUNC;
          beat_d = 3'd0;
        end else begin
          beat_d  = beat_q + 3'd1;
          // the last header beat of a 24- or 16-byte header: one cycle for the checks
          stall_d = (beat_q == 3'd2 && dbi_q == 3'd3) || (beat_q == 3'd1 && cf_q);
        end
      end else if (!lastd) begin
        // a BOTF data beat before the last
        pbw = botf_q;
        if (s_axis_tlast_i) begin
          ev     = s_axis_tuser_i ? EV_LINK : EV_TRUNC;
          beat_d = 3'd0;
        end else begin
          dcnt_d = dcnt_q + 6'd1;
          kbad_d = kbad_q || (s_axis_tkeep_i != 8'hFF);
        end
      end else begin
        pbw    = botf_q;
        beat_d = 3'd0;
        if (!s_axis_tlast_i) begin
          disc_d   = 1'b1;
          dev_ty_d = 1'b0;
        end else if (s_axis_tuser_i)           ev = EV_LINK;
        else if (!type_ok_q)                   ev = EV_TYPE;
        else if (!ck_len_q)                    ev = EV_LEN;
        else if (s_axis_tkeep_i != ck_keep_q || kbad_q) ev = EV_KEEP;
        else if (!ck_rng_q)                    ev = EV_RANGE;
        else if (!skip_q)                      ev = EV_NONE;   // to the TLB (cap)
        else if (!prot_ok_i)                   ev = EV_PROT;
        else                                   ev = EV_GOOD;
      end
    end
    // dat_d = (beat_d == dbi_d) && (beat_d != 0), or the next BOTF data beat; computed for an
    // accepted beat (beat_a, dbi_a: beat_d, dbi_d with acc = 1) and for none, and selected by
    // acc last (timing: tready_i, a late AND of many registers, only selects)
    beat_a = 3'd0;
    if (disc_q)                                    beat_a = beat_q;
    else if (!dat_q)                               beat_a = ((beat_q == 3'd0 && fm == F8) || s_axis_tlast_i) ?
                                                            3'd0 : beat_q + 3'd1;
    else if (!lastd)                               beat_a = s_axis_tlast_i ? 3'd0 : beat_q;
    dbi_a = (!disc_q && !dat_q && beat_q == 3'd0) ? ((fm == F16) ? 3'd2 : (fm == F24) ? 3'd3 : 3'd4) :
                                                    dbi_q;
    dat_a = ((beat_a == dbi_a) && (beat_a != 3'd0)) ||
            (dat_q && !disc_q && !lastd && !s_axis_tlast_i);   // next BOTF data beat
    dat_d = acc ? dat_a : ((beat_q == dbi_q) && (beat_q != 3'd0));
    // push = (ev == EV_GOOD) as one AND (asserted): the terms of registered state first
    // (push_pre; disc_q is 0 whenever dat_q is 1, asserted), the beat's own inputs (tvalid,
    // tlast, tuser, tkeep) last. Timing: push drives the write-buffer count / slot registers.
    good_pre = tready_i && dat_q && lastd && !kbad_q && ck_tl_q && ck_rng_q;
    push_pre = good_pre && skip_q && prot_ok_i && !botf_q;
    push     = s_axis_tvalid_i && s_axis_tlast_i && !s_axis_tuser_i &&
               (s_axis_tkeep_i == ck_keep_q) && push_pre;
    commit   = s_axis_tvalid_i && s_axis_tlast_i && !s_axis_tuser_i &&
               (s_axis_tkeep_i == ck_keep_q) && good_pre && skip_q && prot_ok_i && botf_q;
    cap      = s_axis_tvalid_i && s_axis_tlast_i && !s_axis_tuser_i &&
               (s_axis_tkeep_i == ck_keep_q) && good_pre && !skip_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      beat_q  <= 3'd0;
      dat_q   <= 1'b0;
      stall_q <= 1'b0;
      disc_q  <= 1'b0;
    end else begin
      beat_q  <= beat_d;
      dat_q   <= dat_d;
      stall_q <= stall_d;
      disc_q  <= disc_d;
    end
  end

  // header fields: no reset (always written by the header beats before the data beat uses them)
  always @(posedge clk_i) begin
    dbi_q      <= dbi_d;
    cf_q       <= cf_d;
    dev_ty_q   <= dev_ty_d;
    type_ok_q  <= type_ok_d;
    botf_q     <= botf_d;
    dcnt_q     <= dcnt_d;
    kbad_q     <= kbad_d;
    ck_nb_q    <= nb;
    skip_q     <= skip_d;
    pid_q      <= pid_d;
    rg_q       <= rg_d;
    pgid_q     <= pgid_d;
    raddr_q    <= raddr_d;
    raddr_hi_q <= raddr_hi_d;
    len_q      <= len_d;
    // checks for the next cycle (only used in a data-beat cycle: the header is stable then)
    ck_len_q   <= len_ok;
    ck_tl_q    <= len_ok && type_ok_q;
    ck_keep_q  <= keep_exp;
    ck_rng_q   <= range_ok;
  end

  assign pgid_o  = pgid_q;
  assign raddr_o = raddr_q;
  assign len_o   = len_q[8:0];
  assign botf_o  = botf_q;
  assign pb_wr_o = acc && !disc_q && pbw;
  assign pb_idx_o = dcnt_q;
  assign commit_o = commit;
  assign pend_o  = pend;
  assign ev_o    = ev;
  assign push_o  = push;
  assign cap_o   = cap;
  assign pid_o   = pid_q;
  assign region_o = rg_q;
  // hold the stream: the check cycle of a short header; a BOTF data beat while the packet
  // buffer's fill slot is taken; an AOTF data beat while the packet buffer drains (the BOTF
  // writes ahead of it land first)
  assign stall_o = stall_q || (dat_q && botf_q && pb_busy_i) || (dat_q && !botf_q && drain_i);
  assign beat_o  = beat_q;
  assign disc_o  = disc_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // ck_tl_q = ck_len_q && type_ok_q whenever type_ok_q held for a cycle (always true in a
  // data-beat cycle: type_ok_q is loaded at beat 0)
  reg f_tok_q = 1'b0, f_tok_ok = 1'b0;
  always @(posedge clk_i) begin
    f_tok_q  <= type_ok_q;
    f_tok_ok <= 1'b1;
    if (f_tok_ok && f_tok_q == type_ok_q) assert (ck_tl_q == (ck_len_q && type_ok_q));
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      assert (beat_q <= 3'd4);
      assert (!(disc_q && beat_q != 3'd0));
      assert (!(disc_q && dat_q));
      assert (!(dat_q && beat_q == 3'd0));
      assert (!(dat_q && beat_q != dbi_q));
      assert (!(stall_q && (beat_q == 3'd0 || !dat_q)));
      assert (push || commit ? ev == EV_GOOD : ev != EV_GOOD);
      assert (!(push && commit));
      assert (!(push && cap));
      assert (!cap || ev == EV_NONE);
      cover (ev == EV_GOOD);
      cover (ev == EV_PROT);
      cover (ev == EV_LINK);
      cover (ev == EV_GOOD && cf_q);
      cover (ev == EV_GOOD && dbi_q == 3'd3);
      cover (ev == EV_TYPE && dev_ty_q);
      cover (cap && cf_q);
      cover (commit && ck_nb_q == 6'd3);
      cover (ev == EV_KEEP && kbad_q);
    end
  end
`endif
endmodule
`default_nettype wire
