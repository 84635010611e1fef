# SPDX-License-Identifier: Apache-2.0
# Host drivers, the fabric and the AOTF applications (sw/): one program, two builds.
#   build/sw/aotf_apps        backends model, rtl and lockstep (Verilated aotf_node and nic_switch)
#   build/sw/aotf_apps_model  C model backend only (no Verilator needed)
# SYS_RTL / SYS_MODEL: tb/duts/aotf_system2.mk; nic_switch_RTL: tb/duts/nic_switch.mk
SW_SRC := sw/aotf_apps.c sw/aotf_apps_cli.c sw/aotf_apps_lib.c $(LIBAOTF_SRC) sw/nic_sim.c sw/nic_fabric.c sw/nic_topo.c
SW_CFLAGS := $(CFLAGS)
FABRIC_MODEL := $(filter-out cmodel/aotf_system2.c,$(SYS_MODEL)) cmodel/nic_switch.c
SW_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(FABRIC_MODEL)) $(patsubst %.c,$(BUILD)/swobj/%.o,$(SW_SRC))
# the fabric's RTL components: each Verilated once (sw/fabric_rtl.cpp, sw/nic_switch_rtl.cpp)
FABRIC_NODE_RTL := $(filter-out rtl/aotf_system2.v rtl/nic_link.v rtl/nic_link_err.v,$(SYS_RTL))
FABRIC_SW_RTL := $(filter-out rtl/nic_switch_ls4.v,$(nic_switch_RTL))
FABRIC_SW_VFLAGS := -GRADIX=16 -GLFT_DEPTH=4096 -GMFT_DEPTH=64 -GBUF_BEATS=512 -GITERS=2

$(BUILD)/swobj/%.o: %.c
	@$(CHECK_DEV_HDRS)
	@mkdir -p $(@D)
	$(CC) $(SW_CFLAGS) $(call layer_inc,$<) -c $< -o $@

$(BUILD)/sw/aotf_apps_model: $(SW_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# the switch as a library (Vsw16__ALL.a), then the node with the program linked in
$(BUILD)/sw/vl_sw/Vsw16__ALL.a: $(FABRIC_SW_RTL)
	@mkdir -p $(@D)
	$(VERILATOR) --cc $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vsw16 --top-module nic_switch $(FABRIC_SW_VFLAGS) \
	  --Mdir $(@D) $(FABRIC_SW_RTL) > $(BUILD)/sw/vl_sw.log 2>&1 || { tail -40 $(BUILD)/sw/vl_sw.log; exit 1; }

$(BUILD)/sw/aotf_apps: $(SW_OBJS) sw/fabric_rtl.cpp sw/nic_switch_rtl.cpp $(FABRIC_NODE_RTL) $(BUILD)/sw/vl_sw/Vsw16__ALL.a
	@mkdir -p $(BUILD)/sw/vl
	@rm -f $@  # Verilator does not relink when only a linked .o changed
	$(VERILATOR) --cc --exe $(VFLAGS_COMMON) $(VFLAGS_RTL) --prefix Vnode --top-module aotf_node \
	  --Mdir $(BUILD)/sw/vl -o $(ROOT)/$@ -CFLAGS "-I$(ROOT)/sw -I$(ROOT)/cmodel -I$(ROOT)/$(BUILD)/sw/vl_sw" \
	  -LDFLAGS "$(ROOT)/$(BUILD)/sw/vl_sw/Vsw16__ALL.a" \
	  $(FABRIC_NODE_RTL) $(ROOT)/sw/fabric_rtl.cpp $(ROOT)/sw/nic_switch_rtl.cpp $(addprefix $(ROOT)/,$(SW_OBJS)) > $(BUILD)/sw/vl.log 2>&1 \
	  || { tail -40 $(BUILD)/sw/vl.log; exit 1; }

.PHONY: apps
apps: $(BUILD)/sw/aotf_apps $(BUILD)/sw/aotf_apps_model
