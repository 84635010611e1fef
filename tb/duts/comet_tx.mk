# SPDX-License-Identifier: Apache-2.0
# comet_tx (Comet-FM IP encapsulation) as a lockstep DUT; NT_DEPTH = 256 (default)
DUTS += comet_tx
comet_tx_TOP   := comet_tx
comet_tx_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/comet_crc32_d64.v rtl/comet_csum64.v \
                  rtl/comet_tx_csr.v rtl/comet_tx_ingest.v rtl/comet_tx_egress.v rtl/comet_tx.v
comet_tx_MODEL := cmodel/nic_ram.c cmodel/comet_crc32_d64.c cmodel/comet_csum64.c \
                  cmodel/comet_tx_csr.c cmodel/comet_tx_ingest.c cmodel/comet_tx_egress.c \
                  cmodel/comet_tx.c cmodel/comet_frame.c
comet_tx_STIM  := tb/comet_tx_stim.c sw/nic_pcap.c
comet_tx_VFLAGS := -GNT_DEPTH=256
comet_tx_LIBS  := -Wl,--no-as-needed -lz -lpcap
comet_tx_CYCLES_TEST := 1500000
# Icarus replay prefix (event-driven simulation of this DUT is slow; lockstep covers the full runs)
comet_tx_REPLAY_CYCLES := 10000
