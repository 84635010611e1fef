# SPDX-License-Identifier: Apache-2.0
# Comet-FM applications (sw/comet_apps.c) on VIPL (sw/vipl.c) + Comet-FM (sw/comet_fm.c) over the
# comet_hw backend API (sw/comet_hw.h): one program, both backends ("model" = C model of
# comet_system2, "rtl" = Verilated comet_system2), chosen at run time with --backend.
#   build/sw/comet_apps        model + rtl
#   build/sw/comet_apps_model  model only (no Verilator)
#   make comet-apps-test       exchange + bw on the model, then on the RTL (small sizes); the apps
#                              across a switch (star:4 model, star:2 lockstep)
# --topo star:N (sw/comet_hw_star.c): N engines on one nic_switch; its "rtl" and "lockstep"
# engines are rtl/comet_engine.v Verilated once as a library (class Vceng, Vceng__ALL.a) and
# instantiated per node, its switch the RADIX 16 library Vsw16__ALL.a of mk/sw.mk
# (sw/comet_hw_eng_rtl.cpp, sw/nic_switch_rtl.cpp).
# COMET_SYS_RTL / COMET_SYS_MODEL: tb/duts/comet_system2.mk. The backend sources are in comet_hw
# (mk/comet_sw.mk): sw/comet_hw_model.c (C model) and sw/comet_hw_rtl.cpp (Verilated RTL).
COMET_APPS_SRC := sw/comet_apps.c sw/vipl.c sw/comet_fm.c
COMET_HW_MODEL_SRC ?= sw/comet_hw_model.c sw/comet_hw_star.c cmodel/nic_hostmem.c cmodel/nic_switch.c sw/nic_pcap.c
COMET_HW_RTL_SRC ?= sw/comet_hw_rtl.cpp sw/comet_hw_eng_rtl.cpp sw/nic_switch_rtl.cpp
COMET_APPS_LIBS ?= -Wl,--no-as-needed -lz -lpcap
COMET_APPS_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter cmodel/%.c,$(COMET_SYS_MODEL))) \
  $(patsubst %.c,$(BUILD)/swobj/%.o,$(COMET_APPS_SRC) $(filter-out $(COMET_SYS_MODEL),$(COMET_HW_MODEL_SRC)))

$(BUILD)/sw/comet_apps_model: $(COMET_APPS_OBJS)
	@mkdir -p $(@D)
	$(CC) $^ -o $@ $(COMET_APPS_LIBS)

# one Comet engine as a library (Vceng__ALL.a): the engines of the star topology
$(BUILD)/sw/vl_ceng/Vceng__ALL.a: $(COMET_ENG_RTL)
	@mkdir -p $(@D)
	$(VERILATOR) --cc $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vceng --top-module comet_engine \
	  --Mdir $(@D) $(COMET_ENG_RTL) > $(BUILD)/sw/vl_ceng.log 2>&1 || { tail -40 $(BUILD)/sw/vl_ceng.log; exit 1; }

$(BUILD)/sw/comet_apps: $(COMET_APPS_OBJS) $(COMET_HW_RTL_SRC) sw/comet_hw_vl.hpp $(COMET_SYS_RTL) $(BUILD)/sw/vl_ceng/Vceng__ALL.a \
  $(BUILD)/sw/vl_sw/Vsw16__ALL.a
	@mkdir -p $(BUILD)/sw/comet_vl
	@rm -f $@  # Verilator's own make does not relink when only a linked .o changed
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vcsys --top-module comet_system2 \
	  $(comet_system2_VFLAGS) --Mdir $(BUILD)/sw/comet_vl -o $(ROOT)/$@ \
	  -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/cmodel -I$(ROOT)/$(BUILD)/sw/vl_ceng -I$(ROOT)/$(BUILD)/sw/vl_sw" \
	  -LDFLAGS "$(ROOT)/$(BUILD)/sw/vl_ceng/Vceng__ALL.a $(ROOT)/$(BUILD)/sw/vl_sw/Vsw16__ALL.a $(COMET_APPS_LIBS)" \
	  $(COMET_SYS_RTL) $(addprefix $(ROOT)/,$(COMET_HW_RTL_SRC)) $(addprefix $(ROOT)/,$(COMET_APPS_OBJS)) \
	  > $(BUILD)/sw/comet_vl.log 2>&1 || { tail -40 $(BUILD)/sw/comet_vl.log; exit 1; }

.PHONY: comet-apps comet-apps-test
comet-apps: $(BUILD)/sw/comet_apps $(BUILD)/sw/comet_apps_model

comet-apps-test: $(BUILD)/sw/comet_apps
	$(BUILD)/sw/comet_apps --backend model --app exchange --iters 10
	$(BUILD)/sw/comet_apps --backend model --app bw --iters 50
	$(BUILD)/sw/comet_apps --backend rtl --app exchange --sizes 1,64,1464 --iters 5
	$(BUILD)/sw/comet_apps --backend rtl --app bw --sizes 16,1440 --iters 20
	$(BUILD)/sw/comet_apps --topo star:4 --backend model --app all --sizes 1,64,1464 --iters 10
	$(BUILD)/sw/comet_apps --topo star:2 --backend lockstep --app all --sizes 1,64,1464 --iters 3
