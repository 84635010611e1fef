# SPDX-License-Identifier: Apache-2.0
# aotf_botf (BOTF send path) as a lockstep DUT: 64 windows, 16 header entries and a 16-entry
# request queue (smaller than the node's 64, so that a full queue happens). Modes: see
# tb/aotf_botf_stim.c.
DUTS += aotf_botf
aotf_botf_TOP   := aotf_botf
aotf_botf_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/aotf_botf.v
aotf_botf_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/aotf_botf.c
aotf_botf_STIM  := tb/aotf_botf_stim.c
aotf_botf_VFLAGS := -GNWIN=64 -GHDRS=16 -GQDEPTH=16
aotf_botf_CYCLES_TEST := 400000
