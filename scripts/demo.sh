#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make demo: the main job.
#  1. the AOTF send path, Verilated RTL and C model in lockstep: a few hundred kicks with HTLB
#     misses and refills, every packet printed and decoded
#  2. two nodes back to back running the paper's applications (ping-pong, barrier, global sum,
#     ring buffer) on the Verilated RTL with the C model alongside, compared every cycle;
#     a table of results in cycles and ns at 133 MHz next to the paper's figures;
#     an FST waveform of a ping-pong
#  3. the Comet engine, when its blocks are present (see docs/reference/comet_tx_rx.md)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p build/demo
rm -f build/demo/*.txt

echo
echo "== 1. AOTF send path: RTL and C model in lockstep =="
make -s build/aotf_send/lockstep
make -s build/aotf_send/model_main
build/aotf_send/lockstep +mode=demo +seed=1 +cycles=200000 2>&1 | grep -E '^(demo|lockstep):' | tee build/demo/send_demo.txt \
  | awk '/pkt/ { n++; if (n > 40 && n % 50) next } /HTLB miss|refill/ { m++; if (m > 12) next } { print }'
echo "(every packet: build/demo/send_demo.txt)"
: > build/demo/send_bench.txt
for d in aotf_send aotf_rx nic_link; do
  make -s build/$d/lockstep build/$d/model_main
  for bm in $(build/$d/model_main +mode=list | tr ' ' '\n' | grep -E '^bench'); do
    build/$d/lockstep +mode=$bm +seed=1 +cycles=2000000 2>/dev/null | grep '^bench:' | sed 's/^bench: //' >> build/demo/send_bench.txt || true
  done
done
echo
echo "== 2. Two nodes back to back: the paper's applications, RTL and C model compared every cycle =="
make -s build/sw/aotf_apps
build/sw/aotf_apps --backend lockstep --iters 20 --figures build/demo/apps.txt | grep -v '^figure:'
build/sw/aotf_apps --backend lockstep --iters 20 --cost zero --figures build/demo/apps_zero.txt | grep -v '^figure:'
build/sw/aotf_apps --backend rtl --app pingpong --iters 4 --fst build/demo/pingpong.fst | grep -v '^figure:'
echo "waveform of a ping-pong: build/demo/pingpong.fst"
echo
python3 scripts/report.py build/demo/send_bench.txt build/demo/apps.txt build/demo/apps_zero.txt

if [ -x scripts/demo_comet.sh ]; then
  echo
  echo "== 3. Comet IP-encapsulation engine =="
  bash scripts/demo_comet.sh
fi
