`default_nettype none
// aotf_rx: AOTF receive path (paper section 4 "Mini-OTF receive" + LLCM), see docs/aotf_rx.md.
//  s_axis (from the link) -> packet parser/checker -> write buffer (WB_DEPTH checked writes)
//  -> LLCM write port (aotf_llcm). The host reads the LLCM through hr_* (3-cycle latency, never
//  stalled) and writes it through CSRs (HW_ADDR/HW_DATA_*/HW_CMD, priority over the buffer).
//  A packet is 4 header beats + 1 data beat; it is written only after its tlast beat was checked
//  (type/flag, len, tkeep, LLCM range, protection table), never partially.
module aotf_rx #(
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  parameter int WB_DEPTH   = 4,
  parameter bit CSR_REG    = 1'b0,   // 1: CSR request registered first, ack 2 cycles later (aotf_node)
  localparam int LB    = $clog2(LLCM_BYTES),  // byte address bits
  localparam int WORDS = LLCM_BYTES / 8,
  localparam int WA    = LB - 3,
  localparam int PTB   = $clog2(PT_ENTRIES),
  localparam int WBW   = $clog2(WB_DEPTH),
  localparam int EW    = (WA - 1) + WA + 16 + 128  // write-buffer entry: LLCM request, see wb_q
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // link side
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  // CSR bus (block-local byte address)
  input  wire        csr_req_i,
  input  wire        csr_we_i,
  input  wire [11:0] csr_addr_i,
  input  wire [31:0] csr_wdata_i,
  output wire        csr_ack_o,
  output wire [31:0] csr_rdata_o,
  // host LLCM read port: data 3 cycles after hr_valid_i, never stalled
  input  wire        hr_valid_i,
  input  wire [31:0] hr_addr_i,
  output wire        hr_rvalid_o,
  output wire [63:0] hr_rdata_o,
  output wire        irq_o,
  // observability
  output wire [2:0]  dbg_beat_o,
  output wire        dbg_disc_o,
  output wire [4:0]  dbg_wb_count_o,
  output wire        dbg_init_o,
  output wire [3:0]  dbg_ev_o,        // last cycle's packet event (EV_* below), 0 = none
  output wire [15:0] dbg_llcm_we_o    // LLCM lane write enables this cycle
);
`ifndef __ICARUS__
  generate
    if (LLCM_BYTES < 32 || (LLCM_BYTES & (LLCM_BYTES - 1)) != 0 || LB > 17 ||
        PT_ENTRIES < 2 || PT_ENTRIES > 16 || (PT_ENTRIES & (PT_ENTRIES - 1)) != 0 ||
        WB_DEPTH < 2 || WB_DEPTH > 16 || (WB_DEPTH & (WB_DEPTH - 1)) != 0) begin : g_param_err
      $error("aotf_rx: LLCM_BYTES pow2 32..128Ki, PT_ENTRIES pow2 2..16, WB_DEPTH pow2 2..16");
    end
  endgenerate
`endif

  // packet events (also STATUS bit ev-1)
  localparam logic [3:0] EV_NONE = 4'd0, EV_GOOD = 4'd1, EV_TYPE = 4'd2, EV_LEN = 4'd3,
                         EV_KEEP = 4'd4, EV_RANGE = 4'd5, EV_PROT = 4'd6, EV_TRUNC = 4'd7,
                         EV_OVERLONG = 4'd8;

  // ------------------------------------------------------------------ state
  reg [2:0]    beat_q, beat_d;
  reg          disc_q, disc_d;
  reg          type_ok_q, type_ok_d;
  reg [15:0]   pgid_q, pgid_d;
  reg [LB-1:0] raddr_q, raddr_d;
  reg          raddr_hi_q, raddr_hi_d;   // raddr bits 63:LB not all zero
  reg [7:0]    len_q, len_d;
  reg [3:0]    ev_q, ev_d;

  // write buffer entries (flops, packed), stored as the LLCM write request they become:
  // {even-bank index of the word pair, word, byte enables[15:0], data[127:0]} (timing: the
  // shift to the byte offset and the even-bank index adder are done when the entry is pushed,
  // so only the head mux sits between the buffer and the LLCM write port)
  reg [WB_DEPTH*EW-1:0] wb_q, wb_d;
  reg [WBW-1:0] wb_rd_q, wb_rd_d;
  // write slot one-hot (slot wb_rd_q + wb_cnt_q) and the entry clock enables: the free slot
  // is written with the would-be entry in every cycle the buffer is not full, whether or not
  // a packet is pushed (a push only advances the slot). Timing: the ~EW-bit entry enables come
  // straight from flops (wb_ce_q = wb_woh_q while not full, registered), push is not in them.
  reg [WB_DEPTH-1:0] wb_woh_q, wb_woh_d, wb_ce_q, wb_ce_d;
  reg [WBW:0]   wb_cnt_q, wb_cnt_d;
  // byte enables and word bit 0 of the head entry (entry wb_rd_q of wb_q), kept as a register
  // of their own (timing: the LLCM lane write enables come from flops, not from the head mux
  // behind the high-fanout wb_rd_q); loaded with the next cycle's head entry as wb_d has it
  reg [15:0]    hbe_q, hbe_d;
  reg           hw0_q, hw0_d;

  reg [PT_ENTRIES-1:0]    pt_v_q, pt_v_d;
  reg [PT_ENTRIES*16-1:0] pt_pgid_q, pt_pgid_d;
  reg [PT_ENTRIES*(LB+1)-1:0] pt_base_q, pt_base_d, pt_lim_q, pt_lim_d;
  // protection entry idx as {v, pgid, base, lim}: one-hot AND-OR mux (no shifters; timing: a
  // loop of ifs becomes a PT_ENTRIES-1 deep mux chain). The table is passed in (an always @*
  // does not see signals read inside a function).
  localparam int PTEW = 1 + 16 + 2 * (LB + 1);
  function automatic [PTEW-1:0] pt_entry(input [PTB-1:0] idx, input [PT_ENTRIES-1:0] v,
                                         input [PT_ENTRIES*16-1:0] pgid,
                                         input [PT_ENTRIES*(LB+1)-1:0] base, lim);
    integer j;
    pt_entry = '0;
    for (j = 0; j < PT_ENTRIES; j = j + 1)
      pt_entry = pt_entry | ({PTEW{idx == PTB'(j)}} &
                             {v[j], pgid[j*16 +: 16], base[j*(LB+1) +: (LB+1)], lim[j*(LB+1) +: (LB+1)]});
  endfunction

  reg          rx_en_q, rx_en_d;
  reg [7:0]    status_q, status_d;
  reg [7:0]    irq_en_q, irq_en_d;
  reg [PTB-1:0] pt_idx_q, pt_idx_d;
  reg [WA-1:0] hw_addr_q, hw_addr_d;
  reg [63:0]   hw_data_q, hw_data_d;
  reg [10*32-1:0] cnt_q, cnt_d;           // counter k at [k*32 +: 32]: 1..8 = events, 9 = bytes, 0 = host writes
  reg          ack_q;
  reg [31:0]   rdata_q, rdata_d;
  reg [9:0]    rcnt_q, rcnt_d;    // counter read in the response cycle, one-hot (0: none)
  reg [31:0]   rcnt;
  // data-beat checks, computed in the cycle before from the header registers (stable from the
  // cycle before the data beat on) and the protection table as it will be in the data-beat
  // cycle (this cycle's CSR write forwarded): exact, no added cycle
  reg          ck_len_q, ck_rng_q, ck_v_q, ck_pgid_q, ck_base_q, ck_lim_q;
  reg          ck_tl_q;   // type_ok_q && len check (push only; the events keep them apart)
  reg [7:0]    ck_keep_q;
  // counter events, added one cycle later; a CSR read returns count + pending event (exact)
  reg [3:0]    cev_q, cev_d;
  reg          cbytes_q, cbytes_d, chw_q, chw_d;
  reg [3:0]    clen_q;

  // ------------------------------------------------------------------ LLCM
  wire         llcm_busy;
  reg          llcm_init;
  reg          llcm_bw_en;   // buffer head to the LLCM (the host write, hw_wr, has priority)

  // ------------------------------------------------------------------ datapath
  // tready depends on registered state only (own assigns, so that no tool sees a path from
  // s_axis_tvalid to s_axis_tready through the shared always block)
  // wb_cnt_q <= WB_DEPTH (asserted): full is its top bit (timing: one flop, not a compare)
  wire         wb_full = wb_cnt_q[WBW];
  // lidle_q == !llcm_busy (asserted): a copy of the LLCM's init-busy flop, inverted so that
  // synthesis keeps it apart, for the stream-accept term (timing: the LLCM's flop sits among
  // its block RAMs, far from the header registers that acc enables)
  wire         llcm_busy_d;
  reg          lidle_q;
  always @(posedge clk_i) begin
    if (!rst_ni) lidle_q <= 1'b0;
    else         lidle_q <= !llcm_busy_d;
  end
  wire         tready  = rx_en_q && lidle_q && !wb_full;
  reg          acc, push, push_pre, beat4, pop, hw_wr;
  reg [3:0]    ev;
  reg [7:0]    keep_exp;
  reg [LB:0]   pend;
  reg          len_ok, range_ok, prot_ok, sel_v_d;
  reg [15:0]   sel_pgid_d;
  reg [LB:0]   sel_base_d, sel_lim_d;
  reg          fw_e, fw_b, fw_l, ckv_d, ckpg_d, ckb_d, ckl_d;
  /* verilator lint_off UNUSEDSIGNAL */  // only the sign bit of each difference is used
  reg [LB+1:0] db_w, db_r, dl_w, dl_r;
  /* verilator lint_on UNUSEDSIGNAL */
  // protection entry of pgid_q, registered (timing: the 16:1 entry mux and the compares are in
  // different cycles). sel_*_q = entry pgid_q of the table as it is in this cycle; pgid_q is
  // stable from the cycle after beat 0, i.e. >= 3 cycles before the data beat needs it.
  reg          sel_v_q;
  reg [15:0]   sel_pgid_q;
  reg [LB:0]   sel_base_q, sel_lim_q;
  /* verilator lint_off UNUSEDSIGNAL */  // head be / word bit 0: from hbe_q / hw0_q instead
  reg [EW-1:0] head;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [EW-1:0] p_ent;
  reg [WA-2:0] h_idx0;
  reg [WA-1:0] h_word, p_word;
  reg [15:0]   h_be, p_be, hbe_now, hbe_nxt;
  reg          hw0_now, hw0_nxt;
  reg [WBW-1:0] rd_nxt;
  reg [127:0]  h_wide;
  reg [31:0]   rmux;
  // timing: the protection entry the CSR read mux shows (entry pt_idx_q), registered. rd_*_q =
  // entry pt_idx_q of the table as it is in this cycle (exact): a PT_INDEX write loads entry
  // csr_wdata of the current table (no entry changes in that cycle); a PT_ENTRY/BASE/LIMIT
  // write (only ever to entry pt_idx_q) is forwarded; otherwise it holds. So no 16:1 entry mux
  // sits in front of the read mux.
  reg          rd_v_q, rd_v_d;
  reg [15:0]   rd_pgid_q, rd_pgid_d;
  reg [LB:0]   rd_base_q, rd_base_d, rd_lim_q, rd_lim_d;
  integer      k, kc;

  // ---------------- the CSR request that acts this cycle. CSR_REG = 0: the bus. CSR_REG = 1
  // (aotf_node): the bus registered once, acked one cycle later (two after the request), with
  // its write strobes decoded before the register (timing: no 12-bit address compare between
  // the request register and the protection table / LLCM / counter enables). c_w: one-hot
  // write strobes, request && write && address == register.
  localparam int NW = 11;
  localparam int W_CTRL = 0, W_STATUS = 1, W_IRQ_EN = 2, W_PT_INDEX = 3, W_PT_ENTRY = 4,
                 W_PT_BASE = 5, W_PT_LIMIT = 6, W_HW_ADDR = 7, W_HW_DATA_LO = 8,
                 W_HW_DATA_HI = 9, W_HW_CMD = 10;
  function automatic [NW-1:0] wstrobes(input logic req, input logic we, input logic [11:0] a);
    logic w;
    w = req && we;
    wstrobes[W_CTRL]       = w && a == nic_pkg::CSR_AOTF_RX_CTRL;
    wstrobes[W_STATUS]     = w && a == nic_pkg::CSR_AOTF_RX_STATUS;
    wstrobes[W_IRQ_EN]     = w && a == nic_pkg::CSR_AOTF_RX_IRQ_EN;
    wstrobes[W_PT_INDEX]   = w && a == nic_pkg::CSR_AOTF_RX_PT_INDEX;
    wstrobes[W_PT_ENTRY]   = w && a == nic_pkg::CSR_AOTF_RX_PT_ENTRY;
    wstrobes[W_PT_BASE]    = w && a == nic_pkg::CSR_AOTF_RX_PT_BASE;
    wstrobes[W_PT_LIMIT]   = w && a == nic_pkg::CSR_AOTF_RX_PT_LIMIT;
    wstrobes[W_HW_ADDR]    = w && a == nic_pkg::CSR_AOTF_RX_HW_ADDR;
    wstrobes[W_HW_DATA_LO] = w && a == nic_pkg::CSR_AOTF_RX_HW_DATA_LO;
    wstrobes[W_HW_DATA_HI] = w && a == nic_pkg::CSR_AOTF_RX_HW_DATA_HI;
    wstrobes[W_HW_CMD]     = w && a == nic_pkg::CSR_AOTF_RX_HW_CMD;
  endfunction
  wire [NW-1:0] bus_w = wstrobes(csr_req_i, csr_we_i, csr_addr_i);
  // read selects, one-hot, decoded like the write strobes (timing: the read register's input is
  // an AND-OR of registered selects and values, no 12-bit address compare in front of it).
  // R_CNT + k: counter k (see cnt_q); HW_CMD reads 0 (no select); R_UNM: no register mapped.
  localparam int NR = 24;
  localparam int R_ID = 0, R_VERSION = 1, R_CONFIG = 2, R_CTRL = 3, R_STATUS = 4, R_IRQ_EN = 5,
                 R_PT_INDEX = 6, R_PT_ENTRY = 7, R_PT_BASE = 8, R_PT_LIMIT = 9, R_HW_ADDR = 10,
                 R_HW_DATA_LO = 11, R_HW_DATA_HI = 12, R_UNM = 13, R_CNT = 14;
  function automatic [NR-1:0] rstrobes(input logic req, input logic we, input logic [11:0] a);
    logic r;
    r = req && !we;
    rstrobes = '0;
    case (a)
      nic_pkg::CSR_AOTF_RX_ID:           rstrobes[R_ID]         = r;
      nic_pkg::CSR_AOTF_RX_VERSION:      rstrobes[R_VERSION]    = r;
      nic_pkg::CSR_AOTF_RX_CONFIG:       rstrobes[R_CONFIG]     = r;
      nic_pkg::CSR_AOTF_RX_CTRL:         rstrobes[R_CTRL]       = r;
      nic_pkg::CSR_AOTF_RX_STATUS:       rstrobes[R_STATUS]     = r;
      nic_pkg::CSR_AOTF_RX_IRQ_EN:       rstrobes[R_IRQ_EN]     = r;
      nic_pkg::CSR_AOTF_RX_PT_INDEX:     rstrobes[R_PT_INDEX]   = r;
      nic_pkg::CSR_AOTF_RX_PT_ENTRY:     rstrobes[R_PT_ENTRY]   = r;
      nic_pkg::CSR_AOTF_RX_PT_BASE:      rstrobes[R_PT_BASE]    = r;
      nic_pkg::CSR_AOTF_RX_PT_LIMIT:     rstrobes[R_PT_LIMIT]   = r;
      nic_pkg::CSR_AOTF_RX_HW_ADDR:      rstrobes[R_HW_ADDR]    = r;
      nic_pkg::CSR_AOTF_RX_HW_DATA_LO:   rstrobes[R_HW_DATA_LO] = r;
      nic_pkg::CSR_AOTF_RX_HW_DATA_HI:   rstrobes[R_HW_DATA_HI] = r;
      nic_pkg::CSR_AOTF_RX_HW_CMD:       ;
      nic_pkg::CSR_AOTF_RX_CNT_HOSTWR:   rstrobes[R_CNT + 0]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_GOOD:     rstrobes[R_CNT + 1]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_TYPE:     rstrobes[R_CNT + 2]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_LEN:      rstrobes[R_CNT + 3]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_KEEP:     rstrobes[R_CNT + 4]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_RANGE:    rstrobes[R_CNT + 5]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_PROT:     rstrobes[R_CNT + 6]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_TRUNC:    rstrobes[R_CNT + 7]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_OVERLONG: rstrobes[R_CNT + 8]    = r;
      nic_pkg::CSR_AOTF_RX_CNT_BYTES:    rstrobes[R_CNT + 9]    = r;
      default:                           rstrobes[R_UNM]        = r;
    endcase
  endfunction
  wire [NR-1:0] bus_r = rstrobes(csr_req_i, csr_we_i, csr_addr_i);
  reg           rq_req_q;
  reg  [NW-1:0] rq_w_q;
  reg  [NR-1:0] rq_r_q;
  reg  [31:0]   rq_wdata_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rq_req_q <= 1'b0;
      rq_w_q   <= '0;
      rq_r_q   <= '0;
    end else begin
      rq_req_q <= csr_req_i;
      rq_w_q   <= bus_w;
      rq_r_q   <= bus_r;
    end
  end
  // request payload: no reset (don't-care while rq_req_q is 0)
  always @(posedge clk_i) rq_wdata_q <= csr_wdata_i;
`ifdef FORMAL
  // the registered request, for the strobe checks below only (the block acts on the strobes)
  reg           rq_we_q;
  reg  [11:0]   rq_addr_q;
  always @(posedge clk_i) begin
    rq_we_q   <= csr_we_i;
    rq_addr_q <= csr_addr_i;
  end
`endif
  // CSR_REG: the index of a PT_INDEX write in a register of its own loaded only by such a
  // write (timing: it selects the entry for the read-back registers rd_*; the request payload
  // register is shared with every CSR write of the node and sits far from the table; no reset,
  // used only with c_w[W_PT_INDEX], the cycle after it is loaded)
  reg  [PTB-1:0] pti_q;
  always @(posedge clk_i)
    if (bus_w[W_PT_INDEX]) pti_q <= csr_wdata_i[PTB-1:0];
  wire          c_req   = CSR_REG ? rq_req_q   : csr_req_i;
  wire [31:0]   c_wdata = CSR_REG ? rq_wdata_q : csr_wdata_i;
  wire [NW-1:0] c_w     = CSR_REG ? rq_w_q     : bus_w;
  wire [NR-1:0] c_r     = CSR_REG ? rq_r_q     : bus_r;
  wire [PTB-1:0] c_pti   = CSR_REG ? pti_q : c_wdata[PTB-1:0];

  aotf_llcm #(.WORDS(WORDS)) u_llcm (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .init_i     (llcm_init),
    .busy_o     (llcm_busy),
    .busy_d_o   (llcm_busy_d),
    .hw_en_i    (hw_wr),
    .hw_word_i  (hw_addr_q),
    .hw_data_i  (hw_data_q),
    .hw_be_i    (c_wdata[7:0]),
    .bw_en_i    (llcm_bw_en),
    .bw_word_i  (h_word),
    .bw_idx0_i  (h_idx0),
    .bw_data_i  (h_wide),
    .bw_be_i    (h_be),
    .rd_en_i    (hr_valid_i),
    .rd_addr_i  (hr_addr_i),
    .rd_valid_o (hr_rvalid_o),
    .rd_data_o  (hr_rdata_o),
    .dbg_we_o   (dbg_llcm_we_o)
  );

  always @* begin
    acc     = s_axis_tvalid && tready;
    beat4   = beat_q[2];   // beat_q <= 4 (asserted): beat_q == 4

    // ---- checks of a data beat, for the next cycle (see ck_*_q)
    keep_exp = ~(8'hFF << len_q[3:0]);
    len_ok   = (len_q != 8'd0) && (len_q <= 8'd8);
    pend     = {1'b0, raddr_q} + (LB+1)'(len_q[3:0]);
    range_ok = !raddr_hi_q && (pend <= (LB+1)'(LLCM_BYTES));
    // this cycle's CSR write to entry pgid_q (ENTRY / BASE / LIMIT), forwarded below
    fw_e   = c_w[W_PT_ENTRY] && pt_idx_q == pgid_q[PTB-1:0];
    fw_b   = c_w[W_PT_BASE] && pt_idx_q == pgid_q[PTB-1:0];
    fw_l   = c_w[W_PT_LIMIT] && pt_idx_q == pgid_q[PTB-1:0];
    // entry pgid_q as it will be in the next cycle (this cycle's CSR write forwarded) -> sel_*_q
    {sel_v_d, sel_pgid_d, sel_base_d, sel_lim_d} = pt_entry(pgid_q[PTB-1:0], pt_v_q, pt_pgid_q,
                                                            pt_base_q, pt_lim_q);
    if (fw_e) begin
      sel_v_d    = c_wdata[31];
      sel_pgid_d = c_wdata[15:0];
    end
    if (fw_b) sel_base_d = c_wdata[LB:0];
    if (fw_l) sel_lim_d  = c_wdata[LB:0];
    // checks of the entry the data beat of the next cycle sees: the registered one, this
    // cycle's write forwarded. Timing: both compares (registered entry, CSR write data) are
    // made from flops / inputs and the (late, CSR-decoded) forward only selects the result,
    // as AND-OR terms (no compare behind the decode). Asserted equal to the compare of the
    // forwarded entry (FORMAL).
    ckv_d  = (fw_e && c_wdata[31]) || (!fw_e && sel_v_q);
    ckpg_d = (fw_e && (c_wdata[15:0] == pgid_q)) || (!fw_e && (sel_pgid_q == pgid_q));
    // each compare as the sign of one subtraction (a carry chain; Yosys maps some >= / <= of
    // these to LUT trees): a >= b <=> !sign(a - b)
    db_w   = {2'b00, raddr_q} - {1'b0, c_wdata[LB:0]};
    db_r   = {2'b00, raddr_q} - {1'b0, sel_base_q};
    dl_w   = {1'b0, c_wdata[LB:0]} - {1'b0, pend};
    dl_r   = {1'b0, sel_lim_q} - {1'b0, pend};
    ckb_d  = (fw_b && !db_w[LB+1]) || (!fw_b && !db_r[LB+1]);
    ckl_d  = (fw_l && !dl_w[LB+1]) || (!fw_l && !dl_r[LB+1]);
    prot_ok  = ck_v_q && ck_pgid_q && ck_base_q && ck_lim_q;

    // ---- parser
    beat_d     = beat_q;
    disc_d     = disc_q;
    type_ok_d  = type_ok_q;
    pgid_d     = pgid_q;
    raddr_d    = raddr_q;
    raddr_hi_d = raddr_hi_q;
    len_d      = len_q;
    ev         = EV_NONE;
    if (acc) begin
      if (disc_q) begin
        disc_d = !s_axis_tlast;
      end else if (!beat4) begin
        case (beat_q)
          3'd0: begin
            type_ok_d = (s_axis_tdata[nic_pkg::AOTF_HDR_PTYPE_LSB +: 8] == nic_pkg::PTYPE_AOTF[7:0]) &&
                        ((s_axis_tdata[nic_pkg::AOTF_HDR_FLAGS_LSB +: 8] & nic_pkg::FLAG_AOTF[7:0]) != 8'd0);
            pgid_d    = s_axis_tdata[nic_pkg::AOTF_HDR_PGID_LSB +: 16];
          end
          3'd1: begin
            raddr_d    = s_axis_tdata[LB-1:0];
            raddr_hi_d = (s_axis_tdata[63:LB] != '0);
          end
          3'd2: len_d = s_axis_tdata[nic_pkg::AOTF_HDR_LEN_LSB +: 8];
          default: ;
        endcase
        if (s_axis_tlast) begin
          ev     = EV_TRUNC;
          beat_d = 3'd0;
        end else begin
          beat_d = beat_q + 3'd1;
        end
      end else begin
        beat_d = 3'd0;
        if (!s_axis_tlast) begin
          ev     = EV_OVERLONG;
          disc_d = 1'b1;
        end else if (!type_ok_q)               ev = EV_TYPE;
        else if (!ck_len_q)                    ev = EV_LEN;
        else if (s_axis_tkeep != ck_keep_q)    ev = EV_KEEP;
        else if (!ck_rng_q)                    ev = EV_RANGE;
        else if (!prot_ok)                     ev = EV_PROT;
        else                                   ev = EV_GOOD;
      end
    end
    ev_d = ev;
    // push = (ev == EV_GOOD) as one AND (asserted): the terms of registered state first
    // (push_pre; disc_q is 0 whenever beat_q is 4, asserted), the beat's own inputs (tvalid,
    // tlast, tkeep) last. Timing: push drives the write-buffer count / slot registers.
    push_pre = tready && beat4 && ck_tl_q && ck_rng_q && prot_ok;
    push     = s_axis_tvalid && s_axis_tlast && (s_axis_tkeep == ck_keep_q) && push_pre;

    // ---- LLCM write port: init sweep > host write (CSR) > write buffer
    llcm_init = c_w[W_CTRL] && c_wdata[1];
    hw_wr     = c_w[W_HW_CMD] && !llcm_busy;
    // timing: the LLCM gets the buffer head as a request of its own and the (late, CSR-decoded)
    // host write only as a priority select; pop = the head was written
    llcm_bw_en = (wb_cnt_q != '0) && !llcm_busy;
    pop       = llcm_bw_en && !hw_wr;
    head      = wb_q[0 +: EW];
    for (k = 1; k < WB_DEPTH; k = k + 1)
      if (wb_rd_q == WBW'(k)) head = wb_q[k*EW +: EW];
    h_wide    = head[127:0];
    h_be      = hbe_q;
    h_word    = {head[144 + 1 +: WA - 1], hw0_q};
    h_idx0    = head[EW-1 -: WA-1];
    // the entry a push stores: the checked data beat at raddr_q, len_q bytes
    p_word    = raddr_q[LB-1:3];
    p_be      = {8'h00, ~(8'hFF << len_q[3:0])} << raddr_q[2:0];
    p_ent     = {p_word[WA-1:1] + (WA-1)'(p_word[0]), p_word, p_be,
                 {64'd0, s_axis_tdata} << {raddr_q[2:0], 3'b000}};

    // ---- write buffer
    wb_d     = wb_q;
    wb_woh_d = wb_woh_q;
    wb_rd_d  = wb_rd_q;
    for (k = 0; k < WB_DEPTH; k = k + 1)
      if (wb_ce_q[k]) wb_d[k*EW +: EW] = p_ent;
    if (push) wb_woh_d = {wb_woh_q[WB_DEPTH-2:0], wb_woh_q[WB_DEPTH-1]};
    if (pop) wb_rd_d = wb_rd_q + 1'b1;
    wb_cnt_d = wb_cnt_q + (WBW+1)'(push) - (WBW+1)'(pop);
    wb_ce_d  = wb_woh_d & {WB_DEPTH{wb_cnt_d != (WBW+1)'(WB_DEPTH)}};
    // head be / word bit 0 of the next cycle: entry wb_rd_d of wb_d. Both candidates (entry
    // rd and rd+1, each the pushed-slot value if that slot is written this cycle) come from
    // registered state; pop (late: host-write decode) only selects
    // (slot rd is the one written iff the buffer is empty, slot rd+1 iff it holds one entry)
    rd_nxt  = wb_rd_q + 1'b1;
    hbe_now = wb_q[0*EW + 128 +: 16];
    hw0_now = wb_q[0*EW + 144];
    hbe_nxt = wb_q[0*EW + 128 +: 16];
    hw0_nxt = wb_q[0*EW + 144];
    for (k = 1; k < WB_DEPTH; k = k + 1) begin
      if (wb_rd_q == WBW'(k)) begin
        hbe_now = wb_q[k*EW + 128 +: 16];
        hw0_now = wb_q[k*EW + 144];
      end
      if (rd_nxt == WBW'(k)) begin
        hbe_nxt = wb_q[k*EW + 128 +: 16];
        hw0_nxt = wb_q[k*EW + 144];
      end
    end
    if (wb_cnt_q == '0) begin
      hbe_now = p_be;
      hw0_now = p_word[0];
    end
    if (wb_cnt_q == (WBW+1)'(1)) begin
      hbe_nxt = p_be;
      hw0_nxt = p_word[0];
    end
    hbe_d = pop ? hbe_nxt : hbe_now;
    hw0_d = pop ? hw0_nxt : hw0_now;

    // ---- CSR registers
    rx_en_d   = rx_en_q;
    irq_en_d  = irq_en_q;
    pt_idx_d  = pt_idx_q;
    hw_addr_d = hw_addr_q;
    hw_data_d = hw_data_q;
    pt_v_d    = pt_v_q;
    pt_pgid_d = pt_pgid_q;
    pt_base_d = pt_base_q;
    pt_lim_d  = pt_lim_q;
    status_d  = status_q;
    // CSR writes (c_w is one-hot)
    if (c_w[W_CTRL])       rx_en_d  = c_wdata[0];
    if (c_w[W_STATUS])     status_d = status_q & ~c_wdata[7:0];
    if (c_w[W_IRQ_EN])     irq_en_d = c_wdata[7:0];
    if (c_w[W_PT_INDEX])   pt_idx_d = c_wdata[PTB-1:0];
    for (k = 0; k < PT_ENTRIES; k = k + 1) begin
      if (c_w[W_PT_ENTRY] && pt_idx_q == PTB'(k)) begin
        pt_v_d[k] = c_wdata[31];
        pt_pgid_d[k*16 +: 16] = c_wdata[15:0];
      end
      if (c_w[W_PT_BASE] && pt_idx_q == PTB'(k))  pt_base_d[k*(LB+1) +: (LB+1)] = c_wdata[LB:0];
      if (c_w[W_PT_LIMIT] && pt_idx_q == PTB'(k)) pt_lim_d[k*(LB+1) +: (LB+1)] = c_wdata[LB:0];
    end
    if (c_w[W_HW_ADDR])    hw_addr_d = c_wdata[LB-1:3];
    if (c_w[W_HW_DATA_LO]) hw_data_d[31:0] = c_wdata;
    if (c_w[W_HW_DATA_HI]) hw_data_d[63:32] = c_wdata;
    for (k = 1; k <= 8; k = k + 1)                  // event k -> bit k-1
      if (ev == 4'(k)) status_d[k-1] = 1'b1;        // a new event wins over a same-cycle W1C

    // ---- counters: this cycle's events are added next cycle (cev_q, cbytes_q, chw_q); a
    // clear (CTRL bit 2) drops this cycle's events and zeroes the counters
    cnt_d = cnt_q;
    for (k = 1; k <= 8; k = k + 1)
      if (cev_q == 4'(k)) cnt_d[k*32 +: 32] = cnt_q[k*32 +: 32] + 32'd1;
    if (cbytes_q) cnt_d[9*32 +: 32] = cnt_q[9*32 +: 32] + {28'd0, clen_q};
    if (chw_q) cnt_d[0 +: 32] = cnt_q[0 +: 32] + 32'd1;
    cev_d    = ev;
    cbytes_d = push;
    chw_d    = hw_wr;
    if (c_w[W_CTRL] && c_wdata[2]) begin
      cnt_d    = '0;
      cev_d    = EV_NONE;
      cbytes_d = 1'b0;
      chw_d    = 1'b0;
    end

    // ---- protection entry for the CSR read mux of the next cycle (rd_*_q, see above). The
    // entry mux is driven by the index of a PT_INDEX write (c_pti: its own register with
    // CSR_REG), not by a muxed index: the CSR decode only selects between it, the written
    // fields and the held value (timing).
    {rd_v_d, rd_pgid_d, rd_base_d, rd_lim_d} = pt_entry(c_pti, pt_v_q, pt_pgid_q, pt_base_q,
                                                        pt_lim_q);
    if (!c_w[W_PT_INDEX]) begin
      rd_v_d    = rd_v_q;
      rd_pgid_d = rd_pgid_q;
      rd_base_d = rd_base_q;
      rd_lim_d  = rd_lim_q;
      if (c_w[W_PT_ENTRY]) begin
        rd_v_d    = c_wdata[31];
        rd_pgid_d = c_wdata[15:0];
      end
      if (c_w[W_PT_BASE])  rd_base_d = c_wdata[LB:0];
      if (c_w[W_PT_LIMIT]) rd_lim_d  = c_wdata[LB:0];
    end

    // ---- CSR read mux (value of the request cycle). Counters: the value of the request cycle
    // is count + pending event = cnt_d, which is cnt_q of the response cycle (a read never
    // coincides with a clear), so the counter is selected there (rcnt_q): no counter adder in
    // front of the read register (timing).
    rmux = ({32{c_r[R_ID]}}         & 32'h4152_5830) |
           ({32{c_r[R_VERSION]}}    & 32'h0001_0000) |
           ({32{c_r[R_CONFIG]}}     & {11'd0, 5'(WB_DEPTH), 4'd0, 4'(PTB), 3'd0, 5'(LB)}) |
           ({32{c_r[R_CTRL]}}       & {31'd0, rx_en_q}) |
           ({32{c_r[R_STATUS]}}     & {3'd0, 5'(wb_cnt_q), 1'b0, beat_q, 2'd0, disc_q, llcm_busy,
                                       8'd0, status_q}) |
           ({32{c_r[R_IRQ_EN]}}     & {24'd0, irq_en_q}) |
           ({32{c_r[R_PT_INDEX]}}   & 32'(pt_idx_q)) |
           ({32{c_r[R_PT_ENTRY]}}   & {rd_v_q, 15'd0, rd_pgid_q}) |
           ({32{c_r[R_PT_BASE]}}    & 32'(rd_base_q)) |
           ({32{c_r[R_PT_LIMIT]}}   & 32'(rd_lim_q)) |
           ({32{c_r[R_HW_ADDR]}}    & 32'({hw_addr_q, 3'b000})) |
           ({32{c_r[R_HW_DATA_LO]}} & hw_data_q[31:0]) |
           ({32{c_r[R_HW_DATA_HI]}} & hw_data_q[63:32]) |
           ({32{c_r[R_UNM]}}        & nic_pkg::CSR_UNMAPPED);
    rdata_d = rmux;   // 0 unless a read (every select includes it)
    rcnt_d  = c_r[R_CNT +: 10];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      beat_q     <= 3'd0;
      disc_q     <= 1'b0;
      ev_q       <= EV_NONE;
      wb_woh_q   <= WB_DEPTH'(1);
      wb_ce_q    <= WB_DEPTH'(1);
      wb_rd_q    <= '0;
      wb_cnt_q   <= '0;
      pt_v_q     <= '0;
      pt_pgid_q  <= '0;
      pt_base_q  <= '0;
      pt_lim_q   <= '0;
      rx_en_q    <= 1'b1;
      status_q   <= 8'd0;
      irq_en_q   <= 8'd0;
      pt_idx_q   <= '0;
      rd_v_q     <= 1'b0;
      rd_pgid_q  <= '0;
      rd_base_q  <= '0;
      rd_lim_q   <= '0;
      hw_addr_q  <= '0;
      hw_data_q  <= 64'd0;
      cnt_q      <= '0;
      ack_q      <= 1'b0;
      rdata_q    <= 32'd0;
      rcnt_q     <= 10'd0;
      cev_q      <= EV_NONE;
      cbytes_q   <= 1'b0;
      chw_q      <= 1'b0;
    end else begin
      beat_q     <= beat_d;
      disc_q     <= disc_d;
      ev_q       <= ev_d;
      wb_woh_q   <= wb_woh_d;
      wb_ce_q    <= wb_ce_d;
      wb_rd_q    <= wb_rd_d;
      wb_cnt_q   <= wb_cnt_d;
      pt_v_q     <= pt_v_d;
      pt_pgid_q  <= pt_pgid_d;
      pt_base_q  <= pt_base_d;
      pt_lim_q   <= pt_lim_d;
      rx_en_q    <= rx_en_d;
      status_q   <= status_d;
      irq_en_q   <= irq_en_d;
      pt_idx_q   <= pt_idx_d;
      rd_v_q     <= rd_v_d;
      rd_pgid_q  <= rd_pgid_d;
      rd_base_q  <= rd_base_d;
      rd_lim_q   <= rd_lim_d;
      hw_addr_q  <= hw_addr_d;
      hw_data_q  <= hw_data_d;
      cnt_q      <= cnt_d;
      ack_q      <= c_req;
      rdata_q    <= rdata_d;
      rcnt_q     <= rcnt_d;
      cev_q      <= cev_d;
      cbytes_q   <= cbytes_d;
      chw_q      <= chw_d;
    end
  end

  // write-buffer payload: no reset (don't-care while the entry is empty); header fields: no
  // reset (always written by beats 0..2 before the data beat uses them)
  always @(posedge clk_i) begin
    wb_q       <= wb_d;
    hbe_q      <= hbe_d;
    hw0_q      <= hw0_d;
    type_ok_q  <= type_ok_d;
    pgid_q     <= pgid_d;
    raddr_q    <= raddr_d;
    raddr_hi_q <= raddr_hi_d;
    len_q      <= len_d;
    clen_q     <= len_q[3:0];
    // checks for the next cycle (only used in a data-beat cycle: the header is stable then)
    ck_len_q   <= len_ok;
    ck_tl_q    <= len_ok && type_ok_q;
    ck_keep_q  <= keep_exp;
    ck_rng_q   <= range_ok;
    ck_v_q     <= ckv_d;
    ck_pgid_q  <= ckpg_d;
    ck_base_q  <= ckb_d;
    ck_lim_q   <= ckl_d;
    sel_v_q    <= sel_v_d;
    sel_pgid_q <= sel_pgid_d;
    sel_base_q <= sel_base_d;
    sel_lim_q  <= sel_lim_d;
  end

  assign s_axis_tready  = tready;
  assign csr_ack_o      = ack_q;
  always @* begin
    rcnt = 32'd0;
    for (kc = 0; kc <= 9; kc = kc + 1)
      rcnt = rcnt | ({32{rcnt_q[kc]}} & cnt_q[kc*32 +: 32]);
  end
  assign csr_rdata_o    = rdata_q | rcnt;
  assign irq_o          = (status_q & irq_en_q) != 8'd0;
  assign dbg_beat_o     = beat_q;
  assign dbg_disc_o     = disc_q;
  assign dbg_wb_count_o = 5'(wb_cnt_q);
  assign dbg_init_o     = llcm_busy;
  assign dbg_ev_o       = ev_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // the registered write strobes are the decode of the registered request
  always @(posedge clk_i) if (f_rst_seen) assert (rq_w_q == wstrobes(rq_req_q, rq_we_q, rq_addr_q));
  always @(posedge clk_i) if (f_rst_seen) assert (rq_r_q == rstrobes(rq_req_q, rq_we_q, rq_addr_q));
  // the read selects are one-hot or 0 (at most one counter in the response cycle)
  always @(posedge clk_i) if (f_rst_seen) assert ($onehot0(c_r) && $onehot0(rcnt_q));
  // hbe_q / hw0_q have no reset: valid from the second cycle after reset on
  reg f_hd_ok = 1'b0;
  always @(posedge clk_i) f_hd_ok <= f_rst_seen && rst_ni;
  // reference: the entry the next data beat sees (registered entry, this cycle's write
  // forwarded) and its checks; the ck_* flops load exactly these
  reg          f_pt_v;
  reg [15:0]   f_pt_pgid;
  reg [LB:0]   f_pt_base, f_pt_lim;
  always @* begin
    f_pt_v    = fw_e ? c_wdata[31]      : sel_v_q;
    f_pt_pgid = fw_e ? c_wdata[15:0]    : sel_pgid_q;
    f_pt_base = fw_b ? c_wdata[LB:0]    : sel_base_q;
    f_pt_lim  = fw_l ? c_wdata[LB:0]    : sel_lim_q;
  end
  // ck_tl_q = ck_len_q && type_ok_q whenever type_ok_q held for a cycle (always true in a
  // data-beat cycle: type_ok_q is loaded at beat 0)
  reg f_tok_q = 1'b0, f_tok_ok = 1'b0;
  always @(posedge clk_i) begin
    f_tok_q  <= type_ok_q;
    f_tok_ok <= 1'b1;
    if (f_tok_ok && f_tok_q == type_ok_q) assert (ck_tl_q == (ck_len_q && type_ok_q));
  end
  always @(posedge clk_i) begin
    if (f_rst_seen) begin
      assert (ckv_d == f_pt_v);
      assert (ckpg_d == (f_pt_pgid == pgid_q));
      assert (ckb_d == ({1'b0, raddr_q} >= f_pt_base));
      assert (ckl_d == (pend <= f_pt_lim));
    end
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      assert (wb_cnt_q <= (WBW+1)'(WB_DEPTH));
      assert (beat_q <= 3'd4);
      assert (!(disc_q && beat_q != 3'd0));
      assert (wb_woh_q == (WB_DEPTH'(1) << (wb_rd_q + WBW'(wb_cnt_q))));
      assert (wb_ce_q == (wb_woh_q & {WB_DEPTH{!wb_full}}));
      assert (push == (ev == EV_GOOD));
      assert (beat4 == (beat_q == 3'd4));
      assert (wb_full == (wb_cnt_q == (WBW+1)'(WB_DEPTH)));
      assert (lidle_q == !llcm_busy);
      cover (ev == EV_GOOD);
      cover (ev == EV_PROT);
    end
    // head be / word bit 0 registers = those fields of entry wb_rd_q (every cycle but the
    // first after a reset: they have no reset)
    if (f_rst_seen && rst_ni && f_hd_ok) begin
      assert (hbe_q == wb_q[32'(wb_rd_q)*EW + 128 +: 16]);
      assert (hw0_q == wb_q[32'(wb_rd_q)*EW + 144]);
    end
  end
`endif
endmodule
`default_nettype wire
