# SPDX-License-Identifier: Apache-2.0
# Host drivers and applications (sw/): one program, two builds.
#   build/sw/aotf_apps        backends model, rtl and lockstep (Verilated aotf_system2 linked in)
#   build/sw/aotf_apps_model  C model backend only (no Verilator needed)
# SYS_RTL / SYS_MODEL: tb/duts/aotf_system2.mk
SW_SRC := sw/aotf_apps.c sw/aotf_apps_lib.c sw/libaotf.c sw/nic_sim.c sw/backend_model.c
SW_CFLAGS := $(CFLAGS)
SW_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(SYS_MODEL)) $(patsubst %.c,$(BUILD)/swobj/%.o,$(SW_SRC))

$(BUILD)/swobj/%.o: %.c
	@$(CHECK_DEV_HDRS)
	@mkdir -p $(@D)
	$(CC) $(SW_CFLAGS) $(call layer_inc,$<) -c $< -o $@

$(BUILD)/sw/aotf_apps_model: $(SW_OBJS) $(BUILD)/swobj/sw/backend_rtl_none.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

$(BUILD)/sw/aotf_apps: $(SW_OBJS) sw/backend_rtl.cpp $(SYS_RTL)
	@mkdir -p $(BUILD)/sw/vl
	@rm -f $@  # Verilator does not relink when only a linked .o changed
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vsys --top-module aotf_system2 \
	  --Mdir $(BUILD)/sw/vl -o $(ROOT)/$@ -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/cmodel" \
	  $(SYS_RTL) $(ROOT)/sw/backend_rtl.cpp $(addprefix $(ROOT)/,$(SW_OBJS)) > $(BUILD)/sw/vl.log 2>&1 \
	  || { tail -40 $(BUILD)/sw/vl.log; exit 1; }

.PHONY: apps
apps: $(BUILD)/sw/aotf_apps $(BUILD)/sw/aotf_apps_model
