# SPDX-License-Identifier: Apache-2.0
# nic_link_err as a lockstep DUT: MAX_BEATS = 64 (the longest packet on a node link: BOTF 4 header
# + 58 data beats + the LINK trailer = 63); the stimulus sends packets up to 72 beats, so that
# the never-duplicated overlong case happens too.
DUTS += nic_link_err
nic_link_err_TOP   := nic_link_err
nic_link_err_RTL   := rtl/nic_ram_1r1w.v rtl/nic_link_err.v
nic_link_err_MODEL := cmodel/nic_ram.c cmodel/nic_link_err.c
nic_link_err_STIM  := tb/nic_link_err_stim.c
nic_link_err_VFLAGS := -GMAX_BEATS=64
nic_link_err_CYCLES_TEST := 300000
