`default_nettype none
// nic_csr_req: the CSR request a block acts on. REG = 0: the bus request itself. REG = 1: the bus
// request registered once (the block then answers one cycle later), together with strobes the
// owner decodes from the bus request (stb_i: e.g. one write strobe per register), so that each
// strobe is a flop and no address compare sits behind the request register (timing, issue 5).
// req and the strobes are reset; the payload (we, addr, wdata) is not (don't-care while req is 0).
// Used by aotf_send_csr and aotf_rx (their CSR_REG / REQ_REG parameter); the C models keep the
// registered request in their state (cq_* / rq_*) and are checked through those blocks' lockstep.
module nic_csr_req #(
  parameter bit REG = 1'b0,
  parameter int AW  = 12,   // address bits
  parameter int NS  = 1     // strobes
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          req_i,
  input  wire          we_i,
  input  wire [AW-1:0] addr_i,
  input  wire [31:0]   wdata_i,
  input  wire [NS-1:0] stb_i,    // decoded from req_i / we_i / addr_i / wdata_i by the owner
  output wire          req_o,
  output wire          we_o,
  output wire [AW-1:0] addr_o,
  output wire [31:0]   wdata_o,
  output wire [NS-1:0] stb_o
);
`ifndef __ICARUS__
  generate
    if (AW < 1 || NS < 1) begin : g_err
      $error("nic_csr_req: AW and NS must be >= 1");
    end
  endgenerate
`endif
  reg          req_q, we_q;
  reg [AW-1:0] addr_q;
  reg [31:0]   wdata_q;
  reg [NS-1:0] stb_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      req_q <= 1'b0;
      stb_q <= '0;
    end else begin
      req_q <= req_i;
      stb_q <= stb_i;
    end
  end
  always @(posedge clk_i) begin
    we_q    <= we_i;
    addr_q  <= addr_i;
    wdata_q <= wdata_i;
  end
  assign req_o   = REG ? req_q   : req_i;
  assign we_o    = REG ? we_q    : we_i;
  assign addr_o  = REG ? addr_q  : addr_i;
  assign wdata_o = REG ? wdata_q : wdata_i;
  assign stb_o   = REG ? stb_q   : stb_i;
endmodule
`default_nettype wire
