// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_rx_csr: the CSR block of aotf_rx (docs/reference/aotf_rx.md, formats/csr_aotf_rx.csv): request
// decode, CTRL / STATUS / IRQ_EN, the host write registers (HW_ADDR, HW_DATA_*, HW_CMD), the
// event and byte counters, the read mux and the interrupt. The protection-table registers live
// in aotf_rx_prot: this block decodes their writes (w_pt_*_o) and reads them back (pt_idx_i,
// rd_*_i). Reads are acked one cycle after the request acts; writes act in that cycle.
module aotf_rx_csr #(
  parameter int LLCM_BYTES = 131072,
  parameter int PT_ENTRIES = 16,
  parameter int WB_DEPTH   = 4,
  parameter int TLB_ENTRIES = 8,
  parameter bit CSR_REG    = 1'b0,   // 1: CSR request registered first, ack 2 cycles later (aotf_node)
  localparam int LB  = $clog2(LLCM_BYTES),  // byte address bits
  localparam int WA  = LB - 3,
  localparam int PTB = $clog2(PT_ENTRIES),
  localparam int WBW = $clog2(WB_DEPTH),
  localparam int TB  = $clog2(TLB_ENTRIES)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  // CSR bus (block-local byte address)
  input  wire           csr_req_i,
  input  wire           csr_we_i,
  input  wire [11:0]    csr_addr_i,
  input  wire [31:0]    csr_wdata_i,
  output wire           csr_ack_o,
  output wire [31:0]    csr_rdata_o,
  output wire           irq_o,
  // packet events (aotf_rx_parse)
  input  wire [3:0]     ev_i,          // this cycle's event, 0 = none
  input  wire           push_i,        // good packet: len_i bytes written
  input  wire [8:0]     len_i,
  // state shown in STATUS
  input  wire [WBW:0]   wb_count_i,
  input  wire [2:0]     beat_i,
  input  wire           disc_i,
  input  wire           llcm_busy_i,
  input  wire           wait_i,        // a packet waits for a TLB refill
  // receive TLB (aotf_rx_tlb): its writes that act this cycle and its read-back
  output wire           w_tlb_index_o,
  output wire           w_tlb_pgid_o,
  output wire           w_tlb_pid_o,
  output wire           w_tlb_vbase_o,
  output wire           w_tlb_vlimit_o,
  output wire           w_tlb_pbase_o,
  output wire           miss_drop_o,
  input  wire [TB-1:0]  tlb_idx_i,
  input  wire [31:0]    tlb_pgid_i,
  input  wire [31:0]    tlb_pid_i,
  input  wire [LB:0]    tlb_vbase_i,
  input  wire [LB:0]    tlb_vlimit_i,
  input  wire [LB:0]    tlb_pbase_i,
  input  wire [15:0]    miss_pgid_i,
  input  wire [23:0]    miss_pid_i,
  input  wire [LB-1:0]  miss_addr_i,
  // protection table (aotf_rx_prot): its writes that act this cycle and its read-back
  output wire           w_pt_index_o,
  output wire           w_pt_entry_o,
  output wire           w_pt_base_o,
  output wire           w_pt_limit_o,
  output wire [31:0]    wdata_o,       // write data of the request that acts this cycle
  output wire [PTB-1:0] pti_o,         // the index a PT_INDEX write sets
  input  wire [PTB-1:0] pt_idx_i,
  input  wire           rd_v_i,
  input  wire [15:0]    rd_pgid_i,
  input  wire [LB:0]    rd_base_i,
  input  wire [LB:0]    rd_lim_i,
  // receive enable, LLCM init sweep and host write
  output wire           rx_en_o,
  output wire           llcm_init_o,
  output wire           hw_wr_o,       // registered: the HW_CMD write of the previous cycle
  output wire [WA-1:0]  hw_word_o,
  output wire [63:0]    hw_data_o,
  output wire [7:0]     hw_be_o
);
  reg          rx_en_q, rx_en_d;
  reg [9:0]    status_q, status_d;
  reg [3:0]    sev_q, sev_d;         // last cycle's event, sets its STATUS bit
  reg [9:0]    irq_en_q, irq_en_d;
  reg [WA-1:0] hw_addr_q, hw_addr_d;
  reg [63:0]   hw_data_q, hw_data_d;
  reg [12*32-1:0] cnt_q, cnt_d;           // counter k at [k*32 +: 32]: 1..8 = events, 9 = bytes, 0 = host writes, 10 = LINK (event 9), 11 = MISS (event 10)
  reg          ack_q;
  reg [31:0]   rdata_q, rdata_d;
  reg [31:0]   rlate;
  // counter events, added one cycle later; a CSR read returns count + pending event (exact)
  reg [3:0]    cev_q, cev_d;
  reg          cbytes_q, cbytes_d, chw_q, chw_d;
  reg [8:0]    clen_q;
  reg          hw_wr;
  // the host write, registered (timing: no 12-bit address decode in front of the LLCM lane
  // write enables and the write-buffer pop). HW_CMD acting in cycle t writes the LLCM in cycle
  // t+1 with HW_ADDR / HW_DATA as they are in t (a write to them acts in t+1 at the earliest and
  // shows in t+2), so only the strobe and the byte enables are registered.
  reg          hw_wr_q;
  reg [7:0]    hw_be_q;
  reg [31:0]   rmux;
  integer      k, kc;

  // ---------------- the CSR request that acts this cycle. CSR_REG = 0: the bus. CSR_REG = 1
  // (aotf_node): the bus registered once, acked one cycle later (two after the request), with
  // its write strobes decoded before the register (timing: no 12-bit address compare between
  // the request register and the protection table / LLCM / counter enables). c_w: one-hot
  // write strobes, request && write && address == register.
  localparam int NW = 17;
  localparam int W_CTRL = 0, W_STATUS = 1, W_IRQ_EN = 2, W_PT_INDEX = 3, W_PT_ENTRY = 4,
                 W_PT_BASE = 5, W_PT_LIMIT = 6, W_HW_ADDR = 7, W_HW_DATA_LO = 8,
                 W_HW_DATA_HI = 9, W_HW_CMD = 10, W_TLB_INDEX = 11, W_TLB_PGID = 12,
                 W_TLB_PID = 13, W_TLB_VBASE = 14, W_TLB_VLIMIT = 15, W_TLB_PBASE = 16;
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
    wstrobes[W_TLB_INDEX]  = w && a == nic_pkg::CSR_AOTF_RX_TLB_INDEX;
    wstrobes[W_TLB_PGID]   = w && a == nic_pkg::CSR_AOTF_RX_TLB_PGID;
    wstrobes[W_TLB_PID]    = w && a == nic_pkg::CSR_AOTF_RX_TLB_PID;
    wstrobes[W_TLB_VBASE]  = w && a == nic_pkg::CSR_AOTF_RX_TLB_VBASE;
    wstrobes[W_TLB_VLIMIT] = w && a == nic_pkg::CSR_AOTF_RX_TLB_VLIMIT;
    wstrobes[W_TLB_PBASE]  = w && a == nic_pkg::CSR_AOTF_RX_TLB_PBASE;
  endfunction
  wire [NW-1:0] bus_w = wstrobes(csr_req_i, csr_we_i, csr_addr_i);
  // read selects, one-hot, decoded like the write strobes (timing: the read register's input is
  // an AND-OR of registered selects and values, no 12-bit address compare in front of it).
  // R_CNT + k: counter k (see cnt_q); HW_CMD reads 0 (no select); R_UNM: no register mapped.
  localparam int NR = 35;
  localparam int R_ID = 0, R_VERSION = 1, R_CONFIG = 2, R_CTRL = 3, R_STATUS = 4, R_IRQ_EN = 5,
                 R_PT_INDEX = 6, R_PT_ENTRY = 7, R_PT_BASE = 8, R_PT_LIMIT = 9, R_HW_ADDR = 10,
                 R_HW_DATA_LO = 11, R_HW_DATA_HI = 12, R_TLB_INDEX = 13, R_TLB_PGID = 14,
                 R_TLB_PID = 15, R_TLB_VBASE = 16, R_TLB_VLIMIT = 17, R_TLB_PBASE = 18,
                 R_MISS_PGID = 19, R_MISS_PID = 20, R_MISS_ADDR = 21, R_UNM = 22, R_CNT = 23;
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
      nic_pkg::CSR_AOTF_RX_TLB_INDEX:    rstrobes[R_TLB_INDEX]  = r;
      nic_pkg::CSR_AOTF_RX_TLB_PGID:     rstrobes[R_TLB_PGID]   = r;
      nic_pkg::CSR_AOTF_RX_TLB_PID:      rstrobes[R_TLB_PID]    = r;
      nic_pkg::CSR_AOTF_RX_TLB_VBASE:    rstrobes[R_TLB_VBASE]  = r;
      nic_pkg::CSR_AOTF_RX_TLB_VLIMIT:   rstrobes[R_TLB_VLIMIT] = r;
      nic_pkg::CSR_AOTF_RX_TLB_PBASE:    rstrobes[R_TLB_PBASE]  = r;
      nic_pkg::CSR_AOTF_RX_MISS_PGID:    rstrobes[R_MISS_PGID]  = r;
      nic_pkg::CSR_AOTF_RX_MISS_PID:     rstrobes[R_MISS_PID]   = r;
      nic_pkg::CSR_AOTF_RX_MISS_ADDR:    rstrobes[R_MISS_ADDR]  = r;
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
      nic_pkg::CSR_AOTF_RX_CNT_LINK:     rstrobes[R_CNT + 10]   = r;
      nic_pkg::CSR_AOTF_RX_CNT_MISS:     rstrobes[R_CNT + 11]   = r;
      default:                           rstrobes[R_UNM]        = r;
    endcase
  endfunction
  wire [NR-1:0] bus_r = rstrobes(csr_req_i, csr_we_i, csr_addr_i);
  // the read selects of the acting request, registered: the registers selected in the response
  // cycle (see the read mux)
  /* verilator lint_off UNUSEDSIGNAL */  // the selects of STATUS, MISS_*, TLB fields act before it
  reg  [NR-1:0] rsel_q;
  /* verilator lint_on UNUSEDSIGNAL */
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
  // write (timing: it selects the entry for the read-back registers rd_* of aotf_rx_prot; the
  // request payload register is shared with every CSR write of the node and sits far from the
  // table; no reset, used only with c_w[W_PT_INDEX], the cycle after it is loaded)
  reg  [PTB-1:0] pti_q;
  always @(posedge clk_i)
    if (bus_w[W_PT_INDEX]) pti_q <= csr_wdata_i[PTB-1:0];
  wire          c_req   = CSR_REG ? rq_req_q   : csr_req_i;
  wire [31:0]   c_wdata = CSR_REG ? rq_wdata_q : csr_wdata_i;
  wire [NW-1:0] c_w     = CSR_REG ? rq_w_q     : bus_w;
  wire [NR-1:0] c_r     = CSR_REG ? rq_r_q     : bus_r;
  wire [PTB-1:0] c_pti   = CSR_REG ? pti_q : c_wdata[PTB-1:0];

  always @* begin
    // ---- LLCM write port: init sweep > host write (CSR) > write buffer
    hw_wr     = c_w[W_HW_CMD] && !llcm_busy_i;

    // ---- CSR registers
    rx_en_d   = rx_en_q;
    irq_en_d  = irq_en_q;
    hw_addr_d = hw_addr_q;
    hw_data_d = hw_data_q;
    status_d  = status_q;
    // CSR writes (c_w is one-hot)
    if (c_w[W_CTRL])       rx_en_d  = c_wdata[0];
    if (c_w[W_STATUS])     status_d = status_q & ~c_wdata[9:0];
    if (c_w[W_IRQ_EN])     irq_en_d = c_wdata[9:0];
    if (c_w[W_HW_ADDR])    hw_addr_d = c_wdata[LB-1:3];
    if (c_w[W_HW_DATA_LO]) hw_data_d[31:0] = c_wdata;
    if (c_w[W_HW_DATA_HI]) hw_data_d[63:32] = c_wdata;
    // event k -> bit k-1, set the cycle after the event (sev_q: the receive path's event decode
    // stays off the STATUS enables; not cev_q, which a counter clear drops); it wins over a W1C
    // of that cycle
    for (k = 1; k <= 10; k = k + 1)
      if (sev_q == 4'(k)) status_d[k-1] = 1'b1;

    // ---- counters: this cycle's events are added next cycle (cev_q, cbytes_q, chw_q); a
    // clear (CTRL bit 2) drops this cycle's events and zeroes the counters
    cnt_d = cnt_q;
    for (k = 1; k <= 8; k = k + 1)
      if (cev_q == 4'(k)) cnt_d[k*32 +: 32] = cnt_q[k*32 +: 32] + 32'd1;
    if (cev_q == 4'd9) cnt_d[10*32 +: 32] = cnt_q[10*32 +: 32] + 32'd1;
    if (cev_q == 4'd10) cnt_d[11*32 +: 32] = cnt_q[11*32 +: 32] + 32'd1;
    if (cbytes_q) cnt_d[9*32 +: 32] = cnt_q[9*32 +: 32] + {23'd0, clen_q};
    if (chw_q) cnt_d[0 +: 32] = cnt_q[0 +: 32] + 32'd1;
    cev_d    = ev_i;
    sev_d    = ev_i;
    cbytes_d = push_i;
    chw_d    = hw_wr;
    if (c_w[W_CTRL] && c_wdata[2]) begin
      cnt_d    = '0;
      cev_d    = 4'd0;   // no event
      cbytes_d = 1'b0;
      chw_d    = 1'b0;
    end

    // ---- CSR read mux (value of the request cycle), in two parts:
    //  - STATUS and MISS_* (changed by the receive path in any cycle) and the TLB entry fields
    //    (behind the TLB's entry mux) are selected here, in the request cycle, into the read
    //    register rdata_q;
    //  - every other register is selected in the response cycle from rsel_q (rlate): it is a
    //    constant, a counter or a register that only a CSR write changes, and no write acts in
    //    the request cycle of a read (one request acts per cycle), so its value in the response
    //    cycle is that of the request cycle. A counter's value of the request cycle is count +
    //    pending event = cnt_d, which is cnt_q of the response cycle (a read never coincides
    //    with a clear). Timing: the read register's input is the address decode and a 9-way
    //    AND-OR, no counter adder and no wide mux in front of it; the response path has no
    //    entry mux.
    rmux = ({32{c_r[R_STATUS]}}     & {3'd0, 5'(wb_count_i), 1'b0, beat_i, 1'b0, wait_i, disc_i,
                                       llcm_busy_i, 6'd0, status_q}) |
           ({32{c_r[R_MISS_PGID]}}  & {16'd0, miss_pgid_i}) |
           ({32{c_r[R_MISS_PID]}}   & {8'd0, miss_pid_i}) |
           ({32{c_r[R_MISS_ADDR]}}  & 32'(miss_addr_i)) |
           ({32{c_r[R_TLB_PGID]}}   & tlb_pgid_i) |
           ({32{c_r[R_TLB_PID]}}    & tlb_pid_i) |
           ({32{c_r[R_TLB_VBASE]}}  & 32'(tlb_vbase_i)) |
           ({32{c_r[R_TLB_VLIMIT]}} & 32'(tlb_vlimit_i)) |
           ({32{c_r[R_TLB_PBASE]}}  & 32'(tlb_pbase_i));
    rdata_d = rmux;   // 0 unless a read (every select includes it)
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rx_en_q   <= 1'b1;
      status_q  <= 10'd0;
      irq_en_q  <= 10'd0;
      hw_addr_q <= '0;
      hw_data_q <= 64'd0;
      cnt_q     <= '0;
      ack_q     <= 1'b0;
      rdata_q   <= 32'd0;
      rsel_q    <= '0;
      cev_q     <= 4'd0;
      sev_q     <= 4'd0;
      cbytes_q  <= 1'b0;
      chw_q     <= 1'b0;
      hw_wr_q   <= 1'b0;
    end else begin
      rx_en_q   <= rx_en_d;
      status_q  <= status_d;
      irq_en_q  <= irq_en_d;
      hw_addr_q <= hw_addr_d;
      hw_data_q <= hw_data_d;
      cnt_q     <= cnt_d;
      ack_q     <= c_req;
      rdata_q   <= rdata_d;
      rsel_q    <= c_r;
      cev_q     <= cev_d;
      sev_q     <= sev_d;
      cbytes_q  <= cbytes_d;
      chw_q     <= chw_d;
      hw_wr_q   <= hw_wr;
    end
  end

  // byte enables of the registered host write: no reset (used only with hw_wr_q)
  always @(posedge clk_i) hw_be_q <= c_wdata[7:0];

  // byte count of the pushed packet, for the byte counter of the next cycle: no reset (used
  // only with cbytes_q)
  always @(posedge clk_i) clen_q <= len_i;

  always @* begin
    rlate = ({32{rsel_q[R_ID]}}         & 32'h4152_5830) |
            ({32{rsel_q[R_VERSION]}}    & 32'h0001_0000) |
            ({32{rsel_q[R_CONFIG]}}     & {4'd0, 4'(TB), 3'd0, 5'(WB_DEPTH), 4'd0, 4'(PTB), 3'd0,
                                           5'(LB)}) |
            ({32{rsel_q[R_CTRL]}}       & {31'd0, rx_en_q}) |
            ({32{rsel_q[R_IRQ_EN]}}     & {22'd0, irq_en_q}) |
            ({32{rsel_q[R_PT_INDEX]}}   & 32'(pt_idx_i)) |
            ({32{rsel_q[R_PT_ENTRY]}}   & {rd_v_i, 15'd0, rd_pgid_i}) |
            ({32{rsel_q[R_PT_BASE]}}    & 32'(rd_base_i)) |
            ({32{rsel_q[R_PT_LIMIT]}}   & 32'(rd_lim_i)) |
            ({32{rsel_q[R_HW_ADDR]}}    & 32'({hw_addr_q, 3'b000})) |
            ({32{rsel_q[R_HW_DATA_LO]}} & hw_data_q[31:0]) |
            ({32{rsel_q[R_HW_DATA_HI]}} & hw_data_q[63:32]) |
            ({32{rsel_q[R_TLB_INDEX]}}  & 32'(tlb_idx_i)) |
            ({32{rsel_q[R_UNM]}}        & nic_pkg::CSR_UNMAPPED);
    for (kc = 0; kc <= 11; kc = kc + 1)
      rlate = rlate | ({32{rsel_q[R_CNT + kc]}} & cnt_q[kc*32 +: 32]);
  end
  assign csr_ack_o    = ack_q;
  assign csr_rdata_o  = rdata_q | rlate;
  assign irq_o        = (status_q & irq_en_q) != 10'd0;
  assign w_pt_index_o = c_w[W_PT_INDEX];
  assign w_pt_entry_o = c_w[W_PT_ENTRY];
  assign w_pt_base_o  = c_w[W_PT_BASE];
  assign w_pt_limit_o = c_w[W_PT_LIMIT];
  assign w_tlb_index_o  = c_w[W_TLB_INDEX];
  assign w_tlb_pgid_o   = c_w[W_TLB_PGID];
  assign w_tlb_pid_o    = c_w[W_TLB_PID];
  assign w_tlb_vbase_o  = c_w[W_TLB_VBASE];
  assign w_tlb_vlimit_o = c_w[W_TLB_VLIMIT];
  assign w_tlb_pbase_o  = c_w[W_TLB_PBASE];
  assign miss_drop_o    = c_w[W_CTRL] && c_wdata[3];
  assign wdata_o      = c_wdata;
  assign pti_o        = c_pti;
  assign rx_en_o      = rx_en_q;
  assign llcm_init_o  = c_w[W_CTRL] && c_wdata[1];
  assign hw_wr_o      = hw_wr_q;
  assign hw_word_o    = hw_addr_q;
  assign hw_data_o    = hw_data_q;
  assign hw_be_o      = hw_be_q;

`ifdef FORMAL
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  // the registered write strobes are the decode of the registered request
  always @(posedge clk_i) if (f_rst_seen) assert (rq_w_q == wstrobes(rq_req_q, rq_we_q, rq_addr_q));
  always @(posedge clk_i) if (f_rst_seen) assert (rq_r_q == rstrobes(rq_req_q, rq_we_q, rq_addr_q));
  // the read selects are one-hot or 0 (also the registered ones of the response cycle)
  always @(posedge clk_i) if (f_rst_seen) assert ($onehot0(c_r) && $onehot0(rsel_q));
`endif
endmodule
`default_nettype wire
