# SPDX-License-Identifier: Apache-2.0
# comet_rx (Comet-FM frame checking / decapsulation) as a lockstep DUT
DUTS += comet_rx
comet_rx_TOP   := comet_rx
comet_rx_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/comet_crc32_d64.v rtl/comet_csum64.v \
                  rtl/comet_rx_csr.v rtl/comet_rx_ingest.v rtl/comet_rx_egress.v rtl/comet_rx_arp.v \
                  rtl/comet_rx.v
comet_rx_MODEL := cmodel/nic_ram.c cmodel/comet_crc32_d64.c cmodel/comet_csum64.c \
                  cmodel/comet_rx_csr.c cmodel/comet_rx_ingest.c cmodel/comet_rx_egress.c cmodel/comet_rx_arp.c \
                  cmodel/comet_rx.c cmodel/comet_frame.c
comet_rx_STIM  := tb/comet_rx_stim.c sw/nic_pcap.c
comet_rx_LIBS  := -Wl,--no-as-needed -lz -lpcap
comet_rx_CYCLES_TEST := 1500000
# Icarus replay prefix (event-driven simulation of this DUT is slow; lockstep covers the full runs)
comet_rx_REPLAY_CYCLES := 10000
