// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_tx_egress: owns the two buffer slots' "ready" flags and descriptors. When the next
// slot (rd_slot) holds a message the beat generator spends one cycle (PREP) latching the frame
// header fields and geometry (id counter, lengths) and reading word 0, then produces the frame
// one beat per cycle: 42 bytes Ethernet/IPv4/UDP header, the FM message shifted by 2 bytes,
// zero padding up to 60 bytes, then room for the 4-byte FCS (spilling into one extra beat when
// fewer than 4 bytes are left). Back-to-back frames are separated by exactly one idle cycle.
//
// Pipeline (156.25 MHz on ECP5; docs/reference/comet_tx_rx.md "Latency and throughput"), all stages advance together on
// adv = !a_valid || m_axis_tready (back-pressure stalls everything, RAM read register held):
//   RAM read data -> rdq_q (one word ahead; the DP16KD clock-to-out leaves no time for logic)
//   generator (beat_q, remaining-byte counters rd_q/rf_q: byte masks, byte count, FCS lanes
//   from small registered values)  ->  G register (beat data, lane info)
//   ->  V register (beat data, lane info, v_vd_q = the beat realigned for the CRC, below)
//   ->  B register (beat data, lane info, b_g_q = CRC data term of v_vd_q)
//   ->  A register + CRC register (crc_q <= F(crc_q) ^ b_g_q, F = 8 zero bytes)
//   ->  m_axis = A data with the FCS bytes (~crc_q) ORed into the FCS lanes (2 LUT levels).
// CRC with a zero prefix: the frame (fend bytes, FCS excluded) is realigned for the CRC by
// k = (-fend) mod 8 bytes, so every CRC beat has 8 bytes and the byte-count mux leaves the loop:
// CRC beat v = bytes 8v - k .. 8v + 7 - k of the frame = {G beat v << 8k, V beat v - 1 >> 8(8 - k)}
// (the previous beat is 0 for the first one), started from F^-k(0xFFFFFFFF) (k zero bytes
// bring it to 0xFFFFFFFF). The last CRC beat ends with the last frame byte, so when the last
// data beat is in A, crc_q is the CRC of the frame; a beat without frame bytes (FCS spill)
// leaves crc_q. b_g_q = CRC(first ? F^-k(0xFFFFFFFF) : 0, CRC beat) (linearity; the start
// value's part F(F^-k(0xFFFFFFFF)) is a constant per k, chosen in G -> V).
// So m_axis runs 4 cycles behind the generator (the FCS of a beat's data is in crc_q when that
// beat is in A). The IPv4 header checksum and the UDP checksum are computed by a free-running
// pipeline from the latched header fields (3 / 4 stages); they are needed at the earliest in
// generator beat 3 (PREP + 4 cycles) and beat 5 (PREP + 6 cycles).
module comet_tx_egress (
  input  wire        clk_i,
  input  wire        rst_ni,
  output reg  [63:0] m_axis_tdata,
  output reg  [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  input  wire        push_i,
  input  wire        push_slot_i,
  input  wire [10:0] push_len_i,
  input  wire [31:0] push_psum_i,
  input  wire [31:0] push_ip_i,
  input  wire [47:0] push_mac_i,
  input  wire [15:0] push_port_i,
  input  wire [47:0] src_mac_i,
  input  wire [31:0] src_ip_i,
  input  wire [15:0] src_port_i,
  input  wire        csum_en_i,
  input  wire        ipid_we_i,
  input  wire [15:0] ipid_wdata_i,
  output reg         buf_re_o,
  output reg  [8:0]  buf_raddr_o,
  input  wire [63:0] buf_rdata_i,
  output wire [1:0]  slot_free_o,
  output wire [1:0]  slot_ready_o,
  output wire        busy_o,
  output wire        rd_slot_o,
  output wire        done_o,
  output wire [10:0] done_bytes_o,
  output wire [15:0] ipid_o,
  output wire [31:0] crc_o
);
  reg        busy_q, busy_d;
  reg        rd_slot_q, rd_slot_d;
  reg [1:0]  ready_q, ready_d;
  reg [10:0] d0_len_q, d0_len_d, d1_len_q, d1_len_d;
  reg [31:0] d0_psum_q, d0_psum_d, d1_psum_q, d1_psum_d;
  reg [31:0] d0_ip_q, d0_ip_d, d1_ip_q, d1_ip_d;
  reg [47:0] d0_mac_q, d0_mac_d, d1_mac_q, d1_mac_d;
  reg [15:0] d0_port_q, d0_port_d, d1_port_q, d1_port_d;
  reg [47:0] h_dmac_q, h_dmac_d, h_smac_q, h_smac_d;
  reg [31:0] h_sip_q, h_sip_d, h_dip_q, h_dip_d, h_psum_q, h_psum_d;
  reg [15:0] h_sport_q, h_sport_d, h_dport_q, h_dport_d;
  reg [15:0] h_id_q, h_id_d, h_tl_q, h_tl_d, h_ulen_q, h_ulen_d;
  reg        h_csum_en_q, h_csum_en_d;
  reg [10:0] h_bytes_q, h_bytes_d;
  reg [11:0] rd_q, rd_d, rf_q, rf_d;               // dend - base, fend - base (signed)
  reg [11:0] rp_q, rp_d;                           // fend + 4 - base (FCS end), kept with rf_q
  reg [7:0]  beat_q, beat_d;
  reg [2:0]  bsel_q, bsel_d;                      // min(beat_q, 6): the beat mux select
  reg [15:0] prev_q, prev_d;
  reg [63:0] rdq_q, rdq_d;                        // RAM read data, registered (DP16KD output is slow)
  reg [15:0] ipid_q, ipid_d;
  reg [2:0]  h_k_q, h_k_d;                        // CRC prefix length k = (-fend) mod 8
  // G, V, B and A stages
  reg        g_valid_q, g_first_q, g_last_q, g_nz_q, v_valid_q, v_first_q, v_last_q, v_nz_q;
  reg        b_valid_q, b_first_q, b_last_q, b_nz_q, a_valid_q, a_last_q;
  reg [63:0] g_data_q, v_data_q, v_vd_q, b_data_q, a_data_q;
  reg [2:0]  g_k_q;
  reg [7:0]  g_kd_q, g_kf_q, v_kd_q, v_kf_q, b_kd_q, b_kf_q, a_kd_q, a_kf_q;
  reg [15:0] g_idx_q, v_idx_q, b_idx_q, a_idx_q;
  reg [10:0] g_bytes_q, v_bytes_q, b_bytes_q, a_bytes_q;
  reg [31:0] v_init_q, b_g_q, crc_q;
  // checksum pipeline
  reg [17:0] c1a_q, c1b_q;
  reg [16:0] c2_q;
  reg [15:0] h_ipcs_q;
  reg [31:0] u1a_q;
  reg [17:0] u1b_q;
  reg [16:0] u1c_q;
  reg [31:0] u2_q;
  reg [16:0] u3_q;
  reg [15:0] h_ucs_q;

  // descriptor of rd_slot
  reg [10:0] s_len;
  reg [31:0] s_psum, s_ip;
  reg [47:0] s_mac;
  reg [15:0] s_port;
  reg [11:0] p_dend;
  reg [10:0] p_b54, p_bytes;
  reg        p_small;
  // generator beat
  reg [63:0] raw, dmask;
  reg [7:0]  kd, kf;
  reg [15:0] idx;
  reg [3:0]  nd;
  reg        gen_last, prep, xfer, adv;
  // timing: gen_last (the beat is the frame's last: rf_q <= 4, signed) as a register gl_q,
  // set from rf_q one beat ahead (rf_q - 8 <= 4, i.e. rf_q <= 12) and cleared at PREP (a frame
  // has at least 60 bytes), so the ready flags and busy start at a flop (asserted under FORMAL)
  reg        gl_q, gl_d;
  reg        rd_ge8, rf_ge8, rp_ge8;
  reg [11:0] dl;
  reg [15:0] f2, ub;
  reg [18:0] c2s;
  // CRC beat (realigned by k) and its start value
  reg [63:0] vdata;
  reg [127:8] vcat;
  reg [31:0] vinit;
  wire [31:0] crc_f, crc_g;
  wire [31:0] fcs = ~crc_q;
  integer i;

  // CRC register before n zero bytes: F^-n(c) (elaboration time; F of one zero bit is
  // c' = (c >> 1) ^ (P & {32{c[0]}}), P[31] = 1, so c[0] = c'[31])
  function automatic [31:0] crc_unzeros(input [31:0] c, input integer n);
    integer j;
    reg b;
    begin
      crc_unzeros = c;
      for (j = 0; j < 8 * n; j = j + 1) begin
        b = crc_unzeros[31];
        crc_unzeros = {crc_unzeros[30:0] ^ (31'h6DB88320 & {31{b}}), b};
      end
    end
  endfunction
  // CRC register after 8 zero bytes (elaboration time)
  function automatic [31:0] crc_f8(input [31:0] c);
    integer j;
    begin
      crc_f8 = c;
      for (j = 0; j < 64; j = j + 1) crc_f8 = (crc_f8 >> 1) ^ (32'hEDB88320 & {32{crc_f8[0]}});
    end
  endfunction
  // F(F^-k(0xFFFFFFFF)): the start value's part of the first CRC beat's term, per k
  localparam logic [32*8-1:0] VINIT = {crc_f8(crc_unzeros(32'hFFFFFFFF, 7)), crc_f8(crc_unzeros(32'hFFFFFFFF, 6)),
                                       crc_f8(crc_unzeros(32'hFFFFFFFF, 5)), crc_f8(crc_unzeros(32'hFFFFFFFF, 4)),
                                       crc_f8(crc_unzeros(32'hFFFFFFFF, 3)), crc_f8(crc_unzeros(32'hFFFFFFFF, 2)),
                                       crc_f8(crc_unzeros(32'hFFFFFFFF, 1)), crc_f8(crc_unzeros(32'hFFFFFFFF, 0))};

  // G -> V: the CRC beat (realigned) and the start value term; V -> B: the data term of the CRC
  // beat; B -> A: the loop, F(crc_q) ^ b_g_q (8 zero bytes)
  always @* begin
    vcat = {g_data_q, g_first_q ? 56'd0 : v_data_q[63:8]};
    case (g_k_q)
      3'd0: vdata = vcat[127:64];
      3'd1: vdata = vcat[119:56];
      3'd2: vdata = vcat[111:48];
      3'd3: vdata = vcat[103:40];
      3'd4: vdata = vcat[95:32];
      3'd5: vdata = vcat[87:24];
      3'd6: vdata = vcat[79:16];
      default: vdata = vcat[71:8];
    endcase
    vinit = g_first_q ? VINIT[32*g_k_q +: 32] : 32'd0;
  end
  comet_crc32_d64 u_crcg (.crc_i(32'd0), .data_i(v_vd_q), .nbytes_i(4'd8), .crc_o(crc_g));
  comet_crc32_d64 u_crcf (.crc_i(b_first_q ? 32'd0 : crc_q), .data_i(64'd0), .nbytes_i(4'd8),
                          .crc_o(crc_f));

  assign m_axis_tvalid = a_valid_q;
  assign m_axis_tlast  = a_last_q;
  assign slot_free_o   = ~ready_q;
  assign slot_ready_o  = ready_q;
  assign busy_o        = busy_q;
  assign rd_slot_o     = rd_slot_q;
  assign done_o        = a_valid_q && m_axis_tready && a_last_q;
  assign done_bytes_o  = a_bytes_q;
  assign ipid_o        = ipid_q;
  assign crc_o         = crc_q;

  // output: A data with the FCS bytes in the FCS lanes (A data is 0 there)
  always @* begin
    for (i = 0; i < 8; i = i + 1) begin
      m_axis_tdata[8*i +: 8] = a_data_q[8*i +: 8] | ({8{a_kf_q[i]}} & fcs[8*a_idx_q[2*i +: 2] +: 8]);
      m_axis_tkeep[i] = a_kd_q[i] | a_kf_q[i];
    end
  end

  always @* begin
    s_len  = rd_slot_q ? d1_len_q  : d0_len_q;
    s_psum = rd_slot_q ? d1_psum_q : d0_psum_q;
    s_ip   = rd_slot_q ? d1_ip_q   : d0_ip_q;
    s_mac  = rd_slot_q ? d1_mac_q  : d0_mac_q;
    s_port = rd_slot_q ? d1_port_q : d0_port_q;
    prep   = !busy_q && (rd_slot_q ? ready_q[1] : ready_q[0]);
    // frame geometry without chained arithmetic: the length compare is on s_len directly
    p_small = s_len < 11'd10;                       // 50 + len < 60: padded to 60 bytes
    p_dend  = 12'd50 + {1'b0, s_len};
    p_b54   = 11'd54 + s_len;
    dl      = p_small ? 12'd60 : p_dend;
    p_bytes = p_small ? 11'd64 : p_b54;
  end

  // generator beat (from registered state only)
  always @* begin
    case (bsel_q)
      3'd0: raw = {h_smac_q[39:32], h_smac_q[47:40], h_dmac_q[7:0], h_dmac_q[15:8],
                   h_dmac_q[23:16], h_dmac_q[31:24], h_dmac_q[39:32], h_dmac_q[47:40]};
      3'd1: raw = {8'h00, 8'h45, 8'h00, 8'h08, h_smac_q[7:0], h_smac_q[15:8],
                   h_smac_q[23:16], h_smac_q[31:24]};
      3'd2: raw = {8'h11, 8'h40, 8'h00, 8'h40, h_id_q[7:0], h_id_q[15:8], h_tl_q[7:0], h_tl_q[15:8]};
      3'd3: raw = {h_dip_q[23:16], h_dip_q[31:24], h_sip_q[7:0], h_sip_q[15:8],
                   h_sip_q[23:16], h_sip_q[31:24], h_ipcs_q[7:0], h_ipcs_q[15:8]};
      3'd4: raw = {h_ulen_q[7:0], h_ulen_q[15:8], h_dport_q[7:0], h_dport_q[15:8],
                   h_sport_q[7:0], h_sport_q[15:8], h_dip_q[7:0], h_dip_q[15:8]};
      3'd5: raw = {rdq_q[47:0], h_ucs_q[7:0], h_ucs_q[15:8]};
      default: raw = {rdq_q[47:0], prev_q};
    endcase
    rd_ge8 = !rd_q[11] && (rd_q[10:3] != 8'd0);
    rf_ge8 = !rf_q[11] && (rf_q[10:3] != 8'd0);
    rp_ge8 = !rp_q[11] && (rp_q[10:3] != 8'd0);
    for (i = 0; i < 8; i = i + 1) begin
      dmask[8*i +: 8] = (rd_ge8 || (!rd_q[11] && rd_q[2:0] > i[2:0])) ? raw[8*i +: 8] : 8'd0;
      kd[i] = rf_ge8 || (!rf_q[11] && rf_q[2:0] > i[2:0]);
      kf[i] = !kd[i] && (rp_ge8 || (!rp_q[11] && rp_q[2:0] > i[2:0]));
      idx[2*i +: 2] = i[1:0] - rf_q[1:0];
    end
    nd       = rf_q[11] ? 4'd0 : (rf_ge8 ? 4'd8 : {1'b0, rf_q[2:0]});  // frame bytes in the beat
    gen_last = gl_q;
  end

  always @* begin
    adv  = !a_valid_q || m_axis_tready;
    xfer = busy_q && adv;
    // word n is read at the transfer of beat n + 3 (word 0 at PREP) and moves to rdq_q at the
    // transfer of beat n + 4, for beat n + 5
    buf_re_o = prep || (xfer && bsel_q >= 3'd4);
    buf_raddr_o = prep ? {rd_slot_q, 8'd0} : {rd_slot_q, beat_q - 8'd3};
  end

  always @* begin
    busy_d = busy_q; rd_slot_d = rd_slot_q; ready_d = ready_q; gl_d = gl_q;
    d0_len_d = d0_len_q; d0_psum_d = d0_psum_q; d0_ip_d = d0_ip_q; d0_mac_d = d0_mac_q; d0_port_d = d0_port_q;
    d1_len_d = d1_len_q; d1_psum_d = d1_psum_q; d1_ip_d = d1_ip_q; d1_mac_d = d1_mac_q; d1_port_d = d1_port_q;
    h_dmac_d = h_dmac_q; h_smac_d = h_smac_q; h_sip_d = h_sip_q; h_dip_d = h_dip_q; h_psum_d = h_psum_q;
    h_sport_d = h_sport_q; h_dport_d = h_dport_q; h_id_d = h_id_q; h_tl_d = h_tl_q; h_ulen_d = h_ulen_q;
    h_csum_en_d = h_csum_en_q; h_bytes_d = h_bytes_q; rd_d = rd_q; rf_d = rf_q; rp_d = rp_q;
    beat_d = beat_q; bsel_d = bsel_q; prev_d = prev_q; ipid_d = ipid_q; rdq_d = rdq_q; h_k_d = h_k_q;

    if (prep) begin
      busy_d = 1'b1;
      h_dmac_d = s_mac; h_smac_d = src_mac_i; h_sip_d = src_ip_i; h_dip_d = s_ip; h_psum_d = s_psum;
      h_sport_d = src_port_i; h_dport_d = s_port; h_id_d = ipid_q;
      h_tl_d = 16'd36 + {5'd0, s_len}; h_ulen_d = 16'd16 + {5'd0, s_len}; h_csum_en_d = csum_en_i;
      rd_d = p_dend; rf_d = dl; rp_d = {1'b0, p_bytes}; h_bytes_d = p_bytes;
      h_k_d = p_small ? 3'd4 : 3'd6 - s_len[2:0];   // (-dl) mod 8, dl = 60 or 50 + len
      beat_d = 8'd0;
      bsel_d = 3'd0;
      ipid_d = ipid_q + 16'd1;
    end
    gl_d = prep ? 1'b0 : gl_q;
    if (xfer) begin
      gl_d = rf_q[11] || (rf_q[10:4] == 7'd0 && rf_q[3:0] <= 4'd12);
      beat_d = beat_q + 8'd1;
      if (bsel_q != 3'd6) bsel_d = bsel_q + 3'd1;
      rd_d = rd_q - 12'd8;
      rf_d = rf_q - 12'd8;
      rp_d = rp_q - 12'd8;
      if (bsel_q >= 3'd5) prev_d = rdq_q[63:48];
      if (bsel_q >= 3'd4) rdq_d = buf_rdata_i;
      if (gen_last) begin
        busy_d = 1'b0;
        rd_slot_d = !rd_slot_q;
      end
    end
    if (ipid_we_i) ipid_d = ipid_wdata_i;
    // slot ready flags bit by bit (a write with a variable index costs an adder chain in Yosys):
    // the last generator beat clears rd_slot, a push sets push_slot (a push wins)
    ready_d[0] = (ready_q[0] && !(xfer && gen_last && !rd_slot_q)) || (push_i && !push_slot_i);
    ready_d[1] = (ready_q[1] && !(xfer && gen_last && rd_slot_q)) || (push_i && push_slot_i);
    if (push_i) begin
      if (push_slot_i) begin
        d1_len_d = push_len_i; d1_psum_d = push_psum_i; d1_ip_d = push_ip_i;
        d1_mac_d = push_mac_i; d1_port_d = push_port_i;
      end else begin
        d0_len_d = push_len_i; d0_psum_d = push_psum_i; d0_ip_d = push_ip_i;
        d0_mac_d = push_mac_i; d0_port_d = push_port_i;
      end
    end
  end

  // checksum pipeline (free running; inputs change only at PREP)
  always @* begin
    c2s = {1'b0, c1a_q} + {1'b0, c1b_q};
    ub  = u3_q[15:0] + {15'd0, u3_q[16]};
    f2  = ~ub;
  end

  always @(posedge clk_i) begin
    c1a_q <= {2'd0, h_id_q} + {2'd0, h_sip_q[31:16]} + {2'd0, h_sip_q[15:0]};
    c1b_q <= {2'd0, h_dip_q[31:16]} + {2'd0, h_dip_q[15:0]} + {2'd0, h_tl_q} + 18'h0C511;
    c2_q  <= {1'b0, c2s[15:0]} + {14'd0, c2s[18:16]};
    h_ipcs_q <= ~(c2_q[15:0] + {15'd0, c2_q[16]});
    u1a_q <= h_psum_q + {16'd0, h_sip_q[31:16]} + {16'd0, h_sip_q[15:0]};
    u1b_q <= ({2'd0, h_dip_q[31:16]} + {2'd0, h_dip_q[15:0]}) + ({2'd0, h_sport_q} + {2'd0, h_dport_q});
    u1c_q <= {h_ulen_q, 1'b0} + 17'd17;
    u2_q  <= u1a_q + ({14'd0, u1b_q} + {15'd0, u1c_q});
    u3_q  <= {1'b0, u2_q[15:0]} + {1'b0, u2_q[31:16]};
    h_ucs_q <= !h_csum_en_q ? 16'd0 : (f2 == 16'd0 ? 16'hFFFF : f2);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0; rd_slot_q <= 1'b0; ready_q <= 2'b00; gl_q <= 1'b1;
      d0_len_q <= '0; d0_psum_q <= '0; d0_ip_q <= '0; d0_mac_q <= '0; d0_port_q <= '0;
      d1_len_q <= '0; d1_psum_q <= '0; d1_ip_q <= '0; d1_mac_q <= '0; d1_port_q <= '0;
      h_dmac_q <= '0; h_smac_q <= '0; h_sip_q <= '0; h_dip_q <= '0; h_psum_q <= '0; h_sport_q <= '0;
      h_dport_q <= '0; h_id_q <= '0; h_tl_q <= '0; h_ulen_q <= '0; h_csum_en_q <= 1'b0;
      h_bytes_q <= '0; rd_q <= '0; rf_q <= '0; rp_q <= '0;
      beat_q <= '0; bsel_q <= '0; prev_q <= '0; ipid_q <= '0; rdq_q <= '0; h_k_q <= '0;
      g_valid_q <= 1'b0; g_first_q <= 1'b0; g_last_q <= 1'b0; g_data_q <= '0; g_nz_q <= 1'b0;
      g_kd_q <= '0; g_kf_q <= '0; g_idx_q <= '0; g_bytes_q <= '0; g_k_q <= '0;
      v_valid_q <= 1'b0; v_first_q <= 1'b0; v_last_q <= 1'b0; v_data_q <= '0; v_nz_q <= 1'b0;
      v_kd_q <= '0; v_kf_q <= '0; v_idx_q <= '0; v_bytes_q <= '0; v_vd_q <= '0; v_init_q <= '0;
      b_valid_q <= 1'b0; b_first_q <= 1'b0; b_last_q <= 1'b0; b_data_q <= '0; b_nz_q <= 1'b0;
      b_kd_q <= '0; b_kf_q <= '0; b_idx_q <= '0; b_bytes_q <= '0; b_g_q <= '0;
      a_valid_q <= 1'b0; a_last_q <= 1'b0; a_data_q <= '0; a_kd_q <= '0; a_kf_q <= '0;
      a_idx_q <= '0; a_bytes_q <= '0; crc_q <= 32'hFFFFFFFF;
    end else begin
      busy_q <= busy_d; rd_slot_q <= rd_slot_d; ready_q <= ready_d; gl_q <= gl_d;
      d0_len_q <= d0_len_d; d0_psum_q <= d0_psum_d; d0_ip_q <= d0_ip_d; d0_mac_q <= d0_mac_d; d0_port_q <= d0_port_d;
      d1_len_q <= d1_len_d; d1_psum_q <= d1_psum_d; d1_ip_q <= d1_ip_d; d1_mac_q <= d1_mac_d; d1_port_q <= d1_port_d;
      h_dmac_q <= h_dmac_d; h_smac_q <= h_smac_d; h_sip_q <= h_sip_d; h_dip_q <= h_dip_d; h_psum_q <= h_psum_d;
      h_sport_q <= h_sport_d; h_dport_q <= h_dport_d; h_id_q <= h_id_d; h_tl_q <= h_tl_d; h_ulen_q <= h_ulen_d;
      h_csum_en_q <= h_csum_en_d; h_bytes_q <= h_bytes_d; rd_q <= rd_d; rf_q <= rf_d; rp_q <= rp_d;
      beat_q <= beat_d; bsel_q <= bsel_d; prev_q <= prev_d; ipid_q <= ipid_d; rdq_q <= rdq_d; h_k_q <= h_k_d;
      if (adv) begin
        g_valid_q <= busy_q; g_first_q <= busy_q && bsel_q == 3'd0; g_last_q <= busy_q && gen_last;
        g_data_q <= busy_q ? dmask : 64'd0; g_nz_q <= busy_q && nd != 4'd0;
        g_kd_q <= busy_q ? kd : 8'd0; g_kf_q <= busy_q ? kf : 8'd0; g_idx_q <= idx;
        g_bytes_q <= h_bytes_q; g_k_q <= h_k_q;
        v_valid_q <= g_valid_q; v_first_q <= g_first_q; v_last_q <= g_last_q; v_data_q <= g_data_q;
        v_nz_q <= g_nz_q; v_kd_q <= g_kd_q; v_kf_q <= g_kf_q; v_idx_q <= g_idx_q;
        v_bytes_q <= g_bytes_q; v_vd_q <= vdata; v_init_q <= vinit;
        b_valid_q <= v_valid_q; b_first_q <= v_first_q; b_last_q <= v_last_q; b_data_q <= v_data_q;
        b_nz_q <= v_nz_q; b_kd_q <= v_kd_q; b_kf_q <= v_kf_q; b_idx_q <= v_idx_q;
        b_bytes_q <= v_bytes_q; b_g_q <= crc_g ^ v_init_q;
        a_valid_q <= b_valid_q; a_last_q <= b_last_q; a_data_q <= b_data_q; a_kd_q <= b_kd_q;
        a_kf_q <= b_kf_q; a_idx_q <= b_idx_q; a_bytes_q <= b_bytes_q;
        if (b_valid_q && b_nz_q) crc_q <= crc_f ^ b_g_q;
      end
    end
  end
`ifdef FORMAL
  always @(posedge clk_i)
    if (rst_ni) begin
      assert (gl_q == (rf_q[11] || (rf_q[10:3] == 8'd0 && rf_q[2:0] <= 3'd4)));
      if (prep) assert (!dl[11] && dl >= 12'd60);
    end
`endif
endmodule
`default_nettype wire
