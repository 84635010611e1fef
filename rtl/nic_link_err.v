// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_link_err: an error-injecting AXI4-Stream link stage (64-bit, tkeep, tlast) that drops,
// corrupts or duplicates whole packets with seeded probabilities (docs/reference/nic_link_err.md).
//  - Generator: xorshift32 (x ^= x << 13; x ^= x >> 17; x ^= x << 5), loaded at reset from
//    cfg_seed_i (0 is replaced by 32'h2545F491). Each packet consumes four successive draws
//    d0..d3, decided at its first beat: drop = d0 < cfg_drop_thr_i; corrupt = d1 <
//    cfg_corrupt_thr_i and not dropped; duplicate = d2 < cfg_dup_thr_i and not dropped; d3
//    places the flipped bit: beat d3[BW-1:0] (the last beat if the packet is shorter), bit
//    d3[31:26] (lane d3[31:29], bit d3[28:26]; lane 0 when that lane is not in tkeep). Each event
//    has probability thr / 2^32 (the draws are uniform over 1..2^32-1).
//  - Pass path: combinational (no added latency): m_axis = s_axis (with the flipped bit) and
//    s_axis_tready = m_axis_tready; a dropped packet is accepted (tready 1) and not offered.
//  - Duplicate: the packet as sent (flipped bit included) is written into a MAX_BEATS-beat buffer
//    (nic_ram_1r1w) while it passes; after its last beat one idle cycle (the first buffer read),
//    then the copy is sent from the buffer at one beat per cycle while s_axis_tready is 0. A
//    packet longer than MAX_BEATS beats is never duplicated (not counted in cnt_dup_o).
//  - Counters (reset to 0): cnt_pkts_o packets begun on s_axis, cnt_drop_o packets dropped,
//    cnt_corrupt_o packets with a flipped bit (counted at the flipped beat), cnt_dup_o copies
//    (counted at the original's last beat).
//  - The draws are registered; the first-beat decisions are compares of registers with the
//    thresholds (quasi-static configuration), so no long path is added to the stream.
module nic_link_err #(
  parameter int MAX_BEATS = 64,
  localparam int BW = (MAX_BEATS > 1) ? $clog2(MAX_BEATS) : 1,  // buffer address / target beat
  localparam int CW = $clog2(MAX_BEATS + 1),                    // beat index 0..MAX_BEATS
  localparam int FW = 64 + 8 + 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  input  wire [31:0] cfg_seed_i,
  input  wire [31:0] cfg_drop_thr_i,
  input  wire [31:0] cfg_corrupt_thr_i,
  input  wire [31:0] cfg_dup_thr_i,
  output wire [31:0] cnt_drop_o,
  output wire [31:0] cnt_corrupt_o,
  output wire [31:0] cnt_dup_o,
  output wire [31:0] cnt_pkts_o
);
`ifndef __ICARUS__
  generate
    if (MAX_BEATS < 2 || (1 << BW) != MAX_BEATS) begin : g_param_err
      $error("nic_link_err: MAX_BEATS must be a power of two >= 2");
    end
  endgenerate
`endif

  localparam logic [1:0] S_PASS = 2'd0, S_RD = 2'd1, S_REP = 2'd2;
  localparam logic [CW-1:0] IDX_MAX = CW'(MAX_BEATS);

  function automatic [31:0] xs32(input [31:0] x);
    reg [31:0] a;
    begin
      a = x ^ (x << 13);
      a = a ^ (a >> 17);
      xs32 = a ^ (a << 5);
    end
  endfunction

  reg [31:0]   r0_q, r1_q, r2_q, r3_q, r0_d, r1_d, r2_d, r3_d;   // draws of the next packet
  reg [1:0]    st_q, st_d;
  reg          inpk_q, inpk_d;          // inside a packet (its first beat was accepted)
  reg          drop_q, drop_d, cor_q, cor_d, dup_q, dup_d;  // cor: flip still pending
  reg [BW-1:0] tgt_q, tgt_d;
  reg [5:0]    bit_q, bit_d;
  reg [CW-1:0] idx_q, idx_d;            // beat index in the packet, saturating at MAX_BEATS
  reg [BW-1:0] ridx_q, ridx_d;          // replay read index
  reg [31:0]   cdrop_q, cdrop_d, ccor_q, ccor_d, cdup_q, cdup_d, cpkts_q, cpkts_d;

  reg          first, c_drop, c_cor, c_dup, flip, acc, rep_pop;
  reg [BW-1:0] c_tgt;
  reg [5:0]    c_bit, bitpos;
  reg [CW-1:0] c_idx;
  reg [63:0]   pdata;
  reg          ram_we, ram_re;
  reg [BW-1:0] ram_ra;
  reg [31:0]   seed0;
  wire [FW-1:0] ram_rd;

  always @* begin
    first  = !inpk_q;
    c_drop = first ? (r0_q < cfg_drop_thr_i) : drop_q;
    c_cor  = first ? (r1_q < cfg_corrupt_thr_i) && !c_drop : cor_q;
    c_dup  = first ? (r2_q < cfg_dup_thr_i) && !c_drop : dup_q;
    c_tgt  = first ? r3_q[BW-1:0] : tgt_q;
    c_bit  = first ? r3_q[31:26] : bit_q;
    c_idx  = first ? '0 : idx_q;
    acc    = (st_q == S_PASS) && s_axis_tvalid && (c_drop || m_axis_tready);
    flip   = c_cor && (c_idx == {1'b0, c_tgt} || s_axis_tlast);
    bitpos = s_axis_tkeep[c_bit[5:3]] ? c_bit : {3'd0, c_bit[2:0]};
    pdata  = s_axis_tdata ^ (flip ? (64'd1 << bitpos) : 64'd0);
    rep_pop = (st_q == S_REP) && m_axis_tready;

    ram_we = acc && c_dup && (c_idx != IDX_MAX);
    ram_re = 1'b0;
    ram_ra = '0;
    ridx_d = ridx_q;
    st_d   = st_q;
    case (st_q)
      S_PASS: if (acc && s_axis_tlast && c_dup && c_idx != IDX_MAX) st_d = S_RD;
      S_RD: begin
        ram_re = 1'b1;
        ridx_d = '0;
        st_d   = S_REP;
      end
      S_REP: if (rep_pop) begin
        if (ram_rd[FW-1]) st_d = S_PASS;
        else begin
          ram_re = 1'b1;
          ram_ra = ridx_q + 1'b1;
          ridx_d = ridx_q + 1'b1;
        end
      end
      default: st_d = S_PASS;
    endcase

    inpk_d = inpk_q;
    drop_d = drop_q;
    cor_d  = cor_q;
    dup_d  = dup_q;
    tgt_d  = tgt_q;
    bit_d  = bit_q;
    idx_d  = idx_q;
    if (acc) begin
      inpk_d = !s_axis_tlast;
      drop_d = c_drop;
      cor_d  = c_cor && !flip;
      dup_d  = c_dup;
      tgt_d  = c_tgt;
      bit_d  = c_bit;
      idx_d  = c_idx + {{(CW-1){1'b0}}, c_idx != IDX_MAX};
    end

    r0_d = r0_q;
    r1_d = r1_q;
    r2_d = r2_q;
    r3_d = r3_q;
    if (acc && first) begin
      r0_d = xs32(r3_q);
      r1_d = xs32(r0_d);
      r2_d = xs32(r1_d);
      r3_d = xs32(r2_d);
    end
    cpkts_d = cpkts_q + {31'd0, acc && first};
    cdrop_d = cdrop_q + {31'd0, acc && first && c_drop};
    ccor_d  = ccor_q + {31'd0, acc && flip};
    cdup_d  = cdup_q + {31'd0, st_q == S_PASS && st_d == S_RD};

    seed0 = (cfg_seed_i != 32'd0) ? cfg_seed_i : 32'h2545F491;
    if (!rst_ni) begin
      r0_d = xs32(seed0);
      r1_d = xs32(r0_d);
      r2_d = xs32(r1_d);
      r3_d = xs32(r2_d);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q    <= S_PASS;
      inpk_q  <= 1'b0;
      drop_q  <= 1'b0;
      cor_q   <= 1'b0;
      dup_q   <= 1'b0;
      tgt_q   <= '0;
      bit_q   <= 6'd0;
      idx_q   <= '0;
      ridx_q  <= '0;
      cdrop_q <= 32'd0;
      ccor_q  <= 32'd0;
      cdup_q  <= 32'd0;
      cpkts_q <= 32'd0;
    end else begin
      st_q    <= st_d;
      inpk_q  <= inpk_d;
      drop_q  <= drop_d;
      cor_q   <= cor_d;
      dup_q   <= dup_d;
      tgt_q   <= tgt_d;
      bit_q   <= bit_d;
      idx_q   <= idx_d;
      ridx_q  <= ridx_d;
      cdrop_q <= cdrop_d;
      ccor_q  <= ccor_d;
      cdup_q  <= cdup_d;
      cpkts_q <= cpkts_d;
    end
  end
  // the draws load from the seed while in reset (r*_d above), so no reset branch of their own
  always @(posedge clk_i) begin
    r0_q <= r0_d;
    r1_q <= r1_d;
    r2_q <= r2_d;
    r3_q <= r3_d;
  end

  nic_ram_1r1w #(.DEPTH(MAX_BEATS), .WIDTH(FW), .NBE(1)) u_buf (
    .clk_i    (clk_i),
    .wr_en_i  (ram_we),
    .wr_addr_i(c_idx[BW-1:0]),
    .wr_data_i({s_axis_tlast, s_axis_tkeep, pdata}),
    .wr_be_i  (1'b1),
    .rd_en_i  (ram_re),
    .rd_addr_i(ram_ra),
    .rd_data_o(ram_rd)
  );

  wire pass = (st_q == S_PASS);
  assign s_axis_tready = pass && (c_drop || m_axis_tready);
  assign m_axis_tvalid = pass ? (s_axis_tvalid && !c_drop) : (st_q == S_REP);
  assign m_axis_tdata  = pass ? pdata : ram_rd[63:0];
  assign m_axis_tkeep  = pass ? s_axis_tkeep : ram_rd[71:64];
  assign m_axis_tlast  = pass ? s_axis_tlast : ram_rd[72];
  assign cnt_drop_o    = cdrop_q;
  assign cnt_corrupt_o = ccor_q;
  assign cnt_dup_o     = cdup_q;
  assign cnt_pkts_o    = cpkts_q;

`ifdef FORMAL
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  wire [63:0] f_diff = m_axis_tdata ^ s_axis_tdata;

  always @* begin
    if (f_rst_seen) begin
      assert (st_q != 2'd3);
      // the draws are never 0 (xorshift32 keeps a non-zero state)
      assert (r0_q != 32'd0 && r3_q != 32'd0);
      // a replay happens only between packets
      if (st_q != S_PASS) assert (!inpk_q);
      if (st_q != S_PASS) assert (!s_axis_tready);
      // all thresholds 0: a plain pass-through
      if (cfg_drop_thr_i == 32'd0 && cfg_corrupt_thr_i == 32'd0 && cfg_dup_thr_i == 32'd0 &&
          !drop_q && !cor_q && !dup_q && st_q == S_PASS) begin
        assert (s_axis_tready == m_axis_tready);
        assert (m_axis_tvalid == s_axis_tvalid);
        assert (m_axis_tdata == s_axis_tdata);
      end
      // a corrupted beat differs from its input in exactly one bit
      if (flip && pass) assert (f_diff != 64'd0 && (f_diff & (f_diff - 64'd1)) == 64'd0);
      if (!flip && pass) assert (m_axis_tdata == s_axis_tdata);
      assert (cdrop_q <= cpkts_q);
    end
  end
  always @(posedge clk_i) begin
    // AXI4-Stream: a replayed beat offered and not taken stays offered and unchanged
    if (f_past_valid && f_rst_seen && rst_ni && $past(rst_ni) && $past(st_q == S_REP && !m_axis_tready)) begin
      assert (m_axis_tvalid);
      assert (m_axis_tdata == $past(m_axis_tdata));
      assert (m_axis_tlast == $past(m_axis_tlast));
    end
    if (f_rst_seen && rst_ni) begin
      cover (acc && first && c_drop);
      cover (acc && flip && !first);
      cover (st_q == S_REP && rep_pop && ram_rd[FW-1] && ridx_q == BW'(1));  // a 2-beat copy sent
      cover (acc && s_axis_tlast && c_dup && c_idx == IDX_MAX);            // too long to copy
    end
  end
`endif
endmodule
`default_nettype wire
