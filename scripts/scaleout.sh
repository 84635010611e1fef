#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The fabric split over MPI ranks (sw/nic_fabric_mpi.h, docs/guide/scaleout.md).
#   scaleout.sh check TOPO APP R [ITERS] [BACKEND]  R ranks against 1 rank (backend model, rtl or
#                                               lockstep): the outputs (every line but the speed
#                                               line) must be equal and pass
#   scaleout.sh neg                             a lost and a corrupted cut-link message and a
#                                               stalled rank must each end the run with an error
#                                               naming the rank (exit 4), within seconds
#   scaleout.sh lsneg                           the lockstep self-test at 2 ranks (exit 3)
#   scaleout.sh parts                           the parts of a topology file (R = 1 against R = 2,
#                                               more ranks than parts is an error), their
#                                               precedence, NIC_FABRIC_MPI_SPLIT=subtree
#   scaleout.sh bench                           build/bench/scaleout.txt: node-cycles per second of
#                                               the 64-node fabric at 1 and 2 ranks, model and RTL
set -euo pipefail
cd "$(dirname "$0")/.."
MPIRUN=(mpirun --oversubscribe --bind-to none)  # a shared machine: let the ranks move between cores
[ "$(id -u)" = 0 ] && MPIRUN+=(--allow-run-as-root)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
mkdir -p build/scaleout
run() { # ranks bin args... -> stdout; fails when the run fails
  local r=$1; shift
  timeout 600 "${MPIRUN[@]}" -np "$r" "$@"
}
case "${1:-}" in
  check)
    topo=$2 app=$3 r=$4 iters=${5:-2} be=${6:-model}
    bin=build/sw/aotf_apps_mpi; [ "$be" = model ] && bin=build/sw/aotf_apps_mpi_model
    tag=$(echo "$topo.$app.$be" | tr ':/' '__')
    run 1 "$bin" --backend "$be" --topo "$topo" --app "$app" --iters "$iters" > build/scaleout/$tag.r1.log
    run "$r" "$bin" --backend "$be" --topo "$topo" --app "$app" --iters "$iters" > build/scaleout/$tag.r$r.log
    grep -q 'result=pass' build/scaleout/$tag.r1.log || { cat build/scaleout/$tag.r1.log; exit 1; }
    diff <(grep -v '^speed:' build/scaleout/$tag.r1.log) <(grep -v '^speed:' build/scaleout/$tag.r$r.log)
    grep -v '^speed:' build/scaleout/$tag.r$r.log | tail -1
    grep '^speed:' build/scaleout/$tag.r1.log build/scaleout/$tag.r$r.log
    ;;
  neg)
    bin=build/sw/aotf_apps_mpi_model
    for t in "NIC_FABRIC_MPI_DROP=400:lost" "NIC_FABRIC_MPI_CORRUPT=600:bad checksum" \
             "NIC_FABRIC_MPI_STALL=800:no cut-link message from rank 1"; do
      var=${t%%:*} want=${t#*:}
      set +e
      env "$var" NIC_FABRIC_MPI_TIMEOUT=3 timeout 60 "${MPIRUN[@]}" -np 2 $bin --topo line:8:2 --app barrier --iters 2 \
        > build/scaleout/neg.log 2>&1
      rc=$?
      set -e
      grep -q "nic_fabric_mpi: rank [0-9] of 2: .*$want" build/scaleout/neg.log && [ $rc -ne 0 ] && [ $rc -ne 124 ] || {
        cat build/scaleout/neg.log; echo "scaleout neg: $var: rc=$rc, no error naming a rank"; exit 1; }
      grep -m1 "nic_fabric_mpi: rank" build/scaleout/neg.log
    done
    ;;
  lsneg) # the lockstep self-test across ranks: a mismatch on rank 0 stops every rank with exit 3
    set +e
    NIC_FABRIC_LS_INJECT=6000 timeout 120 "${MPIRUN[@]}" -np 2 build/sw/aotf_apps_mpi --backend lockstep --topo line:8:2 \
      --app gsum --iters 1 > build/scaleout/lsneg.log 2>&1
    rc=$?
    set -e
    grep -q "lockstep MISMATCH cycle=6003 node=0" build/scaleout/lsneg.log && [ $rc -eq 3 ] || {
      cat build/scaleout/lsneg.log; echo "scaleout lsneg: rc=$rc"; exit 1; }
    grep -m1 MISMATCH build/scaleout/lsneg.log
    ;;
  parts)
    bin=build/sw/aotf_apps_mpi_model topo=file:sim/topologies/two_switches_parts.topo
    log=build/scaleout/file_sim_topologies_two_switches_parts.topo.random.model
    want() { grep -q -- "$2" "$1" || { cat "$1"; echo "scaleout parts: '$2' not in $1"; exit 1; }; }
    bash "$0" check $topo random 2 1
    want $log.r1.log "ranks 1, parts file, 0 cut"
    want $log.r2.log "ranks 2, parts file, 2 cut"
    # more ranks than the file's parts
    set +e
    run 3 $bin --topo $topo --app barrier --iters 1 > build/scaleout/parts3.log 2>&1
    rc=$?
    set -e
    [ $rc -ne 0 ] || { echo "scaleout parts: 3 ranks on 2 parts did not fail"; exit 1; }
    want build/scaleout/parts3.log "two_switches_parts.topo declares 2 parts: at most 2 ranks"
    # the environment before the file: nodes 0-3 on rank 1, the rest on rank 0 (4 cut links)
    NIC_FABRIC_MPI_PARTS=1,1,1,1,0,0,0,0,0,0 run 2 $bin --topo $topo --app random --iters 1 > build/scaleout/parts_env.log
    diff <(grep -v '^speed:' $log.r1.log) <(grep -v '^speed:' build/scaleout/parts_env.log)
    want build/scaleout/parts_env.log "ranks 2, parts env, 8 cut"
    NIC_FABRIC_MPI_SPLIT=subtree run 2 $bin --topo $topo --app barrier --iters 1 > build/scaleout/parts_split.log
    want build/scaleout/parts_split.log "ranks 2, parts subtree, 2 cut"
    # whole switches: line:12:3 on 2 ranks cuts one switch-to-switch link (blocks: three links)
    NIC_FABRIC_MPI_SPLIT=subtree bash "$0" check line:12:3 random 2 1
    want build/scaleout/line_12_3.random.model.r2.log "ranks 2, parts subtree, 2 cut"
    ;;
  bench)
    make -s build/sw/aotf_apps_mpi_model build/sw/aotf_apps_mpi
    out=build/bench/scaleout.txt
    mkdir -p build/bench
    : > "$out"
    load=$(cut -d' ' -f1 /proc/loadavg)
    for b in model rtl; do
      bin=build/sw/aotf_apps_mpi; [ $b = model ] && bin=build/sw/aotf_apps_mpi_model
      iters=40; [ $b = rtl ] && iters=10
      for r in 1 2; do
        s=$(run $r $bin --backend $b --topo tree8:64 --app barrier --iters $iters |
            sed -n 's/^speed: [a-z]* node_cycles_per_s \([0-9]*\).*/\1/p')
        echo "scaleout.${b}_node_cycles_per_s_r$r $s" >> "$out"
      done
      awk -v b=$b '$1=="scaleout."b"_node_cycles_per_s_r1"{a=$2} $1=="scaleout."b"_node_cycles_per_s_r2"{c=$2}
        END{if(a>0) printf "scaleout.%s_speedup_r2 %.2f\nscaleout.%s_parallel_efficiency_r2 %.2f\n", b, c/a, b, c/a/2}' \
        "$out" >> "$out"
    done
    echo "scaleout.load_avg_at_start $load" >> "$out"
    echo "scaleout.cores $(nproc)" >> "$out"
    cat "$out"
    ;;
  *) echo "usage: $0 check TOPO APP R [ITERS] [BACKEND] | neg | lsneg | parts | bench" >&2; exit 2 ;;
esac
