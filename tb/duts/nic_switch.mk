# SPDX-License-Identifier: Apache-2.0
# nic_switch as a lockstep DUT: the RADIX = 4 top nic_switch_ls4 (one named port per stream
# signal), LFT_DEPTH 1024 (a short clear sweep after each reset), a 256-beat buffer per input
# (1.3 maximal Ethernet frames, so that the random mode fills it), two iSLIP iterations.
DUTS += nic_switch
nic_switch_TOP   := nic_switch_ls4
nic_switch_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/comet_crc32_d64.v rtl/nic_switch_in.v rtl/nic_switch_arb.v \
                    rtl/nic_switch_csr.v rtl/nic_switch.v rtl/nic_switch_ls4.v
nic_switch_MODEL := cmodel/nic_ram.c cmodel/nic_switch.c
nic_switch_STIM  := tb/nic_switch_stim.c
nic_switch_VFLAGS := -GLFT_DEPTH=1024 -GMFT_DEPTH=64 -GBUF_BEATS=256 -GITERS=2
nic_switch_CYCLES_TEST := 300000
nic_switch_REPLAY_CYCLES := 5000
