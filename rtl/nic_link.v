// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_link: node-to-node AXI4-Stream channel model with a fixed latency (the paper's SWIF /
// serializer + cable + deserializer) and full back-pressure, nothing lost or reordered.
//  - A beat accepted on s_axis in cycle t is offered on m_axis in cycle t + LATENCY at the
//    earliest (exactly then when nothing ahead of it is stalled).
//  - Beats go straight into a FWFT FIFO (nic_fifo, block RAM) that also holds the in-flight
//    beats; a LATENCY-bit shift register marks when each accepted beat "arrives", and a count
//    of arrived (matured) beats gates m_axis_tvalid. The FIFO is the receive buffer whose free
//    space is the sender's credit: s_axis_tready = FIFO not full, so a stalled receiver
//    back-pressures the sender without loss.
//  - FDEPTH = next power of two >= LATENCY + 2 (capacity FDEPTH + 1): line rate with an
//    always-ready receiver.
module nic_link #(
  parameter int LATENCY = 4,
  localparam int FDEPTH = 1 << $clog2(LATENCY + 2),
  localparam int FW = 64 + 8 + 1,
  localparam int CW = $clog2(FDEPTH) + 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [63:0] s_axis_tdata,
  input  wire [7:0]  s_axis_tkeep,
  input  wire        s_axis_tvalid,
  output wire        s_axis_tready,
  input  wire        s_axis_tlast,
  output wire [63:0] m_axis_tdata,
  output wire [7:0]  m_axis_tkeep,
  output wire        m_axis_tvalid,
  input  wire        m_axis_tready,
  output wire        m_axis_tlast,
  output wire [7:0]  dbg_count_o,     // beats held (in flight + arrived)
  output wire [7:0]  dbg_mature_o     // arrived beats not yet taken (excluding this cycle's arrival)
);
`ifndef __ICARUS__
  generate
    if (LATENCY < 1 || LATENCY > 64) begin : g_param_err
      $error("nic_link: LATENCY must be 1..64");
    end
  endgenerate
`endif

  wire          f_ready;
  /* verilator lint_off UNUSEDSIGNAL */ // f_valid: implied by avail (see FORMAL); not needed
  wire          f_valid;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [FW-1:0] f_data;
  wire [CW-1:0] f_count;

  reg [LATENCY-1:0] pipe_q, pipe_d;
  reg [7:0]         mat_q, mat_d;
  reg               acc, pop;
  // m_axis_tvalid from registered state only (own assigns: no tready -> tvalid path)
  wire              arrive = pipe_q[LATENCY-1];
  wire              avail  = (mat_q != 8'd0) || arrive;

  always @* begin
    acc    = s_axis_tvalid && f_ready;
    pop    = avail && m_axis_tready;   // an arrived beat is always at the FIFO output
    mat_d  = mat_q + {7'd0, arrive} - {7'd0, pop};
  end

  generate
    if (LATENCY == 1) begin : g_l1
      always @* pipe_d = acc;
    end else begin : g_ln
      always @* pipe_d = {pipe_q[LATENCY-2:0], acc};
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pipe_q <= '0;
      mat_q  <= 8'd0;
    end else begin
      pipe_q <= pipe_d;
      mat_q  <= mat_d;
    end
  end

  nic_fifo #(.DEPTH(FDEPTH), .WIDTH(FW)) u_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .s_valid_i(s_axis_tvalid),
    .s_ready_o(f_ready),
    .s_data_i ({s_axis_tlast, s_axis_tkeep, s_axis_tdata}),
    .m_valid_o(f_valid),
    .m_ready_i(pop),
    .m_data_o (f_data),
    .count_o  (f_count),
    /* verilator lint_off PINCONNECTEMPTY */ // the link uses count_o and m_data_o
    .ram_empty_o(), .ram_data_o(), .byp_data_o(), .byp_sel_o(), .hold_data_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );

  assign s_axis_tready = f_ready;
  assign m_axis_tvalid = avail;
  assign m_axis_tdata  = f_data[63:0];
  assign m_axis_tkeep  = f_data[71:64];
  assign m_axis_tlast  = f_data[72];
  assign dbg_count_o   = 8'(f_count);
  assign dbg_mature_o  = mat_q;

`ifdef FORMAL
  // Properties hold from the first cycle after a reset on. No assumption on the environment:
  // s_axis and m_axis_tready are free (a sender that drops tvalid or changes the beat before
  // tready is handled too; the link only transfers what was accepted).
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
  end
  always @* if (!f_past_valid) assume (!rst_ni);

  // beats accepted on s_axis / taken from m_axis since the last reset (port-level counting)
  wire       f_acc = rst_ni && s_axis_tvalid && s_axis_tready;
  wire       f_pop = rst_ni && m_axis_tvalid && m_axis_tready;
  reg  [7:0] f_nin, f_nout;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_nin  <= 8'd0;
      f_nout <= 8'd0;
    end else begin
      f_nin  <= f_nin + {7'd0, f_acc};
      f_nout <= f_nout + {7'd0, f_pop};
    end
  end
  // beats in flight = ones in the arrival shift register
  reg  [7:0] f_flight;
  integer    fi;
  always @* begin
    f_flight = 8'd0;
    for (fi = 0; fi < LATENCY; fi = fi + 1) f_flight = f_flight + {7'd0, pipe_q[fi]};
  end

  // f_nin_l: f_nin LATENCY-1 cycles ago = beats accepted at least LATENCY cycles ago, so
  // f_nin_l - f_nout = beats that have "arrived" and are not taken yet
  reg  [7:0] f_nin_l;
  generate
    if (LATENCY == 1) begin : g_f_l1
      always @* f_nin_l = f_nin;
    end else begin : g_f_ln
      reg [8*(LATENCY-1)-1:0] f_sr;
      always @(posedge clk_i) f_sr <= rst_ni ? ((f_sr << 8) | f_nin) : '0;
      always @* f_nin_l = f_sr[8*(LATENCY-1)-1 -: 8];
    end
  endgenerate

  // f_rdy_all: m_axis_tready was 1 in every cycle since the last reset
  reg f_rdy_all;
  always @(posedge clk_i) f_rdy_all <= !rst_ni || (f_rdy_all && m_axis_tready);

  always @* begin
    if (f_rst_seen) begin
      assert ({1'b0, mat_q} <= 9'(f_count));
      assert (!avail || f_valid);
      // nothing lost or duplicated: beats in - beats out = beats held = in flight + arrived,
      // bounded by the FIFO capacity; s_axis_tready = not full
      assert (dbg_count_o == f_nin - f_nout);
      assert (dbg_count_o == f_flight + mat_q);
      assert (dbg_count_o <= 8'(FDEPTH + 1));
      assert (s_axis_tready == (dbg_count_o != 8'(FDEPTH + 1)));
      // latency: m_axis_tvalid exactly when the oldest held beat was accepted at least LATENCY
      // cycles ago (never earlier; exactly then when nothing ahead of it is stalled)
      assert ({1'b0, mat_q} + {8'd0, arrive} == {1'b0, 8'(f_nin_l - f_nout)});  // modulo 256: the counters wrap in long runs
      assert (m_axis_tvalid == (f_nin_l != f_nout));
      // line rate: with an always-ready receiver every arrived beat leaves at once and the
      // sender is never back-pressured
      if (f_rdy_all) assert (mat_q == 8'd0 && s_axis_tready);
    end
  end
  always @(posedge clk_i) begin
    // AXI4-Stream: a beat offered and not taken stays offered and unchanged
    if (f_past_valid && f_rst_seen && $past(rst_ni) && $past(m_axis_tvalid && !m_axis_tready)) begin
      assert (m_axis_tvalid);
      assert (m_axis_tdata == $past(m_axis_tdata));
      assert (m_axis_tkeep == $past(m_axis_tkeep));
      assert (m_axis_tlast == $past(m_axis_tlast));
    end
    if (f_rst_seen && rst_ni) begin
      cover (!f_ready);                                  // full (FDEPTH + 1 beats held)
      cover (m_axis_tvalid && m_axis_tready);
      cover (dbg_count_o == 8'(FDEPTH + 1) && m_axis_tvalid && m_axis_tready);
      cover (f_nout >= 8'(FDEPTH + 3));                  // more beats than the capacity passed
      cover (f_past_valid && $past(rst_ni && m_axis_tvalid && !m_axis_tready) && f_pop);
    end
  end
`endif
endmodule
`default_nettype wire
