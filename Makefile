# SPDX-License-Identifier: Apache-2.0
# Martini AOTF + Comet NIC: build, lockstep, test, bench, synth.   `make help` lists targets.
.DEFAULT_GOAL := help
SHELL := /bin/bash
BUILD := build
ROOT  := $(abspath .)

DUT    ?=
SEED   ?= 1
# lockstep / model: a cap (directed modes stop when their traffic is done; comet_tx bad_len
# seed 2 needs 128795); replay (Icarus) keeps 100000 unless CYCLES is given
CYCLES ?= 1000000
REPLAY_CYC := $(if $(filter command line environment,$(origin CYCLES)),$(CYCLES),100000)
MODE   ?= all
NETLIST ?=
# synth_ecp5 options of the ECP5-netlist lockstep (the synthesis flow's default, docs/guide/synthesis_flow.md)
ECP5_FLAGS ?= -abc9
# 0: the ECP5-netlist lockstep without the output-register pass (syn/ecp5_outreg.py)
ECP5_OUTREG ?= 1
ECP5_SHARE := $(shell yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ecp5
VERILOG ?=

CC      := gcc
CFLAGS  := -std=c11 -O3 -g -Wall -Wextra -Werror -MMD -MP
# include paths per source folder, so an include across the layering fails to compile:
# cmodel/ sees only cmodel/, sw/ sees sw/ and cmodel/, tb/ sees all three (nothing includes tb/;
# scripts/check_layering.py checks the same rule on the sources)
INC_cmodel := -Icmodel
INC_sw     := -Isw -Icmodel
INC_tb     := -Itb -Isw -Icmodel
# $(call layer_inc,path/file.c): the include flags of the file's folder
layer_inc = $(INC_$(firstword $(subst /, ,$(1))))
VERILATOR := verilator
VFLAGS_COMMON := -Wno-fatal --x-assign unique --x-initial unique --trace-fst \
  -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" -CFLAGS "-O2" --build -j 2
# RTL (not netlist) lockstep builds also check the `ifdef FORMAL` properties next to the RTL
# every simulated cycle: a failing assert/assume stops the run (Verilator --assert).
VFLAGS_RTL := --assert +define+FORMAL
# netlists (NETLIST=1 / ecp5): the C++ compile of a flat gate netlist dominates and the runs are
# short (aotf_send's ECP5 netlist: 3.5 min at -O2, 1.5 min at -O0, which runs 10k instead of 30k
# cycles/s), so they are compiled without optimisation
VFLAGS_NET := -Wno-fatal --x-assign unique --x-initial unique --trace-fst \
  -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -CFLAGS "-O0" --build -j 2

# the AOTF host library (sw/libaotf*.c), linked by every AOTF host program and system model
LIBAOTF_SRC := sw/libaotf.c sw/libaotf_botf.c sw/libaotf_htt.c sw/libaotf_link.c sw/libaotf_rxtlb.c

DUTS :=
include $(sort $(wildcard tb/duts/*.mk))
-include $(sort $(wildcard mk/*.mk))
ALL_DUTS := $(DUTS)
SEL_DUTS := $(if $(DUT),$(DUT),$(ALL_DUTS))

.PHONY: help
help:
	@echo "Targets:"
	@echo "  make setup      install missing tools (Debian packages, PyPI) - run once on a fresh machine"
	@echo "  make demo       the main job: send-path demo, RTL and C model side by side, fabric, MPI"
	@echo "  make test       lint, generated-file check, model unit tests, directed + lockstep runs,"
	@echo "                  Icarus replays, netlist lockstep, quick synthesis; ends 'N passed, N failed'"
	@echo "  make lockstep [DUT=name] [SEED=n] [CYCLES=n] [MODE=all|random|directed-name] [NETLIST=1|ecp5] [VERILOG=file.v]"
	@echo "                  NETLIST=1: Yosys generic-gate netlist; NETLIST=ecp5: the ECP5-mapped netlist P&R"
	@echo "                  gets (synth_ecp5 ECP5_FLAGS=$(ECP5_FLAGS), block RAM output-register pass unless"
	@echo "                  ECP5_OUTREG=0; cells from Yosys' cells_sim.v + sim/ecp5_dp16kd.v)"
	@echo "  make ecp5-ram-check  each RAM shape's ECP5 mapping against the RTL RAM (Icarus)"
	@echo "  make model    [DUT=name] [SEED=n] [CYCLES=n] [MODE=...]   C model alone (fast backend)"
	@echo "  make replay   [DUT=name] [MODE=...]   Icarus 4-state replay of C-model vectors"
	@echo "  make lint       verilator --lint-only -Wall of every top"
	@echo "  make gen        regenerate rtl/nic_pkg.sv, cmodel/nic_pkg.h, docs/reference/formats.md from formats/"
	@echo "  make bench      figures -> build/bench.json"
	@echo "  make cocotb     cocotb benches of the AXI wrappers (docs/reference/axi.md)"
	@echo "  make plots      build/plots/*.png (barrier / global sum against N, fat-tree table blocks,"
	@echo "                  AOTF stages vs Table 6, Comet-FM bandwidth vs Fig. 8, Comet line rate)"
	@echo "  make mpi-demo   MPI programs (nmpicc / nmpirun) on 8 Comet and 64 AOTF nodes (docs/guide/mpi.md)"
	@echo "  make fusesoc-lint  FuseSoC lint of every IP core (rtl/*.core; make cores regenerates them)"
	@echo "  make fabric     [FABRIC_TOPO=tree8:64] [FABRIC_BACKEND=model|rtl|lockstep] [FABRIC_APP=all] the AOTF apps on N nodes"
	@echo "  make scaleout   [SCALE_TOPO=tree8:64] [SCALE_APP=barrier] [SCALE_RANKS=2] the fabric over MPI ranks, diffed with 1 rank"
	@echo "  make fdb        fat-tree forwarding-table blocks and MADs beside seed 004's Tables 2 and 4"
	@echo "  make interop    a simulated Comet node on a Linux TAP: Comet-FM against the kernel's UDP stack (root)"
	@echo "  make synth      Yosys + nextpnr per block and target -> build/synth.json"
	@echo "  make synth-depth [SYNTH_BLOCKS=a,b]  logic-depth estimate of every register endpoint (no P&R)"
	@echo "  make formal     formal checks (yosys-smtbmc) of blocks with FORMAL properties"
	@echo "  make clean"
	@echo "DUTs: $(ALL_DUTS)"

.PHONY: ecp5-ram-check
ecp5-ram-check:
	ECP5_FLAGS="$(ECP5_FLAGS)" bash scripts/ecp5_ram_check.sh

.PHONY: setup
setup:
	bash scripts/setup.sh

.PHONY: gen gen-check
gen:
	python3 scripts/gen.py
gen-check:
	python3 scripts/gen.py --check
	python3 syn/synth.py doc --check

# ---------------------------------------------------------------- C objects (shared)
# the benches and models need zlib (crc32) and libpcap headers: say how to get them instead of
# failing in the compiler (make test / make demo install them through scripts/setup.sh)
DEV_HDRS_MISSING := $(if $(wildcard /usr/include/zlib.h),,zlib1g-dev) \
                    $(if $(wildcard /usr/include/pcap/pcap.h /usr/include/pcap.h),,libpcap-dev)
# (the first line of every C object recipe, here and in mk/sw.mk)
CHECK_DEV_HDRS = $(if $(strip $(DEV_HDRS_MISSING)),echo "missing Debian packages: $(strip $(DEV_HDRS_MISSING)). Run: make setup  (or: apt-get install -y $(strip $(DEV_HDRS_MISSING)))"; exit 1)
$(BUILD)/obj/%.o: %.c
	@$(CHECK_DEV_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(call layer_inc,$<) $(LS_PARAMS_INC) -c $< -o $@
-include $(shell find $(BUILD)/obj $(BUILD)/swobj -name '*.d' 2>/dev/null)

# VERILOG=file(s): each file replaces the DUT source of the same name (e.g. a mutated
# rtl/aotf_htlb.v); if none matches a source name, the files replace all sources but nic_pkg.sv.
custom_src = $(if $(filter $(notdir $(VERILOG)),$(notdir $(1))),$(foreach f,$(1),$(or $(firstword $(foreach v,$(VERILOG),$(if $(filter $(notdir $(v)),$(notdir $(f))),$(v)))),$(f))),$(filter rtl/nic_pkg.sv,$(1)) $(VERILOG))

# ---------------------------------------------------------------- Verilated lockstep binary
# $(call VL_LOCKSTEP,dut,mdir,verilator flags,verilog sources): the lockstep runner
# (tb/lockstep_main.cpp + the DUT's C model objects) around the given Verilog, built in
# $(BUILD)/dut/mdir (log mdir.log) as the rule's target $@. Used by the RTL, netlist, ECP5 netlist
# and custom-source builds below.
define VL_LOCKSTEP
	@mkdir -p $(BUILD)/$(1)/$(2)
	@rm -f $@  # Verilator's own make does not relink when only a linked .o changed
	$(VERILATOR) --cc --exe $(3) --prefix Vdut --top-module $($(1)_TOP) \
	  --Mdir $(BUILD)/$(1)/$(2) -o $(ROOT)/$@ \
	  -CFLAGS "-I$(ROOT)/$(BUILD)/$(1) -I$(ROOT)/tb -I$(ROOT)/sw -I$(ROOT)/cmodel" \
	  $(if $($(1)_LIBS),-LDFLAGS "$($(1)_LIBS)") \
	  $(4) $(ROOT)/tb/lockstep_main.cpp $(addprefix $(ROOT)/,$($(1)_OBJS)) > $(BUILD)/$(1)/$(2).log 2>&1 \
	  || { tail -40 $(BUILD)/$(1)/$(2).log; exit 1; }
endef

# ---------------------------------------------------------------- per-DUT rules
HASH := \#
# text of build/X/ls_params.h: one "#define LS_PARAM_NAME value" per -GNAME=value of X_VFLAGS
ls_params_text = /* $(1) bench parameters, generated from $(1)_VFLAGS (tb/duts/$(1).mk) */\n$(HASH)ifndef LS_PARAMS_H\n$(HASH)define LS_PARAMS_H\n$(subst \n $(HASH),\n$(HASH),$(foreach g,$($(1)_VFLAGS),$(HASH)define LS_PARAM_$(subst =, ,$(patsubst -G%,%,$(g)))\n))$(HASH)endif\n
# $(1) = DUT name. Variables from tb/duts/$(1).mk: _TOP _RTL _MODEL _STIM [_VFLAGS _LIBS]
define DUT_RULES
$(1)_OBJS := $$(patsubst %.c,$(BUILD)/obj/%.o,$$($(1)_MODEL) $$($(1)_STIM))
$(1)_CHPARAM := $$(foreach g,$$($(1)_VFLAGS),$$(subst =, ,$$(patsubst -G%,-chparam %,$$(g))))

$(BUILD)/$(1)/ls_dut.h: tb/duts/$(1).mk
	@mkdir -p $$(@D)
	@printf '#define LS_DUT $(1)\n#include "$(1)_ports.h"\n' > $$@

# the bench parameters as LS_PARAM_<name> macros for the stimulus (tb/X_stim.c builds the model
# with them), generated from $(1)_VFLAGS: the parameters have one definition, the .mk file.
# Rewritten only when the text changes, so a run with other VFLAGS rebuilds the stimulus.
$(BUILD)/$(1)/ls_params.h: FORCE
	@mkdir -p $$(@D)
	@printf '$$(call ls_params_text,$(1))' | cmp -s - $$@ || printf '$$(call ls_params_text,$(1))' > $$@
$(patsubst %.c,$(BUILD)/obj/%.o,$(filter tb/%,$($(1)_STIM))): $(BUILD)/$(1)/ls_params.h
$(patsubst %.c,$(BUILD)/obj/%.o,$(filter tb/%,$($(1)_STIM))): LS_PARAMS_INC := -I$(BUILD)/$(1)

$(BUILD)/$(1)/model_main: tb/model_main.c tb/ls_runner.h $(BUILD)/$(1)/ls_dut.h $$($(1)_OBJS)
	$(CC) $(CFLAGS) $(INC_tb) -I$(BUILD)/$(1) tb/model_main.c $$($(1)_OBJS) $$($(1)_LIBS) -o $$@

$(BUILD)/$(1)/lockstep: tb/lockstep_main.cpp tb/ls_runner.h $(BUILD)/$(1)/ls_dut.h $$($(1)_OBJS) $$($(1)_RTL)
	$$(call VL_LOCKSTEP,$(1),vl,$(VFLAGS_COMMON) $(VFLAGS_RTL) $$($(1)_VFLAGS),$$($(1)_RTL))

# post-synthesis netlist (Yosys generic gates; memories kept as arrays)
$(BUILD)/$(1)/netlist.v: $$($(1)_RTL) scripts/netlist.ys.in
	@mkdir -p $$(@D)
	sed -e 's|@FILES@|$$($(1)_RTL)|' -e 's|@TOP@|$$($(1)_TOP)|' -e 's|@CHPARAM@|$$($(1)_CHPARAM)|' \
	  -e 's|@OUT@|$$@|' scripts/netlist.ys.in > $(BUILD)/$(1)/netlist.ys
	yosys -q -l $(BUILD)/$(1)/netlist.log -s $(BUILD)/$(1)/netlist.ys

$(BUILD)/$(1)/lockstep_netlist: tb/lockstep_main.cpp tb/ls_runner.h $(BUILD)/$(1)/ls_dut.h $$($(1)_OBJS) $(BUILD)/$(1)/netlist.v
	$$(call VL_LOCKSTEP,$(1),vln,$(VFLAGS_NET) -Wno-lint -Wno-style,$(BUILD)/$(1)/netlist.v)

# ECP5-mapped netlist (synth_ecp5 $(ECP5_FLAGS), then the block RAM output-register pass
# syn/ecp5_outreg.py, as P&R gets it) with LUT4 / TRELLIS_FF / CCU2C / DP16KD cells; simulated with
# Yosys' cells_sim.v and our DP16KD model (sim/ecp5_dp16kd.v)
# (netlist_ecp5.opts holds ECP5_FLAGS / ECP5_OUTREG and changes only with them: a run with other
# options rebuilds the netlist)
$(BUILD)/$(1)/netlist_ecp5.opts: FORCE
	@mkdir -p $$(@D)
	@echo '$(ECP5_FLAGS) outreg=$(ECP5_OUTREG)' | cmp -s - $$@ || echo '$(ECP5_FLAGS) outreg=$(ECP5_OUTREG)' > $$@

$(BUILD)/$(1)/netlist_ecp5.v: $$($(1)_RTL) scripts/netlist_ecp5.ys.in syn/ecp5_outreg.py $(BUILD)/$(1)/netlist_ecp5.opts
	@mkdir -p $$(@D)
	sed -e 's|@FILES@|$$($(1)_RTL)|' -e 's|@TOP@|$$($(1)_TOP)|' -e 's|@CHPARAM@|$$($(1)_CHPARAM)|' \
	  -e 's|@FLAGS@|$(ECP5_FLAGS)|' -e 's|@OUT@|$(BUILD)/$(1)/netlist_ecp5_map.json|' \
	  scripts/netlist_ecp5.ys.in > $(BUILD)/$(1)/netlist_ecp5.ys
	yosys -q -l $(BUILD)/$(1)/netlist_ecp5.log -s $(BUILD)/$(1)/netlist_ecp5.ys
	$$(if $$(filter 0,$(ECP5_OUTREG)),cp $(BUILD)/$(1)/netlist_ecp5_map.json $(BUILD)/$(1)/netlist_ecp5_fold.json; echo "ecp5_outreg: off (ECP5_OUTREG=0)",python3 syn/ecp5_outreg.py $(BUILD)/$(1)/netlist_ecp5_map.json $(BUILD)/$(1)/netlist_ecp5_fold.json) \
	  | tee $(BUILD)/$(1)/netlist_ecp5_outreg.txt
	yosys -q -p 'read_json $(BUILD)/$(1)/netlist_ecp5_fold.json; write_verilog -noattr $$@'
	@# an undefined LUT-RAM init (INITVAL x: the RTL memory has none) stops Verilator 5.006 with
	@# an internal error; 0 is one of its allowed values
	sed -i -E "s/(\.INITVAL\([0-9]+'h)x+\)/\10)/" $$@

$(BUILD)/$(1)/lockstep_ecp5: tb/lockstep_main.cpp tb/ls_runner.h $(BUILD)/$(1)/ls_dut.h $$($(1)_OBJS) $(BUILD)/$(1)/netlist_ecp5.v $(BUILD)/ecp5_cells_sim.v sim/ecp5_dp16kd.v
	$$(call VL_LOCKSTEP,$(1),vle,$(VFLAGS_NET) -Wno-lint -Wno-style -I$(ECP5_SHARE),$(BUILD)/$(1)/netlist_ecp5.v $(BUILD)/ecp5_cells_sim.v sim/ecp5_dp16kd.v)

# any Verilog file(s) in place of the DUT's sources (always rebuilt)
.PHONY: $(BUILD)/$(1)/lockstep_custom
$(BUILD)/$(1)/lockstep_custom: $(BUILD)/$(1)/ls_dut.h $$($(1)_OBJS)
	@rm -rf $(BUILD)/$(1)/vlc
	$$(call VL_LOCKSTEP,$(1),vlc,$(VFLAGS_COMMON) $(VFLAGS_RTL) $$($(1)_VFLAGS),$$(call custom_src,$$($(1)_RTL)))

# Icarus replay bench generated from the port list
$(BUILD)/$(1)/replay_tb.v: $(BUILD)/$(1)/model_main
	$(BUILD)/$(1)/model_main +emit_tb=$$@ +top=$$($(1)_TOP) +tbparams="$$(patsubst -G%,%,$$($(1)_VFLAGS))"
$(BUILD)/$(1)/replay.vvp: $(BUILD)/$(1)/replay_tb.v $$($(1)_RTL)
	iverilog -g2012 -o $$@ -s replay_tb $$($(1)_RTL) $(BUILD)/$(1)/replay_tb.v 2>&1 | tee $(BUILD)/$(1)/replay_iverilog.log
	@if grep -q 'expects' $(BUILD)/$(1)/replay_iverilog.log; then echo "port width in cmodel/$(1)_ports.h differs from the RTL"; rm -f $$@; exit 1; fi
	@test -f $$@

.PHONY: lint-$(1)
lint-$(1):
	$(VERILATOR) --lint-only -Wall --top-module $$($(1)_TOP) $$($(1)_RTL)
endef
$(foreach d,$(ALL_DUTS),$(eval $(call DUT_RULES,$(d))))

LS_BIN := $(if $(VERILOG),lockstep_custom,$(if $(filter ecp5,$(NETLIST)),lockstep_ecp5,$(if $(NETLIST),lockstep_netlist,lockstep)))

# Yosys' ECP5 cell models without its DP16KD (an empty blackbox in Yosys 0.23), which
# sim/ecp5_dp16kd.v provides
$(BUILD)/ecp5_cells_sim.v: $(ECP5_SHARE)/cells_sim.v
	@mkdir -p $(@D)
	awk '/^\(\* blackbox \*\)/ { hold = $$0; next } \
	     hold != "" && /^module DP16KD\(/ { skip = 1; hold = ""; next } \
	     hold != "" { print hold; hold = "" } \
	     skip && /^endmodule/ { skip = 0; next } !skip' $< > $@
	@grep -q 'module DP16KD' $@ && { echo "ecp5_cells_sim.v: DP16KD still declared"; rm -f $@; exit 1; } || true

.PHONY: FORCE
FORCE:

.PHONY: lockstep model replay lint
lockstep: $(foreach d,$(SEL_DUTS),$(BUILD)/$(d)/$(LS_BIN))
	@rc=0; for d in $(SEL_DUTS); do \
	  $(BUILD)/$$d/$(LS_BIN) +seed=$(SEED) +cycles=$(CYCLES) +mode=$(MODE) $(if $(FST),+fst=$(FST)) || rc=1; \
	done; exit $$rc

model: $(foreach d,$(SEL_DUTS),$(BUILD)/$(d)/model_main)
	@rc=0; for d in $(SEL_DUTS); do \
	  $(BUILD)/$$d/model_main +seed=$(SEED) +cycles=$(CYCLES) +mode=$(MODE) || rc=1; \
	done; exit $$rc

replay: $(foreach d,$(SEL_DUTS),$(BUILD)/$(d)/replay.vvp)
	@rc=0; for d in $(SEL_DUTS); do \
	  ms="$(MODE)"; [ "$$ms" = all ] && ms=$$($(BUILD)/$$d/model_main +mode=list); \
	  for m in $$ms; do \
	    $(BUILD)/$$d/model_main +seed=$(SEED) +cycles=$(REPLAY_CYC) +mode=$$m +vec=$(BUILD)/$$d/replay_$$m.hex > /dev/null || rc=1; \
	    vvp -n $(BUILD)/$$d/replay.vvp +vec=$(BUILD)/$$d/replay_$$m.hex | grep -v '^VCD' || rc=1; \
	  done; \
	done; exit $$rc

lint: $(addprefix lint-,$(ALL_DUTS))

.PHONY: test
test:
	bash scripts/run_tests.sh

.PHONY: demo bench formal
demo:
	bash scripts/demo.sh
bench:
	bash scripts/bench.sh
formal:
	bash scripts/formal.sh

.PHONY: clean
clean:
	rm -rf $(BUILD)

# helpers for scripts
# model-objs: the C model objects, ls_dut.h and ls_params.h of every DUT (run_tests.sh builds
# them once before its two lanes run make at the same time, so the lanes never write the same file)
.PHONY: print-duts print-var print-dut-info model-objs
model-objs: $(foreach d,$(ALL_DUTS),$($(d)_OBJS) $(BUILD)/$(d)/ls_dut.h $(BUILD)/$(d)/ls_params.h)
print-duts:
	@echo $(ALL_DUTS)
print-var:
	@echo $($(V))
# print-dut-info: one line per DUT "name|top|sources|verilator flags" (scripts/check_ports.py)
print-dut-info:
	@$(foreach d,$(ALL_DUTS),echo '$(d)|$($(d)_TOP)|$(strip $($(d)_RTL))|$(strip $($(d)_VFLAGS))';)
