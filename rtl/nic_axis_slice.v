// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_axis_slice: a register slice (two-entry skid buffer) for a valid/ready stream.
//  - Every output is a flip-flop: m_valid_o / m_data_o come from the output register and
//    s_ready_o is "the skid register is empty". No combinational path crosses the slice in
//    either direction, so it cuts the timing paths between the blocks on its two sides.
//  - Full throughput: one beat per cycle in steady state, no bubble. Latency one cycle.
//  - An input beat goes to the output register when that is empty or being emptied this
//    cycle; otherwise (output held by m_ready_i = 0) it goes to the skid register, and
//    s_ready_o falls until the skid entry moves to the output.
//  - m_data_o keeps its last value while m_valid_o is 0 (the registers are reset to 0, so
//    the outputs are defined from reset: lockstep compares them every cycle).
//  - LOAD_ANY = 1 (timing, for a wide payload behind a late valid): the data registers load
//    s_data_i whenever they could take a beat, whether s_valid_i is 1 or not (the output
//    register when it is free and the skid entry is empty, the skid entry when the output is
//    held and the skid entry is empty), so s_valid_i drives only the two valid flops, not the
//    data flops' enables. m_data_o while m_valid_o is 0 is then the last s_data_i offered
//    (still deterministic); a valid beat is held unchanged as always.
// Used on the internal streams of comet_engine (docs/reference/comet_engine.md).
module nic_axis_slice #(
  parameter int WIDTH    = 8,
  parameter bit LOAD_ANY = 1'b0
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             s_valid_i,
  output wire             s_ready_o,
  input  wire [WIDTH-1:0] s_data_i,
  output wire             m_valid_o,
  input  wire             m_ready_i,
  output wire [WIDTH-1:0] m_data_o
);
`ifndef __ICARUS__
  generate
    if (WIDTH < 1) begin : g_param_err
      $error("nic_axis_slice: WIDTH >= 1");
    end
  endgenerate
`endif

  reg             out_v_q, out_v_d;
  reg [WIDTH-1:0] out_q, out_d;
  reg             skid_v_q, skid_v_d;
  reg [WIDTH-1:0] skid_q, skid_d;
  reg             take, out_free;

  always @* begin
    take     = s_valid_i && !skid_v_q;          // s_ready_o = !skid_v_q
    out_free = !out_v_q || m_ready_i;           // the output register may load this cycle
    out_v_d  = out_v_q;
    out_d    = out_q;
    skid_v_d = skid_v_q;
    skid_d   = skid_q;
    if (out_free) begin
      if (skid_v_q) begin                       // the older beat first
        out_v_d  = 1'b1;
        out_d    = skid_q;
        skid_v_d = 1'b0;
      end else begin
        out_v_d  = take;
        if (take) out_d = s_data_i;
      end
    end else if (take) begin                    // output held: park the beat
      skid_v_d = 1'b1;
      skid_d   = s_data_i;
    end
    // LOAD_ANY: the same loads with s_valid_i left out of the data enables (written out so
    // that synthesis does not keep take in front of them)
    if (LOAD_ANY) begin
      out_d  = out_free ? (skid_v_q ? skid_q : s_data_i) : out_q;
      skid_d = (!out_free && !skid_v_q) ? s_data_i : skid_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_v_q  <= 1'b0;
      out_q    <= '0;
      skid_v_q <= 1'b0;
      skid_q   <= '0;
    end else begin
      out_v_q  <= out_v_d;
      out_q    <= out_d;
      skid_v_q <= skid_v_d;
      skid_q   <= skid_d;
    end
  end

  assign s_ready_o = !skid_v_q;
  assign m_valid_o = out_v_q;
  assign m_data_o  = out_q;

`ifdef FORMAL
  // The slice neither drops, duplicates nor reorders beats: the count of beats held matches
  // the handshakes, and each data register is loaded from the right place (a parked beat
  // from the input, the output from the skid entry before any newer beat).
  reg f_past_valid = 1'b0, f_rst_seen = 1'b0;
  reg [2:0] f_in_cnt = 3'd0, f_out_cnt = 3'd0;   // beats in / out (mod 8)
  always @* if (!f_past_valid) assume (!rst_ni);  // start in reset
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_rst_seen <= 1'b1;
    if (!rst_ni) begin
      f_in_cnt <= 3'd0; f_out_cnt <= 3'd0;
    end else begin
      if (s_valid_i && s_ready_o) f_in_cnt <= f_in_cnt + 3'd1;
      if (m_valid_o && m_ready_i) f_out_cnt <= f_out_cnt + 3'd1;
    end
  end
  always @* begin
    if (f_rst_seen && rst_ni) begin
      // beats held = out_v + skid_v = in - out
      assert (3'(f_in_cnt - f_out_cnt) == 3'({2'd0, out_v_q} + {2'd0, skid_v_q}));
      assert (!skid_v_q || out_v_q);             // the skid entry is never alone
    end
  end
  always @(posedge clk_i) begin
    if (f_past_valid && f_rst_seen && $past(rst_ni) && rst_ni) begin
      // AXI-Stream rules at the output: a valid beat stays, unchanged, until taken
      if ($past(m_valid_o && !m_ready_i)) assert (m_valid_o && m_data_o == $past(m_data_o));
      // the skid entry holds the beat that arrived while the output was held
      if ($past(s_valid_i && s_ready_o && m_valid_o && !m_ready_i))
        assert (skid_v_q && skid_q == $past(s_data_i));
      // a freed output takes the skid entry (the older beat) first
      if ($past(skid_v_q && m_ready_i)) assert (m_valid_o && m_data_o == $past(skid_q));
      // an accepted beat with a free output is on the output next cycle
      if ($past(s_valid_i && s_ready_o && !skid_v_q && (!m_valid_o || m_ready_i)))
        assert (m_valid_o && m_data_o == $past(s_data_i));
    end
  end
  always @(posedge clk_i) begin
    if (f_rst_seen && rst_ni) begin
      cover (skid_v_q);
      cover ($past(skid_v_q) && !skid_v_q && m_valid_o);
      cover ($past(m_valid_o && m_ready_i) && m_valid_o && $past(s_valid_i && s_ready_o));
    end
  end
`endif
endmodule
`default_nettype wire
