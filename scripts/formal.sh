#!/usr/bin/env bash
# Formal checks with Yosys + yosys-smtbmc (z3): bounded model check of the `ifdef FORMAL`
# assertions and reachability of every cover statement, per block listed in formal/blocks.txt.
set -u
cd "$(dirname "$0")/.."
mkdir -p build/formal
rc=0
while IFS='|' read -r blk top depth params files; do
  blk=$(echo $blk); top=$(echo $top); depth=$(echo $depth)
  { [ -z "$blk" ] || [ "${blk:0:1}" = "#" ]; } && continue
  out=build/formal/$blk
  yosys -q -l "$out.yosys.log" -p "read_verilog -sv -formal -DFORMAL $files; chparam $params $top; prep -top $top; memory_nordff; async2sync; dffunmap; write_smt2 -wires $out.smt2" || { echo "formal: $blk: yosys failed"; rc=1; continue; }
  if yosys-smtbmc -s z3 --presat -t "$depth" "$out.smt2" > "$out.bmc.log" 2>&1; then
    echo "formal: $blk: bmc depth $depth PASS"
  else
    echo "formal: $blk: bmc FAIL (see $out.bmc.log)"; tail -5 "$out.bmc.log"; rc=1
  fi
  if yosys-smtbmc -s z3 -c -t "$depth" "$out.smt2" > "$out.cover.log" 2>&1; then
    echo "formal: $blk: all covers reached"
  else
    echo "formal: $blk: cover FAIL (see $out.cover.log)"; tail -5 "$out.cover.log"; rc=1
  fi
done < formal/blocks.txt
exit $rc
