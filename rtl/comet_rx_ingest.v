`default_nettype none
// comet_rx_ingest: receives Ethernet frames (with FCS) on s_axis, writes each beat into the
// free buffer slot (word n = beat n, up to 256 words), runs the CRC-32 over every byte and
// latches/sums the header fields as they pass. One cycle after the last beat (state FIN,
// s_axis_tready = 0) it reports a status code; a good frame's slot is handed to the egress
// (push_o, message length = UDP length - 8) and the other slot is used next.
// Codes (priority top to bottom): 2 RUNT (< 64 bytes), 3 GIANT (> 1518), 1 FCS, 4 TRUNC
// (14 + IP total length + 4 > bytes), 5 MAC, 6 TYPE, 7 IPHDR (version/IHL, header checksum,
// MF/fragment offset), 8 IPLEN (bytes != max(64, 18 + total length)), 9 PROTO, 10 IPDST,
// 11 PORT, 12 UDPLEN (UDP length != total length - 20 or < 17), 13 UDPCSUM (non-zero and
// wrong), 14 FM (FM length != UDP length - 16 or dst_node != own node); 0 OK.
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
  output reg         buf_we_o,
  output wire [8:0]  buf_waddr_o,
  output wire [63:0] buf_wdata_o,
  output wire        st_valid_o,
  output reg  [3:0]  st_code_o,
  output wire        push_o,
  output wire        push_slot_o,
  output wire [10:0] push_len_o,
  output wire [1:0]  state_o,
  output wire        wr_slot_o,
  output wire [31:0] crc_o,
  output wire [31:0] usum_o
);
  localparam logic [1:0] S_IDLE = 2'd0, S_FRAME = 2'd1, S_FIN = 2'd2;

  reg [1:0]  state_q, state_d;
  reg        wr_slot_q, wr_slot_d;
  reg [8:0]  widx_q, widx_d;
  reg [15:0] bytes_q, bytes_d;
  reg [31:0] crc_q, crc_d;
  reg [47:0] dmac_q, dmac_d;
  reg [15:0] type_q, type_d, frag_q, frag_d, tl_q, tl_d, dport_q, dport_d, ulen_q, ulen_d;
  reg [15:0] ucs_q, ucs_d, fmnode_q, fmnode_d, fmlen_q, fmlen_d;
  reg [7:0]  verihl_q, verihl_d, proto_q, proto_d;
  reg [31:0] sip_q, sip_d, dip_q, dip_d, ipsum_q, ipsum_d, usum_q, usum_d;

  reg        acc, fin;
  reg [3:0]  nb;
  reg [16:0] bytes_sum;
  reg [7:0]  ipkeep, ukeep;
  reg [15:0] ulen_cur, fl, need;
  reg [10:0] base, pos;
  reg [31:0] ps;
  reg [15:0] uf;
  reg [16:0] iplen_sum;
  wire [31:0] crc_n;
  wire [17:0] ipbs, ubs;
  integer k;

  comet_crc32_d64 u_crc (.crc_i(crc_q), .data_i(s_axis_tdata), .nbytes_i(nb), .crc_o(crc_n));
  comet_csum64 u_ipcs (.data_i(s_axis_tdata), .keep_i(ipkeep), .sum_o(ipbs));
  comet_csum64 u_ucs (.data_i(s_axis_tdata), .keep_i(ukeep), .sum_o(ubs));

  assign buf_waddr_o = {wr_slot_q, widx_q[7:0]};
  assign buf_wdata_o = s_axis_tdata;
  assign st_valid_o  = fin;
  assign push_o      = fin && (st_code_o == 4'd0);
  assign push_slot_o = wr_slot_q;
  assign push_len_o  = ulen_q[10:0] - 11'd8;
  assign state_o     = state_q;
  assign wr_slot_o   = wr_slot_q;
  assign crc_o       = crc_q;
  assign usum_o      = usum_q;

  function automatic [15:0] fold(input [31:0] s);
    reg [16:0] a;
    reg [15:0] b;
    begin
      a = {1'b0, s[15:0]} + {1'b0, s[31:16]};
      b = a[15:0] + {15'd0, a[16]};
      fold = b;
    end
  endfunction

  // handshake, masks and beat-level combinational values
  always @* begin
    nb = 4'd0;
    for (k = 0; k < 8; k = k + 1) nb = nb + {3'd0, s_axis_tkeep[k]};
    case (state_q)
      S_IDLE:  s_axis_tready = slot_free_i[wr_slot_q];
      S_FRAME: s_axis_tready = 1'b1;
      default: s_axis_tready = 1'b0;
    endcase
    acc      = s_axis_tvalid && s_axis_tready;
    buf_we_o = acc && !widx_q[8];
    fin      = (state_q == S_FIN);
    // beat index = widx (0 in IDLE); header fields sit in beats 0..6
    base = {widx_q[7:0], 3'b000};
    case (widx_q)
      9'd1:    ipkeep = 8'hC0 & s_axis_tkeep;
      9'd2:    ipkeep = 8'hFF & s_axis_tkeep;
      9'd3:    ipkeep = 8'hFF & s_axis_tkeep;
      9'd4:    ipkeep = 8'h03 & s_axis_tkeep;
      default: ipkeep = 8'h00;
    endcase
    ulen_cur = (widx_q == 9'd4) ? {s_axis_tdata[55:48], s_axis_tdata[63:56]} : ulen_q;
    for (k = 0; k < 8; k = k + 1) begin
      pos = base + k[10:0];
      ukeep[k] = s_axis_tkeep[k] && !widx_q[8] && (pos >= 11'd34) &&
                 ({5'd0, pos} < 16'd34 + ulen_cur);
    end
  end

  // status code
  always @* begin
    fl   = bytes_q;
    iplen_sum = {1'b0, tl_q} + 17'd18;
    need = (iplen_sum < 17'd64) ? 16'd64 : iplen_sum[15:0];
    ps   = usum_q + {16'd0, sip_q[31:16]} + {16'd0, sip_q[15:0]} + {16'd0, dip_q[31:16]}
         + {16'd0, dip_q[15:0]} + 32'd17 + {16'd0, ulen_q};
    uf   = fold(ps);
    if (fl < 16'd64)                                           st_code_o = 4'd2;
    else if (fl > 16'd1518)                                    st_code_o = 4'd3;
    else if (crc_q != 32'hDEBB20E3)                            st_code_o = 4'd1;
    else if (iplen_sum > {1'b0, fl})                           st_code_o = 4'd4;
    else if (dmac_q != own_mac_i && !(bcast_en_i && dmac_q == 48'hFFFF_FFFF_FFFF)) st_code_o = 4'd5;
    else if (type_q != 16'h0800)                               st_code_o = 4'd6;
    else if (verihl_q != 8'h45 || fold(ipsum_q) != 16'hFFFF || frag_q[13:0] != 14'd0) st_code_o = 4'd7;
    else if (fl != need)                                       st_code_o = 4'd8;
    else if (proto_q != 8'd17)                                 st_code_o = 4'd9;
    else if (dip_q != own_ip_i)                                st_code_o = 4'd10;
    else if (dport_q != own_port_i)                            st_code_o = 4'd11;
    else if ({1'b0, ulen_q} + 17'd20 != {1'b0, tl_q} || ulen_q < 16'd17) st_code_o = 4'd12;
    else if (ucs_q != 16'd0 && uf != 16'hFFFF)           st_code_o = 4'd13;
    else if ({1'b0, fmlen_q} + 17'd16 != {1'b0, ulen_q} || fmnode_q != own_node_i) st_code_o = 4'd14;
    else                                                       st_code_o = 4'd0;
  end

  // next state
  always @* begin
    state_d = state_q; wr_slot_d = wr_slot_q; widx_d = widx_q; bytes_d = bytes_q; crc_d = crc_q;
    dmac_d = dmac_q; type_d = type_q; frag_d = frag_q; tl_d = tl_q; dport_d = dport_q;
    ulen_d = ulen_q; ucs_d = ucs_q; fmnode_d = fmnode_q; fmlen_d = fmlen_q; verihl_d = verihl_q;
    proto_d = proto_q; sip_d = sip_q; dip_d = dip_q; ipsum_d = ipsum_q; usum_d = usum_q;
    bytes_sum = {1'b0, bytes_q} + {13'd0, nb};
    if (acc) begin
      widx_d  = widx_q[8] ? widx_q : widx_q + 9'd1;
      bytes_d = bytes_sum[16] ? 16'hFFFF : bytes_sum[15:0];
      crc_d   = crc_n;
      ipsum_d = ipsum_q + {14'd0, ipbs};
      usum_d  = usum_q + {14'd0, ubs};
      case (widx_q)
        9'd0: begin
          dmac_d = {s_axis_tdata[7:0], s_axis_tdata[15:8], s_axis_tdata[23:16],
                    s_axis_tdata[31:24], s_axis_tdata[39:32], s_axis_tdata[47:40]};
          bytes_d = {12'd0, nb};
          crc_d   = crc_n;
        end
        9'd1: begin
          type_d   = {s_axis_tdata[39:32], s_axis_tdata[47:40]};
          verihl_d = s_axis_tdata[55:48];
        end
        9'd2: begin
          tl_d    = {s_axis_tdata[7:0], s_axis_tdata[15:8]};
          frag_d  = {s_axis_tdata[39:32], s_axis_tdata[47:40]};
          proto_d = s_axis_tdata[63:56];
        end
        9'd3: begin
          sip_d = {s_axis_tdata[23:16], s_axis_tdata[31:24], s_axis_tdata[39:32], s_axis_tdata[47:40]};
          dip_d[31:16] = {s_axis_tdata[55:48], s_axis_tdata[63:56]};
        end
        9'd4: begin
          dip_d[15:0] = {s_axis_tdata[7:0], s_axis_tdata[15:8]};
          dport_d = {s_axis_tdata[39:32], s_axis_tdata[47:40]};
          ulen_d  = ulen_cur;
        end
        9'd5: begin
          ucs_d    = {s_axis_tdata[7:0], s_axis_tdata[15:8]};
          fmnode_d = {s_axis_tdata[31:24], s_axis_tdata[23:16]};
        end
        9'd6: fmlen_d = {s_axis_tdata[15:8], s_axis_tdata[7:0]};
        default: ;
      endcase
      state_d = s_axis_tlast ? S_FIN : S_FRAME;
    end
    if (fin) begin
      state_d = S_IDLE;
      widx_d  = 9'd0;
      crc_d   = 32'hFFFFFFFF;
      ipsum_d = 32'd0;
      usum_d  = 32'd0;
      if (push_o) wr_slot_d = !wr_slot_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE; wr_slot_q <= 1'b0; widx_q <= 9'd0; bytes_q <= 16'd0; crc_q <= 32'hFFFFFFFF;
      dmac_q <= '0; type_q <= '0; frag_q <= '0; tl_q <= '0; dport_q <= '0; ulen_q <= '0;
      ucs_q <= '0; fmnode_q <= '0; fmlen_q <= '0; verihl_q <= '0; proto_q <= '0;
      sip_q <= '0; dip_q <= '0; ipsum_q <= '0; usum_q <= '0;
    end else begin
      state_q <= state_d; wr_slot_q <= wr_slot_d; widx_q <= widx_d; bytes_q <= bytes_d; crc_q <= crc_d;
      dmac_q <= dmac_d; type_q <= type_d; frag_q <= frag_d; tl_q <= tl_d; dport_q <= dport_d;
      ulen_q <= ulen_d; ucs_q <= ucs_d; fmnode_q <= fmnode_d; fmlen_q <= fmlen_d;
      verihl_q <= verihl_d; proto_q <= proto_d; sip_q <= sip_d; dip_q <= dip_d;
      ipsum_q <= ipsum_d; usum_q <= usum_d;
    end
  end
endmodule
`default_nettype wire
