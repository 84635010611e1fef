// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_tx_csr: the TX CSR block (formats/csr_comet.csv, 0x000-0x0FF) and the owner of the
// node table RAM ports. Priority on the node table: CSR NT_* access > init sweep > lookup.
//  - After reset an init sweep writes all NT_DEPTH entries to 0 (one per cycle; a cycle with
//    a CSR NT access pauses it; CSR NT writes during the sweep are ignored).
//  - A lookup (lk_req_i) is granted in a cycle with no sweep, no CSR write on the bus and no
//    registered CSR write (below); the entry is on nt_rdata_i the next cycle.
//  - CSR reads of NT_* do not read the RAM: they return a lane of the shadow register sh_q, a
//    copy of the entry NT_IDX points to, so the RAM clock-to-out never feeds the CSR read data.
//    A write to NT_IDX (after the sweep) reads the new entry (it takes the read port that cycle)
//    and loads it into sh_q the next cycle; NT writes update the RAM and sh_q together. During
//    and right after the sweep sh_q is 0 (the value of every swept entry), so NT reads during
//    the sweep return 0.
//  - Timing (156.25 MHz on ECP5): the request is registered first (req_q, we_q, addr_q,
//    wdata_q) and decoded from those flops in the next cycle, so the wide write decode (register
//    clock enables, node table write port, shadow lanes) starts at local flops, not at the bus.
//    A write takes effect at the end of the cycle after its request; a read returns, in its ack
//    cycle (still one cycle after the request), the register values of that cycle (an AND-OR
//    under one-hot selects decoded from the bus into rsel_q). Reads and writes move together,
//    so a read right after a write sees it.
//    Only the shadow's RAM read for an NT_IDX write stays in the request cycle (decoded from the
//    bus: we, the NT_IDX address, init_q), so that sh_q holds the new entry when a read of the
//    next cycle is answered. If the registered request writes the entry being read in that
//    cycle (NT_IDX rewritten to the current index), the RAM data would be undefined (collision);
//    sh_q already holds that entry then, so it is not reloaded. A lookup waits in a CSR write's
//    request cycle (RAM read port) and in the next one (RAM write port).
module comet_tx_csr #(
  parameter int NT_DEPTH = 256,
  localparam int NT_AW = $clog2(NT_DEPTH)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              csr_req_i,
  input  wire              csr_we_i,
  input  wire [11:0]       csr_addr_i,
  input  wire [31:0]       csr_wdata_i,
  output wire              csr_ack_o,
  output wire [31:0]       csr_rdata_o,
  output reg               nt_we_o,
  output reg  [NT_AW-1:0]  nt_waddr_o,
  output reg  [127:0]      nt_wdata_o,
  output reg  [3:0]        nt_be_o,
  output reg               nt_re_o,
  output reg  [NT_AW-1:0]  nt_raddr_o,
  input  wire [127:0]      nt_rdata_i,
  input  wire              lk_req_i,
  input  wire [NT_AW-1:0]  lk_node_i,
  output reg               lk_gnt_o,
  input  wire              st_valid_i,
  input  wire [2:0]        st_code_i,
  input  wire              fr_done_i,
  input  wire [10:0]       fr_bytes_i,
  input  wire [15:0]       ipid_i,
  output reg               ipid_we_o,
  output wire [15:0]       ipid_wdata_o,  // the registered write data, with ipid_we_o
  input  wire [7:0]        status_i,     // {lk_pend, rd_slot, wr_slot, ready[1:0], eg_busy, ing_state[1:0]}
  output wire              init_busy_o,
  output wire              csum_en_o,
  output wire [47:0]       src_mac_o,
  output wire [31:0]       src_ip_o,
  output wire [15:0]       src_port_o
);
  reg              req_q, we_q;        // the registered CSR request (decoded in the ack cycle)
  reg [11:0]       addr_q;
  reg [31:0]       wdata_q;
  localparam int R_ID = 0, R_CTRL = 1, R_STAT = 2, R_MACL = 3, R_MACH = 4, R_IP = 5, R_PORT = 6,
                 R_IPID = 7, R_NTIDX = 8, R_NT0 = 9, R_NT1 = 10, R_NT2 = 11, R_NT3 = 12,
                 R_CFR = 13, R_CMS = 14, R_CND = 15, R_CZE = 16, R_CLN = 17, R_COV = 18,
                 R_CBY = 19, R_UNM = 20, NRSEL = 21;
  reg [NRSEL-1:0]  rsel_q, rsel_d;      // one-hot read select (request cycle decode)
  reg [127:0]      sh_q, sh_d;         // shadow of node table entry ntidx_q
  reg              shld_q, shld_d;     // nt_rdata_i holds the entry NT_IDX was set to: load sh_q
  reg              csum_en_q, csum_en_d;
  reg [47:0]       smac_q, smac_d;
  reg [31:0]       sip_q, sip_d;
  reg [15:0]       sport_q, sport_d;
  reg [NT_AW-1:0]  ntidx_q, ntidx_d;
  reg              init_q, init_d;
  reg [NT_AW-1:0]  init_idx_q, init_idx_d;
  reg [31:0]       c_frames_q, c_frames_d, c_msgs_q, c_msgs_d, c_node_q, c_node_d;
  reg [31:0]       c_zero_q, c_zero_d, c_len_q, c_len_d, c_ovs_q, c_ovs_d, c_bytes_q, c_bytes_d;

  reg        nt_acc, wr, nt_wr, wr_bus, idx_ld;
  // nt_acc of the registered request, decoded from the bus in the request cycle (timing: the
  // 12-bit address compare sat between addr_q and the node table RAM ports; asserted equal)
  reg        nta_q, nta_d;
  reg [1:0]  wlane;
  integer    j;

  reg [31:0] rdata;
  assign csr_ack_o   = req_q;
  assign csr_rdata_o = rdata;
  assign ipid_wdata_o = wdata_q[15:0];
  assign init_busy_o = init_q;
  assign csum_en_o   = csum_en_q;
  assign src_mac_o   = smac_q;
  assign src_ip_o    = sip_q;
  assign src_port_o  = sport_q;

  always @* begin
    wr = req_q && we_q;
    nta_d = csr_req_i && (csr_addr_i == nic_pkg::CSR_COMET_TX_NT_IP ||
                          csr_addr_i == nic_pkg::CSR_COMET_TX_NT_MAC_LO ||
                          csr_addr_i == nic_pkg::CSR_COMET_TX_NT_MAC_HI ||
                          csr_addr_i == nic_pkg::CSR_COMET_TX_NT_VALID);
    nt_acc = nta_q;
    wlane   = addr_q[3:2] - 2'd1;        // 0x34 -> 0, 0x38 -> 1, 0x3C -> 2, 0x40 -> 3
    // read data: an AND-OR of the ack cycle's register values under one-hot selects that were
    // decoded from the bus in the request cycle (rsel_q, 0 unless a read was taken), so the
    // address decode never sits between a flop and csr_rdata_o. NT reads return a lane of the
    // shadow (0 during the init sweep).
    rsel_d = '0;
    case (csr_addr_i)
      nic_pkg::CSR_COMET_TX_ID:           rsel_d[R_ID]    = 1'b1;
      nic_pkg::CSR_COMET_TX_CTRL:         rsel_d[R_CTRL]  = 1'b1;
      nic_pkg::CSR_COMET_TX_STATUS:       rsel_d[R_STAT]  = 1'b1;
      nic_pkg::CSR_COMET_TX_SRC_MAC_LO:   rsel_d[R_MACL]  = 1'b1;
      nic_pkg::CSR_COMET_TX_SRC_MAC_HI:   rsel_d[R_MACH]  = 1'b1;
      nic_pkg::CSR_COMET_TX_SRC_IP:       rsel_d[R_IP]    = 1'b1;
      nic_pkg::CSR_COMET_TX_SRC_PORT:     rsel_d[R_PORT]  = 1'b1;
      nic_pkg::CSR_COMET_TX_IPID:         rsel_d[R_IPID]  = 1'b1;
      nic_pkg::CSR_COMET_TX_NT_IDX:       rsel_d[R_NTIDX] = 1'b1;
      nic_pkg::CSR_COMET_TX_NT_IP:        rsel_d[R_NT0]   = 1'b1;
      nic_pkg::CSR_COMET_TX_NT_MAC_LO:    rsel_d[R_NT1]   = 1'b1;
      nic_pkg::CSR_COMET_TX_NT_MAC_HI:    rsel_d[R_NT2]   = 1'b1;
      nic_pkg::CSR_COMET_TX_NT_VALID:     rsel_d[R_NT3]   = 1'b1;
      nic_pkg::CSR_COMET_TX_CNT_FRAMES:   rsel_d[R_CFR]   = 1'b1;
      nic_pkg::CSR_COMET_TX_CNT_MSGS:     rsel_d[R_CMS]   = 1'b1;
      nic_pkg::CSR_COMET_TX_ERR_NODE:     rsel_d[R_CND]   = 1'b1;
      nic_pkg::CSR_COMET_TX_ERR_ZERO:     rsel_d[R_CZE]   = 1'b1;
      nic_pkg::CSR_COMET_TX_ERR_LEN:      rsel_d[R_CLN]   = 1'b1;
      nic_pkg::CSR_COMET_TX_ERR_OVERSIZE: rsel_d[R_COV]   = 1'b1;
      nic_pkg::CSR_COMET_TX_CNT_BYTES:    rsel_d[R_CBY]   = 1'b1;
      default:                            rsel_d[R_UNM]   = 1'b1;
    endcase
    if (!(csr_req_i && !csr_we_i)) rsel_d = '0;
    rdata = ({32{rsel_q[R_ID]}}    & 32'h434D5458) |
            ({32{rsel_q[R_CTRL]}}  & {31'd0, csum_en_q}) |
            ({32{rsel_q[R_STAT]}}  & {23'd0, status_i, init_q}) |
            ({32{rsel_q[R_MACL]}}  & smac_q[31:0]) |
            ({32{rsel_q[R_MACH]}}  & {16'd0, smac_q[47:32]}) |
            ({32{rsel_q[R_IP]}}    & sip_q) |
            ({32{rsel_q[R_PORT]}}  & {16'd0, sport_q}) |
            ({32{rsel_q[R_IPID]}}  & {16'd0, ipid_i}) |
            ({32{rsel_q[R_NTIDX]}} & {{(32-NT_AW){1'b0}}, ntidx_q}) |
            ({32{rsel_q[R_NT0]}}   & sh_q[31:0]) |
            ({32{rsel_q[R_NT1]}}   & sh_q[63:32]) |
            ({32{rsel_q[R_NT2]}}   & sh_q[95:64]) |
            ({32{rsel_q[R_NT3]}}   & sh_q[127:96]) |
            ({32{rsel_q[R_CFR]}}   & c_frames_q) |
            ({32{rsel_q[R_CMS]}}   & c_msgs_q) |
            ({32{rsel_q[R_CND]}}   & c_node_q) |
            ({32{rsel_q[R_CZE]}}   & c_zero_q) |
            ({32{rsel_q[R_CLN]}}   & c_len_q) |
            ({32{rsel_q[R_COV]}}   & c_ovs_q) |
            ({32{rsel_q[R_CBY]}}   & c_bytes_q) |
            ({32{rsel_q[R_UNM]}}   & nic_pkg::CSR_UNMAPPED);
    nt_wr  = wr && nt_acc && !init_q;    // NT writes during the sweep are ignored
    // the shadow's RAM read is decoded from the bus in the request cycle (see the top)
    wr_bus = csr_req_i && csr_we_i;
    idx_ld = wr_bus && csr_addr_i == nic_pkg::CSR_COMET_TX_NT_IDX && !init_q &&
             !(nt_wr && csr_wdata_i[NT_AW-1:0] == ntidx_q);   // no read on a collision
    shld_d = idx_ld;
    // shadow: a lane written this cycle takes the write data, the others the entry read for
    // the NT_IDX write of the last cycle (the write targets that same entry)
    // timing: the RAM read data (clock-to-out of a DP16KD without output register) goes
    // through the last 2:1 mux only. The two loads never meet: in a shld_q cycle the registered
    // request is that NT_IDX write, not an NT lane write (asserted below), so the order of
    // the two branches does not matter.
    sh_d = sh_q;
    for (j = 0; j < 4; j = j + 1) begin
      if (shld_q)                       sh_d[32*j +: 32] = nt_rdata_i[32*j +: 32];
      else if (nt_wr && wlane == 2'(j)) sh_d[32*j +: 32] = wdata_q;
    end

    // node table RAM ports; timing: the write address / data / byte enables only matter with
    // nt_we_o (a CSR NT write outside the sweep, or a sweep write), so they are selected by
    // init_q, not by the address decode; the read address is the bus write data in every
    // CSR write request cycle (the lookup waits in those and in the registered write cycle)
    nt_we_o    = 1'b0;
    nt_waddr_o = init_q ? init_idx_q : ntidx_q;
    nt_wdata_o = init_q ? 128'd0 : {4{wdata_q}};
    nt_be_o    = init_q ? 4'hF : 4'b0001 << wlane;
    nt_re_o    = 1'b0;
    nt_raddr_o = wr_bus ? csr_wdata_i[NT_AW-1:0] : lk_node_i;
    lk_gnt_o   = 1'b0;
    init_d     = init_q;
    init_idx_d = init_idx_q;
    if (nt_acc) begin                    // any NT access pauses the sweep
      nt_we_o    = nt_wr;
    end else if (init_q) begin
      nt_we_o    = 1'b1;
      init_idx_d = init_idx_q + 1'b1;
      if (init_idx_q == NT_AW'(NT_DEPTH - 1)) init_d = 1'b0;
    end
    if (idx_ld) begin
      nt_re_o    = 1'b1;
    end else if (lk_req_i && !init_q && !wr_bus && !wr) begin
      nt_re_o  = 1'b1;
      lk_gnt_o = 1'b1;
    end

  end

  always @* begin
    csum_en_d = csum_en_q; smac_d = smac_q; sip_d = sip_q; sport_d = sport_q; ntidx_d = ntidx_q;
    ipid_we_o = 1'b0;
    // counters: the event selects the incremented value (the adders see registers only; an
    // event bit as carry-in put the status decode in front of the carry chain)
    c_frames_d = fr_done_i ? c_frames_q + 32'd1 : c_frames_q;
    c_bytes_d  = fr_done_i ? c_bytes_q + {21'd0, fr_bytes_i} : c_bytes_q;
    c_msgs_d   = (st_valid_i && st_code_i == 3'd0) ? c_msgs_q + 32'd1 : c_msgs_q;
    c_node_d   = (st_valid_i && st_code_i == 3'd1) ? c_node_q + 32'd1 : c_node_q;
    c_zero_d   = (st_valid_i && st_code_i == 3'd2) ? c_zero_q + 32'd1 : c_zero_q;
    c_len_d    = (st_valid_i && st_code_i == 3'd3) ? c_len_q + 32'd1 : c_len_q;
    c_ovs_d    = (st_valid_i && st_code_i == 3'd4) ? c_ovs_q + 32'd1 : c_ovs_q;
    if (wr) begin
      case (addr_q)
        nic_pkg::CSR_COMET_TX_CTRL:        csum_en_d = wdata_q[0];
        nic_pkg::CSR_COMET_TX_SRC_MAC_LO:  smac_d[31:0] = wdata_q;
        nic_pkg::CSR_COMET_TX_SRC_MAC_HI:  smac_d[47:32] = wdata_q[15:0];
        nic_pkg::CSR_COMET_TX_SRC_IP:      sip_d = wdata_q;
        nic_pkg::CSR_COMET_TX_SRC_PORT:    sport_d = wdata_q[15:0];
        nic_pkg::CSR_COMET_TX_IPID:        ipid_we_o = 1'b1;
        nic_pkg::CSR_COMET_TX_NT_IDX:      ntidx_d = wdata_q[NT_AW-1:0];
        nic_pkg::CSR_COMET_TX_CNT_FRAMES:  c_frames_d = 32'd0;
        nic_pkg::CSR_COMET_TX_CNT_MSGS:    c_msgs_d = 32'd0;
        nic_pkg::CSR_COMET_TX_ERR_NODE:    c_node_d = 32'd0;
        nic_pkg::CSR_COMET_TX_ERR_ZERO:    c_zero_d = 32'd0;
        nic_pkg::CSR_COMET_TX_ERR_LEN:     c_len_d = 32'd0;
        nic_pkg::CSR_COMET_TX_ERR_OVERSIZE: c_ovs_d = 32'd0;
        nic_pkg::CSR_COMET_TX_CNT_BYTES:   c_bytes_d = 32'd0;
        default: ;
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      req_q <= 1'b0; we_q <= 1'b0; addr_q <= 12'd0; wdata_q <= 32'd0; rsel_q <= '0; sh_q <= 128'd0;
      shld_q <= 1'b0; nta_q <= 1'b0;
      csum_en_q <= 1'b1; smac_q <= 48'h0200_0000_0001; sip_q <= 32'h0A000001; sport_q <= 16'h4D43;
      ntidx_q <= '0; init_q <= 1'b1; init_idx_q <= '0;
      c_frames_q <= '0; c_msgs_q <= '0; c_node_q <= '0; c_zero_q <= '0; c_len_q <= '0;
      c_ovs_q <= '0; c_bytes_q <= '0;
    end else begin
      req_q <= csr_req_i; we_q <= csr_we_i; addr_q <= csr_addr_i; wdata_q <= csr_wdata_i;
      rsel_q <= rsel_d;
      sh_q <= sh_d;
      shld_q <= shld_d; nta_q <= nta_d;
      csum_en_q <= csum_en_d; smac_q <= smac_d; sip_q <= sip_d; sport_q <= sport_d;
      ntidx_q <= ntidx_d; init_q <= init_d; init_idx_q <= init_idx_d;
      c_frames_q <= c_frames_d; c_msgs_q <= c_msgs_d; c_node_q <= c_node_d; c_zero_q <= c_zero_d;
      c_len_q <= c_len_d; c_ovs_q <= c_ovs_d; c_bytes_q <= c_bytes_d;
    end
  end

`ifdef FORMAL
  // the shadow load and an NT lane write are never in the same cycle (see sh_d)
  always @(posedge clk_i) if (rst_ni) assert (!(shld_q && nt_wr));
  // the registered NT-access decode equals the decode of the registered request
  always @(posedge clk_i) if (rst_ni) assert (nta_q == (req_q && (addr_q == nic_pkg::CSR_COMET_TX_NT_IP ||
      addr_q == nic_pkg::CSR_COMET_TX_NT_MAC_LO || addr_q == nic_pkg::CSR_COMET_TX_NT_MAC_HI ||
      addr_q == nic_pkg::CSR_COMET_TX_NT_VALID)));
`endif
endmodule
`default_nettype wire
