`default_nettype none
// aotf_pktgen: header seed RAM + packet generator.
// Seed RAM: nic_ram_1r1w SETS*4*4 x 64, address {set, way, word}.
// Two packet slots (cur, next): a hit loads cur if cur is free (or finishes this cycle), else
// next; next moves to cur when cur finishes. cur issues one beat per cycle, 0..3 = seed RAM
// reads (word = beat), 4 = the data beat (no RAM read). An issued beat is "in flight" for one
// cycle (RAM read latency) and is then written into a 2-entry output buffer, with
//   beat 0: seed | FLAG_AOTF in flags, beat 1: raddr[11:0] = offset, beat 2: len = length,
//   beat 3: seed, beat 4: data, tkeep = (1 << len) - 1, tlast = 1.
// Timing: the field overrides of the beat (mask + values, keep, last) are computed at issue and
// registered with the in-flight beat, so that each buffer bit is one LUT behind the seed RAM
// read data: bit <= use ? ram : alt (use/alt from flops and tready only).
// A beat issues only if the buffer will have room: occ + inflight - pop <= 1. A CSR seed access
// (write, or view read at csr_seed_rd_addr_i on a HTLB_IDX write) takes the seed RAM port: RAM
// beats do not issue that cycle.
// The buffer head drives m_axis (AXI-Stream: held until accepted).
// The seed RAM is read in every cycle (read enable 1; timing: the CSR decode and the issue
// logic do not drive its block RAM clock enables). Its read data is used only in the cycle
// after a requested read (an issued RAM beat, or the CSR view read) and is never held, so
// this is the same behaviour as a read enabled only then (the C model keeps the enable).
module aotf_pktgen #(
  parameter int SETS = 256,
  parameter int UW = 3,
  localparam int SW = $clog2(SETS),
  localparam int RW = SW + 4
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // from the HTLB lookup
  input  wire          load_i,
  input  wire [SW-1:0] load_set_i,
  input  wire [1:0]    load_way_i,
  input  wire [11:0]   load_off_i,
  input  wire [3:0]    load_len_i,
  input  wire [63:0]   load_data_i,
  input  wire [UW-1:0] load_user_i,
  output wire          next_free_o,
  // CSR access to the seed RAM
  input  wire          csr_seed_wr_i,
  input  wire          csr_seed_rd_i,
  input  wire [RW-1:0] csr_seed_addr_i,     // write address (HTLB_IDX)
  input  wire [RW-1:0] csr_seed_rd_addr_i,  // view read address (the HTLB_IDX being written)
  input  wire [63:0]   csr_seed_wdata_i,
  output wire [63:0]   seed_rd_o,
  // stream out
  output wire [63:0]   m_axis_tdata,
  output wire [7:0]    m_axis_tkeep,
  output wire          m_axis_tvalid,
  input  wire          m_axis_tready,
  output wire          m_axis_tlast,
  // credit return: last beat accepted
  output wire          ret_o,
  output wire [UW-1:0] ret_user_o,
  output wire [7:0]    dbg_o          // {cur_v, next_v, beat[2:0], if_v, occ[1:0]}
);
  localparam int FL = nic_pkg::AOTF_HDR_FLAGS_LSB;
  localparam int RA = nic_pkg::AOTF_HDR_RADDR_LSB;
  localparam int LN = nic_pkg::AOTF_HDR_LEN_LSB;

  // packet slots
  reg          cur_v_q, cur_v_d, next_v_q, next_v_d;
  reg [SW-1:0] cur_set_q, cur_set_d, next_set_q, next_set_d;
  reg [1:0]    cur_way_q, cur_way_d, next_way_q, next_way_d;
  reg [11:0]   cur_off_q, cur_off_d, next_off_q, next_off_d;
  reg [3:0]    cur_len_q, cur_len_d, next_len_q, next_len_d;
  reg [63:0]   cur_data_q, cur_data_d, next_data_q, next_data_d;
  reg [UW-1:0] cur_user_q, cur_user_d, next_user_q, next_user_d;
  reg [2:0]    beat_q, beat_d;
  // in flight
  reg          if_v_q, if_v_d;
  reg [UW-1:0] if_user_q, if_user_d;
  reg          if_ram_q, if_ram_d;            // the in-flight beat takes the seed RAM read data
  reg [63:0]   if_msk_q, if_msk_d;            // bits replaced by a field (1) ...
  reg [63:0]   if_val_q, if_val_d;            // ... with these values
  reg [7:0]    if_keep_q, if_keep_d;
  reg          if_last_q, if_last_d;
  // output buffer
  reg [1:0]    occ_q, occ_d;
  reg [63:0]   b0_data_q, b0_data_d, b1_data_q, b1_data_d;
  reg [7:0]    b0_keep_q, b0_keep_d, b1_keep_q, b1_keep_d;
  reg          b0_last_q, b0_last_d, b1_last_q, b1_last_d;
  reg [UW-1:0] b0_user_q, b0_user_d, b1_user_q, b1_user_d;

  reg          pop, space, seed_busy, issue, finish, cur_free, ram_beat;
  reg [2:0]    lvl;
  reg [RW-1:0] rd_addr;
  wire [63:0]  rd_data;
  reg [7:0]    len_keep;
  reg          ld0, ld1;
  reg          ldr0_0, ldr_1, ldr1_2;
  reg [63:0]   base0;
  // per data bit: buffer entry <= use ? seed RAM read data : alt (one LUT behind the RAM)
  (* keep *) reg [63:0] use0, use1, alt0, alt1;
  integer i;

  always @* begin
    pop       = (occ_q != 2'd0) && m_axis_tready;
    lvl       = {1'b0, occ_q} + {2'd0, if_v_q} - {2'd0, pop};
    space     = (lvl <= 3'd1);
    seed_busy = csr_seed_wr_i || csr_seed_rd_i;
    ram_beat  = (beat_q != 3'd4);
    issue     = cur_v_q && space && (!ram_beat || !seed_busy);
    finish    = issue && !ram_beat;
    cur_free  = !cur_v_q || finish;

    rd_addr = csr_seed_rd_i ? csr_seed_rd_addr_i : {cur_set_q, cur_way_q, beat_q[1:0]};

    // slots
    beat_d      = issue ? (finish ? 3'd0 : beat_q + 3'd1) : beat_q;
    cur_v_d     = cur_v_q;   cur_set_d  = cur_set_q;  cur_way_d  = cur_way_q;
    cur_off_d   = cur_off_q; cur_len_d  = cur_len_q;  cur_data_d = cur_data_q;
    cur_user_d  = cur_user_q;
    next_v_d    = next_v_q;  next_set_d = next_set_q; next_way_d = next_way_q;
    next_off_d  = next_off_q; next_len_d = next_len_q; next_data_d = next_data_q;
    next_user_d = next_user_q;
    if (cur_free) begin
      if (next_v_q) begin
        cur_v_d = 1'b1; cur_set_d = next_set_q; cur_way_d = next_way_q; cur_off_d = next_off_q;
        cur_len_d = next_len_q; cur_data_d = next_data_q; cur_user_d = next_user_q;
        next_v_d = 1'b0;
      end else if (load_i) begin
        cur_v_d = 1'b1; cur_set_d = load_set_i; cur_way_d = load_way_i; cur_off_d = load_off_i;
        cur_len_d = load_len_i; cur_data_d = load_data_i; cur_user_d = load_user_i;
      end else begin
        cur_v_d = 1'b0;
      end
    end
    if (load_i && !cur_free) begin  // next is free: the lookup only issues while it is
      next_v_d = 1'b1; next_set_d = load_set_i; next_way_d = load_way_i; next_off_d = load_off_i;
      next_len_d = load_len_i; next_data_d = load_data_i; next_user_d = load_user_i;
    end

    // in flight; the beat's formatting is decided at issue (registered with the beat):
    //   beat 0: seed | FLAG_AOTF, 1: raddr field = offset, 2: len field = length, 3: seed,
    //   4: data beat (no RAM read), tkeep = (1 << len) - 1, tlast = 1
    if_v_d    = issue;
    if_user_d = cur_user_q;
    len_keep = 8'd0;
    for (i = 0; i < 8; i = i + 1) if (4'(i) < cur_len_q) len_keep[i] = 1'b1;
    if_ram_d  = ram_beat;
    if_msk_d  = 64'd0;
    if_val_d  = 64'd0;
    if_keep_d = 8'hFF;
    if_last_d = 1'b0;
    case (beat_q)
      3'd0: begin if_msk_d[FL] = 1'b1; if_val_d[FL] = 1'b1; end  // FLAG_AOTF (flags bit 0)
      3'd1: begin if_msk_d[RA +: 12] = 12'hFFF; if_val_d[RA +: 12] = cur_off_q; end
      3'd2: begin if_msk_d[LN +: 8] = 8'hFF; if_val_d[LN +: 8] = {4'd0, cur_len_q}; end
      3'd4: begin
        if_msk_d  = {64{1'b1}};
        if_val_d  = cur_data_q;
        if_last_d = 1'b1;
        if_keep_d = len_keep;
      end
      default: ;
    endcase
    // no hold when nothing issues (timing: issue does not drive the clock enables of the
    // in-flight payload): the payload is used only while if_v_q is set, i.e. in the cycle
    // after an issue

    // output buffer: the in-flight beat goes to b0 if the buffer is (becomes) empty, else b1
    occ_d = lvl[1:0];
    ld0   = if_v_q && ((occ_q - {1'b0, pop}) == 2'd0);
    ld1   = if_v_q && !((occ_q - {1'b0, pop}) == 2'd0);
    base0 = pop ? b1_data_q : b0_data_q;
    // use0 / use1 = {64{ld0 / ld1 && if_ram_q}} & ~if_msk_q with m_axis_tready (late: in
    // aotf_node it is the receive path's tready in loopback) as the last input; the occupancy
    // terms are flops (pop = occ_q != 0 && tready, so the buffer is empty after the pop iff
    // occ_q == 0, or occ_q == 1 and tready)
    ldr0_0 = if_v_q && if_ram_q && (occ_q == 2'd0);
    ldr_1  = if_v_q && if_ram_q && (occ_q == 2'd1);
    ldr1_2 = if_v_q && if_ram_q && occ_q[1];
    use0  = {64{ldr0_0 || (ldr_1 && m_axis_tready)}} & ~if_msk_q;
    use1  = {64{ldr1_2 || (ldr_1 && !m_axis_tready)}} & ~if_msk_q;
    alt0  = ld0 ? if_val_q : base0;
    alt1  = ld1 ? if_val_q : b1_data_q;
    b0_data_d = (use0 & rd_data) | (~use0 & alt0);
    b1_data_d = (use1 & rd_data) | (~use1 & alt1);
    b0_keep_d = b0_keep_q; b0_last_d = b0_last_q; b0_user_d = b0_user_q;
    b1_keep_d = b1_keep_q; b1_last_d = b1_last_q; b1_user_d = b1_user_q;
    if (pop) begin
      b0_keep_d = b1_keep_q; b0_last_d = b1_last_q; b0_user_d = b1_user_q;
    end
    if (ld0) begin
      b0_keep_d = if_keep_q; b0_last_d = if_last_q; b0_user_d = if_user_q;
    end
    if (ld1) begin
      b1_keep_d = if_keep_q; b1_last_d = if_last_q; b1_user_d = if_user_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cur_v_q  <= 1'b0;
      next_v_q <= 1'b0;
      beat_q   <= 3'd0;
      if_v_q   <= 1'b0;
      occ_q    <= 2'd0;
    end else begin
      cur_v_q  <= cur_v_d;
      next_v_q <= next_v_d;
      beat_q   <= beat_d;
      if_v_q   <= if_v_d;
      occ_q    <= occ_d;
    end
  end

  // payload registers: no reset (only used while their valid is set)
  always @(posedge clk_i) begin
    cur_set_q  <= cur_set_d;  cur_way_q  <= cur_way_d;  cur_off_q  <= cur_off_d;
    cur_len_q  <= cur_len_d;  cur_data_q <= cur_data_d; cur_user_q <= cur_user_d;
    next_set_q <= next_set_d; next_way_q <= next_way_d; next_off_q <= next_off_d;
    next_len_q <= next_len_d; next_data_q <= next_data_d; next_user_q <= next_user_d;
    if_user_q  <= if_user_d;
    if_ram_q   <= if_ram_d;   if_msk_q   <= if_msk_d;   if_val_q   <= if_val_d;
    if_keep_q  <= if_keep_d;  if_last_q  <= if_last_d;
    b0_data_q  <= b0_data_d;  b0_keep_q  <= b0_keep_d;  b0_last_q  <= b0_last_d;
    b0_user_q  <= b0_user_d;
    b1_data_q  <= b1_data_d;  b1_keep_q  <= b1_keep_d;  b1_last_q  <= b1_last_d;
    b1_user_q  <= b1_user_d;
  end

  nic_ram_1r1w #(.DEPTH(SETS * 16), .WIDTH(64), .NBE(1)) u_seed_ram (
    .clk_i    (clk_i),
    .wr_en_i  (csr_seed_wr_i && rst_ni),   // no RAM write in reset (the strobe has no reset term)
    .wr_addr_i(csr_seed_addr_i),
    .wr_data_i(csr_seed_wdata_i),
    .wr_be_i  (1'b1),
    .rd_en_i  (1'b1),     // see the header: read in every cycle
    .rd_addr_i(rd_addr),
    .rd_data_o(rd_data)
  );

  assign next_free_o   = !next_v_q;
  assign seed_rd_o     = rd_data;
  assign m_axis_tvalid = (occ_q != 2'd0);
  assign m_axis_tdata  = b0_data_q;
  assign m_axis_tkeep  = b0_keep_q;
  assign m_axis_tlast  = b0_last_q;
  assign ret_o         = pop && b0_last_q;
  assign ret_user_o    = b0_user_q;
  assign dbg_o         = {cur_v_q, next_v_q, beat_q, if_v_q, occ_q};

`ifdef FORMAL
  // properties hold from the first cycle after a reset on
  reg f_rst_seen = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen <= 1'b1;
  always @(posedge clk_i) begin
    if (f_rst_seen && $past(rst_ni)) begin
      assert (occ_q <= 2'd2);
      assert (beat_q <= 3'd4);
      assert (!next_v_q || cur_v_q);
      // the tready-last form of the RAM-data selects equals its definition
      assert (use0 == ({64{ld0 && if_ram_q}} & ~if_msk_q));
      assert (use1 == ({64{ld1 && if_ram_q}} & ~if_msk_q));
      // AXI-Stream: a beat that was not accepted is held unchanged
      if (rst_ni && $past(m_axis_tvalid && !m_axis_tready)) begin
        assert (m_axis_tvalid);
        assert (m_axis_tdata == $past(m_axis_tdata));
        assert (m_axis_tkeep == $past(m_axis_tkeep));
        assert (m_axis_tlast == $past(m_axis_tlast));
      end
    end
    cover (f_rst_seen && rst_ni && occ_q == 2'd2 && next_v_q);
    cover (f_rst_seen && rst_ni && ret_o);
  end
`endif
endmodule
`default_nettype wire
