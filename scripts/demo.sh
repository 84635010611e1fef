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
#  4. the fabric: barrier and global sum on 2..64 nodes over two-level 8-ary switch trees
#     (C models), a table per node count; the 64-node barrier again on the Verilated RTL
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
echo "waveforms of a ping-pong: build/demo/pingpong_node0.fst, build/demo/pingpong_node1.fst"
echo
python3 scripts/report.py build/demo/send_bench.txt build/demo/apps.txt build/demo/apps_zero.txt

if [ -x scripts/demo_comet.sh ]; then
  echo
  echo "== 3. Comet IP-encapsulation engine =="
  bash scripts/demo_comet.sh
fi

echo
echo "== 4. The fabric: barrier and global sum on up to 64 nodes (docs/guide/fabric.md) =="
make -s build/sw/aotf_apps_model build/sw/aotf_apps
: > build/demo/fabric.txt
for n in 2 8 16 64; do
  for r in mcast ucast; do
    build/sw/aotf_apps_model --topo tree8:$n --app barrier --iters 10 --release $r --figures build/demo/fabric_one.txt | grep '^aotf_apps:'
    cat build/demo/fabric_one.txt >> build/demo/fabric.txt
  done
  build/sw/aotf_apps_model --topo tree8:$n --app gsum --iters 3 --figures build/demo/fabric_one.txt | grep '^aotf_apps:'
  cat build/demo/fabric_one.txt >> build/demo/fabric.txt
done
build/sw/aotf_apps --backend rtl --topo tree8:64 --app barrier --iters 10 --figures build/demo/fabric_rtl.txt | grep -E '^(aotf_apps|speed):'
python3 - build/demo/fabric.txt build/demo/fabric_rtl.txt <<'PY'
import math, sys
fig = {}
for line in open(sys.argv[1]):
    k, v = line.split()
    fig[k] = float(v)
rtl = dict(l.split() for l in open(sys.argv[2]))
ns = 7.5  # ns per cycle at 133 MHz
print()
print("cycles (and us at 133 MHz) per operation, paper host costs; 8-ary combining tree, tree8:N switches")
print(f"{'N':>3} {'levels':>6} {'barrier mcast':>15} {'barrier p2p':>13} {'gsum u32':>10} {'gsum u64':>10} {'gsum f32':>10} {'gsum f64':>10}")
for n in (2, 8, 16, 64):
    lv = max(1, math.ceil(math.log(n, 8) - 1e-9))
    bm, bu = fig[f"aotf.barrier_cycles_n{n}_mcast"], fig[f"aotf.barrier_cycles_n{n}_ucast"]
    g = [fig[f"aotf.gsum_cycles_n{n}_{t}"] for t in ("u32", "u64", "f32", "f64")]
    print(f"{n:>3} {lv:>6} {bm:>7.0f} ({bm*ns/1000:4.2f}) {bu:>6.0f} ({bu*ns/1000:4.2f}) " +
          " ".join(f"{x:>10.0f}" for x in g))
r = float(rtl["aotf.barrier_cycles_n64_mcast"])
print(f"64-node barrier on the Verilated RTL: {r:.1f} cycles (C model: {fig['aotf.barrier_cycles_n64_mcast']:.1f})")
print("paper, 2 nodes back to back on hardware: barrier 2.03-2.77 us, global sum 1.90-2.82 us")
PY
echo
echo "== 5. MPI programs on the simulated NICs (docs/guide/mpi.md) =="
echo "an unmodified MPI program (sw/mpi/tests/compare.c: ping-pong, allreduce, ...) built with nmpicc,"
echo "run by nmpirun on 8 Comet nodes behind a switch, then on 64 AOTF nodes of a two-level 8-ary tree"
make -s mpi-demo
