#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Instructions per MPI_Isend / MPI_Irecv / MPI_Wait of the message layer, library code only
# (build/mpi/nmpi_instr under callgrind, one run per call, collection toggled on inside the call;
# the null transport's own instructions are subtracted). Prints "mpi.instr_<call> N" lines.
set -euo pipefail
cd "$(dirname "$0")/../../.."
B=build/mpi
for fn in isend:MPI_Isend:1000 irecv:MPI_Irecv:1000 wait:MPI_Wait:2000; do
  IFS=: read -r key sym calls <<< "$fn"
  out=$B/callgrind.$key.out
  valgrind --tool=callgrind --toggle-collect="$sym" --callgrind-out-file="$out" $B/nmpi_instr > /dev/null 2>&1
  callgrind_annotate --auto=no --threshold=100 "$out" 2>/dev/null | python3 -c '
import re, sys
calls = int(sys.argv[1]); key = sys.argv[2]
total = 0; nt = 0
for line in sys.stdin:
    m = re.match(r"\s*([\d,]+)(?:\s+\([^)]*\))?\s+(.*)", line)
    if not m:
        continue
    n = int(m.group(1).replace(",", "")); what = m.group(2)
    if "PROGRAM TOTALS" in what:
        total = n
    elif re.search(r":nt_[a-z]+\b", what) or re.search(r"\bnt_[a-z]+ ", what):
        nt += n
print("mpi.instr_%s %d" % (key, round((total - nt) / calls)))
' "$calls" "$key"
done
