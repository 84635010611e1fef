// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_rx_csr: the RX CSR block (formats/csr_comet.csv, 0x100-0x1FF): own MAC/IP/port/node,
// BCAST_EN, ARP_EN, status, and 32-bit counters at 0x180 + 4 * i: i = 0..14 one per status code
// (CNT_OK = code 0, drop counters at their code), i = 15..18 the TYPE drops per EtherType class
// (ARP, VLAN, IPv6, other), 19 / 20 the ARP responder's replies / drops.
// A counter write clears it (the clear wins over an event).
// Timing (156.25 MHz on ECP5): a request's address is decoded in its request cycle into one-hot
// selects (rsel_q, registered whatever the request: the request valid, which the Comet engine
// builds from its window decode, does not reach these flops); in the ack cycle the read data is
// an AND-OR of that cycle's register values (and status_i) under rsel_q, gated by the
// registered read (rd_q), so no address compare sits between a flop and csr_rdata_o. A read
// thus returns the values of its ack cycle (a counter event of the request cycle is included);
// a write takes effect at the end of its request cycle, so a read in the next cycle sees it.
module comet_rx_csr (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [11:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  input  wire        st_valid_i,
  input  wire [3:0]  st_code_i,
  input  wire [1:0]  st_class_i,   // EtherType class of a TYPE status
  input  wire        arp_reply_i,  // ARP responder events
  input  wire        arp_drop_i,
  input  wire [7:0]  status_i,     // {rd_slot, wr_slot, ready[1:0], eg_busy, 1'b0, ing_state[1:0]}
  output wire [47:0] own_mac_o,
  output wire [31:0] own_ip_o,
  output wire [15:0] own_port_o,
  output wire [15:0] own_node_o,
  output wire        bcast_en_o,
  output wire        arp_en_o
);
  localparam int NCNT = 21;
  // one-hot read selects: 0..7 the named registers, 8..28 the counters, 29 unmapped
  localparam int NSEL = 8 + NCNT + 1;
  localparam int R_UNM = 8 + NCNT;
  reg            ack_q, rd_q;
  reg [NSEL-1:0] rsel_q, rsel_d;
  reg            bcast_q, bcast_d, arp_en_q, arp_en_d;
  reg [NCNT-1:0] ev;
  reg [47:0]     mac_q, mac_d;
  reg [31:0]     ip_q, ip_d;
  reg [15:0]     port_q, port_d, node_q, node_d;
  reg [NCNT*32-1:0] cnt_q, cnt_d;
  reg [31:0]     rv;
  reg            wr, rd, is_cnt, is_win;
  reg [4:0]      ci;
  integer j;

  assign csr_ack_o   = ack_q;
  assign csr_rdata_o = rv;  // (0 unless a read is acked: rd_q)
  assign own_mac_o   = mac_q;
  assign own_ip_o    = ip_q;
  assign own_port_o  = port_q;
  assign own_node_o  = node_q;
  assign bcast_en_o  = bcast_q;
  assign arp_en_o    = arp_en_q;

  always @* begin
    wr = csr_req_i && csr_we_i;
    rd = csr_req_i && !csr_we_i;
    ci = csr_addr_i[6:2];
    // timing: a counter clear compares the window and the index only (ci == j implies the
    // range); the range check decides only the registered unmapped select
    is_win = csr_addr_i[11:7] == 5'b00011;
    is_cnt = is_win && (ci <= 5'd20);  // 0x180..0x1D0
    rsel_d = '0;
    case (csr_addr_i)
      nic_pkg::CSR_COMET_RX_ID:     rsel_d[0] = 1'b1;
      nic_pkg::CSR_COMET_RX_CTRL:   rsel_d[1] = 1'b1;
      nic_pkg::CSR_COMET_RX_STATUS: rsel_d[2] = 1'b1;
      nic_pkg::CSR_COMET_RX_MAC_LO: rsel_d[3] = 1'b1;
      nic_pkg::CSR_COMET_RX_MAC_HI: rsel_d[4] = 1'b1;
      nic_pkg::CSR_COMET_RX_IP:     rsel_d[5] = 1'b1;
      nic_pkg::CSR_COMET_RX_PORT:   rsel_d[6] = 1'b1;
      nic_pkg::CSR_COMET_RX_NODE:   rsel_d[7] = 1'b1;
      default: begin
        for (j = 0; j < NCNT; j = j + 1)
          if (is_cnt && ci == j[4:0]) rsel_d[8 + j] = 1'b1;
        if (!is_cnt) rsel_d[R_UNM] = 1'b1;
      end
    endcase
    rv = ({32{rsel_q[0]}} & 32'h434D5258) | ({32{rsel_q[1]}} & {30'd0, arp_en_q, bcast_q}) |
         ({32{rsel_q[2]}} & {24'd0, status_i}) | ({32{rsel_q[3]}} & mac_q[31:0]) |
         ({32{rsel_q[4]}} & {16'd0, mac_q[47:32]}) | ({32{rsel_q[5]}} & ip_q) |
         ({32{rsel_q[6]}} & {16'd0, port_q}) | ({32{rsel_q[7]}} & {16'd0, node_q}) |
         ({32{rsel_q[R_UNM]}} & nic_pkg::CSR_UNMAPPED);
    for (j = 0; j < NCNT; j = j + 1)
      rv = rv | ({32{rsel_q[8 + j]}} & cnt_q[32*j +: 32]);
    if (!rd_q) rv = 32'd0;

    bcast_d = bcast_q; arp_en_d = arp_en_q; mac_d = mac_q; ip_d = ip_q; port_d = port_q; node_d = node_q;
    // per counter: a write to its address clears it (wins), else its status code increments it
    // (constant indices only: no shifter on the 480-bit vector)
    for (j = 0; j < 15; j = j + 1) ev[j] = st_valid_i && st_code_i == j[3:0];
    for (j = 0; j < 4; j = j + 1) ev[15 + j] = st_valid_i && st_code_i == 4'd6 && st_class_i == j[1:0];
    ev[19] = arp_reply_i;
    ev[20] = arp_drop_i;
    for (j = 0; j < NCNT; j = j + 1)
      if (wr && is_win && ci == j[4:0]) cnt_d[32*j +: 32] = 32'd0;
      else if (ev[j])                   cnt_d[32*j +: 32] = cnt_q[32*j +: 32] + 32'd1;
      else                              cnt_d[32*j +: 32] = cnt_q[32*j +: 32];
    if (wr) begin
      case (csr_addr_i)
        nic_pkg::CSR_COMET_RX_CTRL:   begin bcast_d = csr_wdata_i[0]; arp_en_d = csr_wdata_i[1]; end
        nic_pkg::CSR_COMET_RX_MAC_LO: mac_d[31:0] = csr_wdata_i;
        nic_pkg::CSR_COMET_RX_MAC_HI: mac_d[47:32] = csr_wdata_i[15:0];
        nic_pkg::CSR_COMET_RX_IP:     ip_d = csr_wdata_i;
        nic_pkg::CSR_COMET_RX_PORT:   port_d = csr_wdata_i[15:0];
        nic_pkg::CSR_COMET_RX_NODE:   node_d = csr_wdata_i[15:0];
        default: ;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ack_q <= 1'b0; rd_q <= 1'b0; rsel_q <= '0; bcast_q <= 1'b1; arp_en_q <= 1'b1; mac_q <= 48'h0200_0000_0001;
      ip_q <= 32'h0A000001; port_q <= 16'h4D43; node_q <= 16'd0; cnt_q <= '0;
    end else begin
      ack_q <= csr_req_i; rd_q <= rd; rsel_q <= rsel_d; bcast_q <= bcast_d; arp_en_q <= arp_en_d; mac_q <= mac_d;
      ip_q <= ip_d; port_q <= port_d; node_q <= node_d; cnt_q <= cnt_d;
    end
  end
endmodule
`default_nettype wire
