# SPDX-License-Identifier: Apache-2.0
# aotf_send (Martini AOTF send path) as a lockstep DUT, default parameters
# (NUM_USERS=8, FIFO_DEPTH=2048, HTLB 256 x 4). Modes: see tb/aotf_send_stim.c.
DUTS += aotf_send
aotf_send_TOP   := aotf_send
aotf_send_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/aotf_kick_decode.v \
  rtl/aotf_credit.v rtl/aotf_htlb.v rtl/aotf_htlb_walk.v rtl/aotf_pktgen.v rtl/aotf_send_csr.v rtl/nic_axis_slice.v rtl/aotf_send.v
aotf_send_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/nic_axis_slice.c cmodel/aotf_kick_decode.c cmodel/aotf_credit.c \
  cmodel/aotf_htlb.c cmodel/aotf_htlb_walk.c cmodel/aotf_pktgen.c cmodel/aotf_send_csr.c cmodel/aotf_send.c
aotf_send_STIM  := tb/aotf_send_stim.c
aotf_send_VFLAGS := -GNUM_USERS=8 -GFIFO_DEPTH=2048 -GHTLB_SETS=256 -GHTLB_WAYS=4
aotf_send_CYCLES_TEST := 2000000
# Icarus replays: shorter prefix; the refill walker and the seed lane RAMs are slow event-driven
aotf_send_REPLAY_CYCLES := 8000
