# SPDX-License-Identifier: Apache-2.0
# FuseSoC cores (rtl/*.core, generated from the RTL hierarchy by scripts/gen_cores.py).
#   make cores          regenerate rtl/*.core
#   make fusesoc-lint   `fusesoc run --target=lint` (Verilator -Wall) of every IP core, plus a
#                       negative run: a width error added to a copy of the RTL must fail the lint
# Each core also has the targets sim (Icarus elaboration) and synth (Yosys synth_ecp5):
#   cd build/fusesoc && fusesoc --cores-root ../../rtl run --target=synth mcnic:ip:comet_engine
FUSESOC     ?= fusesoc
CORE_NAMES   = $(basename $(notdir $(filter-out rtl/common.core,$(wildcard rtl/*.core))))

.PHONY: cores cores-check fusesoc-lint
cores:
	python3 scripts/gen_cores.py
cores-check:
	python3 scripts/gen_cores.py --check
fusesoc-lint: cores-check
	@command -v $(FUSESOC) >/dev/null || { echo "fusesoc not found: run scripts/setup.sh"; exit 1; }
	@mkdir -p $(BUILD)/fusesoc
	@set -e; for c in $(CORE_NAMES); do \
	  if (cd $(BUILD)/fusesoc && $(FUSESOC) --cores-root $(CURDIR)/rtl run --target=lint mcnic:ip:$$c) \
	      > $(BUILD)/fusesoc/lint_$$c.log 2>&1; then echo "fusesoc lint $$c: PASS"; \
	  else echo "fusesoc lint $$c: FAIL (log $(BUILD)/fusesoc/lint_$$c.log)"; tail -20 $(BUILD)/fusesoc/lint_$$c.log; exit 1; fi; \
	done
	@rm -rf $(BUILD)/fusesoc/neg && mkdir -p $(BUILD)/fusesoc/neg/rtl && cp rtl/* $(BUILD)/fusesoc/neg/rtl/ && \
	  sed -i "s/^endmodule/  wire [3:0] neg_w = 8'hff;\nendmodule/" $(BUILD)/fusesoc/neg/rtl/aotf_llcm.v && \
	  if (cd $(BUILD)/fusesoc/neg && $(FUSESOC) --cores-root rtl run --target=lint mcnic:ip:aotf_node) \
	      > $(BUILD)/fusesoc/lint_negative.log 2>&1; then \
	    echo "fusesoc lint negative: FAIL (a width error passed the lint)"; exit 1; \
	  else grep -q "Warning-WIDTH" $(BUILD)/fusesoc/lint_negative.log && echo "fusesoc lint negative: PASS (the injected error fails the lint)"; fi
