#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The fabric manager in the simulated fabric (sw/fm_failover.c): spine 0 of fattree:16 (128 nodes,
# 16 leaves, 8 spines, 3 LFT blocks per switch) fails while every node streams kicks to every
# other node; leaf-major and port-major addresses. Figures -> build/bench/fdb.txt as "key value"
# lines: fdb.sim_block_writes_{leaf,port}, fdb.sim_failover_cycles_{leaf,port},
# fdb.sim_lost_packets_{leaf,port}, fdb.sim_barrier_{before,after}_{leaf,port} and nic_fm's
# fdb.mads_{5832,11664}_{leaf,port}, fdb.mads_all_{5832,11664}_{leaf,port}.
# The run checks what it measures (exit status non-zero when a check fails).
set -euo pipefail
cd "$(dirname "$0")/.."
make -s build/sw/fm_failover_model
mkdir -p build/bench
build/sw/fm_failover_model --topo fattree:16 --assign both --fail spine:0 --iters 5 --words 15 \
  --figures build/bench/fdb.txt | tee build/bench/fdb.log | grep -v '^figure:'
cat build/bench/fdb.txt
