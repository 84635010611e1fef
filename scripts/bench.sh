#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: measured figures -> build/bench.json (nothing here is asserted; tests do that).
#  - every DUT whose stimulus has a "bench" mode runs it in lockstep (RTL and model agree on
#    every cycle, so each figure holds for both); the stimulus prints "bench: <key> <value>".
#  - simulation speed of every DUT: lockstep (Verilated RTL + model) and C model alone.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
mkdir -p build/bench
out=build/bench/figures.txt
: > "$out"
for d in $(make -s print-duts); do
  make -s "build/$d/lockstep" "build/$d/model_main"
  for bm in $("build/$d/model_main" +mode=list | tr ' ' '\n' | grep -E '^bench'); do
    "build/$d/lockstep" +mode=$bm +seed=1 +cycles=5000000 | tee "build/bench/$d.$bm.log" | grep '^bench:' | sed 's/^bench: //' >> "$out"
    grep -q 'mismatches=0 .*scoreboard=pass' "build/bench/$d.$bm.log" || { echo "bench: $d $bm run failed"; exit 1; }
  done
  l=$("build/$d/lockstep" +mode=random +seed=5 +cycles=1000000 | grep -Eo 'cycles_per_s=[0-9]+' | cut -d= -f2)
  m=$("build/$d/model_main" +mode=random +seed=5 +cycles=4000000 | grep -Eo 'cycles_per_s=[0-9]+' | cut -d= -f2)
  echo "sim.$d.lockstep_cycles_per_s $l" >> "$out"
  echo "sim.$d.cmodel_cycles_per_s $m" >> "$out"
  if [ "$d" = aotf_send ]; then
    echo "sim.lockstep_cycles_per_s $l" >> "$out"
    echo "sim.cmodel_cycles_per_s $m" >> "$out"
  fi
done
# the paper's applications on the 2-node system (C model backend; lockstep-equal to the RTL)
make -s build/sw/aotf_apps_model
build/sw/aotf_apps_model --iters 50 --figures build/bench/apps.txt > /dev/null
build/sw/aotf_apps_model --iters 50 --cost zero --figures build/bench/apps_zero.txt > /dev/null
cat build/bench/apps.txt build/bench/apps_zero.txt >> "$out"
# every kick page with the 16-byte header (HFMT_16): the NIC-only figures under _hdr16 names
AOTF_HDR16=1 build/sw/aotf_apps_model --iters 50 --cost zero --figures build/bench/apps_hdr16.txt > /dev/null
sed 's/^\([^ ]*\) /\1_hdr16 /' build/bench/apps_hdr16.txt >> "$out"
# the fabric: barrier, global sum, RTT through switches, all-to-all, simulation speed
bash scripts/fabric_bench.sh > /dev/null
cat build/bench/fabric.txt >> "$out"
bash scripts/scaleout.sh bench > /dev/null  # the fabric split over MPI ranks (docs/guide/scaleout.md)
cat build/bench/scaleout.txt >> "$out"
# the fabric manager in the simulated fabric: spine failover on a fat tree (scripts/fdb_sim.sh)
bash scripts/fdb_sim.sh > /dev/null
cat build/bench/fdb.txt >> "$out"
# Comet-FM over VIPL on the 2-node Comet system (C model backend; lockstep-equal to the RTL):
# the paper's Fig. 8 bandwidth program and a ping-pong, with host costs and NIC only
make -s build/sw/comet_apps_model
for c in default zero; do
  build/sw/comet_apps_model --app bw --iters 50 --cost $c --figures build/bench/comet_bw_$c.txt > /dev/null
  build/sw/comet_apps_model --app latency --iters 20 --cost $c --figures build/bench/comet_lat_$c.txt > /dev/null
  cat build/bench/comet_bw_$c.txt build/bench/comet_lat_$c.txt >> "$out"
  # the same through one switch (star:2; keys with the suffix _star2)
  build/sw/comet_apps_model --topo star:2 --app latency --iters 20 --cost $c --figures build/bench/comet_lat_star_$c.txt > /dev/null
  cat build/bench/comet_lat_star_$c.txt >> "$out"
done
# comet_engine_axi: transmit rate through the AXI4 master with a 20-cycle read latency (cocotb)
make -s cocotb-bench > /dev/null
cat build/bench/axi.txt >> "$out"
# the MPI-subset message layer (sw/mpi): latency, bandwidth, collectives, instructions per call
make -s mpi-bench > /dev/null
cat build/bench/mpi.txt >> "$out"
python3 - "$out" <<'PY'
import json, re, subprocess, sys
fig = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) < 2:
        continue
    k, v = parts[0], " ".join(parts[1:])
    if not re.match(r"^[a-z][A-Za-z0-9_.]*$", k):
        continue  # a comment line of a bench log, not a figure
    try:
        v = int(v)
    except ValueError:
        try:
            v = float(v)
        except ValueError:
            pass
    fig[k] = v
try:
    fig["commit"] = subprocess.check_output(["git", "rev-parse", "HEAD"], text=True).strip()
except Exception:
    fig["commit"] = "unknown"
json.dump(dict(sorted(fig.items())), open("build/bench.json", "w"), indent=2)
print(json.dumps(dict(sorted(fig.items())), indent=2))
PY
python3 scripts/report.py "$out"
