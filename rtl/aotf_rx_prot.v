// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_prot: the protection table of aotf_rx (docs/reference/aotf_rx.md). PT_ENTRIES entries
// {valid, pgid, base, limit}, written through the CSRs PT_INDEX / PT_ENTRY / PT_BASE / PT_LIMIT
// (the last three write entry PT_INDEX). A data beat passes (prot_ok_o) if entry pgid[PTB-1:0]
// of the packet is valid, holds the packet's pgid and base <= raddr, raddr + len <= limit.
// The checks of the data beat are made in the cycle before it, against the table as it will
// be in the data-beat cycle (this cycle's CSR write forwarded): exact, no added cycle.
// The entry PT_INDEX selects is kept registered for the CSR read-back (rd_*_o).
module aotf_rx_prot #(
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  localparam int LB  = $clog2(LLCM_BYTES),  // byte address bits
  localparam int PTB = $clog2(PT_ENTRIES)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // CSR writes that act this cycle (aotf_rx_csr): one-hot strobes and their data
  input  wire           w_pt_index_i,
  input  wire           w_pt_entry_i,
  input  wire           w_pt_base_i,
  input  wire           w_pt_limit_i,
  /* verilator lint_off UNUSEDSIGNAL */  // bits 31 and 15:0 / LB:0 are the fields
  input  wire [31:0]    wdata_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [PTB-1:0] pti_i,        // the index a PT_INDEX write sets (for rd_*)
  // header of the packet in flight (aotf_rx_parse)
  input  wire [15:0]    pgid_i,
  input  wire [LB-1:0]  raddr_i,
  input  wire [LB:0]    pend_i,       // raddr + len
  output wire           prot_ok_o,    // checks of this cycle's data beat
  // CSR read-back: PT_INDEX and its entry as the table is in this cycle
  output wire [PTB-1:0] pt_idx_o,
  output wire           rd_v_o,
  output wire [15:0]    rd_pgid_o,
  output wire [LB:0]    rd_base_o,
  output wire [LB:0]    rd_lim_o
);
  reg [PT_ENTRIES-1:0]    pt_v_q, pt_v_d;
  reg [PT_ENTRIES*16-1:0] pt_pgid_q, pt_pgid_d;
  reg [PT_ENTRIES*(LB+1)-1:0] pt_base_q, pt_base_d, pt_lim_q, pt_lim_d;
  reg [PTB-1:0] pt_idx_q, pt_idx_d;
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

  // data-beat checks, computed in the cycle before from the header registers (stable from the
  // cycle before the data beat on) and the protection table as it will be in the data-beat
  // cycle (this cycle's CSR write forwarded): exact, no added cycle
  reg          ck_v_q, ck_pgid_q, ck_base_q, ck_lim_q;
  reg          sel_v_d;
  reg [15:0]   sel_pgid_d;
  reg [LB:0]   sel_base_d, sel_lim_d;
  reg          fw_e, fw_b, fw_l, ckv_d, ckpg_d, ckb_d, ckl_d;
  /* verilator lint_off UNUSEDSIGNAL */  // only the sign bit of each difference is used
  reg [LB+1:0] db_w, db_r, dl_w, dl_r;
  /* verilator lint_on UNUSEDSIGNAL */
  // protection entry of pgid, registered (timing: the 16:1 entry mux and the compares are in
  // different cycles). sel_*_q = entry pgid of the table as it is in this cycle; pgid is
  // stable from the cycle after beat 0, i.e. >= 3 cycles before the data beat needs it.
  reg          sel_v_q;
  reg [15:0]   sel_pgid_q;
  reg [LB:0]   sel_base_q, sel_lim_q;
  // timing: the protection entry the CSR read mux shows (entry pt_idx_q), registered. rd_*_q =
  // entry pt_idx_q of the table as it is in this cycle (exact): a PT_INDEX write loads entry
  // wdata of the current table (no entry changes in that cycle); a PT_ENTRY/BASE/LIMIT write
  // (only ever to entry pt_idx_q) is forwarded; otherwise it holds. So no 16:1 entry mux sits
  // in front of the read mux.
  reg          rd_v_q, rd_v_d;
  reg [15:0]   rd_pgid_q, rd_pgid_d;
  reg [LB:0]   rd_base_q, rd_base_d, rd_lim_q, rd_lim_d;
  integer      k;

  always @* begin
    // this cycle's CSR write to entry pgid (ENTRY / BASE / LIMIT), forwarded below
    fw_e   = w_pt_entry_i && pt_idx_q == pgid_i[PTB-1:0];
    fw_b   = w_pt_base_i && pt_idx_q == pgid_i[PTB-1:0];
    fw_l   = w_pt_limit_i && pt_idx_q == pgid_i[PTB-1:0];
    // entry pgid as it will be in the next cycle (this cycle's CSR write forwarded) -> sel_*_q
    {sel_v_d, sel_pgid_d, sel_base_d, sel_lim_d} = pt_entry(pgid_i[PTB-1:0], pt_v_q, pt_pgid_q,
                                                            pt_base_q, pt_lim_q);
    if (fw_e) begin
      sel_v_d    = wdata_i[31];
      sel_pgid_d = wdata_i[15:0];
    end
    if (fw_b) sel_base_d = wdata_i[LB:0];
    if (fw_l) sel_lim_d  = wdata_i[LB:0];
    // checks of the entry the data beat of the next cycle sees: the registered one, this
    // cycle's write forwarded. Timing: both compares (registered entry, CSR write data) are
    // made from flops / inputs and the (late, CSR-decoded) forward only selects the result,
    // as AND-OR terms (no compare behind the decode). Asserted equal to the compare of the
    // forwarded entry (FORMAL).
    ckv_d  = (fw_e && wdata_i[31]) || (!fw_e && sel_v_q);
    ckpg_d = (fw_e && (wdata_i[15:0] == pgid_i)) || (!fw_e && (sel_pgid_q == pgid_i));
    // each compare as the sign of one subtraction (a carry chain; Yosys maps some >= / <= of
    // these to LUT trees): a >= b <=> !sign(a - b)
    db_w   = {2'b00, raddr_i} - {1'b0, wdata_i[LB:0]};
    db_r   = {2'b00, raddr_i} - {1'b0, sel_base_q};
    dl_w   = {1'b0, wdata_i[LB:0]} - {1'b0, pend_i};
    dl_r   = {1'b0, sel_lim_q} - {1'b0, pend_i};
    ckb_d  = (fw_b && !db_w[LB+1]) || (!fw_b && !db_r[LB+1]);
    ckl_d  = (fw_l && !dl_w[LB+1]) || (!fw_l && !dl_r[LB+1]);

    // ---- table writes (the strobes are one-hot)
    pt_idx_d  = pt_idx_q;
    pt_v_d    = pt_v_q;
    pt_pgid_d = pt_pgid_q;
    pt_base_d = pt_base_q;
    pt_lim_d  = pt_lim_q;
    if (w_pt_index_i) pt_idx_d = wdata_i[PTB-1:0];
    for (k = 0; k < PT_ENTRIES; k = k + 1) begin
      if (w_pt_entry_i && pt_idx_q == PTB'(k)) begin
        pt_v_d[k] = wdata_i[31];
        pt_pgid_d[k*16 +: 16] = wdata_i[15:0];
      end
      if (w_pt_base_i && pt_idx_q == PTB'(k))  pt_base_d[k*(LB+1) +: (LB+1)] = wdata_i[LB:0];
      if (w_pt_limit_i && pt_idx_q == PTB'(k)) pt_lim_d[k*(LB+1) +: (LB+1)] = wdata_i[LB:0];
    end

    // ---- protection entry for the CSR read mux of the next cycle (rd_*_q, see above). The
    // entry mux is driven by the index of a PT_INDEX write (pti_i: a register of its own with
    // CSR_REG), not by a muxed index: the CSR decode only selects between it, the written
    // fields and the held value (timing).
    {rd_v_d, rd_pgid_d, rd_base_d, rd_lim_d} = pt_entry(pti_i, pt_v_q, pt_pgid_q, pt_base_q,
                                                        pt_lim_q);
    if (!w_pt_index_i) begin
      rd_v_d    = rd_v_q;
      rd_pgid_d = rd_pgid_q;
      rd_base_d = rd_base_q;
      rd_lim_d  = rd_lim_q;
      if (w_pt_entry_i) begin
        rd_v_d    = wdata_i[31];
        rd_pgid_d = wdata_i[15:0];
      end
      if (w_pt_base_i)  rd_base_d = wdata_i[LB:0];
      if (w_pt_limit_i) rd_lim_d  = wdata_i[LB:0];
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pt_v_q    <= '0;
      pt_pgid_q <= '0;
      pt_base_q <= '0;
      pt_lim_q  <= '0;
      pt_idx_q  <= '0;
      rd_v_q    <= 1'b0;
      rd_pgid_q <= '0;
      rd_base_q <= '0;
      rd_lim_q  <= '0;
    end else begin
      pt_v_q    <= pt_v_d;
      pt_pgid_q <= pt_pgid_d;
      pt_base_q <= pt_base_d;
      pt_lim_q  <= pt_lim_d;
      pt_idx_q  <= pt_idx_d;
      rd_v_q    <= rd_v_d;
      rd_pgid_q <= rd_pgid_d;
      rd_base_q <= rd_base_d;
      rd_lim_q  <= rd_lim_d;
    end
  end

  // checks and selected entry: no reset (only used in a data-beat cycle, computed while the
  // header was stable)
  always @(posedge clk_i) begin
    ck_v_q     <= ckv_d;
    ck_pgid_q  <= ckpg_d;
    ck_base_q  <= ckb_d;
    ck_lim_q   <= ckl_d;
    sel_v_q    <= sel_v_d;
    sel_pgid_q <= sel_pgid_d;
    sel_base_q <= sel_base_d;
    sel_lim_q  <= sel_lim_d;
  end

  assign prot_ok_o = ck_v_q && ck_pgid_q && ck_base_q && ck_lim_q;
  assign pt_idx_o  = pt_idx_q;
  assign rd_v_o    = rd_v_q;
  assign rd_pgid_o = rd_pgid_q;
  assign rd_base_o = rd_base_q;
  assign rd_lim_o  = rd_lim_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // reference: the entry the next data beat sees (registered entry, this cycle's write
  // forwarded) and its checks; the ck_* flops load exactly these
  reg          f_pt_v;
  reg [15:0]   f_pt_pgid;
  reg [LB:0]   f_pt_base, f_pt_lim;
  always @* begin
    f_pt_v    = fw_e ? wdata_i[31]      : sel_v_q;
    f_pt_pgid = fw_e ? wdata_i[15:0]    : sel_pgid_q;
    f_pt_base = fw_b ? wdata_i[LB:0]    : sel_base_q;
    f_pt_lim  = fw_l ? wdata_i[LB:0]    : sel_lim_q;
  end
  always @(posedge clk_i) begin
    if (f_rst_seen) begin
      assert (ckv_d == f_pt_v);
      assert (ckpg_d == (f_pt_pgid == pgid_i));
      assert (ckb_d == ({1'b0, raddr_i} >= f_pt_base));
      assert (ckl_d == (pend_i <= f_pt_lim));
    end
  end
`endif
endmodule
`default_nettype wire
