#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fabric figures (part of make bench, and the data of make plots): the paper's barrier and
# global sum on 8-ary trees of N nodes (tree8:N, C model backend; the fabric lockstep in make
# test holds RTL and model equal), ping-pong through 1 and 3 switches, all-to-all traffic, and
# the simulation speed of the 64-node fabric on the C models and on the Verilated RTL.
# Writes "key value" lines to build/bench/fabric.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/bench
make -s build/sw/aotf_apps_model build/sw/aotf_apps
out=build/bench/fabric.txt
: > "$out"
app() { build/sw/aotf_apps_model "$@" --figures build/bench/fabric_one.txt > build/bench/fabric_one.log || {
  cat build/bench/fabric_one.log; echo "fabric_bench: aotf_apps $* failed"; exit 1; }; cat build/bench/fabric_one.txt >> "$out"; }
for n in 2 4 8 16 64; do
  echo "fabric: $n nodes" >&2
  for r in mcast ucast; do
    app --topo tree8:$n --app barrier --iters 20 --release $r
    app --topo tree8:$n --app gsum --iters 5 --release $r
  done
done
app --topo tree8:64 --app pingpong --peer 1 --iters 20
app --topo tree8:64 --app pingpong --peer 63 --iters 20
for n in 8 64; do app --topo tree8:$n --app alltoall --iters 400 --cost zero; done
# simulation speed: the 64-node barrier run, node-cycles per wall-clock second
for b in model rtl; do
  bin=build/sw/aotf_apps; [ $b = model ] && bin=build/sw/aotf_apps_model
  s=$($bin --backend $b --topo tree8:64 --app barrier --iters 40 | sed -n 's/^speed: [a-z]* node_cycles_per_s \([0-9]*\).*/\1/p')
  echo "fabric.${b}_node_cycles_per_s $s" >> "$out"
done
cat "$out"
