#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test: every check of the project, one line per test, ending with "N passed, N failed".
#   SEEDS="1 2 3 4"   seeds of the random lockstep runs (default 1..4)
#   QUICK=1           fewer cycles (local iteration; CI runs the full set)
#   ECP5_NETLIST_DUTS="a b"  DUTs whose ECP5-mapped netlist runs in lockstep (default aotf_send)
#   NETLIST_SKIP_DUTS="a b"  DUTs without a netlist run (default aotf_system2 comet_system2
#                     comet_engine)
#   REPLAY_CYCLES=n   cycles of each Icarus replay (a prefix of the run; default <dut>_REPLAY_CYCLES
#                     from tb/duts/<dut>.mk, else 25000)
#   REPLAY_MODE_CYCLES=n  at most this many of them for a directed mode's replay (default 1000)
set -u
cd "$(dirname "$0")/.."
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

SEEDS=${SEEDS:-"1 2 3 4"}
rm -rf build/pcap build/pcap_merged
export NIC_PCAP_DIR=$PWD/build/pcap
mkdir -p "$NIC_PCAP_DIR"
LOG=build/test
mkdir -p "$LOG"
pass=0; fail=0; failed=(); total_cycles=0; ls_cycles=0
run() { # name cmd...
  local name=$1; shift
  local t0=$SECONDS
  if "$@" > "$LOG/$name.log" 2>&1; then
    pass=$((pass + 1)); printf 'PASS %-52s %4ds\n' "$name" $((SECONDS - t0))
  else
    fail=$((fail + 1)); failed+=("$name"); printf 'FAIL %-52s %4ds  (log: %s)\n' "$name" $((SECONDS - t0)) "$LOG/$name.log"
    tail -25 "$LOG/$name.log" | sed 's/^/    | /'
  fi
}
# lockstep/model runs: pass only if the runner printed a clean summary line
ls_run() { # name binary args...
  local name=$1; shift
  run "$name" bash -c '"$@" | tee /dev/stderr | grep -Eq "(mismatches=0 .*scoreboard=pass|scoreboard=pass)"' _ "$@"
  local c; c=$(grep -Eo 'cycles=[0-9]+' "$LOG/$name.log" | tail -1 | cut -d= -f2)
  total_cycles=$((total_cycles + ${c:-0}))
  case $name in lockstep-*|netlist-lockstep-*|ecp5-netlist-lockstep-*) ls_cycles=$((ls_cycles + ${c:-0}));; esac
}

# Second lane: the steps that need no result of the main lane (netlist builds, the ECP5 RAM check,
# formal) run in one background job, one after another, so both cores work; the main lane reports
# each one (bg_result) where it needs it or at the end. Each step leaves $LOG/<name>.{log,rc,sec}.
bg_step() { # name cmd...
  local name=$1; shift
  local t0=$SECONDS rc=0
  "$@" > "$LOG/$name.log" 2>&1 || rc=$?
  echo $((SECONDS - t0)) > "$LOG/$name.sec"
  echo "$rc" > "$LOG/$name.rc"
}
bg_result() { # name [label]: wait for the background or deferred step, then count it like run
  local name=$1 label=${2:-background}
  while [ ! -e "$LOG/$name.rc" ] && kill -0 "$BG_PID" 2>/dev/null; do sleep 1; done
  if [ -e "$LOG/$name.rc" ] && [ "$(cat "$LOG/$name.rc")" = 0 ]; then
    pass=$((pass + 1)); printf 'PASS %-52s %4ds  (%s)\n' "$name" "$(cat "$LOG/$name.sec")" "$label"
  else
    [ -e "$LOG/$name.rc" ] || echo "background lane ended before $name" >> "$LOG/$name.log"
    fail=$((fail + 1)); failed+=("$name")
    printf 'FAIL %-52s %4ss  (%s; log: %s)\n' "$name" "$(cat "$LOG/$name.sec" 2>/dev/null || echo -)" "$label" "$LOG/$name.log"
    tail -25 "$LOG/$name.log" | sed 's/^/    | /'
  fi
}

# Deferred steps: a step whose inputs exist (an Icarus replay once its DUT is built, synth-quick)
# is queued instead of run; the second lane takes queued steps once its own steps are done, and
# the main lane takes the rest at its end, so the two cores finish together. A step is claimed by
# renaming its queue file (atomic), run like bg_step, and reported at the end by bg_result.
QDIR=$LOG/queue
rm -rf "$QDIR"; mkdir -p "$QDIR/todo" "$QDIR/taken"
qn=0; deferred=()
defer() { # name command-string
  qn=$((qn + 1))
  printf '%s\n' "$2" > "$QDIR/todo/$(printf %04d $qn)-$1"
  deferred+=("$1")
}
drain() { # run queued steps until the queue is closed and empty
  local f
  while :; do
    f=$(ls "$QDIR/todo" | head -1)
    if [ -z "$f" ]; then [ -e "$QDIR/closed" ] && return 0; sleep 1; continue; fi
    mv "$QDIR/todo/$f" "$QDIR/taken/$f" 2>/dev/null || continue
    bg_step "${f#*-}" bash "$QDIR/taken/$f"
  done
}

run gen-check python3 scripts/gen.py --check
# no work history in comments and documents (scripts/history_patterns.txt; the self-test proves
# the patterns and the commit-id test catch what they should and pass hex constants)
run history-check bash -c "python3 scripts/check_history.py --selftest && python3 scripts/check_history.py"
run spdx python3 scripts/check_spdx.py
# docs/results/synthesis.md is what the committed record docs/synthesis.json generates, and the
# record can be rebuilt from the document (syn/synth.py import-md checks the round trip)
run synth-record-doc python3 syn/synth.py doc --check
run synth-record-import python3 syn/synth.py import-md --out build/synth_import.json
run synth-outreg-selftest python3 syn/ecp5_outreg.py --selftest
# include layering (cmodel/ <- sw/ <- tb/), FSM state and other encodings of the RTL against the
# model's enums, every CSR of formats/ decoded in RTL and model, and the RTL ports against
# cmodel/<dut>_ports.h; each with a negative: a deliberately broken copy must make it fail
run layering python3 scripts/check_layering.py
run layering-negative bash -c "rm -rf build/layering_neg && mkdir -p build/layering_neg && cp -r cmodel sw tb build/layering_neg/ && echo '#include \"nic_lockstep.h\"' >> build/layering_neg/cmodel/nic_ram.h && ! python3 scripts/check_layering.py --root build/layering_neg"
run fsm-enc python3 scripts/check_fsm_enc.py
run fsm-enc-negative bash -c "rm -rf build/fsm_neg && mkdir -p build/fsm_neg && cp -r rtl cmodel build/fsm_neg/ && sed -i 's/S_CHK = 3/S_CHK = 2/' build/fsm_neg/cmodel/comet_tx_ingest.c && ! cmp -s cmodel/comet_tx_ingest.c build/fsm_neg/cmodel/comet_tx_ingest.c && ! python3 scripts/check_fsm_enc.py --root build/fsm_neg"
run csr-decode python3 scripts/check_csr_decode.py
run csr-decode-negative bash -c "rm -rf build/csr_neg && mkdir -p build/csr_neg && cp -r formats rtl cmodel build/csr_neg/ && echo 'SPARE,0xFF0,rw,,0,32,0,spare register' >> build/csr_neg/formats/csr_comet_eng.csv && ! python3 scripts/check_csr_decode.py --root build/csr_neg"
run ports python3 scripts/check_ports.py
run ports-negative bash -c "rm -rf build/ports_neg && mkdir -p build/ports_neg && cp cmodel/*_ports.h build/ports_neg/ && sed -i 's/P(s_data_i, 40)/P(s_data_i, 39)/' build/ports_neg/nic_fifo_ports.h && ! cmp -s cmodel/nic_fifo_ports.h build/ports_neg/nic_fifo_ports.h && ! python3 scripts/check_ports.py --dut nic_fifo --cmodel build/ports_neg"
DUTS=$(make -s print-duts)
ECP5_NETLIST_DUTS=${ECP5_NETLIST_DUTS:-aotf_send}
is_ecp5_dut() { case " $ECP5_NETLIST_DUTS " in *" $1 "*) return 0;; esac; return 1; }
# DUTs whose generic netlist is simulated by Icarus (a replay of model vectors) instead of in
# Verilator lockstep: Verilator 5.006 mis-simulates the Yosys netlist of aotf_link (one CRC
# register bit loads a value its flop input does not show), which Icarus simulates correctly
ICARUS_NETLIST_DUTS=${ICARUS_NETLIST_DUTS:-aotf_link}
is_icarus_netlist_dut() { case " $ICARUS_NETLIST_DUTS " in *" $1 "*) return 0;; esac; return 1; }
# DUTs without a netlist run in make test: the netlist of a two-node system or of comet_engine
# (comet_tx + comet_rx + comet_via) is its blocks' netlists, each checked on its own; their
# builds take 808 s (aotf_system2), 533 s (comet_system2) and 234 s (comet_engine) of the second
# lane (make lockstep DUT=<dut> NETLIST=1 runs them)
NETLIST_SKIP_DUTS=${NETLIST_SKIP_DUTS-aotf_system2 comet_system2 comet_engine}
is_netlist_skip_dut() { case " $NETLIST_SKIP_DUTS " in *" $1 "*) return 0;; esac; return 1; }
# the model objects both lanes link, built before the second lane starts
run model-objs make -s model-objs
rm -f "$LOG"/*.rc "$LOG"/*.sec
# synthesis of every block, no place and route (needs nothing of either lane)
defer synth-quick "make -s synth-quick"
bg_lane() {
  # post-synthesis netlists (their lockstep runs in the main lane, after the DUT's RTL runs)
  for d in $DUTS; do
    if is_netlist_skip_dut "$d"; then continue
    elif is_ecp5_dut "$d"; then bg_step "ecp5-netlist-build-$d" make -s "build/$d/lockstep_ecp5"
    elif is_icarus_netlist_dut "$d"; then bg_step "netlist-build-$d" make -s "build/$d/netlist.v" "build/$d/replay_tb.v"
    else bg_step "netlist-build-$d" make -s "build/$d/lockstep_netlist"; fi
  done
  # every RAM shape of the design: its ECP5 mapping (DP16KD model sim/ecp5_dp16kd.v) against the RTL
  bg_step ecp5-ram-check env ECP5_RAM_CYCLES=3000 bash scripts/ecp5_ram_check.sh
  # negative: the check must fail with a DP16KD model whose 36-bit mode writes byte 2 with byte 1's enable
  bg_step ecp5-ram-check-negative bash -c "mkdir -p build/ecp5_ram && sed 's/if (ad\[2\]) mem\[/if (ad[1]) mem[/' sim/ecp5_dp16kd.v > build/ecp5_ram/dp16kd_mutant.v && ! cmp -s sim/ecp5_dp16kd.v build/ecp5_ram/dp16kd_mutant.v && ! env ECP5_RAM_CYCLES=2000 DP16KD_MODEL=build/ecp5_ram/dp16kd_mutant.v bash scripts/ecp5_ram_check.sh 256x36x4"
  bg_step formal bash scripts/formal.sh
  drain
}
bg_lane &
BG_PID=$!
trap 'pkill -P "$BG_PID" 2>/dev/null; kill "$BG_PID" 2>/dev/null' EXIT
for d in $DUTS; do run "lint-$d" make -s "lint-$d"; done

# C model unit tests (tb/unit/test_*.c, linked against every model file)
mkdir -p build/unit
for t in tb/unit/test_*.c; do
  [ -e "$t" ] || continue
  n=$(basename "$t" .c)
  run "unit-$n" bash -c "gcc -std=c11 -O1 -g -Wall -Wextra -Werror -Itb -Isw -Icmodel $t cmodel/*.c -lz -lm -o build/unit/$n && build/unit/$n"
done

for d in $DUTS; do
  run "build-$d" make -s "build/$d/model_main" "build/$d/lockstep" "build/$d/replay.vvp"
  [ -x "build/$d/lockstep" ] || continue
  cyc=$(make -s print-var V="${d}_CYCLES_TEST"); cyc=${cyc:-1000000}
  # Icarus replays are a prefix of each run (4-state: reset / X bugs); a DUT whose event-driven
  # simulation is slow sets <dut>_REPLAY_CYCLES in tb/duts/<dut>.mk (REPLAY_CYCLES overrides)
  rcyc=$(make -s print-var V="${d}_REPLAY_CYCLES"); rcyc=${REPLAY_CYCLES:-${rcyc:-25000}}
  # a directed mode's replay is its first REPLAY_MODE_CYCLES cycles at most (the lockstep runs
  # above cover each mode to its end)
  mcyc=${REPLAY_MODE_CYCLES:-1000}; [ "$mcyc" -lt "$rcyc" ] || mcyc=$rcyc
  [ -n "${QUICK:-}" ] && cyc=$((cyc / 10))
  modes=$("build/$d/model_main" +mode=list)
  for m in $modes; do
    if [ "$m" = random ]; then
      for s in $SEEDS; do ls_run "lockstep-$d-random-s$s" "build/$d/lockstep" +mode=random +seed="$s" +cycles="$cyc"; done
      ls_run "model-$d-random" "build/$d/model_main" +mode=random +seed=99 +cycles=$((cyc * 4))
      defer "replay-$d-random" "env -u NIC_PCAP_DIR build/$d/model_main +mode=random +seed=7 +cycles=$rcyc +vec=build/$d/replay_random.hex >/dev/null && vvp -n build/$d/replay.vvp +vec=build/$d/replay_random.hex | tee /dev/stderr | grep -q 'mismatches=0'"
    else
      ls_run "model-$d-$m" "build/$d/model_main" +mode="$m" +seed=1 +cycles=5000000
      for s in 1 2; do ls_run "lockstep-$d-$m-s$s" "build/$d/lockstep" +mode="$m" +seed="$s" +cycles=5000000; done
      defer "replay-$d-$m" "rm -f build/$d/replay_$m.hex; env -u NIC_PCAP_DIR build/$d/model_main +mode=$m +seed=3 +cycles=$mcyc +vec=build/$d/replay_$m.hex >/dev/null 2>&1; test -s build/$d/replay_$m.hex && vvp -n build/$d/replay.vvp +vec=build/$d/replay_$m.hex | tee /dev/stderr | grep -q 'mismatches=0'"
    fi
  done
  # post-synthesis: the Yosys netlist in lockstep with the model. For the DUTs listed in
  # ECP5_NETLIST_DUTS it is the ECP5-mapped netlist as P&R gets it (synth_ecp5 runs the same
  # generic passes first, then maps; then the block RAM output-register pass): aotf_send has 28
  # DP16KD, all folded, in the 9-, 18- and 36-bit modes (the other RAM shapes: ecp5-ram-check)
  if is_netlist_skip_dut "$d"; then :
  elif is_ecp5_dut "$d"; then
    bg_result "ecp5-netlist-build-$d"
    [ -x "build/$d/lockstep_ecp5" ] && ls_run "ecp5-netlist-lockstep-$d" "build/$d/lockstep_ecp5" +mode=random +seed=12 +cycles=$((cyc / 40))
  elif is_icarus_netlist_dut "$d"; then
    bg_result "netlist-build-$d"
    defer "netlist-replay-$d" "iverilog -g2012 -o build/$d/replay_netlist.vvp -s replay_tb build/$d/netlist.v build/$d/replay_tb.v 2>/dev/null && build/$d/model_main +mode=random +seed=11 +cycles=$((rcyc * 2)) +vec=build/$d/replay_netlist.hex >/dev/null && vvp -n build/$d/replay_netlist.vvp +vec=build/$d/replay_netlist.hex | tee /dev/stderr | grep -q 'mismatches=0'"
  else
    bg_result "netlist-build-$d"
    [ -x "build/$d/lockstep_netlist" ] && ls_run "netlist-lockstep-$d" "build/$d/lockstep_netlist" +mode=random +seed=11 +cycles=$((cyc / 8))
  fi
done

# host drivers on both backends: the same program on the C model and on the Verilated RTL must
# print the same figures (cycle counts); the lockstep backend compares RTL and model every cycle.
run build-apps make -s build/sw/aotf_apps build/sw/aotf_apps_model build/sw/comet_apps build/sw/comet_apps_model build/sw/comet_hw_selftest
run aotf-apps-model-vs-rtl bash -c "build/sw/aotf_apps_model --iters 5 --figures build/test/aotf_apps_model.fig && build/sw/aotf_apps --backend rtl --iters 5 --figures build/test/aotf_apps_rtl.fig && test -s build/test/aotf_apps_model.fig && diff build/test/aotf_apps_model.fig build/test/aotf_apps_rtl.fig"
run aotf-apps-lockstep build/sw/aotf_apps --backend lockstep --iters 5 --cost zero
# the fabric: 8 nodes on two switches in lockstep (every node and switch, RTL and model compared
# every cycle): the applications with multicast and point-to-point release, and fuzzed traffic
# with bad packets across the switches (drops counted, LLCM outside the permitted region
# unchanged); a 64-node tree on the model and on the RTL must print the same figures
run fabric-lockstep-8-apps build/sw/aotf_apps --backend lockstep --topo file:sim/topologies/two_switches.topo --app all --iters 2 --cost zero
run fabric-lockstep-8-ucast build/sw/aotf_apps --backend lockstep --topo line:8:2 --app gsum --iters 2 --release ucast
for s in 1 2; do run "fabric-lockstep-8-fuzz-s$s" build/sw/aotf_apps --backend lockstep --topo line:8:2 --app fuzz --iters 3 --seed $s; done
run fabric-lockstep-negative bash -c "NIC_FABRIC_LS_INJECT=9000 build/sw/aotf_apps --backend lockstep --topo line:8:2 --app barrier --iters 3; test \$? -eq 3"
run fabric-64-model-vs-rtl bash -c "for b in model rtl; do build/sw/aotf_apps --backend \$b --topo tree8:64 --app barrier --iters 3 --figures build/test/fabric64_\$b.fig || exit 1; build/sw/aotf_apps --backend \$b --topo tree8:64 --app gsum --iters 1 --figures build/test/fabric64_gsum_\$b.fig || exit 1; done; test -s build/test/fabric64_model.fig && diff build/test/fabric64_model.fig build/test/fabric64_rtl.fig && diff build/test/fabric64_gsum_model.fig build/test/fabric64_gsum_rtl.fig"
run fabric-model-apps bash -c "for t in star:16 tree8:16 fattree:4 line:12:3; do build/sw/aotf_apps_model --topo \$t --app all --iters 2 || exit 1; build/sw/aotf_apps_model --topo \$t --app random --iters 2 --release ucast || exit 1; done"
run fabric-topo-bad bash -c "for f in sim/topologies/bad_*.topo; do out=\$(build/sw/aotf_apps_model --topo file:\$f 2>&1) && exit 1; grep -q \"^nic_sim: \$f\" <<<\"\$out\" || exit 1; done; build/sw/aotf_apps_model --topo star:99 2>&1 | grep -q 'star:99: 1..16 nodes'"
# fat-tree forwarding tables (sw/nic_fm.c): seed 004's Tables 2 and 4, bad topology files
run fdb make -s fdb
run fdb-bad-topology bash -c 'make -s build/sw/nic_fm && for f in tb/unit/data/fm_bad_*.txt; do rm -f build/fdb/bad_out.txt; out=$(build/sw/nic_fm show --topo "$f" --out build/fdb/bad_out.txt 2>&1) && exit 1; grep -q "^nic_fm: $f:[0-9]*: " <<<"$out" || exit 1; [ ! -e build/fdb/bad_out.txt ] || exit 1; done'
# the fabric manager in the simulated fabric: a spine fails under traffic; only the changed
# LFT blocks are written (their count must equal nic_fm's), switches in lockstep
run fdb-sim-lockstep bash -c "make -s build/sw/fm_failover && build/sw/fm_failover --backend lockstep --topo fattree:4 --assign both --fail spine:0 --iters 2 --words 40 --fail-after 800"
run fdb-sim-link bash -c "make -s build/sw/fm_failover_model && build/sw/fm_failover_model --topo fattree:8 --fail link:3:1 --iters 2 --words 15 --fail-after 1000"
run comet-hw-selftest build/sw/comet_hw_selftest
run comet-apps-model-vs-rtl bash -c "build/sw/comet_apps_model --app all --sizes 1,64,1440 --iters 5 --figures build/test/comet_apps_model.fig && build/sw/comet_apps --backend rtl --app all --sizes 1,64,1440 --iters 5 --figures build/test/comet_apps_rtl.fig && test -s build/test/comet_apps_model.fig && diff build/test/comet_apps_model.fig build/test/comet_apps_rtl.fig"
run comet-apps-lockstep-negative bash -c "COMET_HW_LS_INJECT=3000 build/sw/comet_apps --backend lockstep --app exchange --sizes 64 --iters 2; test \$? -eq 3"
run comet-apps-lockstep build/sw/comet_apps --backend lockstep --app all --sizes 7,200,1464 --iters 3 --seed 5 --pcap build/pcap/comet_apps_lockstep.pcap
# Comet-FM across a switch (star:N): engines and switch on the model and the RTL, and in lockstep
run comet-star-model-vs-rtl bash -c "build/sw/comet_apps_model --topo star:4 --app all --sizes 1,64,1464 --iters 10 --figures build/test/comet_star4_model.fig && build/sw/comet_apps --topo star:4 --backend rtl --app all --sizes 1,64,1464 --iters 10 --figures build/test/comet_star4_rtl.fig && test -s build/test/comet_star4_model.fig && diff build/test/comet_star4_model.fig build/test/comet_star4_rtl.fig"
run comet-star-lockstep build/sw/comet_apps --topo star:2 --backend lockstep --app all --sizes 7,200,1464 --iters 3 --seed 5 --pcap build/pcap/comet_apps_star2_lockstep.pcap
run comet-star-lockstep-4 build/sw/comet_apps --topo star:4 --backend lockstep --app exchange --sizes 1,64,1464 --iters 3
run comet-star-lockstep-negative bash -c "COMET_HW_LS_INJECT=6000 build/sw/comet_apps --topo star:2 --backend lockstep --app exchange --sizes 64 --iters 2; test \$? -eq 3 && COMET_HW_LS_INJECT_SW=6000 build/sw/comet_apps --topo star:2 --backend lockstep --app exchange --sizes 64 --iters 2; test \$? -eq 3"
# Linux TAP interop (mk/interop.mk, needs root): a simulated Comet node on a TAP in a network
# namespace, Comet-FM against the kernel's UDP stack on the model, the RTL and in lockstep (the
# kernel resolves the node by ARP, answered by the engine); a corrupted message must fail the run
run interop-build make -s build/sw/comet_tap build/sw/fm_udp_peer
run interop-model timeout -k 10 150 bash scripts/interop.sh --backend model
run interop-rtl timeout -k 10 150 bash scripts/interop.sh --backend rtl
run interop-lockstep timeout -k 10 150 bash scripts/interop.sh --backend lockstep
run interop-negative bash -c "out=\$(timeout -k 10 120 bash scripts/interop.sh --backend model --count 100 --corrupt 42 2>&1); rc=\$?; echo \"\$out\"; [ \$rc -ne 0 ] && grep -q 'data message 42 from node 1 wrong' <<<\"\$out\""

# FuseSoC: the generated cores match the RTL, and each lints clean through fusesoc (+ negative)
run fusesoc-lint make -s fusesoc-lint
# the paper plots of make plots (AOTF stages, Comet-FM bandwidth, Comet line rate) from fresh runs
run plots-paper bash -c "bash scripts/paper_figs.sh && rm -f build/plots/aotf_latency_stages.png build/plots/comet_fm_bandwidth.png build/plots/comet_line_rate.png && python3 scripts/plot_paper.py build/bench/paper.txt build/plots && test -s build/plots/aotf_latency_stages.png && test -s build/plots/comet_fm_bandwidth.png && test -s build/plots/comet_line_rate.png"

# AXI wrappers: lint of comet_engine_axi / aotf_node_axi and their cocotb benches (Icarus; fails
# when any test case in build/cocotb/*/results.xml failed); negatives: a failed case must fail
# the check, and a DMA adapter that loses writes under back-pressure must fail the bench; the
# adapter's CSR map (NIC_AXI_DMA, RTL only): a register with no RTL decoder must fail csr-decode
run lint-axi make -s lint-axi
run cocotb make -s cocotb
run cocotb-negative make -s cocotb-negative
run cocotb-results-negative bash -c "mkdir -p build/cocotb && printf '<testsuites><testsuite><testcase classname=\"t\" name=\"c\"><failure/></testcase></testsuite></testsuites>' > build/cocotb/negative.xml && ! python3 tb/cocotb/check_results.py build/cocotb/negative.xml"
run csr-decode-negative-axi bash -c "rm -rf build/csr_neg_axi && mkdir -p build/csr_neg_axi && cp -r formats rtl cmodel build/csr_neg_axi/ && echo 'SPARE,0xFF0,rw,,0,32,0,spare register' >> build/csr_neg_axi/formats/csr_nic_axi_dma.csv && ! python3 scripts/check_csr_decode.py --root build/csr_neg_axi"

# fabric split over MPI ranks: R = 1 against R = 2 (outputs equal), lost/corrupt/stalled messages,
# the parts of a topology file and NIC_FABRIC_MPI_SPLIT=subtree
run scaleout-line8 bash -c "make -s build/sw/aotf_apps_mpi_model && for a in barrier gsum random; do bash scripts/scaleout.sh check line:8:2 \$a 2 2 || exit 1; done"
run scaleout-tree64 bash -c "make -s build/sw/aotf_apps_mpi_model && bash scripts/scaleout.sh check tree8:64 barrier 2 2 && bash scripts/scaleout.sh check tree8:64 gsum 2 1 && bash scripts/scaleout.sh check tree8:64 random 2 1"
run scaleout-rtl bash -c "make -s build/sw/aotf_apps_mpi && bash scripts/scaleout.sh check line:8:2 gsum 2 1 lockstep && bash scripts/scaleout.sh check line:8:2 barrier 2 2 rtl && bash scripts/scaleout.sh lsneg"
run scaleout-faults bash -c "make -s build/sw/aotf_apps_mpi_model && bash scripts/scaleout.sh neg"
run scaleout-parts bash -c "make -s build/sw/aotf_apps_mpi_model && bash scripts/scaleout.sh parts"

# rxarp: EtherType-first classification and the ARP responder (comet_rx modes fuzz / arp and
# the comet_engine DUT, mode arp = random, run in the DUT loop above); more ARP seeds on the model
run comet-rx-arp-model-seeds bash -c 'for s in 3 4 5 6; do build/comet_rx/model_main +mode=arp +seed=$s | grep -q "scoreboard=pass" || exit 1; done'

# mpi: the MPI-subset message layer (sw/mpi): conformance suite on 2 and 8 ranks and the same program under Open MPI
run mpi-suite bash -c "make -s mpi build/mpi/ompi/compare && bash sw/mpi/tests/suite.sh"
run mpi-lockstep bash -c "make -s mpi build/mpi/nmpirun_rtl && bash sw/mpi/tests/suite.sh lockstep"
# aotf_send refill walker: the applications with the HTT loaded and the walker on (no driver
# refill), on the model and in lockstep (Verilated node + model every cycle)
# the applications with every kick page sending the 16-byte header form (model and lockstep)
run aotf-apps-hdr16 bash -c "AOTF_HDR16=1 build/sw/aotf_apps_model --iters 3 | grep -q 'result=pass' && AOTF_HDR16=1 build/sw/aotf_apps --backend lockstep --iters 2 --cost zero"
run aotf-apps-hw-walk bash -c "AOTF_HW_WALK=1 build/sw/aotf_apps_model --iters 3 | grep -q 'refills=0 .*result=pass' && AOTF_HW_WALK=1 build/sw/aotf_apps --backend lockstep --iters 2 --cost zero"

# rx: the receive TLB driver end to end (a miss refilled by the driver's service, a forged key
# dropped, a packet outside its window), and more C-model seeds of the aotf_rx modes of issue 46
run rxtlb-driver bash -c "make -s build/sw/aotf_rxtlb_test && build/sw/aotf_rxtlb_test"
run aotf-rx-model-seeds bash -c 'for m in tlb tlb_miss skip botf botf_rate forms tuser; do for s in 3 4 5 6; do build/aotf_rx/model_main +mode=$m +seed=$s | grep -q "scoreboard=pass" || exit 1; done; done'
# BOTF (aotf_botf and its node integration): 464-byte packets at >= 95 % of the link with both
# directions at once (aotf_system2 bench_botf, C model; the lockstep runs above cover its modes)
run botf-line-rate bash -c "build/aotf_system2/model_main +mode=bench_botf +seed=1 | awk '/node_link_pct_464_both_ways/ {ok = (\$3 >= 95)} END {exit !ok}'"

# rel: the link layer (aotf_link DUT modes and aotf_system2 rel0 / rel_1e4 / rel_1e2 / bench_rel
# run in the DUT loop above); more lossy-channel seeds of the link layer on the model
run aotf-link-model-seeds bash -c 'for s in 3 4 5 6 7 8; do build/aotf_link/model_main +mode=rel_1e2 +seed=$s | grep -q "scoreboard=pass" || exit 1; done'
# packet-level checks: every frame the Comet benches emitted (NIC_PCAP_DIR, one pcap per run)
# merged per source and validated by tshark (FCS, IPv4/UDP checksums, FM dissector); plus a
# negative check: one flipped payload byte must make the check fail.
if [ -x scripts/check_pcap.sh ] && ls build/pcap/*.pcap >/dev/null 2>&1; then
  mkdir -p build/pcap_merged
  for src in $DUTS comet_apps; do
    ls build/pcap/${src}_*.pcap >/dev/null 2>&1 || continue
    run "pcap-$src" bash -c "mergecap -F pcap -w build/pcap_merged/$src.pcap build/pcap/${src}_*.pcap && scripts/check_pcap.sh build/pcap_merged/$src.pcap"
  done
  first=$(ls build/pcap_merged/*.pcap | head -1)
  run "pcap-negative" bash -c "python3 -c '
import sys; b=bytearray(open(sys.argv[1],\"rb\").read()); b[24+16+52]^=0x5a; open(sys.argv[2],\"wb\").write(b)' $first build/pcap_merged/corrupt.tmp && ! scripts/check_pcap.sh build/pcap_merged/corrupt.tmp"
fi
run depth-self-test python3 syn/depth.py --self-test
run spread-self-test python3 syn/spread.py --self-test
run seeds-self-test python3 syn/seeds.py --self-test
# the queued steps left: this lane takes them too, then every deferred step is reported
touch "$QDIR/closed"; echo "deferred steps: $(ls "$QDIR/todo" | wc -l) of ${#deferred[@]} left"
drain
bg_result ecp5-ram-check
bg_result ecp5-ram-check-negative
bg_result formal
for n in "${deferred[@]}"; do bg_result "$n" deferred; done
wait "$BG_PID" 2>/dev/null

echo "cycles simulated: $ls_cycles in lockstep (RTL or netlist vs C model), $total_cycles with the C-model-only runs"
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
