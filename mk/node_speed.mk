# SPDX-License-Identifier: Apache-2.0
# Speed of the aotf_node C model in a fabric (tb/unit/bench_node_model.c): two nodes through two
# nic_link models with a mostly idle host load; checks aotf_node_step / nic_link_step against
# eval + tick every cycle, then prints node-cycles per second.
#   make node-speed [NODE_SPEED_ARGS="--cycles 2000000 --reps 3 --path step|evaltick"]
# SYS_MODEL: tb/duts/aotf_system2.mk
NODE_SPEED_ARGS ?= --reps 3
NODE_SPEED_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out cmodel/aotf_system2.c,$(SYS_MODEL)) \
  tb/unit/bench_node_model.c)

$(BUILD)/unit/bench_node_model: $(NODE_SPEED_OBJS)
	@mkdir -p $(@D)
	$(CC) $^ -o $@

.PHONY: node-speed
node-speed: $(BUILD)/unit/bench_node_model
	$(BUILD)/unit/bench_node_model $(NODE_SPEED_ARGS)
