// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_send_csr: CSR registers, counters, sticky status, irq and the read mux of aotf_send.
// Register reads are sampled at the request cycle. HTLB_TAG / SEED_* reads return the view
// registers (tv_q: tag RAM word of set HTLB_IDX.SET, sv_q: seed word at HTLB_IDX) of the response
// cycle, i.e. the entry as it is at the end of the request cycle. The view is loaded from the
// RAMs by an indirect read: a HTLB_IDX write reads both RAMs at the new index (view_rd_o, the CSR
// takes both read ports that cycle). Both RAMs' read data go straight into a register with no
// logic in front (timing: block RAM clock-to-out; on ECP5 the flow folds these registers into
// the RAMs' output registers): the tag word comes from the HTLB's tq_q (tag_rd_data_i) and the
// seed from the packet generator's sq_q (seed_rd_data_i), two cycles after the view read. In
// that capture cycle (tc_q per tag lane, vl2_q for the seed) a HTLB_TAG / SEED_LO / SEED_HI read
// answered then takes the captured data instead of tv_q / sv_q, and a write to the entry
// between the view read and the capture (HTLB_TAG: its lane, sweep of the set: all lanes,
// SEED_HI: the seed) cancels the capture of what it wrote. Writes to the entry keep
// the view exact: a HTLB_TAG write (lane WAY), a SEED_HI write (64 bits), an init sweep write
// of set SET (all lanes 0); a write in the capture cycle wins over the RAM data.
// The refill walker's writes count like CSR writes (wk_*). The view follows the seed writes in
// their request cycle, but the seed RAM takes them one cycle later (the packet generator's write
// stage, wq_*_i = the write into the RAM this cycle): a view read of the entry that write
// goes to reads the RAM in that same cycle, so its capture is dropped and the view takes
// wq_data_i instead (seed forward, sv_fwd). Tag writes reach the tag RAM from the HTLB's write
// stage (tw_*_i: a write requested in an earlier cycle that the RAM has not taken yet; the RAM
// holds it in a view read cycle, so the view read reads the set as it was): a view read of the
// set the stage writes takes the stage's lanes (tf_q, tfl_q) one cycle later, with no capture
// of them (tag forward).
// There are no other RAM writers (the datapath only reads). After reset the view is 0 (the tag
// RAM set 0 is swept to 0; the seed view stays 0 until HTLB_IDX or SEED_HI is written).
// Counters: the value of the request cycle (count + pending event) is the counter register of
// the response cycle, which is selected there. The response is an AND-OR of one-hot registered
// selects (flops only behind csr_rdata_o).
// REQ_REG = 1 (timing, used in aotf_node): the request (req, we, addr, wdata) is registered
// before it acts, and the RAM / lookup strobes (tag_wr_o ... credit_sel_wr_o) are decoded from
// the bus before that register (stb_q), so each strobe is a flop. The block then behaves as with
// REQ_REG = 0 one cycle later: the ack comes two cycles after the request.
// RSP_REG = 1 (timing, used in aotf_node): the response (ack and read data) is registered once
// more, so the ack comes one cycle later (three after the request with REQ_REG). The register
// stage is split by source: the view data of the response cycle (tv_rsp / sv_rsp, one mux level
// behind the RAM output registers) is registered whole with its one-hot selects, the rest of the
// AND-OR as one word; the output is an AND-OR of those flops. So no RAM output reaches the
// CSR response through more than one LUT before a register.
module aotf_send_csr #(
  parameter int NUM_USERS = 8,
  parameter int FIFO_DEPTH = 2048,
  parameter int SETS = 256,
  parameter int HTT_ENTRIES = 1024,
  parameter bit REQ_REG = 1'b0,   // 1: the request is registered first (ack 2 cycles later)
  parameter bit RSP_REG = 1'b0,   // 1: the response is registered once more (ack 1 cycle later)
  localparam int UW = $clog2(NUM_USERS),
  localparam int SW = $clog2(SETS),
  localparam int FCW = $clog2(FIFO_DEPTH) + 1,
  localparam int HW = $clog2(HTT_ENTRIES)
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          csr_req_i,
  input  wire          csr_we_i,
  input  wire [11:0]   csr_addr_i,
  input  wire [31:0]   csr_wdata_i,
  output wire          csr_ack_o,
  output wire [31:0]   csr_rdata_o,
  output wire [31:0]   wdata_o,             // the write data of the acting request (REQ_REG)
  output wire          irq_o,
  // configuration / RAM access strobes (request cycle)
  output wire [3:0]    window_o,
  output wire [SW-1:0] idx_set_o,
  output wire [1:0]    idx_way_o,
  output wire [1:0]    idx_word_o,
  output reg           tag_wr_o,
  output reg           seed_wr_o,
  output reg           view_rd_o,           // HTLB_IDX written: read both RAMs at the new index
  output wire [63:0]   seed_wdata_o,
  output reg           flush_o,
  output wire [UW-1:0] credit_sel_o,
  output reg           credit_sel_wr_o,     // CREDIT_SEL written (credit_sel_o <= wdata USER)
  output reg           lim_we_o,
  output wire [15:0]   lim_data_o,          // the CREDIT_LIMIT value of a lim_we_o write
  output wire [SW+3:0] view_idx_o,          // {set, way, word} of a view_rd_o read (HTLB_IDX data)
  // refill walker: enable, HTT writes, the walker's HTLB writes (kept in the entry view)
  output wire          walk_en_o,
  output reg           htt_seed_wr_o,       // HTT_SEED_HI written: {wdata, HTT_SEED_LO} -> seed word
  output reg           htt_tag_wr_o,        // HTT_TAG written
  // the refill walker's ports taken this cycle, each one strobe of its own (timing: decoded
  // from the request in one function, not ORed from the single strobes): the tag RAM (HTLB_TAG
  // write, view read, flush) and the seed RAM (SEED_HI write, view read, flush); a flush aborts
  // the walk, which writes nothing then in any case
  output reg           tag_port_busy_o,
  output reg           seed_port_busy_o,
  output wire [HW-1:0] htt_idx_o,
  output wire [1:0]    htt_word_o,
  output wire [63:0]   htt_seed_o,
  input  wire          walk_busy_i,
  input  wire          walk_start_i,
  input  wire          walk_hit_i,          // a walk refilled its way (done with hit)
  input  wire          walk_miss_i,         // a walk did not find its page (done without hit)
  input  wire          wk_tag_wr_i,
  input  wire          wk_seed_wr_i,
  input  wire [SW-1:0] wk_set_i,
  input  wire [1:0]    wk_way_i,
  input  wire [1:0]    wk_word_i,
  input  wire [7:0]    wk_tag_i,
  input  wire [12:0]   wk_fmt_i,
  input  wire [63:0]   wk_seed_i,
  // the seed RAM write of this cycle (the packet generator's write stage: requested last cycle)
  input  wire          wq_v_i,
  input  wire [SW+3:0] wq_idx_i,            // {set, way, word}
  input  wire [63:0]   wq_data_i,
  // the HTLB tag RAM write stage (a write requested in an earlier cycle, not yet in the RAM)
  input  wire          tw_v_i,
  input  wire [SW-1:0] tw_set_i,
  input  wire [3:0]    tw_be_i,
  input  wire [21:0]   tw_lane_i,
  // events and state
  input  wire          init_busy_i,
  input  wire          sweep_wr_i,          // the init sweep writes set init_ptr_i this cycle
  input  wire [SW-1:0] init_ptr_i,
  input  wire          miss_wait_i,
  input  wire          pg_busy_i,
  input  wire          miss_i,
  input  wire [15:0]   miss_page_i,
  input  wire [11:0]   miss_off_i,
  input  wire [1:0]    miss_victim_i,
  input  wire          kick_i,
  input  wire          pkt_i,
  input  wire          err_align_i,
  input  wire          err_be_i,
  input  wire          err_window_i,
  input  wire          err_credit_i,
  input  wire [UW-1:0] err_user_i,
  input  wire [FCW-1:0] fifo_count_i,
  input  wire [15:0]   sel_limit_i,
  input  wire [15:0]   sel_used_i,
  input  wire [15:0]   sel_avail_i,
  input  wire [87:0]   tag_rd_data_i,   // four lanes {fmt[12:0], valid, tag[7:0]}
  input  wire [63:0]   seed_rd_data_i,
  output wire [15:0]   status_o
);
  localparam logic [1:0] R_REG = 2'd0, R_TAG = 2'd1, R_SLO = 2'd2, R_SHI = 2'd3;

  reg [3:0]    window_q, window_d;
  reg          walk_en_q, walk_en_d;
  reg [HW-1:0] htt_idx_q, htt_idx_d;
  reg [1:0]    htt_word_q, htt_word_d;
  reg [31:0]   htt_lo_q, htt_lo_d;
  reg [31:0]   c_walk_q, c_walk_d, c_whit_q, c_whit_d, c_wmiss_q, c_wmiss_d;
  reg [2:0]    wev_q, wev_d;   // {walk miss, walk hit, walk start}
  reg [2:0]    wsel_r_q, wsel_r_d;   // walk counter read: one-hot
  reg          wk_seed_hit;    // the walker writes the seed word at HTLB_IDX this cycle
  reg [1:0]    irq_en_q, irq_en_d;
  reg [SW-1:0] set_q, set_d;
  reg [1:0]    way_q, way_d, word_q, word_d;
  reg [31:0]   seed_lo_q, seed_lo_d;
  reg [UW-1:0] csel_q, csel_d;
  reg [4:0]    sticky_q, sticky_d;   // {ERR_CREDIT, ERR_WINDOW, ERR_BE, ERR_ALIGN, IRQ_MISS}
  reg [31:0]   miss_addr_q, miss_addr_d;
  reg [1:0]    victim_q, victim_d;
  reg [UW-1:0] err_user_q, err_user_d;
  // counters: the events are registered first (ev_q) and added one cycle later, so that no
  // 32-bit adder sits behind the datapath; a read returns count + pending event (exact value)
  reg [31:0]   c_kicks_q, c_kicks_d, c_pkts_q, c_pkts_d, c_miss_q, c_miss_d;
  reg [31:0]   c_align_q, c_align_d, c_be_q, c_be_d, c_win_q, c_win_d, c_cred_q, c_cred_d;
  reg [6:0]    ev_q, ev_d;     // {cred, win, be, align, miss, pkt, kick}
  reg          ack_q, ack_d;
  reg [1:0]    rsel_q, rsel_d;
  reg [3:0]    tsel_q, tsel_d;   // HTLB_TAG read: way one-hot
  reg [6:0]    csel_r_q, csel_r_d; // counter read: one-hot {cred, win, be, align, miss, pkt, kick}
  // CREDIT_AVAIL read (timing: the credit subtract stays out of the read mux): the value of
  // every cycle is registered (avr_q) and selected at the response (av_r_q)
  reg          av_r_q, av_r_d;
  reg [31:0]   avr_q;
  reg [31:0]   cnt_rd;
  reg [31:0]   rdata_q, rdata_d;
  // view of the entry at HTLB_IDX (see the header)
  reg          vld_q, vld_d;     // a view read was issued last cycle
  reg          vls_q, vls_d;     // ... and its seed data is to be captured (no seed forward)
  reg          sv_fwd;           // a view read of the entry the seed RAM writes this cycle
  reg          vl2_q, vl2_d;     // seed data of that view read (seed_rd_data_i) this cycle
  reg [3:0]    tc_q, tc_d;       // tag lanes of that view read (tag_rd_data_i) this cycle
  reg [3:0]    tf_q, tf_d;       // tag lanes the view read of last cycle takes from the stage
  reg [21:0]   tfl_q;            // their data (the stage's lane of last cycle)
  reg [87:0]   tv_rsp;           // the tag view now: captured lanes (tc_q) or tv_q
  reg          sweep_set;        // the init sweep writes set_q this cycle
  reg [3:0]    tag_wr_w;         // a HTLB_TAG write to lane w this cycle
  reg [63:0]   sv_rsp;           // the seed view now: captured RAM data (vl2_q) or sv_q
  reg [87:0]   tv_q, tv_d;       // tag RAM word of set_q (lane w = way w)
  reg [63:0]   sv_q, sv_d;       // seed word {set_q, way_q, word_q} (while capv_q: cap_q is)
  // the seed RAM data of the capture cycle, registered as it is (timing: the seed RAM's block
  // RAMs lie spread over the die; besides the response register, cap_q is their only load in
  // this block, so no view / write select sits between them and a flop), and whether it is
  // the view now (no SEED_HI write in the capture cycle)
  reg [63:0]   cap_q;
  reg          capv_q, capv_d;
  reg [63:0]   sv_hold;          // the view from flops: cap_q (capv_q) or sv_q

  reg [31:0]   status, hidx;
  reg [21:0]   lane;
  reg [31:0]   rsp_rest;         // the response without the view terms

  // Write strobes of a request: the RAM / lookup strobes {credit_sel_wr, lim_we, flush,
  // view_rd, seed_wr, tag_wr} (bits 5:0) and the register write selects {STATUS, SEED_LO,
  // IRQ_EN, CTRL} (bits 9:6; HTLB_IDX and CREDIT_SEL writes are bits 2 and 5), the HTT writes
  // (bits 13:10) and the walker's port strobes {seed port, tag port} (bits 15:14).
  // No reset term (timing: the reset net's fanout stays out of the strobes that reach the HTLB
  // lookup and the packet generator); every register a write reaches is reset in that cycle.
  // The RAMs are not reset: the seed RAM's write enable takes the reset term at the RAM
  // (aotf_pktgen, no RAM write while in reset); the tag RAM is swept after every reset, so a tag
  // write in reset is overwritten before any lookup.
  localparam int NS = 16;
  localparam int S_CTRL = 6, S_IRQ_EN = 7, S_SEED_LO = 8, S_STATUS = 9, S_HTT_IDX = 10,
                 S_HTT_LO = 11, S_HTT_SW = 12, S_HTT_TW = 13, S_TPB = 14, S_SPB = 15;
  function automatic [NS-1:0] strobes(input req, input we, input [11:0] a, input [31:0] d);
    strobes[0] = req && we && a == nic_pkg::CSR_AOTF_SEND_HTLB_TAG;
    strobes[1] = req && we && a == nic_pkg::CSR_AOTF_SEND_SEED_HI;
    strobes[2] = req && we && a == nic_pkg::CSR_AOTF_SEND_HTLB_IDX;
    strobes[3] = req && we && a == nic_pkg::CSR_AOTF_SEND_CTRL && d[nic_pkg::AOTF_SEND_CTRL_FLUSH_LSB];
    strobes[4] = req && we && a == nic_pkg::CSR_AOTF_SEND_CREDIT_LIMIT;
    strobes[5] = req && we && a == nic_pkg::CSR_AOTF_SEND_CREDIT_SEL;
    strobes[S_CTRL]    = req && we && a == nic_pkg::CSR_AOTF_SEND_CTRL;
    strobes[S_IRQ_EN]  = req && we && a == nic_pkg::CSR_AOTF_SEND_IRQ_EN;
    strobes[S_SEED_LO] = req && we && a == nic_pkg::CSR_AOTF_SEND_SEED_LO;
    strobes[S_STATUS]  = req && we && a == nic_pkg::CSR_AOTF_SEND_STATUS;
    strobes[S_HTT_IDX] = req && we && a == nic_pkg::CSR_AOTF_SEND_HTT_IDX;
    strobes[S_HTT_LO]  = req && we && a == nic_pkg::CSR_AOTF_SEND_HTT_SEED_LO;
    strobes[S_HTT_SW]  = req && we && a == nic_pkg::CSR_AOTF_SEND_HTT_SEED_HI;
    strobes[S_HTT_TW]  = req && we && a == nic_pkg::CSR_AOTF_SEND_HTT_TAG;
    strobes[S_TPB]     = strobes[0] || strobes[2] || strobes[3];
    strobes[S_SPB]     = strobes[1] || strobes[2] || strobes[3];
  endfunction

  // the acting request: the bus (REQ_REG = 0) or its registered copy (REQ_REG = 1)
  reg          rq_req_q, rq_we_q;
  reg [11:0]   rq_addr_q;
  reg [31:0]   rq_wdata_q;
  reg [NS-1:0] stb_q;
  wire [NS-1:0] stb_in = strobes(csr_req_i, csr_we_i, csr_addr_i, csr_wdata_i);   // of the bus request
  wire         c_req   = REQ_REG ? rq_req_q   : csr_req_i;
  wire         c_we    = REQ_REG ? rq_we_q    : csr_we_i;
  wire [11:0]  c_addr  = REQ_REG ? rq_addr_q  : csr_addr_i;
  wire [31:0]  c_wdata = REQ_REG ? rq_wdata_q : csr_wdata_i;
  wire [NS-1:0] stb    = REQ_REG ? stb_q : stb_in;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rq_req_q <= 1'b0;
      stb_q    <= '0;
    end else begin
      rq_req_q <= csr_req_i;
      stb_q    <= stb_in;
    end
  end
  // request payload: no reset (don't-care while rq_req_q is 0)
  always @(posedge clk_i) begin
    rq_we_q    <= csr_we_i;
    rq_addr_q  <= csr_addr_i;
    rq_wdata_q <= csr_wdata_i;
  end

  // REQ_REG: the CREDIT_LIMIT write data in a register of its own, loaded only by such a write
  // (timing: the credit compare behind it is the only load, so it is not the request payload
  // register that every CSR write of the node reaches; no reset, used only with lim_we_o)
  reg [15:0] ld_q;
  always @(posedge clk_i)
    if (stb_in[4])
      ld_q <= csr_wdata_i[nic_pkg::AOTF_SEND_CREDIT_LIMIT_LIMIT_LSB +: 16];
  assign lim_data_o = REQ_REG ? ld_q : csr_wdata_i[nic_pkg::AOTF_SEND_CREDIT_LIMIT_LIMIT_LSB +: 16];

  // REQ_REG: the view read's index (HTLB_IDX write data) in a register of its own, loaded only by
  // such a write (timing: it drives the tag and seed RAM read addresses; the request payload
  // register is shared with every CSR write of the node and sits far from those RAMs; no reset,
  // used only with view_rd_o)
  wire [SW+3:0] vi_in = {csr_wdata_i[nic_pkg::AOTF_SEND_HTLB_IDX_SET_LSB +: SW],
                         csr_wdata_i[nic_pkg::AOTF_SEND_HTLB_IDX_WAY_LSB +: 2],
                         csr_wdata_i[nic_pkg::AOTF_SEND_HTLB_IDX_WORD_LSB +: 2]};
  reg [SW+3:0] vi_q;
  always @(posedge clk_i)
    if (stb_in[2])
      vi_q <= vi_in;
  assign view_idx_o = REQ_REG ? vi_q : vi_in;

  // read selects, one-hot, decoded from the request like the strobes (timing, REQ_REG: the
  // selects are flops, so no 12-bit address compare sits between the request register, which
  // Yosys shares with the node's and aotf_rx's copies of the bus, and the read data; the
  // register write enables are strobes). rsels: a read of register k (R1_UNM: of no register).
  localparam int NRS = 32;
  localparam int R1_ID = 0, R1_VERSION = 1, R1_PARAMS = 2, R1_CTRL = 3, R1_STATUS = 4,
                 R1_IRQ_EN = 5, R1_MISS_ADDR = 6, R1_MISS_VICTIM = 7, R1_HTLB_IDX = 8,
                 R1_HTLB_TAG = 9, R1_SEED_LO = 10, R1_SEED_HI = 11, R1_CREDIT_SEL = 12,
                 R1_CREDIT_LIMIT = 13, R1_CREDIT_AVAIL = 14, R1_CREDIT_ERR = 15,
                 R1_FIFO_COUNT = 16, R1_CNT = 17, R1_UNM = 24,   // R1_CNT + 0..6: counters
                 R1_HTT_IDX = 25, R1_HTT_LO = 26, R1_HTT_ZERO = 27, R1_HTT_PARAMS = 28,
                 R1_WCNT = 29;   // R1_WCNT + 0..2: walk counters
  function automatic [NRS-1:0] rsels(input req, input we, input [11:0] a);
    reg r;
    r = req && !we;
    rsels = '0;
    case (a)
      nic_pkg::CSR_AOTF_SEND_ID:              rsels[R1_ID]           = r;
      nic_pkg::CSR_AOTF_SEND_VERSION:         rsels[R1_VERSION]      = r;
      nic_pkg::CSR_AOTF_SEND_PARAMS:          rsels[R1_PARAMS]       = r;
      nic_pkg::CSR_AOTF_SEND_CTRL:            rsels[R1_CTRL]         = r;
      nic_pkg::CSR_AOTF_SEND_STATUS:          rsels[R1_STATUS]       = r;
      nic_pkg::CSR_AOTF_SEND_IRQ_EN:          rsels[R1_IRQ_EN]       = r;
      nic_pkg::CSR_AOTF_SEND_MISS_ADDR:       rsels[R1_MISS_ADDR]    = r;
      nic_pkg::CSR_AOTF_SEND_MISS_VICTIM:     rsels[R1_MISS_VICTIM]  = r;
      nic_pkg::CSR_AOTF_SEND_HTLB_IDX:        rsels[R1_HTLB_IDX]     = r;
      nic_pkg::CSR_AOTF_SEND_HTLB_TAG:        rsels[R1_HTLB_TAG]     = r;
      nic_pkg::CSR_AOTF_SEND_SEED_LO:         rsels[R1_SEED_LO]      = r;
      nic_pkg::CSR_AOTF_SEND_SEED_HI:         rsels[R1_SEED_HI]      = r;
      nic_pkg::CSR_AOTF_SEND_CREDIT_SEL:      rsels[R1_CREDIT_SEL]   = r;
      nic_pkg::CSR_AOTF_SEND_CREDIT_LIMIT:    rsels[R1_CREDIT_LIMIT] = r;
      nic_pkg::CSR_AOTF_SEND_CREDIT_AVAIL:    rsels[R1_CREDIT_AVAIL] = r;
      nic_pkg::CSR_AOTF_SEND_CREDIT_ERR:      rsels[R1_CREDIT_ERR]   = r;
      nic_pkg::CSR_AOTF_SEND_FIFO_COUNT:      rsels[R1_FIFO_COUNT]   = r;
      nic_pkg::CSR_AOTF_SEND_CNT_KICKS:       rsels[R1_CNT + 0]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_PKTS:        rsels[R1_CNT + 1]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_MISSES:      rsels[R1_CNT + 2]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_ERR_ALIGN:   rsels[R1_CNT + 3]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_ERR_BE:      rsels[R1_CNT + 4]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_ERR_WINDOW:  rsels[R1_CNT + 5]      = r;
      nic_pkg::CSR_AOTF_SEND_CNT_ERR_CREDIT:  rsels[R1_CNT + 6]      = r;
      nic_pkg::CSR_AOTF_SEND_HTT_IDX:         rsels[R1_HTT_IDX]      = r;
      nic_pkg::CSR_AOTF_SEND_HTT_SEED_LO:     rsels[R1_HTT_LO]       = r;
      nic_pkg::CSR_AOTF_SEND_HTT_SEED_HI:     rsels[R1_HTT_ZERO]     = r;
      nic_pkg::CSR_AOTF_SEND_HTT_TAG:         rsels[R1_HTT_ZERO]     = r;
      nic_pkg::CSR_AOTF_SEND_HTT_PARAMS:      rsels[R1_HTT_PARAMS]   = r;
      nic_pkg::CSR_AOTF_SEND_CNT_WALKS:       rsels[R1_WCNT + 0]     = r;
      nic_pkg::CSR_AOTF_SEND_CNT_WALK_HITS:   rsels[R1_WCNT + 1]     = r;
      nic_pkg::CSR_AOTF_SEND_CNT_WALK_MISSES: rsels[R1_WCNT + 2]     = r;
      default:                                rsels[R1_UNM]          = r;
    endcase
  endfunction
  wire [NRS-1:0] rs_in = rsels(csr_req_i, csr_we_i, csr_addr_i);
  reg  [NRS-1:0] rs_q;
  always @(posedge clk_i) begin
    if (!rst_ni) rs_q <= '0;
    else         rs_q <= rs_in;
  end
  wire [NRS-1:0] rs = REQ_REG ? rs_q : rsels(c_req, c_we, c_addr);

  // request decode (own block: the RAM strobes feed the HTLB, whose miss comes back here)
  always @* begin
    tag_wr_o  = stb[0];
    seed_wr_o = stb[1];
    view_rd_o = stb[2];
    flush_o   = stb[3];
    lim_we_o  = stb[4];
    credit_sel_wr_o = stb[5];
    htt_seed_wr_o = stb[S_HTT_SW];
    htt_tag_wr_o  = stb[S_HTT_TW];
    tag_port_busy_o  = stb[S_TPB];
    seed_port_busy_o = stb[S_SPB];
  end

  always @* begin
    status = 32'd0;
    status[nic_pkg::AOTF_SEND_STATUS_INIT_BUSY_LSB] = init_busy_i;
    status[nic_pkg::AOTF_SEND_STATUS_MISS_WAIT_LSB] = miss_wait_i;
    status[nic_pkg::AOTF_SEND_STATUS_PG_BUSY_LSB] = pg_busy_i;
    status[nic_pkg::AOTF_SEND_STATUS_WALK_BUSY_LSB] = walk_busy_i;
    status[nic_pkg::AOTF_SEND_STATUS_IRQ_MISS_LSB +: 5] = sticky_q;

    window_d = window_q; irq_en_d = irq_en_q; set_d = set_q; way_d = way_q; word_d = word_q;
    seed_lo_d = seed_lo_q; csel_d = csel_q;
    walk_en_d = walk_en_q; htt_idx_d = htt_idx_q; htt_word_d = htt_word_q; htt_lo_d = htt_lo_q;
    if (stb[S_CTRL])   window_d = c_wdata[nic_pkg::AOTF_SEND_CTRL_WINDOW_LSB +: 4];
    if (stb[S_CTRL])   walk_en_d = c_wdata[nic_pkg::AOTF_SEND_CTRL_WALK_EN_LSB];
    if (stb[S_HTT_IDX]) begin
      htt_idx_d  = c_wdata[nic_pkg::AOTF_SEND_HTT_IDX_ENTRY_LSB +: HW];
      htt_word_d = c_wdata[nic_pkg::AOTF_SEND_HTT_IDX_WORD_LSB +: 2];
    end
    if (stb[S_HTT_LO]) htt_lo_d = c_wdata;
    if (stb[S_IRQ_EN]) irq_en_d = {c_wdata[nic_pkg::AOTF_SEND_IRQ_EN_ERR_LSB],
                                   c_wdata[nic_pkg::AOTF_SEND_IRQ_EN_MISS_LSB]};
    if (view_rd_o) begin   // HTLB_IDX write
      set_d  = c_wdata[nic_pkg::AOTF_SEND_HTLB_IDX_SET_LSB +: SW];
      way_d  = c_wdata[nic_pkg::AOTF_SEND_HTLB_IDX_WAY_LSB +: 2];
      word_d = c_wdata[nic_pkg::AOTF_SEND_HTLB_IDX_WORD_LSB +: 2];
    end
    if (stb[S_SEED_LO])    seed_lo_d = c_wdata;
    if (credit_sel_wr_o)   csel_d = c_wdata[nic_pkg::AOTF_SEND_CREDIT_SEL_USER_LSB +: UW];

    // sticky status: set wins over W1C
    sticky_d = sticky_q;
    if (stb[S_STATUS])
      sticky_d = sticky_q & ~c_wdata[nic_pkg::AOTF_SEND_STATUS_IRQ_MISS_LSB +: 5];
    sticky_d = sticky_d | {err_credit_i, err_window_i, err_be_i, err_align_i, miss_i};

    miss_addr_d = miss_i ? {window_q, miss_page_i, miss_off_i} : miss_addr_q;
    victim_d    = miss_i ? miss_victim_i : victim_q;
    err_user_d  = err_credit_i ? err_user_i : err_user_q;
    ev_d      = {err_credit_i, err_window_i, err_be_i, err_align_i, miss_i, pkt_i, kick_i};
    c_kicks_d = c_kicks_q + {31'd0, ev_q[0]};
    c_pkts_d  = c_pkts_q  + {31'd0, ev_q[1]};
    c_miss_d  = c_miss_q  + {31'd0, ev_q[2]};
    c_align_d = c_align_q + {31'd0, ev_q[3]};
    c_be_d    = c_be_q    + {31'd0, ev_q[4]};
    c_win_d   = c_win_q   + {31'd0, ev_q[5]};
    c_cred_d  = c_cred_q  + {31'd0, ev_q[6]};
    wev_d     = {walk_miss_i, walk_hit_i, walk_start_i};
    c_walk_d  = c_walk_q  + {31'd0, wev_q[0]};
    c_whit_d  = c_whit_q  + {31'd0, wev_q[1]};
    c_wmiss_d = c_wmiss_q + {31'd0, wev_q[2]};

    // read mux (request cycle): an AND-OR of the one-hot selects (0 unless a read); HTLB_TAG,
    // SEED_*, CREDIT_AVAIL and the counters are selected in the response cycle
    hidx = 32'd0;
    hidx[nic_pkg::AOTF_SEND_HTLB_IDX_SET_LSB +: SW] = set_q;
    hidx[nic_pkg::AOTF_SEND_HTLB_IDX_WAY_LSB +: 2]  = way_q;
    hidx[nic_pkg::AOTF_SEND_HTLB_IDX_WORD_LSB +: 2] = word_q;
    rdata_d = ({32{rs[R1_ID]}}           & 32'h414F_5453) |
              ({32{rs[R1_VERSION]}}      & 32'h0001_0000) |
              ({32{rs[R1_PARAMS]}}       & {8'd4, 8'(SW), 8'($clog2(FIFO_DEPTH)), 8'(NUM_USERS)}) |
              ({32{rs[R1_CTRL]}}         & (32'(window_q) |
                                            (32'(walk_en_q) << nic_pkg::AOTF_SEND_CTRL_WALK_EN_LSB))) |
              ({32{rs[R1_HTT_IDX]}}      & ((32'(htt_idx_q) << nic_pkg::AOTF_SEND_HTT_IDX_ENTRY_LSB) |
                                            (32'(htt_word_q) << nic_pkg::AOTF_SEND_HTT_IDX_WORD_LSB))) |
              ({32{rs[R1_HTT_LO]}}       & htt_lo_q) |
              ({32{rs[R1_HTT_PARAMS]}}   & 32'(HW)) |
              ({32{rs[R1_STATUS]}}       & status) |
              ({32{rs[R1_IRQ_EN]}}       & {30'd0, irq_en_q}) |
              ({32{rs[R1_MISS_ADDR]}}    & miss_addr_q) |
              ({32{rs[R1_MISS_VICTIM]}}  & {30'd0, victim_q}) |
              ({32{rs[R1_HTLB_IDX]}}     & hidx) |
              ({32{rs[R1_CREDIT_SEL]}}   & 32'(csel_q)) |
              ({32{rs[R1_CREDIT_LIMIT]}} & {16'd0, sel_limit_i}) |
              ({32{rs[R1_CREDIT_ERR]}}   & 32'(err_user_q)) |
              ({32{rs[R1_FIFO_COUNT]}}   & 32'(fifo_count_i)) |
              ({32{rs[R1_UNM]}}          & nic_pkg::CSR_UNMAPPED);
    rsel_d   = rs[R1_HTLB_TAG] ? R_TAG : rs[R1_SEED_LO] ? R_SLO : rs[R1_SEED_HI] ? R_SHI : R_REG;
    csel_r_d = rs[R1_CNT +: 7];
    wsel_r_d = rs[R1_WCNT +: 3];
    av_r_d   = rs[R1_CREDIT_AVAIL];
    ack_d    = c_req;
    for (int w = 0; w < 4; w = w + 1) tsel_d[w] = (rsel_d == R_TAG) && (way_q == 2'(w));

    // view: the data of a view read is captured two cycles after it (tag lanes tc_q, seed
    // vl2_q); this cycle's writes to the entry (at set_q / way_q / word_q) win over the view
    // and cancel the capture of what they write (a sweep write and a CSR write never share a cycle)
    vld_d     = view_rd_o;
    // the write stage writes the entry this view read reads (the RAM data is undefined for it):
    // the view takes the write's data, no capture. (A view read and a seed write request never
    // share a cycle: one CSR request per cycle, the walker waits for a free port.)
    sv_fwd    = view_rd_o && wq_v_i && wq_idx_i == view_idx_o;
    // the tag write stage holds a write to the set this view read reads (the RAM takes it after
    // the read): its lanes come from the stage (next cycle, so that the capture of a view read
    // right before this one does not overwrite them), not from the capture
    tf_d      = {4{view_rd_o && tw_v_i && tw_set_i == view_idx_o[SW+3:4]}} & tw_be_i;
    vls_d     = view_rd_o && !sv_fwd;
    sweep_set = sweep_wr_i && init_ptr_i == set_q;
    // (the walker's writes: to the viewed entry like a CSR write; never in a cycle with a CSR
    // write, a view read or a sweep write of the same RAM)
    wk_seed_hit = wk_seed_wr_i && wk_set_i == set_q && wk_way_i == way_q && wk_word_i == word_q;
    for (int w = 0; w < 4; w = w + 1) begin
      tag_wr_w[w]      = (tag_wr_o && way_q == 2'(w)) ||
                         (wk_tag_wr_i && wk_set_i == set_q && wk_way_i == 2'(w));
      tv_rsp[w*22 +: 22] = tc_q[w] ? tag_rd_data_i[w*22 +: 22] : tv_q[w*22 +: 22];
      tc_d[w]          = vld_q && !tf_q[w] && !tag_wr_w[w] && !sweep_set;
      tv_d[w*22 +: 22] = sweep_set   ? 22'd0 :
                         tag_wr_o && way_q == 2'(w) ? c_wdata[nic_pkg::AOTF_SEND_HTLB_TAG_TAG_LSB +: 22] :
                         tag_wr_w[w] ? {wk_fmt_i, 1'b1, wk_tag_i} :
                         tf_q[w]     ? tfl_q :
                                       tv_rsp[w*22 +: 22];
    end
    vl2_d   = vls_q && !seed_wr_o && !wk_seed_hit;
    // (a view read: capv_d / sv_d as for a forward whether or not it is one (timing: the index
    // compare of sv_fwd stays out of them); without the forward the view read's capture two
    // cycles later (vl2_q) replaces the view before any read returns it)
    capv_d  = vl2_q && !seed_wr_o && !wk_seed_hit && !view_rd_o;
    sv_hold = capv_q ? cap_q : sv_q;
    sv_rsp  = vl2_q ? seed_rd_data_i : sv_hold;
    sv_d    = seed_wr_o ? {c_wdata, seed_lo_q} : wk_seed_hit ? wk_seed_i : view_rd_o ? wq_data_i : sv_hold;

    // response (rdata_q, tsel_q, rsel_q, csel_r_q are 0 / R_REG unless a read was acked):
    // HTLB_IDX cannot change between request and response
    lane = 22'd0;
    for (int w = 0; w < 4; w = w + 1) lane = lane | ({22{tsel_q[w]}} & tv_rsp[w*22 +: 22]);
    cnt_rd = ({32{csel_r_q[0]}} & c_kicks_q) | ({32{csel_r_q[1]}} & c_pkts_q) |
             ({32{csel_r_q[2]}} & c_miss_q) | ({32{csel_r_q[3]}} & c_align_q) |
             ({32{csel_r_q[4]}} & c_be_q) | ({32{csel_r_q[5]}} & c_win_q) |
             ({32{csel_r_q[6]}} & c_cred_q) |
             ({32{wsel_r_q[0]}} & c_walk_q) | ({32{wsel_r_q[1]}} & c_whit_q) |
             ({32{wsel_r_q[2]}} & c_wmiss_q);
    rsp_rest = rdata_q | cnt_rd | ({32{av_r_q}} & avr_q);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      walk_en_q <= 1'b0; htt_idx_q <= '0; htt_word_q <= 2'd0; htt_lo_q <= 32'd0;
      c_walk_q <= 32'd0; c_whit_q <= 32'd0; c_wmiss_q <= 32'd0; wev_q <= 3'd0; wsel_r_q <= 3'd0;
      window_q <= 4'h8;  irq_en_q <= 2'd0; set_q <= '0; way_q <= 2'd0; word_q <= 2'd0;
      seed_lo_q <= 32'd0; csel_q <= '0; sticky_q <= 5'd0; miss_addr_q <= 32'd0;
      victim_q <= 2'd0; err_user_q <= '0;
      c_kicks_q <= 32'd0; c_pkts_q <= 32'd0; c_miss_q <= 32'd0; c_align_q <= 32'd0;
      c_be_q <= 32'd0; c_win_q <= 32'd0; c_cred_q <= 32'd0; ev_q <= 7'd0;
      ack_q <= 1'b0; rsel_q <= R_REG; rdata_q <= 32'd0; tsel_q <= 4'd0; csel_r_q <= 7'd0;
      av_r_q <= 1'b0;
      vld_q <= 1'b0; vls_q <= 1'b0; vl2_q <= 1'b0; tc_q <= 4'd0; tf_q <= 4'd0; tv_q <= 88'd0; sv_q <= 64'd0; capv_q <= 1'b0;
    end else begin
      walk_en_q <= walk_en_d; htt_idx_q <= htt_idx_d; htt_word_q <= htt_word_d; htt_lo_q <= htt_lo_d;
      c_walk_q <= c_walk_d; c_whit_q <= c_whit_d; c_wmiss_q <= c_wmiss_d; wev_q <= wev_d;
      wsel_r_q <= wsel_r_d;
      window_q <= window_d; irq_en_q <= irq_en_d; set_q <= set_d; way_q <= way_d;
      word_q <= word_d; seed_lo_q <= seed_lo_d; csel_q <= csel_d; sticky_q <= sticky_d;
      miss_addr_q <= miss_addr_d; victim_q <= victim_d; err_user_q <= err_user_d;
      c_kicks_q <= c_kicks_d; c_pkts_q <= c_pkts_d; c_miss_q <= c_miss_d;
      c_align_q <= c_align_d; c_be_q <= c_be_d; c_win_q <= c_win_d; c_cred_q <= c_cred_d;
      ev_q <= ev_d;
      ack_q <= ack_d; rsel_q <= rsel_d; rdata_q <= rdata_d; tsel_q <= tsel_d; csel_r_q <= csel_r_d;
      av_r_q <= av_r_d;
      vld_q <= vld_d; vls_q <= vls_d; vl2_q <= vl2_d; tc_q <= tc_d; tf_q <= tf_d; tv_q <= tv_d; sv_q <= sv_d; capv_q <= capv_d;
    end
  end

  // the tag stage's lane of every cycle (no reset: used only with tf_q)
  always @(posedge clk_i) tfl_q <= tw_lane_i;

  // seed data of every cycle (no reset: used only while capv_q)
  always @(posedge clk_i) cap_q <= seed_rd_data_i;

  // CREDIT_AVAIL value of the cycle (data register: no reset, selected only by av_r_q)
  always @(posedge clk_i) avr_q <= {sel_used_i, sel_avail_i};

  // the response of this cycle (RSP_REG = 0: csr_rdata_o)
  /* verilator lint_off UNUSEDSIGNAL */  // RSP_REG = 1: the FORMAL reference only
  wire [31:0] rsp = rsp_rest | {10'd0, lane} | ({32{rsel_q == R_SLO}} & sv_rsp[31:0]) |
                    ({32{rsel_q == R_SHI}} & sv_rsp[63:32]);
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (RSP_REG) begin : g_rsp_reg
      // the response one cycle later: = rsp of the last cycle (selects and rest reset; the
      // view words are data registers, read only through their selects)
      reg        ack2_q;
      reg [31:0] rest2_q;
      reg [3:0]  ts2_q;     // tsel_q
      reg [1:0]  ss2_q;     // {SEED_HI, SEED_LO} selected
      reg [87:0] tv2_q;     // tv_rsp
      reg [63:0] sv2_q;     // sv_rsp
      reg [21:0] lane2;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          ack2_q  <= 1'b0;
          rest2_q <= 32'd0;
          ts2_q   <= 4'd0;
          ss2_q   <= 2'd0;
        end else begin
          ack2_q  <= ack_q;
          rest2_q <= rsp_rest;
          ts2_q   <= tsel_q;
          ss2_q   <= {rsel_q == R_SHI, rsel_q == R_SLO};
        end
      end
      always @(posedge clk_i) begin
        tv2_q <= tv_rsp;
        sv2_q <= sv_rsp;
      end
      always @* begin
        lane2 = 22'd0;
        for (int w = 0; w < 4; w = w + 1) lane2 = lane2 | ({22{ts2_q[w]}} & tv2_q[w*22 +: 22]);
      end
      assign csr_ack_o   = ack2_q;
      assign csr_rdata_o = rest2_q | {10'd0, lane2} | ({32{ss2_q[0]}} & sv2_q[31:0]) |
                           ({32{ss2_q[1]}} & sv2_q[63:32]);
`ifdef FORMAL
      reg [31:0] f_rsp_q = 32'd0;
      reg        f_ok = 1'b0;
      always @(posedge clk_i) begin
        f_rsp_q <= rsp;
        f_ok    <= rst_ni;
        if (f_ok) assert (csr_rdata_o == f_rsp_q);   // the split register = rsp registered
        if (f_ok) cover (ack2_q && ss2_q[1] && csr_rdata_o != 32'd0);   // a SEED_HI view read
        if (f_ok) cover (ack2_q && ts2_q != 4'd0 && csr_rdata_o != 32'd0);  // a HTLB_TAG read
      end
`endif
    end else begin : g_rsp_comb
      assign csr_ack_o   = ack_q;
      assign csr_rdata_o = rsp;
    end
  endgenerate
  assign irq_o        = (irq_en_q[0] && sticky_q[0]) || (irq_en_q[1] && (sticky_q[4:1] != 4'd0));
  assign window_o     = window_q;
  assign walk_en_o    = walk_en_q;
  assign htt_idx_o    = htt_idx_q;
  assign htt_word_o   = htt_word_q;
  assign htt_seed_o   = {c_wdata, htt_lo_q};
  assign idx_set_o    = set_q;
  assign idx_way_o    = way_q;
  assign idx_word_o   = word_q;
  assign seed_wdata_o = {c_wdata, seed_lo_q};
  assign wdata_o      = c_wdata;
  assign credit_sel_o = csel_q;
  assign status_o     = status[15:0];
`ifdef FORMAL
  // the registered strobes are the decode of the registered request
  reg f_pv = 1'b0;
  always @(posedge clk_i) begin
    f_pv <= 1'b1;
    if (REQ_REG && f_pv && rst_ni && $past(rst_ni))
      assert (stb_q == strobes(rq_req_q, rq_we_q, rq_addr_q, rq_wdata_q));
    // the limit register holds the acting CREDIT_LIMIT write's data
    if (REQ_REG && f_pv && rst_ni && $past(rst_ni) && lim_we_o)
      assert (lim_data_o == rq_wdata_q[nic_pkg::AOTF_SEND_CREDIT_LIMIT_LIMIT_LSB +: 16]);
    // the view index register holds the acting HTLB_IDX write's index
    if (REQ_REG && f_pv && rst_ni && $past(rst_ni) && view_rd_o)
      assert (view_idx_o == {rq_wdata_q[nic_pkg::AOTF_SEND_HTLB_IDX_SET_LSB +: SW],
                             rq_wdata_q[nic_pkg::AOTF_SEND_HTLB_IDX_WAY_LSB +: 2],
                             rq_wdata_q[nic_pkg::AOTF_SEND_HTLB_IDX_WORD_LSB +: 2]});
  end
`endif
endmodule
`default_nettype wire
