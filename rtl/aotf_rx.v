// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx: AOTF receive path (paper section 4 "Mini-OTF receive" + LLCM), see docs/reference/aotf_rx.md.
//  s_axis (from the link) -> packet parser/checker -> write buffer (WB_DEPTH checked writes)
//  -> LLCM write port (aotf_llcm). Packets with FLAG_XLAT_SKIP are checked against the
//  protection table (the pgids allowed physical addresses); the others are held and checked
//  through the receive TLB (aotf_rx_tlb: key {pgid, pid, region} -> LLCM window), waiting on a
//  miss (s_axis_tready low) until software refills the TLB. BOTF packets (1..464 bytes) are
//  received whole into the packet buffer (aotf_rx_pbuf) and written into the LLCM only after
//  their last beat was checked, one 8-byte word per cycle through the write buffer. The host reads the LLCM through hr_* (3-cycle latency, never
//  stalled) and writes it through CSRs (HW_ADDR/HW_DATA_*/HW_CMD: the LLCM is written the cycle
//  after HW_CMD acts, with priority over the buffer).
//  A packet is a 32-, 24- or 16-byte header (4, 3 or 2 beats) + 1 data beat; it is written only
//  after its tlast beat was checked (link abort, type/flag, len, tkeep, LLCM range, protection
//  table), never partially. s_axis_tuser on the tlast beat: the link layer rejects the packet.
module aotf_rx #(
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  parameter int WB_DEPTH   = 4,
  parameter int TLB_ENTRIES = 8,
  parameter bit CSR_REG    = 1'b0,   // 1: CSR request registered first, ack 2 cycles later (aotf_node)
  localparam int LB    = $clog2(LLCM_BYTES),  // byte address bits
  localparam int WORDS = LLCM_BYTES / 8,
  localparam int WA    = LB - 3,
  localparam int PTB   = $clog2(PT_ENTRIES),
  localparam int WBW   = $clog2(WB_DEPTH)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // link side
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  input  wire        s_axis_tuser,    // on the tlast beat: 1 = the link layer rejects the packet
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
  output wire [3:0]  dbg_ev_o,        // last cycle's packet event (EV_* of aotf_rx_parse), 0 = none
  output wire [15:0] dbg_llcm_we_o    // LLCM lane write enables this cycle
);
`ifndef __ICARUS__
  generate
    if (LLCM_BYTES < 32 || (LLCM_BYTES & (LLCM_BYTES - 1)) != 0 || LB > 17 ||
        PT_ENTRIES < 2 || PT_ENTRIES > 16 || (PT_ENTRIES & (PT_ENTRIES - 1)) != 0 ||
        WB_DEPTH < 2 || WB_DEPTH > 16 || (WB_DEPTH & (WB_DEPTH - 1)) != 0 ||
        TLB_ENTRIES < 2 || TLB_ENTRIES > 16 || (TLB_ENTRIES & (TLB_ENTRIES - 1)) != 0) begin : g_param_err
      $error("aotf_rx: LLCM_BYTES pow2 32..128Ki, PT_ENTRIES, WB_DEPTH, TLB_ENTRIES pow2 2..16");
    end
  endgenerate
`endif

  // ------------------------------------------------------------------ parts
  //  aotf_rx_parse  packet parser and data-beat checks (type/flag, len, tkeep, range)
  //  aotf_rx_prot   protection table and its data-beat check (FLAG_XLAT_SKIP packets)
  //  aotf_rx_tlb    receive TLB, hold register of a translated packet, miss wait
  //  aotf_rx_pbuf   BOTF packet buffer (2 slots) and its drain into the write buffer
  //  aotf_rx_wbuf   write buffer, the LLCM buffer write request
  //  aotf_rx_csr    CSR decode / registers, counters, read mux, interrupt
  //  aotf_llcm      the LLCM
  wire [15:0]    pgid;
  wire [LB-1:0]  raddr;
  wire [8:0]     len;
  wire           botf, pb_wr, commit, pb_busy, pb_drain, pb_push;
  wire [5:0]     pb_idx;
  wire [LB-1:0]  pb_addr;
  wire [3:0]     pb_len;
  wire [63:0]    pb_data;
  wire           t_botf;
  wire [LB:0]    pend;
  wire [3:0]     ev;
  wire           push, cap;
  wire [15:0]    pid;
  wire [7:0]     region;
  localparam int TB = $clog2(TLB_ENTRIES);
  wire           w_tlb_index, w_tlb_pgid, w_tlb_pid, w_tlb_vbase, w_tlb_vlimit, w_tlb_pbase;
  wire           miss_drop, t_hv, t_wait, t_push;
  wire [LB-1:0]  t_phys, t_maddr;
  wire [8:0]     t_len;
  wire [3:0]     t_ev;
  wire [63:0]    t_data;
  wire [TB-1:0]  t_idx;
  wire [31:0]    t_rpgid, t_rpid;
  wire [LB:0]    t_rvb, t_rvl, t_rpb;
  wire [15:0]    t_mpgid;
  wire [23:0]    t_mpid;
  wire [2:0]     beat;
  wire           disc;
  wire           stall;
  wire           prot_ok;
  wire           w_pt_index, w_pt_entry, w_pt_base, w_pt_limit;
  wire [31:0]    c_wdata;
  wire [PTB-1:0] c_pti, pt_idx;
  wire           rd_v;
  wire [15:0]    rd_pgid;
  wire [LB:0]    rd_base, rd_lim;
  wire           rx_en, llcm_init, hw_wr;
  wire [WA-1:0]  hw_word;
  wire [63:0]    hw_data;
  wire [7:0]     hw_be;
  wire           bw_en;
  wire [WA-1:0]  bw_word;
  wire [WA-2:0]  bw_idx0;
  wire [127:0]   bw_data;
  wire [15:0]    bw_be;
  wire [WBW:0]   wb_cnt;
  wire           wb_full;
  wire           llcm_busy, llcm_busy_d;

  // ------------------------------------------------------------------ stream accept
  // tready depends on registered state only (own assigns, so that no tool sees a path from
  // s_axis_tvalid to s_axis_tready through the parser)
  // lidle_q == !llcm_busy (asserted): a copy of the LLCM's init-busy flop, inverted so that
  // synthesis keeps it apart, for the stream-accept term (timing: the LLCM's flop sits among
  // its block RAMs, far from the parser's header registers that an accepted beat enables)
  reg            lidle_q;
  always @(posedge clk_i) begin
    if (!rst_ni) lidle_q <= 1'b0;
    else         lidle_q <= !llcm_busy_d;
  end
  wire           tready = rx_en && lidle_q && !wb_full && !stall && !t_hv;
  // the write-buffer push: the parser's (AOTF FLAG_XLAT_SKIP packet, this beat), the TLB's (the
  // held AOTF packet; the stream is held meanwhile) or the packet buffer's drain (AOTF data
  // beats and the TLB's push wait while it drains), selected by registered state
  wire           t_wpush = t_push && !t_botf;
  wire           wpush  = push || t_wpush || pb_push;
  wire [LB-1:0]  wraddr = pb_push ? pb_addr : t_hv ? t_phys : raddr;
  wire [3:0]     wlen   = pb_push ? pb_len  : t_hv ? t_len[3:0] : len[3:0];
  wire [63:0]    wdata  = pb_push ? pb_data : t_hv ? t_data : s_axis_tdata;
  // a good packet (for the byte counter): its length
  wire           good   = push || commit || t_push;
  wire [8:0]     glen   = t_hv ? t_len : len;
  wire [3:0]     ev_all = ev | t_ev;   // never both (asserted)
  reg  [3:0]     ev_all_q;
  always @(posedge clk_i) begin
    if (!rst_ni) ev_all_q <= 4'd0;
    else         ev_all_q <= ev_all;
  end

  aotf_rx_parse #(.LLCM_BYTES(LLCM_BYTES)) u_parse (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .s_axis_tdata_i  (s_axis_tdata),
    .s_axis_tkeep_i  (s_axis_tkeep),
    .s_axis_tvalid_i (s_axis_tvalid),
    .s_axis_tlast_i  (s_axis_tlast),
    .s_axis_tuser_i  (s_axis_tuser),
    .tready_i        (tready),
    .prot_ok_i       (prot_ok),
    .pgid_o          (pgid),
    .raddr_o         (raddr),
    .len_o           (len),
    .pend_o          (pend),
    .ev_o            (ev),
    .push_o          (push),
    .cap_o           (cap),
    .botf_o          (botf),
    .pb_wr_o         (pb_wr),
    .pb_idx_o        (pb_idx),
    .commit_o        (commit),
    .pb_busy_i       (pb_busy),
    .drain_i         (pb_drain),
    .pid_o           (pid),
    .region_o        (region),
    .stall_o         (stall),
    .beat_o          (beat),
    .disc_o          (disc)
  );

  aotf_rx_prot #(.LLCM_BYTES(LLCM_BYTES), .PT_ENTRIES(PT_ENTRIES)) u_prot (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .w_pt_index_i (w_pt_index),
    .w_pt_entry_i (w_pt_entry),
    .w_pt_base_i  (w_pt_base),
    .w_pt_limit_i (w_pt_limit),
    .wdata_i      (c_wdata),
    .pti_i        (c_pti),
    .pgid_i       (pgid),
    .raddr_i      (raddr),
    .pend_i       (pend),
    .prot_ok_o    (prot_ok),
    .pt_idx_o     (pt_idx),
    .rd_v_o       (rd_v),
    .rd_pgid_o    (rd_pgid),
    .rd_base_o    (rd_base),
    .rd_lim_o     (rd_lim)
  );

  aotf_rx_tlb #(.LLCM_BYTES(LLCM_BYTES), .TLB_ENTRIES(TLB_ENTRIES)) u_tlb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .w_index_i   (w_tlb_index),
    .w_pgid_i    (w_tlb_pgid),
    .w_pid_i     (w_tlb_pid),
    .w_vbase_i   (w_tlb_vbase),
    .w_vlimit_i  (w_tlb_vlimit),
    .w_pbase_i   (w_tlb_pbase),
    .drop_i      (miss_drop),
    .wdata_i     (c_wdata),
    .cap_i       (cap),
    .pgid_i      (pgid),
    .pid_i       (pid),
    .region_i    (region),
    .raddr_i     (raddr),
    .len_i       (len),
    .botf_i      (botf),
    .data_i      (s_axis_tdata),
    .wb_full_i   (!t_botf && (wb_full || pb_drain)),
    .hv_o        (t_hv),
    .wait_o      (t_wait),
    .push_o      (t_push),
    .phys_o      (t_phys),
    .len_o       (t_len),
    .botf_o      (t_botf),
    .data_o      (t_data),
    .ev_o        (t_ev),
    .idx_o       (t_idx),
    .rd_pgid_o   (t_rpgid),
    .rd_pid_o    (t_rpid),
    .rd_vbase_o  (t_rvb),
    .rd_vlimit_o (t_rvl),
    .rd_pbase_o  (t_rpb),
    .miss_pgid_o (t_mpgid),
    .miss_pid_o  (t_mpid),
    .miss_addr_o (t_maddr)
  );

  aotf_rx_pbuf #(.LLCM_BYTES(LLCM_BYTES), .WB_DEPTH(WB_DEPTH)) u_pbuf (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .wr_i        (pb_wr),
    .widx_i      (pb_idx),
    .wdata_i     (s_axis_tdata),
    .commit_i    (commit),
    .reserve_i   (cap && botf),
    .base_i      (raddr),
    .len_i       (len),
    .tgood_i     (t_push && t_botf),
    .tphys_i     (t_phys),
    .tdrop_i     (t_botf && t_ev == 4'd6),
    .wb_cnt_i    (wb_cnt),
    .push_o      (pb_push),
    .addr_o      (pb_addr),
    .len_o       (pb_len),
    .data_o      (pb_data),
    .fill_busy_o (pb_busy),
    .drain_any_o (pb_drain)
  );

  aotf_rx_wbuf #(.LLCM_BYTES(LLCM_BYTES), .WB_DEPTH(WB_DEPTH)) u_wbuf (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .push_i      (wpush),
    .raddr_i     (wraddr),
    .len_i       (wlen),
    .data_i      (wdata),
    .llcm_busy_i (llcm_busy),
    .hw_wr_i     (hw_wr),
    .bw_en_o     (bw_en),
    .bw_word_o   (bw_word),
    .bw_idx0_o   (bw_idx0),
    .bw_data_o   (bw_data),
    .bw_be_o     (bw_be),
    .count_o     (wb_cnt),
    .full_o      (wb_full)
  );

  aotf_rx_csr #(.LLCM_BYTES(LLCM_BYTES), .PT_ENTRIES(PT_ENTRIES), .WB_DEPTH(WB_DEPTH),
                .TLB_ENTRIES(TLB_ENTRIES), .CSR_REG(CSR_REG)) u_csr (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .csr_req_i    (csr_req_i),
    .csr_we_i     (csr_we_i),
    .csr_addr_i   (csr_addr_i),
    .csr_wdata_i  (csr_wdata_i),
    .csr_ack_o    (csr_ack_o),
    .csr_rdata_o  (csr_rdata_o),
    .irq_o        (irq_o),
    .ev_i         (ev_all),
    .push_i       (good),
    .len_i        (glen),
    .wb_count_i   (wb_cnt),
    .beat_i       (beat),
    .disc_i       (disc),
    .llcm_busy_i  (llcm_busy),
    .wait_i       (t_wait),
    .w_tlb_index_o  (w_tlb_index),
    .w_tlb_pgid_o   (w_tlb_pgid),
    .w_tlb_pid_o    (w_tlb_pid),
    .w_tlb_vbase_o  (w_tlb_vbase),
    .w_tlb_vlimit_o (w_tlb_vlimit),
    .w_tlb_pbase_o  (w_tlb_pbase),
    .miss_drop_o    (miss_drop),
    .tlb_idx_i      (t_idx),
    .tlb_pgid_i     (t_rpgid),
    .tlb_pid_i      (t_rpid),
    .tlb_vbase_i    (t_rvb),
    .tlb_vlimit_i   (t_rvl),
    .tlb_pbase_i    (t_rpb),
    .miss_pgid_i    (t_mpgid),
    .miss_pid_i     (t_mpid),
    .miss_addr_i    (t_maddr),
    .w_pt_index_o (w_pt_index),
    .w_pt_entry_o (w_pt_entry),
    .w_pt_base_o  (w_pt_base),
    .w_pt_limit_o (w_pt_limit),
    .wdata_o      (c_wdata),
    .pti_o        (c_pti),
    .pt_idx_i     (pt_idx),
    .rd_v_i       (rd_v),
    .rd_pgid_i    (rd_pgid),
    .rd_base_i    (rd_base),
    .rd_lim_i     (rd_lim),
    .rx_en_o      (rx_en),
    .llcm_init_o  (llcm_init),
    .hw_wr_o      (hw_wr),
    .hw_word_o    (hw_word),
    .hw_data_o    (hw_data),
    .hw_be_o      (hw_be)
  );

  // LLCM write port: init sweep > host write (CSR) > write buffer
  aotf_llcm #(.WORDS(WORDS)) u_llcm (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .init_i     (llcm_init),
    .busy_o     (llcm_busy),
    .busy_d_o   (llcm_busy_d),
    .hw_en_i    (hw_wr),
    .hw_word_i  (hw_word),
    .hw_data_i  (hw_data),
    .hw_be_i    (hw_be),
    .bw_en_i    (bw_en),
    .bw_word_i  (bw_word),
    .bw_idx0_i  (bw_idx0),
    .bw_data_i  (bw_data),
    .bw_be_i    (bw_be),
    .rd_en_i    (hr_valid_i),
    .rd_addr_i  (hr_addr_i),
    .rd_valid_o (hr_rvalid_o),
    .rd_data_o  (hr_rdata_o),
    .dbg_we_o   (dbg_llcm_we_o)
  );

  assign s_axis_tready  = tready;
  assign dbg_beat_o     = beat;
  assign dbg_disc_o     = disc;
  assign dbg_wb_count_o = 5'(wb_cnt);
  assign dbg_init_o     = llcm_busy;
  assign dbg_ev_o       = ev_all_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @(posedge clk_i) if (f_rst_seen && rst_ni) assert (lidle_q == !llcm_busy);
  always @(posedge clk_i) if (f_rst_seen && rst_ni) assert (!(ev != 4'd0 && t_ev != 4'd0));
  always @(posedge clk_i) if (f_rst_seen && rst_ni) assert (!(push && t_push) && !(cap && t_hv));
  always @(posedge clk_i) if (f_rst_seen && rst_ni) assert ($onehot0({push, t_wpush, pb_push}));
`endif
endmodule
`default_nettype wire
