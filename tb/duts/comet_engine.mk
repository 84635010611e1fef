# SPDX-License-Identifier: Apache-2.0
# One Comet engine (comet_via + comet_tx + comet_rx) as a lockstep DUT: the transmit merge of
# Comet frames and ARP replies (tb/comet_engine_stim.c). Sources: tb/duts/comet_system2.mk.
DUTS += comet_engine
comet_engine_TOP   := comet_engine
comet_engine_RTL    = $(COMET_ENG_RTL)
comet_engine_MODEL  = $(COMET_ENG_MODEL) cmodel/nic_hostmem.c cmodel/comet_frame.c
comet_engine_STIM  := tb/comet_engine_stim.c
comet_engine_LIBS  := -Wl,--no-as-needed -lz
comet_engine_CYCLES_TEST := 400000
comet_engine_REPLAY_CYCLES := 6000
