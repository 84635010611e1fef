# SPDX-License-Identifier: Apache-2.0
# Two Martini nodes back to back (aotf_system2), driven by the host drivers and the paper's
# applications (sw/) through nic_hosts: the whole stack in lockstep.
SYS_RTL := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/aotf_kick_decode.v rtl/aotf_credit.v \
  rtl/aotf_htlb.v rtl/aotf_htlb_walk.v rtl/aotf_pktgen.v rtl/aotf_send_csr.v rtl/aotf_send.v rtl/aotf_llcm.v \
  rtl/aotf_rx_parse.v rtl/aotf_rx_tlb.v rtl/aotf_rx_pbuf.v rtl/aotf_rx_prot.v rtl/aotf_rx_wbuf.v rtl/aotf_rx_csr.v rtl/aotf_rx.v \
  rtl/comet_crc32_d64.v rtl/aotf_link.v rtl/nic_link_err.v rtl/nic_link.v rtl/nic_axis_slice.v rtl/aotf_botf.v rtl/aotf_pkt_arb.v rtl/aotf_node.v rtl/aotf_system2.v
SYS_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/aotf_kick_decode.c cmodel/aotf_credit.c \
  cmodel/aotf_htlb.c cmodel/aotf_htlb_walk.c cmodel/aotf_pktgen.c cmodel/aotf_send_csr.c cmodel/aotf_send.c cmodel/aotf_llcm.c \
  cmodel/aotf_rx.c cmodel/aotf_link.c cmodel/nic_link_err.c cmodel/nic_link.c cmodel/nic_axis_slice.c cmodel/aotf_botf.c cmodel/aotf_pkt_arb.c cmodel/aotf_node.c cmodel/aotf_system2.c
DUTS += aotf_system2
aotf_system2_TOP   := aotf_system2
aotf_system2_RTL   := $(SYS_RTL)
aotf_system2_MODEL := $(SYS_MODEL) cmodel/nic_switch.c sw/aotf_apps_lib.c $(LIBAOTF_SRC) sw/nic_sim.c sw/nic_fabric.c sw/nic_topo.c sw/fabric_rtl_none.c
aotf_system2_STIM  := tb/aotf_system2_stim.c
aotf_system2_CYCLES_TEST := 1000000
# Icarus replays: shorter prefix (random traffic completes its first round after about 10,000
# cycles); two nodes with their link layers are slow event-driven
aotf_system2_REPLAY_CYCLES := 12000
