// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_pf: comet_via's send descriptor prefetcher (see comet_via.v). It pops a send
// doorbell (round robin over the VIs), checks the descriptor address and reads the control
// words (and segment 0) of the descriptor into one of PF_SLOTS slots, ahead of the control
// FSM; its responses are drained into the slot as they reach the response head, with the
// checks of S_CTL precomputed. The control FSM takes the oldest ready slot.
module comet_via_pf #(
  parameter int NUM_DB   = 8,
  parameter int PF_SLOTS = 4,
  localparam int NUM_VI = (NUM_DB - 2) / 2,
  localparam int PFD    = PF_SLOTS,
  localparam int PFW    = $clog2(PF_SLOTS)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              en_i,
  input  wire [31:0]       limit_i,
  input  wire [32:0]       lm32_i,
  input  wire [32:0]       lm48_i,
  input  wire              spop_i,      // a SYS_POP read is acted on (the doorbell pop waits)
  input  wire [NUM_DB-1:0] dne_i,       // doorbell not empty
  input  wire [31:0]       db_rd_data_i,
  input  wire              rx_turn_i,   // the receive's turn (comet_via_ctl)
  input  wire              rx_active_i, // a receive runs
  input  wire              take_i,      // the control FSM takes the oldest slot
  // DMA requests (comet_via_dma)
  input  wire              if_room_i,
  input  wire              pf_acc_i,
  output reg               pf_v_o,
  output reg  [31:0]       pf_addr_o,
  output wire [6:0]        pf_meta_o,
  output wire              pf_idle_o,   // P_IDLE
  output wire              pf_rd_o,     // P_RD (the doorbell pop)
  output wire              pf_chk_o,    // P_CHK
  output wire              pf_busy_o,   // P_CHK / P_ISS
  output wire              ev_daddr_o,  // a descriptor address unusable (dropped)
  // response head
  input  wire              rsp_pf_i,    // a prefetcher word
  input  wire [63:0]       rsp_data_i,
  input  wire [PFW+2:1]    meta_i,      // {slot, word} of a prefetcher word
  // the oldest slot
  output reg  [31:0]       t_desc_o,
  output reg  [31:0]       t_len_o,
  output reg  [31:0]       t_sa_o,
  output reg  [31:0]       t_sum0_o,
  output reg  [15:0]       t_segcnt_o,
  output reg  [1:0]        t_vi_o,
  output reg               t_spec_o,
  output reg               t_aerr_o,
  output reg               t_e1_o,
  output reg               t_e2_o,
  output reg               t_rdy_o,
  output wire [2:0]        s_cnt_o,     // slots in use
  output wire [1:0]        pf_vi_d_o,   // the next VI (the doorbell pop address, comet_via_csr)
  output wire [1:0]        rr_o,        // round-robin pointer
  output wire [7:0]        dbg_pf_o     // {state, VI, slots in use}
);
  // send descriptor prefetcher states
  localparam logic [2:0] P_IDLE = 3'd0, P_RD = 3'd1, P_WAIT = 3'd2, P_CHK = 3'd3, P_ISS = 3'd4;
  localparam int SEGCNT_LSB = nic_pkg::VIA_DESC_HDR_SEG_COUNT_LSB;
  localparam int LEN_LSB    = nic_pkg::VIA_DESC_HDR_LENGTH_LSB;
  localparam logic [31:0] CTL_W1 = 32'(8 * nic_pkg::VIA_DESC_HDR_SEG_COUNT_WORD);
  localparam logic [31:0] CTL_W3 = 32'(8 * nic_pkg::VIA_DESC_HDR_LENGTH_WORD);
  localparam int SADDR_LSB  = nic_pkg::VIA_SEG_HDR_ADDR_LSB;
  localparam int SLEN_LSB   = nic_pkg::VIA_SEG_HDR_LENGTH_LSB;


  reg [1:0]  rr_q, rr_d;
  reg [2:0]  pf_st_q, pf_st_d;
  reg [1:0]  pf_vi_q, pf_vi_d, pf_idx_q, pf_idx_d;
  reg [PFW-1:0] pf_slot_q, pf_slot_d;
  reg [31:0] pf_desc_q, pf_desc_d;
  reg        pf_spec_q, pf_spec_d;
  reg [PFD*32-1:0] s_desc_q, s_desc_d, s_len_q, s_len_d, s_sa_q, s_sa_d, s_sum0_q, s_sum0_d;
  reg [PFD*16-1:0] s_segcnt_q, s_segcnt_d;
  reg [PFD*2-1:0]  s_vi_q, s_vi_d;
  reg [PFD-1:0]    s_spec_q, s_spec_d, s_e1_q, s_e1_d, s_e2_q, s_e2_d,
                   s_aerr_q, s_aerr_d, s_rdy_q, s_rdy_d;
  reg [PFW-1:0] s_wp_q, s_wp_d, s_rp_q, s_rp_d;
  // timing: a prefetched word is registered (dr_*) before it updates its slot
  reg        dr_v_q, dr_v_d;
  reg [PFW-1:0] dr_sl_q, dr_sl_d;
  reg [1:0]  dr_w_q, dr_w_d;
  reg [63:0] dr_data_q, dr_data_d;
  reg [2:0]  s_cnt_q, s_cnt_d;
  reg [31:0] pf_sa_q, pf_sa_d, psl_desc;
  reg [32:0] dr_end_q, dr_end_d, dr_sum_q, dr_sum_d;
  reg        dr_seghi_q, dr_seghi_d;
  reg [NUM_VI-1:0] sdb_ne;
  reg        any_sdb, found, ev_daddr;
  reg [1:0]  pick;
  reg [31:0] seglen;
  /* verilator lint_off UNUSEDSIGNAL */  // FORMAL references: the doorbell pop as the states
  // set it, the response head's pop
  reg        eng_re, rsp_pop;
  /* verilator lint_on UNUSEDSIGNAL */
  integer    hi, i, k;

  // the oldest prefetch slot (s_rp_q), taken by the control FSM
  always @* begin
    t_desc_o = 32'd0; t_len_o = 32'd0; t_sa_o = 32'd0; t_sum0_o = 32'd0; t_segcnt_o = 16'd0; t_vi_o = 2'd0;
    t_spec_o = 1'b0; t_aerr_o = 1'b0; t_e1_o = 1'b0; t_e2_o = 1'b0; t_rdy_o = 1'b0;
    for (hi = 0; hi < PFD; hi = hi + 1)
      if (s_rp_q == PFW'(hi)) begin
        t_desc_o = s_desc_q[hi*32 +: 32]; t_len_o = s_len_q[hi*32 +: 32]; t_sa_o = s_sa_q[hi*32 +: 32];
        t_sum0_o = s_sum0_q[hi*32 +: 32]; t_segcnt_o = s_segcnt_q[hi*16 +: 16]; t_vi_o = s_vi_q[hi*2 +: 2];
        t_spec_o = s_spec_q[hi]; t_aerr_o = s_aerr_q[hi]; t_e1_o = s_e1_q[hi]; t_e2_o = s_e2_q[hi];
        t_rdy_o = s_rdy_q[hi];
      end
    // words 1 and 3, then (when in HOST_LIMIT) segment 0's two words
    pf_v_o    = (pf_st_q == P_ISS) && if_room_i;
    pf_addr_o = comet_via_pkg::ctl_addr(pf_desc_q, pf_idx_q, CTL_W1, CTL_W3);
  end

  always @* begin
    rr_d = rr_q;
    pf_st_d = pf_st_q; pf_vi_d = pf_vi_q; pf_idx_d = pf_idx_q; pf_slot_d = pf_slot_q;
    pf_desc_d = pf_desc_q; pf_spec_d = pf_spec_q;
    s_desc_d = s_desc_q; s_len_d = s_len_q; s_sa_d = s_sa_q; s_sum0_d = s_sum0_q;
    s_segcnt_d = s_segcnt_q; s_vi_d = s_vi_q; s_spec_d = s_spec_q; pf_sa_d = pf_sa_q;
    s_e1_d = s_e1_q; s_e2_d = s_e2_q; s_aerr_d = s_aerr_q; s_rdy_d = s_rdy_q;
    s_wp_d = s_wp_q; s_rp_d = s_rp_q; s_cnt_d = s_cnt_q;
    found = 1'b0; pick = 2'd0; eng_re = 1'b0; ev_daddr = 1'b0;
    sdb_ne = '0;
    for (i = 0; i < NUM_VI; i = i + 1) sdb_ne[i] = dne_i[2 + 2 * i];
    any_sdb = (sdb_ne != '0);

    // the control FSM takes the oldest slot (every word arrived)
    if (take_i) begin
      for (k = 0; k < PFD; k = k + 1) if (s_rp_q == PFW'(k)) s_rdy_d[k] = 1'b0;
      s_rp_d = s_rp_q + 1'b1;
      s_cnt_d = s_cnt_d - 3'd1;
    end

    case (pf_st_q)
      P_IDLE: begin
        // round robin over the VIs with a non-empty send doorbell, while a slot is free.
        // timing: the pick goes into pf_vi_q (and the pop address, comet_via_csr) whenever a
        // send doorbell is non-empty, from the doorbell flags and rr_q only; whether it is taken
        // (slot free, enabled, not the receive's turn) decides only the state and rr_d, so the
        // receive-turn logic is not in front of the pop address. (pf_vi_q is used from P_RD on;
        // in P_IDLE it shows the candidate, dbg_pf_o)
        for (k = 1; k <= NUM_VI; k = k + 1) begin
          pick = (32'(rr_q) + k >= NUM_VI) ? 2'(32'(rr_q) + k - NUM_VI) : 2'(32'(rr_q) + k);
          if (!found && sdb_ne[pick]) begin
            found = 1'b1;
            pf_vi_d = pick;
          end
        end
        if (en_i && any_sdb && s_cnt_q != 3'(PFD) && !rx_turn_i && !rx_active_i) begin
          rr_d = pf_vi_d;
          pf_st_d = P_RD;
        end
      end
      P_RD: begin  // a SYS_POP read is acted on in this cycle (it may take the doorbell RAM): wait
        if (!spop_i) begin
          eng_re = 1'b1;
          pf_st_d = P_WAIT;
        end
      end
      P_WAIT: begin  // timing: the doorbell RAM output goes into a register first
        pf_desc_d = db_rd_data_i;
        pf_st_d = P_CHK;
      end
      P_CHK: begin
        // timing: the free slot at s_wp_q takes the descriptor whether or not its address check
        // passes (the slot is free: P_IDLE starts a fetch only with s_cnt_q < PFD, asserted;
        // its s_rdy is 0), so the slot enables are the state and s_wp_q, not the 33-bit compare;
        // a bad descriptor does not move s_wp_q, so the slot stays free
        pf_spec_d = comet_via_pkg::spec_fits_m(pf_desc_q, lm48_i);
        for (k = 0; k < PFD; k = k + 1)
          if (s_wp_q == PFW'(k)) begin
            s_desc_d[k*32 +: 32] = pf_desc_q;
            s_vi_d[k*2 +: 2] = pf_vi_q;
            s_spec_d[k] = pf_spec_d;
          end
        if (comet_via_pkg::daddr_bad_m(pf_desc_q, lm32_i)) begin
          ev_daddr = 1'b1;  // no descriptor to complete: counted and dropped
          pf_st_d = P_IDLE;
        end else begin
          pf_idx_d = 2'd0;
          pf_slot_d = s_wp_q;
          s_wp_d = s_wp_q + 1'b1;
          s_cnt_d = s_cnt_d + 3'd1;
          pf_st_d = P_ISS;
        end
      end
      P_ISS: begin
        if (pf_acc_i) begin
          if (pf_idx_q == (pf_spec_q ? 2'd3 : 2'd1)) pf_st_d = P_IDLE;
          else pf_idx_d = pf_idx_q + 2'd1;
        end
      end
      default: pf_st_d = P_IDLE;
    endcase

    // prefetched words: taken from the response head whenever they reach it (never blocks the
    // packer or the control FSM), registered, then kept in their slot with the checks of S_CTL
    // precomputed
    rsp_pop = rsp_pf_i;
    dr_v_d = rsp_pf_i;
    dr_sl_d = meta_i[3 +: PFW];
    dr_w_d = meta_i[2:1];
    dr_data_d = rsp_data_i;
    // timing: the HOST_LIMIT checks of a slot use operands registered one stage earlier (the
    // prefetcher issues one descriptor's words in order, so word n-1 of the same slot is always
    // the previous prefetched word): dr_end_q = descriptor + 32 + 16 * SegCount (from word 0),
    // pf_sa_q / dr_seghi_q = segment 0's address (word 2), dr_sum_q = address + length
    dr_sum_d = {1'b0, pf_sa_q} + {1'b0, rsp_data_i[SLEN_LSB +: 32]};
    if (rsp_pf_i && meta_i[2:1] == 2'd2) pf_sa_d = rsp_data_i[SADDR_LSB +: 32];
    psl_desc = 32'd0;
    for (k = 0; k < PFD; k = k + 1) if (dr_sl_q == PFW'(k)) psl_desc = s_desc_q[k*32 +: 32];
    dr_end_d = {1'b0, psl_desc} + 33'd32 + {13'd0, dr_data_q[SEGCNT_LSB +: 16], 4'd0};
    dr_seghi_d = (dr_data_q[SADDR_LSB + 32 +: 32] != 32'd0);
    if (!(dr_v_q && dr_w_q == 2'd0)) dr_end_d = dr_end_q;
    if (!(dr_v_q && dr_w_q == 2'd2)) dr_seghi_d = dr_seghi_q;
    seglen = dr_data_q[SLEN_LSB +: 32];
    for (k = 0; k < PFD; k = k + 1)
      if (dr_v_q && dr_sl_q == PFW'(k)) begin
        case (dr_w_q)
          2'd0: s_segcnt_d[k*16 +: 16] = dr_data_q[SEGCNT_LSB +: 16];
          2'd1: begin
            s_len_d[k*32 +: 32] = dr_data_q[LEN_LSB +: 32];
            s_aerr_d[k] = (dr_end_q > {1'b0, limit_i});
            if (!s_spec_q[k]) s_rdy_d[k] = 1'b1;
          end
          2'd2: s_sa_d[k*32 +: 32] = dr_data_q[SADDR_LSB +: 32];
          default: begin
            s_sum0_d[k*32 +: 32] = seglen;
            s_e1_d[k] = (seglen == 32'd0 || seglen[31:16] != 16'd0);
            s_e2_d[k] = dr_seghi_q || (dr_sum_q > {1'b0, limit_i});
            s_rdy_d[k] = 1'b1;
          end
        endcase
      end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rr_q <= 2'(NUM_VI - 1);
      pf_st_q <= P_IDLE; pf_vi_q <= 2'd0; pf_idx_q <= 2'd0; pf_slot_q <= '0; pf_desc_q <= 32'd0;
      pf_spec_q <= 1'b0;
      s_desc_q <= '0; s_len_q <= '0; s_sa_q <= '0; s_sum0_q <= '0; s_segcnt_q <= '0; s_vi_q <= '0;
      s_spec_q <= '0; s_e1_q <= '0; s_e2_q <= '0; s_aerr_q <= '0; s_rdy_q <= '0;
      s_wp_q <= '0; s_rp_q <= '0; s_cnt_q <= 3'd0;
      dr_v_q <= 1'b0; dr_sl_q <= '0; dr_w_q <= 2'd0; dr_data_q <= 64'd0;
      pf_sa_q <= 32'd0; dr_end_q <= 33'd0; dr_sum_q <= 33'd0; dr_seghi_q <= 1'b0;
    end else begin
      rr_q <= rr_d;
      pf_st_q <= pf_st_d; pf_vi_q <= pf_vi_d; pf_idx_q <= pf_idx_d; pf_slot_q <= pf_slot_d;
      pf_desc_q <= pf_desc_d; pf_spec_q <= pf_spec_d;
      s_desc_q <= s_desc_d; s_len_q <= s_len_d; s_sa_q <= s_sa_d; s_sum0_q <= s_sum0_d;
      s_segcnt_q <= s_segcnt_d; s_vi_q <= s_vi_d; s_spec_q <= s_spec_d;
      s_e1_q <= s_e1_d; s_e2_q <= s_e2_d; s_aerr_q <= s_aerr_d; s_rdy_q <= s_rdy_d;
      s_wp_q <= s_wp_d; s_rp_q <= s_rp_d; s_cnt_q <= s_cnt_d;
      dr_v_q <= dr_v_d; dr_sl_q <= dr_sl_d; dr_w_q <= dr_w_d; dr_data_q <= dr_data_d;
      pf_sa_q <= pf_sa_d; dr_end_q <= dr_end_d; dr_sum_q <= dr_sum_d; dr_seghi_q <= dr_seghi_d;
    end
  end

  assign pf_meta_o  = {2'b11, 2'(pf_slot_q), pf_idx_q, 1'b0};
  assign pf_idle_o  = (pf_st_q == P_IDLE);
  assign pf_rd_o    = (pf_st_q == P_RD);
  assign pf_chk_o   = (pf_st_q == P_CHK);
  assign pf_busy_o  = (pf_st_q == P_CHK || pf_st_q == P_ISS);
  assign ev_daddr_o = ev_daddr;
  assign s_cnt_o    = s_cnt_q;
  assign pf_vi_d_o  = pf_vi_d;
  assign rr_o       = rr_q;
  assign dbg_pf_o   = {pf_st_q, pf_vi_q, s_cnt_q};

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @* begin
    if (f_rst_seen) begin
      if (spop_i) assert (!eng_re);
      assert (s_cnt_q <= 3'(PFD));
      assert (pf_st_q <= P_ISS);
      // the slot a descriptor check writes is free (see P_CHK)
      if (pf_st_q == P_CHK) assert (s_cnt_q != 3'(PFD) && !s_rdy_q[s_wp_q]);
      if (pf_st_q == P_CHK) assert (comet_via_pkg::daddr_bad_m(pf_desc_q, lm32_i) == comet_via_pkg::daddr_bad(pf_desc_q, limit_i) &&
                                    comet_via_pkg::spec_fits_m(pf_desc_q, lm48_i) == comet_via_pkg::spec_fits(pf_desc_q, limit_i));
    end
  end
`endif
endmodule
`default_nettype wire
