# SPDX-License-Identifier: Apache-2.0
# The manager in the simulated fabric (sw/nic_fm_sim.c, sw/fm_failover.c): nic_fm's tables in the
# switches of a fat tree, a spine or link failure during a run, only the changed blocks written.
#   build/sw/fm_failover_model  C models;  build/sw/fm_failover  also rtl and lockstep
#   make fdb-sim                both assignments on fattree:16 -> build/bench/fdb.txt
FMSIM_OBJS := $(filter-out $(BUILD)/swobj/sw/aotf_apps.o,$(SW_OBJS)) \
  $(patsubst %.c,$(BUILD)/swobj/%.o,sw/nic_fm.c sw/nic_fm_sim.c sw/fm_failover.c)

$(BUILD)/sw/fm_failover_model: $(FMSIM_OBJS) $(BUILD)/swobj/sw/fabric_rtl_none.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

# linked with the Verilated node and switch libraries that build/sw/aotf_apps is built from
$(BUILD)/sw/fm_failover: $(FMSIM_OBJS) $(BUILD)/sw/aotf_apps
	$(CXX) -o $@ $(FMSIM_OBJS) $(BUILD)/sw/vl/fabric_rtl.o $(BUILD)/sw/vl/nic_switch_rtl.o $(BUILD)/sw/vl/Vnode__ALL.a \
	  $(BUILD)/sw/vl_sw/Vsw16__ALL.a $(BUILD)/sw/vl/verilated*.o -lz -pthread

.PHONY: fdb-sim
fdb-sim:
	bash scripts/fdb_sim.sh
