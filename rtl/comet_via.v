`default_nettype none
// comet_via: Comet-VIA host interface engine (see docs/comet_via.md).
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
module comet_via #(
  parameter int NUM_DB    = 8,   // doorbells (even, 4..8): NUM_VI = (NUM_DB - 2) / 2
  parameter int DB_DEPTH  = 16,  // entries per doorbell (power of two)
  parameter int MAX_SEGS  = 16,  // data segments per descriptor (power of two)
  parameter int RSP_DEPTH = 32,  // DMA reads in flight (power of two; >= memory latency + 3 for line rate)
  parameter int PF_SLOTS  = 4,   // send descriptor prefetch slots (2 or 4)
  localparam int NUM_VI = (NUM_DB - 2) / 2,
  localparam int DBAW   = $clog2(DB_DEPTH),
  localparam int DBCW   = DBAW + 1,
  localparam int RW     = $clog2(NUM_DB),
  localparam int SAW    = $clog2(MAX_SEGS),
  localparam int IFW    = $clog2(RSP_DEPTH) + 1,
  localparam int CQD    = 4,    // send completion queue entries
  localparam int PFD    = PF_SLOTS,
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

  // ------------------------------------------------------------------ constants
  localparam logic [3:0] S_IDLE = 4'd0, S_DB_RD = 4'd1, S_DB_WAIT = 4'd2, S_CTL = 4'd3,
                         S_SEG = 4'd4, S_TXQ = 4'd5, S_WBS = 4'd6, S_RX = 4'd7,
                         S_DRAIN = 4'd8, S_WB = 4'd9, S_DB_CHK = 4'd10;
  // send descriptor prefetcher states
  localparam logic [2:0] P_IDLE = 3'd0, P_RD = 3'd1, P_WAIT = 3'd2, P_CHK = 3'd3, P_ISS = 3'd4;
  localparam logic [11:0] A_ID = nic_pkg::CSR_COMET_VIA_ID, A_VERSION = nic_pkg::CSR_COMET_VIA_VERSION,
                          A_PARAMS = nic_pkg::CSR_COMET_VIA_PARAMS, A_CTRL = nic_pkg::CSR_COMET_VIA_CTRL,
                          A_STATUS = nic_pkg::CSR_COMET_VIA_STATUS, A_IRQ_EN = nic_pkg::CSR_COMET_VIA_IRQ_EN,
                          A_LIMIT = nic_pkg::CSR_COMET_VIA_HOST_LIMIT, A_DB = nic_pkg::CSR_COMET_VIA_DB0,
                          A_SYS_POP = nic_pkg::CSR_COMET_VIA_SYS_POP0,
                          A_SEND_CNT = nic_pkg::CSR_COMET_VIA_SEND_CNT0,
                          A_RECV_CNT = nic_pkg::CSR_COMET_VIA_RECV_CNT0,
                          A_ERR = nic_pkg::CSR_COMET_VIA_CNT_FMT;
  // descriptor fields (formats/via_desc_header.csv, via_seg_header.csv)
  localparam int SEGCNT_LSB = nic_pkg::VIA_DESC_HDR_SEG_COUNT_LSB;
  localparam int LEN_LSB    = nic_pkg::VIA_DESC_HDR_LENGTH_LSB;
  localparam logic [31:0] CTL_W1 = 32'(8 * nic_pkg::VIA_DESC_HDR_SEG_COUNT_WORD);
  localparam logic [31:0] CTL_W3 = 32'(8 * nic_pkg::VIA_DESC_HDR_LENGTH_WORD);
  localparam int SADDR_LSB  = nic_pkg::VIA_SEG_HDR_ADDR_LSB;
  localparam int SLEN_LSB   = nic_pkg::VIA_SEG_HDR_LENGTH_LSB;
  localparam int NCNT = 11;  // error/byte counters at A_ERR + 4*i
  localparam int C_FMT = 0, C_LEN = 1, C_ADDR = 2, C_TXERR = 3, C_TRUNC = 4, C_DBOVF = 5,
                 C_NODESC = 6, C_BADVI = 7, C_DADDR = 8, C_TXB = 9, C_RXB = 10;

  // a + b + 1 of two 3-bit values, written as gates (Yosys maps a + to a carry chain; these
  // few bits are faster as LUTs next to the logic that uses them)
  function automatic [3:0] add31(input [2:0] a, input [2:0] b);
    reg c1, c2;
    c1 = a[0] | b[0];
    c2 = (a[1] & b[1]) | (c1 & (a[1] ^ b[1]));
    add31 = {(a[2] & b[2]) | (c2 & (a[2] ^ b[2])), a[2] ^ b[2] ^ c2, a[1] ^ b[1] ^ c1, !(a[0] ^ b[0])};
  endfunction
  // the packer's tvalid / tx_last of a fill level c and message-done flag d (cnt_q <= 16)
  function automatic tv_of(input [4:0] c, input d);
    tv_of = c[4] || c[3] || (d && c[2:0] != 3'd0);
  endfunction
  function automatic tl_of(input [4:0] c, input d);
    tl_of = d && !c[4] && (!c[3] || c[2:0] == 3'd0);
  endfunction
  // the control checks of a SegCount / send Length value
  function automatic sc_bad(input [15:0] n);
    sc_bad = (n == 16'd0) || (n > 16'(MAX_SEGS));
  endfunction
  function automatic ln_bad(input [31:0] n);
    ln_bad = (n == 32'd0) || (n[31:16] != 16'd0);
  endfunction
  // {ring, its read pointer}: the doorbell RAM address of ring r's head
  function automatic [RW+DBAW-1:0] ring_head(input [RW-1:0] r, input [NUM_DB*DBAW-1:0] rp);
    integer j;
    ring_head = '0;
    for (j = 0; j < NUM_DB; j = j + 1)
      if (r == RW'(j)) ring_head = {RW'(j), rp[j*DBAW +: DBAW]};
  endfunction
  // byte masks of the n lowest bytes (per-byte compares: no wide subtract carry chain)
  function automatic [63:0] kmask64(input [3:0] n);
    integer b;
    for (b = 0; b < 8; b = b + 1) kmask64[8*b +: 8] = (n > 4'(b)) ? 8'hFF : 8'h00;
  endfunction
  function automatic [7:0] kmask8(input [3:0] n);
    integer b;
    for (b = 0; b < 8; b = b + 1) kmask8[b] = (n > 4'(b));
  endfunction
  // tkeep of a packer fill level c (8 bytes from c >= 8; c >= 8 as bit logic: a compare with a
  // constant becomes a carry chain, which ABC9 then reuses for the packer pops)
  function automatic [7:0] kkeep(input [4:0] c);
    kkeep = kmask8((c[4] || c[3]) ? 4'd8 : c[3:0]);
  endfunction
  // "popcount(keep) >= d" for a contiguous keep (bits 0..n-1 set, the AXI-Stream rule of
  // s_axis_rx, an assumption checked under FORMAL): keep[d-1], 1 for d <= 0, 0 for d > 8, d a
  // 6-bit two's complement value (the definition le8k is asserted against under FORMAL)
  function automatic kge(input [7:0] keep, input [5:0] d);
    if (d[5] || d == 6'd0) kge = 1'b1;
    else if (d > 6'd8) kge = 1'b0;
    else kge = keep[d[2:0] - 3'd1];
  endfunction
  // timing: "c + popcount(keep) <= 8" for a contiguous keep (= !kge(keep, 9 - c)), written as a
  // select on the register value c (no subtract chain in front of the mux): 1 for c = 0,
  // !keep[8 - c] for 1 <= c <= 8, 0 for c > 8
  function automatic le8k(input [7:0] keep, input [4:0] c);
    integer j;
    le8k = (c == 5'd0);
    for (j = 1; j <= 8; j = j + 1)
      if (c == 5'(j)) le8k = !keep[8 - j];
  endfunction
  // one-hot of a contiguous keep's byte count (bit n: popcount(keep) = n), from neighbouring
  // keep bits only: the FORMAL reference of koh9c below
  function automatic [8:0] koh9(input [7:0] keep);
    integer j;
    koh9[0] = !keep[0];
    for (j = 1; j < 8; j = j + 1) koh9[j] = keep[j - 1] && !keep[j];
    koh9[8] = keep[7];
  endfunction
  // the same one-hot from the beat's byte count (s_axis_rx_tcnt, 0..8): a decode of four flops
  function automatic [8:0] koh9c(input [3:0] n);
    integer j;
    for (j = 0; j <= 8; j = j + 1) koh9c[j] = (n == 4'(j));
  endfunction
  // a + b + c + ci as one carry chain behind a carry-save LUT level (the carry-save's low
  // carry slot takes ci)
  function automatic [5:0] add3(input [5:0] a, input [5:0] b, input [5:0] c, input ci);
    reg [5:0] sv;
    reg [4:0] cv;  // (the top carry leaves the 6-bit sum)
    begin
      sv = a ^ b ^ c;
      cv = (a[4:0] & b[4:0]) | (a[4:0] & c[4:0]) | (b[4:0] & c[4:0]);
      add3 = sv + {cv, ci};
    end
  endfunction
  // the walker's chunk after the next one, of the bytes after the current chunk (rem): 0 for
  // rem <= 8, rem - 8 up to 16, else 8; and the one after that (after a write): 0 for rem <= 16,
  // rem - 16 up to 24, else 8 (compares with constants written as bit logic)
  function automatic [3:0] nn_room(input [15:0] rem);
    if (rem[15:5] != 11'd0 || (rem[4] && rem[3:0] != 4'd0)) nn_room = 4'd8;  // rem > 16
    else if (!rem[4] && (!rem[3] || rem[2:0] == 3'd0)) nn_room = 4'd0;       // rem <= 8
    else nn_room = rem[3:0] - 4'd8;                                          // 9..16
  endfunction
  function automatic [3:0] nnn_room(input [15:0] rem);
    if (rem[15:5] != 11'd0 || (rem[4] && rem[3] && rem[2:0] != 3'd0)) nnn_room = 4'd8;  // > 24
    else if (!rem[4] || rem[3:0] == 4'd0) nnn_room = 4'd0;                              // <= 16
    else nnn_room = rem[3:0];                                                           // 17..24
  endfunction
  // a word rotated left by n bytes (byte k of the result = byte (k - n) mod 8 of w): how a word
  // enters either byte ring at a byte position
  function automatic [63:0] rotb64(input [63:0] w, input [2:0] n);
    rotb64 = 64'({w, w} >> {3'd0 - n, 3'b000});
  endfunction
  // byte mask of a contiguous keep (= kmask64(popcount(keep)))
  function automatic [63:0] bmask64(input [7:0] keep);
    integer b;
    for (b = 0; b < 8; b = b + 1) bmask64[8*b +: 8] = keep[b] ? 8'hFF : 8'h00;
  endfunction
  // descriptor address unusable: unaligned, or its control segment beyond HOST_LIMIT
  // (daddr_bad / spec_fits are the definitions; the logic uses daddr_bad_m / spec_fits_m below,
  // and FORMAL asserts that both forms agree wherever the checks are made)
  function automatic daddr_bad(input [31:0] a, input [31:0] lim);
    daddr_bad = (a[2:0] != 3'd0) || ({1'b0, a} + 33'd32 > {1'b0, lim});
  endfunction
  // segment 0 (descriptor bytes 32..47) inside HOST_LIMIT: read with the control words
  function automatic spec_fits(input [31:0] a, input [31:0] lim);
    spec_fits = ({1'b0, a} + 33'd48 <= {1'b0, lim});
  endfunction
  // timing: the same two checks against HOST_LIMIT - 32 / - 48 (33-bit two's complement,
  // registered with limit_q: lm32_q / lm48_q), so the descriptor address is compared directly
  // (no add in front of the compare): a + 32 > lim <=> lim < 32 or a > lim - 32
  function automatic daddr_bad_m(input [31:0] a, input [32:0] lm32);
    daddr_bad_m = (a[2:0] != 3'd0) || lm32[32] || ({1'b0, a} > lm32);
  endfunction
  function automatic spec_fits_m(input [31:0] a, input [32:0] lm48);
    spec_fits_m = !lm48[32] && ({1'b0, a} <= lm48);
  endfunction
  // address of the descriptor fetch's word n: 0 = word 1, 1 = word 3, 2 / 3 = segment 0
  function automatic [31:0] ctl_addr(input [31:0] d, input [1:0] n);
    ctl_addr = d + (n[1] ? 32'd32 + {28'd0, n[0], 3'b000} : (n[0] ? CTL_W3 : CTL_W1));
  endfunction
  // (timing: an adder tree, two 4-bit halves then one add, not a chain of 8 increments)
  // timing: the walker's first chunk of a segment {rlast, room, rem after the chunk}, from its
  // address bits [2:0] and 16-bit length; computed when the segment is written into the
  // segment RAM and stored in the word, so that a segment load only copies registers
  // (room = min(len, 8 - a[2:0]), rlast = the chunk ends the segment, rem = len - room; and
  // {nlast, nroom} of rem, see nlast_q: nlast = rem <= 8, i.e. len <= 16 - a[2:0]; and
  // rn = room + nroom, the bytes of the first two chunks, for the unpacker's level d1_q:
  // len while the segment fits two chunks (nl), else 16 - a[2:0])
  // (its two length compares are functions of their own: the segment write registers them,
  // see sw_rl_q, and assembles the word from them with fc_word)
  function automatic fc_rl(input [2:0] a, input [15:0] len);  // the segment fits word 1
    fc_rl = (len <= {12'd0, 4'd8 - {1'b0, a}});
  endfunction
  function automatic fc_nl(input [2:0] a, input [15:0] len);  // it fits words 1 and 2
    fc_nl = (len <= {11'd0, 5'd16 - {2'b00, a}});
  endfunction
  function automatic [30:0] fc_word(input [2:0] a, input [15:0] len, input rl, input nl);
    reg [15:0] rm;
    begin
      rm = rl ? 16'd0 : len + {13'd0, a} - 16'd8;
      fc_word = {nl ? len[4:0] : 5'd16 - {2'b00, a},
                 nl, nl ? rm[3:0] : 4'd8, rl, rl ? len[3:0] : 4'd8 - {1'b0, a}, rm};
    end
  endfunction
  function automatic [30:0] first_chunk(input [2:0] a, input [15:0] len);
    first_chunk = fc_word(a, len, fc_rl(a, len), fc_nl(a, len));
  endfunction
  function automatic [3:0] popc8(input [7:0] k);
    reg [2:0] lo, hi;
    lo = {2'b00, k[0]} + {2'b00, k[1]} + {2'b00, k[2]} + {2'b00, k[3]};
    hi = {2'b00, k[4]} + {2'b00, k[5]} + {2'b00, k[6]} + {2'b00, k[7]};
    popc8 = {1'b0, lo} + {1'b0, hi};
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
  reg [3:0]  state_q, state_d;
  // timing: the DMA request stage's copies of the state decode (rqs_rx_q = S_RX, rqs_wb_q =
  // S_WB, rqs_wbs_q = S_WBS; registered from state_d, asserted equal), so the request fields
  // and the status word start at flops of their own instead of the FSM state's decode, a net
  // with hundreds of loads across the die
  reg        rqs_rx_q, rqs_rx_d, rqs_wb_q, rqs_wb_d, rqs_wbs_q, rqs_wbs_d;
  // timing: the control request address desc_q + offset (offset < 512) as a carry select: a
  // 6-bit add of desc_q[8:3] and the offset's words, whose carry picks desc_q[31:9] or
  // dinc_q = desc_q[31:9] + 1 (kept from S_DB_CHK / the S_IDLE take on, asserted where used)
  reg [22:0] dinc_q, dinc_d;
  reg [5:0]  fa_off, fa_lo;
  reg        fa_c;
  reg        op_rx_q, op_rx_d;
  reg [1:0]  vi_q, vi_d, rr_q, rr_d;
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
  reg [IFW-1:0] inflight_q, inflight_d, if_p1, if_m1;
  reg [31:0] sum_q, sum_d;
  reg        spec_q, spec_d;    // segment 0 fetched with the control segment
  reg        seghi_q, seghi_d;  // fetched segment's address bits 63:32 non-zero
  reg [31:0] sa_q, sa_d;        // fetched segment's address (until its length word)
  reg [32:0] alim_q, alim_d;    // HOST_LIMIT - sa (33-bit, bit 32: the address is beyond it)
  reg        f_bank_q, f_bank_d; // segment RAM half the fetch writes
  // segment walker (owns cur_addr/cur_rem/seg_*; runs while w_act_q)
  reg        w_act_q, w_act_d, w_bank_q, w_bank_d;
  reg [SAW:0] w_segcnt_q, w_segcnt_d;
  reg [1:0]  w_vi_q, w_vi_d, pk_vi_q, pk_vi_d;
  // DMA port grant (1 = walker, 0 = control FSM), a register (timing: no arbitration logic in
  // front of the port); a refused request keeps it
  reg        gnt_q, gnt_d;
  // send completion queue {status word address (desc + CTL_W3), len, vi, err[2:0], needs tx_done}
  // + tx_done code FIFO
  reg [CQD*32-1:0] cq_swa_q, cq_swa_d;  // (swa: status word address)
  reg [CQD*16-1:0] cq_len_q, cq_len_d;
  reg [CQD*2-1:0]  cq_vi_q, cq_vi_d;
  reg [CQD*3-1:0]  cq_err_q, cq_err_d;
  reg [CQD-1:0]    cq_nd_q, cq_nd_d;
  reg [1:0]  cq_wp_q, cq_wp_d, cq_rp_q, cq_rp_d, cd_wp_q, cd_wp_d, cd_rp_q, cd_rp_d;
  reg [2:0]  cq_cnt_q, cq_cnt_d, cd_cnt_q, cd_cnt_d, aw_cnt_q, aw_cnt_d;
  reg [CQD*4-1:0]  cd_q, cd_d;
  reg [SAW:0] seg_idx_q, seg_idx_d;
  reg        seg_vld_q, seg_vld_d, seg_rd_q, seg_rd_d, seg_last_q, seg_last_d;
  // pipeline stage (timing): a receive's segment load takes one more cycle (seg_rd_q -> seg_ld_q
  // -> seg_vld_q), so the unpacker's rx_full / rx_left for the first chunk are built from the
  // loaded room_q (not from the segment RAM output in the load cycle). Sends load as before
  reg        seg_ld_q, seg_ld_d;
  reg [31:0] cur_addr_q, cur_addr_d;
  reg [15:0] cur_rem_q, cur_rem_d;
  // timing: the walker's chunk size, kept registered next to cur_addr/cur_rem: while a segment
  // is loaded (seg_vld_q) room_q = min(cur_rem, 8 - cur_addr[2:0]) and rlast_q = the chunk ends
  // the segment. After a full chunk the address is 8-byte aligned, so the next chunk is
  // min(cur_rem - room, 8); only the last (partial) chunk of a received message breaks this,
  // and then the message is complete (nothing uses room until the next segment load).
  reg [3:0]  room_q, room_d;
  reg        rlast_q, rlast_d;
  // timing: rem_nx = cur_rem_q - room_q (the segment bytes after the current chunk), a register
  // kept next to room_q while a segment is loaded (after a receive's partial last chunk it is
  // stale, but nothing uses it until the next segment load)
  reg [15:0] rem_nx, remnx_q, remnx_d;
  // timing: the chunk after the current one, registered next to remnx_q (always, also while no
  // segment is loaded): nlast_q = (remnx_q <= 8), nroom_q = nlast_q ? remnx_q[3:0] : 8
  reg        nlast_q, nlast_d;
  reg [3:0]  nroom_q, nroom_d;
  reg        walk_done_q, walk_done_d;
  // receive byte ring (timing / size: replaces the unpacker's shifted 128-bit accumulator and
  // its two 16-byte x 17-source candidates): the message stream's byte at offset o (counted
  // from the receive's first byte) sits in rxr_q byte o mod 16. rwp_q is the offset of the next
  // beat byte mod 16; the cnt_q unwritten bytes are the ones before it. A beat enters by one
  // 8-byte rotate by rwp_q (registers only), written to the 8 ring bytes from rwp_q on whatever
  // its tkeep (a beat is taken with cnt_q <= 8, so they hold no unwritten byte; bytes beyond
  // tkeep are overwritten by the next beat before they count). A chunk leaves through one
  // rotation by rsh_q = (offset of the chunk's first byte - its host lane) mod 16, a register
  // set at the segment load and flipped by 8 after each full chunk (which ends the host word,
  // or the segment: the next load sets it again). The write data is the rotation as it is: its
  // unstrobed lanes carry other ring bytes (the C model keeps the same ring).
  reg [127:0] rxr_q, rxr_d;
  reg [3:0]   rwp_q, rwp_d, rsh_q, rsh_d;
  reg [63:0]  rrw, rrd;
  // send byte ring (timing / size: replaces the packer's shifts of the shared accumulator): the
  // message stream's byte at offset o sits in tr_q byte (8 * trh_q + o) mod 16 counted from the
  // current beat; trh_q is the half holding the current beat. A payload word enters by one
  // rotate to its write position (registers only), a beat leaves as the half trh_q (masked to
  // tkeep: the port still shows 0 beyond tkeep) and flips trh_q. The receive
  // ring is rxr_q below; tdata is the send ring half only (0 while a receive runs: tk_q = 0).
  reg [127:0] tr_q, tr_d;
  reg         trh_q, trh_d;
  reg [3:0]   twa, tka;
  reg [63:0]  trw;
  reg [15:0]  tea, teb;
  reg         t_wa, t_wb, t_bsel;
  reg [4:0]  cnt_q, cnt_d;
  reg        in_done_q, in_done_d;
  reg [31:0] xfer_q, xfer_d;
  // timing: the receive byte count adds each accepted write's bytes one cycle later (xa_q), so
  // the late write acceptance drives 4 flops, not the 32-bit adder's enables; S_WB comes at
  // least two cycles after the last write, so xfer_q is complete there (asserted: xa_q is 0
  // outside S_RX)
  reg [3:0]  xa_q, xa_d;
  // doorbells
  reg [NUM_DB*DBAW-1:0] db_wp_q, db_wp_d, db_rp_q, db_rp_d;
  reg [NUM_DB*DBCW-1:0] db_cnt_q, db_cnt_d;
  // CSR
  reg        en_q, en_d;
  reg [6:0]  status_q, status_d, irq_en_q, irq_en_d;
  reg [31:0] limit_q, limit_d;
  reg [32:0] lm32_q, lm32_d, lm48_q, lm48_d;  // {1'b0, limit} - 32 / - 48 (see daddr_bad_m)
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
  // send descriptor prefetcher: pops a send doorbell, checks the address and reads the control
  // words (and segment 0) of the descriptor into one of PFD slots, ahead of the control FSM;
  // its responses are drained into the slot as they reach the response FIFO head
  reg [2:0]  pf_st_q, pf_st_d;
  reg [1:0]  pf_vi_q, pf_vi_d, pf_idx_q, pf_idx_d;
  reg [PFW-1:0] pf_slot_q, pf_slot_d;
  reg [31:0] pf_desc_q, pf_desc_d;
  reg        pf_spec_q, pf_spec_d;
  reg        fsel_q, fsel_d;   // control side of the DMA port: 0 = control FSM, 1 = prefetcher
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
  // timing: the receive descriptor address check of S_DB_CHK goes into a register; S_DB_CHK
  // always moves to S_CTL and a bad address is acted on in S_CTL's first cycle (1 in no other
  // cycle; S_CTL issues no read then: fsm_more_q = 0)
  reg        dbad_q, dbad_d;
  // timing: a prefetched descriptor's segment 0 is written into the segment RAM in S_CTL's
  // first cycle from sa_q / sum_q (registered from the slot when S_IDLE takes it), not from
  // the slot mux in S_IDLE (the walker reads it at least two cycles later either way)
  reg        seg0w_q, seg0w_d;

  // ------------------------------------------------------------------ sub-blocks
  wire [31:0] db_rd_data;
  reg         db_we, db_re;
  reg [RW+DBAW-1:0] db_waddr, db_raddr;
  nic_ram_1r1w #(.DEPTH(NUM_DB * DB_DEPTH), .WIDTH(32), .NBE(1)) u_db_ram (
    .clk_i(clk_i), .wr_en_i(db_we), .wr_addr_i(db_waddr), .wr_data_i(ci_wdata_q),
    .wr_be_i(1'b1), .rd_en_i(db_re), .rd_addr_i(db_raddr), .rd_data_o(db_rd_data));

  // two halves: the fetch fills one while the walker reads the other
  // word: {first_chunk (31 bits, see first_chunk), length[15:0], address[31:0]}
  wire [78:0] seg_rd_data;
  reg         seg_we, seg_re;  // (seg_re: from registers only, see below)
  reg [SAW-1:0] seg_waddr;
  reg [SAW:0] seg_raddr;  // {bank, index}
  reg [15:0]  seg_wl;     // the segment's length (its address: sa_q)
  // timing: a segment write is registered (sw_*) and reaches the RAM one cycle later, with
  // first_chunk computed from these registers: no response skid mux, carry chain and RAM
  // write-data input in one cycle. The walker never reads an entry in the cycle it is
  // written (asserted under FORMAL): it reads the other half, or segment 0 of this half at its
  // start, and a receive's start waits one cycle while segment 0's write is pending (sw0_q)
  reg         sw_v_q, sw0_q;
  reg [SAW:0] sw_addr_q;
  reg [15:0]  sw_len_q;
  reg [31:0]  sw_sa_q;
  // timing: the two length compares of first_chunk (rl: the segment fits the first host word,
  // nl: it fits the first two) are registered with sw_len_q from seg_wl / sa_q (asserted), so
  // only the remaining-bytes adder and its selects sit between these registers and the RAM
  reg         sw_rl_q, sw_rl_d, sw_nl_q, sw_nl_d;
  always @* begin
    sw_rl_d = fc_rl(sa_q[2:0], seg_wl);
    sw_nl_d = fc_nl(sa_q[2:0], seg_wl);
  end
  wire [30:0] sw_fc = fc_word(sw_sa_q[2:0], sw_len_q, sw_rl_q, sw_nl_q);
  wire [78:0] seg_wdata = {sw_fc, sw_len_q, sw_sa_q};
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sw_v_q <= 1'b0;
      sw0_q  <= 1'b0;
    end else begin
      sw_v_q <= seg_we;
      sw0_q  <= seg_we && (seg_waddr == '0);
    end
  end
  always @(posedge clk_i) begin  // no reset: used only with sw_v_q
    sw_addr_q <= {f_bank_q, seg_waddr};
    sw_len_q  <= seg_wl;
    sw_sa_q   <= sa_q;
    sw_rl_q   <= sw_rl_d;
    sw_nl_q   <= sw_nl_d;
  end
  nic_ram_1r1w #(.DEPTH(2 * MAX_SEGS), .WIDTH(79), .NBE(1)) u_seg_ram (
    .clk_i(clk_i), .wr_en_i(sw_v_q), .wr_addr_i(sw_addr_q), .wr_data_i(seg_wdata),
    .wr_be_i(1'b1), .rd_en_i(seg_re), .rd_addr_i(seg_raddr),
    .rd_data_o(seg_rd_data));

  // response head as the consumers see it: the 2-entry skid (sk*) behind the FIFOs
  wire [63:0] rsp_data;
  // the consumer takes the head (the entry at sk_rp_q): rsp_pop as the consumers set it, used
  // only by the FORMAL check that rsp_pop_x (the one the skid uses) equals it
  /* verilator lint_off UNUSEDSIGNAL */
  reg         rsp_pop;
  /* verilator lint_on UNUSEDSIGNAL */
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
  localparam int RAW = $clog2(RSP_DEPTH);
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
  // skid holds fewer than 2 (a registered count: the FIFO pointers, RAM read and bypass no
  // longer wait for the packer's tready / fill level); the consumers take the skid head. Costs
  // one cycle of response latency, no throughput (one word per cycle in and out). Read credits
  // (inflight_q) are returned when a word leaves the FIFO: the skid is extra storage.
  // timing: the two entries are a ring (write pointer sk_wp_q, head sk_rp_q): a word is written
  // only by fq_pop (registers), the consumers' pop moves the head pointer alone, so the pop
  // (behind the packer's tready and the FSM's decisions) no longer drives the 142 data flops
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
  wire [5:0]  meta_data = hm_q;  // (bit 6: in hpay_q / hdesc_q / hpf_q)
  assign fq_pop   = fifo_v && !sk_cnt_q[1];
  assign rsp_data = sk_rp_q ? sk1_d_q : sk0_d_q;
  // each skid entry's segment-length field against alim_q (see the S_CTL / S_SEG length check)
  wire [1:0]  sk_gt = {({1'b0, sk1_d_q[SLEN_LSB +: 32]} > alim_q), ({1'b0, sk0_d_q[SLEN_LSB +: 32]} > alim_q)};
  // {1, 1, slot, word, 0}: a prefetcher word; {1, 0, 0...}: a control FSM descriptor word
  wire        rsp_desc = hdesc_q;  // head: a control FSM word
  wire        rsp_pf   = hpf_q;    // head: a prefetcher word
  wire        rsp_pay  = hpay_q;   // head response: a payload word

  // ------------------------------------------------------------------ outputs from state
  // byte packer (send): runs outside S_RX; a receive starts only when it is empty
  // (timing: the compares with 8 written as bit logic, no carry chain in front of the pop)
`ifdef FORMAL
  // the packer's tlast by its definition (the port is tl_q, asserted equal outside S_RX)
  wire        tx_last   = in_done_q && !cnt_q[4] && (!cnt_q[3] || cnt_q[2:0] == 3'd0);  // cnt_q <= 8
`endif
  // timing: tvalid (= (state_q != S_RX) && (cnt_q >= 8 || (in_done_q && cnt_q != 0))) and, outside
  // S_RX, tx_last are registered from the packer's next-state candidates (tv_q, tl_q; FORMAL
  // checks both against these definitions), so the packer's pop and the response skid behind it
  // start at a flop, not at the fill-level compare
  reg         tv_q, tv_d, tl_q, tl_d;
  // timing: tkeep is registered the same way (tk_q = kkeep(cnt_q) outside S_RX, 0 in S_RX), so
  // the packer's fill-level logic (cnt_d) shares no LUT with the tkeep output, which the
  // engine's register slice and debug port pull away (a worst path of three of five engine
  // placements: cnt_q -> tkeep LUTs by the debug port -> cnt_d). tlast is tl_q (= tx_last
  // outside S_RX, 0 in S_RX). Both are don't-cares while tvalid is 0, the C model gives 0 in S_RX.
  reg  [7:0]  tk_q, tk_d;
  wire        tx_emit_v = tv_q;
  assign m_axis_tx_tvalid = tv_q;
  assign m_axis_tx_tdata  = (trh_q ? tr_q[127:64] : tr_q[63:0]) & bmask64(tk_q);
  assign m_axis_tx_tkeep  = tk_q;
  assign m_axis_tx_tlast  = tl_q;
  assign m_axis_tx_tuser  = pk_vi_q;
  // timing: s_axis_rx_tready = (state_q == S_DRAIN) || (state_q == S_RX && !in_done_q &&
  // (walk_done_q || cnt_q <= 8)), registered from the next-state values
  reg         rx_rdy_q, rx_rdy_d;
  assign s_axis_rx_tready = rx_rdy_q;

  // walker: current segment chunk
  wire [3:0] room      = room_q;
  // timing: the unpacker's fill level against the walker's chunks, kept as signed 6-bit levels
  // (while a receive's segment is loaded, see the FORMAL block):
  //   d0_q = cnt_q - room_q            rx_full = d0_q >= 0, rx_left (rxl_q) = d0_q or 0
  //   d1_q = cnt_q - room_q - nroom_q  the level after the next chunk
  // with nnroom_q, the chunk after the next one, and rn_q = room_q + nroom_q at a segment load.
  // A beat of n bytes and a write move them by n and at most one register:
  //   no write: d0 + n, d1 + n     write: d1 + n, d1 - nnroom + n
  //   segment load (seg_ld_q): cnt - room + n, cnt - rn + n
  // so each next value is one carry chain from registers and the beat's byte count, picked by
  // the late write acceptance and rx beat (before: room - cnt, then n minus that: two chains)
  reg [5:0]  d0_q, d0_d, d1_q, d1_d;
  reg [3:0]  nnroom_q, nnroom_d;
  reg [4:0]  rn_q, rn_d;
  reg        rlast_ld;
  reg [7:0]  rxk;
  reg        le8_0, le8_1;
  reg [1:0]  rdy_b;
  reg        rdy_nx;  // outside S_RX: state_d is S_DRAIN or S_RX (see rdy_b)
  reg [5:0]  ud_n;                    // the beat's byte count
  reg [5:0]  ud_a0, ud_b0, ud_a1, ud_b1; // operands of d0_d, d1_d without a write (a segment
                                      // load subtracts room / rn: ones' complement, carry-in)
  reg [23:0] ud_d0, ud_d1;            // by {w_acc, rx beat}
  reg [3:0]  room_d_ld;
  reg [4:0]  rxl_q, rxl_d;
  // timing: rxnz_q = (cnt_q != 0) in S_RX (0 outside it: a receive enters S_RX with cnt_q = 0),
  // registered from the unpacker's candidates (no compare of the adder output, no compare of
  // cnt_q in front of the write request)
  reg        rxnz_q, rxnz_d;
  wire       rx_full   = !d0_q[5];
  wire [3:0] rx_n      = rx_full ? room : cnt_q[3:0];
  wire       rx_wr_v   = rqs_rx_q && seg_vld_q && rxnz_q && (rx_full || in_done_q);
  // completion queue head (send status write)
  // timing / size: every variable-index field is selected (and written, below) by index
  // compares on constant part-selects (no index * width shifter)
  reg  [31:0] h_swa;
  reg  [15:0] h_len;
  reg  [1:0]  h_vi;
  reg  [2:0]  h_err;
  reg         h_nd;
  // timing: the head entry's "no descriptor error" flag as a flop (hnd_q = cq_nd_q[cq_rp_q],
  // loaded from the next cycle's entry with the late pop selecting last), so the S_IDLE
  // decision (cq_rdy) starts at flops, not at the head mux
  reg         hnd_q, hnd_d;
  reg  [3:0]  h_cd;
  integer     hi;
  always @* begin
    h_swa = 32'd0; h_len = 16'd0; h_vi = 2'd0; h_err = 3'd0; h_nd = hnd_q; h_cd = 4'd0;
    for (hi = 0; hi < CQD; hi = hi + 1) begin
      if (cq_rp_q == 2'(hi)) begin
        h_swa = cq_swa_q[hi*32 +: 32];
        h_len  = cq_len_q[hi*16 +: 16];
        h_vi   = cq_vi_q[hi*2 +: 2];
        h_err  = cq_err_q[hi*3 +: 3];
      end
      if (cd_rp_q == 2'(hi)) h_cd = cd_q[hi*4 +: 4];
    end
  end
  wire [3:0]  h_code = h_nd ? h_cd : 4'd0;
  // the oldest prefetch slot (s_rp_q), taken by the control FSM
  reg  [31:0] t_desc, t_len, t_sa, t_sum0;
  reg  [15:0] t_segcnt;
  reg  [1:0]  t_vi;
  reg         t_spec, t_aerr, t_e1, t_e2, t_rdy;
  always @* begin
    t_desc = 32'd0; t_len = 32'd0; t_sa = 32'd0; t_sum0 = 32'd0; t_segcnt = 16'd0; t_vi = 2'd0;
    t_spec = 1'b0; t_aerr = 1'b0; t_e1 = 1'b0; t_e2 = 1'b0; t_rdy = 1'b0;
    for (hi = 0; hi < PFD; hi = hi + 1)
      if (s_rp_q == PFW'(hi)) begin
        t_desc = s_desc_q[hi*32 +: 32]; t_len = s_len_q[hi*32 +: 32]; t_sa = s_sa_q[hi*32 +: 32];
        t_sum0 = s_sum0_q[hi*32 +: 32]; t_segcnt = s_segcnt_q[hi*16 +: 16]; t_vi = s_vi_q[hi*2 +: 2];
        t_spec = s_spec_q[hi]; t_aerr = s_aerr_q[hi]; t_e1 = s_e1_q[hi]; t_e2 = s_e2_q[hi];
        t_rdy = s_rdy_q[hi];
      end
  end
  // status word / length written back: S_WBS from the queue head, S_WB (receive) from registers
  wire        wbs    = rqs_wbs_q;
  wire [3:0]  c_err  = wbs ? {1'b0, h_err} : err_q;
  wire [3:0]  c_code = wbs ? h_code : 4'd0;
  wire [31:0] status_word = {20'd0, c_code, 2'b00, c_err[3], (c_code != 4'd0), c_err[2:0], 1'b1};
  // timing: a send completion's length is stored as 0 when it has error bits (cq_len, at the
  // push), so the head's length needs no error compare behind the completion queue head mux
  wire [31:0] wb_len = wbs ? {16'd0, h_len} : ((err_q[2:0] != 3'd0) ? 32'd0 : xfer_q);

  // a read credit is free (inflight_q <= RSP_DEPTH always, so only its top bit needs looking at)
  wire       if_room = !inflight_q[IFW-1];

  // receive unpacker candidates (timing: built from registers and the rx beat only; the write
  // acceptance w_acc picks one at the end)
  wire        rx_beat_w = s_axis_rx_tvalid && s_axis_rx_tready;
  wire [3:0]  rx_tc_w   = s_axis_rx_tcnt;  // (= popc8(tkeep) on a beat, assumed under FORMAL)
  wire [4:0]  rx_left   = rxl_q;  // = cnt_q - rx_n
  // the receive ring's read: a 16-byte rotation by rsh_q (a register), low 8 bytes; host lane L
  // gets ring byte (L + rsh_q) mod 16
  // (the byte index is 4 bits wide, so it wraps round the ring)
  integer      ra_j;
  reg  [3:0]   rri;
  always @* begin
    rrd = 64'd0;
    for (ra_j = 0; ra_j < 8; ra_j = ra_j + 1) begin
      rri = 4'(ra_j) + rsh_q;
      rrd[8*ra_j +: 8] = rxr_q[8*rri +: 8];
    end
  end

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
  reg        fsm_v, pf_v, f_v, w_v, sel_w;
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
  // timing: the control FSM's "descriptor words left to request" (S_CTL: req_idx_q < 2 or 4,
  // S_SEG: req_idx_q < 2 * SegCount), registered from the next-state values
  reg        fsm_more_q, fsm_more_d, fsm_more1;
  // timing: rdn_q = every descriptor word of the state taken, i.e. rsp_idx_q == fsm_lim (S_CTL:
  // 4 or 2, S_SEG: 2 * SegCount), registered (asserted in S_CTL / S_SEG; a don't-care elsewhere),
  // so the FSM's decisions at the end of S_CTL / S_SEG start at a flop, not a 6-bit compare
  reg        rdn_q, rdn_d, rdn1;
  reg [5:0]  fsm_lim;
  reg [31:0] fsm_addr, pf_addr, f_addr;
  always @* begin
    fsm_v = 1'b0;
    case (state_q)
      S_CTL, S_SEG: fsm_v = fsm_more_q && if_room;  // S_CTL: words 1 and 3, then (speculatively) segment 0
      S_WB, S_WBS:  fsm_v = 1'b1;
      default: ;
    endcase
    // the address (see dinc_q): S_CTL ctl_addr(desc_q, req_idx_q), S_SEG desc_q + 32 +
    // 8 * req_idx_q, S_WB desc_q + CTL_W3, S_WBS the completion queue head's status word
    // (the entry holds its status word's address, see cq_swa_d), 0 in the other states
    case (req_idx_q[1:0])
      2'd0: fa_off = CTL_W1[8:3];
      2'd1: fa_off = CTL_W3[8:3];
      2'd2: fa_off = 6'd4;
      default: fa_off = 6'd5;
    endcase
    if (state_q == S_SEG) fa_off = req_idx_q + 6'd4;  // (req_idx_q <= 2 * MAX_SEGS in S_SEG)
    else if (state_q != S_CTL) fa_off = CTL_W3[8:3];
    {fa_c, fa_lo} = {1'b0, desc_q[8:3]} + {1'b0, fa_off};
    fsm_addr = ({32{state_q == S_CTL || state_q == S_SEG || state_q == S_WB}} &
                {fa_c ? dinc_q : desc_q[31:9], fa_lo, desc_q[2:0]}) |
               ({32{rqs_wbs_q}} & h_swa);
    // prefetcher: words 1 and 3, then (when in HOST_LIMIT) segment 0's two words
    pf_v    = (pf_st_q == P_ISS) && if_room;
    pf_addr = ctl_addr(pf_desc_q, pf_idx_q);
    f_v    = fsel_q ? pf_v : fsm_v;
    f_addr = fsel_q ? pf_addr : fsm_addr;
    w_v = w_act_q && (rqs_rx_q ? rx_wr_v : (seg_vld_q && if_room));
    sel_w = gnt_q;
    rq_v     = sel_w ? w_v : f_v;
    rq_st    = !sel_w && !fsel_q && (rqs_wb_q || rqs_wbs_q);
    rq_we    = sel_w ? rqs_rx_q : rq_st;  // (the control side writes only status words)
    rq_addr  = sel_w ? {cur_addr_q[31:3], 3'b000} : f_addr;
    rq_wdata = 64'd0;
    rq_wstrb = 8'd0;
    rq_rk    = rqs_wb_q;
    rq_vi    = rqs_wb_q ? vi_q : h_vi;
    // a receive write: the ring read (its chunk bytes in their host lanes) with the strobes of
    // its rx_n bytes. timing: the data is the ring rotation by a register, selected by the grant
    // and the state only, not masked (no rx_n or request valid in front of the 64 data bits);
    // unstrobed lanes carry other ring bytes, which the C model mirrors
    if (sel_w && rqs_rx_q) begin
      rq_wdata = rrd;
      // (gated by registers only, not by w_v: the LOAD_ANY slice takes the strobes of a request
      // that is not valid too, and rx_n is the chunk's byte count whenever a segment is loaded)
      if (w_act_q && seg_vld_q) rq_wstrb = kmask8(rx_n) << cur_addr_q[2:0];
    end else if (rq_st) begin
      rq_wdata = {status_word, wb_len};
      rq_wstrb = 8'hFF;
    end
    rq_pa   = sel_w ? {room[2:0] - 3'd1, cur_addr_q[2:0]} : 6'b111_000;
    rq_meta = sel_w ? {1'b0, w_vi_q, seg_last_q && rlast_q, room[2:0] - 3'd1}
                    : (fsel_q ? {2'b11, 2'(pf_slot_q), pf_idx_q, 1'b0} : 7'b10_00000);
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
  wire [5:1] e_sw = dma_req_wdata_o[37:33];  // its status bits {TRUNC, TX_ERR, ADDRESS, LENGTH, FORMAT}

  // ------------------------------------------------------------------ next state
  reg        pf_acc, any_sdb, tx_turn, rx_turn, rx_active, take;
  reg [NUM_VI-1:0] sdb_ne;
  reg [3:0]  rdb_ne;  // indexed by s_axis_rx_tuser (entries >= NUM_VI stay 0)
  reg [31:0] rd_or, rd_v;
  reg        f_acc, w_acc, tx_emit, csr_wr, csr_rd, tx_idle, cq_rdy, cq_push, cq_pop, w_start;
  reg        ci_spop;  // a SYS_POP read is acted on in this cycle (the engine's doorbell pop waits)
  /* verilator lint_off UNUSEDSIGNAL */  // a push's error bits: the reference cq_pc is checked against (FORMAL)
  reg [2:0]  cq_perr;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [2:0]  cq_pc;
  reg [3:0]  seg_err;
  /* verilator lint_off UNUSEDSIGNAL */  // the engine's pop as its states set it: the reference of db_pop (FORMAL)
  reg [RW-1:0] ring;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [NUM_DB-1:0] db_push, db_pop;
  // timing: the doorbell pops by source: csr_popv = SYS_POP read of system ring 0 / 1,
  // eng_re / ring = the control FSM's or the prefetcher's pop (only when no SYS_POP read)
  reg [1:0]  csr_popv;
  reg [RW+DBAW-1:0] db_eaddr, db_saddr;
  // timing: the doorbell RAM address of the engine's pops, registered one cycle ahead: ra_f_q
  // = head of the receive ring of s_axis_rx_tuser, loaded in S_IDLE (S_DB_RD is entered only
  // from there, with vi_q = that tuser) and held in S_DB_RD; ra_p_q = head of the send ring
  // the prefetcher picks in P_IDLE, held in P_RD. Only the pop they are for moves those read
  // pointers, so they are still the ring heads when used (asserted)
  reg [RW+DBAW-1:0] ra_f_q, ra_f_d, ra_p_q, ra_p_d;
  // timing: the same rings one-hot (eo_f_q, eo_p_q, loaded and held like ra_f_q / ra_p_q), so
  // an engine pop's doorbell (db_pop) is a flop AND the pop state, not a compare of a ring
  // number computed behind ci_spop (asserted equal to the ring of eng_re)
  reg [NUM_DB-1:0] eo_f_q, eo_f_d, eo_p_q, eo_p_d;
  /* verilator lint_off UNUSEDSIGNAL */  // (as ring, above)
  reg        eng_re;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [DBCW-1:0] dbc_p1, dbc_m1;
  // timing: per doorbell "not empty" (db_cnt_q != 0) as a flop, updated with the level by the
  // push / pop (asserted), so the send / receive turn decisions start at flops
  reg [NUM_DB-1:0] dne_q, dne_d;
  // and "full" (db_cnt_q == DB_DEPTH) the same way: the doorbell write's full check (RAM write
  // enable, overflow count) starts at a flop, not at a level compare
  reg [NUM_DB-1:0] dfu_q, dfu_d;
  reg        rx_req, found;
  reg [1:0]  pick;
  reg        pop_n, pop_e, pop_t, done_n, done_e;
  reg [4:0]  cnt_n, cnt_e;
  reg [63:0] piece;
  reg [8:0]  rx_koh;
  reg [4:0]  rx_cs0, rx_cs1;  // cnt_q / rx_left + the beat's byte count (select of sums)
  reg [31:0] seglen;
  reg [3:0]  ctl_err;
  reg        ev_send_wb, ev_recv_wb;
  reg [NCNT-1:0] cnt_inc;
  reg [31:0] bytes_add;
  integer    i, j, k;

  always @* begin
    state_d = state_q; op_rx_d = op_rx_q; vi_d = vi_q; rr_d = rr_q; prio_rx_d = prio_rx_q;
    desc_d = desc_q; segcnt_d = segcnt_q; len_d = len_q; err_d = err_q; sc_bad_d = sc_bad_q; ln_bad_d = ln_bad_q;
    has_desc_d = has_desc_q; sa_d = sa_q; alim_d = alim_q; f_bank_d = f_bank_q;
    w_act_d = w_act_q; w_bank_d = w_bank_q; w_segcnt_d = w_segcnt_q; w_vi_d = w_vi_q; pk_vi_d = pk_vi_q;
    cq_swa_d = cq_swa_q; cq_len_d = cq_len_q; cq_vi_d = cq_vi_q; cq_err_d = cq_err_q; cq_nd_d = cq_nd_q;
    cq_wp_d = cq_wp_q; cq_rp_d = cq_rp_q; cq_cnt_d = cq_cnt_q;
    cd_d = cd_q; cd_wp_d = cd_wp_q; cd_rp_d = cd_rp_q; cd_cnt_d = cd_cnt_q; aw_cnt_d = aw_cnt_q;
    ctl_aerr_d = ({1'b0, desc_q} + 33'd32 + {13'd0, segcnt_q, 4'd0} > {1'b0, limit_q});
    cq_push = 1'b0; cq_pop = 1'b0; w_start = 1'b0; cq_perr = 3'd0; seg_err = 4'd0; req_idx_d = req_idx_q; rsp_idx_d = rsp_idx_q;
    inflight_d = inflight_q; sum_d = sum_q; spec_d = spec_q; seghi_d = seghi_q; seg_idx_d = seg_idx_q;
    seg_vld_d = seg_vld_q; seg_rd_d = seg_rd_q; seg_last_d = seg_last_q; seg_ld_d = seg_ld_q;
    cur_addr_d = cur_addr_q; cur_rem_d = cur_rem_q; walk_done_d = walk_done_q;
    rxr_d = rxr_q; rwp_d = rwp_q; rsh_d = rsh_q; rrw = 64'd0; cnt_d = cnt_q; in_done_d = in_done_q; xfer_d = xfer_q; tv_d = 1'b0; tl_d = 1'b0; tk_d = 8'd0;
    xa_d = 4'd0;
    en_d = en_q; status_d = status_q; irq_en_d = irq_en_q; limit_d = limit_q;
    send_cnt_d = send_cnt_q; recv_cnt_d = recv_cnt_q; err_cnt_d = err_cnt_q;
    db_wp_d = db_wp_q; db_rp_d = db_rp_q; db_cnt_d = db_cnt_q; dne_d = dne_q; dfu_d = dfu_q;
    db_we = 1'b0; db_re = 1'b0; db_waddr = '0; db_raddr = '0; ra_f_d = ra_f_q; ra_p_d = ra_p_q;
    eo_f_d = eo_f_q; eo_p_d = eo_p_q;
    seg_we = 1'b0; seg_waddr = '0;
    // timing: the read address from registers only: a walker start (w_start, which reads
    // segment 0 of the half the fetch filled) comes only while the walker reads nothing more
    // (idle or walk_done_q), so that address is presented whenever that holds
    seg_raddr = (!w_act_q || walk_done_q) ? {f_bank_q, {SAW{1'b0}}} : {w_bank_q, seg_idx_q[SAW-1:0]};
    rsp_pop = 1'b0;
    db_push = '0; db_pop = '0; csr_popv = 2'b00; eng_re = 1'b0;
    csr_rdata_d = 32'd0; csr_pop_d = 1'b0;
    cnt_inc = '0;
    rx_req = 1'b0; found = 1'b0; pick = 2'd0; ring = '0;
    piece = 64'd0; pop_t = 1'b0;
    tr_d = tr_q; trh_d = trh_q; twa = 4'd0; tka = 4'd0;
    trw = 64'd0; tea = 16'd0; teb = 16'd0; t_wa = 1'b0; t_wb = 1'b0; t_bsel = 1'b0;
    rx_koh = 9'd1; rx_cs0 = cnt_q; rx_cs1 = rx_left;
    room_d = room_q; rlast_d = rlast_q;
    rem_nx = remnx_q;
    remnx_d = remnx_q;
    nlast_d = nlast_q; nroom_d = nroom_q; nnroom_d = nnroom_q; rn_d = rn_q;
    seglen = 32'd0; ctl_err = 4'd0;
    dbad_d = 1'b0;
    seg0w_d = 1'b0;
    rxnz_d = 1'b0;
    seg_wl = 16'd0;
    bytes_add = dma_req_wdata_o[31:0];  // the status write's length (see ev_send_wb)

    // timing: each source's acceptance (by the request slice) from its own request and the
    // grant registers only (= rq_v && rq_rdy and the grant), so that e.g. the walker's w_acc
    // does not wait for the control side's request logic (fsm_v / pf_v) through rq_v
    w_acc   = sel_w && w_v && rq_rdy;
    gnt_d   = gnt_q;  // (decided below the control FSM)
    fsel_d  = fsel_q;
    f_acc   = !sel_w && !fsel_q && fsm_v && rq_rdy;  // control FSM request accepted
    pf_acc  = !sel_w && fsel_q && pf_v && rq_rdy;    // prefetcher request accepted
    pf_st_d = pf_st_q; pf_vi_d = pf_vi_q; pf_idx_d = pf_idx_q; pf_slot_d = pf_slot_q;
    pf_desc_d = pf_desc_q; pf_spec_d = pf_spec_q;
    s_desc_d = s_desc_q; s_len_d = s_len_q; s_sa_d = s_sa_q; s_sum0_d = s_sum0_q;
    s_segcnt_d = s_segcnt_q; s_vi_d = s_vi_q; s_spec_d = s_spec_q; pf_sa_d = pf_sa_q;
    s_e1_d = s_e1_q; s_e2_d = s_e2_q; s_aerr_d = s_aerr_q; s_rdy_d = s_rdy_q;
    s_wp_d = s_wp_q; s_rp_d = s_rp_q; s_cnt_d = s_cnt_q;
    tx_emit = m_axis_tx_tvalid && m_axis_tx_tready;
    tx_idle = !w_act_q && (inflight_q == '0) && (sk_cnt_q == 2'd0) && (cnt_q == 5'd0) && !in_done_q && (pf_st_q == P_IDLE);
    // per-VI doorbell non-empty flags (timing: no variable index * DBCW in front of a compare)
    sdb_ne = '0;
    rdb_ne = 4'd0;
    for (i = 0; i < NUM_VI; i = i + 1) begin
      sdb_ne[i] = dne_q[2 + 2 * i];
      rdb_ne[i] = dne_q[3 + 2 * i];
    end
    any_sdb = (sdb_ne != '0);
    // send/receive turns (prio_rx_q alternates them); the prefetcher starts no new descriptor
    // while it is the receive's turn or a receive runs, so the send side drains for it
    tx_turn   = en_q && (any_sdb || s_cnt_q != 3'd0) && (cq_cnt_q != 3'(CQD));
    rx_req    = en_q && s_axis_rx_tvalid;
    rx_turn   = rx_req && (!tx_turn || prio_rx_q);
    rx_active = op_rx_q && !(state_q == S_IDLE || state_q == S_WBS);
    take      = en_q && t_rdy && (cq_cnt_q != 3'(CQD));
    cq_rdy  = (cq_cnt_q != 3'd0) && (!h_nd || cd_cnt_q != 3'd0);
    csr_wr  = csr_req_i && csr_we_i;
    csr_rd  = csr_req_i && !csr_we_i;

    // ---------------- CSR request stage: decode the request entering ci_*
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

    // ---------------- CSR read (values of the cycle the registered request is acted on)
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

    // ---------------- CSR write
    if (ci_wen_q) en_d = ci_wdata_q[0];
    if (ci_wst_q) status_d = status_q & ~ci_wdata_q[6:0];
    if (ci_wie_q) irq_en_d = ci_wdata_q[6:0];
    if (ci_wlim_q) limit_d = ci_wdata_q;
    // (the write address is the written doorbell's pointer whether or not it is full: timing,
    // the level compare only gates the write enable, it is not in front of the RAM address)
    for (i = 0; i < NUM_DB; i = i + 1)
      if (ci_wdb_q[i]) begin
        db_waddr = {RW'(i), db_wp_q[i*DBAW +: DBAW]};
        if (dfu_q[i]) begin
          cnt_inc[C_DBOVF] = 1'b1;
          status_d[4] = 1'b1;
        end else begin
          db_we = 1'b1;
          db_push[i] = 1'b1;
        end
      end

    // ---------------- DMA read credits / response metadata
    // timing: a read request accepted by the slice (= rq_v && rq_rdy && !rq_we), from the read
    // sources only: the walker outside S_RX, the control FSM in S_CTL / S_SEG, the prefetcher;
    // so the receive unpacker's write request (rx_full, rx_wr_v) is not in front of the read
    // credits (asserted under FORMAL). A credit is taken here, so reads in the slice count.
    rd_acc = rq_rdy &&
             (sel_w ? ((state_q != S_RX) && w_act_q && seg_vld_q && if_room)
                    : (fsel_q ? pf_v : ((state_q == S_CTL || state_q == S_SEG) && fsm_more_q && if_room)));
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

    // ---------------- tx_done codes: one per sent message, in order (a pulse with no message
    // waiting for its code is ignored)
    if (tx_emit && tl_q) aw_cnt_d = aw_cnt_d + 3'd1;
    if (tx_done_valid_i && aw_cnt_q != 3'd0) begin
      aw_cnt_d = aw_cnt_d - 3'd1;
      for (k = 0; k < CQD; k = k + 1) if (cd_wp_q == 2'(k)) cd_d[k*4 +: 4] = tx_done_code_i;
      cd_wp_d = cd_wp_q + 2'd1;
      cd_cnt_d = cd_cnt_d + 3'd1;
    end

    // ---------------- segment walker
    if (w_act_q) begin
      if (seg_rd_q) begin
        cur_addr_d = seg_rd_data[31:0];
        cur_rem_d = seg_rd_data[47:32];
        if (state_q == S_RX) seg_ld_d = 1'b1;  // (a receive: one more cycle, see seg_ld_q)
        else seg_vld_d = 1'b1;
        seg_rd_d = 1'b0;
      end else if (seg_ld_q) begin
        seg_ld_d = 1'b0;
        seg_vld_d = 1'b1;
      end else if (!seg_vld_q && !walk_done_q) begin  // (a load: seg_re, see below)
        seg_rd_d = 1'b1;
        seg_last_d = (seg_idx_q + 1'b1 == w_segcnt_q);
        seg_idx_d = seg_idx_q + 1'b1;
      end
      if (w_acc) begin
        cur_addr_d = cur_addr_q + {28'd0, (state_q == S_RX) ? rx_n : room};
        cur_rem_d = cur_rem_q - {12'd0, (state_q == S_RX) ? rx_n : room};
        if (rlast_q && ((state_q != S_RX) || rx_full)) begin  // cur_rem_q == chunk
          seg_vld_d = 1'b0;
          if (seg_last_q) walk_done_d = 1'b1;
        end
      end
      if (state_q != S_RX && walk_done_q) w_act_d = 1'b0;  // every payload read issued
    end

    // ---------------- receive byte ring (see rxr_q)
    // a beat (S_RX or S_DRAIN: the states with tready; its bytes count only in S_RX before the
    // walk is done) enters at rwp_q: the word rotated left by rwp_q[2:0] bytes, ring byte p
    // taking rotated byte p mod 8 when p is one of the 8 bytes from rwp_q (p in rwp_q's half
    // for p[2:0] >= rwp_q[2:0], else in the other half). rwp_q moves on with every beat, so
    // rwp_q - cnt_q is the offset of the next byte to write while a receive walks (cnt_q = 0
    // when it starts)
    rrw = rotb64(s_axis_rx_tdata, rwp_q[2:0]);
    if (rx_beat_w) begin
      rwp_d = rwp_q + rx_tc_w;
      for (k = 0; k < 16; k = k + 1)
        if (((k / 8) == 32'(rwp_q[3])) == (3'(k) >= rwp_q[2:0])) rxr_d[8*k +: 8] = rrw[8*(k % 8) +: 8];
    end
    // the read rotation: set in a receive's segment load cycle seg_ld_q (no write then, the
    // host lane is cur_addr_q[2:0]); a full chunk that does not end the segment ends its host
    // word, so the next chunk starts at lane 0, 8 bytes further round the ring
    if (w_act_q && seg_ld_q) rsh_d = rwp_q - cnt_q[3:0] - {1'b0, cur_addr_q[2:0]};
    else if (state_q == S_RX && w_acc && rx_full && !rlast_q) rsh_d = {!rsh_q[3], rsh_q[2:0]};

    // ---------------- byte packer (send): emit one beat, append one payload word; the first
    // word of the next message may join in the cycle the last beat leaves
    // into the send byte ring (tr_q, see there): the word goes to the ring position of the fill
    // level, or to the next half when the next message's first word joins as a partial last
    // beat leaves
    // timing: the payload word at the response head was aligned at the DMA input (rsp_in);
    // both outcomes of the late tready are built in parallel and tx_emit picks one at the end
    // (cnt_q < 16 outside S_RX)
    if (state_q != S_RX) begin
      piece = rsp_data;
      // ring write candidates: A at the fill level (append; or emit + append with a full beat
      // leaving: the same ring position twa), B at the start of the next half (the next
      // message's first word joining as a partial last beat leaves). Ring byte k takes word byte
      // (k - position) mod 8: A's word rotated left by twa[2:0] bytes (trw) serves both halves,
      // B's position is a multiple of 8 so it takes the word as it is; the enables mark the word's
      // bytes from the position
      // (8 * trh_q + cnt_q[3:0] with cnt_q < 16: bit 3 is an XOR, no carry)
      twa = {trh_q ^ cnt_q[3], cnt_q[2:0]};
      trw = rotb64(piece, twa[2:0]);
      for (k = 0; k < 16; k = k + 1) begin
        // timing: ring byte k's offset from the position, tka = (k - twa) mod 16, as a
        // lookup of twa (a LUT level, not a carry chain per byte on the fill level)
        tka = 4'd0;
        for (j = 0; j < 16; j = j + 1)
          if (twa == 4'(j)) tka = 4'(k - j);
        tea[k] = !tka[3] && (tka[2:0] <= meta_data[2:0]);   // tka < the word's bytes (bytes-1 + 1)
        teb[k] = ((k / 8) != 32'(trh_q)) && (3'(k) <= meta_data[2:0]);
      end
      // no beat leaves: append below 8 bytes
      // timing: the fill level after an append is a + bytes-1 + 1 of two 3-bit register fields
      // (add31: gates, not a carry chain), so the metadata goes into LUTs with the level bits
      pop_n = rsp_pay && !in_done_q && !cnt_q[3];
      cnt_n = pop_n ? {1'b0, add31(cnt_q[2:0], meta_data[2:0])} : cnt_q;
      done_n = pop_n ? meta_data[3] : in_done_q;
      // a beat leaves (the next message's first word may join in the cycle its last beat leaves)
      pop_e = rsp_pay && (!in_done_q || tl_q);
      cnt_e = pop_e ? {1'b0, add31(cnt_q[3] ? cnt_q[2:0] : 3'd0, meta_data[2:0])}  // (cnt_q < 16)
                    : (cnt_q[3] ? {2'b00, cnt_q[2:0]} : 5'd0);
      done_e = pop_e ? meta_data[3] : (tl_q ? 1'b0 : in_done_q);
      // timing: tx_emit = tx_emit_v && tready, written as a select by tx_emit_v (registers)
      // first and the late tready last, so tready only drives the last mux level
      pop_t = m_axis_tx_tready ? (tx_emit_v ? pop_e : pop_n) : pop_n;
      if (pop_t) begin
        rsp_pop = 1'b1;
        pk_vi_d = meta_data[5:4];
      end
      // ring: which candidate is written (the late tready picks last), the half flips on an emit
      t_wa = m_axis_tx_tready ? (tx_emit_v ? (pop_e && cnt_q[3]) : pop_n) : pop_n;
      t_wb = m_axis_tx_tready && tx_emit_v && pop_e && !cnt_q[3];
      // timing: a ring byte's data picks the next-half word (B) by t_bsel, from flops: B is
      // written only on an emit below 8 bytes, where A is not (t_wa needs cnt_q[3] with an
      // emit), so t_bsel selects right whenever the byte is written, and the late pops stay
      // out of the 128 data inputs (they drive only the byte enables)
      t_bsel = m_axis_tx_tready && tx_emit_v && !cnt_q[3];
      for (k = 0; k < 16; k = k + 1)
        if ((t_wa && tea[k]) || (t_wb && teb[k]))
          tr_d[8*k +: 8] = t_bsel ? piece[8*(k % 8) +: 8] : trw[8*(k % 8) +: 8];
      if (m_axis_tx_tready && tx_emit_v) trh_d = !trh_q;
      cnt_d = m_axis_tx_tready ? (tx_emit_v ? cnt_e : cnt_n) : cnt_n;
      in_done_d = m_axis_tx_tready ? (tx_emit_v ? done_e : done_n) : done_n;
      // tvalid / tx_last of both outcomes, picked like cnt_d (a receive starts only with the
      // packer empty, and S_RX leaves it empty: 0 in and out of S_RX, asserted)
      tv_d = m_axis_tx_tready ? (tx_emit_v ? tv_of(cnt_e, done_e) : tv_of(cnt_n, done_n)) : tv_of(cnt_n, done_n);
      tl_d = m_axis_tx_tready ? (tx_emit_v ? tl_of(cnt_e, done_e) : tl_of(cnt_n, done_n)) : tl_of(cnt_n, done_n);
      tk_d = m_axis_tx_tready ? (tx_emit_v ? kkeep(cnt_e) : kkeep(cnt_n)) : kkeep(cnt_n);
    end

    // ---------------- control FSM
    case (state_q)
      S_IDLE: begin
        // timing: the wide descriptor registers take the oldest prefetched send descriptor in
        // every S_IDLE cycle, so their enables are the state, not the late take decision below
        // (completion first, turns, take). They are don't-cares until a take: nothing reads them
        // in S_IDLE / S_WBS / S_DRAIN, and a receive loads each before its use (desc_q in
        // S_DB_WAIT, sum_q in S_DB_CHK, segcnt_q / len_q / sa_q from its words in S_CTL / S_SEG)
        desc_d = t_desc;
        segcnt_d = t_segcnt;
        len_d = t_len;
        sc_bad_d = sc_bad(t_segcnt);
        ln_bad_d = ln_bad(t_len);
        sa_d = t_sa;
        sum_d = t_spec ? t_sum0 : 32'd0;
        // the same for the control registers a take sets that no port shows (the error bits,
        // the word indices, spec, the address check): their enables are the state alone; a
        // receive sets each again in S_DB_CHK, S_WBS / S_DRAIN from here use none of them
        spec_d = t_spec;
        ctl_aerr_d = t_aerr;
        err_d = t_spec ? {1'b0, t_e2, t_e1, 1'b0} : 4'd0;
        req_idx_d = t_spec ? 6'd4 : 6'd2;
        rsp_idx_d = t_spec ? 6'd4 : 6'd2;
        if (cq_rdy) state_d = S_WBS;  // a send completion first
        else if (rx_turn) begin
          if (tx_idle) begin  // a receive waits until the send side has drained
            prio_rx_d = 1'b0;
            op_rx_d = 1'b1;
            vi_d = s_axis_rx_tuser;
            has_desc_d = 1'b0;
            if ({30'd0, s_axis_rx_tuser} >= NUM_VI) begin
              cnt_inc[C_BADVI] = 1'b1;
              status_d[5] = 1'b1;
              state_d = S_DRAIN;
            end else if (!rdb_ne[s_axis_rx_tuser]) begin
              cnt_inc[C_NODESC] = 1'b1;
              status_d[5] = 1'b1;
              state_d = S_DRAIN;
            end else begin
              state_d = S_DB_RD;
            end
          end
        end else if (take) begin
          // the oldest prefetched send descriptor (every word arrived): into the control
          // registers as if S_CTL had fetched it; S_CTL then checks it
          prio_rx_d = 1'b1;
          op_rx_d = 1'b0;
          vi_d = t_vi;
          has_desc_d = 1'b1;
          // (desc_q, segcnt_q, len_q, sc_bad_q, ln_bad_q, sa_q, sum_q, spec_q, ctl_aerr_q, err_q,
          // req_idx_q, rsp_idx_q: loaded above)
          if (t_spec) seg0w_d = 1'b1;  // written in S_CTL's first cycle (see seg0w_q)
          for (k = 0; k < PFD; k = k + 1) if (s_rp_q == PFW'(k)) s_rdy_d[k] = 1'b0;
          s_rp_d = s_rp_q + 1'b1;
          s_cnt_d = s_cnt_d - 3'd1;
          state_d = S_CTL;
        end
      end
      S_DB_RD: begin  // (waits while a SYS_POP read is acted on, ring empty or not: ci_spop)
        if (!ci_spop) begin
          eng_re = 1'b1;
          ring = RW'(2 + 2 * vi_q + (op_rx_q ? 1 : 0));
          state_d = S_DB_WAIT;
        end
      end
      S_DB_WAIT: begin  // timing: the doorbell RAM output goes into a register first
        desc_d = db_rd_data;
        state_d = S_DB_CHK;
      end
      S_DB_CHK: begin  // (receives) the address check is registered, acted on in S_CTL
        spec_d = spec_fits_m(desc_q, lm48_q);
        sum_d = 32'd0;
        err_d = 4'd0;
        req_idx_d = 6'd0;
        rsp_idx_d = 6'd0;
        dbad_d = daddr_bad_m(desc_q, lm32_q);
        has_desc_d = 1'b1;
        state_d = S_CTL;
      end
      S_CTL, S_SEG: begin
        if (f_acc) req_idx_d = req_idx_q + 1'b1;
        if (rsp_desc) begin
          rsp_pop = 1'b1;
          rsp_idx_d = rsp_idx_q + 1'b1;
        end
        if (rsp_desc && state_q == S_CTL && !rsp_idx_q[1]) begin
          if (!rsp_idx_q[0]) begin
            segcnt_d = rsp_data[SEGCNT_LSB +: 16];
            sc_bad_d = sc_bad(rsp_data[SEGCNT_LSB +: 16]);
          end else begin
            len_d = rsp_data[LEN_LSB +: 32];
            ln_bad_d = ln_bad(rsp_data[LEN_LSB +: 32]);
          end
        end else if (rsp_desc) begin
          // segment words (segment 0 may come in CTL: speculative fetch)
          if (!rsp_idx_q[0]) begin
            sa_d = rsp_data[SADDR_LSB +: 32];
            seghi_d = (rsp_data[SADDR_LSB + 32 +: 32] != 32'd0);
            // timing: HOST_LIMIT - address, for the length word's range check (one compare
            // behind the response head there, not an add and a compare)
            alim_d = {1'b0, limit_q} - {1'b0, rsp_data[SADDR_LSB +: 32]};
          end else begin
            seglen = rsp_data[SLEN_LSB +: 32];
            sum_d = sum_q + seglen;
            if (seglen == 32'd0 || seglen[31:16] != 16'd0) err_d[1] = 1'b1;
            // address + length > HOST_LIMIT (the limit as of the address word)
            // (timing: seglen > alim_q compared for both skid entries from their registers,
            // sk_gt, the head select picks after the compare chains)
            if (seghi_q || alim_q[32] || (sk_rp_q ? sk_gt[1] : sk_gt[0])) err_d[2] = 1'b1;
            seg_we = 1'b1;
            seg_waddr = (state_q == S_CTL) ? '0 : rsp_idx_q[SAW:1];
          end
        end
        if (seg0w_q) begin  // S_CTL's first cycle after S_IDLE took a prefetched segment 0
          seg_we = 1'b1;
          seg_waddr = '0;
        end
        // (one first_chunk for both writers, its length operand picked by a register)
        // timing: the response word's length field straight from the skid head (= seglen of a
        // segment-length word; the data is a don't-care without seg_we): no rsp_desc / rsp_idx
        // decode in front of first_chunk
        seg_wl = seg0w_q ? sum_q[15:0] : rsp_data[SLEN_LSB +: 16];
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
              cq_push = 1'b1;
              cq_perr = ctl_err[2:0];
              state_d = S_IDLE;
            end
          end else state_d = S_SEG;
        end
        if (dbad_q) begin  // S_CTL's first cycle after a bad S_DB_CHK address (nothing issued)
          cnt_inc[C_DADDR] = 1'b1;
          status_d[6] = 1'b1;
          has_desc_d = 1'b0;
          state_d = op_rx_q ? S_DRAIN : S_IDLE;
        end
        if (state_q == S_SEG && rdn_q && !(op_rx_q && sw0_q)) begin  // (rsp_idx_q == 2 * SegCount)
          // every segment word has been taken (none is taken in this cycle): the errors are
          // err_q plus the send Length sum check (timing: registers only). A receive waits
          // while segment 0's write is pending (sw0_q: the walker's start reads it at once; only
          // when segment 0 came in S_SEG, i.e. HOST_LIMIT was raised after S_DB_CHK)
          // (timing: a receive decides on err_q alone, so the 32-bit sum compare of the send
          // check is not in front of the walker start)
          seg_err = err_q | {2'b00, !op_rx_q && (sum_q != len_q), 1'b0};
          err_d = seg_err;
          if (op_rx_q) begin
            if (err_q != 4'd0) state_d = S_DRAIN;
            else begin
              // receive: start the walker on this descriptor (the send side is idle: cnt_q = 0,
              // in_done_q = 0)
              w_start = 1'b1;
              xfer_d = 32'd0;
              state_d = S_RX;
            end
          end else if (seg_err != 4'd0) begin
            cq_push = 1'b1;
            cq_perr = seg_err[2:0];
            state_d = S_IDLE;
          end else state_d = S_TXQ;
        end
      end
      S_TXQ: begin
        // hand the checked send descriptor to the walker once it is free (or issues nothing
        // more: walk_done_q, its last cycle)
        if (!w_act_q || walk_done_q) begin
          w_start = 1'b1;
          cq_push = 1'b1;
          state_d = S_IDLE;
        end
      end
      S_RX: begin
        // byte unpacker: write one chunk, take one beat
        // timing: both outcomes of the (late) write acceptance are built in parallel
        xa_d = w_acc ? rx_n : 4'd0;
        xfer_d = xfer_q + {28'd0, xa_q};
        if (rx_beat_w) in_done_d = s_axis_rx_tlast;
        if (walk_done_q) begin
          // every buffer byte written: the rest of the message is discarded (TRUNC)
          if (rxnz_q || rx_beat_w) err_d[3] = 1'b1;
          cnt_d = rxnz_q ? 5'd0 : cnt_q;
        end else begin
          // timing: both sums built before the late write acceptance picks one, each as a
          // select of c + n (built from registers) by the one-hot of the byte count flops, so
          // the count is not an adder operand; the late beat and write acceptance pick last
          rx_koh = koh9c(rx_tc_w);
          rx_cs0 = 5'd0;
          rx_cs1 = 5'd0;
          for (k = 0; k <= 8; k = k + 1) begin
            rx_cs0 = rx_cs0 | ({5{rx_koh[k]}} & (cnt_q + 5'(k)));
            rx_cs1 = rx_cs1 | ({5{rx_koh[k]}} & (rx_left + 5'(k)));
          end
          cnt_d = w_acc ? (rx_beat_w ? rx_cs1 : rx_left) : (rx_beat_w ? rx_cs0 : cnt_q);
          rxnz_d = (rx_beat_w && rx_tc_w != 4'd0) || (w_acc ? (rx_left != 5'd0) : rxnz_q);
        end
        if (in_done_q && !rxnz_q) begin
          w_act_d = 1'b0;
          in_done_d = 1'b0;
          state_d = S_WB;
        end
      end
      S_DRAIN: begin
        if (s_axis_rx_tvalid && s_axis_rx_tlast) state_d = has_desc_q ? S_WB : S_IDLE;
      end
      S_WB: begin  // receive status (its events when the port takes it: ev_recv_wb)
        if (f_acc) state_d = S_IDLE;
      end
      S_WBS: begin  // send status from the completion queue head (events: ev_send_wb)
        if (f_acc) begin
          state_d = S_IDLE;
          cq_pop = 1'b1;
        end
      end
      default: state_d = S_IDLE;
    endcase

    // ---------------- send descriptor prefetcher
    case (pf_st_q)
      P_IDLE: begin
        // round robin over the VIs with a non-empty send doorbell, while a slot is free.
        // timing: the pick goes into pf_vi_q (and the pop address ra_p_q) whenever a send
        // doorbell is non-empty, from the doorbell flags and rr_q only; whether it is taken
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
        if (en_q && any_sdb && s_cnt_q != 3'(PFD) && !rx_turn && !rx_active) begin
          rr_d = pf_vi_d;
          pf_st_d = P_RD;
        end
      end
      P_RD: begin  // a SYS_POP read is acted on in this cycle (it may take the doorbell RAM): wait
        if (!ci_spop) begin
          eng_re = 1'b1;
          ring = RW'(2 + 2 * pf_vi_q);
          pf_st_d = P_WAIT;
        end
      end
      P_WAIT: begin  // timing: the doorbell RAM output goes into a register first
        pf_desc_d = db_rd_data;
        pf_st_d = P_CHK;
      end
      P_CHK: begin
        // timing: the free slot at s_wp_q takes the descriptor whether or not its address check
        // passes (the slot is free: P_IDLE starts a fetch only with s_cnt_q < PFD, asserted;
        // its s_rdy is 0), so the slot enables are the state and s_wp_q, not the 33-bit compare;
        // a bad descriptor does not move s_wp_q, so the slot stays free
        pf_spec_d = spec_fits_m(pf_desc_q, lm48_q);
        for (k = 0; k < PFD; k = k + 1)
          if (s_wp_q == PFW'(k)) begin
            s_desc_d[k*32 +: 32] = pf_desc_q;
            s_vi_d[k*2 +: 2] = pf_vi_q;
            s_spec_d[k] = pf_spec_d;
          end
        if (daddr_bad_m(pf_desc_q, lm32_q)) begin
          cnt_inc[C_DADDR] = 1'b1;  // no descriptor to complete: counted and dropped
          status_d[6] = 1'b1;
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
        if (pf_acc) begin
          if (pf_idx_q == (pf_spec_q ? 2'd3 : 2'd1)) pf_st_d = P_IDLE;
          else pf_idx_d = pf_idx_q + 2'd1;
        end
      end
      default: pf_st_d = P_IDLE;
    endcase

    // prefetched words: taken from the response head whenever they reach it (never blocks the
    // packer or the control FSM), registered, then kept in their slot with the checks of S_CTL
    // precomputed
    if (rsp_pf) rsp_pop = 1'b1;
    dr_v_d = rsp_pf;
    dr_sl_d = meta_data[3 +: PFW];
    dr_w_d = meta_data[2:1];
    dr_data_d = rsp_data;
    // timing: the HOST_LIMIT checks of a slot use operands registered one stage earlier (the
    // prefetcher issues one descriptor's words in order, so word n-1 of the same slot is always
    // the previous prefetched word): dr_end_q = descriptor + 32 + 16 * SegCount (from word 0),
    // pf_sa_q / dr_seghi_q = segment 0's address (word 2), dr_sum_q = address + length
    dr_sum_d = {1'b0, pf_sa_q} + {1'b0, rsp_data[SLEN_LSB +: 32]};
    if (rsp_pf && meta_data[2:1] == 2'd2) pf_sa_d = rsp_data[SADDR_LSB +: 32];
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
            s_aerr_d[k] = (dr_end_q > {1'b0, limit_q});
            if (!s_spec_q[k]) s_rdy_d[k] = 1'b1;
          end
          2'd2: s_sa_d[k*32 +: 32] = dr_data_q[SADDR_LSB +: 32];
          default: begin
            s_sum0_d[k*32 +: 32] = seglen;
            s_e1_d[k] = (seglen == 32'd0 || seglen[31:16] != 16'd0);
            s_e2_d[k] = dr_seghi_q || (dr_sum_q > {1'b0, limit_q});
            s_rdy_d[k] = 1'b1;
          end
        endcase
      end

    // ---------------- walker start (a checked descriptor; the walker is idle): it takes the
    // segment RAM half the fetch filled
    // (segment 0 is read at once: it was written at least two cycles earlier)
    if (w_start) begin
      w_act_d = 1'b1;
      w_bank_d = f_bank_q;
      f_bank_d = !f_bank_q;
      w_segcnt_d = segcnt_q[SAW:0];
      w_vi_d = vi_q;
      // (segment 0 is loaded at once: seg_re is 1, see below)
      seg_idx_d = (SAW+1)'(1);
      seg_last_d = (segcnt_q[SAW:0] == (SAW+1)'(1));
      seg_vld_d = 1'b0;
      seg_rd_d = 1'b1;
      seg_ld_d = 1'b0;
      walk_done_d = 1'b0;
    end

    // ---------------- completion queue
    // timing: the free entry at the write pointer takes this cycle's completion fields in
    // every cycle (not only with cq_push), so the entries' enables are register decodes
    // (cq_wp_q, queue not full), not the push decision; an entry is used only after its push
    // moved the pointer past it, and that push cycle's fields are the last it took
    // timing: the error bits the entry takes are those a push would have in this state (cq_pc:
    // S_CTL's check errors, S_SEG's segment errors, 0 in S_TXQ; asserted equal to cq_perr with
    // every push), from registers and the state only, not behind the push conditions (the
    // response index compares, dbad_q); without a push the entry's fields are never used
    // (S_CTL / S_SEG push for sends only, so the checks' !op_rx_q terms are left out)
    cq_pc = 3'd0;
    if (state_q == S_CTL) cq_pc = {ctl_aerr_q, ln_bad_q, sc_bad_q};
    else if (state_q == S_SEG) cq_pc = err_q[2:0] | {1'b0, sum_q != len_q, 1'b0};
    for (k = 0; k < CQD; k = k + 1)
      if (cq_wp_q == 2'(k) && cq_cnt_q != 3'(CQD)) begin
        // timing: the status word's address (descriptor + CTL_W3), so the completion's write
        // address is the head entry itself, no adder behind the queue's head select
        cq_swa_d[k*32 +: 32] = desc_q + CTL_W3;
        cq_len_d[k*16 +: 16] = (cq_pc != 3'd0) ? 16'd0 : len_q[15:0];  // (see wb_len)
        cq_vi_d[k*2 +: 2] = vi_q;
        cq_err_d[k*3 +: 3] = cq_pc;
        cq_nd_d[k] = (cq_pc == 3'd0);
      end
    hnd_d = 1'b0;
    for (k = 0; k < CQD; k = k + 1)
      if ((cq_pop ? cq_rp_q + 2'd1 : cq_rp_q) == 2'(k)) hnd_d = cq_nd_d[k];
    if (cq_push) begin
      cq_wp_d = cq_wp_q + 2'd1;
      cq_cnt_d = cq_cnt_d + 3'd1;
    end
    if (cq_pop) begin
      cq_rp_d = cq_rp_q + 2'd1;
      cq_cnt_d = cq_cnt_d - 3'd1;
      if (h_nd) begin
        cd_rp_d = cd_rp_q + 2'd1;
        cd_cnt_d = cd_cnt_d - 3'd1;
      end
    end

    // read credits: +1 per accepted read, -1 when a word leaves the FIFO (timing: +1 / -1
    // from the flops, the late acceptance rd_acc only selects, as AND-OR terms)
    if_p1 = inflight_q + 1'b1;
    if_m1 = inflight_q - 1'b1;
    // (both outcomes of the late acceptance from registers and fq_pop, rd_acc picks last)
    inflight_d = rd_acc ? (fq_pop ? inflight_q : if_p1) : (fq_pop ? if_m1 : inflight_q);

    // response skid: the head leaves with rsp_pop (head pointer), the FIFO word enters with
    // fq_pop (the entry at the write pointer; a don't-care write while the skid is full is
    // not done: fq_pop needs a free entry)
    // timing: the consumers' pop written as one expression (the prefetcher takes every word it
    // owns, the control FSM every descriptor word in S_CTL / S_SEG, the packer its pop_t), not
    // through the FSM's case branches (asserted equal to rsp_pop under FORMAL)
    rsp_pop_x = hpf_q || (hdesc_q && (state_q == S_CTL || state_q == S_SEG)) ||
                ((state_q != S_RX) && pop_t);
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

    // ---------------- completion events: when the port accepts the status write (so software
    // never sees a counter, STATUS bit or irq before the write has left the engine), from the
    // slice's output registers: the status word (bits 63:32) and length (31:0) of the write
    ev_send_wb = dq_st_acc && !dq_rk;
    ev_recv_wb = dq_st_acc && dq_rk;
    if (ev_send_wb || ev_recv_wb) begin
      if (e_sw[1]) cnt_inc[C_FMT] = 1'b1;
      if (e_sw[2]) cnt_inc[C_LEN] = 1'b1;
      if (e_sw[3]) cnt_inc[C_ADDR] = 1'b1;
      if (e_sw[4]) cnt_inc[C_TXERR] = 1'b1;
      if (e_sw[5]) cnt_inc[C_TRUNC] = 1'b1;
      if (ev_send_wb) begin
        for (k = 0; k < NUM_VI; k = k + 1)
          if (dq_vi == 2'(k)) send_cnt_d[32*k +: 32] = send_cnt_q[32*k +: 32] + 32'd1;
        status_d[0] = 1'b1;
        if (e_sw[5:1] != 5'd0) status_d[2] = 1'b1;
        cnt_inc[C_TXB] = 1'b1;
      end else begin
        for (k = 0; k < NUM_VI; k = k + 1)
          if (dq_vi == 2'(k)) recv_cnt_d[32*k +: 32] = recv_cnt_q[32*k +: 32] + 32'd1;
        status_d[1] = 1'b1;
        if (e_sw[5:1] != 5'd0) status_d[3] = 1'b1;
        cnt_inc[C_RXB] = 1'b1;
      end
    end
    for (i = 0; i < NCNT; i = i + 1)
      if (cinc_q[i])
        err_cnt_d[32*i +: 32] = err_cnt_q[32*i +: 32] + ((i == C_TXB || i == C_RXB) ? cby_q : 32'd1);

    // ---------------- doorbell pointers; a pop (SYS_POP read, control FSM or prefetcher, one
    // per cycle) reads the head of its ring
    // timing: each ring's pop straight from its source (SYS_POP address decode, or the engine's
    // ring from registers), the RAM read address an AND-OR of the one-hot pops (not a mux
    // behind a shared ring number), and the level +1 / -1 / unchanged from the flops (no add
    // then subtract behind the late push / pop)
    // (the read address: the engine's from registers, a SYS_POP read's from the address, and the
    // late csr_pop_d picks; it is a don't-care without a read, FORMAL checks it with one)
    // (db_re = csr_pop_d || eng_re, written with the engine's pop state from registers only)
    db_re = csr_pop_d || (!ci_spop && ((state_q == S_DB_RD) || (pf_st_q == P_RD)));
    for (i = 0; i < NUM_DB; i = i + 1)
      db_pop[i] = (i < 2 && csr_popv[i % 2]) ||
                  (!ci_spop && ((state_q == S_DB_RD && eo_f_q[i]) || (pf_st_q == P_RD && eo_p_q[i])));
    if (state_q != S_DB_RD) begin
      ra_f_d = ring_head(RW'(3 + 2 * {30'd0, s_axis_rx_tuser}), db_rp_q);
      for (i = 0; i < NUM_DB; i = i + 1) eo_f_d[i] = (RW'(3 + 2 * {30'd0, s_axis_rx_tuser}) == RW'(i));
    end
    if (pf_st_q != P_RD) begin
      ra_p_d = ring_head(RW'(2 + 2 * {30'd0, pf_vi_d}), db_rp_q);
      for (i = 0; i < NUM_DB; i = i + 1) eo_p_d[i] = (RW'(2 + 2 * {30'd0, pf_vi_d}) == RW'(i));
    end
    db_eaddr = (state_q == S_DB_RD) ? ra_f_q : ra_p_q;
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

    // DMA grant for the next cycle; with no request now it goes to the control side if the FSM
    // or the prefetcher is in (or on the way to) a state that issues requests, else to the
    // walker (from state_q / pf_st_q: timing). On the control side the FSM goes first.
    if (!(rq_v && !rq_rdy)) begin
      if (w_v && (fsm_v || pf_v)) gnt_d = !gnt_q;
      else if (w_v) gnt_d = 1'b1;
      else if (fsm_v || pf_v) gnt_d = 1'b0;
      else gnt_d = !(state_q == S_DB_RD || state_q == S_DB_WAIT || state_q == S_DB_CHK || state_q == S_CTL || state_q == S_SEG ||
                     state_q == S_DRAIN || state_q == S_WB || state_q == S_WBS || (state_q == S_IDLE && cq_rdy) ||
                     pf_st_q == P_CHK || pf_st_q == P_ISS);
      fsel_d = fsm_v ? 1'b0 : (pf_v || pf_st_q == P_CHK);
    end

    // segment RAM read enable (timing: from registers only, no w_start behind it; the RAM output
    // register's enable fans out to 79 bits). The walker's own load as defined above; while the
    // walker is idle or done, the states that may start it (S_TXQ; S_SEG of a receive with every
    // segment word taken) read segment 0 of the fetch half (seg_raddr) whether the start comes or
    // not: an extra read is unobservable (the output is used only in seg_rd_q cycles, after a
    // load) and collides with no write (S_TXQ writes nothing; S_SEG requests none once every
    // word is in, and its last write, landing now, is not segment 0's: sw0_q)
    seg_re = (w_act_q && !walk_done_q) ? (!seg_vld_q && !seg_rd_q && !seg_ld_q)
                                       : ((state_q == S_TXQ) ||
                                          (state_q == S_SEG && op_rx_q && rdn_q &&
                                           !sw0_q));

    // walker chunk for the next cycle (see room_q)
    // (segment load: the first chunk was computed when the segment was written, see first_chunk)
    rlast_ld = seg_rd_data[68];
    room_d_ld = seg_rd_data[67:64];
    if (w_act_q && seg_rd_q) begin
      rlast_d = rlast_ld;
      room_d = room_d_ld;
      remnx_d = seg_rd_data[63:48];
      nlast_d = seg_rd_data[73];
      nroom_d = seg_rd_data[72:69];
      rn_d = seg_rd_data[78:74];
    end else if (w_act_q && seg_ld_q) begin
      nnroom_d = nn_room(remnx_q);  // (a receive's load: remnx_q is the loaded value)
    end else if (w_act_q && w_acc) begin
      rlast_d = nlast_q;  // = (rem_nx <= 8)
      room_d = nroom_q;
      remnx_d = rlast_d ? 16'd0 : rem_nx - 16'd8;
      // {nlast, nroom} of remnx_d: 0 after a last chunk, else of rem_nx - 8 (rem_nx > 8)
      nlast_d = rlast_d || (rem_nx <= 16'd16);
      nroom_d = nn_room(rem_nx);  // (0 after a last chunk: rem_nx <= 8)
      // the chunk after the next of remnx_d: 0 if remnx_q <= 16, remnx_q - 16 up to 24, else 8
      nnroom_d = nnn_room(remnx_q);
    end

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
                              : (rsp_desc && rdn1);
      S_SEG:    rdn_d = rsp_desc ? rdn1 : rdn_q;
      default:  rdn_d = 1'b0;
    endcase
    case (state_q)
      S_DB_CHK: fsm_more_d = !dbad_d;  // -> S_CTL with req_idx 0 (S_IDLE -> S_CTL: all prefetched)
      S_CTL:    fsm_more_d = rdn_q  // checks: -> S_SEG
                             ? ((spec_q ? 6'd2 : 6'd0) < 6'({segcnt_q[SAW:0], 1'b0}))
                             : (f_acc ? fsm_more1 : fsm_more_q);
      S_SEG:    fsm_more_d = f_acc ? fsm_more1 : fsm_more_q;
      default:  fsm_more_d = 1'b0;
    endcase

    // the unpacker's levels (d0_q, d1_q, rx_left) and tready for the next cycle. They only
    // matter in S_RX (and a receive enters S_RX with the walker idle and the packer empty,
    // cnt_d = cnt_q = 0), so they are built from the receive unpacker's fill level only (not
    // cnt_d, which is behind the send packer), with both outcomes of the late write acceptance
    // w_acc in parallel (w_acc excludes a segment load)
    // timing: every value below is built for both outcomes of the rx beat (rx_beat_w, i.e. the
    // registered tready and the late s_axis_rx_tvalid), which picks one at the end: the beat's
    // byte count (s_axis_rx_tcnt) goes into the "beat" leg only. The tready compares
    // "c + n <= 8" are le8k() on the contiguous tkeep (c = cnt_q, or rxl_q after a write).
    // (a receive's segment load has a seg_ld_q cycle with no write before seg_vld_q: the levels
    // built in the seg_rd_q cycle are not used, the seg_ld_q cycle builds them from cnt_q and
    // the loaded room_q / rn_q)
    // timing: outside S_RX, "the next state is S_DRAIN or S_RX" per current state from registers
    // and the rx port only (not the whole state_d, which sits behind the CSR doorbell-pop decode
    // of S_DB_RD, the completion queue, the prefetch take ...; asserted equal under FORMAL):
    // S_IDLE drops a message without a posted descriptor, S_CTL fails its checks (or had a bad
    // DB_CHK address), S_SEG has taken every segment word (-> S_DRAIN or S_RX), S_DRAIN stays
    // until tlast
    case (state_q)
      S_IDLE:  rdy_nx = !cq_rdy && rx_turn && tx_idle &&
                        (({30'd0, s_axis_rx_tuser} >= NUM_VI) || !rdb_ne[s_axis_rx_tuser]);
      S_CTL:   rdy_nx = op_rx_q && (dbad_q || (rdn_q &&
                        (sc_bad_q || ctl_aerr_q)));
      S_SEG:   rdy_nx = op_rx_q && rdn_q && !sw0_q;  // (dbad_q = 0)
      S_DRAIN: rdy_nx = !(s_axis_rx_tvalid && s_axis_rx_tlast);
      default: rdy_nx = 1'b0;
    endcase
    // the levels d0 / d1 for the next cycle (see d0_q), built for the four outcomes of the
    // late write acceptance (w_acc) and rx beat (picked last): each a sum of registers (the
    // subtracted chunk sizes as ones' complements with the carry-in) and the beat's byte count,
    // one carry chain (three operands: a carry-save LUT level in front, add3)
    // (w_acc and seg_ld_q exclude each other. The levels are used only while a receive's
    // segment is loaded, and rebuilt from cnt_q at each load: outside S_RX, and once the walk
    // is done (no segment loaded), they are don't-cares, so nothing gates the beat's count)
    ud_n = {2'b00, rx_tc_w};
    ud_a0 = seg_ld_q ? {1'b0, cnt_q} : d0_q;
    ud_a1 = seg_ld_q ? {1'b0, cnt_q} : d1_q;
    ud_b0 = seg_ld_q ? ~{2'b00, room_q} : 6'd0;  // (0 - x = ~x + 1: the carry-in is seg_ld_q)
    ud_b1 = seg_ld_q ? ~{1'b0, rn_q} : 6'd0;
    ud_d0[5:0]   = ud_a0 - (seg_ld_q ? {2'b00, room_q} : 6'd0);  // no write, no beat
    ud_d0[11:6]  = add3(ud_a0, ud_b0, ud_n, seg_ld_q);         // no write, beat
    ud_d0[17:12] = d1_q;                                    // write, no beat
    ud_d0[23:18] = d1_q + ud_n;                             // write, beat
    ud_d1[5:0]   = ud_a1 - (seg_ld_q ? {1'b0, rn_q} : 6'd0);
    ud_d1[11:6]  = add3(ud_a1, ud_b1, ud_n, seg_ld_q);
    ud_d1[17:12] = d1_q - {2'b00, nnroom_q};
    ud_d1[23:18] = add3(d1_q, ~{2'b00, nnroom_q}, ud_n, 1'b1);
    d0_d = w_acc ? (rx_beat_w ? ud_d0[23:18] : ud_d0[17:12]) : (rx_beat_w ? ud_d0[11:6] : ud_d0[5:0]);
    d1_d = w_acc ? (rx_beat_w ? ud_d1[23:18] : ud_d1[17:12]) : (rx_beat_w ? ud_d1[11:6] : ud_d1[5:0]);
    rxl_d = d0_d[5] ? 5'd0 : d0_d[4:0];
    for (i = 0; i < 2; i = i + 1) begin  // i = 1: a beat is taken
      rxk = (state_q == S_RX && i == 1) ? s_axis_rx_tkeep : 8'h00;
      le8_0 = le8k(rxk, cnt_q);                            // cnt_q + n <= 8
      le8_1 = le8k(rxk, rxl_q);                            // rxl_q + n <= 8
      // s_axis_rx_tready for the next cycle. From S_RX: state_d stays S_RX unless in_done_q and
      // cnt_q = 0 (-> S_WB); in_done_d = tlast with a beat, else in_done_q (a beat never comes
      // with in_done_q: tready is 0 then). From other states no beat bytes are added (n = 0):
      // state_d is S_RX only from S_SEG (cnt_d = cnt_q = 0)
      // (in S_RX walk_done_d = walk_done_q || (w_acc && rlast_q && rx_full && seg_last_q): written
      // out so that the late w_acc only picks between two values built from registers)
      // timing: outside S_RX from the next state only: S_SEG -> S_RX starts the walker
      // (walk_done_d = 0) with the send side idle (in_done_d = 0, cnt_q = 0, no w_acc), so
      // the unpacker term is 1 there (asserted under FORMAL)
      if (state_q == S_RX)
        rdy_b[i] = !(in_done_q && !rxnz_q) && !((i == 1) ? s_axis_rx_tlast : in_done_q) &&
                   (walk_done_q || (w_acc ? ((rlast_q && rx_full && seg_last_q) || le8_1) : le8_0));
      else
        rdy_b[i] = rdy_nx;
    end
    rx_rdy_d = rx_beat_w ? rdy_b[1] : rdy_b[0];

    // the DMA request stage's state-decode flops (see rqs_rx_q)
    rqs_rx_d = (state_d == S_RX);
    rqs_wb_d = (state_d == S_WB);
    rqs_wbs_d = (state_d == S_WBS);
    // desc_q[31:9] + 1 (see dinc_q): desc_d is t_desc in S_IDLE; a receive's desc_q, loaded in
    // S_DB_WAIT, is followed in S_DB_CHK (no request address used there)
    dinc_d = ((state_q == S_IDLE) ? t_desc[31:9] : desc_q[31:9]) + 23'd1;

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

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rqs_rx_q <= 1'b0; rqs_wb_q <= 1'b0; rqs_wbs_q <= 1'b0;
      dinc_q <= 23'd1;
      state_q <= S_IDLE; op_rx_q <= 1'b0; vi_q <= 2'd0; rr_q <= 2'(NUM_VI - 1);
      prio_rx_q <= 1'b0; desc_q <= 32'd0; segcnt_q <= 16'd0; len_q <= 32'd0; err_q <= 4'd0;
      has_desc_q <= 1'b0; sa_q <= 32'd0; f_bank_q <= 1'b0; ctl_aerr_q <= 1'b0; sc_bad_q <= 1'b1; ln_bad_q <= 1'b1;
      w_act_q <= 1'b0; w_bank_q <= 1'b0; w_segcnt_q <= '0; w_vi_q <= 2'd0; pk_vi_q <= 2'd0;
      gnt_q <= 1'b0;
      cq_swa_q <= '0; cq_len_q <= '0; cq_vi_q <= '0; cq_err_q <= '0; cq_nd_q <= '0; hnd_q <= 1'b0;
      cq_wp_q <= 2'd0; cq_rp_q <= 2'd0; cq_cnt_q <= 3'd0;
      cd_q <= '0; cd_wp_q <= 2'd0; cd_rp_q <= 2'd0; cd_cnt_q <= 3'd0; aw_cnt_q <= 3'd0; req_idx_q <= 6'd0; rsp_idx_q <= 6'd0;
      inflight_q <= '0; sum_q <= 32'd0; spec_q <= 1'b0; seghi_q <= 1'b0; seg_idx_q <= '0; seg_vld_q <= 1'b0;
      seg_rd_q <= 1'b0; seg_ld_q <= 1'b0; seg_last_q <= 1'b0; cur_addr_q <= 32'd0; cur_rem_q <= 16'd0;
      room_q <= 4'd0; rlast_q <= 1'b1; d0_q <= 6'd0; d1_q <= 6'd0; rxl_q <= 5'd0; rxnz_q <= 1'b0;
      nnroom_q <= 4'd0; rn_q <= 5'd0;
      trh_q <= 1'b0;
      walk_done_q <= 1'b0; rwp_q <= 4'd0; rsh_q <= 4'd0; rxr_q <= 128'd0; cnt_q <= 5'd0; in_done_q <= 1'b0; xfer_q <= 32'd0; xa_q <= 4'd0;
      tv_q <= 1'b0; tl_q <= 1'b0; tk_q <= 8'd0;
      db_wp_q <= '0; db_rp_q <= '0; db_cnt_q <= '0; dne_q <= '0; dfu_q <= '0;
      en_q <= 1'b1; status_q <= 7'd0; irq_en_q <= 7'd0; limit_q <= nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET;
      lm32_q <= {1'b0, 32'(nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET)} - 33'd32;
      lm48_q <= {1'b0, 32'(nic_pkg::COMET_VIA_HOST_LIMIT_LIMIT_RESET)} - 33'd48;
      send_cnt_q <= '0; recv_cnt_q <= '0; err_cnt_q <= '0; cinc_q <= '0; cby_q <= 32'd0;
      csr_ack_q <= 1'b0; csr_rdata_q <= 32'd0; csr_pop_q <= 1'b0;
      ci_req_q <= 1'b0; ci_rsel_q <= '0; ci_rmiss_q <= 1'b0; ci_pop_q <= 2'b00; ci_wdb_q <= '0;
      ci_wen_q <= 1'b0; ci_wst_q <= 1'b0; ci_wie_q <= 1'b0; ci_wlim_q <= 1'b0; ci_clr_q <= 1'b0;
      ci_wdata_q <= 32'd0;
      pf_st_q <= P_IDLE; pf_vi_q <= 2'd0; pf_idx_q <= 2'd0; pf_slot_q <= '0; pf_desc_q <= 32'd0;
      pf_spec_q <= 1'b0; fsel_q <= 1'b0; fsm_more_q <= 1'b0; rdn_q <= 1'b0;
      s_desc_q <= '0; s_len_q <= '0; s_sa_q <= '0; s_sum0_q <= '0; s_segcnt_q <= '0; s_vi_q <= '0;
      s_spec_q <= '0; s_e1_q <= '0; s_e2_q <= '0; s_aerr_q <= '0; s_rdy_q <= '0;
      s_wp_q <= '0; s_rp_q <= '0; s_cnt_q <= 3'd0;
      rx_rdy_q <= 1'b0; remnx_q <= 16'd0; nlast_q <= 1'b1; nroom_q <= 4'd0;
      pa_q <= '0; pa_wp_q <= '0; pa_rp_q <= '0; pa_rp1_q <= RAW'(1); pa_rp2_q <= RAW'(2); pa_hd_q <= 6'd0;
      pa_nx_q <= 6'd0;
      dr_v_q <= 1'b0; dr_sl_q <= '0; dr_w_q <= 2'd0; dr_data_q <= 64'd0;
      pf_sa_q <= 32'd0; dr_end_q <= 33'd0; dr_sum_q <= 33'd0; dr_seghi_q <= 1'b0;
      hpay_q <= 1'b0; hdesc_q <= 1'b0; hpf_q <= 1'b0;
      dbad_q <= 1'b0; sk_cnt_q <= 2'd0; seg0w_q <= 1'b0; sk_rp_q <= 1'b0; sk_wp_q <= 1'b0;
      ra_f_q <= '0; ra_p_q <= '0; eo_f_q <= '0; eo_p_q <= '0;
    end else begin
      rqs_rx_q <= rqs_rx_d; rqs_wb_q <= rqs_wb_d; rqs_wbs_q <= rqs_wbs_d;
      dinc_q <= dinc_d;
      state_q <= state_d; op_rx_q <= op_rx_d; vi_q <= vi_d; rr_q <= rr_d;
      prio_rx_q <= prio_rx_d; desc_q <= desc_d; segcnt_q <= segcnt_d; len_q <= len_d;
      err_q <= err_d; has_desc_q <= has_desc_d; sa_q <= sa_d; f_bank_q <= f_bank_d;
      ctl_aerr_q <= ctl_aerr_d; sc_bad_q <= sc_bad_d; ln_bad_q <= ln_bad_d;
      w_act_q <= w_act_d; w_bank_q <= w_bank_d; w_segcnt_q <= w_segcnt_d; w_vi_q <= w_vi_d;
      pk_vi_q <= pk_vi_d; gnt_q <= gnt_d;
      cq_swa_q <= cq_swa_d; cq_len_q <= cq_len_d; cq_vi_q <= cq_vi_d; cq_err_q <= cq_err_d; hnd_q <= hnd_d;
      cq_nd_q <= cq_nd_d; cq_wp_q <= cq_wp_d; cq_rp_q <= cq_rp_d; cq_cnt_q <= cq_cnt_d;
      cd_q <= cd_d; cd_wp_q <= cd_wp_d; cd_rp_q <= cd_rp_d; cd_cnt_q <= cd_cnt_d; aw_cnt_q <= aw_cnt_d; req_idx_q <= req_idx_d;
      rsp_idx_q <= rsp_idx_d; inflight_q <= inflight_d; sum_q <= sum_d; spec_q <= spec_d; seghi_q <= seghi_d;
      seg_idx_q <= seg_idx_d; seg_vld_q <= seg_vld_d; seg_rd_q <= seg_rd_d; seg_ld_q <= seg_ld_d;
      seg_last_q <= seg_last_d; cur_addr_q <= cur_addr_d; cur_rem_q <= cur_rem_d;
      room_q <= room_d; rlast_q <= rlast_d; d0_q <= d0_d; d1_q <= d1_d; rxl_q <= rxl_d; rxnz_q <= rxnz_d;
      nnroom_q <= nnroom_d; rn_q <= rn_d;
      trh_q <= trh_d;
      walk_done_q <= walk_done_d; rwp_q <= rwp_d; rsh_q <= rsh_d; rxr_q <= rxr_d; cnt_q <= cnt_d; in_done_q <= in_done_d;
      tv_q <= tv_d; tl_q <= tl_d; tk_q <= tk_d;
      xfer_q <= xfer_d; xa_q <= xa_d; db_wp_q <= db_wp_d; db_rp_q <= db_rp_d; db_cnt_q <= db_cnt_d; dne_q <= dne_d; dfu_q <= dfu_d;
      en_q <= en_d; status_q <= status_d; irq_en_q <= irq_en_d; limit_q <= limit_d;
      lm32_q <= lm32_d; lm48_q <= lm48_d;
      send_cnt_q <= send_cnt_d; recv_cnt_q <= recv_cnt_d; err_cnt_q <= err_cnt_d;
      cinc_q <= cnt_inc; cby_q <= bytes_add;
      csr_ack_q <= ci_req_q; csr_rdata_q <= csr_rdata_d; csr_pop_q <= csr_pop_d;
      ci_req_q <= ci_req_d; ci_rsel_q <= ci_rsel_d; ci_rmiss_q <= ci_rmiss_d; ci_pop_q <= ci_pop_d;
      ci_wdb_q <= ci_wdb_d; ci_wen_q <= ci_wen_d; ci_wst_q <= ci_wst_d; ci_wie_q <= ci_wie_d;
      ci_wlim_q <= ci_wlim_d; ci_clr_q <= ci_clr_d; ci_wdata_q <= ci_wdata_d;
      pf_st_q <= pf_st_d; pf_vi_q <= pf_vi_d; pf_idx_q <= pf_idx_d; pf_slot_q <= pf_slot_d;
      pf_desc_q <= pf_desc_d; pf_spec_q <= pf_spec_d; fsel_q <= fsel_d; fsm_more_q <= fsm_more_d; rdn_q <= rdn_d;
      s_desc_q <= s_desc_d; s_len_q <= s_len_d; s_sa_q <= s_sa_d; s_sum0_q <= s_sum0_d;
      s_segcnt_q <= s_segcnt_d; s_vi_q <= s_vi_d; s_spec_q <= s_spec_d;
      s_e1_q <= s_e1_d; s_e2_q <= s_e2_d; s_aerr_q <= s_aerr_d; s_rdy_q <= s_rdy_d;
      s_wp_q <= s_wp_d; s_rp_q <= s_rp_d; s_cnt_q <= s_cnt_d;
      rx_rdy_q <= rx_rdy_d; remnx_q <= remnx_d; nlast_q <= nlast_d; nroom_q <= nroom_d;
      pa_q <= pa_d; pa_wp_q <= pa_wp_d; pa_rp_q <= pa_rp_d; pa_rp1_q <= pa_rp1_d; pa_rp2_q <= pa_rp2_d; pa_hd_q <= pa_hd_d;
      pa_nx_q <= pa_nx_d;
      dr_v_q <= dr_v_d; dr_sl_q <= dr_sl_d; dr_w_q <= dr_w_d; dr_data_q <= dr_data_d;
      pf_sa_q <= pf_sa_d; dr_end_q <= dr_end_d; dr_sum_q <= dr_sum_d; dr_seghi_q <= dr_seghi_d;
      hpay_q <= hpay_d; hdesc_q <= hdesc_d; hpf_q <= hpf_d;
      dbad_q <= dbad_d; sk_cnt_q <= sk_cnt_d; seg0w_q <= seg0w_d; sk_rp_q <= sk_rp_d; sk_wp_q <= sk_wp_d;
      ra_f_q <= ra_f_d; ra_p_q <= ra_p_d; eo_f_q <= eo_f_d; eo_p_q <= eo_p_d;
    end
  end
  always @(posedge clk_i) alim_q <= alim_d;  // no reset: used only after an address word set it
  always @(posedge clk_i) tr_q <= tr_d;      // no reset: a ring byte is shown (tkeep) only after a write
  always @(posedge clk_i) begin  // skid data: no reset (don't-care while not held)
    sk0_d_q <= sk0_d_d; sk0_m_q <= sk0_m_d; sk1_d_q <= sk1_d_d; sk1_m_q <= sk1_m_d; hm_q <= hm_d;
  end

  assign csr_ack_o   = csr_ack_q;
  assign csr_rdata_o = csr_pop_q ? db_rd_data : csr_rdata_q;
  assign irq_o       = (status_q & irq_en_q) != 7'd0;

  genvar g;
  generate
    for (g = 0; g < NUM_DB; g = g + 1) begin : g_dbg
      assign dbg_db_level_o[g*DBCW +: DBCW] = db_cnt_q[g*DBCW +: DBCW];
    end
  endgenerate
  assign dbg_state_o    = state_q;
  assign dbg_inflight_o = inflight_q;
  assign dbg_acc_cnt_o  = cnt_q;
  assign dbg_flags_o    = {prio_rx_q, op_rx_q, has_desc_q, seg_vld_q, seg_rd_q, seg_last_q,
                           walk_done_q, in_done_q};
  assign dbg_vi_o       = {rr_q, vi_q};
  assign dbg_pf_o       = {pf_st_q, pf_vi_q, s_cnt_q};

`ifdef FORMAL
  // Invariants once a reset edge has been seen; the DMA request is held under back-pressure.
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);
  integer f_i;
  reg [6:0] f_hm;
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
  // a request accepted by the request slice (reference of the per-source acceptances)
  wire f_dma_acc = rq_v && rq_rdy;
  // reference of the segment RAM read enable: a segment load in this cycle
  wire f_seg_ld = w_start || (w_act_q && !seg_rd_q && !seg_ld_q && !seg_vld_q && !walk_done_q);
  // references of the rx select forms: a beat's byte count as a popcount, and the sum operand
  wire [3:0] f_rx_pc  = popc8(s_axis_rx_tkeep);
  wire [3:0] f_rx_add = rx_beat_w ? f_rx_pc : 4'd0;
  always @* begin
    if (f_rst_seen) begin
      assert (inflight_q <= IFW'(RSP_DEPTH));
      // a read request accepted: the read-source form equals its definition
      assert (rd_acc == (f_dma_acc && !rq_we));
      // a status write is the control FSM's write in S_WB / S_WBS
      if (rq_st) assert (rq_v == fsm_v && rq_we && rq_wstrb == 8'hFF);
      if (dq_st) assert (dma_req_we_o);
      // the segment RAM read enable covers every load (the walker's, or segment 0 at its start)
      if (f_seg_ld) assert (seg_re);
      // a read never reads the entry being written (the write lands one cycle late: sw_*)
      if (seg_re && sw_v_q) assert (seg_raddr != sw_addr_q);
      assert (sw0_q == (sw_v_q && sw_addr_q[SAW-1:0] == '0));
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
      // the engine's doorbell pop waits while a SYS_POP read is acted on (the RAM is read only
      // by a pop)
      if (ci_spop) assert (!eng_re);
      if (state_q != S_RX) assert (xa_q == 4'd0);
      assert (sc_bad_q == sc_bad(segcnt_q) && ln_bad_q == ln_bad(len_q));
      // the registered engine pop addresses are the ring heads when used
      if (state_q == S_DB_RD) assert (op_rx_q && ra_f_q == ring_head(RW'(3 + 2 * {30'd0, vi_q}), db_rp_q));
      if (pf_st_q == P_RD) assert (ra_p_q == ring_head(RW'(2 + 2 * {30'd0, pf_vi_q}), db_rp_q));
      assert (sk_cnt_q <= 2'd2);
      // a push's completion error bits, the engine's doorbell pops and the completion head's
      // no-error flag equal their definitions
      if (cq_push) assert (cq_pc == cq_perr);
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1)
        assert (db_pop[f_i] == ((f_i < 2 && csr_popv[f_i % 2]) || (eng_re && ring == RW'(f_i))));
      assert (hnd_q == cq_nd_q[cq_rp_q]);
      // the registered skid head decode equals the decode of the ring
      if (sk_cnt_q != 2'd0) assert (hm_q == (sk_rp_q ? sk1_m_q[5:0] : sk0_m_q[5:0]));
      f_hm = sk_rp_q ? sk1_m_q : sk0_m_q;
      assert (hpay_q == (sk_cnt_q != 2'd0 && !f_hm[6]) && hdesc_q == (sk_cnt_q != 2'd0 && f_hm[6] && !f_hm[5]) &&
              hpf_q == (sk_cnt_q != 2'd0 && f_hm[6] && f_hm[5]));
      assert (sk_wp_q == (sk_rp_q ^ (sk_cnt_q == 2'd1)));
      // the registered tvalid / tx_last equal their definitions
      assert (tv_q == ((state_q != S_RX) && tv_of(cnt_q, in_done_q)));
      assert (tk_q == ((state_q != S_RX) ? kkeep(cnt_q) : 8'd0) && tl_q == ((state_q != S_RX) && tx_last));
      if (rsp_pop) assert (sk_cnt_q != 2'd0);
      assert (cnt_q <= 5'd16);
      assert (state_q <= S_DB_CHK);
      assert (rqs_rx_q == (state_q == S_RX) && rqs_wb_q == (state_q == S_WB) && rqs_wbs_q == (state_q == S_WBS));
      assert ((sk_rp_q ? sk_gt[1] : sk_gt[0]) == ({1'b0, rsp_data[SLEN_LSB +: 32]} > alim_q));
      // the control request address (carry select with dinc_q) equals its definition
      if (state_q == S_CTL || state_q == S_SEG || state_q == S_WB) assert (dinc_q == desc_q[31:9] + 23'd1);
      if (state_q == S_SEG) assert (req_idx_q <= 6'(2 * MAX_SEGS));
      assert (fsm_addr == ((state_q == S_CTL) ? ctl_addr(desc_q, req_idx_q[1:0]) :
                           (state_q == S_SEG) ? desc_q + 32'd32 + {23'd0, req_idx_q, 3'b000} :
                           (state_q == S_WB)  ? desc_q + CTL_W3 :
                           (state_q == S_WBS) ? h_swa : 32'd0));
      if (state_q != S_RX) assert (cnt_q < 5'd16);
      assert (cq_cnt_q <= 3'(CQD));
      assert (cd_cnt_q <= cq_cnt_q);
      assert (s_cnt_q <= 3'(PFD));
      assert (pf_st_q <= P_ISS);
      if (op_rx_q && !(state_q == S_IDLE || state_q == S_WBS)) assert (pf_st_q == P_IDLE);
      if (rq_v) assert (rq_addr[2:0] == 3'd0);
      if (seg_vld_q) assert (walk_done_q == 1'b0);
      if (w_act_q) assert (!(seg_ld_q && (seg_rd_q || seg_vld_q)));
      if (w_act_q && seg_ld_q) assert (state_q == S_RX);
      if (w_act_q && seg_ld_q) assert ({1'b0, room_q} + {1'b0, nroom_q} == rn_q);
      if (state_q == S_RX && w_act_q && seg_vld_q && !walk_done_q)
        if (!(in_done_q && !rxnz_q)) begin
          // (after a message's partial last chunk, cnt_q = 0 and the next cycle goes to S_WB:
          // the levels are not kept for that one cycle)
          assert (rx_full == (cnt_q >= {1'b0, room_q}) && (!rx_full || rxl_q == cnt_q - {1'b0, room_q}));
          assert (d0_q == {1'b0, cnt_q} - {2'b00, room_q} &&
                  d1_q == {1'b0, cnt_q} - {2'b00, room_q} - {2'b00, nroom_q});
          assert (nnroom_q == nn_room(remnx_q));
        end
      // registered decodes equal their definitions
      if (w_act_q && seg_vld_q && !(state_q == S_RX && in_done_q)) assert (remnx_q == cur_rem_q - {12'd0, room_q});
      // s_axis_rx tkeep is contiguous from bit 0 on a beat (used by le8k / bmask64, and koh9 in
      // the reference below)
      if (rst_ni && s_axis_rx_tvalid && s_axis_rx_tready)
        assume ((({1'b0, s_axis_rx_tkeep} + 9'd1) & {1'b0, s_axis_rx_tkeep}) == 9'd0);
      // the byte count sideband is the beat's popcount
      if (rst_ni && s_axis_rx_tvalid && s_axis_rx_tready) assume (s_axis_rx_tcnt == f_rx_pc);
      if (w_act_q && seg_rd_q) assert (seg_rd_data[78:48] == first_chunk(seg_rd_data[2:0], seg_rd_data[47:32]));
      if (sw_v_q) assert (sw_fc == first_chunk(sw_sa_q[2:0], sw_len_q));
      assert (nlast_q == (remnx_q <= 16'd8));
      assert (pa_rp1_q == pa_rp_q + 1'b1 && pa_rp2_q == pa_rp_q + RAW'(2));
      // the response alignment head and next entry equal the entries they stand for
      assert (pa_hd_q == pa_q[6*pa_rp_q +: 6] && pa_nx_q == pa_q[6*pa_rp1_q +: 6]);
      if (state_q == S_RX) assert (rxnz_q == (cnt_q != 5'd0));
      // the rx sum selects equal their definitions (sums with the popcount)
      // (with a beat: without one they are not used)
      if (state_q == S_RX && !walk_done_q && rx_beat_w)
        assert (rx_cs0 == cnt_q + {1'b0, f_rx_add} && rx_cs1 == rx_left + {1'b0, f_rx_add});
      // the receive ring: a beat is taken with at most 8 unwritten bytes (the 8 ring bytes from
      // rwp_q are free); the read rotation is (offset of the next byte to write - its host lane)
      if (state_q == S_RX && !walk_done_q && rx_beat_w) assert (cnt_q <= 5'd8);
      if (state_q == S_RX && w_act_q && seg_vld_q) assert (rsh_q == rwp_q - cnt_q[3:0] - {1'b0, cur_addr_q[2:0]});
      // rx tready outside S_RX from the next state (see rdy_b): the S_SEG -> S_RX entry
      if (state_q != S_RX && state_d == S_RX) assert (!in_done_d && !walk_done_d && !w_acc && cnt_q == 5'd0);
      // rx tready outside S_RX: the per-state form equals the next-state compare
      if (state_q != S_RX) assert (rdy_nx == ((state_d == S_DRAIN) || (state_d == S_RX)));
      // the response alignment head with the write-through picked by pa_we last
      assert (pa_hd_d == (dma_rsp_valid_i ? ((pa_we && pa_wp_q == pa_rp1) ? pa_wdata : pa_e1)
                                          : ((pa_we && pa_wp_q == pa_rp_q) ? pa_wdata : pa_q[6*pa_rp_q +: 6])));
      // completion queue lengths are 0 with error bits; wb_len equals its definition
      for (f_i = 0; f_i < CQD; f_i = f_i + 1)
        if (cq_err_q[f_i*3 +: 3] != 3'd0) assert (cq_len_q[f_i*16 +: 16] == 16'd0);
      assert (wb_len == ((c_err[2:0] != 3'd0) ? 32'd0 : (wbs ? {16'd0, h_len} : xfer_q)));
      // a segment RAM write not from seg0w_q is a segment-length word at the response head
      // (seg_wl = its length field = seglen)
      if (seg_we && !seg0w_q) assert ((state_q == S_CTL || state_q == S_SEG) && rsp_desc && rsp_idx_q[0] &&
                                      !(state_q == S_CTL && !rsp_idx_q[1]));
      // the one-hot of the byte count equals the one-hot of the contiguous tkeep
      if (rx_beat_w) assert (koh9c(rx_tc_w) == koh9(s_axis_rx_tkeep));
      // le8k is !kge(keep, 9 - c) (kept for both operands of the unpacker)
      assert (le8_0 == !kge(rxk, 6'd9 - {1'b0, cnt_q}) && le8_1 == !kge(rxk, 6'd9 - {1'b0, rxl_q}));
      assert (w_acc == (f_dma_acc && sel_w) && f_acc == (f_dma_acc && !sel_w && !fsel_q) &&
              pf_acc == (f_dma_acc && !sel_w && fsel_q));
      assert (lm32_q == {1'b0, limit_q} - 33'd32 && lm48_q == {1'b0, limit_q} - 33'd48);
      assert (rsp_pop_x == rsp_pop);
      // the slot a descriptor check writes is free (see P_CHK)
      if (pf_st_q == P_CHK) assert (s_cnt_q != 3'(PFD) && !s_rdy_q[s_wp_q]);
      if (pf_st_q == P_CHK) assert (daddr_bad_m(pf_desc_q, lm32_q) == daddr_bad(pf_desc_q, limit_q) &&
                                    spec_fits_m(pf_desc_q, lm48_q) == spec_fits(pf_desc_q, limit_q));
      if (state_q == S_DB_CHK) assert (daddr_bad_m(desc_q, lm32_q) == daddr_bad(desc_q, limit_q) &&
                                      spec_fits_m(desc_q, lm48_q) == spec_fits(desc_q, limit_q));
      assert (nroom_q == (nlast_q ? remnx_q[3:0] : 4'd8));
      assert (rx_rdy_q == ((state_q == S_DRAIN) ||
                           ((state_q == S_RX) && !in_done_q && (walk_done_q || cnt_q <= 5'd8))));
      if (state_q == S_CTL && !dbad_q) assert (fsm_more_q == (req_idx_q < (spec_q ? 6'd4 : 6'd2)));
      if (state_q == S_CTL || state_q == S_SEG) assert (rdn_q == (rsp_idx_q == fsm_lim));
      if (state_q == S_CTL && rdn_q) assert (!rsp_desc);
      if (state_q == S_CTL && dbad_q) assert (!fsm_more_q && req_idx_q == 6'd0 && rsp_idx_q == 6'd0 &&
                                             op_rx_q && inflight_q == '0);
      if (state_q != S_CTL) assert (!dbad_q);
      if (seg0w_q) assert (state_q == S_CTL && !rsp_desc && !dbad_q);
      if (w_start) assert (!w_act_q || walk_done_q);
      if (state_q == S_RX) assert (walk_done_d == (walk_done_q || (w_acc && rlast_q && rx_full && seg_last_q)));
      if (state_q == S_SEG) assert (fsm_more_q == (req_idx_q < 6'({segcnt_q[SAW:0], 1'b0})));
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1) assert (db_cnt_q[f_i*DBCW +: DBCW] <= DBCW'(DB_DEPTH) &&
                                                         dne_q[f_i] == (db_cnt_q[f_i*DBCW +: DBCW] != '0) &&
                                                         dfu_q[f_i] == (db_cnt_q[f_i*DBCW +: DBCW] == DBCW'(DB_DEPTH)));
      // one doorbell pop per cycle (db_raddr is an AND-OR of the pops)
      assert ((db_pop & (db_pop - 1'b1)) == '0 && db_re == (db_pop != '0));
      for (f_i = 0; f_i < NUM_DB; f_i = f_i + 1)
        if (db_pop[f_i]) assert (db_raddr == {RW'(f_i), db_rp_q[f_i*DBAW +: DBAW]});
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
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni &&
        $past(m_axis_tx_tvalid && !m_axis_tx_tready)) begin
      assert (m_axis_tx_tvalid);
      assert (m_axis_tx_tdata == $past(m_axis_tx_tdata));
      assert (m_axis_tx_tkeep == $past(m_axis_tx_tkeep));
      assert (m_axis_tx_tlast == $past(m_axis_tx_tlast));
    end
    cover (f_rst_seen && rst_ni && state_q == S_CTL && rq_v && rq_rdy);
    cover (f_rst_seen && rst_ni && state_q == S_DB_RD && csr_pop_d);
    cover (f_rst_seen && rst_ni && pf_st_q == P_RD && ci_spop && !csr_pop_d);
    cover (f_rst_seen && rst_ni && state_q == S_WB && rq_rdy);
    cover (f_rst_seen && rst_ni && dq_st_acc);
    cover (f_rst_seen && rst_ni && db_cnt_q[0 +: DBCW] == DBCW'(DB_DEPTH) && ci_wdb_q[0]);
  end
`endif
endmodule
`default_nettype wire
