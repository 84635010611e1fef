#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Placement spread of a placed nextpnr-ecp5 netlist, per hierarchy.

nextpnr reports one critical path per run; on the Comet engine most of that path's delay is
routing between tiles 20-40 columns apart. This says how large a region each sub-block of the
placed design covers, so a change can be judged on whether it makes a block more compact
(shorter nets), not only on the one path nextpnr prints.

A placed netlist comes from nextpnr's --write option, e.g.
  SYNTH_PNR_SEEDS=1 SYNTH_NEXTPNR_ARGS="--write build/placed.json <the row's ecp5_pnr_args>" \\
      python3 syn/synth.py full --blocks comet_engine --targets ecp5
  python3 syn/spread.py build/placed.json --prefix u_dut.u_ --depth 1
  python3 syn/spread.py --self-test     (part of make test)
(SYNTH_NEXTPNR_ARGS replaces the row's options, so it repeats those of syn/blocks.csv.)

Per group: the number of placed bels (LUTs, flip-flops, carry / mux / RAM cells: each one bel)
and the 5th / 50th / 95th percentile of their tile X and Y. The OOC wrapper's own cells
(shift registers and their output XOR chain, named outside u_dut) are the group "(wrapper)";
nextpnr's packing cells that carry no design name are "(nextpnr)". Names are the flattened
Yosys names, so a group is "the cells whose name starts with PREFIX + one more level".
"""
import argparse
import collections
import json
import re
import sys


def group_of(name, prefix, depth):
    if name.startswith("$nextpnr") or name.startswith("$PACKER"):
        return "(nextpnr)"
    if not name.startswith("u_dut."):
        return "(wrapper)"
    if not name.startswith(prefix):
        return "(u_dut, outside %s)" % prefix
    rest = name[len(prefix):].split(".")
    if len(rest) <= depth:  # a cell of the prefix's own level (not in a sub-instance)
        return "(%s own cells)" % prefix
    return prefix + ".".join(rest[:depth])


def pct(vals, p):
    """Percentile p of an already sorted list."""
    return vals[int(round(p * (len(vals) - 1)))]


def spread(cells, prefix, depth):
    """{group: [(x, y), ...]} and the number of unplaced cells of a placed module's cells."""
    groups = collections.defaultdict(list)
    unplaced = 0
    for name, cell in cells.items():
        m = re.match(r"X(\d+)/Y(\d+)/", cell.get("attributes", {}).get("NEXTPNR_BEL", ""))
        if not m:
            unplaced += 1
            continue
        groups[group_of(name, prefix, depth)].append((int(m.group(1)), int(m.group(2))))
    return groups, unplaced


def self_test():
    """A hand-made placed module: groups, percentiles and the unplaced count."""
    cells = {"in_q_TRELLIS_FF_Q": {"attributes": {"NEXTPNR_BEL": "X1/Y1/SLICEA"}},
             "$nextpnr_CCU2C_1": {"attributes": {"NEXTPNR_BEL": "X9/Y9/SLICEB"}},
             "u_dut.rq_loc_q": {"attributes": {"NEXTPNR_BEL": "X5/Y5/SLICEC"}},
             "u_dut.u_x.nobel": {"attributes": {}}}
    for i in range(21):  # u_dut.u_a: X 10..30, Y 40
        cells["u_dut.u_a.c%d" % i] = {"attributes": {"NEXTPNR_BEL": "X%d/Y40/SLICEA" % (10 + i)}}
    cells["u_dut.u_b.sub.c"] = {"attributes": {"NEXTPNR_BEL": "X70/Y3/SLICED"}}
    g, unplaced = spread(cells, "u_dut.u_", 1)
    xs = sorted(p[0] for p in g["u_dut.u_a"])
    ok = (unplaced == 1 and len(g["u_dut.u_a"]) == 21 and g["u_dut.u_b"] == [(70, 3)] and
          g["(wrapper)"] == [(1, 1)] and g["(nextpnr)"] == [(9, 9)] and
          g["(u_dut, outside u_dut.u_)"] == [(5, 5)] and
          (pct(xs, .05), pct(xs, .5), pct(xs, .95)) == (11, 20, 29))
    print("spread self-test: %s" % ("pass" if ok else "FAIL"))
    return 0 if ok else 1


def main():
    if "--self-test" in sys.argv[1:]:
        sys.exit(self_test())
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("placed", help="nextpnr --write JSON")
    ap.add_argument("--prefix", default="u_dut.u_",
                    help="hierarchy prefix whose next level(s) name the groups (default u_dut.u_)")
    ap.add_argument("--depth", type=int, default=1, help="hierarchy levels below the prefix")
    a = ap.parse_args()
    with open(a.placed) as f:
        d = json.load(f)
    tops = [m for m in d.get("modules", {}).values() if m.get("cells")]
    if not tops:
        sys.exit("spread: %s has no placed cells" % a.placed)
    groups, unplaced = spread(tops[0]["cells"], a.prefix, a.depth)
    if not groups:
        sys.exit("spread: no cell has a NEXTPNR_BEL attribute (not a placed netlist?)")
    print("%-28s %6s  %-17s %-17s %s" % ("group", "bels", "X p5 / p50 / p95", "Y p5 / p50 / p95",
                                        "box (p5..p95) tiles"))
    for g, pts in sorted(groups.items(), key=lambda t: -len(t[1])):
        xs = sorted(p[0] for p in pts)
        ys = sorted(p[1] for p in pts)
        x5, x50, x95 = pct(xs, .05), pct(xs, .5), pct(xs, .95)
        y5, y50, y95 = pct(ys, .05), pct(ys, .5), pct(ys, .95)
        print("%-28s %6d  %3d / %3d / %3d   %3d / %3d / %3d   %3d x %3d" % (
            g, len(pts), x5, x50, x95, y5, y50, y95, x95 - x5 + 1, y95 - y5 + 1))
    if unplaced:
        print("(%d cells without a bel)" % unplaced)


if __name__ == "__main__":
    main()
