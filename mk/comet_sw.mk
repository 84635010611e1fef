# SPDX-License-Identifier: Apache-2.0
# Comet host backend (sw/comet_hw.h) for the VIPL / Comet-FM libraries:
#   build/sw/comet_hw_selftest        self-test of both backends (C model + Verilated comet_system2)
#   build/sw/comet_hw_selftest_model  C model backend only (no Verilator)
# COMET_SYS_RTL / COMET_SYS_MODEL: tb/duts/comet_system2.mk
COMET_HW_MODEL_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(COMET_SYS_MODEL) cmodel/nic_hostmem.c cmodel/nic_switch.c \
  sw/comet_hw_star.c sw/nic_pcap.c)

$(BUILD)/swobj/sw/comet_hw_selftest.o: sw/comet_hw_model.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(INC_sw) -DCOMET_HW_SELFTEST -c $< -o $@

$(BUILD)/sw/comet_hw_selftest_model: $(COMET_HW_MODEL_OBJS) $(BUILD)/swobj/sw/comet_hw_selftest.o
	@mkdir -p $(@D) $(BUILD)/pcap
	$(CC) $^ -Wl,--no-as-needed -lz -lpcap -o $@

$(BUILD)/sw/comet_hw_selftest: $(COMET_HW_MODEL_OBJS) $(BUILD)/swobj/sw/comet_hw_selftest.o sw/comet_hw_rtl.cpp sw/comet_hw_vl.hpp $(COMET_SYS_RTL)
	@mkdir -p $(BUILD)/sw/vl_comet $(BUILD)/pcap
	@rm -f $@  # Verilator's own make does not relink when only a linked .o changed
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vcsys --top-module comet_system2 \
	  --Mdir $(BUILD)/sw/vl_comet -o $(ROOT)/$@ -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/cmodel" \
	  -LDFLAGS "-Wl,--no-as-needed -lz -lpcap" \
	  $(COMET_SYS_RTL) $(ROOT)/sw/comet_hw_rtl.cpp $(addprefix $(ROOT)/,$(COMET_HW_MODEL_OBJS) $(BUILD)/swobj/sw/comet_hw_selftest.o) \
	  > $(BUILD)/sw/vl_comet.log 2>&1 || { tail -40 $(BUILD)/sw/vl_comet.log; exit 1; }

.PHONY: comet_hw_selftest
comet_hw_selftest: $(BUILD)/sw/comet_hw_selftest
	$(BUILD)/sw/comet_hw_selftest
