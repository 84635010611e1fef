# SPDX-License-Identifier: Apache-2.0
# comet_via (Comet-VIA host interface engine) as a lockstep DUT. The stimulus owns the host
# memory model (cmodel/nic_hostmem.c) that answers the DMA port.
DUTS += comet_via
comet_via_TOP   := comet_via
comet_via_RTL   := rtl/nic_pkg.sv rtl/nic_ram_1r1w.v rtl/nic_fifo.v rtl/nic_axis_slice.v rtl/comet_via_pkg.sv \
  rtl/comet_via_csr.v rtl/comet_via_ctl.v rtl/comet_via_cq.v rtl/comet_via_pf.v rtl/comet_via_dma.v \
  rtl/comet_via_walk.v rtl/comet_via_pack.v rtl/comet_via.v
comet_via_MODEL := cmodel/nic_ram.c cmodel/nic_fifo.c cmodel/nic_axis_slice.c cmodel/comet_via.c \
  cmodel/comet_via_comb.c cmodel/comet_via_csr.c cmodel/comet_via_db.c cmodel/comet_via_fsm.c \
  cmodel/comet_via_desc.c cmodel/comet_via_pf.c cmodel/comet_via_walk.c cmodel/comet_via_dma.c \
  cmodel/comet_via_pack.c cmodel/comet_via_unpack.c cmodel/comet_via_wb.c cmodel/nic_hostmem.c
comet_via_STIM  := tb/comet_via_stim.c
comet_via_VFLAGS := -GNUM_DB=8 -GDB_DEPTH=16 -GMAX_SEGS=16 -GRSP_DEPTH=32 -GPF_SLOTS=4
comet_via_CYCLES_TEST := 2000000
# Icarus replay prefix (event-driven simulation of this DUT is slow; lockstep covers the full runs)
comet_via_REPLAY_CYCLES := 6000
