# SPDX-License-Identifier: Apache-2.0
# The MPI-subset message layer (sw/mpi/, docs/guide/mpi.md).
#   build/mpi/nmpirun        the launcher + message layer + Comet-FM transport + C models
#   sw/mpi/nmpicc            compiles an MPI program into build/... .so for nmpirun
#   make mpi-test            the conformance suite on 2 and 8 ranks (model backend) and the
#                            comparison with Open MPI (sw/mpi/tests/compare.c)
#   make mpi-demo            an MPI program on 8 simulated nodes
NMPI_SRC := sw/mpi/nmpi.c sw/mpi/nmpi_match.c sw/mpi/nmpi_comet.c sw/mpi/nmpirun.c
NMPI_COMET_SRC := sw/vipl.c sw/comet_fm.c
NMPI_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter cmodel/%.c,$(COMET_SYS_MODEL))) \
  $(patsubst %.c,$(BUILD)/swobj/%.o,$(NMPI_SRC) $(NMPI_COMET_SRC) $(filter-out $(COMET_SYS_MODEL),$(COMET_HW_MODEL_SRC)))
NMPI_TESTS := p2p wildcard truncate unexpected many collectives finalize compare
NMPICC := sw/mpi/nmpicc
NMPI_TFLAGS := -std=c11 -O2 -Wall -Wextra -Werror

$(BUILD)/mpi/nmpirun: $(NMPI_OBJS) sw/mpi/nmpi.dynlist
	@mkdir -p $(@D)
	$(CC) $(NMPI_OBJS) -o $@ -Wl,--dynamic-list=sw/mpi/nmpi.dynlist $(COMET_APPS_LIBS) -ldl

$(BUILD)/mpi/tests/%.so: sw/mpi/tests/%.c sw/mpi/mpi.h $(NMPICC)
	@mkdir -p $(@D)
	$(NMPICC) $(NMPI_TFLAGS) $< -o $@

# the same source against Open MPI
$(BUILD)/mpi/ompi/%: sw/mpi/tests/%.c
	@mkdir -p $(@D)
	mpicc $(NMPI_TFLAGS) $< -o $@

NMPIRUN := $(BUILD)/mpi/nmpirun
.PHONY: mpi mpi-test mpi-compare mpi-demo
mpi: $(NMPIRUN) $(addprefix $(BUILD)/mpi/tests/,$(addsuffix .so,$(NMPI_TESTS)))

mpi-test: mpi $(BUILD)/mpi/ompi/compare
	bash sw/mpi/tests/suite.sh

mpi-compare: mpi $(BUILD)/mpi/ompi/compare
	bash sw/mpi/tests/suite.sh compare

mpi-demo: mpi
	$(NMPIRUN) -n 8 --stats $(BUILD)/mpi/tests/compare.so
