// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// nic_axil_csr: AXI4-Lite slave (32-bit data) -> the project CSR bus (docs/reference/axi.md).
//  - One transaction at a time: a read (AR) or a write (AW and W both present) is taken in
//    IDLE, becomes one csr_req_o pulse (registered), waits for csr_ack_i (any latency) and is
//    answered on R or B; the next transaction is taken after the response handshake. When a
//    read and a write are both waiting they alternate (last_wr_q), so neither starves.
//  - Byte strobes: WSTRB = 4'hF writes the word; WSTRB = 0 is answered OKAY with no CSR
//    request; any other (partial) strobe is refused with SLVERR and no CSR request (the CSR
//    bus has no byte enables and read-modify-write would race the hardware's own updates).
//  - The CSR address is the AXI address with bits 1:0 cleared (AWPROT / ARPROT ignored).
//  - Reads are always OKAY: an unmapped read returns the block's CSR_UNMAPPED (0xDEADBEEF).
module nic_axil_csr #(
  parameter int ADDR_W = 16
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // AXI4-Lite slave (address bits 1:0 are not used: 32-bit registers)
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [ADDR_W-1:0] s_axil_awaddr,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire              s_axil_awvalid,
  output wire              s_axil_awready,
  input  wire [31:0]       s_axil_wdata,
  input  wire [3:0]        s_axil_wstrb,
  input  wire              s_axil_wvalid,
  output wire              s_axil_wready,
  output wire [1:0]        s_axil_bresp,
  output wire              s_axil_bvalid,
  input  wire              s_axil_bready,
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [ADDR_W-1:0] s_axil_araddr,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire              s_axil_arvalid,
  output wire              s_axil_arready,
  output wire [31:0]       s_axil_rdata,
  output wire [1:0]        s_axil_rresp,
  output wire              s_axil_rvalid,
  input  wire              s_axil_rready,
  // CSR bus master
  output wire              csr_req_o,
  output wire              csr_we_o,
  output wire [ADDR_W-1:0] csr_addr_o,
  output wire [31:0]       csr_wdata_o,
  input  wire              csr_ack_i,
  input  wire [31:0]       csr_rdata_i
);
  localparam logic [1:0] S_IDLE = 2'd0, S_WAIT = 2'd1, S_BRSP = 2'd2, S_RRSP = 2'd3;
  localparam logic [1:0] RESP_OKAY = 2'b00, RESP_SLVERR = 2'b10;

  reg [1:0]        st_q, st_d;
  reg              last_wr_q, last_wr_d;
  reg              req_q, req_d;
  reg              we_q, we_d;
  reg [ADDR_W-1:0] addr_q, addr_d;
  reg [31:0]       wdata_q, wdata_d;
  reg [31:0]       rdata_q, rdata_d;
  reg [1:0]        resp_q, resp_d;

  wire wr_here = s_axil_awvalid && s_axil_wvalid;
  // the chosen transaction in IDLE: a write when only a write waits, or both wait and the
  // previous one was a read
  wire take_wr = (st_q == S_IDLE) && wr_here && (!s_axil_arvalid || !last_wr_q);
  wire take_rd = (st_q == S_IDLE) && s_axil_arvalid && !take_wr;

  always @* begin
    st_d      = st_q;
    last_wr_d = last_wr_q;
    req_d     = 1'b0;
    we_d      = we_q;
    addr_d    = addr_q;
    wdata_d   = wdata_q;
    rdata_d   = rdata_q;
    resp_d    = resp_q;
    case (st_q)
      S_IDLE: begin
        if (take_wr) begin
          last_wr_d = 1'b1;
          we_d      = 1'b1;
          addr_d    = {s_axil_awaddr[ADDR_W-1:2], 2'b00};
          wdata_d   = s_axil_wdata;
          rdata_d   = 32'd0;
          if (s_axil_wstrb == 4'hF) begin
            req_d = 1'b1;
            st_d  = S_WAIT;
          end else begin
            resp_d = (s_axil_wstrb == 4'h0) ? RESP_OKAY : RESP_SLVERR;
            st_d   = S_BRSP;
          end
        end else if (take_rd) begin
          last_wr_d = 1'b0;
          we_d      = 1'b0;
          addr_d    = {s_axil_araddr[ADDR_W-1:2], 2'b00};
          req_d     = 1'b1;
          st_d      = S_WAIT;
        end
      end
      S_WAIT: begin
        if (csr_ack_i) begin
          rdata_d = we_q ? 32'd0 : csr_rdata_i;
          resp_d  = RESP_OKAY;
          st_d    = we_q ? S_BRSP : S_RRSP;
        end
      end
      S_BRSP: if (s_axil_bready) st_d = S_IDLE;
      default: if (s_axil_rready) st_d = S_IDLE;
    endcase
  end

  always @(posedge clk_i)
    if (!rst_ni) begin
      st_q      <= S_IDLE;
      last_wr_q <= 1'b0;
      req_q     <= 1'b0;
      resp_q    <= RESP_OKAY;
    end else begin
      st_q      <= st_d;
      last_wr_q <= last_wr_d;
      req_q     <= req_d;
      resp_q    <= resp_d;
    end

  // (request fields and read data are written before they are read: no reset)
  always @(posedge clk_i) begin
    we_q    <= we_d;
    addr_q  <= addr_d;
    wdata_q <= wdata_d;
    rdata_q <= rdata_d;
  end

  assign s_axil_awready = take_wr;
  assign s_axil_wready  = take_wr;
  assign s_axil_arready = take_rd;
  assign s_axil_bvalid  = (st_q == S_BRSP);
  assign s_axil_bresp   = resp_q;
  assign s_axil_rvalid  = (st_q == S_RRSP);
  assign s_axil_rresp   = RESP_OKAY;
  assign s_axil_rdata   = rdata_q;
  assign csr_req_o      = req_q;
  assign csr_we_o       = we_q;
  assign csr_addr_o     = addr_q;
  assign csr_wdata_o    = wdata_q;
endmodule
`default_nettype wire
