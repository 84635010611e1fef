// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_ctl: the control FSM of comet_via (see comet_via.v). It picks the next job (a send
// completion's status write, a receive, or the oldest prefetched send descriptor), fetches and
// checks a receive's descriptor (doorbell pop, control words, segment words into the segment
// RAM), checks a send's, starts the segment walker, queues send completions, and writes a
// receive's status; its DMA requests (descriptor reads, status writes) go to comet_via_dma.
module comet_via_ctl #(
  parameter int NUM_DB   = 8,
  parameter int MAX_SEGS = 16,
  parameter int RSP_DEPTH = 32,
  localparam int NUM_VI = (NUM_DB - 2) / 2,
  localparam int SAW    = $clog2(MAX_SEGS),
  localparam int IFW    = $clog2(RSP_DEPTH) + 1,
  localparam int CQD    = 4
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // CSRs
  input  wire [31:0]    limit_i,
  input  wire [32:0]    lm32_i, lm48_i,
  input  wire           en_i, spop_i,  // CTRL.EN; a SYS_POP read is acted on (the doorbell pop waits)
  input  wire [NUM_DB-1:0] dne_i,      // doorbell not empty
  input  wire [31:0]    db_rd_data_i,
  // receive stream (the request: valid, tuser; tlast to drain)
  input  wire           rx_tvalid_i, rx_tlast_i,
  input  wire [1:0]     rx_tuser_i,
  input  wire           rx_beat_i,     // tvalid && tready
  // the oldest prefetch slot (comet_via_pf)
  input  wire [31:0]    t_desc_i, t_len_i, t_sa_i, t_sum0_i,
  input  wire [15:0]    t_segcnt_i,
  input  wire [1:0]     t_vi_i,
  input  wire           t_spec_i, t_aerr_i, t_e1_i, t_e2_i, t_rdy_i,
  input  wire [2:0]     s_cnt_i,       // prefetch slots in use
  input  wire           pf_idle_i,     // prefetcher in P_IDLE
  // completion queue head (comet_via_cq)
  input  wire [2:0]     cq_cnt_i, cd_cnt_i,
  input  wire           h_nd_i,
  input  wire [31:0]    h_swa_i,
  input  wire [15:0]    h_len_i,
  input  wire [2:0]     h_err_i,
  input  wire [3:0]     h_code_i,
  // DMA port (comet_via_dma)
  input  wire           if_room_i, f_acc_i, w_acc_i,
  input  wire           rsp_desc_i,    // the response head is a control FSM word
  input  wire [63:0]    rsp_data_i,
  input  wire           rsp_gt_i,      // its segment-length field > alim_o
  input  wire [IFW-1:0] inflight_i,
  input  wire [1:0]     sk_cnt_i,
  // packer / walker / unpacker
  input  wire [4:0]     cnt_i,
  input  wire           in_done_i, w_act_i, walk_done_i,
  input  wire           sw0_i, rxnz_i, // segment 0's RAM write is pending; unpacker bytes waiting (S_RX)
  input  wire [3:0]     rx_n_i,        // the unpacker's chunk bytes
  // state
  output wire [3:0]     state_o,
  output wire           op_rx_o, prio_rx_o, has_desc_o,
  output wire [1:0]     vi_o,
  output wire [31:0]    desc_o,
  output wire [15:0]    len_o,         // send Length (its low bits: the completion's)
  output wire [SAW:0]   segcnt_o,
  output wire           rqs_rx_o, rqs_wb_o, rqs_wbs_o,  // registered decodes of S_RX / S_WB / S_WBS
  output wire           rx_turn_o, rx_active_o,
  output wire           pf_take_o, dbrd_o,  // the oldest prefetch slot is taken; S_DB_RD (doorbell pop)
  // segment RAM write (comet_via_walk) and walker start
  output reg            seg_we_o,
  output reg [SAW-1:0]  seg_waddr_o,
  output reg [15:0]     seg_wl_o,      // the segment's length
  output wire [31:0]    sa_o,          // its address
  output reg            w_start_o,
  output wire           seg0_rd_o,     // a state that may start the walker (segment 0 read)
  // completion queue
  output reg            cq_push_o, cq_pop_o,
  output reg [2:0]      cq_pc_o,       // the error bits a push has in this state
  // DMA requests
  output reg            fsm_v_o,
  output wire           fsm_rdv_o,     // S_CTL / S_SEG with words left to request
  output reg [31:0]     fsm_addr_o,
  output wire [63:0]    st_data_o,     // status write {status word, length}
  output wire [32:0]    alim_o,
  output wire           ctl_busy_o, ctl_cs_o,  // in (or on the way to) a requesting state; S_CTL / S_SEG
  // counter events
  output reg            ev_badvi_o, ev_nodesc_o, ev_daddr_o,
  // s_axis_rx_tready outside S_RX: the next state is S_DRAIN or S_RX
  output reg            rdy_nx_o
);
  localparam logic [3:0] S_IDLE = 4'd0, S_DB_RD = 4'd1, S_DB_WAIT = 4'd2, S_CTL = 4'd3,
                         S_SEG = 4'd4, S_TXQ = 4'd5, S_WBS = 4'd6, S_RX = 4'd7,
                         S_DRAIN = 4'd8, S_WB = 4'd9, S_DB_CHK = 4'd10;
  // descriptor fields (formats/via_desc_header.csv, via_seg_header.csv)
  localparam int SEGCNT_LSB = nic_pkg::VIA_DESC_HDR_SEG_COUNT_LSB;
  localparam int LEN_LSB    = nic_pkg::VIA_DESC_HDR_LENGTH_LSB;
  localparam logic [31:0] CTL_W1 = 32'(8 * nic_pkg::VIA_DESC_HDR_SEG_COUNT_WORD);
  localparam logic [31:0] CTL_W3 = 32'(8 * nic_pkg::VIA_DESC_HDR_LENGTH_WORD);
  localparam int SADDR_LSB  = nic_pkg::VIA_SEG_HDR_ADDR_LSB;
  localparam int SLEN_LSB   = nic_pkg::VIA_SEG_HDR_LENGTH_LSB;

  // the control checks of a SegCount / send Length value
  function automatic sc_bad(input [15:0] n);
    sc_bad = (n == 16'd0) || (n > 16'(MAX_SEGS));
  endfunction
  function automatic ln_bad(input [31:0] n);
    ln_bad = (n == 32'd0) || (n[31:16] != 16'd0);
  endfunction

  // ------------------------------------------------------------------ state
  reg [3:0]  state_q, state_d;
  // timing: the DMA request stage's copies of the state decode (rqs_rx_q = S_RX, rqs_wb_q =
  // S_WB, rqs_wbs_q = S_WBS; registered from state_d, asserted equal), so the request fields
  // and the status word start at flops of their own, not at the FSM state's decode, a net
  // with hundreds of loads across the die
  reg        rqs_rx_q, rqs_rx_d, rqs_wb_q, rqs_wb_d, rqs_wbs_q, rqs_wbs_d;
  // timing: the control request address desc_q + offset (offset < 512) as a carry select: a
  // 6-bit add of desc_q[8:3] and the offset's words, whose carry picks desc_q[31:9] or
  // dinc_q = desc_q[31:9] + 1 (kept from S_DB_CHK / the S_IDLE take on, asserted where used)
  reg [22:0] dinc_q, dinc_d;
  reg [5:0]  fa_off, fa_lo;
  reg        fa_c;
  reg        op_rx_q, op_rx_d;
  reg [1:0]  vi_q, vi_d;
  reg        prio_rx_q, prio_rx_d;
  reg [31:0] desc_q, desc_d;
  reg [15:0] segcnt_q, segcnt_d;
  // timing: segment list beyond HOST_LIMIT, registered from desc/SegCount/limit every cycle
  // (SegCount is taken at least two cycles before the control checks use it)
  reg        ctl_aerr_q, ctl_aerr_d;
  // timing: the SegCount and send Length range checks of S_CTL, registered next to segcnt_q /
  // len_q from the value written (sc_bad_q = SegCount 0 or > MAX_SEGS, ln_bad_q = Length 0 or
  // > 65535; asserted), so the control checks -> completion queue push start at flops
  reg        sc_bad_q, sc_bad_d, ln_bad_q, ln_bad_d;
  reg [31:0] len_q, len_d;
  reg [3:0]  err_q, err_d;      // {TRUNC, ADDRESS, LENGTH, FORMAT}
  reg        has_desc_q, has_desc_d;
  reg [5:0]  req_idx_q, req_idx_d, rsp_idx_q, rsp_idx_d;
  reg [31:0] sum_q, sum_d;
  reg        spec_q, spec_d;    // segment 0 fetched with the control segment
  reg        seghi_q, seghi_d;  // fetched segment's address bits 63:32 non-zero
  reg [31:0] sa_q, sa_d;        // fetched segment's address (until its length word)
  reg [32:0] alim_q, alim_d;    // HOST_LIMIT - sa (33-bit, bit 32: the address is beyond it)
  reg [31:0] xfer_q, xfer_d;
  // timing: the receive byte count adds each accepted write's bytes one cycle later (xa_q), so
  // the late write acceptance drives 4 flops, not the 32-bit adder's enables; S_WB comes at
  // least two cycles after the last write, so xfer_q is complete there (asserted: xa_q is 0
  // outside S_RX)
  reg [3:0]  xa_q, xa_d;
  // timing: the receive descriptor address check of S_DB_CHK goes into a register; S_DB_CHK
  // always moves to S_CTL and a bad address is acted on in S_CTL's first cycle (1 in no other
  // cycle; S_CTL issues no read then: fsm_more_q = 0)
  reg        dbad_q, dbad_d;
  // timing: a prefetched descriptor's segment 0 is written into the segment RAM in S_CTL's
  // first cycle from sa_q / sum_q (registered from the slot when S_IDLE takes it), not from
  // the slot mux in S_IDLE (the walker reads it at least two cycles later either way)
  reg        seg0w_q, seg0w_d;
  // timing: the control FSM's "descriptor words left to request" (S_CTL: req_idx_q < 2 or 4,
  // S_SEG: req_idx_q < 2 * SegCount), registered from the next-state values
  reg        fsm_more_q, fsm_more_d, fsm_more1;
  // timing: rdn_q = every descriptor word of the state taken, i.e. rsp_idx_q == fsm_lim (S_CTL:
  // 4 or 2, S_SEG: 2 * SegCount), registered (asserted in S_CTL / S_SEG; a don't-care elsewhere),
  // so the FSM's decisions at the end of S_CTL / S_SEG start at a flop, not a 6-bit compare
  reg        rdn_q, rdn_d, rdn1;
  reg [5:0]  fsm_lim;

  // status word / length written back: S_WBS from the queue head, S_WB (receive) from registers
  wire        wbs    = rqs_wbs_q;
  wire [3:0]  c_err  = wbs ? {1'b0, h_err_i} : err_q;
  wire [3:0]  c_code = wbs ? h_code_i : 4'd0;
  wire [31:0] status_word = {20'd0, c_code, 2'b00, c_err[3], (c_code != 4'd0), c_err[2:0], 1'b1};
  // timing: a send completion's length is stored as 0 when it has error bits (cq_len, at the
  // push), so the head's length needs no error compare behind the completion queue head mux
  wire [31:0] wb_len = wbs ? {16'd0, h_len_i} : ((err_q[2:0] != 3'd0) ? 32'd0 : xfer_q);

  reg        any_sdb, tx_turn, rx_turn, rx_active, take, tx_idle, cq_rdy;
  reg [NUM_VI-1:0] sdb_ne;
  reg [3:0]  rdb_ne;  // indexed by s_axis_rx_tuser (entries >= NUM_VI stay 0)
  /* verilator lint_off UNUSEDSIGNAL */  // FORMAL references: a push's error bits (cq_pc is
  // checked against them), the doorbell pop as the states set it, the response head's pop
  reg [2:0]  cq_perr;
  reg        eng_re, rsp_pop;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [3:0]  seg_err, ctl_err;
  reg [31:0] seglen;
  integer    i;

  // ------------------------------------------------------------------ turns and requests
  always @* begin
    // per-VI doorbell non-empty flags (timing: no variable index * DBCW in front of a compare)
    sdb_ne = '0;
    rdb_ne = 4'd0;
    for (i = 0; i < NUM_VI; i = i + 1) begin
      sdb_ne[i] = dne_i[2 + 2 * i];
      rdb_ne[i] = dne_i[3 + 2 * i];
    end
    any_sdb = (sdb_ne != '0);
    // send/receive turns (prio_rx_q alternates them); the prefetcher starts no new descriptor
    // while it is the receive's turn or a receive runs, so the send side drains for it
    tx_turn   = en_i && (any_sdb || s_cnt_i != 3'd0) && (cq_cnt_i != 3'(CQD));
    rx_turn   = en_i && rx_tvalid_i && (!tx_turn || prio_rx_q);
    rx_active = op_rx_q && !(state_q == S_IDLE || state_q == S_WBS);
    take      = en_i && t_rdy_i && (cq_cnt_i != 3'(CQD));
    cq_rdy    = (cq_cnt_i != 3'd0) && (!h_nd_i || cd_cnt_i != 3'd0);
    tx_idle   = !w_act_i && (inflight_i == '0) && (sk_cnt_i == 2'd0) && (cnt_i == 5'd0) && !in_done_i && pf_idle_i;

    fsm_v_o = 1'b0;
    case (state_q)
      S_CTL, S_SEG: fsm_v_o = fsm_more_q && if_room_i;  // S_CTL: words 1 and 3, then (speculatively) segment 0
      S_WB, S_WBS:  fsm_v_o = 1'b1;
      default: ;
    endcase
    // the address (see dinc_q): S_CTL ctl_addr(desc_q, req_idx_q), S_SEG desc_q + 32 +
    // 8 * req_idx_q, S_WB desc_q + CTL_W3, S_WBS the completion queue head's status word
    // (the entry holds its status word's address, see comet_via_cq), 0 in the other states
    case (req_idx_q[1:0])
      2'd0: fa_off = CTL_W1[8:3];
      2'd1: fa_off = CTL_W3[8:3];
      2'd2: fa_off = 6'd4;
      default: fa_off = 6'd5;
    endcase
    if (state_q == S_SEG) fa_off = req_idx_q + 6'd4;  // (req_idx_q <= 2 * MAX_SEGS in S_SEG)
    else if (state_q != S_CTL) fa_off = CTL_W3[8:3];
    {fa_c, fa_lo} = {1'b0, desc_q[8:3]} + {1'b0, fa_off};
    fsm_addr_o = ({32{state_q == S_CTL || state_q == S_SEG || state_q == S_WB}} &
                  {fa_c ? dinc_q : desc_q[31:9], fa_lo, desc_q[2:0]}) |
                 ({32{rqs_wbs_q}} & h_swa_i);
  end

  // ------------------------------------------------------------------ control FSM
  always @* begin
    state_d = state_q; op_rx_d = op_rx_q; vi_d = vi_q; prio_rx_d = prio_rx_q;
    desc_d = desc_q; segcnt_d = segcnt_q; len_d = len_q; err_d = err_q; sc_bad_d = sc_bad_q; ln_bad_d = ln_bad_q;
    has_desc_d = has_desc_q; sa_d = sa_q; alim_d = alim_q;
    ctl_aerr_d = ({1'b0, desc_q} + 33'd32 + {13'd0, segcnt_q, 4'd0} > {1'b0, limit_i});
    cq_push_o = 1'b0; cq_pop_o = 1'b0; w_start_o = 1'b0; cq_perr = 3'd0; seg_err = 4'd0;
    req_idx_d = req_idx_q; rsp_idx_d = rsp_idx_q;
    sum_d = sum_q; spec_d = spec_q; seghi_d = seghi_q;
    xfer_d = xfer_q; xa_d = 4'd0;
    seg_we_o = 1'b0; seg_waddr_o = '0; seg_wl_o = 16'd0;
    rsp_pop = 1'b0; eng_re = 1'b0;
    ev_badvi_o = 1'b0; ev_nodesc_o = 1'b0; ev_daddr_o = 1'b0;
    seglen = 32'd0; ctl_err = 4'd0;
    dbad_d = 1'b0;
    seg0w_d = 1'b0;
    case (state_q)
      S_IDLE: begin
        // timing: the wide descriptor registers take the oldest prefetched send descriptor in
        // every S_IDLE cycle, so their enables are the state, not the late take decision below
        // (completion first, turns, take). They are don't-cares until a take: nothing reads them
        // in S_IDLE / S_WBS / S_DRAIN, and a receive loads each before its use (desc_q in
        // S_DB_WAIT, sum_q in S_DB_CHK, segcnt_q / len_q / sa_q from its words in S_CTL / S_SEG)
        desc_d = t_desc_i;
        segcnt_d = t_segcnt_i;
        len_d = t_len_i;
        sc_bad_d = sc_bad(t_segcnt_i);
        ln_bad_d = ln_bad(t_len_i);
        sa_d = t_sa_i;
        sum_d = t_spec_i ? t_sum0_i : 32'd0;
        // the same for the control registers a take sets that no port shows (the error bits,
        // the word indices, spec, the address check): their enables are the state alone; a
        // receive sets each again in S_DB_CHK, S_WBS / S_DRAIN from here use none of them
        spec_d = t_spec_i;
        ctl_aerr_d = t_aerr_i;
        err_d = t_spec_i ? {1'b0, t_e2_i, t_e1_i, 1'b0} : 4'd0;
        req_idx_d = t_spec_i ? 6'd4 : 6'd2;
        rsp_idx_d = t_spec_i ? 6'd4 : 6'd2;
        if (cq_rdy) state_d = S_WBS;  // a send completion first
        else if (rx_turn) begin
          if (tx_idle) begin  // a receive waits until the send side has drained
            prio_rx_d = 1'b0;
            op_rx_d = 1'b1;
            vi_d = rx_tuser_i;
            has_desc_d = 1'b0;
            if ({30'd0, rx_tuser_i} >= NUM_VI) begin
              ev_badvi_o = 1'b1;
              state_d = S_DRAIN;
            end else if (!rdb_ne[rx_tuser_i]) begin
              ev_nodesc_o = 1'b1;
              state_d = S_DRAIN;
            end else begin
              state_d = S_DB_RD;
            end
          end
        end else if (take) begin
          // the oldest prefetched send descriptor (every word arrived): into the control
          // registers as if S_CTL had fetched it; S_CTL then checks it (the prefetcher frees
          // its slot: pf_take_o)
          prio_rx_d = 1'b1;
          op_rx_d = 1'b0;
          vi_d = t_vi_i;
          has_desc_d = 1'b1;
          // (desc_q, segcnt_q, len_q, sc_bad_q, ln_bad_q, sa_q, sum_q, spec_q, ctl_aerr_q, err_q,
          // req_idx_q, rsp_idx_q: loaded above)
          if (t_spec_i) seg0w_d = 1'b1;  // written in S_CTL's first cycle (see seg0w_q)
          state_d = S_CTL;
        end
      end
      S_DB_RD: begin  // (waits while a SYS_POP read is acted on, ring empty or not: spop_i)
        if (!spop_i) begin
          eng_re = 1'b1;
          state_d = S_DB_WAIT;
        end
      end
      S_DB_WAIT: begin  // timing: the doorbell RAM output goes into a register first
        desc_d = db_rd_data_i;
        state_d = S_DB_CHK;
      end
      S_DB_CHK: begin  // (receives) the address check is registered, acted on in S_CTL
        spec_d = comet_via_pkg::spec_fits_m(desc_q, lm48_i);
        sum_d = 32'd0;
        err_d = 4'd0;
        req_idx_d = 6'd0;
        rsp_idx_d = 6'd0;
        dbad_d = comet_via_pkg::daddr_bad_m(desc_q, lm32_i);
        has_desc_d = 1'b1;
        state_d = S_CTL;
      end
      S_CTL, S_SEG: begin
        if (f_acc_i) req_idx_d = req_idx_q + 1'b1;
        if (rsp_desc_i) begin
          rsp_pop = 1'b1;
          rsp_idx_d = rsp_idx_q + 1'b1;
        end
        if (rsp_desc_i && state_q == S_CTL && !rsp_idx_q[1]) begin
          if (!rsp_idx_q[0]) begin
            segcnt_d = rsp_data_i[SEGCNT_LSB +: 16];
            sc_bad_d = sc_bad(rsp_data_i[SEGCNT_LSB +: 16]);
          end else begin
            len_d = rsp_data_i[LEN_LSB +: 32];
            ln_bad_d = ln_bad(rsp_data_i[LEN_LSB +: 32]);
          end
        end else if (rsp_desc_i) begin
          // segment words (segment 0 may come in CTL: speculative fetch)
          if (!rsp_idx_q[0]) begin
            sa_d = rsp_data_i[SADDR_LSB +: 32];
            seghi_d = (rsp_data_i[SADDR_LSB + 32 +: 32] != 32'd0);
            // timing: HOST_LIMIT - address, for the length word's range check (one compare
            // behind the response head there, not an add and a compare)
            alim_d = {1'b0, limit_i} - {1'b0, rsp_data_i[SADDR_LSB +: 32]};
          end else begin
            seglen = rsp_data_i[SLEN_LSB +: 32];
            sum_d = sum_q + seglen;
            if (seglen == 32'd0 || seglen[31:16] != 16'd0) err_d[1] = 1'b1;
            // address + length > HOST_LIMIT (the limit as of the address word)
            // (timing: seglen > alim_q compared for both skid entries from their registers,
            // rsp_gt_i, the head select picks after the compare chains)
            if (seghi_q || alim_q[32] || rsp_gt_i) err_d[2] = 1'b1;
            seg_we_o = 1'b1;
            seg_waddr_o = (state_q == S_CTL) ? '0 : rsp_idx_q[SAW:1];
          end
        end
        if (seg0w_q) begin  // S_CTL's first cycle after S_IDLE took a prefetched segment 0
          seg_we_o = 1'b1;
          seg_waddr_o = '0;
        end
        // (one first_chunk for both writers, its length operand picked by a register)
        // timing: the response word's length field straight from the skid head (= seglen of a
        // segment-length word; the data is a don't-care without seg_we): no rsp_desc / rsp_idx
        // decode in front of first_chunk
        seg_wl_o = seg0w_q ? sum_q[15:0] : rsp_data_i[SLEN_LSB +: 16];
        if (state_q == S_CTL && rdn_q) begin  // (rdn_q: rsp_idx_q == 4 or 2)
          // control checks; segment 0 errors count only when these pass
          ctl_err = 4'd0;
          if (sc_bad_q) ctl_err[0] = 1'b1;
          if (!op_rx_q && ln_bad_q) ctl_err[1] = 1'b1;
          if (ctl_aerr_q) ctl_err[2] = 1'b1;
          req_idx_d = spec_q ? 6'd2 : 6'd0;
          rsp_idx_d = spec_q ? 6'd2 : 6'd0;
          if (ctl_err != 4'd0) begin
            err_d = ctl_err;
            if (op_rx_q) state_d = S_DRAIN;
            else begin  // send: error completion, in order behind the queued sends
              cq_push_o = 1'b1;
              cq_perr = ctl_err[2:0];
              state_d = S_IDLE;
            end
          end else state_d = S_SEG;
        end
        if (dbad_q) begin  // S_CTL's first cycle after a bad S_DB_CHK address (nothing issued)
          ev_daddr_o = 1'b1;
          has_desc_d = 1'b0;
          state_d = op_rx_q ? S_DRAIN : S_IDLE;
        end
        if (state_q == S_SEG && rdn_q && !(op_rx_q && sw0_i)) begin  // (rsp_idx_q == 2 * SegCount)
          // every segment word has been taken (none is taken in this cycle): the errors are
          // err_q plus the send Length sum check (timing: registers only). A receive waits
          // while segment 0's write is pending (sw0_i: the walker's start reads it at once; only
          // when segment 0 came in S_SEG, i.e. HOST_LIMIT was raised after S_DB_CHK)
          // (timing: a receive decides on err_q alone, so the 32-bit sum compare of the send
          // check is not in front of the walker start)
          seg_err = err_q | {2'b00, !op_rx_q && (sum_q != len_q), 1'b0};
          err_d = seg_err;
          if (op_rx_q) begin
            if (err_q != 4'd0) state_d = S_DRAIN;
            else begin
              // receive: start the walker on this descriptor (the send side is idle: the packer
              // is empty)
              w_start_o = 1'b1;
              xfer_d = 32'd0;
              state_d = S_RX;
            end
          end else if (seg_err != 4'd0) begin
            cq_push_o = 1'b1;
            cq_perr = seg_err[2:0];
            state_d = S_IDLE;
          end else state_d = S_TXQ;
        end
      end
      S_TXQ: begin
        // hand the checked send descriptor to the walker once it is free (or issues nothing
        // more: walk_done_i, its last cycle)
        if (!w_act_i || walk_done_i) begin
          w_start_o = 1'b1;
          cq_push_o = 1'b1;
          state_d = S_IDLE;
        end
      end
      S_RX: begin
        // (the byte unpacker is comet_via_walk's) the received byte count
        // timing: both outcomes of the (late) write acceptance are built in parallel
        xa_d = w_acc_i ? rx_n_i : 4'd0;
        xfer_d = xfer_q + {28'd0, xa_q};
        // every buffer byte written: the rest of the message is discarded (TRUNC)
        if (walk_done_i && (rxnz_i || rx_beat_i)) err_d[3] = 1'b1;
        if (in_done_i && !rxnz_i) state_d = S_WB;
      end
      S_DRAIN: begin
        if (rx_tvalid_i && rx_tlast_i) state_d = has_desc_q ? S_WB : S_IDLE;
      end
      S_WB: begin  // receive status (its events when the port takes it: comet_via_csr)
        if (f_acc_i) state_d = S_IDLE;
      end
      S_WBS: begin  // send status from the completion queue head (events: comet_via_csr)
        if (f_acc_i) begin
          state_d = S_IDLE;
          cq_pop_o = 1'b1;
        end
      end
      default: state_d = S_IDLE;
    endcase
  end

  // ------------------------------------------------------------------ registered decodes
  always @* begin
    // the completion error bits (see comet_via_cq)
    // timing: the error bits the entry takes are those a push would have in this state (cq_pc:
    // S_CTL's check errors, S_SEG's segment errors, 0 in S_TXQ; asserted equal to cq_perr with
    // every push), from registers and the state only, not behind the push conditions (the
    // response index compares, dbad_q); without a push the entry's fields are never used
    // (S_CTL / S_SEG push for sends only, so the checks' !op_rx_q terms are left out)
    cq_pc_o = 3'd0;
    if (state_q == S_CTL) cq_pc_o = {ctl_aerr_q, ln_bad_q, sc_bad_q};
    else if (state_q == S_SEG) cq_pc_o = err_q[2:0] | {1'b0, sum_q != len_q, 1'b0};

    // (only its value in S_CTL / S_SEG matters: it is built per current state so that the late
    // request acceptance f_acc only picks between "one more word issued" and not)
    fsm_lim = (state_q == S_CTL) ? (spec_q ? 6'd4 : 6'd2) : 6'({segcnt_q[SAW:0], 1'b0});
    fsm_more1 = (req_idx_q + 6'd1 < fsm_lim);
    // rdn_q for the next cycle (see there): per current state, the late response pop picks
    rdn1 = (rsp_idx_q + 6'd1 == fsm_lim);
    case (state_q)
      S_IDLE:   rdn_d = 1'b1;  // a take enters S_CTL with every word in (rsp_idx_d = 4 or 2)
      S_DB_CHK: rdn_d = 1'b0;  // -> S_CTL with rsp_idx_d = 0
      S_CTL:    rdn_d = rdn_q ? (6'(spec_q ? 2 : 0) == 6'({segcnt_q[SAW:0], 1'b0}))  // -> S_SEG
                              : (rsp_desc_i && rdn1);
      S_SEG:    rdn_d = rsp_desc_i ? rdn1 : rdn_q;
      default:  rdn_d = 1'b0;
    endcase
    case (state_q)
      S_DB_CHK: fsm_more_d = !dbad_d;  // -> S_CTL with req_idx 0 (S_IDLE -> S_CTL: all prefetched)
      S_CTL:    fsm_more_d = rdn_q  // checks: -> S_SEG
                             ? ((spec_q ? 6'd2 : 6'd0) < 6'({segcnt_q[SAW:0], 1'b0}))
                             : (f_acc_i ? fsm_more1 : fsm_more_q);
      S_SEG:    fsm_more_d = f_acc_i ? fsm_more1 : fsm_more_q;
      default:  fsm_more_d = 1'b0;
    endcase

    // timing: outside S_RX, "the next state is S_DRAIN or S_RX" per current state from registers
    // and the rx port only (not the whole state_d, which sits behind the CSR doorbell-pop decode
    // of S_DB_RD, the completion queue, the prefetch take ...; asserted equal under FORMAL):
    // S_IDLE drops a message without a posted descriptor, S_CTL fails its checks (or had a bad
    // DB_CHK address), S_SEG has taken every segment word (-> S_DRAIN or S_RX), S_DRAIN stays
    // until tlast (the unpacker builds s_axis_rx_tready from it, comet_via_walk)
    case (state_q)
      S_IDLE:  rdy_nx_o = !cq_rdy && rx_turn && tx_idle &&
                          (({30'd0, rx_tuser_i} >= NUM_VI) || !rdb_ne[rx_tuser_i]);
      S_CTL:   rdy_nx_o = op_rx_q && (dbad_q || (rdn_q &&
                          (sc_bad_q || ctl_aerr_q)));
      S_SEG:   rdy_nx_o = op_rx_q && rdn_q && !sw0_i;  // (dbad_q = 0)
      S_DRAIN: rdy_nx_o = !(rx_tvalid_i && rx_tlast_i);
      default: rdy_nx_o = 1'b0;
    endcase

    // the DMA request stage's state-decode flops (see rqs_rx_q)
    rqs_rx_d = (state_d == S_RX);
    rqs_wb_d = (state_d == S_WB);
    rqs_wbs_d = (state_d == S_WBS);
    // desc_q[31:9] + 1 (see dinc_q): desc_d is t_desc in S_IDLE; a receive's desc_q, loaded in
    // S_DB_WAIT, is followed in S_DB_CHK (no request address used there)
    dinc_d = ((state_q == S_IDLE) ? t_desc_i[31:9] : desc_q[31:9]) + 23'd1;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rqs_rx_q <= 1'b0; rqs_wb_q <= 1'b0; rqs_wbs_q <= 1'b0; dinc_q <= 23'd1;
      state_q <= S_IDLE; op_rx_q <= 1'b0; vi_q <= 2'd0; prio_rx_q <= 1'b0; desc_q <= 32'd0;
      segcnt_q <= 16'd0; len_q <= 32'd0; err_q <= 4'd0; has_desc_q <= 1'b0; sa_q <= 32'd0;
      ctl_aerr_q <= 1'b0; sc_bad_q <= 1'b1; ln_bad_q <= 1'b1; req_idx_q <= 6'd0; rsp_idx_q <= 6'd0;
      sum_q <= 32'd0; spec_q <= 1'b0; seghi_q <= 1'b0; xfer_q <= 32'd0; xa_q <= 4'd0;
      fsm_more_q <= 1'b0; rdn_q <= 1'b0; dbad_q <= 1'b0; seg0w_q <= 1'b0;
    end else begin
      rqs_rx_q <= rqs_rx_d; rqs_wb_q <= rqs_wb_d; rqs_wbs_q <= rqs_wbs_d; dinc_q <= dinc_d;
      state_q <= state_d; op_rx_q <= op_rx_d; vi_q <= vi_d; prio_rx_q <= prio_rx_d; desc_q <= desc_d;
      segcnt_q <= segcnt_d; len_q <= len_d; err_q <= err_d; has_desc_q <= has_desc_d; sa_q <= sa_d;
      ctl_aerr_q <= ctl_aerr_d; sc_bad_q <= sc_bad_d; ln_bad_q <= ln_bad_d; req_idx_q <= req_idx_d; rsp_idx_q <= rsp_idx_d;
      sum_q <= sum_d; spec_q <= spec_d; seghi_q <= seghi_d; xfer_q <= xfer_d; xa_q <= xa_d;
      fsm_more_q <= fsm_more_d; rdn_q <= rdn_d; dbad_q <= dbad_d; seg0w_q <= seg0w_d;
    end
  end
  always @(posedge clk_i) alim_q <= alim_d;  // no reset: used only after an address word set it

  assign {state_o, op_rx_o, vi_o, prio_rx_o, has_desc_o} = {state_q, op_rx_q, vi_q, prio_rx_q, has_desc_q};
  assign {desc_o, len_o, segcnt_o, sa_o, alim_o} = {desc_q, len_q[15:0], segcnt_q[SAW:0], sa_q, alim_q};
  assign {rqs_rx_o, rqs_wb_o, rqs_wbs_o} = {rqs_rx_q, rqs_wb_q, rqs_wbs_q};
  assign {rx_turn_o, rx_active_o} = {rx_turn, rx_active};
  assign pf_take_o   = (state_q == S_IDLE) && !cq_rdy && !rx_turn && take;
  assign dbrd_o      = (state_q == S_DB_RD);
  // segment RAM read of segment 0 while the walker is idle or done (see comet_via_walk seg_re):
  // S_TXQ; S_SEG of a receive with every segment word taken
  assign seg0_rd_o   = (state_q == S_TXQ) || (state_q == S_SEG && op_rx_q && rdn_q && !sw0_i);
  assign fsm_rdv_o   = (state_q == S_CTL || state_q == S_SEG) && fsm_more_q;
  assign st_data_o   = {status_word, wb_len};
  assign ctl_busy_o  = state_q == S_DB_RD || state_q == S_DB_WAIT || state_q == S_DB_CHK || state_q == S_CTL ||
                       state_q == S_SEG || state_q == S_DRAIN || state_q == S_WB || state_q == S_WBS ||
                       (state_q == S_IDLE && cq_rdy);
  assign ctl_cs_o    = (state_q == S_CTL || state_q == S_SEG);

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @* begin
    if (f_rst_seen) begin
      // the doorbell pop waits while a SYS_POP read is acted on (the RAM is read only by a pop)
      if (spop_i) assert (!eng_re);
      if (state_q != S_RX) assert (xa_q == 4'd0);
      assert (sc_bad_q == sc_bad(segcnt_q) && ln_bad_q == ln_bad(len_q));
      // a push's completion error bits equal their definition
      if (cq_push_o) assert (cq_pc_o == cq_perr);
      assert (state_q <= S_DB_CHK);
      assert (rqs_rx_q == (state_q == S_RX) && rqs_wb_q == (state_q == S_WB) && rqs_wbs_q == (state_q == S_WBS));
      // the control request address (carry select with dinc_q) equals its definition
      if (state_q == S_CTL || state_q == S_SEG || state_q == S_WB) assert (dinc_q == desc_q[31:9] + 23'd1);
      if (state_q == S_SEG) assert (req_idx_q <= 6'(2 * MAX_SEGS));
      assert (fsm_addr_o == ((state_q == S_CTL) ? comet_via_pkg::ctl_addr(desc_q, req_idx_q[1:0], CTL_W1, CTL_W3) :
                             (state_q == S_SEG) ? desc_q + 32'd32 + {23'd0, req_idx_q, 3'b000} :
                             (state_q == S_WB)  ? desc_q + CTL_W3 :
                             (state_q == S_WBS) ? h_swa_i : 32'd0));
      // wb_len equals its definition
      assert (wb_len == ((c_err[2:0] != 3'd0) ? 32'd0 : (wbs ? {16'd0, h_len_i} : xfer_q)));
      // a segment RAM write not from seg0w_q is a segment-length word at the response head
      // (seg_wl = its length field = seglen)
      if (seg_we_o && !seg0w_q) assert ((state_q == S_CTL || state_q == S_SEG) && rsp_desc_i && rsp_idx_q[0] &&
                                        !(state_q == S_CTL && !rsp_idx_q[1]));
      if (state_q == S_DB_CHK) assert (comet_via_pkg::daddr_bad_m(desc_q, lm32_i) == comet_via_pkg::daddr_bad(desc_q, limit_i) &&
                                      comet_via_pkg::spec_fits_m(desc_q, lm48_i) == comet_via_pkg::spec_fits(desc_q, limit_i));
      // rx tready outside S_RX: the per-state form equals the next-state compare
      if (state_q != S_RX) assert (rdy_nx_o == ((state_d == S_DRAIN) || (state_d == S_RX)));
      if (state_q == S_CTL && !dbad_q) assert (fsm_more_q == (req_idx_q < (spec_q ? 6'd4 : 6'd2)));
      if (state_q == S_CTL || state_q == S_SEG) assert (rdn_q == (rsp_idx_q == fsm_lim));
      if (state_q == S_CTL && rdn_q) assert (!rsp_desc_i);
      if (state_q == S_CTL && dbad_q) assert (!fsm_more_q && req_idx_q == 6'd0 && rsp_idx_q == 6'd0 &&
                                             op_rx_q && inflight_i == '0);
      if (state_q != S_CTL) assert (!dbad_q);
      if (seg0w_q) assert (state_q == S_CTL && !rsp_desc_i && !dbad_q);
      if (state_q == S_SEG) assert (fsm_more_q == (req_idx_q < 6'({segcnt_q[SAW:0], 1'b0})));
    end
  end
`endif
endmodule
`default_nettype wire
