`default_nettype none
// comet_tx_egress: owns the two buffer slots' "ready" flags and descriptors. When the next
// slot (rd_slot) holds a message it spends one cycle (PREP) latching the frame header (IPv4
// header checksum, final UDP checksum from the ingest's payload sum + pseudo header, id
// counter) and reading word 0, then streams the frame one beat per cycle (stalls only on
// m_axis_tready): 42 bytes Ethernet/IPv4/UDP header, the FM message shifted by 2 bytes,
// zero padding up to 60 bytes, then the 4-byte FCS, computed over the beats as they go out
// (comet_crc32_d64 on the data bytes of each beat; the FCS is overlaid on the bytes after the
// data, spilling into one extra beat when fewer than 4 bytes are left). Back-to-back frames
// are separated by exactly one idle cycle (PREP).
module comet_tx_egress (
  input  wire        clk_i,
  input  wire        rst_ni,
  output reg  [63:0] m_axis_tdata,
  output reg  [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output reg         m_axis_tlast,
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
  reg [31:0] h_sip_q, h_sip_d, h_dip_q, h_dip_d;
  reg [15:0] h_sport_q, h_sport_d, h_dport_q, h_dport_d;
  reg [15:0] h_id_q, h_id_d, h_ipcs_q, h_ipcs_d, h_ucs_q, h_ucs_d;
  reg [10:0] h_len_q, h_len_d;
  reg [7:0]  beat_q, beat_d;
  reg [31:0] crc_q, crc_d;
  reg [15:0] prev_q, prev_d;
  reg [15:0] ipid_q, ipid_d;

  // descriptor of rd_slot
  reg [10:0] s_len;
  reg [31:0] s_psum, s_ip;
  reg [47:0] s_mac;
  reg [15:0] s_port;
  // PREP arithmetic
  reg [15:0] p_tl, p_ulen, p_ipcs, p_ucs;
  reg [31:0] p_isum, p_usum;
  reg [15:0] f2;
  // beat assembly
  reg [15:0] tl, ulen;
  reg [10:0] dend, fend, base, pos, pos2;
  reg [63:0] raw, dmask;
  reg [3:0]  nd;
  reg [10:0] ndw;
  reg        prep, xfer;
  wire [31:0] crc_n;
  wire [31:0] fcs = ~crc_n;
  integer i, i2;

  comet_crc32_d64 u_crc (.crc_i(crc_q), .data_i(dmask), .nbytes_i(nd), .crc_o(crc_n));

  assign m_axis_tvalid = busy_q;
  assign slot_free_o   = ~ready_q;
  assign slot_ready_o  = ready_q;
  assign busy_o        = busy_q;
  assign rd_slot_o     = rd_slot_q;
  assign done_o        = xfer && m_axis_tlast;
  assign done_bytes_o  = fend + 11'd4;
  assign ipid_o        = ipid_q;
  assign crc_o         = crc_q;

  function automatic [15:0] fold(input [31:0] s);
    reg [16:0] a;
    reg [15:0] b;
    begin
      a = {1'b0, s[15:0]} + {1'b0, s[31:16]};
      b = a[15:0] + {15'd0, a[16]};
      fold = b;
    end
  endfunction

  always @* begin
    s_len  = rd_slot_q ? d1_len_q  : d0_len_q;
    s_psum = rd_slot_q ? d1_psum_q : d0_psum_q;
    s_ip   = rd_slot_q ? d1_ip_q   : d0_ip_q;
    s_mac  = rd_slot_q ? d1_mac_q  : d0_mac_q;
    s_port = rd_slot_q ? d1_port_q : d0_port_q;
    prep   = !busy_q && ready_q[rd_slot_q];

    p_tl   = 16'd36 + {5'd0, s_len};
    p_ulen = 16'd16 + {5'd0, s_len};
    p_isum = 32'h4500 + {16'd0, p_tl} + {16'd0, ipid_q} + 32'h4000 + 32'h4011
           + {16'd0, src_ip_i[31:16]} + {16'd0, src_ip_i[15:0]}
           + {16'd0, s_ip[31:16]} + {16'd0, s_ip[15:0]};
    p_ipcs = ~fold(p_isum);
    p_usum = s_psum + {16'd0, src_ip_i[31:16]} + {16'd0, src_ip_i[15:0]}
           + {16'd0, s_ip[31:16]} + {16'd0, s_ip[15:0]} + 32'd17 + {16'd0, p_ulen}
           + {16'd0, src_port_i} + {16'd0, s_port} + {16'd0, p_ulen};
    f2     = ~fold(p_usum);
    p_ucs  = !csum_en_i ? 16'd0 : (f2 == 16'd0 ? 16'hFFFF : f2);
  end

  always @* begin

    // frame geometry of the frame being sent
    tl   = 16'd36 + {5'd0, h_len_q};
    ulen = 16'd16 + {5'd0, h_len_q};
    dend = 11'd50 + h_len_q;                      // end of the FM message
    fend = (dend < 11'd60) ? 11'd60 : dend;       // end of data + padding (FCS starts here)
    base = {beat_q, 3'b000};

    case (beat_q)
      8'd0: raw = {h_smac_q[39:32], h_smac_q[47:40], h_dmac_q[7:0], h_dmac_q[15:8],
                   h_dmac_q[23:16], h_dmac_q[31:24], h_dmac_q[39:32], h_dmac_q[47:40]};
      8'd1: raw = {8'h00, 8'h45, 8'h00, 8'h08, h_smac_q[7:0], h_smac_q[15:8],
                   h_smac_q[23:16], h_smac_q[31:24]};
      8'd2: raw = {8'h11, 8'h40, 8'h00, 8'h40, h_id_q[7:0], h_id_q[15:8], tl[7:0], tl[15:8]};
      8'd3: raw = {h_dip_q[23:16], h_dip_q[31:24], h_sip_q[7:0], h_sip_q[15:8],
                   h_sip_q[23:16], h_sip_q[31:24], h_ipcs_q[7:0], h_ipcs_q[15:8]};
      8'd4: raw = {ulen[7:0], ulen[15:8], h_dport_q[7:0], h_dport_q[15:8],
                   h_sport_q[7:0], h_sport_q[15:8], h_dip_q[7:0], h_dip_q[15:8]};
      8'd5: raw = {buf_rdata_i[47:0], h_ucs_q[7:0], h_ucs_q[15:8]};
      default: raw = {buf_rdata_i[47:0], prev_q};
    endcase
    for (i = 0; i < 8; i = i + 1) begin
      pos = base + i[10:0];
      dmask[8*i +: 8] = (pos < dend) ? raw[8*i +: 8] : 8'd0;
    end
    ndw = (fend > base) ? fend - base : 11'd0;
    nd  = (ndw > 11'd8) ? 4'd8 : ndw[3:0];
  end

  always @* begin
    for (i2 = 0; i2 < 8; i2 = i2 + 1) begin
      pos2 = base + i2[10:0];
      if (pos2 < fend) begin
        m_axis_tdata[8*i2 +: 8] = dmask[8*i2 +: 8];
        m_axis_tkeep[i2] = 1'b1;
      end else if (pos2 < fend + 11'd4) begin
        m_axis_tdata[8*i2 +: 8] = fcs[8*(pos2 - fend) +: 8];
        m_axis_tkeep[i2] = 1'b1;
      end else begin
        m_axis_tdata[8*i2 +: 8] = 8'd0;
        m_axis_tkeep[i2] = 1'b0;
      end
    end
    m_axis_tlast = (base + 11'd8) >= (fend + 11'd4);
    xfer = busy_q && m_axis_tready;
    buf_re_o = prep || (xfer && beat_q >= 8'd5);
    buf_raddr_o = prep ? {rd_slot_q, 8'd0} : {rd_slot_q, beat_q - 8'd4};
  end

  always @* begin

    busy_d = busy_q; rd_slot_d = rd_slot_q; ready_d = ready_q;
    d0_len_d = d0_len_q; d0_psum_d = d0_psum_q; d0_ip_d = d0_ip_q; d0_mac_d = d0_mac_q; d0_port_d = d0_port_q;
    d1_len_d = d1_len_q; d1_psum_d = d1_psum_q; d1_ip_d = d1_ip_q; d1_mac_d = d1_mac_q; d1_port_d = d1_port_q;
    h_dmac_d = h_dmac_q; h_smac_d = h_smac_q; h_sip_d = h_sip_q; h_dip_d = h_dip_q;
    h_sport_d = h_sport_q; h_dport_d = h_dport_q; h_id_d = h_id_q; h_ipcs_d = h_ipcs_q;
    h_ucs_d = h_ucs_q; h_len_d = h_len_q; beat_d = beat_q; crc_d = crc_q; prev_d = prev_q;
    ipid_d = ipid_q;

    if (prep) begin
      busy_d = 1'b1;
      h_dmac_d = s_mac; h_smac_d = src_mac_i; h_sip_d = src_ip_i; h_dip_d = s_ip;
      h_sport_d = src_port_i; h_dport_d = s_port; h_id_d = ipid_q; h_ipcs_d = p_ipcs;
      h_ucs_d = p_ucs; h_len_d = s_len;
      beat_d = 8'd0; crc_d = 32'hFFFFFFFF;
      ipid_d = ipid_q + 16'd1;
    end
    if (xfer) begin
      crc_d  = crc_n;
      beat_d = beat_q + 8'd1;
      if (beat_q >= 8'd5) begin
        prev_d   = buf_rdata_i[63:48];
      end
      if (m_axis_tlast) begin
        busy_d = 1'b0;
        ready_d[rd_slot_q] = 1'b0;
        rd_slot_d = !rd_slot_q;
      end
    end
    if (ipid_we_i) ipid_d = ipid_wdata_i;
    if (push_i) begin
      ready_d[push_slot_i] = 1'b1;
      if (push_slot_i) begin
        d1_len_d = push_len_i; d1_psum_d = push_psum_i; d1_ip_d = push_ip_i;
        d1_mac_d = push_mac_i; d1_port_d = push_port_i;
      end else begin
        d0_len_d = push_len_i; d0_psum_d = push_psum_i; d0_ip_d = push_ip_i;
        d0_mac_d = push_mac_i; d0_port_d = push_port_i;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0; rd_slot_q <= 1'b0; ready_q <= 2'b00;
      d0_len_q <= '0; d0_psum_q <= '0; d0_ip_q <= '0; d0_mac_q <= '0; d0_port_q <= '0;
      d1_len_q <= '0; d1_psum_q <= '0; d1_ip_q <= '0; d1_mac_q <= '0; d1_port_q <= '0;
      h_dmac_q <= '0; h_smac_q <= '0; h_sip_q <= '0; h_dip_q <= '0; h_sport_q <= '0;
      h_dport_q <= '0; h_id_q <= '0; h_ipcs_q <= '0; h_ucs_q <= '0; h_len_q <= '0;
      beat_q <= '0; crc_q <= 32'hFFFFFFFF; prev_q <= '0; ipid_q <= '0;
    end else begin
      busy_q <= busy_d; rd_slot_q <= rd_slot_d; ready_q <= ready_d;
      d0_len_q <= d0_len_d; d0_psum_q <= d0_psum_d; d0_ip_q <= d0_ip_d; d0_mac_q <= d0_mac_d; d0_port_q <= d0_port_d;
      d1_len_q <= d1_len_d; d1_psum_q <= d1_psum_d; d1_ip_q <= d1_ip_d; d1_mac_q <= d1_mac_d; d1_port_q <= d1_port_d;
      h_dmac_q <= h_dmac_d; h_smac_q <= h_smac_d; h_sip_q <= h_sip_d; h_dip_q <= h_dip_d; h_sport_q <= h_sport_d;
      h_dport_q <= h_dport_d; h_id_q <= h_id_d; h_ipcs_q <= h_ipcs_d; h_ucs_q <= h_ucs_d; h_len_q <= h_len_d;
      beat_q <= beat_d; crc_q <= crc_d; prev_q <= prev_d; ipid_q <= ipid_d;
    end
  end
endmodule
`default_nettype wire
