#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The message layer's conformance suite (docs/guide/mpi.md):
#   suite.sh [conf|compare|lockstep|all]   (default all but lockstep)
# conf: every test program on 2 and 8 ranks of the model backend, Comet and AOTF transports
# (many.c with fewer requests on 8 ranks); the finalize test must end and report its two
# unreceived messages.
# compare: sw/mpi/tests/compare.c under nmpirun and under Open MPI on 2 and 8 ranks (Comet) and
# 64 ranks (AOTF, tree8:64), same stdout.
# lockstep: wildcard and p2p on 2 ranks with the RTL engines and switch compared to the models
# every cycle (build/mpi/nmpirun_rtl).
set -u
cd "$(dirname "$0")/../../.."
B=build/mpi
RUN=$B/nmpirun
what=${1:-default}
fails=0
check() { # name cmd...
  local name=$1; shift
  if "$@" > "$B/suite_$name.log" 2>&1; then echo "PASS mpi $name"; else echo "FAIL mpi $name (log $B/suite_$name.log)"; tail -8 "$B/suite_$name.log"; fails=$((fails + 1)); fi
}
if [ "$what" = default ] || [ "$what" = conf ] || [ "$what" = all ]; then
  for n in 2 8; do
    for t in p2p wildcard truncate unexpected collectives; do
      check "$t-n$n" "$RUN" -n $n $B/tests/$t.so
    done
  done
  for n in 2 8; do
    for t in p2p wildcard truncate unexpected; do
      check "$t-aotf-n$n" "$RUN" -n $n --nic aotf $B/tests/$t.so
    done
  done
  # n8: the transport's combining tree (allreduce of <= 8 bytes) with a full level of 7 children
  for n in 2 8; do check collectives-aotf-n$n "$RUN" -n $n --nic aotf $B/tests/collectives.so; done
  # rendezvous for every message (--eager-max 0) or above 1000 bytes; programs that rely on
  # eager buffering (a blocking send before the matching receive is posted) are left out
  for t in p2p collectives compare; do
    check "$t-rndv-n2" "$RUN" -n 2 --eager-max 0 $B/tests/$t.so
  done
  check p2p-rndv-n8 "$RUN" -n 8 --eager-max 1000 $B/tests/p2p.so
  check p2p-rndv-aotf-n2 "$RUN" -n 2 --nic aotf --eager-max 0 $B/tests/p2p.so
  check many-aotf-n8 "$RUN" -n 8 --nic aotf $B/tests/many.so 300
  check many-n2 "$RUN" -n 2 $B/tests/many.so 2000
  check many-n8 "$RUN" -n 8 $B/tests/many.so 300
  check finalize-n2 bash -c "$RUN -n 2 $B/tests/finalize.so 2>&1 | tee /dev/stderr | grep -c 'never received' | grep -qx 2"
  check determinism bash -c "cmp <($RUN -n 4 --seed 3 $B/tests/wildcard.so 2>&1) <($RUN -n 4 --seed 3 $B/tests/wildcard.so 2>&1)"
  check determinism-aotf bash -c "cmp <($RUN -n 8 --nic aotf --seed 3 $B/tests/compare.so 2>&1) <($RUN -n 8 --nic aotf --seed 3 $B/tests/compare.so 2>&1)"
fi
if [ "$what" = default ] || [ "$what" = compare ] || [ "$what" = all ]; then
  for n in 2 8; do
    check "compare-openmpi-n$n" bash -c "diff <($RUN -n $n $B/tests/compare.so) <(mpirun --allow-run-as-root --oversubscribe -n $n $B/ompi/compare)"
  done
  check compare-openmpi-aotf-n64 bash -c "diff <($RUN -n 64 --nic aotf $B/tests/compare.so) <(mpirun --allow-run-as-root --oversubscribe -n 64 $B/ompi/compare)"
fi
if [ "$what" = lockstep ] || [ "$what" = all ]; then
  # every output of both Verilated engines and the switch equals the C models' every cycle, and
  # the run takes the cycles it takes on the models
  for t in wildcard p2p; do
    check "lockstep-$t-n2" bash -c "out=\$($B/nmpirun_rtl -n 2 --backend lockstep $B/tests/$t.so 2>&1) || exit 1; echo \"\$out\";
      [ \$(echo \"\$out\" | grep -c 'compared=[1-9][0-9]* mismatches=0\$') = 3 ] &&
      [ \"\$(echo \"\$out\" | grep -o 'cycles=[0-9]* unreceived' )\" = \"\$($RUN -n 2 $B/tests/$t.so 2>&1 | grep -o 'cycles=[0-9]* unreceived')\" ]"
  done
fi
echo "mpi suite: $fails failed"
[ $fails = 0 ]
