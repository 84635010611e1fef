// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_botf: Martini BOTF (Block On-The-Fly) send path. See docs/reference/aotf_botf.md.
//  - Window memory: NWIN windows of 64 words (nic_ram_1r1w, byte lanes), a global pool with
//    an owner table (window -> user, CSR-written). Words 0..57 hold up to 464 payload bytes,
//    written by ordinary 8-byte host stores; words 58..63 are unused.
//  - Store address (addr[31:28] == CTRL.WINDOW): addr[27:25] user, addr[19:12] window,
//    addr[11:3] word: 0..57 payload, 0x100 (offset 0x800) SEND. A SEND store's data:
//    [15:0] length (1..464), [23:16] header entry, [43:32] remote offset (raddr[11:0]).
//  - A SEND queues {window, length, header entry, offset, header form} in the request queue
//    (QDEPTH entries, nic_fifo) and marks the window busy; the window stays busy until the last
//    beat of its packet has left on m_axis (BUSY* CSRs). Stores to a busy window, SENDs of a
//    busy window, lengths 0 or > 464, another user's window or header entry, a full queue and
//    bad addresses are refused and counted (CNT_ERR_*); a refused store changes nothing else.
//  - Store stages: every store is registered once (s1) with the owner and header-entry table
//    reads and checked (outcome and counters) in the next cycle, then registered again (s2)
//    and acted on (window RAM write, queue push, busy set) one cycle later; a SEND in s2 counts
//    as busy and as queued for the store in s1 (forwarded). The block accepts a store every
//    cycle (no st_ready: the node stalls stores only through aotf_send's st_ready).
//  - Packet generator: one RAM read per cycle (header-seed words, then payload words), the RAM
//    data registered (no logic in front: the ECP5 block RAM output register), then the header
//    fields inserted (ptype PTYPE_BOTF, FLAG_AOTF clear, HFMT of the entry, raddr[11:0], length)
//    into an 8-entry output buffer whose head drives m_axis. Reads are issued while buffer +
//    reads in flight, counted without the beats leaving, stay below 5 (a register: room_q), so
//    a packet streams one beat per cycle and the next request is loaded in the cycle the last
//    beat is issued (no bubble between packets).
//  - CSRs (formats/csr_aotf_botf.csv): the request registered once (c*_q), acted on in the next
//    cycle, the response registered (ack two cycles after the request; aotf_node adds one).
module aotf_botf #(
  parameter int NWIN   = 64,    // windows (power of two, 8..256): NWIN/8 x 2 DP16KD on ECP5
  parameter int HDRS   = 16,    // header-seed entries (power of two, 2..256)
  parameter int QDEPTH = 64,    // request queue entries (power of two)
  localparam int WW  = $clog2(NWIN),
  localparam int HW  = $clog2(HDRS),
  localparam int QCW = $clog2(QDEPTH) + 1,
  localparam int QEW = WW + 9 + HW + 12 + 2 + 7
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // host store port (a store accepted by the node in this cycle)
  input  wire          st_valid_i,
  input  wire [31:0]   st_addr_i,
  input  wire [63:0]   st_data_i,
  input  wire [7:0]    st_be_i,
  output wire [3:0]    window_o,     // CTRL.WINDOW (the node's store demux)
  // CSR bus (local byte address)
  input  wire          csr_req_i,
  input  wire          csr_we_i,
  input  wire [11:0]   csr_addr_i,
  input  wire [31:0]   csr_wdata_i,
  output wire          csr_ack_o,
  output wire [31:0]   csr_rdata_o,
  // packet stream
  output wire [63:0]   m_axis_tdata,
  output wire [7:0]    m_axis_tkeep,
  output wire          m_axis_tvalid,
  input  wire          m_axis_tready,
  output wire          m_axis_tlast,
  output wire          idle_o,       // no request queued, no packet in the generator
  // observability: the store stage's event this cycle (0 none, 1 payload write, 2 SEND queued,
  // 3 busy, 4 length, 5 owner, 6 header entry, 7 queue full, 8 address)
  output wire [3:0]    dbg_ev_o
);
`ifndef __ICARUS__
  generate
    if (NWIN < 8 || NWIN > 256 || (NWIN & (NWIN - 1)) != 0) begin : g_err_nwin
      $error("aotf_botf: NWIN must be a power of two, 8..256");
    end
    if (HDRS < 2 || HDRS > 256 || (HDRS & (HDRS - 1)) != 0) begin : g_err_hdrs
      $error("aotf_botf: HDRS must be a power of two, 2..256");
    end
    if (QDEPTH < 2 || QDEPTH > 256 || (QDEPTH & (QDEPTH - 1)) != 0) begin : g_err_q
      $error("aotf_botf: QDEPTH must be a power of two, 2..256");
    end
  endgenerate
`endif
  localparam logic [8:0] WORD_SEND = 9'h100;
  localparam int         MAXLEN    = 464;

  // ================================================================ CSR request register
  reg         cq_req_q, cq_we_q;
  reg  [11:0] cq_addr_q;
  reg  [31:0] cq_wdata_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cq_req_q <= 1'b0;
      cq_we_q  <= 1'b0;
    end else begin
      cq_req_q <= csr_req_i;
      cq_we_q  <= csr_we_i;
    end
  end
  // payload: no reset (don't-care while cq_req_q is 0)
  always @(posedge clk_i) begin
    cq_addr_q  <= csr_addr_i;
    cq_wdata_q <= csr_wdata_i;
  end
  wire cw = cq_req_q && cq_we_q;
  wire w_ctrl    = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_CTRL;
  wire w_own_idx = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_OWN_IDX;
  wire w_owner   = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_OWNER;
  wire w_hdr_idx = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_HDR_IDX;
  wire w_hdr_cfg = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_HDR_CFG;
  wire w_seed_lo = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_SEED_LO;
  wire w_seed_hi = cw && cq_addr_q == nic_pkg::CSR_AOTF_BOTF_SEED_HI;

  reg  [3:0]  win_q, win_d;
  reg  [7:0]  own_idx_q, own_idx_d;
  reg  [7:0]  hdr_ent_q, hdr_ent_d;
  reg  [1:0]  hdr_word_q, hdr_word_d;
  reg  [31:0] seed_lo_q, seed_lo_d;
  reg  [NWIN-1:0] own_v_q, own_v_d;   // window owner valid (OWNER.EN)
  reg  [HDRS-1:0] hdr_v_q, hdr_v_d;   // header entry valid (HDR_CFG.EN)
  assign window_o = win_q;

  // ================================================================ store stage
  reg          s1_v_q;
  /* verilator lint_off UNUSEDSIGNAL */  // the fields checked before s1 are not used here
  reg  [31:0]  s1_addr_q;
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [63:0]  s1_data_q;
  reg  [7:0]   s1_be_q;
  always @(posedge clk_i) begin
    if (!rst_ni) s1_v_q <= 1'b0;
    else         s1_v_q <= st_valid_i;
  end
  always @(posedge clk_i) begin   // payload: no reset
    s1_addr_q <= st_addr_i;
    s1_data_q <= st_data_i;
    s1_be_q   <= st_be_i;
  end
  // checks of the store's own fields, made before the s1 register (timing: s1 then only adds
  // the owner / header-entry RAM compares, the busy bit and the queue room): address, SEND,
  // length range, header entry range, and the owner / header-entry valid bits at the store
  wire [8:0] p_word = st_addr_i[11:3];
  wire       p_send = p_word == WORD_SEND;
  reg        pa_bad_q, pa_send_q, pl_bad_q, ph_oor_q, po_v_q, ph_v_q;
  always @(posedge clk_i) begin   // no reset (used only with s1_v_q)
    pa_bad_q  <= (st_addr_i[2:0] != 3'd0) || (st_addr_i[31:28] != win_q) ||
                 ((st_addr_i[19:12] >> WW) != 8'd0) || !(p_word < 9'd58 || p_send);
    pa_send_q <= p_send;
    pl_bad_q  <= st_data_i[15:0] == 16'd0 || st_data_i[15:0] > 16'(MAXLEN);
    ph_oor_q  <= (st_data_i[23:16] >> HW) != 8'd0;
    po_v_q    <= own_v_q[st_addr_i[12 +: WW]];
    ph_v_q    <= hdr_v_q[st_data_i[16 +: HW]];
  end
  // owner table: user of each window (RAM) + valid (own_v_q); read at the store, used in s1
  wire [2:0] own_user;
  nic_ram_1r1w #(.DEPTH(NWIN), .WIDTH(3)) u_own (
    .clk_i,
    .wr_en_i(w_owner), .wr_addr_i(own_idx_q[WW-1:0]), .wr_data_i(cq_wdata_q[2:0]), .wr_be_i(1'b1),
    .rd_en_i(st_valid_i), .rd_addr_i(st_addr_i[12 +: WW]), .rd_data_o(own_user)
  );
  // header-entry table: {HFMT, user} of each header entry (RAM) + valid (hdr_v_q)
  wire [4:0] hdr_cfg;
  nic_ram_1r1w #(.DEPTH(HDRS), .WIDTH(5)) u_hcfg (
    .clk_i,
    .wr_en_i(w_hdr_cfg), .wr_addr_i(hdr_ent_q[HW-1:0]),
    .wr_data_i({cq_wdata_q[13:12], cq_wdata_q[2:0]}), .wr_be_i(1'b1),
    .rd_en_i(st_valid_i), .rd_addr_i(st_data_i[16 +: HW]), .rd_data_o(hdr_cfg)
  );

  wire [WW-1:0] s_win   = s1_addr_q[12 +: WW];
  wire [5:0]    s_word  = s1_addr_q[8:3];
  wire [2:0]    s_user  = s1_addr_q[27:25];
  wire [8:0]    s_len   = s1_data_q[8:0];
  wire [HW-1:0] s_hdr   = s1_data_q[16 +: HW];
  wire          s_send  = pa_send_q;
  reg           busy_sel;
  reg  [NWIN-1:0] busy_q, busy_d;
  // requests in the queue (a counter of its own: the FIFO's count is not in front of the push)
  reg  [QCW-1:0] q_count, q_count_d;
  // s2: the store checked last cycle acts now (window RAM write, queue push, busy set); a SEND
  // there counts as busy for its window already (forwarded) and as a queued request
  reg            s2_wr_q, s2_push_q;
  reg  [WW-1:0]  s2_win_q;
  reg  [5:0]     s2_word_q;
  reg  [63:0]    s2_data_q;
  reg  [7:0]     s2_be_q;
  // the window's busy bit in s1 from terms registered at the store (timing: no 64:1 mux in s1):
  // its bit then, whether its packet left then, whether a SEND of it acted then, plus the SEND
  // acting now; together busy_q[s_win] (asserted) or the forwarded SEND
  reg           bpre_q, bclr_q, bset_q;
  always @* busy_sel = (bpre_q && !bclr_q) || bset_q || (s2_push_q && s2_win_q == s_win);
  wire e_addr  = s1_v_q && pa_bad_q;
  wire e_owner = s1_v_q && !e_addr && !(po_v_q && own_user == s_user);
  wire e_busy  = s1_v_q && !e_addr && !e_owner && busy_sel;
  wire s_ok    = s1_v_q && !e_addr && !e_owner && !busy_sel;
  wire e_len   = s_ok && s_send && pl_bad_q;
  wire e_hdr   = s_ok && s_send && !e_len &&
                 !(!ph_oor_q && ph_v_q && hdr_cfg[2:0] == s_user);
  wire e_full  = s_ok && s_send && !e_len && !e_hdr && ({1'b0, q_count} + {{QCW{1'b0}}, s2_push_q} >= (QCW+1)'(QDEPTH));
  wire s_push  = s_ok && s_send && !e_len && !e_hdr && !e_full;
  wire s_wr    = s_ok && !s_send;
  assign dbg_ev_o = s_wr ? 4'd1 : s_push ? 4'd2 : e_busy ? 4'd3 : e_len ? 4'd4 : e_owner ? 4'd5 :
                    e_hdr ? 4'd6 : e_full ? 4'd7 : e_addr ? 4'd8 : 4'd0;
  // the outcome registered for the counters (they count one cycle after the check)
  reg  [3:0] s2_ev_q;
  always @(posedge clk_i) begin
    if (!rst_ni) s2_ev_q <= 4'd0;
    else         s2_ev_q <= dbg_ev_o;
  end

  // ================================================================ request queue
  wire [1:0]     s_hfmt = hdr_cfg[4:3];
  // the packet's beats - 1 (header words of the form + payload words), computed here so that
  // the generator loads it from the queue head with no adder
  reg  [2:0]     s_nh;
  always @* begin
    case (s_hfmt)
      2'd0:    s_nh = 3'd4;   // HFMT_32
      2'd1:    s_nh = 3'd2;   // HFMT_16
      2'd2:    s_nh = 3'd3;   // HFMT_24
      default: s_nh = 3'd1;   // HFMT_8
    endcase
  end
  wire [6:0]     s_left = 7'(s_nh) + 7'(s_len[8:3]) + 7'(s_len[2:0] != 3'd0) - 7'd1;
  wire [QEW-1:0] q_in   = {s_left, s1_data_q[43:32], s_hfmt, s_hdr, s_len, s_win};
  reg  [QEW-1:0] s2_qin_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      s2_wr_q   <= 1'b0;
      s2_push_q <= 1'b0;
    end else begin
      s2_wr_q   <= s_wr;
      s2_push_q <= s_push;
    end
  end
  always @(posedge clk_i) begin   // payload: no reset
    s2_win_q  <= s_win;
    s2_word_q <= s_word;
    s2_data_q <= s1_data_q;
    s2_be_q   <= s1_be_q;
    s2_qin_q  <= q_in;
  end
  wire           q_valid, q_pop;
  wire [QEW-1:0] q_head;
  // timing options as in aotf_send (cycle-identical to the plain FIFO; PUSH_READY holds: a push
  // needs q_count + s2_push_q < QDEPTH, and q_count is never below the FIFO's count)
  nic_fifo #(.DEPTH(QDEPTH), .WIDTH(QEW), .WR_REG(1), .PUSH_READY(1), .LOAD_FREE(1), .RD_FREE(1),
             .CNT_REG(1), .CNT_LAG(1)) u_q (
    .clk_i, .rst_ni,
    .s_valid_i(s2_push_q), .s_data_i(s2_qin_q), .m_valid_o(q_valid), .m_ready_i(q_pop),
    .m_data_o(q_head),
    /* verilator lint_off PINCONNECTEMPTY */
    .count_o(), .s_ready_o(), .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  // ================================================================ packet generator: issue
  reg           g_act_q, g_act_d;
  reg  [6:0]    g_beat_q, g_beat_d, g_left_q, g_left_d;   // beat index; beats left after it
  reg           g_last_q, g_last_d, g_ih_q, g_ih_d;        // this beat is the last / a header beat
  reg  [5:0]    g_dw_q, g_dw_d;
  reg  [2:0]    g_nh_q, g_nh_d;
  reg  [WW-1:0] g_win_q, g_win_d;
  reg  [HW-1:0] g_hdr_q, g_hdr_d;
  reg  [8:0]    g_len_q, g_len_d;
  reg  [11:0]   g_off_q, g_off_d;
  reg  [1:0]    g_hfmt_q, g_hfmt_d;
  reg  [3:0]    ob_cnt_q;
  reg           p1_v_q, p2_v_q;
  // room for a read: a register (timing: no adder in front of the issue and the queue pop),
  // computed for the next cycle as if no beat left the buffer (buffer + reads in flight < 5)
  reg           room_q;
  wire          room   = room_q;
  wire          iss    = g_act_q && room;
  wire          i_hdr  = g_ih_q;
  wire          i_last = g_last_q;
  assign q_pop = q_valid && (!g_act_q || (iss && i_last));
  // the head's fields
  wire [WW-1:0] h_win  = q_head[WW-1:0];
  wire [8:0]    h_len  = q_head[WW +: 9];
  wire [HW-1:0] h_hdr  = q_head[WW+9 +: HW];
  wire [1:0]    h_hfmt = q_head[WW+9+HW +: 2];
  wire [11:0]   h_off  = q_head[WW+9+HW+2 +: 12];
  wire [6:0]    h_left = q_head[WW+9+HW+14 +: 7];
  reg  [2:0]    h_nh;
  always @* begin
    case (h_hfmt)
      2'd0:    h_nh = 3'd4;   // HFMT_32
      2'd1:    h_nh = 3'd2;   // HFMT_16
      2'd2:    h_nh = 3'd3;   // HFMT_24
      default: h_nh = 3'd1;   // HFMT_8
    endcase
  end
  always @* begin
    g_act_d = g_act_q; g_beat_d = g_beat_q; g_left_d = g_left_q; g_dw_d = g_dw_q;
    g_last_d = g_last_q; g_ih_d = g_ih_q;
    g_nh_d = g_nh_q; g_win_d = g_win_q; g_hdr_d = g_hdr_q; g_len_d = g_len_q; g_off_d = g_off_q;
    g_hfmt_d = g_hfmt_q;
    if (iss) begin
      g_beat_d = g_beat_q + 7'd1;
      g_left_d = g_left_q - 7'd1;
      g_last_d = g_left_q == 7'd1;
      g_ih_d   = 7'(g_nh_q) > g_beat_q + 7'd1;
      if (!i_hdr) g_dw_d = g_dw_q + 6'd1;
      if (i_last) g_act_d = 1'b0;
    end
    if (q_pop) begin
      g_act_d   = 1'b1;
      g_beat_d  = 7'd0;
      g_dw_d    = 6'd0;
      g_nh_d    = h_nh;
      g_left_d  = h_left;
      g_last_d  = 1'b0;   // a packet has at least 2 beats
      g_ih_d    = 1'b1;
      g_win_d   = h_win;
      g_hdr_d   = h_hdr;
      g_len_d   = h_len;
      g_off_d   = h_off;
      g_hfmt_d  = h_hfmt;
    end
  end

  // ================================================================ memories
  wire [63:0] win_rd, seed_rd;
  nic_ram_1r1w #(.DEPTH(NWIN * 64), .WIDTH(64), .NBE(8)) u_win (
    .clk_i,
    .wr_en_i(s2_wr_q), .wr_addr_i({s2_win_q, s2_word_q}), .wr_data_i(s2_data_q), .wr_be_i(s2_be_q),
    .rd_en_i(iss && !i_hdr), .rd_addr_i({g_win_q, g_dw_q}), .rd_data_o(win_rd)
  );
  nic_ram_1r1w #(.DEPTH(HDRS * 4), .WIDTH(64)) u_seed (
    .clk_i,
    .wr_en_i(w_seed_hi), .wr_addr_i({hdr_ent_q[HW-1:0], hdr_word_q}),
    .wr_data_i({cq_wdata_q, seed_lo_q}), .wr_be_i(1'b1),
    .rd_en_i(iss && i_hdr), .rd_addr_i({g_hdr_q, g_beat_q[1:0]}), .rd_data_o(seed_rd)
  );

  // ================================================================ read pipeline
  // p1: the beat whose RAM read was issued last cycle; p2: its RAM data registered (sd_q / wd_q)
  localparam int PW = 1 + 2 + 1 + 8 + 2 + 9 + 12 + WW;   // {hdr, k, last, keep, hfmt, len, off, win}
  reg [7:0] i_keep;
  always @* begin
    i_keep = 8'hFF;
    if (i_last && !i_hdr && g_len_q[2:0] != 3'd0) i_keep = 8'((9'd1 << g_len_q[2:0]) - 9'd1);
  end
  wire [PW-1:0] i_meta = {i_hdr, g_beat_q[1:0], i_last, i_keep, g_hfmt_q, g_len_q, g_off_q, g_win_q};
  reg  [PW-1:0] p1_q, p2_q;
  reg  [63:0]   sd_q, wd_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      p1_v_q <= 1'b0;
      p2_v_q <= 1'b0;
    end else begin
      p1_v_q <= iss;
      p2_v_q <= p1_v_q;
    end
  end
  always @(posedge clk_i) begin   // payload: no reset
    p1_q <= i_meta;
    p2_q <= p1_q;
    sd_q <= seed_rd;
    wd_q <= win_rd;
  end
  wire [WW-1:0] p2_win  = p2_q[WW-1:0];
  wire [11:0]   p2_off  = p2_q[WW +: 12];
  wire [8:0]    p2_len  = p2_q[WW+12 +: 9];
  wire [1:0]    p2_hfmt = p2_q[WW+21 +: 2];
  wire [7:0]    p2_keep = p2_q[WW+23 +: 8];
  wire          p2_last = p2_q[WW+31];
  wire [1:0]    p2_k    = p2_q[WW+32 +: 2];
  wire          p2_hdr  = p2_q[WW+34];
  // header insertion (formats/aotf_header.csv, aotf16_header.csv)
  reg [63:0] hw;
  always @* begin
    hw = sd_q;
    case (p2_k)
      2'd0: begin
        hw[39:32] = 8'(nic_pkg::PTYPE_BOTF);
        hw[40]    = 1'b0;                  // FLAG_AOTF clear
        hw[43:42] = p2_hfmt;               // flags.HFMT of the entry
      end
      2'd1: begin
        hw[11:0] = p2_off;
        if (p2_hfmt == 2'(nic_pkg::HFMT_16)) hw[39:24] = {7'd0, p2_len};
      end
      2'd2: begin
        hw[7:0]   = p2_len[7:0];
        hw[39:32] = {7'd0, p2_len[8]};
      end
      default: ;
    endcase
  end
  wire [63:0] p2_data = p2_hdr ? hw : wd_q;

  // ================================================================ output buffer
  localparam int OW = 64 + 8 + 1 + WW + 9;
  reg  [OW-1:0] ob_q [8];
  reg  [2:0]    ob_wp_q, ob_rp_q;
  /* verilator lint_off UNUSEDSIGNAL */  // {len, win} of the head: the FORMAL reference of oh_q
  wire [OW-1:0] ob_head = ob_q[ob_rp_q];
  /* verilator lint_on UNUSEDSIGNAL */
  wire          ob_pop  = (ob_cnt_q != 4'd0) && m_axis_tready;
  // copies of the head entry's {len, win, last} in registers of their own (timing: the busy
  // clear and the counters do not wait for the 8:1 head mux); equal to ob_head's while the
  // buffer holds a beat (asserted). Next head: the entry after the popped one, or the beat
  // arriving into an empty (or emptied) buffer.
  localparam int HW3 = 1 + WW + 9;
  reg  [HW3-1:0] oh_q, oh_d;
  wire [2:0]    ob_rp1  = ob_rp_q + 3'd1;
  wire [HW3-1:0] ob_nxt = ob_q[ob_rp1][72 +: HW3];
  wire [HW3-1:0] p2_h   = {p2_len, p2_win, p2_last};
  always @* begin
    oh_d = oh_q;
    if (ob_pop) oh_d = (ob_cnt_q == 4'd1) ? p2_h : ob_nxt;
    else if (ob_cnt_q == 4'd0) oh_d = p2_h;
  end
  always @(posedge clk_i) oh_q <= oh_d;   // no reset (used while the buffer holds a beat)
  wire          o_last  = oh_q[0];
  wire [WW-1:0] o_win   = oh_q[1 +: WW];
  wire [8:0]    o_len   = oh_q[1 + WW +: 9];
  wire          pkt_done = ob_pop && o_last;
  always @(posedge clk_i) begin   // the store's busy terms (busy_sel); no reset (used with s1_v_q)
    bpre_q <= busy_q[st_addr_i[12 +: WW]];
    bclr_q <= pkt_done && o_win == st_addr_i[12 +: WW];
    bset_q <= s2_push_q && s2_win_q == st_addr_i[12 +: WW];
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ob_wp_q  <= 3'd0;
      ob_rp_q  <= 3'd0;
      ob_cnt_q <= 4'd0;
      room_q   <= 1'b1;
    end else begin
      ob_wp_q  <= ob_wp_q + 3'(p2_v_q);
      ob_rp_q  <= ob_rp_q + 3'(ob_pop);
      ob_cnt_q <= ob_cnt_q + 4'(p2_v_q) - 4'(ob_pop);
      room_q   <= (ob_cnt_q + 4'(p2_v_q) + 4'(p1_v_q) + 4'(iss)) < 4'd5;
    end
  end
  always @(posedge clk_i) begin   // entries: no reset
    if (p2_v_q) ob_q[ob_wp_q] <= {p2_len, p2_win, p2_last, p2_keep, p2_data};
  end
  assign m_axis_tvalid = ob_cnt_q != 4'd0;
  assign m_axis_tdata  = ob_head[63:0];
  assign m_axis_tkeep  = ob_head[71:64];
  assign m_axis_tlast  = ob_head[72];
  assign idle_o        = !s2_push_q && !q_valid && !g_act_q && !p1_v_q && !p2_v_q && ob_cnt_q == 4'd0;

  // ================================================================ busy, CSR registers, counters
  // q_count takes the pops one cycle late (qpop_q; timing: the pop is a late signal), so it may
  // count a request the generator has just taken for one more cycle
  reg qpop_q;
  always @(posedge clk_i) begin
    if (!rst_ni) qpop_q <= 1'b0;
    else         qpop_q <= q_pop;
  end
  always @* q_count_d = q_count + QCW'(s2_push_q) - QCW'(qpop_q);
  always @* begin
    busy_d = busy_q;
    if (s2_push_q) busy_d[s2_win_q] = 1'b1;
    if (pkt_done) busy_d[o_win] = 1'b0;
  end
  always @* begin
    win_d      = w_ctrl ? cq_wdata_q[3:0] : win_q;
    own_idx_d  = w_own_idx ? cq_wdata_q[7:0] : own_idx_q;
    hdr_ent_d  = w_hdr_idx ? cq_wdata_q[7:0] : hdr_ent_q;
    hdr_word_d = w_hdr_idx ? cq_wdata_q[13:12] : hdr_word_q;
    seed_lo_d  = w_seed_lo ? cq_wdata_q : seed_lo_q;
    own_v_d    = own_v_q;
    if (w_owner && (own_idx_q >> WW) == 8'd0) own_v_d[own_idx_q[WW-1:0]] = cq_wdata_q[8];
    hdr_v_d    = hdr_v_q;
    if (w_hdr_cfg && (hdr_ent_q >> HW) == 8'd0) hdr_v_d[hdr_ent_q[HW-1:0]] = cq_wdata_q[8];
  end
  localparam int NC = 10;
  localparam int C_SENDS = 0, C_PKTS = 1, C_BYTES = 2, C_STORES = 3, C_BUSY = 4, C_LEN = 5,
                 C_OWNER = 6, C_HDR = 7, C_FULL = 8, C_ADDR = 9;
  reg [32*NC-1:0] cnt_q, cnt_d;   // counter i at bits 32*i +: 32
  always @* begin
    cnt_d = cnt_q;
    cnt_d[32*C_SENDS +: 32]  = cnt_q[32*C_SENDS +: 32] + 32'(s2_ev_q == 4'd2);
    cnt_d[32*C_PKTS +: 32]   = cnt_q[32*C_PKTS +: 32] + 32'(pkt_done);
    cnt_d[32*C_BYTES +: 32]  = cnt_q[32*C_BYTES +: 32] + (pkt_done ? 32'(o_len) : 32'd0);
    cnt_d[32*C_STORES +: 32] = cnt_q[32*C_STORES +: 32] + 32'(s2_ev_q == 4'd1);
    cnt_d[32*C_BUSY +: 32]   = cnt_q[32*C_BUSY +: 32] + 32'(s2_ev_q == 4'd3);
    cnt_d[32*C_LEN +: 32]    = cnt_q[32*C_LEN +: 32] + 32'(s2_ev_q == 4'd4);
    cnt_d[32*C_OWNER +: 32]  = cnt_q[32*C_OWNER +: 32] + 32'(s2_ev_q == 4'd5);
    cnt_d[32*C_HDR +: 32]    = cnt_q[32*C_HDR +: 32] + 32'(s2_ev_q == 4'd6);
    cnt_d[32*C_FULL +: 32]   = cnt_q[32*C_FULL +: 32] + 32'(s2_ev_q == 4'd7);
    cnt_d[32*C_ADDR +: 32]   = cnt_q[32*C_ADDR +: 32] + 32'(s2_ev_q == 4'd8);
  end

  // read data
  reg  [255:0] busy_w;
  always @* begin
    busy_w = 256'd0;
    busy_w[NWIN-1:0] = busy_q;
    if (s2_push_q) busy_w[8'(s2_win_q)] = 1'b1;   // the SEND acting now reads as busy
  end
  reg  [31:0] rdata_d, rdata_q;
  reg         ack_q;
  // read selects decoded from the bus address before the request register, one-hot (timing:
  // no address compare between the request register and the read data)
  localparam int NR = 19;
  localparam int R_ID = 0, R_PARAMS = 1, R_CTRL = 2, R_OWN_IDX = 3, R_HDR_IDX = 4, R_QCNT = 5,
                 R_STATUS = 6, R_CNT0 = 7, R_BUSY = 17;   // R_CNT0 .. R_CNT0 + 9: CNT_SENDS .. CNT_ERR_ADDR
  reg  [NR-1:0] rs_d, rs_q;
  always @* begin
    rs_d = '0;
    if (csr_req_i && !csr_we_i) begin
      case (csr_addr_i)
        nic_pkg::CSR_AOTF_BOTF_ID:            rs_d[R_ID]       = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_PARAMS:        rs_d[R_PARAMS]   = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CTRL:          rs_d[R_CTRL]     = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_OWN_IDX:       rs_d[R_OWN_IDX]  = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_HDR_IDX:       rs_d[R_HDR_IDX]  = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_QUEUE_COUNT:   rs_d[R_QCNT]     = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_STATUS:        rs_d[R_STATUS]   = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_SENDS:     rs_d[R_CNT0 + C_SENDS]  = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_PKTS:      rs_d[R_CNT0 + C_PKTS]   = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_BYTES:     rs_d[R_CNT0 + C_BYTES]  = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_STORES:    rs_d[R_CNT0 + C_STORES] = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_BUSY:  rs_d[R_CNT0 + C_BUSY]   = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_LEN:   rs_d[R_CNT0 + C_LEN]    = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_OWNER: rs_d[R_CNT0 + C_OWNER]  = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_HDR:   rs_d[R_CNT0 + C_HDR]    = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_FULL:  rs_d[R_CNT0 + C_FULL]   = 1'b1;
        nic_pkg::CSR_AOTF_BOTF_CNT_ERR_ADDR:  rs_d[R_CNT0 + C_ADDR]   = 1'b1;
        default:
          // BUSY0..BUSY7: windows 32k..32k+31 (decoded as a run from BUSY0)
          rs_d[R_BUSY] = csr_addr_i[11:5] == nic_pkg::CSR_AOTF_BOTF_BUSY0[11:5];
      endcase
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) rs_q <= '0;
    else         rs_q <= rs_d;
  end
  integer ri;
  always @* begin
    rdata_d = ({32{rs_q[R_ID]}}      & nic_pkg::AOTF_BOTF_ID_ID_RESET) |
              ({32{rs_q[R_PARAMS]}}  & {8'(QCW - 1), 8'(HDRS & 255), 16'(NWIN)}) |
              ({32{rs_q[R_CTRL]}}    & {28'd0, win_q}) |
              ({32{rs_q[R_OWN_IDX]}} & {24'd0, own_idx_q}) |
              ({32{rs_q[R_HDR_IDX]}} & {18'd0, hdr_word_q, 4'd0, hdr_ent_q}) |
              ({32{rs_q[R_QCNT]}}    & 32'(q_count)) |
              ({32{rs_q[R_STATUS]}}  & {31'd0, idle_o}) |
              ({32{rs_q[R_BUSY]}}    & busy_w[{cq_addr_q[4:2], 5'd0} +: 32]);
    for (ri = 0; ri < NC; ri = ri + 1) rdata_d = rdata_d | ({32{rs_q[R_CNT0 + ri]}} & cnt_q[32*ri +: 32]);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      win_q     <= 4'(nic_pkg::AOTF_BOTF_CTRL_WINDOW_RESET);
      own_idx_q <= 8'd0;
      hdr_ent_q <= 8'd0;
      hdr_word_q <= 2'd0;
      seed_lo_q <= 32'd0;
      own_v_q   <= '0;
      hdr_v_q   <= '0;
      busy_q    <= '0;
      q_count   <= '0;
      g_act_q   <= 1'b0;
      ack_q     <= 1'b0;
      rdata_q   <= 32'd0;
      cnt_q <= '0;
    end else begin
      win_q     <= win_d;
      own_idx_q <= own_idx_d;
      hdr_ent_q <= hdr_ent_d;
      hdr_word_q <= hdr_word_d;
      seed_lo_q <= seed_lo_d;
      own_v_q   <= own_v_d;
      hdr_v_q   <= hdr_v_d;
      busy_q    <= busy_d;
      q_count   <= q_count_d;
      g_act_q   <= g_act_d;
      ack_q     <= cq_req_q;
      rdata_q   <= rdata_d;
      cnt_q <= cnt_d;
    end
  end
  // generator payload registers: no reset (don't-care while g_act_q is 0)
  always @(posedge clk_i) begin
    g_beat_q  <= g_beat_d;
    g_left_q  <= g_left_d;
    g_last_q  <= g_last_d;
    g_ih_q    <= g_ih_d;
    g_dw_q    <= g_dw_d;
    g_nh_q    <= g_nh_d;
    g_win_q   <= g_win_d;
    g_hdr_q   <= g_hdr_d;
    g_len_q   <= g_len_d;
    g_off_q   <= g_off_d;
    g_hfmt_q  <= g_hfmt_d;
  end
  assign csr_ack_o   = ack_q;
  assign csr_rdata_o = rdata_q;

`ifdef FORMAL
  reg f_rst = 1'b0;   // a reset has been seen
  always @(posedge clk_i) if (!rst_ni) f_rst <= 1'b1;
  always @(posedge clk_i) begin
    if (f_rst && rst_ni) begin
      // the buffer never overflows: reads are issued only while buffer + reads in flight < 5
      assert (ob_cnt_q + 4'(p1_v_q) + 4'(p2_v_q) <= 4'd5);
      if (!ack_q) assert (rdata_q == 32'd0);
      // at most one packet per window in flight: a SEND is queued only for a window not busy
      if (s1_v_q) assert (((bpre_q && !bclr_q) || bset_q) == busy_q[s_win]);
      assert (!(s_push && busy_q[s_win]));
      assert (!(s2_push_q && busy_q[s2_win_q]));
      // a store writes only a window that is not busy (the queued packet's data stays intact)
      assert (!(s_wr && busy_q[s_win]));
      assert (!(s2_wr_q && busy_q[s2_win_q]));
      // the generator reads only busy windows' payload
      if (iss && !i_hdr) assert (busy_q[g_win_q]);
      if (g_act_q) assert (g_last_q == (g_left_q == 7'd0));
      if (g_act_q) assert (g_ih_q == (7'(g_nh_q) > g_beat_q));
      if (ob_cnt_q != 4'd0) assert (oh_q == ob_head[72 +: HW3]);
      cover (pkt_done);
      cover (e_busy);
      cover (pkt_done && q_pop);
    end
  end
`endif
endmodule
`default_nettype wire
