# SPDX-License-Identifier: Apache-2.0
# Generic SDC clock constraint (node clock, 150 MHz), for tools that read SDC
# (e.g. OpenSTA, Vivado's SDC-compatible subset). Comet engine: -period 6.400.
create_clock -name clk_i -period 6.667 [get_ports clk_i]
