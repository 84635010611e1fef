// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_engine: one node's Comet engine = comet_via (doorbells, descriptor DMA, gather/scatter)
// + comet_tx (FM message -> Ethernet/IPv4/UDP frame) + comet_rx (frame checks -> FM message).
// docs/reference/comet_engine.md.
//  - CSR bus (16-bit byte address) decoded by window: 0x4000 COMET (offset bit 8: 0 comet_tx,
//    1 comet_rx), 0x5000 COMET_VIA, 0x6000 COMET_ENG (own registers). Any other address reads
//    CSR_UNMAPPED and counts in UNMAPPED_CNT; every request is acked exactly three cycles later
//    (timing: comet_via registers its request first; the other windows' requests go through
//    the engine's request register rq_*, decoded by window as they enter it; every window's
//    response then goes through a response register rs_*, so a comet_via SYS_POP read, whose
//    data comes from the doorbell RAM, ends at a flip-flop one LUT behind the RAM. The latency
//    is the same for every address and requests may follow each other every cycle).
//  - comet_via.m_axis_tx -> register slice u_v2t -> comet_tx.s_axis (tuser = VI is not needed
//    by the frame datapath); comet_tx's per-message status -> comet_via.tx_done (code 1 NODE
//    etc. = TX_ERR in the descriptor status; the engine keeps running).
//  - comet_rx.m_axis -> register slice u_r2v -> comet_via.s_axis_rx, destination VI = FM
//    header handler[15:14] (bits 47:46 of the first message beat; 3 = invalid VI: dropped by
//    comet_via, CNT_RX_BAD_VI). timing: the VI and the beat's byte count (s_axis_rx_tcnt, the
//    popcount of the contiguous tkeep) are computed at the slice's input and registered with
//    the beat, so comet_via's idle decision and receive unpacker start at flops of their own:
//    the VI from the first beat as comet_rx offers it, held in in_vi_q for the message's other
//    beats (in_first_q tracks the message boundary on comet_rx's side). On comet_via's side
//    rx_vi_q (CSR ENG_RX_VI) keeps the VI of the last beat taken, rx_first_q the boundary.
//  - The two register slices (nic_axis_slice: registered valid, data and ready, full rate)
//    cut every combinational path between comet_via and the frame datapaths (timing, issue
//    5); each costs one cycle of latency. The dbg_v2t / dbg_r2v ports show comet_via's side.
//  - m_axis carries comet_tx's frames and comet_rx's ARP replies (arp_axis), merged at frame
//    boundaries: when a reply is offered while no comet_tx frame is in progress (tx_first_q),
//    comet_tx is held for one cycle and sel_q switches m_axis to the reply until its last beat.
//    Without a reply m_axis is comet_tx's stream unchanged (no added cycle).
//  - All outputs are functions of registers only (the sub-blocks' outputs are; the engine adds
//    only registered CSR responses).
module comet_engine #(
  parameter int NUM_DB    = 8,
  parameter int DB_DEPTH  = 16,
  parameter int MAX_SEGS  = 16,
  parameter int RSP_DEPTH = 32,
  parameter int NT_DEPTH  = 256,
  localparam int DBCW     = $clog2(DB_DEPTH) + 1,
  localparam int IFW      = $clog2(RSP_DEPTH) + 1
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  // CSR bus
  input  wire                   csr_req_i,
  input  wire                   csr_we_i,
  input  wire [15:0]            csr_addr_i,
  input  wire [31:0]            csr_wdata_i,
  output wire                   csr_ack_o,
  output wire [31:0]            csr_rdata_o,
  // DMA port (host memory), as comet_via
  output wire                   dma_req_valid_o,
  input  wire                   dma_req_ready_i,
  output wire                   dma_req_we_o,
  output wire [31:0]            dma_req_addr_o,
  output wire [63:0]            dma_req_wdata_o,
  output wire [7:0]             dma_req_wstrb_o,
  input  wire                   dma_rsp_valid_i,
  input  wire [63:0]            dma_rsp_rdata_i,
  // frames out / in
  output wire [63:0]            m_axis_tdata,
  output wire [7:0]             m_axis_tkeep,
  output wire                   m_axis_tvalid,
  input  wire                   m_axis_tready,
  output wire                   m_axis_tlast,
  input  wire [63:0]            s_axis_tdata,
  input  wire [7:0]             s_axis_tkeep,
  input  wire                   s_axis_tvalid,
  output wire                   s_axis_tready,
  input  wire                   s_axis_tlast,
  output wire                   irq_o,
  // observability (lockstep)
  output wire [3:0]             dbg_via_state_o,
  output wire [7:0]             dbg_via_flags_o,
  output wire [3:0]             dbg_via_vi_o,
  output wire [IFW-1:0]         dbg_via_inflight_o,
  output wire [4:0]             dbg_via_acc_o,
  output wire [NUM_DB*DBCW-1:0] dbg_via_db_level_o,
  output wire [8:0]             dbg_tx_state_o,
  output wire [31:0]            dbg_tx_crc_o,
  output wire [31:0]            dbg_tx_psum_o,
  output wire [3:0]             dbg_tx_status_o,   // {valid, code[2:0]}
  output wire [7:0]             dbg_rx_state_o,
  output wire [31:0]            dbg_rx_crc_o,
  output wire [31:0]            dbg_rx_usum_o,
  output wire [4:0]             dbg_rx_status_o,   // {valid, code[3:0]}
  output wire [12:0]            dbg_v2t_o,         // via -> tx: {tuser[1:0], tkeep, tlast, tready, tvalid}
  output wire [63:0]            dbg_v2t_tdata_o,
  output wire [12:0]            dbg_r2v_o,         // rx -> via: {tuser[1:0], tkeep, tlast, tready, tvalid}
  output wire [63:0]            dbg_r2v_tdata_o,
  output wire [2:0]             dbg_eng_o          // {rx_first_q, rx_vi_q[1:0]}
);
  localparam logic [3:0] WIN_COMET = nic_pkg::CSR_BASE_COMET[15:12];
  localparam logic [3:0] WIN_VIA   = nic_pkg::CSR_BASE_COMET_VIA[15:12];
  localparam logic [3:0] WIN_ENG   = nic_pkg::CSR_BASE_COMET_ENG[15:12];

  // ------------------------------------------------------------------ CSR decode
  // comet_via, comet_tx and comet_rx take the request as it comes: comet_via answers two cycles
  // after it (it registers the request itself), comet_tx / comet_rx one cycle after it, and the
  // engine registers their answers once more (txr_* / rxr_*); the engine's own registers take
  // the request from the request register rq_* one cycle later. So every window answers two
  // cycles after the request (no two answers in one cycle); the answers go through the response
  // register rs_* (acked three cycles after the request)
  wire [3:0]  win = csr_addr_i[15:12];
  wire [11:0] loc = csr_addr_i[11:0];
  wire req_via = csr_req_i && (win == WIN_VIA);
  // (timing: comet_tx / comet_rx decode a read's address into one-hot selects in the request
  // cycle and answer with an AND-OR in the next, which ends at txr_* / rxr_* next to the block)
  wire req_tx  = csr_req_i && (win == WIN_COMET) && !loc[8];
  wire req_rx  = csr_req_i && (win == WIN_COMET) && loc[8];
  wire eng_known = (loc == nic_pkg::CSR_COMET_ENG_ID) || (loc == nic_pkg::CSR_COMET_ENG_UNMAPPED_CNT) ||
                   (loc == nic_pkg::CSR_COMET_ENG_SCRATCH) || (loc == nic_pkg::CSR_COMET_ENG_RX_VI);
  reg        rq_eng_q, rq_eng_d, rq_none_q, rq_none_d, rq_we_q, rq_we_d;
  reg [11:0] rq_loc_q, rq_loc_d;
  // timing: the engine window's read selects, one-hot, decoded with the request register
  // {RX_VI, SCRATCH, UNMAPPED_CNT, ID} (the read data is an AND-OR of them)
  reg [3:0]  rq_ers_q, rq_ers_d;
  reg [31:0] rq_wdata_q, rq_wdata_d;
  always @* begin
    rq_eng_d   = csr_req_i && (win == WIN_ENG) && eng_known;
    rq_none_d  = csr_req_i && !req_tx && !req_rx && !req_via && !rq_eng_d;
    rq_we_d    = csr_we_i;
    rq_loc_d   = loc;
    rq_ers_d   = {4{csr_req_i && !csr_we_i && (win == WIN_ENG)}} &
                 {loc == nic_pkg::CSR_COMET_ENG_RX_VI, loc == nic_pkg::CSR_COMET_ENG_SCRATCH,
                  loc == nic_pkg::CSR_COMET_ENG_UNMAPPED_CNT, loc == nic_pkg::CSR_COMET_ENG_ID};
    rq_wdata_d = csr_wdata_i;
  end
  wire        req_eng = rq_eng_q, req_none = rq_none_q;
  wire        rq_we = rq_we_q;
  wire [11:0] rq_loc = rq_loc_q;
  wire [31:0] rq_wdata = rq_wdata_q;

  wire        tx_ack, rx_ack, via_ack;
  wire [31:0] tx_rdata, rx_rdata, via_rdata;

  reg        eng_ack_q, eng_ack_d;
  reg [31:0] eng_rdata_q, eng_rdata_d;
  reg [31:0] unmapped_q, unmapped_d;
  reg [31:0] scratch_q, scratch_d;
  reg        rx_first_q, rx_first_d;
  reg [1:0]  rx_vi_q, rx_vi_d;

  // ------------------------------------------------------------------ internal streams
  // v2t: comet_via side of u_v2t; s2t: its comet_tx side
  wire [63:0] v2t_tdata;
  wire [7:0]  v2t_tkeep;
  wire        v2t_tvalid, v2t_tready, v2t_tlast;
  wire [1:0]  v2t_tuser;
  wire [63:0] s2t_tdata;
  wire [7:0]  s2t_tkeep;
  wire        s2t_tvalid, s2t_tready, s2t_tlast;
  // r2s: comet_rx side of u_r2v; r2v: its comet_via side
  wire [63:0] r2s_tdata;
  wire [7:0]  r2s_tkeep;
  wire        r2s_tvalid, r2s_tready, r2s_tlast;
  wire [63:0] r2v_tdata;
  wire [7:0]  r2v_tkeep;
  wire        r2v_tvalid, r2v_tready, r2v_tlast;
  wire [1:0]  r2v_tuser;
  wire [3:0]  r2v_tcnt;
  reg         in_first_q, in_first_d;
  reg  [1:0]  in_vi_q, in_vi_d;
  wire [1:0]  r2s_tuser = in_first_q ? r2s_tdata[47:46] : in_vi_q;
  // the byte count of comet_rx's contiguous tkeep (a thermometer code) in binary
  wire [3:0]  r2s_tcnt = {r2s_tkeep[7], r2s_tkeep[3] && !r2s_tkeep[7],
                          (r2s_tkeep[1] && !r2s_tkeep[3]) || (r2s_tkeep[5] && !r2s_tkeep[7]),
                          (r2s_tkeep[0] && !r2s_tkeep[1]) || (r2s_tkeep[2] && !r2s_tkeep[3]) ||
                          (r2s_tkeep[4] && !r2s_tkeep[5]) || (r2s_tkeep[6] && !r2s_tkeep[7])};
  // t2m: comet_tx's frame stream; a2m: comet_rx's ARP replies; merged into m_axis
  wire [63:0] t2m_tdata, a2m_tdata;
  wire [7:0]  t2m_tkeep, a2m_tkeep;
  wire        t2m_tvalid, t2m_tready, t2m_tlast, a2m_tvalid, a2m_tready, a2m_tlast;
  reg         tx_first_q, tx_first_d, sel_q, sel_d, hold;
  wire        tx_st_valid;
  wire [2:0]  tx_st_code;
  wire        rx_st_valid;
  wire [3:0]  rx_st_code;

  always @* begin
    eng_ack_d   = req_eng || req_none;
    eng_rdata_d = 32'd0;
    // timing: the increment comes from the register alone (its carry chain runs beside the
    // address decode); req_none only selects it
    unmapped_d  = req_none ? unmapped_q + 32'd1 : unmapped_q;
    scratch_d   = scratch_q;
    if (req_none && !rq_we) eng_rdata_d = nic_pkg::CSR_UNMAPPED;
    if (req_eng) begin
      if (rq_we) begin
        case (rq_loc)
          nic_pkg::CSR_COMET_ENG_UNMAPPED_CNT: unmapped_d = 32'd0;
          nic_pkg::CSR_COMET_ENG_SCRATCH:      scratch_d  = rq_wdata;
          default: ;
        endcase
      end
    end
    eng_rdata_d = eng_rdata_d | ({32{rq_ers_q[0]}} & nic_pkg::COMET_ENG_ID_ID_RESET) |
                  ({32{rq_ers_q[1]}} & unmapped_q) | ({32{rq_ers_q[2]}} & scratch_q) |
                  ({32{rq_ers_q[3]}} & {30'd0, rx_vi_q});
    // VI latch: the first beat of a message carries the FM header
    rx_first_d = rx_first_q;
    rx_vi_d    = rx_vi_q;
    if (r2v_tvalid && r2v_tready) begin
      rx_vi_d    = r2v_tuser;  // (the VI registered with the beat, asserted below)
      rx_first_d = r2v_tlast;
    end
    // transmit merge: switch to a pending ARP reply at a comet_tx frame boundary
    hold       = !sel_q && tx_first_q && a2m_tvalid;
    tx_first_d = tx_first_q;
    if (t2m_tvalid && t2m_tready) tx_first_d = t2m_tlast;
    sel_d      = sel_q;
    if (hold) sel_d = 1'b1;
    if (sel_q && a2m_tvalid && m_axis_tready && a2m_tlast) sel_d = 1'b0;
    in_first_d = in_first_q;
    in_vi_d    = in_vi_q;
    if (r2s_tvalid && r2s_tready) begin
      if (in_first_q) in_vi_d = r2s_tdata[47:46];
      in_first_d = r2s_tlast;
    end
  end

  // comet_tx's and comet_rx's answers (one cycle after the request) registered per window, so
  // they line up with comet_via's and the engine's own (two cycles after the request)
  // (comet_tx / comet_rx return read data 0 unless they ack a read: their read data is an
  // AND-OR under one-hot selects that are 0 without a read; asserted under FORMAL)
  reg        txr_ack_q, rxr_ack_q;
  reg [31:0] txr_rdata_q, rxr_rdata_q;
  // response register: comet_via's answer (one LUT behind its doorbell RAM for a SYS_POP read)
  // and the other windows' answers in two separate registers, ORed at the output
  reg        rs_via_ack_q, rs_via_ack_d, rs_oth_ack_q, rs_oth_ack_d;
  reg [31:0] rs_via_rdata_q, rs_via_rdata_d, rs_oth_rdata_q, rs_oth_rdata_d;
  always @* begin
    rs_via_ack_d   = via_ack;
    rs_via_rdata_d = via_ack ? via_rdata : 32'd0;
    rs_oth_ack_d   = txr_ack_q | rxr_ack_q | eng_ack_q;
    rs_oth_rdata_d = txr_rdata_q | rxr_rdata_q | eng_rdata_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rs_via_ack_q <= 1'b0; rs_via_rdata_q <= 32'd0; rs_oth_ack_q <= 1'b0; rs_oth_rdata_q <= 32'd0;
      eng_ack_q   <= 1'b0;
      eng_rdata_q <= 32'd0;
      unmapped_q  <= 32'd0;
      scratch_q   <= 32'd0;
      rx_first_q  <= 1'b1;
      rx_vi_q     <= 2'd0;
      in_first_q  <= 1'b1;
      in_vi_q     <= 2'd0;
      tx_first_q  <= 1'b1;
      sel_q       <= 1'b0;
      txr_ack_q <= 1'b0; txr_rdata_q <= 32'd0; rxr_ack_q <= 1'b0; rxr_rdata_q <= 32'd0;
      rq_eng_q <= 1'b0; rq_none_q <= 1'b0; rq_we_q <= 1'b0;
      rq_loc_q <= 12'd0; rq_wdata_q <= 32'd0; rq_ers_q <= 4'd0;
    end else begin
      rs_via_ack_q <= rs_via_ack_d; rs_via_rdata_q <= rs_via_rdata_d;
      rs_oth_ack_q <= rs_oth_ack_d; rs_oth_rdata_q <= rs_oth_rdata_d;
      eng_ack_q   <= eng_ack_d;
      eng_rdata_q <= eng_rdata_d;
      unmapped_q  <= unmapped_d;
      scratch_q   <= scratch_d;
      rx_first_q  <= rx_first_d;
      rx_vi_q     <= rx_vi_d;
      in_first_q  <= in_first_d;
      in_vi_q     <= in_vi_d;
      tx_first_q  <= tx_first_d;
      sel_q       <= sel_d;
      txr_ack_q <= tx_ack; txr_rdata_q <= tx_rdata; rxr_ack_q <= rx_ack; rxr_rdata_q <= rx_rdata;
      rq_eng_q <= rq_eng_d; rq_none_q <= rq_none_d;
      rq_we_q <= rq_we_d; rq_loc_q <= rq_loc_d; rq_wdata_q <= rq_wdata_d; rq_ers_q <= rq_ers_d;
    end
  end

  assign csr_ack_o   = rs_via_ack_q | rs_oth_ack_q;
  assign csr_rdata_o = rs_via_rdata_q | rs_oth_rdata_q;

  // ------------------------------------------------------------------ sub-blocks
  /* verilator lint_off UNUSEDSIGNAL */  // the VIA prefetcher state is observed by the comet_via bench only
  wire [7:0] via_dbg_pf;
  /* verilator lint_on UNUSEDSIGNAL */
  comet_via #(.NUM_DB(NUM_DB), .DB_DEPTH(DB_DEPTH), .MAX_SEGS(MAX_SEGS), .RSP_DEPTH(RSP_DEPTH)) u_via (
    .clk_i, .rst_ni,
    .csr_req_i(req_via), .csr_we_i, .csr_addr_i(loc), .csr_wdata_i,
    .csr_ack_o(via_ack), .csr_rdata_o(via_rdata),
    .dma_req_valid_o, .dma_req_ready_i, .dma_req_we_o, .dma_req_addr_o, .dma_req_wdata_o,
    .dma_req_wstrb_o, .dma_rsp_valid_i, .dma_rsp_rdata_i,
    .m_axis_tx_tdata(v2t_tdata), .m_axis_tx_tkeep(v2t_tkeep), .m_axis_tx_tvalid(v2t_tvalid),
    .m_axis_tx_tready(v2t_tready), .m_axis_tx_tlast(v2t_tlast), .m_axis_tx_tuser(v2t_tuser),
    .tx_done_valid_i(tx_st_valid), .tx_done_code_i({1'b0, tx_st_code}),
    .s_axis_rx_tdata(r2v_tdata), .s_axis_rx_tkeep(r2v_tkeep), .s_axis_rx_tcnt(r2v_tcnt),
    .s_axis_rx_tvalid(r2v_tvalid),
    .s_axis_rx_tready(r2v_tready), .s_axis_rx_tlast(r2v_tlast), .s_axis_rx_tuser(r2v_tuser),
    .irq_o,
    .dbg_state_o(dbg_via_state_o), .dbg_db_level_o(dbg_via_db_level_o),
    .dbg_inflight_o(dbg_via_inflight_o), .dbg_acc_cnt_o(dbg_via_acc_o),
    .dbg_flags_o(dbg_via_flags_o), .dbg_vi_o(dbg_via_vi_o), .dbg_pf_o(via_dbg_pf));

  nic_axis_slice #(.WIDTH(73)) u_v2t (
    .clk_i, .rst_ni,
    .s_valid_i(v2t_tvalid), .s_ready_o(v2t_tready), .s_data_i({v2t_tlast, v2t_tkeep, v2t_tdata}),
    .m_valid_o(s2t_tvalid), .m_ready_i(s2t_tready), .m_data_o({s2t_tlast, s2t_tkeep, s2t_tdata}));

  comet_tx #(.NT_DEPTH(NT_DEPTH)) u_tx (
    .clk_i, .rst_ni,
    .s_axis_tdata(s2t_tdata), .s_axis_tkeep(s2t_tkeep), .s_axis_tvalid(s2t_tvalid),
    .s_axis_tready(s2t_tready), .s_axis_tlast(s2t_tlast),
    .m_axis_tdata(t2m_tdata), .m_axis_tkeep(t2m_tkeep), .m_axis_tvalid(t2m_tvalid),
    .m_axis_tready(t2m_tready), .m_axis_tlast(t2m_tlast),
    .tx_status_valid_o(tx_st_valid), .tx_status_code_o(tx_st_code),
    .csr_req_i(req_tx), .csr_we_i, .csr_addr_i(loc), .csr_wdata_i,
    .csr_ack_o(tx_ack), .csr_rdata_o(tx_rdata),
    .dbg_state_o(dbg_tx_state_o), .dbg_crc_o(dbg_tx_crc_o), .dbg_psum_o(dbg_tx_psum_o));

  comet_rx u_rx (
    .clk_i, .rst_ni,
    .s_axis_tdata, .s_axis_tkeep, .s_axis_tvalid, .s_axis_tready, .s_axis_tlast,
    .m_axis_tdata(r2s_tdata), .m_axis_tkeep(r2s_tkeep), .m_axis_tvalid(r2s_tvalid),
    .m_axis_tready(r2s_tready), .m_axis_tlast(r2s_tlast),
    .arp_axis_tdata(a2m_tdata), .arp_axis_tkeep(a2m_tkeep), .arp_axis_tvalid(a2m_tvalid),
    .arp_axis_tready(a2m_tready), .arp_axis_tlast(a2m_tlast),
    .rx_status_valid_o(rx_st_valid), .rx_status_code_o(rx_st_code),
    .csr_req_i(req_rx), .csr_we_i, .csr_addr_i(loc), .csr_wdata_i,
    .csr_ack_o(rx_ack), .csr_rdata_o(rx_rdata),
    .dbg_state_o(dbg_rx_state_o), .dbg_crc_o(dbg_rx_crc_o), .dbg_usum_o(dbg_rx_usum_o));

  nic_axis_slice #(.WIDTH(79)) u_r2v (
    .clk_i, .rst_ni,
    .s_valid_i(r2s_tvalid), .s_ready_o(r2s_tready),
    .s_data_i({r2s_tcnt, r2s_tuser, r2s_tlast, r2s_tkeep, r2s_tdata}),
    .m_valid_o(r2v_tvalid), .m_ready_i(r2v_tready),
    .m_data_o({r2v_tcnt, r2v_tuser, r2v_tlast, r2v_tkeep, r2v_tdata}));

  assign m_axis_tdata    = sel_q ? a2m_tdata : t2m_tdata;
  assign m_axis_tkeep    = sel_q ? a2m_tkeep : t2m_tkeep;
  assign m_axis_tvalid   = sel_q ? a2m_tvalid : (t2m_tvalid && !hold);
  assign m_axis_tlast    = sel_q ? a2m_tlast : t2m_tlast;
  assign t2m_tready      = !sel_q && !hold && m_axis_tready;
  assign a2m_tready      = sel_q && m_axis_tready;
  assign dbg_tx_status_o = {tx_st_valid, tx_st_valid ? tx_st_code : 3'd0};   // code: don't care while not valid
  assign dbg_rx_status_o = {rx_st_valid, rx_st_valid ? rx_st_code : 4'd0};
  assign dbg_v2t_o       = {v2t_tuser, v2t_tkeep, v2t_tlast, v2t_tready, v2t_tvalid};
  assign dbg_v2t_tdata_o = v2t_tdata;
  assign dbg_r2v_o       = {r2v_tvalid ? r2v_tuser : 2'd0, r2v_tvalid ? r2v_tkeep : 8'd0, r2v_tvalid && r2v_tlast,
                            r2v_tready, r2v_tvalid};   // rx data fields: don't care while not valid
  assign dbg_r2v_tdata_o = r2v_tdata;
  assign dbg_eng_o       = {rx_first_q, rx_vi_q};

`ifdef FORMAL
  // the request register: every decoded value equals its definition on the request it holds
  reg        f_req_q = 1'b0, f_we_q = 1'b0;
  reg [15:0] f_addr_q = 16'd0;
  reg [31:0] f_wdata_q = 32'd0;
  reg        f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_req_q <= rst_ni && csr_req_i; f_we_q <= csr_we_i; f_addr_q <= csr_addr_i; f_wdata_q <= csr_wdata_i;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  wire f_known = (f_addr_q[11:0] == nic_pkg::CSR_COMET_ENG_ID) || (f_addr_q[11:0] == nic_pkg::CSR_COMET_ENG_UNMAPPED_CNT) ||
                 (f_addr_q[11:0] == nic_pkg::CSR_COMET_ENG_SCRATCH) || (f_addr_q[11:0] == nic_pkg::CSR_COMET_ENG_RX_VI);
  always @* begin
    if (f_rst_seen) begin
      // comet_tx / comet_rx ack exactly the requests of their windows, one cycle later
      assert (tx_ack == (f_req_q && f_addr_q[15:12] == WIN_COMET && !f_addr_q[8]));
      assert (rx_ack == (f_req_q && f_addr_q[15:12] == WIN_COMET && f_addr_q[8]));
      assert (rq_eng_q == (f_req_q && f_addr_q[15:12] == WIN_ENG && f_known));
      assert (rq_none_q == (f_req_q && f_addr_q[15:12] != WIN_COMET && f_addr_q[15:12] != WIN_VIA &&
                            !(f_addr_q[15:12] == WIN_ENG && f_known)));
      if (f_req_q) assert (rq_we_q == f_we_q && rq_loc_q == f_addr_q[11:0] && rq_wdata_q == f_wdata_q);
      // one ack per request: at most one window answers in a cycle
      assert ((32'(txr_ack_q) + 32'(rxr_ack_q) + 32'(via_ack) + 32'(eng_ack_q)) <= 1);
      assert (!(rs_via_ack_q && rs_oth_ack_q));
      if (!tx_ack) assert (tx_rdata == 32'd0);
      if (!rx_ack) assert (rx_rdata == 32'd0);
      // a response register holds read data only with its ack
      if (!rs_via_ack_q) assert (rs_via_rdata_q == 32'd0);
      if (!rs_oth_ack_q) assert (rs_oth_rdata_q == 32'd0);
      // the VI and byte count registered with a beat equal the first beat's header VI / the
      // held one (rx_first_q, rx_vi_q) and the beat's popcount
      if (r2v_tvalid) assert (r2v_tuser == (rx_first_q ? r2v_tdata[47:46] : rx_vi_q) &&
                              {1'b0, r2v_tcnt} == ({4'd0, r2v_tkeep[0]} + {4'd0, r2v_tkeep[1]} +
                                 {4'd0, r2v_tkeep[2]} + {4'd0, r2v_tkeep[3]} + {4'd0, r2v_tkeep[4]} +
                                 {4'd0, r2v_tkeep[5]} + {4'd0, r2v_tkeep[6]} + {4'd0, r2v_tkeep[7]}));
    end
  end
`endif
endmodule
`default_nettype wire
