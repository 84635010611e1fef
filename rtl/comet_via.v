// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via: Comet-VIA host interface engine (see docs/reference/comet_via.md).
//  - NUM_DB doorbells (32-bit FIFOs of descriptor addresses) in one nic_ram_1r1w partitioned in
//    NUM_DB rings of DB_DEPTH entries. Doorbells 0/1: system (popped by CSR SYS_POP0/1 reads);
//    VI k uses doorbell 2+2k (send) and 3+2k (receive).
//  - One DMA request/response port to host memory (reads answered in order, writes unanswered),
//    driven from a register slice: a request leaves one cycle after it is issued.
//  - VIA descriptors (formats/via_desc_header.csv, via_seg_header.csv): control segment words 1
//    and 3 and the SegCount data segments are fetched, checked and kept in a segment RAM; the
//    message is then gathered (send, m_axis_tx) or scattered (receive, s_axis_rx) with byte
//    granularity, and Status/Length are written back into control segment word 3.
//  - Sends are pipelined: a control FSM fetches and checks descriptor n+1 while a segment walker
//    issues the payload reads of message n and a byte packer streams message n-1's tail; send
//    completions wait in a completion queue for the datapath's tx_done code, in order. A receive
//    runs alone (it starts when the send side is idle). All outputs are functions of state only.
// Structure (each sub-block in rtl/<name>.v; this top only wires them):
//   comet_via_csr   CSR request stage and read data, CTRL / STATUS / IRQ_EN / HOST_LIMIT, the
//                   send / receive / error counters (completion events), the doorbells
//                   (doorbell RAM, pointers, levels, SYS_POP and engine pops)
//   comet_via_ctl   control FSM: job choice (completion, receive, prefetched send), receive
//                   descriptor fetch and checks, send checks, segment RAM writes, walker start,
//                   completion pushes, the FSM's DMA requests and status word
//   comet_via_cq    send completion queue and tx_done code FIFO
//   comet_via_pf    send descriptor prefetcher (doorbell pop, address check, descriptor reads
//                   into PF_SLOTS slots with the control checks precomputed)
//   comet_via_dma   DMA request stage (grant: walker / FSM / prefetcher), request slice, read
//                   credits, response alignment, response and metadata FIFOs, response skid
//   comet_via_walk  segment RAM and walker (chunks of each segment: payload reads, receive
//                   writes), receive unpacker (byte ring, fill levels, s_axis_rx_tready)
//   comet_via_pack  send packer (byte ring, m_axis_tx) and the fill level it shares with the
//                   unpacker
// The FORMAL properties sit with the sub-block that owns their signals; the ones that span
// sub-blocks are at the end of this file (hierarchical names).
module comet_via #(
  parameter int NUM_DB    = 8,   // doorbells (even, 4..8): NUM_VI = (NUM_DB - 2) / 2
  parameter int DB_DEPTH  = 16,  // entries per doorbell (power of two)
  parameter int MAX_SEGS  = 16,  // data segments per descriptor (power of two)
  parameter int RSP_DEPTH = 32,  // DMA reads in flight (power of two; >= memory latency + 3 for line rate)
  parameter int PF_SLOTS  = 4,   // send descriptor prefetch slots (2 or 4)
  // (UNUSEDPARAM: NUM_VI, RW, CQD and PFD are derived figures this top does not use, each
  // sub-block derives the ones it uses; RW is used by the FORMAL properties)
  /* verilator lint_off UNUSEDPARAM */
  localparam int NUM_VI = (NUM_DB - 2) / 2,
  /* verilator lint_on UNUSEDPARAM */
  localparam int DBAW   = $clog2(DB_DEPTH),
  localparam int DBCW   = DBAW + 1,
  /* verilator lint_off UNUSEDPARAM */
  localparam int RW     = $clog2(NUM_DB),
  /* verilator lint_on UNUSEDPARAM */
  localparam int SAW    = $clog2(MAX_SEGS),
  localparam int IFW    = $clog2(RSP_DEPTH) + 1,
  /* verilator lint_off UNUSEDPARAM */
  localparam int CQD    = 4,    // send completion queue entries
  localparam int PFD    = PF_SLOTS,
  /* verilator lint_on UNUSEDPARAM */
  localparam int PFW    = $clog2(PF_SLOTS)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // CSR bus (local 12-bit byte address)
  input  wire                  csr_req_i,
  input  wire                  csr_we_i,
  input  wire [11:0]           csr_addr_i,
  input  wire [31:0]           csr_wdata_i,
  output wire                  csr_ack_o,
  output wire [31:0]           csr_rdata_o,
  // DMA master port to host memory
  output wire                  dma_req_valid_o,
  input  wire                  dma_req_ready_i,
  output wire                  dma_req_we_o,
  output wire [31:0]           dma_req_addr_o,
  output wire [63:0]           dma_req_wdata_o,
  output wire [7:0]            dma_req_wstrb_o,
  input  wire                  dma_rsp_valid_i,
  input  wire [63:0]           dma_rsp_rdata_i,
  // send stream to the frame datapath (one FM message per packet)
  output wire [63:0]           m_axis_tx_tdata,
  output wire [7:0]            m_axis_tx_tkeep,
  output wire                  m_axis_tx_tvalid,
  input  wire                  m_axis_tx_tready,
  output wire                  m_axis_tx_tlast,
  output wire [1:0]            m_axis_tx_tuser,
  input  wire                  tx_done_valid_i,
  input  wire [3:0]            tx_done_code_i,
  // receive stream from the frame datapath (tuser = destination VI, held for the packet)
  input  wire [63:0]           s_axis_rx_tdata,
  input  wire [7:0]            s_axis_rx_tkeep,
  // the beat's byte count (= popcount of the contiguous tkeep, 0..8), a sideband the producer
  // registers with the beat (comet_engine: the rx register slice), so that the unpacker's level
  // sums start at flops of their own, placed next to it (assumed equal under FORMAL)
  input  wire [3:0]            s_axis_rx_tcnt,
  input  wire                  s_axis_rx_tvalid,
  output wire                  s_axis_rx_tready,
  input  wire                  s_axis_rx_tlast,
  input  wire [1:0]            s_axis_rx_tuser,
  output wire                  irq_o,
  // observability
  output wire [3:0]            dbg_state_o,
  output wire [NUM_DB*DBCW-1:0] dbg_db_level_o,
  output wire [IFW-1:0]        dbg_inflight_o,
  output wire [4:0]            dbg_acc_cnt_o,
  output wire [7:0]            dbg_flags_o,
  output wire [3:0]            dbg_vi_o,
  output wire [7:0]            dbg_pf_o
);
`ifndef __ICARUS__
  generate
    if (NUM_DB < 4 || NUM_DB > 8 || (NUM_DB % 2) != 0 || DB_DEPTH < 2 ||
        (DB_DEPTH & (DB_DEPTH - 1)) != 0 || MAX_SEGS < 2 || (MAX_SEGS & (MAX_SEGS - 1)) != 0 ||
        MAX_SEGS > 16 || RSP_DEPTH < 2 || (RSP_DEPTH & (RSP_DEPTH - 1)) != 0 ||
        (PF_SLOTS != 2 && PF_SLOTS != 4)) begin : g_param_err
      $error("comet_via: bad parameters");
    end
    if (nic_pkg::VIA_DESC_HDR_STATUS_DONE_LSB != 32 || nic_pkg::VIA_DESC_HDR_STATUS_FORMAT_LSB != 33 ||
        nic_pkg::VIA_DESC_HDR_STATUS_LENGTH_LSB != 34 || nic_pkg::VIA_DESC_HDR_STATUS_ADDRESS_LSB != 35 ||
        nic_pkg::VIA_DESC_HDR_STATUS_TX_ERR_LSB != 36 || nic_pkg::VIA_DESC_HDR_STATUS_TRUNC_LSB != 37 ||
        nic_pkg::VIA_DESC_HDR_STATUS_TX_CODE_LSB != 40 || nic_pkg::VIA_DESC_HDR_STATUS_DONE_WORD != 3 ||
        nic_pkg::VIA_DESC_HDR_LENGTH_LSB != 0 || nic_pkg::VIA_SEG_HDR_ADDR_WORD != 0 ||
        nic_pkg::VIA_SEG_HDR_LENGTH_WORD != 1) begin : g_fmt_err
      $error("comet_via: formats/via_*_header.csv changed: update status_word / the segment fetch");
    end
  endgenerate
`endif

  // ------------------------------------------------------------------ wires
  // CSRs and doorbells
  wire        en, spop;
  wire [31:0] limit, db_rd_data;
  wire [32:0] lm32, lm48;
  wire [NUM_DB-1:0] dne;
  // control FSM
  wire [3:0]  state;
  wire        op_rx, prio_rx, has_desc, rqs_rx, rqs_wb, rqs_wbs, rx_turn, rx_active, pf_take,
              dbrd, seg_we, w_start, seg0_rd, cq_push, cq_pop, fsm_v, fsm_rdv, ctl_busy, ctl_cs,
              ev_badvi, ev_nodesc, ctl_ev_daddr, rdy_nx;
  wire [1:0]  vi;
  wire [31:0] desc, sa, fsm_addr;
  wire [15:0] len, seg_wl;
  wire [SAW:0] segcnt;
  wire [SAW-1:0] seg_waddr;
  wire [2:0]  cq_pc;
  wire [63:0] st_data;
  wire [32:0] alim;
  // completion queue
  wire [2:0]  cq_cnt, cd_cnt, h_err;
  wire [31:0] h_swa;
  wire [15:0] h_len;
  wire [1:0]  h_vi;
  wire        h_nd;
  wire [3:0]  h_code;
  // prefetcher
  wire        pf_v, pf_idle, pf_rd, pf_chk, pf_busy, pf_ev_daddr;
  wire [31:0] pf_addr, t_desc, t_len, t_sa, t_sum0;
  wire [6:0]  pf_meta;
  wire [15:0] t_segcnt;
  wire [1:0]  t_vi, pf_vi_d, rr;
  wire        t_spec, t_aerr, t_e1, t_e2, t_rdy;
  wire [2:0]  s_cnt;
  // DMA port
  wire        w_acc, f_acc, pf_acc, if_room, dq_st_acc, dq_rk, rsp_pay, rsp_desc, rsp_pf, rsp_gt;
  wire [1:0]  dq_vi, sk_cnt;
  wire [IFW-1:0] inflight;
  wire [63:0] rsp_data;
  wire [5:0]  meta;
  // walker / unpacker
  wire        w_v, w_rdv, w_act, walk_done, seg_vld, seg_rd, seg_last, sw0, rxnz, rx_done_d;
  wire [31:3] w_addr;
  wire [63:0] w_wdata;
  wire [7:0]  w_wstrb;
  wire [5:0]  w_pa;
  wire [6:0]  w_meta;
  wire [3:0]  rx_n;
  wire [4:0]  rx_cnt_d;
  // packer
  wire        pk_pop, in_done, sent;
  wire [4:0]  cnt;
  localparam logic [3:0] S_RX = 4'd7;  // (the control FSM's states: comet_via_ctl)
  wire        state_rx = (state == S_RX);
  wire        rx_beat = s_axis_rx_tvalid && s_axis_rx_tready;

  // ------------------------------------------------------------------ sub-blocks
  comet_via_csr #(.NUM_DB(NUM_DB), .DB_DEPTH(DB_DEPTH), .MAX_SEGS(MAX_SEGS)) u_csr (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .csr_req_i(csr_req_i), .csr_we_i(csr_we_i), .csr_addr_i(csr_addr_i), .csr_wdata_i(csr_wdata_i),
    .csr_ack_o(csr_ack_o), .csr_rdata_o(csr_rdata_o), .irq_o(irq_o),
    .en_o(en), .limit_o(limit), .lm32_o(lm32), .lm48_o(lm48), .spop_o(spop),
    .ev_badvi_i(ev_badvi), .ev_nodesc_i(ev_nodesc), .ev_daddr_i(ctl_ev_daddr || pf_ev_daddr),
    .dq_st_acc_i(dq_st_acc), .dq_rk_i(dq_rk), .dq_vi_i(dq_vi), .dq_sw_i(dma_req_wdata_o[37:33]),
    .dq_len_i(dma_req_wdata_o[31:0]),
    .fsm_dbrd_i(dbrd), .pf_rd_i(pf_rd), .rx_tuser_i(s_axis_rx_tuser), .pf_vi_d_i(pf_vi_d),
    .db_rd_data_o(db_rd_data), .dne_o(dne), .db_level_o(dbg_db_level_o));

  comet_via_ctl #(.NUM_DB(NUM_DB), .MAX_SEGS(MAX_SEGS), .RSP_DEPTH(RSP_DEPTH)) u_ctl (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .en_i(en), .limit_i(limit), .lm32_i(lm32), .lm48_i(lm48), .spop_i(spop), .dne_i(dne),
    .db_rd_data_i(db_rd_data),
    .rx_tvalid_i(s_axis_rx_tvalid), .rx_tlast_i(s_axis_rx_tlast), .rx_tuser_i(s_axis_rx_tuser),
    .rx_beat_i(rx_beat),
    .t_desc_i(t_desc), .t_len_i(t_len), .t_sa_i(t_sa), .t_sum0_i(t_sum0), .t_segcnt_i(t_segcnt),
    .t_vi_i(t_vi), .t_spec_i(t_spec), .t_aerr_i(t_aerr), .t_e1_i(t_e1), .t_e2_i(t_e2),
    .t_rdy_i(t_rdy), .s_cnt_i(s_cnt), .pf_idle_i(pf_idle),
    .cq_cnt_i(cq_cnt), .cd_cnt_i(cd_cnt), .h_nd_i(h_nd), .h_swa_i(h_swa), .h_len_i(h_len),
    .h_err_i(h_err), .h_code_i(h_code),
    .if_room_i(if_room), .f_acc_i(f_acc), .w_acc_i(w_acc), .rsp_desc_i(rsp_desc),
    .rsp_data_i(rsp_data), .rsp_gt_i(rsp_gt), .inflight_i(inflight), .sk_cnt_i(sk_cnt),
    .cnt_i(cnt), .in_done_i(in_done), .w_act_i(w_act), .walk_done_i(walk_done), .sw0_i(sw0),
    .rxnz_i(rxnz), .rx_n_i(rx_n),
    .state_o(state), .op_rx_o(op_rx), .vi_o(vi), .prio_rx_o(prio_rx), .has_desc_o(has_desc),
    .desc_o(desc), .len_o(len), .segcnt_o(segcnt), .rqs_rx_o(rqs_rx), .rqs_wb_o(rqs_wb),
    .rqs_wbs_o(rqs_wbs), .rx_turn_o(rx_turn), .rx_active_o(rx_active), .pf_take_o(pf_take),
    .dbrd_o(dbrd), .seg_we_o(seg_we), .seg_waddr_o(seg_waddr), .seg_wl_o(seg_wl), .sa_o(sa),
    .w_start_o(w_start), .seg0_rd_o(seg0_rd), .cq_push_o(cq_push), .cq_pop_o(cq_pop),
    .cq_pc_o(cq_pc), .fsm_v_o(fsm_v), .fsm_rdv_o(fsm_rdv), .fsm_addr_o(fsm_addr),
    .st_data_o(st_data), .alim_o(alim), .ctl_busy_o(ctl_busy), .ctl_cs_o(ctl_cs),
    .ev_badvi_o(ev_badvi), .ev_nodesc_o(ev_nodesc), .ev_daddr_o(ctl_ev_daddr), .rdy_nx_o(rdy_nx));

  comet_via_cq u_cq (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .push_i(cq_push), .pop_i(cq_pop), .pc_i(cq_pc), .desc_i(desc), .len_i(len), .vi_i(vi),
    .sent_i(sent), .tx_done_valid_i(tx_done_valid_i), .tx_done_code_i(tx_done_code_i),
    .cq_cnt_o(cq_cnt), .cd_cnt_o(cd_cnt), .h_swa_o(h_swa), .h_len_o(h_len), .h_vi_o(h_vi),
    .h_err_o(h_err), .h_nd_o(h_nd), .h_code_o(h_code));

  comet_via_pf #(.NUM_DB(NUM_DB), .PF_SLOTS(PF_SLOTS)) u_pf (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .en_i(en), .limit_i(limit), .lm32_i(lm32), .lm48_i(lm48), .spop_i(spop), .dne_i(dne),
    .db_rd_data_i(db_rd_data), .rx_turn_i(rx_turn), .rx_active_i(rx_active), .take_i(pf_take),
    .if_room_i(if_room), .pf_acc_i(pf_acc), .pf_v_o(pf_v), .pf_addr_o(pf_addr),
    .pf_meta_o(pf_meta), .pf_idle_o(pf_idle), .pf_rd_o(pf_rd), .pf_chk_o(pf_chk),
    .pf_busy_o(pf_busy), .ev_daddr_o(pf_ev_daddr),
    .rsp_pf_i(rsp_pf), .rsp_data_i(rsp_data), .meta_i(meta[PFW+2:1]),
    .t_desc_o(t_desc), .t_len_o(t_len), .t_sa_o(t_sa), .t_sum0_o(t_sum0), .t_segcnt_o(t_segcnt),
    .t_vi_o(t_vi), .t_spec_o(t_spec), .t_aerr_o(t_aerr), .t_e1_o(t_e1), .t_e2_o(t_e2),
    .t_rdy_o(t_rdy), .s_cnt_o(s_cnt), .pf_vi_d_o(pf_vi_d), .rr_o(rr), .dbg_pf_o(dbg_pf_o));

  comet_via_dma #(.RSP_DEPTH(RSP_DEPTH)) u_dma (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .dma_req_valid_o(dma_req_valid_o), .dma_req_ready_i(dma_req_ready_i),
    .dma_req_we_o(dma_req_we_o), .dma_req_addr_o(dma_req_addr_o),
    .dma_req_wdata_o(dma_req_wdata_o), .dma_req_wstrb_o(dma_req_wstrb_o),
    .dma_rsp_valid_i(dma_rsp_valid_i), .dma_rsp_rdata_i(dma_rsp_rdata_i),
    .w_v_i(w_v), .w_rdv_i(w_rdv), .w_addr_i(w_addr), .w_wdata_i(w_wdata), .w_wstrb_i(w_wstrb),
    .w_pa_i(w_pa), .w_meta_i(w_meta),
    .fsm_v_i(fsm_v), .fsm_rdv_i(fsm_rdv), .fsm_addr_i(fsm_addr), .st_data_i(st_data),
    .rqs_rx_i(rqs_rx), .rqs_wb_i(rqs_wb), .rqs_wbs_i(rqs_wbs), .vi_i(vi), .h_vi_i(h_vi),
    .ctl_busy_i(ctl_busy), .ctl_cs_i(ctl_cs),
    .pf_v_i(pf_v), .pf_addr_i(pf_addr), .pf_meta_i(pf_meta), .pf_chk_i(pf_chk),
    .pf_busy_i(pf_busy),
    .w_acc_o(w_acc), .f_acc_o(f_acc), .pf_acc_o(pf_acc), .if_room_o(if_room),
    .inflight_o(inflight), .dq_st_acc_o(dq_st_acc), .dq_rk_o(dq_rk), .dq_vi_o(dq_vi),
    .pk_pop_i(pk_pop), .rsp_data_o(rsp_data), .meta_o(meta), .rsp_pay_o(rsp_pay),
    .rsp_desc_o(rsp_desc), .rsp_pf_o(rsp_pf), .sk_cnt_o(sk_cnt), .alim_i(alim), .rsp_gt_o(rsp_gt));

  comet_via_walk #(.MAX_SEGS(MAX_SEGS)) u_walk (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .state_rx_i(state_rx), .rqs_rx_i(rqs_rx), .seg0_rd_i(seg0_rd), .rdy_nx_i(rdy_nx),
    .vi_i(vi), .segcnt_i(segcnt), .w_start_i(w_start), .seg_we_i(seg_we),
    .seg_waddr_i(seg_waddr), .seg_wl_i(seg_wl), .sa_i(sa),
    .cnt_i(cnt), .in_done_i(in_done), .rx_cnt_d_o(rx_cnt_d), .rx_done_d_o(rx_done_d),
    .if_room_i(if_room), .w_acc_i(w_acc), .w_v_o(w_v), .w_rdv_o(w_rdv), .w_addr_o(w_addr),
    .w_wdata_o(w_wdata), .w_wstrb_o(w_wstrb), .w_pa_o(w_pa), .w_meta_o(w_meta),
    .w_act_o(w_act), .walk_done_o(walk_done), .seg_vld_o(seg_vld), .seg_rd_o(seg_rd),
    .seg_last_o(seg_last), .sw0_o(sw0), .rxnz_o(rxnz), .rx_n_o(rx_n),
    .s_axis_rx_tdata(s_axis_rx_tdata), .s_axis_rx_tkeep(s_axis_rx_tkeep),
    .s_axis_rx_tcnt(s_axis_rx_tcnt), .s_axis_rx_tvalid(s_axis_rx_tvalid),
    .s_axis_rx_tready(s_axis_rx_tready), .s_axis_rx_tlast(s_axis_rx_tlast));

  comet_via_pack u_pack (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .state_rx_i(state_rx), .rx_cnt_d_i(rx_cnt_d), .rx_done_d_i(rx_done_d),
    .rsp_data_i(rsp_data), .meta_i(meta), .rsp_pay_i(rsp_pay), .pk_pop_o(pk_pop),
    .cnt_o(cnt), .in_done_o(in_done), .sent_o(sent),
    .m_axis_tx_tdata(m_axis_tx_tdata), .m_axis_tx_tkeep(m_axis_tx_tkeep),
    .m_axis_tx_tvalid(m_axis_tx_tvalid), .m_axis_tx_tready(m_axis_tx_tready),
    .m_axis_tx_tlast(m_axis_tx_tlast), .m_axis_tx_tuser(m_axis_tx_tuser));

  // ------------------------------------------------------------------ observability
  assign dbg_state_o    = state;
  assign dbg_inflight_o = inflight;
  assign dbg_acc_cnt_o  = cnt;
  assign dbg_flags_o    = {prio_rx, op_rx, has_desc, seg_vld, seg_rd, seg_last, walk_done, in_done};
  assign dbg_vi_o       = {rr, vi};

`ifdef FORMAL
  // Properties across the sub-blocks (each sub-block checks its own); once a reset edge has
  // been seen.
  localparam logic [3:0] S_IDLE = 4'd0, S_DB_RD = 4'd1, S_CTL = 4'd3, S_WBS = 4'd6, S_DRAIN = 4'd8,
                         S_WB = 4'd9;
  // {ring, its read pointer}: the doorbell RAM address of ring r's head
  function automatic [RW+DBAW-1:0] ring_head(input [RW-1:0] r, input [NUM_DB*DBAW-1:0] rp);
    integer j;
    ring_head = '0;
    for (j = 0; j < NUM_DB; j = j + 1)
      if (r == RW'(j)) ring_head = {RW'(j), rp[j*DBAW +: DBAW]};
  endfunction
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  integer f_i;
  // the engine's doorbell pop as the control FSM's / prefetcher's states set it (the
  // prefetcher's after the FSM's), and the response head's pop as each consumer sets it
  wire          f_eng_re = u_ctl.eng_re || u_pf.eng_re;
  wire [RW-1:0] f_ring   = u_pf.eng_re ? RW'(2 + 2 * u_pf.pf_vi_q) :
                           u_ctl.eng_re ? RW'(2 + 2 * vi + (op_rx ? 1 : 0)) : '0;
  wire          f_rsp_pop = u_ctl.rsp_pop || u_pf.rsp_pop || pk_pop;
  always @* begin
    if (f_rst_seen) begin
      // the registered engine pop addresses are the ring heads when used
      if (state == S_DB_RD) assert (op_rx && u_csr.ra_f_q == ring_head(RW'(3 + 2 * {30'd0, vi}), u_csr.db_rp_q));
      if (pf_rd) assert (u_csr.ra_p_q == ring_head(RW'(2 + 2 * {30'd0, u_pf.pf_vi_q}), u_csr.db_rp_q));
      // the engine's doorbell pops equal their definitions
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1)
        assert (u_csr.db_pop[f_i] == ((f_i < 2 && u_csr.csr_popv[f_i % 2]) || (f_eng_re && f_ring == RW'(f_i))));
      // the skid's pop (one expression) equals the consumers' pops
      if (f_rsp_pop) assert (sk_cnt != 2'd0);
      assert (u_dma.rsp_pop_x == f_rsp_pop);
      if (op_rx && !(state == S_IDLE || state == S_WBS)) assert (pf_idle);
      // rx tready outside S_RX from the next state (see comet_via_walk rdy_b): the S_SEG ->
      // S_RX entry
      if (state != S_RX && u_ctl.state_d == S_RX)
        assert (!u_pack.in_done_d && !u_walk.walk_done_d && !w_acc && cnt == 5'd0);
      assert (s_axis_rx_tready == ((state == S_DRAIN) ||
                                   ((state == S_RX) && !in_done && (walk_done || cnt <= 5'd8))));
    end
  end
  always @(posedge clk_i) begin
    cover (f_rst_seen && rst_ni && state == S_CTL && u_dma.rq_v && u_dma.rq_rdy);
    cover (f_rst_seen && rst_ni && state == S_DB_RD && u_csr.csr_pop_d);
    cover (f_rst_seen && rst_ni && pf_rd && spop && !u_csr.csr_pop_d);
    cover (f_rst_seen && rst_ni && state == S_WB && u_dma.rq_rdy);
  end
`endif
endmodule
`default_nettype wire
