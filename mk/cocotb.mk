# SPDX-License-Identifier: Apache-2.0
# cocotb benches of the AXI wrappers (tb/cocotb/, docs/reference/axi.md): Icarus, results under
# build/cocotb/<bench>/results.xml; `make cocotb` fails when any test case failed or none ran.
# `make cocotb-bench` runs the comet_engine_axi bench and writes its AXI throughput figure to
# build/bench/axi.txt (merged by scripts/bench.sh into build/bench.json) and build/bench/axi.json.
COCOTB_DIR := tb/cocotb
COMET_ENG_AXI_RTL = $(COMET_ENG_RTL) rtl/nic_axil_csr.v rtl/nic_axi_dma.v rtl/comet_engine_axi.v
AOTF_NODE_AXI_RTL = $(filter-out rtl/nic_link.v rtl/nic_link_err.v rtl/aotf_system2.v,$(SYS_RTL)) rtl/nic_axil_csr.v \
  rtl/nic_axi_sthr.v rtl/aotf_node_axi.v
COCOTB_BENCHES := comet_engine_axi aotf_node_axi

# $(1) bench (toplevel and test module test_<bench>), $(2) RTL files, $(3) extra make variables
define COCOTB_RUN
	@rm -f $(BUILD)/cocotb/$(1)/results.xml
	@mkdir -p $(BUILD)/cocotb/$(1)
	@echo "cocotb: $(1) (log $(BUILD)/cocotb/$(1)/run.log)"
	@$(MAKE) -s -C $(COCOTB_DIR) TOPLEVEL=$(1) MODULE=test_$(1) \
	  VERILOG_SOURCES="$(addprefix $(CURDIR)/,$(2))" SIM_BUILD=$(CURDIR)/$(BUILD)/cocotb/$(1)/sim_build \
	  COCOTB_RESULTS_FILE=$(CURDIR)/$(BUILD)/cocotb/$(1)/results.xml $(3) > $(BUILD)/cocotb/$(1)/run.log 2>&1 \
	  || { tail -n 40 $(BUILD)/cocotb/$(1)/run.log; true; }
endef

.PHONY: cocotb cocotb-comet_engine_axi cocotb-aotf_node_axi cocotb-bench cocotb-negative lint-axi
cocotb: cocotb-comet_engine_axi cocotb-aotf_node_axi
	python3 $(COCOTB_DIR)/check_results.py $(foreach b,$(COCOTB_BENCHES),$(BUILD)/cocotb/$(b)/results.xml)

cocotb-comet_engine_axi:
	$(call COCOTB_RUN,comet_engine_axi,$(COMET_ENG_AXI_RTL),AXI_FIGURES=$(CURDIR)/$(BUILD)/cocotb/axi.txt)

cocotb-aotf_node_axi:
	$(call COCOTB_RUN,aotf_node_axi,$(AOTF_NODE_AXI_RTL),DUT_PARAMS=-Paotf_node_axi.LLCM_BYTES=8192)

cocotb-bench: cocotb-comet_engine_axi
	python3 $(COCOTB_DIR)/check_results.py $(BUILD)/cocotb/comet_engine_axi/results.xml
	@mkdir -p $(BUILD)/bench
	cp $(BUILD)/cocotb/axi.txt $(BUILD)/bench/axi.txt
	python3 -c 'import json,sys; json.dump({k: float(v) for k, v in (l.split() for l in open(sys.argv[1]) if l.strip())}, open(sys.argv[2], "w"), indent=2)' $(BUILD)/bench/axi.txt $(BUILD)/bench/axi.json

# negative: a DMA adapter that takes a write while its W register is still full loses writes
# under W back-pressure; test_backpressure must fail on it
COCOTB_MUT := $(BUILD)/cocotb/negative/nic_axi_dma.v
cocotb-negative:
	@mkdir -p $(BUILD)/cocotb/negative
	sed 's/ && (!w_valid_q || m_axi_wready) && wt_s_ready;/ \&\& wt_s_ready;/' rtl/nic_axi_dma.v > $(COCOTB_MUT)
	! cmp -s rtl/nic_axi_dma.v $(COCOTB_MUT)
	$(call COCOTB_RUN,negative,$(filter-out rtl/nic_axi_dma.v,$(COMET_ENG_AXI_RTL)) $(COCOTB_MUT),TOPLEVEL=comet_engine_axi MODULE=test_comet_engine_axi TESTCASE=test_backpressure)
	! python3 $(COCOTB_DIR)/check_results.py $(BUILD)/cocotb/negative/results.xml

# lint of both wrappers (part of `make lint`)
lint: lint-axi
lint-axi:
	$(VERILATOR) --lint-only -Wall --top-module comet_engine_axi $(COMET_ENG_AXI_RTL)
	$(VERILATOR) --lint-only -Wall --top-module aotf_node_axi $(AOTF_NODE_AXI_RTL)
