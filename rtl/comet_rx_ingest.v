// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_rx_ingest: receives Ethernet frames (with FCS) on s_axis, writes each beat into the
// free buffer slot (word n = beat n, up to 256 words), runs the CRC-32 over every byte and
// latches/sums the header fields as they pass. A good frame's slot is handed to the egress
// (push_o, message length = UDP length - 8) and the other slot is used next.
// Codes (priority top to bottom): frame level 2 RUNT (< 64 bytes), 3 GIANT (> 1518), 1 FCS,
// 5 MAC; then the EtherType: 6 TYPE (not 0x0800; st_class_o says which class: 0 ARP 0x0806,
// 1 VLAN 0x8100 / 0x88A8, 2 IPv6 0x86DD, 3 other); IPv4 only: 4 TRUNC (14 + IP total length
// + 4 > bytes), 7 IPHDR (version/IHL, header checksum, MF/fragment offset), 8 IPLEN (bytes !=
// max(64, 18 + total length)), 9 PROTO, 10 IPDST, 11 PORT, 12 UDPLEN (UDP length != total
// length - 20 or < 17), 13 UDPCSUM (non-zero and wrong), 14 FM (FM length != UDP length - 16
// or dst_node != own node); 0 OK.
//
// Pipeline (156.25 MHz on ECP5, docs/reference/comet_tx_rx.md "Latency and throughput"):
//  - accepted beats are written to the RAM directly and registered (R stage: data, byte
//    count, IP / UDP byte masks); the CRC, the byte count, the sums and the header fields are
//    updated from R one cycle later;
//  - the CRC is linear: crc(c, d) = F(c) ^ G(d). The R stage registers G of the beat (its bytes
//    past tkeep zeroed, always 8 bytes), so the CRC loop is only crc_q <= F(crc_q) ^ r_g_q (F =
//    8 zero bytes, no byte-count mux). Only the last beat may be partial (tkeep contiguous from
//    bit 0): its zero padding of 8 - n bytes leaves crc_q = F_(8-n)(CRC of the frame), so the
//    FCS check at S_FIN compares crc_q with the residue 0xDEBB20E3 advanced by 8 - n zero bytes
//    (a constant per n = r_nb_q of the last beat) instead of the residue itself;
//  - the UDP sum register starts at 17 and also takes the source / destination IP words and
//    the UDP length a second time (pseudo header), so no addition is left for the end; a
//    one's-complement sum S is "folded = 0xFFFF" iff S[15:0] == ~S[31:16] or S = 0xFFFFFFFF
//    (equality tests instead of the two end-around-carry additions);
//  - the header checks are registered flags (free running); the length checks compare the
//    final byte count at S_FIN;
//  - after the last beat: S_WAIT (R processes it), S_FIN (every check result latched into
//    fl_q), then the status cycle (state already S_IDLE: code from fl_q by priority into
//    code_q, slot for the next frame chosen; a next frame is accepted in this cycle only if
//    the other slot is free, its first beat reaches the RAM from R one cycle later), then
//    st_valid_o / st_code_o / push_o from code_q.
//  Last frame beat -> status = 4 cycles; 2 idle input cycles per frame (S_WAIT, S_FIN).
module comet_rx_ingest (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output reg         s_axis_tready,
  input  wire        s_axis_tlast,
  input  wire [47:0] own_mac_i,
  input  wire [31:0] own_ip_i,
  input  wire [15:0] own_port_i,
  input  wire [15:0] own_node_i,
  input  wire        bcast_en_i,
  input  wire [1:0]  slot_free_i,
  output wire        buf_we_o,
  output wire [8:0]  buf_waddr_o,
  output wire [63:0] buf_wdata_o,
  output wire        st_valid_o,
  output wire [3:0]  st_code_o,
  output wire [1:0]  st_class_o,     // EtherType class of a TYPE status (0 ARP 1 VLAN 2 IPv6 3 other)
  output wire        push_o,
  output wire        push_slot_o,
  output wire [10:0] push_len_o,
  output wire [1:0]  state_o,
  output wire        wr_slot_o,
  output wire [31:0] crc_o,
  output wire [31:0] usum_o
);
  localparam logic [1:0] S_IDLE = 2'd0, S_FRAME = 2'd1, S_FIN = 2'd2, S_WAIT = 2'd3;

  reg [1:0]  state_q, state_d;
  reg        wr_slot_q, wr_slot_d;
  reg [8:0]  widx_q, widx_d;
  reg [17:0] urem_q, urem_d;                 // UDP end - beat base (signed), beats >= 5
  reg [7:0]  ulane_q, ulane_d;               // lane k of the next beat is a UDP byte (urem > k)
  // widx == 0, 1..4, 5..255: a one-hot shift register advanced with widx (not compared on widx_d)
  reg        bw0_q, bw1_q, bw2_q, bw3_q, bw4_q, bw5_q, bw0_d, bw1_d, bw2_d, bw3_d, bw4_d, bw5_d;
  // R stage
  reg        r_valid_q;
  reg [63:0] r_data_q;
  reg [31:0] r_g_q;                          // G(beat bytes, past tkeep 0): CRC data term
  reg [3:0]  r_nb_q;
  reg [16:0] r_ip01_q, r_ip23_q;             // IPv4 header words 0+1, 2+3 of the beat (masked)
  reg [16:0] r_u01_q;                        // UDP sum words 0+1, 2+3 (masked; see below)
  reg [17:0] r_u23_q;
  reg [8:0]  r_widx_q;
  // processing stage
  reg [15:0] bytes_q, bytes_d;
  reg [31:0] crc_q, crc_d;
  reg [47:0] dmac_q, dmac_d;
  reg [15:0] type_q, type_d, frag_q, frag_d, tl_q, tl_d, dport_q, dport_d, ulen_q, ulen_d;
  reg [15:0] ucs_q, ucs_d, fmnode_q, fmnode_d, fmlen_q, fmlen_d;
  reg [7:0]  verihl_q, verihl_d, proto_q, proto_d;
  reg [31:0] dip_q, dip_d, ipsum_q, ipsum_d, usum_q, usum_d;
  // flags
  reg        f_runt, f_giant, f_trunc, f_iplen;  // from the final byte count, at S_FIN
  reg        f_mac_q, f_type_q, f_iphdr_q, f_proto_q;
  reg [1:0]  f_cls_q, cls_fl_q, cls_q;       // EtherType class: free running, at S_FIN, with code_q
  reg        f_ipdst_q, f_port_q, f_udplen_q, f_ucsnz_q, f_fm_q;
  reg [16:0] iplen_sum_q, ulm_q;
  reg [15:0] need_q;
  // status
  reg        st_v_q, push_slot_q;
  reg        pv_q;                           // status pending (cycle after S_FIN)
  reg [13:0] fl_q;                           // all checks, in code priority order, latched at S_FIN
  reg [13:0] fl;
  reg [3:0]  code_q;

  reg        acc, fin;
  reg [3:0]  nb, code_d;
  reg [16:0] bytes_sum;
  reg [15:0] ulen_in;
  reg [63:0] iw;                             // masked big-endian 16-bit words (4 x 16)
  reg        uok;
  reg [7:0]  ukm;
  reg [63:0] uwm;                            // UDP words of beats 3, 5.. (masked lanes)
  reg [47:0] tsw;                            // beat bytes as big-endian 16-bit words, unmasked
  reg [63:0] kd;                             // beat bytes past tkeep 0 (CRC data)
  reg [31:0] fcs_res;                        // expected crc_q at S_FIN (residue after padding)
  reg [16:0] u01_d;
  reg [17:0] u23_d;
  wire [31:0] crc_f, crc_g;
  integer k;

  // CRC register after n zero bytes (elaboration time)
  function automatic [31:0] crc_zeros(input [31:0] c, input integer n);
    integer i;
    begin
      crc_zeros = c;
      for (i = 0; i < 8 * n; i = i + 1) crc_zeros = (crc_zeros >> 1) ^ (32'hEDB88320 & {32{crc_zeros[0]}});
    end
  endfunction
  localparam logic [31:0] RES = 32'hDEBB20E3;
  // FCS_RES[32*n +: 32]: expected crc_q when the last beat has n bytes (8 - n zero bytes after)
  localparam logic [32*9-1:0] FCS_RES = {crc_zeros(RES, 0), crc_zeros(RES, 1), crc_zeros(RES, 2),
                                         crc_zeros(RES, 3), crc_zeros(RES, 4), crc_zeros(RES, 5),
                                         crc_zeros(RES, 6), crc_zeros(RES, 7), crc_zeros(RES, 8)};

  // F(crc_q) (8 zero bytes) in the loop; G(beat) from the input side into the R stage
  comet_crc32_d64 u_crc (.crc_i(crc_q), .data_i(64'd0), .nbytes_i(4'd8), .crc_o(crc_f));
  comet_crc32_d64 u_crcg (.crc_i(32'd0), .data_i(kd), .nbytes_i(4'd8), .crc_o(crc_g));

  // the RAM is written from the R stage (so the slot of a frame accepted in the status cycle is
  // known when its first beat is written)
  assign buf_we_o    = r_valid_q && !r_widx_q[8];
  assign buf_waddr_o = {wr_slot_q, r_widx_q[7:0]};
  assign buf_wdata_o = r_data_q;
  assign st_valid_o  = st_v_q;
  assign st_code_o   = code_q;
  assign st_class_o  = cls_q;
  assign push_o      = st_v_q && (code_q == 4'd0);
  assign push_slot_o = push_slot_q;
  assign push_len_o  = ulen_q[10:0] - 11'd8;
  assign state_o     = state_q;
  assign wr_slot_o   = wr_slot_q;
  assign crc_o       = crc_q;
  assign usum_o      = usum_q;

  // input side: handshake, byte count, masks (R stage inputs)
  always @* begin
    nb = 4'd0;
    for (k = 0; k < 8; k = k + 1) nb = nb + {3'd0, s_axis_tkeep[k]};
    case (state_q)
      // status cycle: the slot is not decided yet; accept only if either choice is free (the
      // current slot is, so the other one must be)
      S_IDLE:  s_axis_tready = slot_free_i[pv_q ? !wr_slot_q : wr_slot_q];
      S_FRAME: s_axis_tready = 1'b1;
      default: s_axis_tready = 1'b0;
    endcase
    acc      = s_axis_tvalid && s_axis_tready;
    fin      = (state_q == S_FIN);
    for (k = 0; k < 8; k = k + 1) kd[8*k +: 8] = s_axis_tkeep[k] ? s_axis_tdata[8*k +: 8] : 8'd0;
    // IPv4 header lanes: beat 1 lanes 6..7, beats 2..3 all, beat 4 lanes 0..1 (and tkeep);
    // timing: big-endian 16-bit words (byte 2j high) masked by tkeep only, the beat flags
    // select after the adders (r_ip01_q / r_ip23_q)
    ulen_in = {s_axis_tdata[55:48], s_axis_tdata[63:56]};
    for (k = 0; k < 4; k = k + 1)
      iw[16*k +: 16] = {s_axis_tkeep[2*k] ? s_axis_tdata[16*k +: 8] : 8'd0,
                        s_axis_tkeep[2*k+1] ? s_axis_tdata[16*k+8 +: 8] : 8'd0};
    // UDP sum lanes: beat 3 lanes 2..7 (source IP, destination IP high), beat 4 all lanes
    // (destination IP low, UDP header; unmasked: a frame whose UDP checksum check decides its
    // status has a full beat 4 and 17 <= UDP length <= 1480, see docs/reference/comet_tx_rx.md; its word 3, the
    // UDP length, counts twice: data + pseudo header), beats 5..255 the lanes before the UDP
    // end (ulane_q, registered from urem)
    // timing: the same pair sums with the beat-4 select last (beat 4 sums all lanes unmasked,
    // the other beats their masked lanes), so the mask flags are not in front of the adders
    ukm = ({8{bw3_q}} & 8'hFC) | ({8{bw5_q}} & ulane_q & s_axis_tkeep);
    for (k = 0; k < 3; k = k + 1) tsw[16*k +: 16] = {s_axis_tdata[16*k +: 8], s_axis_tdata[16*k+8 +: 8]};
    for (k = 0; k < 4; k = k + 1) begin
      uwm[16*k +: 16] = {ukm[2*k] ? s_axis_tdata[16*k +: 8] : 8'd0, ukm[2*k+1] ? s_axis_tdata[16*k+8 +: 8] : 8'd0};
    end
    u01_d = bw4_q ? ({1'b0, tsw[15:0]} + {1'b0, tsw[31:16]}) : ({1'b0, uwm[15:0]} + {1'b0, uwm[31:16]});
    u23_d = bw4_q ? ({2'b0, tsw[47:32]} + {1'b0, ulen_in, 1'b0})
                  : ({2'b0, uwm[47:32]} + {2'b0, uwm[63:48]});
  end

  // status code (S_FIN) from the flags
  always @* begin
    uok = (usum_q[15:0] == ~usum_q[31:16]) || (usum_q == 32'hFFFFFFFF);
    f_runt  = bytes_q < 16'd64;
    f_giant = bytes_q > 16'd1518;
    f_trunc = iplen_sum_q > {1'b0, bytes_q};
    f_iplen = bytes_q != need_q;
    // FCS residue after the zero padding of the last beat (r_nb_q: its byte count)
    fcs_res = (r_nb_q > 4'd8) ? RES : FCS_RES[32*r_nb_q +: 32];
    fl = {f_runt, f_giant, crc_q != fcs_res, f_mac_q, f_type_q, f_trunc, f_iphdr_q, f_iplen,
          f_proto_q, f_ipdst_q, f_port_q, f_udplen_q, f_ucsnz_q && !uok, f_fm_q};
    // status cycle: code from the latched checks (frame level, MAC, EtherType, then IPv4)
    if (fl_q[13])                              code_d = 4'd2;
    else if (fl_q[12])                         code_d = 4'd3;
    else if (fl_q[11])                         code_d = 4'd1;
    else if (fl_q[10])                         code_d = 4'd5;
    else if (fl_q[9])                          code_d = 4'd6;
    else if (fl_q[8])                          code_d = 4'd4;
    else if (fl_q[7])                          code_d = 4'd7;
    else if (fl_q[6])                          code_d = 4'd8;
    else if (fl_q[5])                          code_d = 4'd9;
    else if (fl_q[4])                          code_d = 4'd10;
    else if (fl_q[3])                          code_d = 4'd11;
    else if (fl_q[2])                          code_d = 4'd12;
    else if (fl_q[1])                          code_d = 4'd13;
    else if (fl_q[0])                          code_d = 4'd14;
    else                                       code_d = 4'd0;
  end

  // next state
  always @* begin
    state_d = state_q; wr_slot_d = wr_slot_q; widx_d = widx_q; urem_d = urem_q;
    bytes_d = bytes_q; crc_d = crc_q;
    dmac_d = dmac_q; type_d = type_q; frag_d = frag_q; tl_d = tl_q; dport_d = dport_q;
    ulen_d = ulen_q; ucs_d = ucs_q; fmnode_d = fmnode_q; fmlen_d = fmlen_q; verihl_d = verihl_q;
    proto_d = proto_q; dip_d = dip_q; ipsum_d = ipsum_q; usum_d = usum_q;
    if (acc) begin
      widx_d  = widx_q[8] ? widx_q : widx_q + 9'd1;
      if (bw4_q) urem_d = {2'd0, ulen_in} - 18'd6;
      else       urem_d = urem_q - 18'd8;
      state_d = s_axis_tlast ? S_WAIT : S_FRAME;
    end
    // processing of the R stage
    bytes_sum = {1'b0, bytes_q} + {13'd0, r_nb_q};
    if (r_valid_q) begin
      bytes_d = (r_widx_q == 9'd0) ? {12'd0, r_nb_q} : (bytes_sum[16] ? 16'hFFFF : bytes_sum[15:0]);
      crc_d   = crc_f ^ r_g_q;
      ipsum_d = ipsum_q + {15'd0, r_ip01_q} + {15'd0, r_ip23_q};
      usum_d  = usum_q + {15'd0, r_u01_q} + {14'd0, r_u23_q};
      case (r_widx_q)
        9'd0: dmac_d = {r_data_q[7:0], r_data_q[15:8], r_data_q[23:16],
                        r_data_q[31:24], r_data_q[39:32], r_data_q[47:40]};
        9'd1: begin
          type_d   = {r_data_q[39:32], r_data_q[47:40]};
          verihl_d = r_data_q[55:48];
        end
        9'd2: begin
          tl_d    = {r_data_q[7:0], r_data_q[15:8]};
          frag_d  = {r_data_q[39:32], r_data_q[47:40]};
          proto_d = r_data_q[63:56];
        end
        9'd3: dip_d[31:16] = {r_data_q[55:48], r_data_q[63:56]};
        9'd4: begin
          dip_d[15:0] = {r_data_q[7:0], r_data_q[15:8]};
          dport_d = {r_data_q[39:32], r_data_q[47:40]};
          ulen_d  = {r_data_q[55:48], r_data_q[63:56]};
        end
        9'd5: begin
          ucs_d    = {r_data_q[7:0], r_data_q[15:8]};
          fmnode_d = {r_data_q[31:24], r_data_q[23:16]};
        end
        9'd6: fmlen_d = {r_data_q[15:8], r_data_q[7:0]};
        default: ;
      endcase
    end
    if (state_q == S_WAIT) state_d = S_FIN;
    if (fin) begin
      state_d = S_IDLE;
      widx_d  = 9'd0;
      crc_d   = 32'hFFFFFFFF;
      ipsum_d = 32'd0;
      usum_d  = 32'd17;
    end
    if (pv_q && code_d == 4'd0) wr_slot_d = !wr_slot_q;
    // beat-index flags from the flags themselves (acc moves widx by one, fin clears it; acc and
    // fin never coincide): widx 255 -> 256 leaves bw5 (widx_q[7:0] == 255 with bw5_q set)
    bw0_d = fin || (bw0_q && !acc);
    bw1_d = !fin && (acc ? bw0_q : bw1_q);
    bw2_d = !fin && (acc ? bw1_q : bw2_q);
    bw3_d = !fin && (acc ? bw2_q : bw3_q);
    bw4_d = !fin && (acc ? bw3_q : bw4_q);
    bw5_d = !fin && (acc ? (bw4_q || (bw5_q && widx_q[7:0] != 8'hFF)) : bw5_q);
    // ulane_d = (urem_d > k) without the subtraction in the path: both candidates compare a
    // register / the input with constants, the handshake only selects
    for (k = 0; k < 8; k = k + 1)
      ulane_d[k] = !acc ? ulane_q[k] :
                   bw4_q ? ({2'd0, ulen_in} > 18'(k + 6)) : ($signed(urem_q) > $signed(18'(k + 8)));
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE; wr_slot_q <= 1'b0; widx_q <= 9'd0; urem_q <= '0; bytes_q <= 16'd0;
      ulane_q <= '0; bw0_q <= 1'b1; bw1_q <= 1'b0; bw2_q <= 1'b0; bw3_q <= 1'b0; bw4_q <= 1'b0; bw5_q <= 1'b0;
      crc_q <= 32'hFFFFFFFF;
      dmac_q <= '0; type_q <= '0; frag_q <= '0; tl_q <= '0; dport_q <= '0; ulen_q <= '0;
      ucs_q <= '0; fmnode_q <= '0; fmlen_q <= '0; verihl_q <= '0; proto_q <= '0;
      dip_q <= '0; ipsum_q <= '0; usum_q <= 32'd17;
      r_valid_q <= 1'b0; r_data_q <= '0; r_nb_q <= '0; r_ip01_q <= '0; r_ip23_q <= '0;
      r_u01_q <= '0; r_u23_q <= '0; r_widx_q <= '0; r_g_q <= '0;
      f_mac_q <= 1'b0; f_cls_q <= 2'd0; cls_fl_q <= 2'd0; cls_q <= 2'd0;
      f_type_q <= 1'b0; f_iphdr_q <= 1'b0; f_proto_q <= 1'b0; f_ipdst_q <= 1'b0; f_port_q <= 1'b0;
      f_udplen_q <= 1'b0; f_ucsnz_q <= 1'b0; f_fm_q <= 1'b0; iplen_sum_q <= '0; ulm_q <= '0; need_q <= '0;
      st_v_q <= 1'b0; push_slot_q <= 1'b0; code_q <= '0; pv_q <= 1'b0; fl_q <= '0;
    end else begin
      state_q <= state_d; wr_slot_q <= wr_slot_d; widx_q <= widx_d; urem_q <= urem_d;
      ulane_q <= ulane_d; bw0_q <= bw0_d; bw1_q <= bw1_d; bw2_q <= bw2_d; bw3_q <= bw3_d; bw4_q <= bw4_d; bw5_q <= bw5_d;
      bytes_q <= bytes_d; crc_q <= crc_d;
      dmac_q <= dmac_d; type_q <= type_d; frag_q <= frag_d; tl_q <= tl_d; dport_q <= dport_d;
      ulen_q <= ulen_d; ucs_q <= ucs_d; fmnode_q <= fmnode_d; fmlen_q <= fmlen_d;
      verihl_q <= verihl_d; proto_q <= proto_d; dip_q <= dip_d;
      ipsum_q <= ipsum_d; usum_q <= usum_d;
      r_valid_q <= acc;
      if (acc) begin
        r_data_q <= s_axis_tdata; r_nb_q <= nb; r_widx_q <= widx_q; r_g_q <= crc_g;
        r_ip01_q <= (bw2_q | bw3_q) ? {1'b0, iw[15:0]} + {1'b0, iw[31:16]} :
                    bw4_q ? {1'b0, iw[15:0]} : 17'd0;
        r_ip23_q <= (bw2_q | bw3_q) ? {1'b0, iw[47:32]} + {1'b0, iw[63:48]} :
                    bw1_q ? {1'b0, iw[63:48]} : 17'd0;
        r_u01_q  <= u01_d;
        r_u23_q  <= u23_d;
      end
      // flags (free running; stable before S_FIN for every frame of >= 8 beats)
      iplen_sum_q <= {1'b0, tl_q} + 17'd18;
      need_q      <= (iplen_sum_q < 17'd64) ? 16'd64 : iplen_sum_q[15:0];
      f_mac_q     <= dmac_q != own_mac_i && !(bcast_en_i && dmac_q == 48'hFFFF_FFFF_FFFF);
      f_type_q    <= type_q != 16'h0800;
      f_cls_q     <= (type_q == 16'h0806) ? 2'd0 : (type_q == 16'h8100 || type_q == 16'h88A8) ? 2'd1 :
                     (type_q == 16'h86DD) ? 2'd2 : 2'd3;
      f_iphdr_q   <= verihl_q != 8'h45 || frag_q[13:0] != 14'd0 ||
                     !((ipsum_q[15:0] == ~ipsum_q[31:16]) || (ipsum_q == 32'hFFFFFFFF));
      f_proto_q   <= proto_q != 8'd17;
      f_ipdst_q   <= dip_q != own_ip_i;
      f_port_q    <= dport_q != own_port_i;
      f_udplen_q  <= ({1'b0, ulen_q} + 17'd20 != {1'b0, tl_q}) || ulen_q < 16'd17;
      f_ucsnz_q   <= ucs_q != 16'd0;
      // FM length check as an equality with ulen - 16 (ulm_q, from ulen_q of beat 4: stable
      // two cycles before fmlen_q of beat 6), no adder in front of the compare
      ulm_q       <= {1'b0, ulen_q} - 17'd16;
      f_fm_q      <= ulm_q[16] || fmlen_q != ulm_q[15:0] || fmnode_q != own_node_i;
      pv_q        <= fin;
      if (fin) begin fl_q <= fl; cls_fl_q <= f_cls_q; end
      st_v_q      <= pv_q;
      if (pv_q) begin code_q <= code_d; cls_q <= cls_fl_q; push_slot_q <= wr_slot_q; end
    end
  end
endmodule
`default_nettype wire
