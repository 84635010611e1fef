# SPDX-License-Identifier: Apache-2.0
# The fabric split over MPI ranks (sw/nic_fabric_mpi.{c,h}, docs/guide/scaleout.md):
#   build/sw/aotf_apps_mpi_model   the applications, C model backend, under mpirun
#   build/sw/aotf_apps_mpi         the same with the Verilated RTL backend (rtl, lockstep)
#   make scaleout                  R = 1 against R = SCALE_RANKS on SCALE_TOPO (outputs diffed)
#   make scaleout-bench            build/bench/scaleout.txt (also part of make bench)
MPICC    ?= mpicc
SCALE_TOPO  ?= tree8:64
SCALE_RANKS ?= 2
SCALE_APP   ?= barrier
MPI_SRC := sw/nic_fabric_mpi.c sw/aotf_apps_mpi.c
MPI_OBJS := $(patsubst %.c,$(BUILD)/mpiobj/%.o,$(MPI_SRC))
# sw.mk is read after this file: the object lists expand at the second expansion
SW_OBJS_NOMAIN = $(filter-out $(BUILD)/swobj/sw/aotf_apps.o,$(SW_OBJS))

$(BUILD)/mpiobj/%.o: %.c
	@mkdir -p $(@D)
	$(MPICC) $(SW_CFLAGS) $(call layer_inc,$<) -c $< -o $@

.SECONDEXPANSION:
$(BUILD)/sw/aotf_apps_mpi_model: $$(SW_OBJS_NOMAIN) $(MPI_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o
	@mkdir -p $(@D)
	$(MPICC) $^ -o $@

# the RTL build links the Verilated node and switch of build/sw/aotf_apps (sw.mk)
$(BUILD)/sw/aotf_apps_mpi: $(BUILD)/sw/aotf_apps $$(SW_OBJS_NOMAIN) $(MPI_OBJS)
	$(MPICC) -o $@ $(MPI_OBJS) $(SW_OBJS_NOMAIN) $(BUILD)/sw/vl/fabric_rtl.o $(BUILD)/sw/vl/nic_switch_rtl.o \
	  $(BUILD)/sw/vl/Vnode__ALL.a $(BUILD)/sw/vl_sw/Vsw16__ALL.a $(filter-out $(BUILD)/sw/vl/fabric_rtl.o \
	  $(BUILD)/sw/vl/nic_switch_rtl.o,$(wildcard $(BUILD)/sw/vl/verilated*.o)) -lstdc++ -lm -lpthread -lz

.PHONY: scaleout scaleout-bench
scaleout: $(BUILD)/sw/aotf_apps_mpi_model
	bash scripts/scaleout.sh check $(SCALE_TOPO) $(SCALE_APP) $(SCALE_RANKS)

scaleout-bench: $(BUILD)/sw/aotf_apps_mpi_model $(BUILD)/sw/aotf_apps_mpi
	bash scripts/scaleout.sh bench
