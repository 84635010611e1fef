# SPDX-License-Identifier: Apache-2.0
# Two Comet engines (comet_via + comet_tx + comet_rx each) back to back through nic_link. The
# stimulus owns both host memories (cmodel/nic_hostmem.c) and writes every link frame to a pcap.
COMET_ENG_RTL := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/nic_axis_slice.v rtl/comet_via_pkg.sv \
  rtl/comet_via_csr.v rtl/comet_via_ctl.v rtl/comet_via_cq.v rtl/comet_via_pf.v rtl/comet_via_dma.v \
  rtl/comet_via_walk.v rtl/comet_via_pack.v rtl/comet_via.v \
  rtl/comet_crc32_d64.v rtl/comet_csum64.v rtl/comet_tx_csr.v rtl/comet_tx_ingest.v rtl/comet_tx_egress.v \
  rtl/comet_tx.v rtl/comet_rx_csr.v rtl/comet_rx_ingest.v rtl/comet_rx_egress.v rtl/comet_rx_arp.v rtl/comet_rx.v \
  rtl/comet_engine.v
COMET_ENG_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/nic_axis_slice.c cmodel/comet_via.c \
  cmodel/comet_via_comb.c cmodel/comet_via_csr.c cmodel/comet_via_db.c cmodel/comet_via_fsm.c \
  cmodel/comet_via_desc.c cmodel/comet_via_pf.c cmodel/comet_via_walk.c cmodel/comet_via_dma.c \
  cmodel/comet_via_pack.c cmodel/comet_via_unpack.c cmodel/comet_via_wb.c cmodel/comet_crc32_d64.c \
  cmodel/comet_csum64.c cmodel/comet_tx_csr.c cmodel/comet_tx_ingest.c cmodel/comet_tx_egress.c \
  cmodel/comet_tx.c cmodel/comet_rx_csr.c cmodel/comet_rx_ingest.c cmodel/comet_rx_egress.c cmodel/comet_rx_arp.c \
  cmodel/comet_rx.c cmodel/comet_engine.c
COMET_SYS_RTL := $(COMET_ENG_RTL) rtl/nic_link.v rtl/comet_system2.v
COMET_SYS_MODEL := $(COMET_ENG_MODEL) cmodel/nic_link.c cmodel/comet_system2.c
DUTS += comet_system2
comet_system2_TOP   := comet_system2
comet_system2_RTL   := $(COMET_SYS_RTL)
comet_system2_MODEL := $(COMET_SYS_MODEL) cmodel/nic_hostmem.c cmodel/comet_frame.c
comet_system2_STIM  := tb/comet_system2_stim.c sw/nic_pcap.c
comet_system2_VFLAGS := -GLINK_LATENCY=4 -GNT_DEPTH=256
comet_system2_LIBS  := -Wl,--no-as-needed -lz -lpcap
comet_system2_CYCLES_TEST := 500000
# Icarus replay prefix (event-driven simulation of this DUT is slow; lockstep covers the full runs)
comet_system2_REPLAY_CYCLES := 6000
