# SPDX-License-Identifier: Apache-2.0
# nic_link as a lockstep DUT: LATENCY=7 (the paper's receive-side SWIF latency, Table 6),
# FIFO depth 16 (capacity 17) so back-pressure storms fill it often.
DUTS += nic_link
nic_link_TOP   := nic_link
nic_link_RTL   := rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/nic_link.v
nic_link_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/nic_link.c
nic_link_STIM  := tb/nic_link_stim.c
nic_link_VFLAGS := -GLATENCY=7
nic_link_CYCLES_TEST := 1000000
