// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// comet_via_csr: the CSR side of comet_via (see comet_via.v): the CSR request stage, the read
// data, CTRL / STATUS / IRQ_EN / HOST_LIMIT, the send / receive / error counters with the
// completion events that feed them, and the NUM_DB doorbells (32-bit FIFOs of descriptor
// addresses in one nic_ram_1r1w, popped by SYS_POP reads, the control FSM and the prefetcher).
module comet_via_csr #(
  parameter int NUM_DB   = 8,
  parameter int DB_DEPTH = 16,
  parameter int MAX_SEGS = 16,
  localparam int NUM_VI = (NUM_DB - 2) / 2,
  localparam int DBAW   = $clog2(DB_DEPTH),
  localparam int DBCW   = DBAW + 1,
  localparam int RW     = $clog2(NUM_DB)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  // CSR bus (local 12-bit byte address)
  input  wire                   csr_req_i,
  input  wire                   csr_we_i,
  input  wire [11:0]            csr_addr_i,
  input  wire [31:0]            csr_wdata_i,
  output wire                   csr_ack_o,
  output wire [31:0]            csr_rdata_o,
  output wire                   irq_o,
  // registers the engine uses
  output wire                   en_o,        // CTRL.EN
  output wire [31:0]            limit_o,     // HOST_LIMIT
  output wire [32:0]            lm32_o,      // {1'b0, HOST_LIMIT} - 32 (see comet_via_ctl daddr_bad_m)
  output wire [32:0]            lm48_o,      // {1'b0, HOST_LIMIT} - 48
  output wire                   spop_o,      // a SYS_POP read is acted on in this cycle
  // counter / STATUS events of the control FSM and the prefetcher
  input  wire                   ev_badvi_i,  // receive for a VI that does not exist
  input  wire                   ev_nodesc_i, // receive with no posted descriptor
  input  wire                   ev_daddr_i,  // descriptor address unusable
  // completion events: the status write the DMA port accepts (its request slice outputs:
  // status word bits 37:33 and length 31:0 of the write data)
  input  wire                   dq_st_acc_i,
  input  wire                   dq_rk_i,
  input  wire [1:0]             dq_vi_i,
  input  wire [5:1]             dq_sw_i,     // its status bits {TRUNC, TX_ERR, ADDRESS, LENGTH, FORMAT}
  input  wire [31:0]            dq_len_i,    // its length
  // doorbell pops by the engine: the receive ring of s_axis_rx_tuser (control FSM, S_DB_RD),
  // the send ring of the prefetcher's pick (P_RD)
  input  wire                   fsm_dbrd_i,
  input  wire                   pf_rd_i,
  input  wire [1:0]             rx_tuser_i,
  input  wire [1:0]             pf_vi_d_i,
  output wire [31:0]            db_rd_data_o,
  output wire [NUM_DB-1:0]      dne_o,       // doorbell not empty
  output wire [NUM_DB*DBCW-1:0] db_level_o
);
  localparam logic [11:0] A_ID = nic_pkg::CSR_COMET_VIA_ID, A_VERSION = nic_pkg::CSR_COMET_VIA_VERSION,
                          A_PARAMS = nic_pkg::CSR_COMET_VIA_PARAMS, A_CTRL = nic_pkg::CSR_COMET_VIA_CTRL,
                          A_STATUS = nic_pkg::CSR_COMET_VIA_STATUS, A_IRQ_EN = nic_pkg::CSR_COMET_VIA_IRQ_EN,
                          A_LIMIT = nic_pkg::CSR_COMET_VIA_HOST_LIMIT, A_DB = nic_pkg::CSR_COMET_VIA_DB0,
                          A_SYS_POP = nic_pkg::CSR_COMET_VIA_SYS_POP0,
                          A_SEND_CNT = nic_pkg::CSR_COMET_VIA_SEND_CNT0,
                          A_RECV_CNT = nic_pkg::CSR_COMET_VIA_RECV_CNT0,
                          A_ERR = nic_pkg::CSR_COMET_VIA_CNT_FMT;
  localparam int NCNT = 11;  // error/byte counters at A_ERR + 4*i
  localparam int C_FMT = 0, C_LEN = 1, C_ADDR = 2, C_TXERR = 3, C_TRUNC = 4, C_DBOVF = 5,
                 C_NODESC = 6, C_BADVI = 7, C_DADDR = 8, C_TXB = 9, C_RXB = 10;

  // {ring, its read pointer}: the doorbell RAM address of ring r's head
  function automatic [RW+DBAW-1:0] ring_head(input [RW-1:0] r, input [NUM_DB*DBAW-1:0] rp);
    integer j;
    ring_head = '0;
    for (j = 0; j < NUM_DB; j = j + 1)
      if (r == RW'(j)) ring_head = {RW'(j), rp[j*DBAW +: DBAW]};
  endfunction
  // CSR read data: the address of readable register i (distinct addresses; the read data is an
  // AND-OR of the registers by one-hot selects, see ci_rsel_q)
  function automatic [11:0] rd_addr(input integer i);
    integer k;
    rd_addr = 12'hFFF;
    if (i == 0) rd_addr = A_ID;
    if (i == 1) rd_addr = A_VERSION;
    if (i == 2) rd_addr = A_PARAMS;
    if (i == 3) rd_addr = A_CTRL;
    if (i == 4) rd_addr = A_STATUS;
    if (i == 5) rd_addr = A_IRQ_EN;
    if (i == 6) rd_addr = A_LIMIT;
    for (k = 0; k < NUM_DB; k = k + 1)
      if (i == 7 + k) rd_addr = A_DB + 12'(4 * k);
    for (k = 0; k < 2; k = k + 1)
      if (i == 7 + NUM_DB + k) rd_addr = A_SYS_POP + 12'(4 * k);  // reads 0 (the pop data bypasses)
    for (k = 0; k < NUM_VI; k = k + 1) begin
      if (i == 9 + NUM_DB + k) rd_addr = A_SEND_CNT + 12'(4 * k);
      if (i == 9 + NUM_DB + NUM_VI + k) rd_addr = A_RECV_CNT + 12'(4 * k);
    end
    for (k = 0; k < NCNT; k = k + 1)
      if (i == 9 + NUM_DB + 2 * NUM_VI + k) rd_addr = A_ERR + 12'(4 * k);
  endfunction

  // ------------------------------------------------------------------ state
  // doorbells
  reg [NUM_DB*DBAW-1:0] db_wp_q, db_wp_d, db_rp_q, db_rp_d;
  reg [NUM_DB*DBCW-1:0] db_cnt_q, db_cnt_d;
  // CSR
  reg        en_q, en_d;
  reg [6:0]  status_q, status_d, irq_en_q, irq_en_d;
  reg [31:0] limit_q, limit_d;
  reg [32:0] lm32_q, lm32_d, lm48_q, lm48_d;  // {1'b0, limit} - 32 / - 48
  reg [32*NUM_VI-1:0] send_cnt_q, send_cnt_d, recv_cnt_q, recv_cnt_d;
  reg [32*NCNT-1:0]   err_cnt_q, err_cnt_d;
  // timing: a cycle's counter events are registered (cinc_q, with the status write's length
  // cby_q) and added one cycle later, so the counters' enables come from flops, not from the
  // FSM / doorbell / port-acceptance decisions (a count is visible to a CSR read one cycle later)
  reg [NCNT-1:0] cinc_q;
  reg [31:0]     cby_q;
  reg        csr_ack_q, csr_pop_q;
  reg [31:0] csr_rdata_q, csr_rdata_d;
  reg        csr_pop_d;
  // pipeline stage (timing): the CSR request input register. A request is decoded as it
  // enters (csr_*_i -> ci_*_d: one-hot read selects, SYS_POP reads, write targets) and acted on
  // one cycle later from these registers only, so no CSR input reaches a doorbell pop, the
  // doorbell RAM read address, the read data mux, the counters or the FSM in its request cycle
  // (the ack comes two cycles after the request: csr_ack_q <= ci_req_q)
  localparam int NRD = 7 + NUM_DB + 2 + 2 * NUM_VI + NCNT;  // readable addresses (see rd_addr)
  reg [NRD-1:0] ci_rsel_q, ci_rsel_d;  // read of rd_addr(i)
  reg        ci_req_q, ci_req_d, ci_rmiss_q, ci_rmiss_d;   // request; read of an unmapped address
  reg [1:0]  ci_pop_q, ci_pop_d;                            // read of SYS_POP0 / SYS_POP1
  reg [NUM_DB-1:0] ci_wdb_q, ci_wdb_d;                      // write of DB i (push)
  reg        ci_wen_q, ci_wen_d, ci_wst_q, ci_wst_d, ci_wie_q, ci_wie_d, ci_wlim_q, ci_wlim_d,
             ci_clr_q, ci_clr_d;  // write of CTRL / STATUS / IRQ_EN / HOST_LIMIT; CTRL.CNT_CLR
  reg [31:0] ci_wdata_q, ci_wdata_d;

  wire [31:0] db_rd_data;
  reg         db_we, db_re;
  reg [RW+DBAW-1:0] db_waddr, db_raddr;
  nic_ram_1r1w #(.DEPTH(NUM_DB * DB_DEPTH), .WIDTH(32), .NBE(1)) u_db_ram (
    .clk_i(clk_i), .wr_en_i(db_we), .wr_addr_i(db_waddr), .wr_data_i(ci_wdata_q),
    .wr_be_i(1'b1), .rd_en_i(db_re), .rd_addr_i(db_raddr), .rd_data_o(db_rd_data));

  wire [5:1] e_sw = dq_sw_i;
  reg        csr_wr, csr_rd, ci_spop, ev_send_wb, ev_recv_wb;
  reg [31:0] rd_or, rd_v, bytes_add;
  reg [NCNT-1:0] cnt_inc;
  reg [NUM_DB-1:0] db_push, db_pop;
  // timing: the doorbell pops by source: csr_popv = SYS_POP read of system ring 0 / 1,
  // the engine's pop = the control FSM's or the prefetcher's (only when no SYS_POP read)
  reg [1:0]  csr_popv;
  reg [RW+DBAW-1:0] db_eaddr, db_saddr;
  // timing: the doorbell RAM address of the engine's pops, registered one cycle ahead: ra_f_q
  // = head of the receive ring of s_axis_rx_tuser, loaded while the FSM is not in S_DB_RD (it
  // enters S_DB_RD only from S_IDLE, with vi_q = that tuser) and held in S_DB_RD; ra_p_q = head
  // of the send ring the prefetcher picks in P_IDLE, held in P_RD. Only the pop they are for
  // moves those read pointers, so they are still the ring heads when used (asserted)
  reg [RW+DBAW-1:0] ra_f_q, ra_f_d, ra_p_q, ra_p_d;
  // timing: the same rings one-hot (eo_f_q, eo_p_q, loaded and held like ra_f_q / ra_p_q), so
  // an engine pop's doorbell (db_pop) is a flop AND the pop state, not a compare of a ring
  // number computed behind the SYS_POP decode
  reg [NUM_DB-1:0] eo_f_q, eo_f_d, eo_p_q, eo_p_d;
  reg [DBCW-1:0] dbc_p1, dbc_m1;
  // timing: per doorbell "not empty" (db_cnt_q != 0) as a flop, updated with the level by the
  // push / pop (asserted), so the send / receive turn decisions start at flops
  reg [NUM_DB-1:0] dne_q, dne_d;
  // and "full" (db_cnt_q == DB_DEPTH) the same way: the doorbell write's full check (RAM write
  // enable, overflow count) starts at a flop, not at a level compare
  reg [NUM_DB-1:0] dfu_q, dfu_d;
  integer    i, k;

  // ---------------- CSR request stage, read data, writes, counters
  always @* begin
    en_d = en_q; status_d = status_q; irq_en_d = irq_en_q; limit_d = limit_q;
    send_cnt_d = send_cnt_q; recv_cnt_d = recv_cnt_q; err_cnt_d = err_cnt_q;
    csr_rdata_d = 32'd0; csr_pop_d = 1'b0; csr_popv = 2'b00;
    cnt_inc = '0;
    bytes_add = dq_len_i;  // the status write's length (see ev_send_wb)
    csr_wr  = csr_req_i && csr_we_i;
    csr_rd  = csr_req_i && !csr_we_i;

    // the request entering ci_*
    ci_req_d   = csr_req_i;
    ci_wdata_d = csr_wdata_i;
    ci_rmiss_d = csr_rd;
    for (i = 0; i < NRD; i = i + 1) begin
      ci_rsel_d[i] = csr_rd && (csr_addr_i == rd_addr(i));
      if (csr_addr_i == rd_addr(i)) ci_rmiss_d = 1'b0;
    end
    for (i = 0; i < 2; i = i + 1) ci_pop_d[i] = csr_rd && (csr_addr_i == A_SYS_POP + 12'(4 * i));
    for (i = 0; i < NUM_DB; i = i + 1) ci_wdb_d[i] = csr_wr && (csr_addr_i == A_DB + 12'(4 * i));
    ci_wen_d  = csr_wr && (csr_addr_i == A_CTRL);
    ci_clr_d  = csr_wr && (csr_addr_i == A_CTRL) && csr_wdata_i[1];
    ci_wst_d  = csr_wr && (csr_addr_i == A_STATUS);
    ci_wie_d  = csr_wr && (csr_addr_i == A_IRQ_EN);
    ci_wlim_d = csr_wr && (csr_addr_i == A_LIMIT);
    ci_spop   = (ci_pop_q != 2'b00);

    // read (values of the cycle the registered request is acted on)
    // size / timing: the CSR addresses are distinct, so the read data is an AND-OR of the
    // registers by the registered one-hot selects (no address compare in front of it);
    // 0xDEADBEEF when none matched
    rd_or  = 32'd0;
    for (i = 0; i < NRD; i = i + 1) begin
      rd_v = 32'd0;
      if (i == 0) rd_v = nic_pkg::COMET_VIA_ID_ID_RESET;
      if (i == 1) rd_v = nic_pkg::COMET_VIA_VERSION_VERSION_RESET;
      if (i == 2) rd_v = {8'(NUM_VI), 8'(MAX_SEGS), 8'(DB_DEPTH), 8'(NUM_DB)};
      if (i == 3) rd_v = {31'd0, en_q};
      if (i == 4) rd_v = {25'd0, status_q};
      if (i == 5) rd_v = {25'd0, irq_en_q};
      if (i == 6) rd_v = limit_q;
      for (k = 0; k < NUM_DB; k = k + 1)
        if (i == 7 + k) rd_v = 32'(db_cnt_q[k*DBCW +: DBCW]);
      for (k = 0; k < NUM_VI; k = k + 1) begin
        if (i == 9 + NUM_DB + k) rd_v = send_cnt_q[32*k +: 32];
        if (i == 9 + NUM_DB + NUM_VI + k) rd_v = recv_cnt_q[32*k +: 32];
      end
      for (k = 0; k < NCNT; k = k + 1)
        if (i == 9 + NUM_DB + 2 * NUM_VI + k) rd_v = err_cnt_q[32*k +: 32];
      rd_or = rd_or | ({32{ci_rsel_q[i]}} & rd_v);
    end
    csr_rdata_d = rd_or | (ci_rmiss_q ? 32'hDEAD_BEEF : 32'd0);
    for (i = 0; i < 2; i = i + 1)
      if (ci_pop_q[i] && dne_q[i]) begin
        csr_pop_d = 1'b1;
        csr_popv[i] = 1'b1;
      end

    // write
    if (ci_wen_q) en_d = ci_wdata_q[0];
    if (ci_wst_q) status_d = status_q & ~ci_wdata_q[6:0];
    if (ci_wie_q) irq_en_d = ci_wdata_q[6:0];
    if (ci_wlim_q) limit_d = ci_wdata_q;
    if ((ci_wdb_q & dfu_q) != '0) begin  // a doorbell write while it is full
      cnt_inc[C_DBOVF] = 1'b1;
      status_d[4] = 1'b1;
    end

    // control FSM / prefetcher events
    if (ev_badvi_i) cnt_inc[C_BADVI] = 1'b1;
    if (ev_nodesc_i) cnt_inc[C_NODESC] = 1'b1;
    if (ev_badvi_i || ev_nodesc_i) status_d[5] = 1'b1;
    if (ev_daddr_i) begin
      cnt_inc[C_DADDR] = 1'b1;
      status_d[6] = 1'b1;
    end

    // completion events: when the port accepts the status write (so software never sees a
    // counter, STATUS bit or irq before the write has left the engine), from the slice's
    // output registers: the status word (bits 63:32) and length (31:0) of the write
    ev_send_wb = dq_st_acc_i && !dq_rk_i;
    ev_recv_wb = dq_st_acc_i && dq_rk_i;
    if (ev_send_wb || ev_recv_wb) begin
      if (e_sw[1]) cnt_inc[C_FMT] = 1'b1;
      if (e_sw[2]) cnt_inc[C_LEN] = 1'b1;
      if (e_sw[3]) cnt_inc[C_ADDR] = 1'b1;
      if (e_sw[4]) cnt_inc[C_TXERR] = 1'b1;
      if (e_sw[5]) cnt_inc[C_TRUNC] = 1'b1;
      if (ev_send_wb) begin
        for (k = 0; k < NUM_VI; k = k + 1)
          if (dq_vi_i == 2'(k)) send_cnt_d[32*k +: 32] = send_cnt_q[32*k +: 32] + 32'd1;
        status_d[0] = 1'b1;
        if (e_sw[5:1] != 5'd0) status_d[2] = 1'b1;
        cnt_inc[C_TXB] = 1'b1;
      end else begin
        for (k = 0; k < NUM_VI; k = k + 1)
          if (dq_vi_i == 2'(k)) recv_cnt_d[32*k +: 32] = recv_cnt_q[32*k +: 32] + 32'd1;
        status_d[1] = 1'b1;
        if (e_sw[5:1] != 5'd0) status_d[3] = 1'b1;
        cnt_inc[C_RXB] = 1'b1;
      end
    end
    for (i = 0; i < NCNT; i = i + 1)
      if (cinc_q[i])
        err_cnt_d[32*i +: 32] = err_cnt_q[32*i +: 32] + ((i == C_TXB || i == C_RXB) ? cby_q : 32'd1);

    // HOST_LIMIT - 32 / - 48, registered with limit_q (timing: from the write data, the late
    // CSR address decode only selects between it and the held value)
    lm32_d = ci_wlim_q ? {1'b0, ci_wdata_q} - 33'd32 : lm32_q;
    lm48_d = ci_wlim_q ? {1'b0, ci_wdata_q} - 33'd48 : lm48_q;

    // counter clear wins over the counts added in its cycle (events of the cycle before it);
    // the clear cycle's own events are counted after it (cinc_q)
    if (ci_clr_q) begin
      send_cnt_d = '0;
      recv_cnt_d = '0;
      err_cnt_d = '0;
    end
  end

  // ---------------- doorbells: a push per DB write that finds room; a pop (SYS_POP read,
  // control FSM or prefetcher, one per cycle) reads the head of its ring
  always @* begin
    db_wp_d = db_wp_q; db_rp_d = db_rp_q; db_cnt_d = db_cnt_q; dne_d = dne_q; dfu_d = dfu_q;
    db_we = 1'b0; db_waddr = '0; ra_f_d = ra_f_q; ra_p_d = ra_p_q;
    eo_f_d = eo_f_q; eo_p_d = eo_p_q;
    db_push = '0; db_pop = '0;
    // (the write address is the written doorbell's pointer whether or not it is full: timing,
    // the level compare only gates the write enable, it is not in front of the RAM address)
    for (i = 0; i < NUM_DB; i = i + 1)
      if (ci_wdb_q[i]) begin
        db_waddr = {RW'(i), db_wp_q[i*DBAW +: DBAW]};
        if (!dfu_q[i]) begin
          db_we = 1'b1;
          db_push[i] = 1'b1;
        end
      end
    // timing: each ring's pop straight from its source (SYS_POP address decode, or the engine's
    // ring from registers), the RAM read address an AND-OR of the one-hot pops (not a mux
    // behind a shared ring number), and the level +1 / -1 / unchanged from the flops (no add
    // then subtract behind the late push / pop)
    // (the read address: the engine's from registers, a SYS_POP read's from the address, and the
    // late csr_pop_d picks; it is a don't-care without a read, FORMAL checks it with one)
    db_re = csr_pop_d || (!ci_spop && (fsm_dbrd_i || pf_rd_i));
    for (i = 0; i < NUM_DB; i = i + 1)
      db_pop[i] = (i < 2 && csr_popv[i % 2]) ||
                  (!ci_spop && ((fsm_dbrd_i && eo_f_q[i]) || (pf_rd_i && eo_p_q[i])));
    if (!fsm_dbrd_i) begin
      ra_f_d = ring_head(RW'(3 + 2 * {30'd0, rx_tuser_i}), db_rp_q);
      for (i = 0; i < NUM_DB; i = i + 1) eo_f_d[i] = (RW'(3 + 2 * {30'd0, rx_tuser_i}) == RW'(i));
    end
    if (!pf_rd_i) begin
      ra_p_d = ring_head(RW'(2 + 2 * {30'd0, pf_vi_d_i}), db_rp_q);
      for (i = 0; i < NUM_DB; i = i + 1) eo_p_d[i] = (RW'(2 + 2 * {30'd0, pf_vi_d_i}) == RW'(i));
    end
    db_eaddr = fsm_dbrd_i ? ra_f_q : ra_p_q;
    db_saddr = ci_pop_q[1] ? {RW'(1), db_rp_q[DBAW +: DBAW]} : {RW'(0), db_rp_q[0 +: DBAW]};
    db_raddr = csr_pop_d ? db_saddr : db_eaddr;
    for (i = 0; i < NUM_DB; i = i + 1) begin
      if (db_push[i]) db_wp_d[i*DBAW +: DBAW] = db_wp_q[i*DBAW +: DBAW] + 1'b1;
      if (db_pop[i]) db_rp_d[i*DBAW +: DBAW] = db_rp_q[i*DBAW +: DBAW] + 1'b1;
      dbc_p1 = db_cnt_q[i*DBCW +: DBCW] + 1'b1;
      dbc_m1 = db_cnt_q[i*DBCW +: DBCW] - 1'b1;
      if (db_push[i] && !db_pop[i]) begin
        db_cnt_d[i*DBCW +: DBCW] = dbc_p1;
        dne_d[i] = 1'b1;
        dfu_d[i] = (db_cnt_q[i*DBCW +: DBCW] == DBCW'(DB_DEPTH - 1));
      end else if (db_pop[i] && !db_push[i]) begin
        db_cnt_d[i*DBCW +: DBCW] = dbc_m1;
        dne_d[i] = (db_cnt_q[i*DBCW +: DBCW] != DBCW'(1));
        dfu_d[i] = 1'b0;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      db_wp_q <= '0; db_rp_q <= '0; db_cnt_q <= '0; dne_q <= '0; dfu_q <= '0;
      en_q <= 1'b1; status_q <= 7'd0; irq_en_q <= 7'd0; limit_q <= nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET;
      lm32_q <= {1'b0, 32'(nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET)} - 33'd32;
      lm48_q <= {1'b0, 32'(nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET)} - 33'd48;
      send_cnt_q <= '0; recv_cnt_q <= '0; err_cnt_q <= '0; cinc_q <= '0; cby_q <= 32'd0;
      csr_ack_q <= 1'b0; csr_rdata_q <= 32'd0; csr_pop_q <= 1'b0;
      ci_req_q <= 1'b0; ci_rsel_q <= '0; ci_rmiss_q <= 1'b0; ci_pop_q <= 2'b00; ci_wdb_q <= '0;
      ci_wen_q <= 1'b0; ci_wst_q <= 1'b0; ci_wie_q <= 1'b0; ci_wlim_q <= 1'b0; ci_clr_q <= 1'b0;
      ci_wdata_q <= 32'd0;
      ra_f_q <= '0; ra_p_q <= '0; eo_f_q <= '0; eo_p_q <= '0;
    end else begin
      db_wp_q <= db_wp_d; db_rp_q <= db_rp_d; db_cnt_q <= db_cnt_d; dne_q <= dne_d; dfu_q <= dfu_d;
      en_q <= en_d; status_q <= status_d; irq_en_q <= irq_en_d; limit_q <= limit_d;
      lm32_q <= lm32_d; lm48_q <= lm48_d;
      send_cnt_q <= send_cnt_d; recv_cnt_q <= recv_cnt_d; err_cnt_q <= err_cnt_d;
      cinc_q <= cnt_inc; cby_q <= bytes_add;
      csr_ack_q <= ci_req_q; csr_rdata_q <= csr_rdata_d; csr_pop_q <= csr_pop_d;
      ci_req_q <= ci_req_d; ci_rsel_q <= ci_rsel_d; ci_rmiss_q <= ci_rmiss_d; ci_pop_q <= ci_pop_d;
      ci_wdb_q <= ci_wdb_d; ci_wen_q <= ci_wen_d; ci_wst_q <= ci_wst_d; ci_wie_q <= ci_wie_d;
      ci_wlim_q <= ci_wlim_d; ci_clr_q <= ci_clr_d; ci_wdata_q <= ci_wdata_d;
      ra_f_q <= ra_f_d; ra_p_q <= ra_p_d; eo_f_q <= eo_f_d; eo_p_q <= eo_p_d;
    end
  end

  assign csr_ack_o    = csr_ack_q;
  assign csr_rdata_o  = csr_pop_q ? db_rd_data : csr_rdata_q;
  assign irq_o        = (status_q & irq_en_q) != 7'd0;
  assign en_o         = en_q;
  assign limit_o      = limit_q;
  assign lm32_o       = lm32_q;
  assign lm48_o       = lm48_q;
  assign spop_o       = ci_spop;
  assign db_rd_data_o = db_rd_data;
  assign dne_o        = dne_q;
  assign db_level_o   = db_cnt_q;

`ifdef FORMAL
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  integer f_i;
  // the CSR request as it entered the request stage (reference of the decoded ci_* registers)
  reg        f_ci_req_q = 1'b0, f_ci_we_q = 1'b0;
  reg [11:0] f_ci_addr_q = 12'd0;
  reg        f_ci_hit;
  always @(posedge clk_i) begin
    f_ci_req_q  <= rst_ni && csr_req_i;
    f_ci_we_q   <= csr_we_i;
    f_ci_addr_q <= csr_addr_i;
  end
  integer f_j;
  always @* begin
    f_ci_hit = 1'b0;
    for (f_j = 0; f_j < NRD; f_j = f_j + 1)
      if (f_ci_addr_q == rd_addr(f_j)) f_ci_hit = 1'b1;
  end
  always @* begin
    if (f_rst_seen) begin
      // the CSR request stage: every decoded register equals its definition on the request
      assert (ci_req_q == f_ci_req_q);
      for (f_i = 0; f_i < NRD; f_i = f_i + 1)
        assert (ci_rsel_q[f_i] == (f_ci_req_q && !f_ci_we_q && f_ci_addr_q == rd_addr(f_i)));
      assert (ci_rmiss_q == (f_ci_req_q && !f_ci_we_q && !f_ci_hit));
      for (f_i = 0; f_i < 2; f_i = f_i + 1)
        assert (ci_pop_q[f_i] == (f_ci_req_q && !f_ci_we_q && f_ci_addr_q == A_SYS_POP + 12'(4 * f_i)));
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1)
        assert (ci_wdb_q[f_i] == (f_ci_req_q && f_ci_we_q && f_ci_addr_q == A_DB + 12'(4 * f_i)));
      assert (ci_wen_q == (f_ci_req_q && f_ci_we_q && f_ci_addr_q == A_CTRL) &&
              ci_clr_q == (ci_wen_q && ci_wdata_q[1]) &&
              ci_wst_q == (f_ci_req_q && f_ci_we_q && f_ci_addr_q == A_STATUS) &&
              ci_wie_q == (f_ci_req_q && f_ci_we_q && f_ci_addr_q == A_IRQ_EN) &&
              ci_wlim_q == (f_ci_req_q && f_ci_we_q && f_ci_addr_q == A_LIMIT));
      assert (lm32_q == {1'b0, limit_q} - 33'd32 && lm48_q == {1'b0, limit_q} - 33'd48);
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1) assert (db_cnt_q[f_i*DBCW +: DBCW] <= DBCW'(DB_DEPTH) &&
                                                         dne_q[f_i] == (db_cnt_q[f_i*DBCW +: DBCW] != '0) &&
                                                         dfu_q[f_i] == (db_cnt_q[f_i*DBCW +: DBCW] == DBCW'(DB_DEPTH)));
      // one doorbell pop per cycle (db_raddr is an AND-OR of the pops)
      assert ((db_pop & (db_pop - 1'b1)) == '0 && db_re == (db_pop != '0));
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1)
        if (db_pop[f_i]) assert (db_raddr == {RW'(f_i), db_rp_q[f_i*DBAW +: DBAW]});
    end
  end
  always @(posedge clk_i)
    cover (f_rst_seen && rst_ni && db_cnt_q[0 +: DBCW] == DBCW'(DB_DEPTH) && ci_wdb_q[0]);
`endif
endmodule
`default_nettype wire
