# SPDX-License-Identifier: Apache-2.0
# nic_axis_slice (register slice) as a lockstep DUT: random valid / ready phases, a reference
# queue, and a full-rate check (one beat per cycle while both sides are willing).
DUTS += nic_axis_slice
nic_axis_slice_TOP   := nic_axis_slice
nic_axis_slice_RTL   := rtl/nic_axis_slice.v
nic_axis_slice_MODEL := cmodel/nic_axis_slice.c
nic_axis_slice_STIM  := tb/nic_axis_slice_stim.c
nic_axis_slice_VFLAGS := -GWIDTH=40
nic_axis_slice_CYCLES_TEST := 1000000
