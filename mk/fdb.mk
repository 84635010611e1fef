# SPDX-License-Identifier: Apache-2.0
# Fabric manager (sw/nic_fm.c, docs/reference/fabric_manager.md):
#   make fdb        the paper's Tables 2 and 4 beside the computed values, and the size sweep
#                   (fails when a computed value differs from the paper's computed value)
#   make fdb-plot   build/plots/fdb_blocks.png from the sweep (needs matplotlib)
#   build/sw/nic_fm the command line tool (nic_fm show / check, see its usage)
FM_SRC := sw/nic_fm.c sw/nic_fm_tool.c

$(BUILD)/sw/nic_fm: $(patsubst %.c,$(BUILD)/swobj/%.o,$(FM_SRC))
	@mkdir -p $(@D)
	$(CC) $^ -o $@

.PHONY: fdb fdb-plot
fdb: $(BUILD)/sw/nic_fm
	@mkdir -p $(BUILD)/fdb
	$(BUILD)/sw/nic_fm tables --csv $(BUILD)/fdb/sweep.csv

fdb-plot: fdb
	python3 scripts/plot_fdb.py $(BUILD)/fdb/sweep.csv $(BUILD)/plots/fdb_blocks.png

# The manager in the simulated fabric: mk/sw_fm.mk (make fdb-sim)
