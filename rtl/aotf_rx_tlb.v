// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_tlb: the receive TLB of aotf_rx (docs/reference/aotf_rx.md, "Receive protection").
//  A packet without FLAG_XLAT_SKIP that passed the format checks (type, length, tkeep, range of
//  its virtual address) is captured into the hold register (cap_i: key {pgid, pid, region},
//  virtual address, length, data) and the stream is held (hv_o) until it is decided:
//   - TLB_ENTRIES entries {valid, pgid, pid, region, vbase, vlimit, pbase} in flops, written
//     through TLB_INDEX / TLB_PGID / TLB_PID / TLB_VBASE / TLB_VLIMIT / TLB_PBASE (each writes
//     its field of entry TLB_INDEX; TLB_PGID holds the valid bit);
//   - an entry matches if it is valid and its key equals the packet's; the lowest matching
//     entry is used: the packet may write iff vbase <= raddr, raddr + len <= vlimit and
//     phys + len <= LLCM_BYTES, with phys = pbase + (raddr - vbase) (mod 2^(LB+1));
//   - per entry, match, window check and phys are computed in parallel from the hold register
//     and registered (res_*_q); the lowest matching entry is selected from them and its verdict
//     and phys are registered (d_hit_q, d_ok_q, d_ph_q); the decision of cycle t uses these
//     when they are fresh (d_fresh_q): computed for this packet (the hold was loaded before
//     cycle t-2), no TLB write in cycles t-2 and t-1 and no VBASE / PBASE write in cycle t-3
//     (the per-entry pbase - vbase, dl_q, is registered from the table: it lags a VBASE /
//     PBASE write by a cycle), so they equal a lookup of the table as it is in cycle t.
//     Timing: the key compares, the window compares and the phys adder are in one cycle, the
//     priority select in the next, the write-buffer push in the third (a TLB hit is pushed 3
//     cycles after the capture);
//   - decision: hit and allowed -> push to the write buffer (waits while it is full), EV_GOOD;
//     hit and not allowed -> EV_PROT; no hit -> the packet waits: EV_MISS in the first miss
//     cycle (STATUS.MISS, the miss key registers), and it is rechecked every cycle until a
//     refill makes it hit. CTRL.MISS_DROP drops a packet that has missed (EV_PROT) unless it
//     is written in that cycle.
module aotf_rx_tlb #(
  parameter int LLCM_BYTES  = 131072,
  parameter int TLB_ENTRIES = 8,
  localparam int LB = $clog2(LLCM_BYTES),  // byte address bits
  localparam int TB = $clog2(TLB_ENTRIES)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // CSR writes that act this cycle (aotf_rx_csr): one-hot strobes and their data
  input  wire           w_index_i,
  input  wire           w_pgid_i,
  input  wire           w_pid_i,
  input  wire           w_vbase_i,
  input  wire           w_vlimit_i,
  input  wire           w_pbase_i,
  input  wire           drop_i,        // CTRL.MISS_DROP
  /* verilator lint_off UNUSEDSIGNAL */  // only the fields' bits are used
  input  wire [31:0]    wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // capture from the parser: the packet's data beat was accepted and passed the format checks
  input  wire           cap_i,
  input  wire [15:0]    pgid_i,
  input  wire [15:0]    pid_i,
  input  wire [7:0]     region_i,
  input  wire [LB-1:0]  raddr_i,
  input  wire [8:0]     len_i,
  input  wire           botf_i,        // a BOTF packet (its payload waits in the packet buffer)
  input  wire [63:0]    data_i,
  input  wire           wb_full_i,
  // hold state and decision
  output wire           hv_o,          // a packet is held (the stream waits)
  output wire           wait_o,        // it has missed and waits for a refill
  output wire           push_o,        // this cycle: write it (phys_o, len_o, data_o)
  output wire [LB-1:0]  phys_o,
  output wire [8:0]     len_o,
  output wire           botf_o,
  output wire [63:0]    data_o,
  output wire [3:0]     ev_o,          // EV_GOOD / EV_PROT / EV_MISS or 0
  // CSR read-back: TLB_INDEX, its entry, the miss key
  output wire [TB-1:0]  idx_o,
  output wire [31:0]    rd_pgid_o,     // {valid, 15'b0, pgid}
  output wire [31:0]    rd_pid_o,      // {8'b0, region, pid}
  output wire [LB:0]    rd_vbase_o,
  output wire [LB:0]    rd_vlimit_o,
  output wire [LB:0]    rd_pbase_o,
  output wire [15:0]    miss_pgid_o,
  output wire [23:0]    miss_pid_o,    // {region, pid}
  output wire [LB-1:0]  miss_addr_o
);
  localparam logic [3:0] EV_GOOD = 4'd1, EV_PROT = 4'd6, EV_MISS = 4'd10;
  localparam int N = TLB_ENTRIES;

  // table
  reg [N-1:0]        v_q, v_d;
  reg [N*16-1:0]     pg_q, pg_d;
  reg [N*16-1:0]     pid_q, pid_d;
  reg [N*8-1:0]      rg_q, rg_d;
  reg [N*(LB+1)-1:0] vb_q, vb_d, vl_q, vl_d, pb_q, pb_d;
  // per entry pbase - vbase (mod 2^(LB+1)) of the table as it was in the previous cycle
  // (timing: the lookup's phys is one adder, delta + raddr, not two; the subtractor's operands
  // are the table flops, not the CSR write decode and data)
  reg [N*(LB+1)-1:0] dl_q, dl_d;
  reg                dw_q, dw_d;         // a VBASE / PBASE write in the previous cycle: dl_q lags
  reg [TB-1:0]       idx_q, idx_d;
  // hold register
  reg                hv_q, hv_d;
  reg                fresh_q, fresh_d;   // res_*_q belong to the held packet and the current table
  reg                d_fresh_q, d_fresh_d; // d_*_q belong to the held packet and the current table
  reg                missed_q, missed_d;
  reg [15:0]         h_pg_q, h_pid_q;
  reg [7:0]          h_rg_q;
  reg [LB-1:0]       h_ra_q;
  reg [8:0]          h_len_q;
  // computed at the capture (timing: no adder of the hold fields in front of the window checks)
  reg [LB:0]         h_end_q, h_end_d;   // raddr + len (mod 2^(LB+1))
  reg [LB+1:0]       h_lim_q, h_lim_d;   // LLCM_BYTES - len (mod 2^(LB+2))
  reg                h_botf_q;
  reg [63:0]         h_dat_q;
  // miss key
  reg [15:0]         m_pg_q, m_pg_d, m_pid_q, m_pid_d;
  reg [7:0]          m_rg_q, m_rg_d;
  reg [LB-1:0]       m_ra_q, m_ra_d;
  // per-entry lookup results
  reg [N-1:0]        res_m_q, res_m_d, res_ok_q, res_ok_d;
  reg [N*LB-1:0]     res_ph_q, res_ph_d;
  // the selected entry's verdict and phys (the priority select of res_*_q), registered
  reg                d_hit_q, d_hit_d, d_ok_q, d_ok_d;
  reg [LB-1:0]       d_ph_q, d_ph_d;

  reg                tw, hit, ok, push, miss, drop;
  reg [3:0]          ev;
  reg [LB-1:0]       phys;
  reg [N-1:0]        sel;
  reg                found;
  /* verilator lint_off UNUSEDSIGNAL */  // only the sign / low bits of the sums are used
  reg [LB+1:0]       d_b, d_l, d_p;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [LB:0]         ph;
  integer            k;

  always @* begin
    tw = w_pgid_i || w_pid_i || w_vbase_i || w_vlimit_i || w_pbase_i;
    dw_d = w_vbase_i || w_pbase_i;

    // ---- the capture's window operands
    h_end_d = {1'b0, raddr_i} + (LB+1)'(len_i);
    h_lim_d = (LB+2)'(LLCM_BYTES) - (LB+2)'(len_i);

    // ---- per-entry lookup of the held packet (registered: res_*_q)
    for (k = 0; k < N; k = k + 1) begin
      res_m_d[k] = v_q[k] && pg_q[k*16 +: 16] == h_pg_q && pid_q[k*16 +: 16] == h_pid_q &&
                   rg_q[k*8 +: 8] == h_rg_q;
      d_b = {2'b00, h_ra_q} - {1'b0, vb_q[k*(LB+1) +: LB+1]};        // raddr - vbase
      d_l = {1'b0, vl_q[k*(LB+1) +: LB+1]} - {1'b0, h_end_q};         // vlimit - (raddr + len)
      ph  = dl_q[k*(LB+1) +: LB+1] + {1'b0, h_ra_q};                  // phys (mod 2^(LB+1))
      d_p = h_lim_q - {1'b0, ph};                                     // LLCM_BYTES - (phys + len)
      res_ok_d[k] = !d_b[LB+1] && !d_l[LB+1] && !d_p[LB+1];
      res_ph_d[k*LB +: LB] = ph[LB-1:0];
    end

    // ---- priority select of the registered results (registered: d_*_q)
    sel   = '0;
    found = 1'b0;
    for (k = 0; k < N; k = k + 1)
      if (res_m_q[k] && !found) begin
        sel[k] = 1'b1;
        found  = 1'b1;
      end
    phys = '0;
    for (k = 0; k < N; k = k + 1)
      phys = phys | ({LB{sel[k]}} & res_ph_q[k*LB +: LB]);
    d_hit_d   = |res_m_q;
    d_ok_d    = |(sel & res_ok_q);
    d_ph_d    = phys;
    d_fresh_d = hv_q && fresh_q && !tw;

    // ---- decision (from the registered verdict)
    hit  = d_hit_q;
    ok   = d_ok_q;
    push = hv_q && d_fresh_q && hit && ok && !wb_full_i;
    miss = hv_q && d_fresh_q && !hit;
    drop = hv_q && missed_q && drop_i && !push && !(d_fresh_q && hit);
    ev   = 4'd0;
    if (push)                                 ev = EV_GOOD;
    else if (hv_q && d_fresh_q && hit && !ok) ev = EV_PROT;
    else if (drop)                            ev = EV_PROT;
    else if (miss && !missed_q)               ev = EV_MISS;

    // ---- hold register state
    hv_d     = hv_q;
    missed_d = missed_q;
    if (miss) missed_d = 1'b1;
    if (ev == EV_GOOD || ev == EV_PROT) begin
      hv_d     = 1'b0;
      missed_d = 1'b0;
    end
    if (cap_i) begin
      hv_d     = 1'b1;
      missed_d = 1'b0;
    end
    fresh_d = hv_q && !tw && !dw_q;  // dl_q of this cycle is of this cycle's table
    m_pg_d  = m_pg_q;
    m_pid_d = m_pid_q;
    m_rg_d  = m_rg_q;
    m_ra_d  = m_ra_q;
    if (ev == EV_MISS) begin
      m_pg_d  = h_pg_q;
      m_pid_d = h_pid_q;
      m_rg_d  = h_rg_q;
      m_ra_d  = h_ra_q;
    end

    // ---- table writes (the strobes are one-hot)
    idx_d = idx_q;
    v_d   = v_q;
    pg_d  = pg_q;
    pid_d = pid_q;
    rg_d  = rg_q;
    vb_d  = vb_q;
    vl_d  = vl_q;
    pb_d  = pb_q;
    if (w_index_i) idx_d = wdata_i[TB-1:0];
    for (k = 0; k < N; k = k + 1) begin
      if (idx_q == TB'(k)) begin
        if (w_pgid_i) begin
          v_d[k]           = wdata_i[31];
          pg_d[k*16 +: 16] = wdata_i[15:0];
        end
        if (w_pid_i) begin
          pid_d[k*16 +: 16] = wdata_i[15:0];
          rg_d[k*8 +: 8]    = wdata_i[23:16];
        end
        if (w_vbase_i)  vb_d[k*(LB+1) +: LB+1] = wdata_i[LB:0];
        if (w_vlimit_i) vl_d[k*(LB+1) +: LB+1] = wdata_i[LB:0];
        if (w_pbase_i)  pb_d[k*(LB+1) +: LB+1] = wdata_i[LB:0];
      end
      // one subtractor per entry, from the table flops only
      dl_d[k*(LB+1) +: LB+1] = pb_q[k*(LB+1) +: LB+1] - vb_q[k*(LB+1) +: LB+1];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      v_q      <= '0;
      pg_q     <= '0;
      pid_q    <= '0;
      rg_q     <= '0;
      vb_q     <= '0;
      vl_q     <= '0;
      pb_q     <= '0;
      dl_q     <= '0;
      dw_q     <= 1'b0;
      idx_q    <= '0;
      hv_q     <= 1'b0;
      fresh_q  <= 1'b0;
      d_fresh_q <= 1'b0;
      missed_q <= 1'b0;
      m_pg_q   <= '0;
      m_pid_q  <= '0;
      m_rg_q   <= '0;
      m_ra_q   <= '0;
    end else begin
      v_q      <= v_d;
      pg_q     <= pg_d;
      pid_q    <= pid_d;
      rg_q     <= rg_d;
      vb_q     <= vb_d;
      vl_q     <= vl_d;
      pb_q     <= pb_d;
      dl_q     <= dl_d;
      dw_q     <= dw_d;
      idx_q    <= idx_d;
      hv_q     <= hv_d;
      fresh_q  <= fresh_d;
      d_fresh_q <= d_fresh_d;
      missed_q <= missed_d;
      m_pg_q   <= m_pg_d;
      m_pid_q  <= m_pid_d;
      m_rg_q   <= m_rg_d;
      m_ra_q   <= m_ra_d;
    end
  end

  // hold payload, lookup results and the selected verdict: no reset (used only with hv_q /
  // fresh_q / d_fresh_q)
  always @(posedge clk_i) begin
    if (cap_i) begin
      h_pg_q  <= pgid_i;
      h_pid_q <= pid_i;
      h_rg_q  <= region_i;
      h_ra_q  <= raddr_i;
      h_len_q <= len_i;
      h_end_q <= h_end_d;
      h_lim_q <= h_lim_d;
      h_botf_q <= botf_i;
      h_dat_q <= data_i;
    end
    res_m_q  <= res_m_d;
    res_ok_q <= res_ok_d;
    res_ph_q <= res_ph_d;
    d_hit_q  <= d_hit_d;
    d_ok_q   <= d_ok_d;
    d_ph_q   <= d_ph_d;
  end

  // CSR read-back of entry idx_q
  reg [31:0] rpg, rpid;
  reg [LB:0] rvb, rvl, rpb;
  always @* begin
    rpg  = '0;
    rpid = '0;
    rvb  = '0;
    rvl  = '0;
    rpb  = '0;
    for (k = 0; k < N; k = k + 1)
      if (idx_q == TB'(k)) begin
        rpg  = {v_q[k], 15'd0, pg_q[k*16 +: 16]};
        rpid = {8'd0, rg_q[k*8 +: 8], pid_q[k*16 +: 16]};
        rvb  = vb_q[k*(LB+1) +: LB+1];
        rvl  = vl_q[k*(LB+1) +: LB+1];
        rpb  = pb_q[k*(LB+1) +: LB+1];
      end
  end

  assign hv_o        = hv_q;
  assign wait_o      = hv_q && missed_q;
  assign push_o      = push;
  assign phys_o      = d_ph_q;
  assign len_o       = h_len_q;
  assign botf_o      = h_botf_q;
  assign data_o      = h_dat_q;
  assign ev_o        = ev;
  assign idx_o       = idx_q;
  assign rd_pgid_o   = rpg;
  assign rd_pid_o    = rpid;
  assign rd_vbase_o  = rvb;
  assign rd_vlimit_o = rvl;
  assign rd_pbase_o  = rpb;
  assign miss_pgid_o = m_pg_q;
  assign miss_pid_o  = {m_rg_q, m_pid_q};
  assign miss_addr_o = m_ra_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // the parser captures only while nothing is held (the stream is held while hv_q)
  always @(posedge clk_i) if (f_rst_seen && rst_ni) assume (!(cap_i && hv_q));
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      assert ($onehot0(sel));
      for (int j = 0; j < N; j = j + 1)
        assert (dw_q || dl_q[j*(LB+1) +: LB+1] == pb_q[j*(LB+1) +: LB+1] - vb_q[j*(LB+1) +: LB+1]);
      assert (!(push && !hv_q));
      assert (!(missed_q && !hv_q));
      assert (!(push && drop));
      cover (push);
      cover (ev == EV_MISS);
      cover (drop);
      cover (hv_q && d_fresh_q && hit && !ok);
      cover (push && missed_q);   // a refill made a waiting packet hit
    end
  end
`endif
endmodule
`default_nettype wire
