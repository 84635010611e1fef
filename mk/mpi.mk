# SPDX-License-Identifier: Apache-2.0
# The MPI-subset message layer (sw/mpi/, docs/guide/mpi.md).
#   build/mpi/nmpirun        the launcher + message layer + Comet-FM transport + C models
#   sw/mpi/nmpicc            compiles an MPI program into build/... .so for nmpirun
#   make mpi-test            the conformance suite on 2 and 8 ranks (model backend) and the
#                            comparison with Open MPI (sw/mpi/tests/compare.c)
#   make mpi-bench           the figures -> build/bench/mpi.txt
#   make mpi-demo            an MPI program on 8 Comet nodes, then on 64 AOTF nodes
#   make mpi-lockstep        p2p on 2 ranks with RTL and models compared every cycle
NMPI_SRC := sw/mpi/nmpi.c sw/mpi/nmpi_match.c sw/mpi/nmpi_comet.c sw/mpi/nmpi_aotf.c sw/mpi/nmpirun.c
NMPI_COMET_SRC := sw/vipl.c sw/comet_fm.c
NMPI_AOTF_SRC := $(LIBAOTF_SRC) sw/nic_sim.c sw/nic_fabric.c sw/nic_topo.c
# both fabrics' C models (tb/duts/comet_system2.mk, tb/duts/aotf_system2.mk; nic_switch from the Comet list)
NMPI_OBJS := $(sort $(patsubst %.c,$(BUILD)/obj/%.o,$(filter cmodel/%.c,$(COMET_SYS_MODEL)) \
  $(filter-out cmodel/aotf_system2.c,$(SYS_MODEL))) \
  $(patsubst %.c,$(BUILD)/swobj/%.o,$(NMPI_SRC) $(NMPI_COMET_SRC) $(NMPI_AOTF_SRC) \
  $(filter-out $(COMET_SYS_MODEL),$(COMET_HW_MODEL_SRC))))
NMPI_TESTS := p2p wildcard truncate unexpected many collectives finalize compare
NMPICC := sw/mpi/nmpicc
NMPI_TFLAGS := -std=c11 -O2 -Wall -Wextra -Werror

$(BUILD)/mpi/nmpirun: $(NMPI_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o sw/mpi/nmpi.dynlist
	@mkdir -p $(@D)
	$(CC) $(NMPI_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o -o $@ -Wl,--dynamic-list=sw/mpi/nmpi.dynlist $(COMET_APPS_LIBS) -ldl

$(BUILD)/mpi/tests/%.so: sw/mpi/tests/%.c sw/mpi/mpi.h $(NMPICC)
	@mkdir -p $(@D)
	$(NMPICC) $(NMPI_TFLAGS) $< -o $@

# the same source against Open MPI
$(BUILD)/mpi/ompi/%: sw/mpi/tests/%.c
	@mkdir -p $(@D)
	mpicc $(NMPI_TFLAGS) $< -o $@

NMPIRUN := $(BUILD)/mpi/nmpirun
.PHONY: mpi mpi-test mpi-compare mpi-demo
mpi: $(NMPIRUN) $(addprefix $(BUILD)/mpi/tests/,$(addsuffix .so,$(NMPI_TESTS) bench))

mpi-test: mpi $(BUILD)/mpi/ompi/compare
	bash sw/mpi/tests/suite.sh

mpi-compare: mpi $(BUILD)/mpi/ompi/compare
	bash sw/mpi/tests/suite.sh compare

mpi-demo: mpi
	$(NMPIRUN) -n 8 --stats $(BUILD)/mpi/tests/compare.so
	$(NMPIRUN) -n 64 --nic aotf $(BUILD)/mpi/tests/compare.so

# the launcher with the Comet RTL backends (--backend rtl|lockstep with --nic comet): the
# Verilated Comet engine and switch libraries of mk/comet_apps.mk and mk/sw.mk, linked the way
# comet_apps is (the AOTF nodes stay C models in this build: sw/fabric_rtl_none.c)
$(BUILD)/mpi/nmpirun_rtl: $(NMPI_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o sw/mpi/nmpi.dynlist $(COMET_HW_RTL_SRC) sw/comet_hw_vl.hpp $(COMET_SYS_RTL) \
  $(BUILD)/sw/vl_ceng/Vceng__ALL.a $(BUILD)/sw/vl_sw/Vsw16__ALL.a
	@mkdir -p $(BUILD)/mpi/vl
	@rm -f $@
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vcsys --top-module comet_system2 \
	  $(comet_system2_VFLAGS) --Mdir $(BUILD)/mpi/vl -o $(ROOT)/$@ \
	  -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/cmodel -I$(ROOT)/$(BUILD)/sw/vl_ceng -I$(ROOT)/$(BUILD)/sw/vl_sw" \
	  -LDFLAGS "$(ROOT)/$(BUILD)/sw/vl_ceng/Vceng__ALL.a $(ROOT)/$(BUILD)/sw/vl_sw/Vsw16__ALL.a $(COMET_APPS_LIBS) -Wl,--dynamic-list=$(ROOT)/sw/mpi/nmpi.dynlist -ldl" \
	  $(COMET_SYS_RTL) $(addprefix $(ROOT)/,$(COMET_HW_RTL_SRC)) $(addprefix $(ROOT)/,$(NMPI_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o) \
	  > $(BUILD)/mpi/vl.log 2>&1 || { tail -40 $(BUILD)/mpi/vl.log; exit 1; }

.PHONY: mpi-lockstep
mpi-lockstep: mpi $(BUILD)/mpi/nmpirun_rtl
	bash sw/mpi/tests/suite.sh lockstep

# instruction counts of MPI_Isend / MPI_Irecv / MPI_Wait (callgrind, library code only)
$(BUILD)/mpi/nmpi_instr: $(BUILD)/swobj/sw/mpi/nmpi_instr.o $(BUILD)/swobj/sw/mpi/nmpi.o $(BUILD)/swobj/sw/mpi/nmpi_match.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# the message layer's figures -> build/bench/mpi.txt (scripts/bench.sh adds them to bench.json)
.PHONY: mpi-bench
mpi-bench: mpi $(BUILD)/mpi/tests/bench.so $(BUILD)/mpi/nmpi_instr
	@mkdir -p $(BUILD)/bench
	bash sw/mpi/tests/instr.sh > $(BUILD)/bench/mpi.txt
	$(NMPIRUN) -n 2 $(BUILD)/mpi/tests/bench.so comet | sed -n 's/^figure: //p' >> $(BUILD)/bench/mpi.txt
	$(NMPIRUN) -n 8 $(BUILD)/mpi/tests/bench.so comet | sed -n 's/^figure: //p' >> $(BUILD)/bench/mpi.txt
	for n in 2 8 64; do $(NMPIRUN) -n $$n --nic aotf $(BUILD)/mpi/tests/bench.so aotf | sed -n 's/^figure: //p' >> $(BUILD)/bench/mpi.txt; done
	$(NMPIRUN) -n 2 --eager-max 0 $(BUILD)/mpi/tests/bench.so comet rndv | sed -n 's/^figure: //p' >> $(BUILD)/bench/mpi.txt
	# crossover: the smallest size whose rendezvous bandwidth reaches eager's (-1: none measured)
	awk '/^mpi.bw_bytes_per_cycle_[0-9]+_(eager|rndv)_comet /{split($$1,k,"_"); if (k[6]=="rndv") r[k[5]]=$$2; else e[k[5]]=$$2} \
	  END{x=-1; for (s in r) if (s in e && r[s] >= e[s] && (x < 0 || s+0 < x)) x=s+0; print "mpi.eager_rndv_crossover_bytes_comet", x}' \
	  $(BUILD)/bench/mpi.txt >> $(BUILD)/bench/mpi.txt
	cat $(BUILD)/bench/mpi.txt
