#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The figures the paper plots of `make plots` need, measured now -> build/bench/paper.txt:
# AOTF kick -> link and link -> LLCM (lockstep bench modes), the 2-node loopback internal loop
# (aotf_apps), Comet transmit rate per frame size (comet_system2 bench mode, lockstep) and
# Comet-FM bandwidth per message size with host costs and NIC only (comet_apps, C model).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/bench
out=build/bench/paper.txt
: > "$out.tmp"
make -s build/aotf_send/lockstep build/aotf_rx/lockstep build/comet_system2/lockstep \
  build/sw/aotf_apps_model build/sw/comet_apps_model
for d in aotf_send aotf_rx comet_system2; do
  log=build/bench/paper_$d.log
  "build/$d/lockstep" +mode=bench +seed=1 +cycles=5000000 > "$log" 2>&1
  grep -q 'mismatches=0 .*scoreboard=pass' "$log" || { echo "paper_figs: $d bench run failed ($log)"; exit 1; }
  grep '^bench:' "$log" | sed 's/^bench: //' >> "$out.tmp"
done
build/sw/aotf_apps_model --iters 20 --figures build/bench/paper_apps.txt > /dev/null
cat build/bench/paper_apps.txt >> "$out.tmp"
for c in default zero; do
  build/sw/comet_apps_model --app bw --iters 50 --cost $c --figures build/bench/paper_bw_$c.txt > /dev/null
  cat build/bench/paper_bw_$c.txt >> "$out.tmp"
done
mv "$out.tmp" "$out"
echo "paper_figs: $(wc -l < "$out") figures -> $out"
