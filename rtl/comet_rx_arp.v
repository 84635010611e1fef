// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_rx_arp: the ARP responder of comet_rx (docs/reference/comet_tx_rx.md "ARP responder").
// It watches the ingest's buffer writes (beat n of a frame = word n) and keeps the ARP fields of
// beats 1..5; when the ingest reports a frame as TYPE with EtherType class ARP (so RUNT, GIANT,
// FCS and the MAC filter passed) and ARP_EN is set, a request (htype 1, ptype 0x0800, hlen 6,
// plen 4, oper 1) whose target IP is own_ip_i is answered: the requester's MAC and IP go into
// the pending-reply register and the reply (60 bytes + FCS, 8 beats) is offered on m_axis;
// reply_o counts it. Any other ARP frame, and a request arriving while a reply is pending (the
// pending register holds one reply until its last beat is sent), counts in drop_o. timing: the
// decision is registered (rep_q / drp_q, and the events) and acted on one cycle after the
// status; the captured fields are still the reported frame's then.
// Timing of the fields: the ingest reports a frame 4 cycles after its last beat and writes the
// next frame's beat 1 two cycles later at the earliest, so the captured fields, and the checks
// registered from them (ok_q), belong to the reported frame in its status cycle.
// Reply: destination MAC and target MAC = the request's sender MAC, source MAC and sender MAC =
// own_mac_i, sender IP = own_ip_i, target IP = the request's sender IP, oper 2, zero padding;
// own_mac_i / own_ip_i are read while the reply is prepared and sent (change them while idle).
// The FCS is computed first, one byte per cycle over bytes 0..59 (ci_q; a one-byte CRC step is
// 673 LUT4 smaller on ECP5 than an 8-byte step per beat), then the 8 beats are offered (rdy_q);
// the FCS completes beat 7. timing: the byte is registered (cb_q, valid cv_q) between the beat
// mux and the CRC step. Status of a request -> first reply beat: 62 cycles.
module comet_rx_arp (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        we_i,          // ingest buffer write: word index and data
  input  wire [7:0]  widx_i,
  input  wire [63:0] wdata_i,
  input  wire        st_valid_i,
  input  wire [3:0]  st_code_i,
  input  wire [1:0]  st_class_i,
  input  wire [47:0] own_mac_i,
  input  wire [31:0] own_ip_i,
  input  wire        arp_en_i,
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  output wire        reply_o,
  output wire        drop_o
);
  reg [15:0] c1_q, c1_d;                     // beat 1 bytes 14..15 (htype)
  reg [63:0] c2_q, c2_d, c3_q, c3_d;         // beats 2, 3 (ptype .. sender IP)
  reg [15:0] c4_q, c4_d, c5_q, c5_d;         // beat 4 bytes 38..39, beat 5 bytes 40..41 (target IP)
  reg        ok_q, ok_d;                     // the captured frame is a request for own_ip_i
  reg        pend_q, pend_d;                 // a reply is pending / being sent
  reg [47:0] sha_q, sha_d;                   // requester's MAC and IP
  reg [31:0] spa_q, spa_d;
  reg        rdy_q, rdy_d;                   // FCS ready: the reply is offered
  reg [5:0]  ci_q, ci_d;                     // FCS byte
  reg [2:0]  bi_q, bi_d;                     // reply beat
  reg [31:0] crc_q, crc_d;
  reg [2:0]  sel;
  reg [63:0] beat;
  reg [7:0]  cbyte, cb_q, cb_d;
  reg        cv_q, cv_d, fill;
  reg        is_arp, rep_q, rep_d, drp_q, drp_d;
  wire [31:0] crc1;

  // byte i of a beat is bits 8i+7:8i; a MAC / IP is sent most significant byte first
  function automatic [63:0] bytes8(input [7:0] b0, input [7:0] b1, input [7:0] b2, input [7:0] b3,
                                   input [7:0] b4, input [7:0] b5, input [7:0] b6, input [7:0] b7);
    bytes8 = {b7, b6, b5, b4, b3, b2, b1, b0};
  endfunction

  comet_crc32_d64 u_crc1 (.crc_i(crc_q), .data_i({56'd0, cb_q}), .nbytes_i(4'd1), .crc_o(crc1));

  // the beat mux serves the FCS bytes (beat ci_q[5:3], lane ci_q[2:0]) and then the reply beats
  always @* begin
    sel = rdy_q ? bi_q : ci_q[5:3];
    case (sel)
      3'd0: beat = bytes8(sha_q[47:40], sha_q[39:32], sha_q[31:24], sha_q[23:16], sha_q[15:8], sha_q[7:0],
                          own_mac_i[47:40], own_mac_i[39:32]);
      3'd1: beat = bytes8(own_mac_i[31:24], own_mac_i[23:16], own_mac_i[15:8], own_mac_i[7:0],
                          8'h08, 8'h06, 8'h00, 8'h01);
      3'd2: beat = bytes8(8'h08, 8'h00, 8'h06, 8'h04, 8'h00, 8'h02, own_mac_i[47:40], own_mac_i[39:32]);
      3'd3: beat = bytes8(own_mac_i[31:24], own_mac_i[23:16], own_mac_i[15:8], own_mac_i[7:0],
                          own_ip_i[31:24], own_ip_i[23:16], own_ip_i[15:8], own_ip_i[7:0]);
      3'd4: beat = bytes8(sha_q[47:40], sha_q[39:32], sha_q[31:24], sha_q[23:16], sha_q[15:8], sha_q[7:0],
                          spa_q[31:24], spa_q[23:16]);
      3'd5: beat = bytes8(spa_q[15:8], spa_q[7:0], 8'd0, 8'd0, 8'd0, 8'd0, 8'd0, 8'd0);
      3'd6: beat = 64'd0;
      default: beat = {~crc_q, 32'd0};       // bytes 56..59 padding, 60..63 FCS
    endcase
    cbyte = beat[8*ci_q[2:0] +: 8];
  end

  assign m_axis_tdata  = beat;
  assign m_axis_tkeep  = 8'hFF;
  assign m_axis_tvalid = rdy_q;
  assign m_axis_tlast  = (bi_q == 3'd7);
  assign reply_o       = rep_q;
  assign drop_o        = drp_q;

  always @* begin
    c1_d = c1_q; c2_d = c2_q; c3_d = c3_q; c4_d = c4_q; c5_d = c5_q;
    if (we_i) begin
      case (widx_i)
        8'd1: c1_d = wdata_i[63:48];
        8'd2: c2_d = wdata_i;
        8'd3: c3_d = wdata_i;
        8'd4: c4_d = wdata_i[63:48];
        8'd5: c5_d = wdata_i[15:0];
        default: ;
      endcase
    end
    // htype 1, ptype 0x0800, hlen 6, plen 4, oper 1, target IP (bytes 38..41) = own IP
    ok_d = c1_q == 16'h0100 && c2_q[47:0] == 48'h0100_0406_0008 &&
           {c4_q[7:0], c4_q[15:8], c5_q[7:0], c5_q[15:8]} == own_ip_i;
    is_arp = st_valid_i && st_code_i == 4'd6 && st_class_i == 2'd0 && arp_en_i;
    rep_d = is_arp && ok_q && !pend_q && !rep_q;
    drp_d = is_arp && !(ok_q && !pend_q && !rep_q);
    pend_d = pend_q; rdy_d = rdy_q; ci_d = ci_q; cb_d = cbyte; cv_d = 1'b0; sha_d = sha_q; spa_d = spa_q; bi_d = bi_q; crc_d = crc_q;
    if (rep_q) begin
      pend_d = 1'b1;
      ci_d   = 6'd0;
      crc_d  = 32'hFFFFFFFF;
      sha_d  = {c2_q[55:48], c2_q[63:56], c3_q[7:0], c3_q[15:8], c3_q[23:16], c3_q[31:24]};
      spa_d  = {c3_q[39:32], c3_q[47:40], c3_q[55:48], c3_q[63:56]};
    end
    // FCS: bytes 0..59 into cb_q, one cycle later into the CRC; ready after byte 59
    fill = pend_q && !rdy_q;
    if (cv_q) crc_d = crc1;
    if (fill && ci_q != 6'd60) begin
      cv_d = 1'b1;
      ci_d = ci_q + 6'd1;
    end
    if (fill && ci_q == 6'd60) rdy_d = 1'b1;
    if (rdy_q && m_axis_tready) begin
      bi_d = bi_q + 3'd1;
      if (bi_q == 3'd7) begin pend_d = 1'b0; rdy_d = 1'b0; end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      c1_q <= '0; c2_q <= '0; c3_q <= '0; c4_q <= '0; c5_q <= '0; ok_q <= 1'b0; pend_q <= 1'b0;
      rep_q <= 1'b0; drp_q <= 1'b0; rdy_q <= 1'b0; ci_q <= 6'd0; cb_q <= 8'd0; cv_q <= 1'b0; sha_q <= '0; spa_q <= '0; bi_q <= 3'd0; crc_q <= 32'hFFFFFFFF;
    end else begin
      c1_q <= c1_d; c2_q <= c2_d; c3_q <= c3_d; c4_q <= c4_d; c5_q <= c5_d; ok_q <= ok_d;
      rep_q <= rep_d; drp_q <= drp_d; pend_q <= pend_d; rdy_q <= rdy_d; ci_q <= ci_d; cb_q <= cb_d; cv_q <= cv_d; sha_q <= sha_d; spa_q <= spa_d; bi_q <= bi_d; crc_q <= crc_d;
    end
  end
endmodule
`default_nettype wire
