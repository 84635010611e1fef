# SPDX-License-Identifier: Apache-2.0
# Xilinx 7-series, out-of-context clock constraint for node-clocked blocks (Comet engine, 156.25 MHz).
# The open flow (syn/synth.py) runs only Yosys synth_xilinx for Xilinx (resource counts);
# there is no open 7-series P&R here. This file is for a Vivado OOC run:
#   synth_design -top <top> -part xc7a100tcsg324-1 -mode out_of_context; read_xdc this file
create_clock -name clk_i -period 6.400 [get_ports clk_i]
