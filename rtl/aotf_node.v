// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_node: one Martini node = AOTF send path + Mini-OTF receive path / LLCM + node CSRs.
//  - CSR bus (16-bit byte address): bits 15:12 select the block window (nic_pkg::CSR_BASE_*);
//    every request is acknowledged exactly three cycles later; unmapped windows read
//    CSR_UNMAPPED. The request is registered once before it acts (timing: no CSR input drives a
//    same-cycle HTLB / FIFO decision; issue 5): inside aotf_send and aotf_rx (CSR_REG = 1, their
//    write / lookup strobes and register selects decoded before the register) for their
//    windows, here (one-hot selects nr_q / nw_q, wdata_q) for the node window and unmapped
//    ones; the acting block responds one cycle after that, and that response is registered
//    once more (timing: aotf_send's own response register, CSR_REG; here rn_*_q for the rx and
//    node windows) before it leaves the node.
//    The bus is a pipeline: a request may be issued every cycle, each is acked in order.
//  - Host ports: st_* kick stores into the send path, hr_* LLCM reads (polling).
//  - Link: m_axis_* out of the send path, s_axis_* into the receive path.
//  - BOTF (aotf_botf, CSR window AOTF_BOTF): host stores with st_addr[31:28] equal to its
//    CTRL.WINDOW go to aotf_botf, all others to aotf_send; st_ready_o is aotf_send's (aotf_botf
//    takes a store every cycle), so a BOTF store waits while aotf_send is not ready. The two
//    packet streams are merged by aotf_pkt_arb (round robin per packet, no register: with no
//    BOTF packet the send path's stream passes unchanged) before the loopback / link.
//  - CTRL.LOOPBACK = 1: own send -> register slice (nic_axis_slice, one cycle) -> own receive
//    inside the node; the external link is held off (m_axis_tvalid 0, s_axis_tready 0). Change
//    it only while the paths are idle.
//  - Link layer (aotf_link, window AOTF_LINK) between the send path / receive path and the link
//    ports: CTRL.LINK_CRC appends and checks the LINK trailer, CTRL.REL adds sequence numbers,
//    acknowledgements and retransmission. With both 0 it is a combinational pass-through. The
//    loopback bypasses it.
module aotf_node #(
  parameter int FIFO_DEPTH = 2048,
  parameter int HTLB_SETS  = 256,     // < 256: small FPGAs (smaller kick window, see aotf_send)
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  parameter int BOTF_NWIN  = 64,      // BOTF windows (global pool): BOTF_NWIN / 8 x 2 DP16KD on ECP5
  parameter int LINK_MAX_NODES = 64,   // link layer: nodes with sequence state
  parameter int LINK_BUF_BEATS = 512,  // link layer: retransmit buffer beats
  parameter int LINK_BUF_PKTS  = 64    // link layer: unacknowledged packets
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // host kick stores
  input  wire        st_valid_i,
  output wire        st_ready_o,
  input  wire [31:0] st_addr_i,
  input  wire [63:0] st_data_i,
  input  wire [7:0]  st_be_i,
  // host LLCM reads
  input  wire        hr_valid_i,
  input  wire [31:0] hr_addr_i,
  output wire        hr_rvalid_o,
  output wire [63:0] hr_rdata_o,
  // CSR bus
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [15:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  output wire        irq_o,
  // link out / in
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast
);
  localparam logic [3:0] WIN_SEND = nic_pkg::CSR_BASE_AOTF_SEND[15:12];
  localparam logic [3:0] WIN_RX   = nic_pkg::CSR_BASE_AOTF_RX[15:12];
  localparam logic [3:0] WIN_NODE = nic_pkg::CSR_BASE_AOTF_NODE[15:12];
  localparam logic [3:0] WIN_BOTF = nic_pkg::CSR_BASE_AOTF_BOTF[15:12];
  localparam logic [3:0] WIN_LINK = nic_pkg::CSR_BASE_AOTF_LINK[15:12];

  // ---------------------------------------------------------------- CSR decode + request register
  wire [3:0]  win = csr_addr_i[15:12];
  // send / rx window: the block registers the request itself (CSR_REG, with its strobes decoded
  // before the register); node / unmapped: registered here
  wire        req_send = csr_req_i && (win == WIN_SEND);
  wire        req_rx   = csr_req_i && (win == WIN_RX);
  wire        req_botf = csr_req_i && (win == WIN_BOTF);   // aotf_botf registers it (ack 2 later)
  // node window and unmapped windows: the register selects decoded from the bus before the
  // request register, one-hot (timing: the registered 12-bit offset, which Yosys shares with
  // aotf_send's and aotf_rx's copies of the request, never reaches the node read data or the
  // register enables through an address compare). nr: a read of node register k (NR_UNM: of
  // no node register, or of an unmapped window); nw: a write; n_ack: any node / unmapped
  // request; n_none: a request to an unmapped window (UNMAPPED_CNT).
  localparam int NR = 7;
  localparam int NR_ID = 0, NR_NODE_ID = 1, NR_CTRL = 2, NR_IRQ = 3, NR_SCRATCH = 4,
                 NR_UNMCNT = 5, NR_UNM = 6;
  localparam int NW = 3;
  localparam int NW_NODE_ID = 0, NW_CTRL = 1, NW_SCRATCH = 2;
  wire        b_node = csr_req_i && (win == WIN_NODE);
  wire        b_none = csr_req_i && (win != WIN_SEND) && (win != WIN_RX) && (win != WIN_NODE) &&
                       (win != WIN_BOTF) && (win != WIN_LINK);
  // link window: the request registered here, aotf_link responds one cycle later
  wire        b_link = csr_req_i && (win == WIN_LINK);
  reg         lk_req_q;
  reg         lk_we_q;
  reg  [11:0] lk_loc_q;
  wire [11:0] b_loc  = csr_addr_i[11:0];
  reg  [NR-1:0] nr_d, nr_q;
  reg  [NW-1:0] nw_d, nw_q;
  reg           n_ack_q, n_none_q;
  always @* begin
    nr_d = '0;
    if (b_node && !csr_we_i) begin
      case (b_loc)
        nic_pkg::CSR_AOTF_NODE_ID:           nr_d[NR_ID]      = 1'b1;
        nic_pkg::CSR_AOTF_NODE_NODE_ID:      nr_d[NR_NODE_ID] = 1'b1;
        nic_pkg::CSR_AOTF_NODE_CTRL:         nr_d[NR_CTRL]    = 1'b1;
        nic_pkg::CSR_AOTF_NODE_IRQ_STATUS:   nr_d[NR_IRQ]     = 1'b1;
        nic_pkg::CSR_AOTF_NODE_SCRATCH:      nr_d[NR_SCRATCH] = 1'b1;
        nic_pkg::CSR_AOTF_NODE_UNMAPPED_CNT: nr_d[NR_UNMCNT]  = 1'b1;
        default:                             nr_d[NR_UNM]     = 1'b1;
      endcase
    end
    if (b_none && !csr_we_i) nr_d[NR_UNM] = 1'b1;
    nw_d[NW_NODE_ID] = b_node && csr_we_i && b_loc == nic_pkg::CSR_AOTF_NODE_NODE_ID;
    nw_d[NW_CTRL]    = b_node && csr_we_i && b_loc == nic_pkg::CSR_AOTF_NODE_CTRL;
    nw_d[NW_SCRATCH] = b_node && csr_we_i && b_loc == nic_pkg::CSR_AOTF_NODE_SCRATCH;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      nr_q     <= '0;
      nw_q     <= '0;
      n_ack_q  <= 1'b0;
      n_none_q <= 1'b0;
      lk_req_q <= 1'b0;
    end else begin
      nr_q     <= nr_d;
      nw_q     <= nw_d;
      n_ack_q  <= b_node || b_none;
      n_none_q <= b_none;
      lk_req_q <= b_link;
    end
  end
  // request payload: no reset (don't-care unless a write select is set)
  reg  [31:0] wdata_q;
  always @(posedge clk_i) begin
    wdata_q  <= csr_wdata_i;
    lk_we_q  <= csr_we_i;
    lk_loc_q <= b_loc;
  end

  reg [15:0] node_id_q, node_id_d;
  reg        loop_q, loop_d;
  reg        crc_q, crc_d, rel_q, rel_d;   // CTRL.LINK_CRC, CTRL.REL
  reg [31:0] scratch_q, scratch_d;
  reg [31:0] unmapped_q, unmapped_d;
  reg        node_ack_q, node_ack_d;
  reg [31:0] node_rdata_q, node_rdata_d;
  // the interrupt lines registered for the IRQ_STATUS read (timing: send_irq and rx_irq come
  // from the send and rx blocks, placed far apart on the FPGA; registered here next to the
  // node read mux, neither long route reaches node_rdata_d in the cycle of the read). The read
  // returns the lines as they were one cycle before the decode cycle, i.e. in the request cycle.
  reg  [1:0]  irqs_q, irqs_d;   // {rx_irq, send_irq}

  wire        send_ack, rx_ack, send_irq, rx_irq, botf_ack, link_ack;
  wire [31:0] send_rdata, rx_rdata, botf_rdata, link_rdata;

  always @* irqs_d = {rx_irq, send_irq};

  always @* begin
    node_id_d    = nw_q[NW_NODE_ID] ? wdata_q[15:0] : node_id_q;
    loop_d       = nw_q[NW_CTRL] ? wdata_q[nic_pkg::AOTF_NODE_CTRL_LOOPBACK_LSB] : loop_q;
    crc_d        = nw_q[NW_CTRL] ? wdata_q[nic_pkg::AOTF_NODE_CTRL_LINK_CRC_LSB] : crc_q;
    rel_d        = nw_q[NW_CTRL] ? wdata_q[nic_pkg::AOTF_NODE_CTRL_REL_LSB] : rel_q;
    scratch_d    = nw_q[NW_SCRATCH] ? wdata_q : scratch_q;
    unmapped_d   = unmapped_q + 32'(n_none_q);
    node_ack_d   = n_ack_q;
    node_rdata_d = ({32{nr_q[NR_ID]}}      & nic_pkg::AOTF_NODE_ID_RESET) |
                   ({32{nr_q[NR_NODE_ID]}} & {16'd0, node_id_q}) |
                   ({32{nr_q[NR_CTRL]}}    & {29'd0, rel_q, crc_q, loop_q}) |
                   ({32{nr_q[NR_IRQ]}}     & {30'd0, irqs_q}) |
                   ({32{nr_q[NR_SCRATCH]}} & scratch_q) |
                   ({32{nr_q[NR_UNMCNT]}}  & unmapped_q) |
                   ({32{nr_q[NR_UNM]}}     & nic_pkg::CSR_UNMAPPED);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      node_id_q    <= 16'd0;
      loop_q       <= 1'b0;
      crc_q        <= 1'b0;
      rel_q        <= 1'b0;
      scratch_q    <= 32'd0;
      unmapped_q   <= 32'd0;
      node_ack_q   <= 1'b0;
      node_rdata_q <= 32'd0;
      irqs_q       <= 2'd0;
    end else begin
      node_id_q    <= node_id_d;
      loop_q       <= loop_d;
      crc_q        <= crc_d;
      rel_q        <= rel_d;
      scratch_q    <= scratch_d;
      unmapped_q   <= unmapped_d;
      node_ack_q   <= node_ack_d;
      node_rdata_q <= node_rdata_d;
      irqs_q       <= irqs_d;
    end
  end

  // the rx and node responses one cycle later (aotf_send registers its own: CSR_REG), so that
  // every window acks three cycles after the request (timing: the rx counter select and the
  // send view RAM data each reach a register before the node response)
  reg        rn_ack_q;
  reg [31:0] rn_rdata_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rn_ack_q   <= 1'b0;
      rn_rdata_q <= 32'd0;
    end else begin
      rn_ack_q   <= rx_ack | node_ack_q | botf_ack | link_ack;
      rn_rdata_q <= rx_rdata | node_rdata_q | botf_rdata | link_rdata;
    end
  end
  assign csr_ack_o   = send_ack | rn_ack_q;
  // timing: the sub-blocks' read data are 0 outside their ack cycle (asserted), so the response
  // is a plain OR with no ack gating (the C model keeps the gated form)
  assign csr_rdata_o = send_rdata | rn_rdata_q;
`ifdef FORMAL
  always @(posedge clk_i) begin
    if (rst_ni && !send_ack) assert (send_rdata == 32'd0);
    if (rst_ni && !rx_ack) assert (rx_rdata == 32'd0);
    if (rst_ni && !node_ack_q) assert (node_rdata_q == 32'd0);
    if (rst_ni && !botf_ack) assert (botf_rdata == 32'd0);
    if (rst_ni && !link_ack) assert (link_rdata == 32'd0);
    if (rst_ni) assert (!(send_ack && rn_ack_q));   // one response per cycle (in-order bus)
  end
`endif
  assign irq_o       = send_irq | rx_irq;

  // ---------------------------------------------------------------- datapaths
  wire [63:0] tx_tdata;
  wire [7:0]  tx_tkeep;
  wire        tx_tvalid, tx_tlast, tx_tready;
  wire        rx_tready;
  wire [63:0] lr_tdata;
  wire [7:0]  lr_tkeep;
  wire        lr_tvalid, lr_tlast, lr_tuser;

  // ---------------------------------------------------------------- store demux (BOTF window)
  wire [3:0]  botf_win;
  wire        st_botf = st_addr_i[31:28] == botf_win;
  wire        snd_tvalid, snd_tready, snd_tlast, bf_tvalid, bf_tready, bf_tlast;
  wire [63:0] snd_tdata, bf_tdata;
  wire [7:0]  snd_tkeep, bf_tkeep;

  aotf_send #(.FIFO_DEPTH(FIFO_DEPTH), .HTLB_SETS(HTLB_SETS), .CSR_REG(1'b1)) u_send (
    .clk_i, .rst_ni,
    .st_valid_i(st_valid_i && !st_botf), .st_ready_o, .st_addr_i, .st_data_i, .st_be_i,
    .csr_req_i(req_send), .csr_we_i, .csr_addr_i(csr_addr_i[11:0]), .csr_wdata_i,
    .csr_ack_o(send_ack), .csr_rdata_o(send_rdata),
    .m_axis_tdata(snd_tdata), .m_axis_tkeep(snd_tkeep), .m_axis_tvalid(snd_tvalid),
    .m_axis_tready(snd_tready), .m_axis_tlast(snd_tlast),
    .irq_o(send_irq),
    /* verilator lint_off PINCONNECTEMPTY */ // debug ports are observed only in the block benches
    .dbg_fifo_count_o(), .dbg_init_o(), .dbg_miss_o(), .dbg_lk_state_o(), .dbg_pg_o(),
    .dbg_init_ptr_o(), .dbg_rr_o(), .dbg_status_o(), .dbg_used_lo_o(), .dbg_used_hi_o(), .dbg_st_o(), .dbg_walk_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  // ---------------------------------------------------------------- BOTF send path + packet arbiter
  aotf_botf #(.NWIN(BOTF_NWIN)) u_botf (
    .clk_i, .rst_ni,
    .st_valid_i(st_valid_i && st_botf && st_ready_o), .st_addr_i, .st_data_i, .st_be_i,
    .window_o(botf_win),
    .csr_req_i(req_botf), .csr_we_i, .csr_addr_i(csr_addr_i[11:0]), .csr_wdata_i,
    .csr_ack_o(botf_ack), .csr_rdata_o(botf_rdata),
    .m_axis_tdata(bf_tdata), .m_axis_tkeep(bf_tkeep), .m_axis_tvalid(bf_tvalid),
    .m_axis_tready(bf_tready), .m_axis_tlast(bf_tlast),
    /* verilator lint_off PINCONNECTEMPTY */
    .idle_o(), .dbg_ev_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );
  aotf_pkt_arb u_arb (
    .clk_i, .rst_ni,
    .a_tdata(snd_tdata), .a_tkeep(snd_tkeep), .a_tvalid(snd_tvalid), .a_tready(snd_tready),
    .a_tlast(snd_tlast),
    .b_tdata(bf_tdata), .b_tkeep(bf_tkeep), .b_tvalid(bf_tvalid), .b_tready(bf_tready),
    .b_tlast(bf_tlast),
    .m_tdata(tx_tdata), .m_tkeep(tx_tkeep), .m_tvalid(tx_tvalid), .m_tready(tx_tready),
    .m_tlast(tx_tlast)
  );

  // loopback through a register slice (timing: the receive path's ready - LLCM init, write
  // buffer room - does not reach the packet generator's output stage in the same cycle; the
  // external link has the link's own registers there). One cycle of latency, full throughput.
  wire        lb_ready, lb_valid;
  wire [72:0] lb_data;
  nic_axis_slice #(.WIDTH(73)) u_loop (
    .clk_i, .rst_ni,
    .s_valid_i(tx_tvalid && loop_q), .s_ready_o(lb_ready), .s_data_i({tx_tlast, tx_tkeep, tx_tdata}),
    .m_valid_o(lb_valid), .m_ready_i(rx_tready), .m_data_o(lb_data)
  );

  // the receive input select from a copy of CTRL.LOOPBACK, inverted so that synthesis keeps
  // it apart (nlrx_q == !loop_q, asserted; timing: loop_q sits by the node registers, far from
  // the receive path's stream-accept logic that this select feeds)
  reg nlrx_q;
  always @(posedge clk_i) begin
    if (!rst_ni) nlrx_q <= 1'b1;
    else         nlrx_q <= !loop_d;
  end
`ifdef FORMAL
  reg f_node_rst = 1'b0;   // a reset has been seen
  always @(posedge clk_i) begin
    if (!rst_ni) f_node_rst <= 1'b1;
    if (f_node_rst) assert (nlrx_q == !loop_q);
  end
`endif
  aotf_rx #(.LLCM_BYTES(LLCM_BYTES), .PT_ENTRIES(PT_ENTRIES), .CSR_REG(1'b1)) u_rx (
    .clk_i, .rst_ni,
    .s_axis_tdata (nlrx_q ? lr_tdata  : lb_data[63:0]),
    .s_axis_tkeep (nlrx_q ? lr_tkeep  : lb_data[71:64]),
    .s_axis_tvalid(nlrx_q ? lr_tvalid : lb_valid),
    .s_axis_tready(rx_tready),
    .s_axis_tlast (nlrx_q ? lr_tlast  : lb_data[72]),
    .s_axis_tuser (nlrx_q && lr_tuser),   // link-layer abort (aotf_link verdict)
    .csr_req_i(req_rx), .csr_we_i, .csr_addr_i(csr_addr_i[11:0]), .csr_wdata_i,
    .csr_ack_o(rx_ack), .csr_rdata_o(rx_rdata),
    .hr_valid_i, .hr_addr_i, .hr_rvalid_o, .hr_rdata_o,
    .irq_o(rx_irq),
    /* verilator lint_off PINCONNECTEMPTY */
    .dbg_beat_o(), .dbg_disc_o(), .dbg_wb_count_o(), .dbg_init_o(), .dbg_ev_o(), .dbg_llcm_we_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  // link layer between the paths and the link ports (loopback bypasses it)
  wire        lk_tx_tready, lk_m_tvalid, lk_s_tready;
  aotf_link #(.MAX_NODES(LINK_MAX_NODES), .BUF_BEATS(LINK_BUF_BEATS), .BUF_PKTS(LINK_BUF_PKTS)) u_link (
    .clk_i, .rst_ni, .crc_en_i(crc_q), .rel_en_i(rel_q), .node_id_i(node_id_q),
    .csr_req_i(lk_req_q), .csr_we_i(lk_we_q), .csr_addr_i(lk_loc_q), .csr_wdata_i(wdata_q),
    .csr_ack_o(link_ack), .csr_rdata_o(link_rdata),
    .s_tx_tdata(tx_tdata), .s_tx_tkeep(tx_tkeep), .s_tx_tvalid(tx_tvalid && !loop_q),
    .s_tx_tready(lk_tx_tready), .s_tx_tlast(tx_tlast),
    .m_axis_tdata, .m_axis_tkeep, .m_axis_tvalid(lk_m_tvalid), .m_axis_tready, .m_axis_tlast,
    .s_axis_tdata, .s_axis_tkeep, .s_axis_tvalid, .s_axis_tready(lk_s_tready), .s_axis_tlast,
    .m_rx_tdata(lr_tdata), .m_rx_tkeep(lr_tkeep), .m_rx_tvalid(lr_tvalid),
    .m_rx_tready(rx_tready && nlrx_q), .m_rx_tlast(lr_tlast), .m_rx_tuser(lr_tuser),
    /* verilator lint_off PINCONNECTEMPTY */
    .dbg_occ_o(), .dbg_tx_state_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );
  assign tx_tready     = loop_q ? lb_ready : lk_tx_tready;
  assign m_axis_tvalid = lk_m_tvalid && !loop_q;
  assign s_axis_tready = lk_s_tready && !loop_q;
endmodule
`default_nettype wire
