# SPDX-License-Identifier: Apache-2.0
# nic_fifo as a lockstep DUT (small parameters so full/empty corners happen often)
DUTS += nic_fifo
nic_fifo_TOP   := nic_fifo
nic_fifo_RTL   := rtl/nic_ram_1r1w.v rtl/nic_fifo.v
nic_fifo_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c
nic_fifo_STIM  := tb/nic_fifo_stim.c
nic_fifo_VFLAGS := -GDEPTH=16 -GWIDTH=40
nic_fifo_CYCLES_TEST := 2000000
