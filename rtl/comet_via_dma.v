// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_dma: the DMA port of comet_via (see comet_via.v): the request stage that serves
// the walker, the control FSM and the prefetcher by a registered grant, the request register
// slice in front of the port, the read credits, and the response path (alignment of payload
// words, response and metadata FIFOs, the 2-entry skid and its registered head decode).
module comet_via_dma #(
  parameter int RSP_DEPTH = 32,
  localparam int IFW = $clog2(RSP_DEPTH) + 1,
  localparam int RAW = $clog2(RSP_DEPTH)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // DMA master port to host memory
  output wire           dma_req_valid_o,
  input  wire           dma_req_ready_i,
  output wire           dma_req_we_o,
  output wire [31:0]    dma_req_addr_o,
  output wire [63:0]    dma_req_wdata_o,
  output wire [7:0]     dma_req_wstrb_o,
  input  wire           dma_rsp_valid_i,
  input  wire [63:0]    dma_rsp_rdata_i,
  // walker: payload reads (send), chunk writes (receive)
  input  wire           w_v_i,       // request
  input  wire           w_rdv_i,     // a payload read request with a credit free (read credits)
  input  wire [31:3]    w_addr_i,
  input  wire [63:0]    w_wdata_i,
  input  wire [7:0]     w_wstrb_i,
  input  wire [5:0]     w_pa_i,      // {bytes-1, offset}
  input  wire [6:0]     w_meta_i,
  // control FSM: descriptor reads (S_CTL / S_SEG), status writes (S_WB / S_WBS)
  input  wire           fsm_v_i,
  input  wire           fsm_rdv_i,   // in S_CTL / S_SEG with words left (the read part of fsm_v_i)
  input  wire [31:0]    fsm_addr_i,
  input  wire [63:0]    st_data_i,   // {status word, length}
  input  wire           rqs_rx_i,    // state S_RX / S_WB / S_WBS (registered decodes)
  input  wire           rqs_wb_i,
  input  wire           rqs_wbs_i,
  input  wire [1:0]     vi_i,        // a receive's VI (S_WB)
  input  wire [1:0]     h_vi_i,      // the completion queue head's VI (S_WBS)
  input  wire           ctl_busy_i,  // the control FSM is in (or on the way to) a requesting state
  input  wire           ctl_cs_i,    // state S_CTL / S_SEG (takes its descriptor words)
  // prefetcher: descriptor reads
  input  wire           pf_v_i,
  input  wire [31:0]    pf_addr_i,
  input  wire [6:0]     pf_meta_i,
  input  wire           pf_chk_i,    // P_CHK (about to request)
  input  wire           pf_busy_i,   // P_CHK / P_ISS
  // acceptances by the request slice, per source
  output reg            w_acc_o,
  output reg            f_acc_o,
  output reg            pf_acc_o,
  output wire           if_room_o,   // a read credit is free
  output wire [IFW-1:0] inflight_o,
  // the port accepts a status write (completion events): its kind, VI and data
  output wire           dq_st_acc_o,
  output wire           dq_rk_o,
  output wire [1:0]     dq_vi_o,
  // response head: data, metadata, decode, the packer's pop
  input  wire           pk_pop_i,
  output wire [63:0]    rsp_data_o,
  output wire [5:0]     meta_o,
  output wire           rsp_pay_o,   // a payload word
  output wire           rsp_desc_o,  // a control FSM word
  output wire           rsp_pf_o,    // a prefetcher word
  output wire [1:0]     sk_cnt_o,
  // the head word's segment-length field against alim_i (see the S_CTL / S_SEG length check)
  input  wire [32:0]    alim_i,
  output wire           rsp_gt_o
);
  // byte masks of the n lowest bytes (per-byte compares: no wide subtract carry chain)
  function automatic [63:0] kmask64(input [3:0] n);
    integer b;
    for (b = 0; b < 8; b = b + 1) kmask64[8*b +: 8] = (n > 4'(b)) ? 8'hFF : 8'h00;
  endfunction
  localparam int SLEN_LSB = nic_pkg::VIA_SEG_HDR_LENGTH_LSB;

  reg [IFW-1:0] inflight_q, inflight_d, if_p1, if_m1;
  // DMA port grant (1 = walker, 0 = control FSM), a register (timing: no arbitration logic in
  // front of the port); a refused request keeps it
  reg        gnt_q, gnt_d;
  reg        fsel_q, fsel_d;   // control side of the DMA port: 0 = control FSM, 1 = prefetcher

  // response head as the consumers see it: the 2-entry skid (sk*) behind the FIFOs
  wire [63:0] rsp_data;
  reg         hv_np, hv_p, rsp_pop_x;
  reg  [6:0]  hm_p, hm_np;
  wire        fifo_v;    // FIFO output stages (response data + metadata)
  wire [63:0] fifo_data;
  wire [6:0]  fifo_meta;
  wire        fq_pop;    // FIFO -> skid move
  /* verilator lint_off UNUSEDSIGNAL */  // FIFO levels: credits (inflight_q) bound them
  wire [$clog2(RSP_DEPTH):0] rsp_count, meta_count;
  wire        rsp_s_ready, meta_s_ready;
  /* verilator lint_on UNUSEDSIGNAL */
  // timing: a payload word is aligned as it enters the response FIFO (moved down by its byte
  // offset, bytes beyond its count zeroed), so the packer only shifts it to its fill level.
  // pa_q keeps {count-1, offset} of every read in flight in request order (descriptor reads:
  // the whole word), pa_hd_q the entry of the next response
  reg [6*RSP_DEPTH-1:0] pa_q, pa_d;
  reg [RAW-1:0] pa_wp_q, pa_wp_d, pa_rp_q, pa_rp_d, pa_rp1;
  // timing: pa_rp1_q = pa_rp_q + 1, a register updated with pa_rp_q (no incrementer in front
  // of the head entry select)
  reg [RAW-1:0] pa_rp1_q, pa_rp1_d;
  // timing: the head is two registers, pa_hd_q = pa_q[pa_rp_q] and pa_nx_q = pa_q[pa_rp1_q]
  // (always, with the write-through of the entry written in the same cycle; asserted), so
  // the next head is pa_nx_q or pa_hd_q (one select by the late response valid and request
  // acceptance), and the 32-entry select (at pa_rp2_q = pa_rp_q + 2, a register) feeds pa_nx_q
  // only: the route from the entry registers to the alignment shifter has a register in it
  reg [RAW-1:0] pa_rp2_q, pa_rp2_d;
  reg [5:0]  pa_hd_q, pa_hd_d, pa_nx_q, pa_nx_d, pa_e1, pa_e2, pa_b1, pa_b2;
  reg        rd_acc;
  // a read accepted by the port writes its alignment entry (from the request slice, see u_dreq)
  wire       pa_we;
  wire [5:0] pa_wdata;
  wire [63:0] rsp_in = (dma_rsp_rdata_i >> {pa_hd_q[2:0], 3'b000}) &
                       kmask64({1'b0, pa_hd_q[5:3]} + 4'd1);
  // (WR_ON_PUSH: the RAM write enable does not wait for the packer's pop, see nic_fifo)
  nic_fifo #(.DEPTH(RSP_DEPTH), .WIDTH(64), .WR_ON_PUSH(1'b1)) u_rsp_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni), .s_valid_i(dma_rsp_valid_i), .s_ready_o(rsp_s_ready),
    .s_data_i(rsp_in), .m_valid_o(fifo_v), .m_ready_i(fq_pop), .m_data_o(fifo_data),
    .count_o(rsp_count),
    /* verilator lint_off PINCONNECTEMPTY */  // m_data_o is used, not its sources or the RAM level
    .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */);

  // metadata of every read, pushed when the read is issued (so valid whenever its response is):
  // {descriptor word, VI, last, n-1} (the offset is in pa_q); descriptor reads of the next send interleave with
  // the payload reads of the current one and the head entry says whose response is at the head
  /* verilator lint_off UNUSEDSIGNAL */
  wire        meta_v;
  /* verilator lint_on UNUSEDSIGNAL */
  wire        meta_push;   // (= pa_we, see u_dreq)
  wire [6:0]  meta_wdata;
  nic_fifo #(.DEPTH(RSP_DEPTH), .WIDTH(7)) u_meta_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni), .s_valid_i(meta_push), .s_ready_o(meta_s_ready),
    .s_data_i(meta_wdata), .m_valid_o(meta_v), .m_ready_i(fq_pop),
    .m_data_o(fifo_meta), .count_o(meta_count),
    /* verilator lint_off PINCONNECTEMPTY */  // m_data_o is used, not its sources or the RAM level
    .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */);
  // pipeline stage (timing): a 2-entry skid buffer between the response/metadata FIFOs and
  // their consumers (packer, control FSM, prefetcher drain). A word moves FIFO -> skid when the
  // skid holds fewer than 2 (a registered count: the FIFO pointers, RAM read and bypass do not
  // wait for the packer's tready / fill level); the consumers take the skid head. Costs
  // one cycle of response latency, no throughput (one word per cycle in and out). Read credits
  // (inflight_q) are returned when a word leaves the FIFO: the skid is extra storage.
  // timing: the two entries are a ring (write pointer sk_wp_q, head sk_rp_q): a word is written
  // only by fq_pop (registers), the consumers' pop moves the head pointer alone, so the pop
  // (behind the packer's tready and the FSM's decisions) does not drive the 142 data flops
  reg  [1:0]  sk_cnt_q, sk_cnt_d;
  reg         sk_wp_q, sk_wp_d, sk_rp_q, sk_rp_d;
  reg  [63:0] sk0_d_q, sk0_d_d, sk1_d_q, sk1_d_d;
  reg  [6:0]  sk0_m_q, sk0_m_d, sk1_m_q, sk1_m_d;
  // timing: the head's metadata and its decode (payload / control / prefetcher word) are
  // flops (hm_q, hpay_q, hdesc_q, hpf_q), loaded from the next cycle's ring state with the
  // consumers' late pop as the last select, so the packer's pops and the accumulator / count
  // selects start at a flop, not at the skid count and the head mux (FORMAL: equal to the
  // decode of the ring)
  reg  [5:0]  hm_q;
  reg  [5:0]  hm_d;
  reg         hpay_q, hpay_d, hdesc_q, hdesc_d, hpf_q, hpf_d;
  assign fq_pop   = fifo_v && !sk_cnt_q[1];
  assign rsp_data = sk_rp_q ? sk1_d_q : sk0_d_q;
  // each skid entry's segment-length field against alim_i (compare chains from registers, the
  // head select picks after them)
  wire [1:0]  sk_gt = {({1'b0, sk1_d_q[SLEN_LSB +: 32]} > alim_i), ({1'b0, sk0_d_q[SLEN_LSB +: 32]} > alim_i)};

  // a read credit is free (inflight_q <= RSP_DEPTH always, so only its top bit needs looking at)
  wire       if_room = !inflight_q[IFW-1];

  // DMA requests: control FSM (descriptor reads, status writes), prefetcher (descriptor reads)
  // and walker (payload reads, receive writes). The request stage rq_* serves the granted
  // source: gnt_q picks walker or control side, fsel_q picks FSM or prefetcher on the control
  // side (both registers). The grant for the next cycle goes to the other side after an
  // accepted request if both ask, to the only one that asks, and stays while a request is
  // refused (AXI hold). Requests persist until accepted.
  // timing: the request stage goes to the port through a register slice (u_dreq, 2 entries,
  // full rate): the sources see the slice's registered ready (rq_rdy), never dma_req_ready_i,
  // and the port's acceptance only drives the response bookkeeping (pa_*, metadata push) and
  // the completion events, from the slice's output registers. A request leaves one cycle
  // after the stage accepts it.
  reg        f_v, sel_w;
  reg        rq_v, rq_we;
  /* verilator lint_off UNUSEDSIGNAL */  // bits 2:0 are 0 (asserted under FORMAL); the slice carries 31:3
  reg [31:0] rq_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [63:0] rq_wdata;
  reg [7:0]  rq_wstrb;
  reg [5:0]  rq_pa;     // a read's {bytes-1, offset} (descriptor words: the whole word)
  reg [6:0]  rq_meta;   // a read's metadata (see u_meta_fifo)
  reg        rq_st, rq_rk;  // a status write; of a receive (else of a send)
  reg [1:0]  rq_vi;     // the status write's VI
  wire       rq_rdy;
  reg [31:0] f_addr;
  always @* begin
    f_v    = fsel_q ? pf_v_i : fsm_v_i;
    f_addr = fsel_q ? pf_addr_i : fsm_addr_i;
    sel_w = gnt_q;
    rq_v     = sel_w ? w_v_i : f_v;
    rq_st    = !sel_w && !fsel_q && (rqs_wb_i || rqs_wbs_i);
    rq_we    = sel_w ? rqs_rx_i : rq_st;  // (the control side writes only status words)
    rq_addr  = sel_w ? {w_addr_i, 3'b000} : f_addr;
    rq_wdata = 64'd0;
    rq_wstrb = 8'd0;
    rq_rk    = rqs_wb_i;
    rq_vi    = rqs_wb_i ? vi_i : h_vi_i;
    // a receive write: the ring read (its chunk bytes in their host lanes) with the strobes of
    // its bytes. timing: the data is the ring rotation by a register, selected by the grant
    // and the state only, not masked (no byte count or request valid in front of the 64 data
    // bits); unstrobed lanes carry other ring bytes, which the C model mirrors
    if (sel_w && rqs_rx_i) begin
      rq_wdata = w_wdata_i;
      rq_wstrb = w_wstrb_i;
    end else if (rq_st) begin
      rq_wdata = st_data_i;
      rq_wstrb = 8'hFF;
    end
    rq_pa   = sel_w ? w_pa_i : 6'b111_000;
    rq_meta = sel_w ? w_meta_i : (fsel_q ? pf_meta_i : 7'b10_00000);
  end

  // the request slice: {status write, of a receive, VI, metadata, alignment, we, address
  // [31:3], write data, strobes}
  localparam int DQW = 1 + 1 + 2 + 7 + 6 + 1 + 29 + 64 + 8;
  wire [DQW-1:0] dq_out;
  wire           dq_st, dq_rk;
  wire [1:0]     dq_vi;
  wire [6:0]     dq_meta;
  wire [5:0]     dq_pa;
  wire [28:0]    dq_addr;
  // (LOAD_ANY: the request valid, the deepest of the request signals, drives only the slice's
  // valid flops; the port's fields while dma_req_valid_o is 0 are the request stage's idle values)
  nic_axis_slice #(.WIDTH(DQW), .LOAD_ANY(1'b1)) u_dreq (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_valid_i(rq_v), .s_ready_o(rq_rdy),
    .s_data_i({rq_st, rq_rk, rq_vi, rq_meta, rq_pa, rq_we, rq_addr[31:3], rq_wdata, rq_wstrb}),
    .m_valid_o(dma_req_valid_o), .m_ready_i(dma_req_ready_i), .m_data_o(dq_out));
  assign {dq_st, dq_rk, dq_vi, dq_meta, dq_pa, dma_req_we_o, dq_addr, dma_req_wdata_o, dma_req_wstrb_o} = dq_out;
  assign dma_req_addr_o = {dq_addr, 3'b000};
  // the port accepts a read (response bookkeeping) / a status write (completion events)
  wire dq_acc    = dma_req_valid_o && dma_req_ready_i;
  wire dq_rd_acc = dq_acc && !dma_req_we_o;
  wire dq_st_acc = dq_acc && dq_st;
  // the alignment entry and the metadata of a read are written when the port accepts it, from
  // the slice's output registers (its response comes at least one cycle later)
  assign pa_we      = dq_rd_acc;
  assign pa_wdata   = dq_pa;
  assign meta_push  = dq_rd_acc;
  assign meta_wdata = dq_meta;

  integer k;
  always @* begin
    // timing: each source's acceptance (by the request slice) from its own request and the
    // grant registers only (= rq_v && rq_rdy and the grant), so that e.g. the walker's w_acc
    // does not wait for the control side's request logic (fsm_v / pf_v) through rq_v
    w_acc_o  = sel_w && w_v_i && rq_rdy;
    f_acc_o  = !sel_w && !fsel_q && fsm_v_i && rq_rdy;  // control FSM request accepted
    pf_acc_o = !sel_w && fsel_q && pf_v_i && rq_rdy;    // prefetcher request accepted
    gnt_d    = gnt_q;
    fsel_d   = fsel_q;

    // ---------------- DMA read credits / response metadata
    // timing: a read request accepted by the slice (= rq_v && rq_rdy && !rq_we), from the read
    // sources only: the walker outside S_RX, the control FSM in S_CTL / S_SEG, the prefetcher;
    // so the receive unpacker's write request is not in front of the read credits (asserted
    // under FORMAL). A credit is taken here, so reads in the slice count.
    rd_acc = rq_rdy &&
             (sel_w ? w_rdv_i : (fsel_q ? pf_v_i : (fsm_rdv_i && if_room)));
    // (the alignment entry and the metadata of a read: pa_we / meta_push, at u_dreq)

    // response alignment entries: written in request order, the head follows the responses
    pa_d = pa_q;
    for (k = 0; k < RSP_DEPTH; k = k + 1)
      if (pa_we && pa_wp_q == RAW'(k)) pa_d[6*k +: 6] = pa_wdata;
    pa_wp_d = pa_we ? pa_wp_q + 1'b1 : pa_wp_q;
    pa_rp_d = dma_rsp_valid_i ? pa_rp1_q : pa_rp_q;
    pa_rp1 = pa_rp1_q;
    pa_rp1_d = dma_rsp_valid_i ? pa_rp1_q + 1'b1 : pa_rp1_q;
    pa_rp2_d = dma_rsp_valid_i ? pa_rp2_q + 1'b1 : pa_rp2_q;
    pa_e1 = 6'd0;
    pa_e2 = 6'd0;
    for (k = 0; k < RSP_DEPTH; k = k + 1) begin
      if (pa_rp1 == RAW'(k)) pa_e1 = pa_q[6*k +: 6];
      if (pa_rp2_q == RAW'(k)) pa_e2 = pa_q[6*k +: 6];
    end
    // timing: the write-through (the entry written in this cycle lands at the next head / next
    // entry) built from registers for both outcomes of the late request acceptance pa_we, which
    // picks last (with the late response valid)
    pa_b1 = (pa_wp_q == pa_rp1) ? pa_wdata : pa_e1;
    pa_b2 = (pa_wp_q == pa_rp2_q) ? pa_wdata : pa_e2;
    pa_nx_d = pa_we ? (dma_rsp_valid_i ? pa_b2 : pa_b1) : (dma_rsp_valid_i ? pa_e2 : pa_e1);
    pa_hd_d = dma_rsp_valid_i ? ((pa_we && pa_wp_q == pa_rp1) ? pa_wdata : pa_nx_q)
                              : ((pa_we && pa_wp_q == pa_rp_q) ? pa_wdata : pa_hd_q);

    // read credits: +1 per accepted read, -1 when a word leaves the FIFO (timing: +1 / -1
    // from the flops, the late acceptance rd_acc only selects, as AND-OR terms)
    if_p1 = inflight_q + 1'b1;
    if_m1 = inflight_q - 1'b1;
    // (both outcomes of the late acceptance from registers and fq_pop, rd_acc picks last)
    inflight_d = rd_acc ? (fq_pop ? inflight_q : if_p1) : (fq_pop ? if_m1 : inflight_q);

    // response skid: the head leaves with rsp_pop_x (head pointer), the FIFO word enters with
    // fq_pop (the entry at the write pointer; a don't-care write while the skid is full is
    // not done: fq_pop needs a free entry)
    // timing: the consumers' pop written as one expression (the prefetcher takes every word it
    // owns, the control FSM every descriptor word in S_CTL / S_SEG, the packer its pop), not
    // through the FSM's case branches (asserted equal to their pops under FORMAL, comet_via)
    rsp_pop_x = hpf_q || (hdesc_q && ctl_cs_i) || pk_pop_i;
    sk_cnt_d = sk_cnt_q - 2'(rsp_pop_x) + 2'(fq_pop);
    sk_rp_d = sk_rp_q ^ rsp_pop_x;
    sk_wp_d = sk_wp_q ^ fq_pop;
    sk0_d_d = (fq_pop && !sk_wp_q) ? fifo_data : sk0_d_q;
    sk0_m_d = (fq_pop && !sk_wp_q) ? fifo_meta : sk0_m_q;
    sk1_d_d = (fq_pop && sk_wp_q) ? fifo_data : sk1_d_q;
    sk1_m_d = (fq_pop && sk_wp_q) ? fifo_meta : sk1_m_q;
    // the head of the next cycle: the entry at sk_rp_d (the other one after a pop), valid with
    // sk_cnt_d != 0; both outcomes of the late pop built from registers and fq_pop
    // (the head flags too: each built for both outcomes, the pop picks last)
    hm_p   = sk_rp_q ? sk0_m_d : sk1_m_d;
    hm_np  = sk_rp_q ? sk1_m_d : sk0_m_d;
    hm_d   = rsp_pop_x ? hm_p[5:0] : hm_np[5:0];
    hv_np  = sk_cnt_q != 2'd0 || fq_pop;                  // sk_cnt_d != 0 without a pop
    hv_p   = sk_cnt_q[1] || (sk_cnt_q[0] && fq_pop);      // with a pop (sk_cnt_q >= 1)
    hpay_d  = rsp_pop_x ? (hv_p && !hm_p[6]) : (hv_np && !hm_np[6]);
    hdesc_d = rsp_pop_x ? (hv_p && hm_p[6] && !hm_p[5]) : (hv_np && hm_np[6] && !hm_np[5]);
    hpf_d   = rsp_pop_x ? (hv_p && hm_p[6] && hm_p[5]) : (hv_np && hm_np[6] && hm_np[5]);

    // DMA grant for the next cycle; with no request now it goes to the control side if the FSM
    // or the prefetcher is in (or on the way to) a state that issues requests, else to the
    // walker (from their states: timing). On the control side the FSM goes first.
    if (!(rq_v && !rq_rdy)) begin
      if (w_v_i && (fsm_v_i || pf_v_i)) gnt_d = !gnt_q;
      else if (w_v_i) gnt_d = 1'b1;
      else if (fsm_v_i || pf_v_i) gnt_d = 1'b0;
      else gnt_d = !(ctl_busy_i || pf_busy_i);
      fsel_d = fsm_v_i ? 1'b0 : (pf_v_i || pf_chk_i);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      gnt_q <= 1'b0; fsel_q <= 1'b0;
      inflight_q <= '0;
      pa_q <= '0; pa_wp_q <= '0; pa_rp_q <= '0; pa_rp1_q <= RAW'(1); pa_rp2_q <= RAW'(2); pa_hd_q <= 6'd0;
      pa_nx_q <= 6'd0;
      hpay_q <= 1'b0; hdesc_q <= 1'b0; hpf_q <= 1'b0;
      sk_cnt_q <= 2'd0; sk_rp_q <= 1'b0; sk_wp_q <= 1'b0;
    end else begin
      gnt_q <= gnt_d; fsel_q <= fsel_d;
      inflight_q <= inflight_d;
      pa_q <= pa_d; pa_wp_q <= pa_wp_d; pa_rp_q <= pa_rp_d; pa_rp1_q <= pa_rp1_d; pa_rp2_q <= pa_rp2_d; pa_hd_q <= pa_hd_d;
      pa_nx_q <= pa_nx_d;
      hpay_q <= hpay_d; hdesc_q <= hdesc_d; hpf_q <= hpf_d;
      sk_cnt_q <= sk_cnt_d; sk_rp_q <= sk_rp_d; sk_wp_q <= sk_wp_d;
    end
  end
  always @(posedge clk_i) begin  // skid data: no reset (don't-care while not held)
    sk0_d_q <= sk0_d_d; sk0_m_q <= sk0_m_d; sk1_d_q <= sk1_d_d; sk1_m_q <= sk1_m_d; hm_q <= hm_d;
  end

  assign if_room_o   = if_room;
  assign inflight_o  = inflight_q;
  assign dq_st_acc_o = dq_st_acc;
  assign dq_rk_o     = dq_rk;
  assign dq_vi_o     = dq_vi;
  assign rsp_data_o  = rsp_data;
  assign meta_o      = hm_q;  // (bit 6: in hpay_q / hdesc_q / hpf_q)
  assign rsp_pay_o   = hpay_q;
  assign rsp_desc_o  = hdesc_q;
  assign rsp_pf_o    = hpf_q;
  assign sk_cnt_o    = sk_cnt_q;
  assign rsp_gt_o    = sk_rp_q ? sk_gt[1] : sk_gt[0];

`ifdef FORMAL
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  integer f_i;
  wire [6:0] f_hm = sk_rp_q ? sk1_m_q : sk0_m_q;  // the skid head's metadata
  // a request accepted by the request slice (reference of the per-source acceptances)
  wire f_dma_acc = rq_v && rq_rdy;
  always @* begin
    if (f_rst_seen) begin
      assert (inflight_q <= IFW'(RSP_DEPTH));
      // a read request accepted: the read-source form equals its definition
      assert (rd_acc == (f_dma_acc && !rq_we));
      // a status write is the control FSM's write in S_WB / S_WBS
      if (rq_st) assert (rq_v == fsm_v_i && rq_we && rq_wstrb == 8'hFF);
      if (dq_st) assert (dma_req_we_o);
      assert (sk_cnt_q <= 2'd2);
      // the registered skid head decode equals the decode of the ring
      if (sk_cnt_q != 2'd0) assert (hm_q == (sk_rp_q ? sk1_m_q[5:0] : sk0_m_q[5:0]));
      assert (hpay_q == (sk_cnt_q != 2'd0 && !f_hm[6]) && hdesc_q == (sk_cnt_q != 2'd0 && f_hm[6] && !f_hm[5]) &&
              hpf_q == (sk_cnt_q != 2'd0 && f_hm[6] && f_hm[5]));
      assert (sk_wp_q == (sk_rp_q ^ (sk_cnt_q == 2'd1)));
      assert ((sk_rp_q ? sk_gt[1] : sk_gt[0]) == ({1'b0, rsp_data[SLEN_LSB +: 32]} > alim_i));
      if (rq_v) assert (rq_addr[2:0] == 3'd0);
      assert (pa_rp1_q == pa_rp_q + 1'b1 && pa_rp2_q == pa_rp_q + RAW'(2));
      // the response alignment head and next entry equal the entries they stand for
      assert (pa_hd_q == pa_q[6*pa_rp_q +: 6] && pa_nx_q == pa_q[6*pa_rp1_q +: 6]);
      // the response alignment head with the write-through picked by pa_we last
      assert (pa_hd_d == (dma_rsp_valid_i ? ((pa_we && pa_wp_q == pa_rp1) ? pa_wdata : pa_e1)
                                          : ((pa_we && pa_wp_q == pa_rp_q) ? pa_wdata : pa_q[6*pa_rp_q +: 6])));
      assert (w_acc_o == (f_dma_acc && sel_w) && f_acc_o == (f_dma_acc && !sel_w && !fsel_q) &&
              pf_acc_o == (f_dma_acc && !sel_w && fsel_q));
    end
  end
  reg [63:0] f_rq_wdata_q = 64'd0;  // the request stage's write data one cycle ago
  always @(posedge clk_i) f_rq_wdata_q <= rq_wdata;
  always @(posedge clk_i) begin
    // a request refused by the slice is held unchanged (the grant stays with it)
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni && $past(rq_v && !rq_rdy)) begin
      assert (rq_v);
      assert (rq_we == $past(rq_we) && rq_addr == $past(rq_addr) && rq_wstrb == $past(rq_wstrb) &&
              rq_st == $past(rq_st));
      // (the write data of the strobed lanes; a receive write's other lanes may change)
      for (f_i = 0; f_i < 8; f_i = f_i + 1)
        if (rq_wstrb[f_i]) assert (rq_wdata[8*f_i +: 8] == f_rq_wdata_q[8*f_i +: 8]);
      // (the fields a request uses: alignment and metadata of a read, kind and VI of a status write)
      if (!rq_we) assert (rq_pa == $past(rq_pa) && rq_meta == $past(rq_meta));
      if (rq_st) assert (rq_rk == $past(rq_rk) && rq_vi == $past(rq_vi));
    end
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni &&
        $past(dma_req_valid_o && !dma_req_ready_i)) begin
      assert (dma_req_valid_o);
      assert (dma_req_we_o == $past(dma_req_we_o));
      assert (dma_req_addr_o == $past(dma_req_addr_o));
      assert (dma_req_wdata_o == $past(dma_req_wdata_o));
      assert (dma_req_wstrb_o == $past(dma_req_wstrb_o));
    end
    cover (f_rst_seen && rst_ni && dq_st_acc);
  end
`endif
endmodule
`default_nettype wire
