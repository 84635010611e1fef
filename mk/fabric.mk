# SPDX-License-Identifier: Apache-2.0
# The N-node fabric (sw/nic_fabric.c, sw/nic_topo.c; docs/guide/fabric.md):
#   make fabric         the applications on a 64-node two-level 8-ary tree (C models)
#   make fabric-bench   the fabric figures -> build/bench/fabric.txt (also part of make bench)
#   make plots          build/plots/*.png: barrier and global sum against N, fat-tree table blocks,
#                       AOTF stages vs Table 6, Comet-FM bandwidth vs Fig. 8, Comet line rate
# FABRIC_TOPO / FABRIC_BACKEND / FABRIC_APP / FABRIC_ITERS choose the run of `make fabric`.
FABRIC_TOPO    ?= tree8:64
FABRIC_BACKEND ?= model
FABRIC_APP     ?= all
FABRIC_ITERS   ?= 5

.PHONY: fabric fabric-bench plots
fabric: $(BUILD)/sw/aotf_apps_model $(if $(filter model,$(FABRIC_BACKEND)),,$(BUILD)/sw/aotf_apps)
	$(BUILD)/sw/aotf_apps$(if $(filter model,$(FABRIC_BACKEND)),_model) --topo $(FABRIC_TOPO) \
	  --backend $(FABRIC_BACKEND) --app $(FABRIC_APP) --iters $(FABRIC_ITERS)

fabric-bench:
	bash scripts/fabric_bench.sh

$(BUILD)/bench/fabric.txt:
	bash scripts/fabric_bench.sh

plots: $(BUILD)/bench/fabric.txt fdb
	bash scripts/setup.sh > /dev/null
	bash scripts/paper_figs.sh
	python3 scripts/plot_paper.py $(BUILD)/bench/paper.txt $(BUILD)/plots
	python3 scripts/plot_fabric.py $(BUILD)/bench/fabric.txt $(BUILD)/plots/barrier_vs_nodes.png
	python3 scripts/plot_fdb.py $(BUILD)/fdb/sweep.csv $(BUILD)/plots/fdb_blocks.png
