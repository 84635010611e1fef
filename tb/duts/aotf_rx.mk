# SPDX-License-Identifier: Apache-2.0
# aotf_rx as a lockstep DUT: 8 KiB LLCM (512-cycle init sweep, dense address collisions),
# 16 protection entries, 4-entry write buffer. The stimulus (tb/aotf_rx_stim.c) reads them from
# build/aotf_rx/ls_params.h, generated from aotf_rx_VFLAGS.
DUTS += aotf_rx
aotf_rx_TOP   := aotf_rx
aotf_rx_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/aotf_llcm.v rtl/aotf_rx_parse.v rtl/aotf_rx_tlb.v rtl/aotf_rx_pbuf.v \
   rtl/aotf_rx_prot.v rtl/aotf_rx_wbuf.v rtl/aotf_rx_csr.v rtl/aotf_rx.v
aotf_rx_MODEL := cmodel/nic_ram.c cmodel/aotf_llcm.c cmodel/aotf_rx.c
aotf_rx_STIM  := tb/aotf_rx_stim.c
aotf_rx_VFLAGS := -GLLCM_BYTES=8192 -GPT_ENTRIES=16 -GWB_DEPTH=4 -GTLB_ENTRIES=4
aotf_rx_CYCLES_TEST := 1500000
# Icarus replays: shorter prefix; the receive TLB and the BOTF packet buffer are slow event-driven
aotf_rx_REPLAY_CYCLES := 10000
