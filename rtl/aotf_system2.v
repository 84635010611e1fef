// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// aotf_system2: two Martini nodes back to back (the paper's opposed nodes): node A's link
// output goes through a nic_link to node B's input and vice versa. Each node's host ports
// (kick stores, LLCM reads, CSR bus, interrupt) are brought out with suffix _a / _b.
// In front of each nic_link a nic_link_err drops, corrupts or duplicates packets with the
// probabilities err_*_thr_i / 2^32 (seeds err_seed_ab_i / err_seed_ba_i, loaded at reset); all
// thresholds 0: a combinational pass-through, the system is cycle-identical to one without it.
module aotf_system2 #(
  parameter int FIFO_DEPTH   = 2048,
  parameter int LLCM_BYTES   = 131072,
  parameter int LINK_LATENCY = 4
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire st_valid_a_i,
  input  wire [31:0] st_addr_a_i,
  input  wire [63:0] st_data_a_i,
  input  wire [7:0] st_be_a_i,
  input  wire hr_valid_a_i,
  input  wire [31:0] hr_addr_a_i,
  input  wire csr_req_a_i,
  input  wire csr_we_a_i,
  input  wire [15:0] csr_addr_a_i,
  input  wire [31:0] csr_wdata_a_i,
  output wire st_ready_a_o,
  output wire hr_rvalid_a_o,
  output wire [63:0] hr_rdata_a_o,
  output wire csr_ack_a_o,
  output wire [31:0] csr_rdata_a_o,
  output wire irq_a_o,
  input  wire st_valid_b_i,
  input  wire [31:0] st_addr_b_i,
  input  wire [63:0] st_data_b_i,
  input  wire [7:0] st_be_b_i,
  input  wire hr_valid_b_i,
  input  wire [31:0] hr_addr_b_i,
  input  wire csr_req_b_i,
  input  wire csr_we_b_i,
  input  wire [15:0] csr_addr_b_i,
  input  wire [31:0] csr_wdata_b_i,
  output wire st_ready_b_o,
  output wire hr_rvalid_b_o,
  output wire [63:0] hr_rdata_b_o,
  output wire csr_ack_b_o,
  output wire [31:0] csr_rdata_b_o,
  output wire irq_b_o,
  input  wire [31:0] err_seed_ab_i,
  input  wire [31:0] err_seed_ba_i,
  input  wire [31:0] err_drop_thr_i,
  input  wire [31:0] err_corrupt_thr_i,
  input  wire [31:0] err_dup_thr_i
);
  // link wires: x2y = node x output -> link -> node y input
  wire [63:0] a_n_tdata, b_n_tdata;
  wire [7:0]  a_n_tkeep, b_n_tkeep;
  wire        a_n_tvalid, a_n_tready, a_n_tlast, b_n_tvalid, b_n_tready, b_n_tlast;
  wire [63:0] a_out_tdata;
  wire [7:0]  a_out_tkeep;
  wire        a_out_tvalid, a_out_tready, a_out_tlast;
  wire [63:0] b_in_tdata;
  wire [7:0]  b_in_tkeep;
  wire        b_in_tvalid, b_in_tready, b_in_tlast;
  wire [63:0] b_out_tdata;
  wire [7:0]  b_out_tkeep;
  wire        b_out_tvalid, b_out_tready, b_out_tlast;
  wire [63:0] a_in_tdata;
  wire [7:0]  a_in_tkeep;
  wire        a_in_tvalid, a_in_tready, a_in_tlast;
  aotf_node #(.FIFO_DEPTH(FIFO_DEPTH), .LLCM_BYTES(LLCM_BYTES)) u_node_a (
    .clk_i, .rst_ni,
    .st_valid_i(st_valid_a_i), .st_addr_i(st_addr_a_i), .st_data_i(st_data_a_i), .st_be_i(st_be_a_i),
    .hr_valid_i(hr_valid_a_i), .hr_addr_i(hr_addr_a_i), .csr_req_i(csr_req_a_i), .csr_we_i(csr_we_a_i), .csr_addr_i(csr_addr_a_i), .csr_wdata_i(csr_wdata_a_i), .st_ready_o(st_ready_a_o), .hr_rvalid_o(hr_rvalid_a_o), .hr_rdata_o(hr_rdata_a_o), .csr_ack_o(csr_ack_a_o), .csr_rdata_o(csr_rdata_a_o), .irq_o(irq_a_o),
    .m_axis_tdata(a_n_tdata), .m_axis_tkeep(a_n_tkeep), .m_axis_tvalid(a_n_tvalid),
    .m_axis_tready(a_n_tready), .m_axis_tlast(a_n_tlast),
    .s_axis_tdata(a_in_tdata), .s_axis_tkeep(a_in_tkeep), .s_axis_tvalid(a_in_tvalid),
    .s_axis_tready(a_in_tready), .s_axis_tlast(a_in_tlast)
  );
  aotf_node #(.FIFO_DEPTH(FIFO_DEPTH), .LLCM_BYTES(LLCM_BYTES)) u_node_b (
    .clk_i, .rst_ni,
    .st_valid_i(st_valid_b_i), .st_addr_i(st_addr_b_i), .st_data_i(st_data_b_i), .st_be_i(st_be_b_i),
    .hr_valid_i(hr_valid_b_i), .hr_addr_i(hr_addr_b_i), .csr_req_i(csr_req_b_i), .csr_we_i(csr_we_b_i), .csr_addr_i(csr_addr_b_i), .csr_wdata_i(csr_wdata_b_i), .st_ready_o(st_ready_b_o), .hr_rvalid_o(hr_rvalid_b_o), .hr_rdata_o(hr_rdata_b_o), .csr_ack_o(csr_ack_b_o), .csr_rdata_o(csr_rdata_b_o), .irq_o(irq_b_o),
    .m_axis_tdata(b_n_tdata), .m_axis_tkeep(b_n_tkeep), .m_axis_tvalid(b_n_tvalid),
    .m_axis_tready(b_n_tready), .m_axis_tlast(b_n_tlast),
    .s_axis_tdata(b_in_tdata), .s_axis_tkeep(b_in_tkeep), .s_axis_tvalid(b_in_tvalid),
    .s_axis_tready(b_in_tready), .s_axis_tlast(b_in_tlast)
  );
  // error injection in front of each link (counters observed in the nic_link_err bench)
  /* verilator lint_off PINCONNECTEMPTY */
  nic_link_err #(.MAX_BEATS(64)) u_err_ab (
    .clk_i, .rst_ni,
    .s_axis_tdata(a_n_tdata), .s_axis_tkeep(a_n_tkeep), .s_axis_tvalid(a_n_tvalid),
    .s_axis_tready(a_n_tready), .s_axis_tlast(a_n_tlast),
    .m_axis_tdata(a_out_tdata), .m_axis_tkeep(a_out_tkeep), .m_axis_tvalid(a_out_tvalid),
    .m_axis_tready(a_out_tready), .m_axis_tlast(a_out_tlast),
    .cfg_seed_i(err_seed_ab_i), .cfg_drop_thr_i(err_drop_thr_i), .cfg_corrupt_thr_i(err_corrupt_thr_i),
    .cfg_dup_thr_i(err_dup_thr_i),
    .cnt_drop_o(), .cnt_corrupt_o(), .cnt_dup_o(), .cnt_pkts_o()
  );
  nic_link_err #(.MAX_BEATS(64)) u_err_ba (
    .clk_i, .rst_ni,
    .s_axis_tdata(b_n_tdata), .s_axis_tkeep(b_n_tkeep), .s_axis_tvalid(b_n_tvalid),
    .s_axis_tready(b_n_tready), .s_axis_tlast(b_n_tlast),
    .m_axis_tdata(b_out_tdata), .m_axis_tkeep(b_out_tkeep), .m_axis_tvalid(b_out_tvalid),
    .m_axis_tready(b_out_tready), .m_axis_tlast(b_out_tlast),
    .cfg_seed_i(err_seed_ba_i), .cfg_drop_thr_i(err_drop_thr_i), .cfg_corrupt_thr_i(err_corrupt_thr_i),
    .cfg_dup_thr_i(err_dup_thr_i),
    .cnt_drop_o(), .cnt_corrupt_o(), .cnt_dup_o(), .cnt_pkts_o()
  );
  /* verilator lint_on PINCONNECTEMPTY */
  nic_link #(.LATENCY(LINK_LATENCY)) u_link_ab (
    .clk_i, .rst_ni,
    .s_axis_tdata(a_out_tdata), .s_axis_tkeep(a_out_tkeep), .s_axis_tvalid(a_out_tvalid),
    .s_axis_tready(a_out_tready), .s_axis_tlast(a_out_tlast),
    .m_axis_tdata(b_in_tdata), .m_axis_tkeep(b_in_tkeep), .m_axis_tvalid(b_in_tvalid),
    .m_axis_tready(b_in_tready), .m_axis_tlast(b_in_tlast),
    /* verilator lint_off PINCONNECTEMPTY */ // occupancy is observed in the nic_link bench
    .dbg_count_o(), .dbg_mature_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );
  nic_link #(.LATENCY(LINK_LATENCY)) u_link_ba (
    .clk_i, .rst_ni,
    .s_axis_tdata(b_out_tdata), .s_axis_tkeep(b_out_tkeep), .s_axis_tvalid(b_out_tvalid),
    .s_axis_tready(b_out_tready), .s_axis_tlast(b_out_tlast),
    .m_axis_tdata(a_in_tdata), .m_axis_tkeep(a_in_tkeep), .m_axis_tvalid(a_in_tvalid),
    .m_axis_tready(a_in_tready), .m_axis_tlast(a_in_tlast),
    /* verilator lint_off PINCONNECTEMPTY */ // occupancy is observed in the nic_link bench
    .dbg_count_o(), .dbg_mature_o()
    /* verilator lint_on PINCONNECTEMPTY */
  );
endmodule
`default_nettype wire
