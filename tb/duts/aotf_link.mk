# SPDX-License-Identifier: Apache-2.0
# aotf_link as a lockstep DUT: one link layer sends to itself through a lossy channel modelled in
# the stimulus. A small retransmit buffer (128 beats, 16 packets) so that back-pressure from a
# full buffer is frequent.
DUTS += aotf_link
aotf_link_TOP   := aotf_link
aotf_link_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/comet_crc32_d64.v rtl/aotf_link.v
aotf_link_MODEL := cmodel/nic_ram.c cmodel/aotf_link.c
aotf_link_STIM  := tb/aotf_link_stim.c
aotf_link_VFLAGS := -GMAX_NODES=16 -GBUF_BEATS=128 -GBUF_PKTS=16 -GMAX_PKT_BEATS=16
aotf_link_CYCLES_TEST := 400000
# Icarus replays: shorter prefix; three CRC-32 units make the event-driven simulation slow
aotf_link_REPLAY_CYCLES := 3000
