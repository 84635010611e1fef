#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Static logic-depth report of an ECP5 netlist (Yosys write_json after synth_ecp5).

A quick, seed-free companion to nextpnr for timing work: nextpnr reports one worst
path per run and its figure moves ~10% with the placement seed; this lists every register
endpoint whose estimated register-to-register delay is over a budget, with the path, in
seconds. The delay model is a placement-free estimate (not a timing sign-off):

  start      TRELLIS_FF Q 0.40 ns; DP16KD DO 4.26 ns (no output register), 0.72 ns with the
             output register (REGMODE_A / REGMODE_B = OUTREG, syn/ecp5_outreg.py); input port 0
  per cell   LUT4 0.18; PFUMX / L6MUX21 0.18 (fed from the same slice: no route);
             CCU2C A..D -> S 0.32, -> COUT 0.36, CIN -> COUT 0.03 (2 bits / cell), CIN -> S 0.32;
             TRELLIS_DPR16X4 RAD -> DO 0.45; MULT18X18D 3.0 (combinational)
  per net    ROUTE_BASE + ROUTE_FANOUT * log2(fanout) (between slices; 0 inside a slice or chain)
  setup      FF 0.1, block RAM 0.25

The model's constants come from nextpnr-ecp5 (LFE5U-85F-8) critical-path reports of this
project's blocks (routing hops between slices on those paths: mean 1.0 ns, median 0.8 ns; the longest hops of a real placement are not modelled,
so real paths are longer: compare designs with it, do not quote it as Fmax).

Usage: syn/depth.py NETLIST.json [--budget NS] [--top N] [--scope PREFIX] [--json OUT]
A netlist: build/<synth dir>/<block>/pnr_ecp5/ooc.json from `syn/synth.py full`, or
`syn/synth.py depth --blocks b` (synthesis only, seconds to minutes).
"""
import argparse
import json
import math
import re
import sys
from collections import defaultdict

ROUTE_BASE = 0.6
ROUTE_FANOUT = 0.08
START = {"TRELLIS_FF": 0.40, "DP16KD": 4.26, "PDPW16KD": 4.26, "MULT18X18D": 0.0,
         "TRELLIS_DPR16X4": None}
START_OUTREG = 0.72   # block RAM clock-to-out with the output register (nextpnr-ecp5 report)


def start_delay(ctype, params, port):
    """Clock-to-out of a sequential cell's output port (block RAM: by its REGMODE)."""
    if ctype in ("DP16KD", "PDPW16KD") and port.startswith("DO"):
        # DOA* by REGMODE_A, DOB* by REGMODE_B (a 36-bit RAM's 36 outputs: both are set)
        mode = params.get("REGMODE_A" if port.startswith("DOA") else "REGMODE_B", "NOREG")
        if str(mode).strip() == "OUTREG":
            return START_OUTREG
    return START.get(ctype, 0.4) or 0.4
SETUP = {"TRELLIS_FF": 0.10, "DP16KD": 0.25, "PDPW16KD": 0.25, "TRELLIS_DPR16X4": 0.10,
         "MULT18X18D": 0.25}
SEQ = ("TRELLIS_FF", "DP16KD", "PDPW16KD")


def comb_arcs(ctype, conn):
    """(input port, output port, delay, same-slice input) arcs of a combinational cell."""
    if ctype == "LUT4":
        return [(p, "Z", 0.18, False) for p in "ABCD" if p in conn]
    if ctype == "PFUMX":
        return [("ALUT", "Z", 0.18, True), ("BLUT", "Z", 0.18, True), ("C0", "Z", 0.19, False)]
    if ctype == "L6MUX21":
        return [("D0", "Z", 0.18, True), ("D1", "Z", 0.18, True), ("SD", "Z", 0.19, False)]
    if ctype == "CCU2C":
        arcs = [("CIN", "COUT", 0.03, True), ("CIN", "S0", 0.32, True), ("CIN", "S1", 0.32, True)]
        for i in "01":
            for p in "ABCD":
                arcs.append((p + i, "COUT", 0.36, False))
                arcs.append((p + i, "S" + i, 0.32 if i == "0" else 0.36, False))
        return [a for a in arcs if a[0] in conn and a[1] in conn]
    if ctype == "TRELLIS_DPR16X4":
        return [("RAD", "DO", 0.45, False)]
    if ctype == "MULT18X18D":
        ins = [p for p, d in conn.items() if p.startswith(("A", "B")) and p[1:].isdigit()]
        outs = [p for p in conn if p.startswith("P") and p[1:].isdigit()]
        return [(i, o, 3.0, False) for i in ins for o in outs]
    return None


def analyse(path, scope=""):
    d = path if isinstance(path, dict) else json.load(open(path))
    mods = d["modules"]
    tops = [n for n, m in mods.items() if m.get("attributes", {}).get("top")]
    top = tops[0] if tops else max(mods, key=lambda n: len(mods[n].get("cells", {})))
    m = mods[top]
    names = {}
    for n, info in m.get("netnames", {}).items():
        hide = info.get("hide_name", 0)
        for i, b in enumerate(info["bits"]):
            # a public name, then a hierarchical one (not the OOC wrapper's), then the shortest
            rank = (hide, "." not in n, len(n))
            if isinstance(b, int) and (b not in names or rank < names[b][1]):
                names[b] = ((n if len(info["bits"]) == 1 else "%s[%d]" % (n, i)), rank)
    fanout = defaultdict(int)
    driver = {}      # bit -> (cell, port index) for combinational outputs
    arcs_in = {}     # cell -> list of arcs
    start = {}       # bit -> (arrival, description) for sequential / port outputs
    ends = []        # (cell, type, port, bit)
    for p, info in m.get("ports", {}).items():
        if info["direction"] == "input":
            for b in info["bits"]:
                if isinstance(b, int):
                    start[b] = (0.0, "port " + p)
        else:
            for b in info["bits"]:
                if isinstance(b, int):
                    ends.append(("port", "port", p, b))
    for cn, c in m["cells"].items():
        t = c["type"]
        conn = c["connections"]
        dirs = c.get("port_directions", {})
        for p, bits in conn.items():
            if dirs.get(p) == "input":
                for b in bits:
                    if isinstance(b, int):
                        fanout[b] += 1
        arcs = comb_arcs(t, conn)
        if t in SEQ or arcs is None:
            for p, bits in conn.items():
                if dirs.get(p) == "output":
                    for b in bits:
                        if isinstance(b, int):
                            start[b] = (start_delay(t, c.get("parameters", {}), p), cn)
                elif dirs.get(p) == "input" and p not in ("CLK", "CLKA", "CLKB", "WCK"):
                    for b in bits:
                        if isinstance(b, int):
                            ends.append((cn, t, p, b))
            continue
        arcs_in[cn] = arcs
        for p, bits in conn.items():
            if dirs.get(p) == "output":
                for i, b in enumerate(bits):
                    if isinstance(b, int):
                        driver[b] = (cn, p, i)
        if t == "TRELLIS_DPR16X4":  # its write side is sequential
            for p in ("DI", "WAD", "WRE"):
                for b in conn.get(p, []):
                    if isinstance(b, int):
                        ends.append((cn, t, p, b))
    cells = m["cells"]
    memo = {}
    sys.setrecursionlimit(100000)

    def route(b, same_slice):
        if same_slice:
            return 0.0
        return ROUTE_BASE + ROUTE_FANOUT * math.log2(max(fanout[b], 1))

    def arrival(b):
        """(arrival ns at the net's driver output, levels, predecessor bit or None, via)"""
        if b in memo:
            return memo[b]
        if b in start:
            memo[b] = (start[b][0], 0, None, start[b][1])
            return memo[b]
        if b not in driver:
            memo[b] = (0.0, 0, None, "const/undriven")
            return memo[b]
        memo[b] = (0.0, 0, None, "loop")  # guards a combinational loop
        cn, op, idx = driver[b]
        c = cells[cn]
        best = (0.0, 0, None, cn)
        for ip, o, dl, same in arcs_in[cn]:
            if o != op:
                continue
            for ib in c["connections"].get(ip, []):
                if not isinstance(ib, int):
                    continue
                a, lv, _, _ = arrival(ib)
                t = a + route(ib, same) + dl
                if t > best[0]:
                    best = (t, lv + (0 if same else 1), ib, cn)
        memo[b] = best
        return best

    res = []
    for cn, t, p, b in ends:
        if scope and not (cn.startswith(scope) or names.get(b, ("",))[0].startswith(scope)):
            continue
        a, lv, _, _ = arrival(b)
        total = a + route(b, False) + SETUP.get(t, 0.0)
        res.append((total, lv, cn, t, p, b))
    return res, names, memo, cells


def endpoint_name(cn, t, p, b, names, cells):
    if t == "TRELLIS_FF":
        q = cells[cn]["connections"].get("Q", [None])[0]
        base = names.get(q, (cn,))[0]
        return "%s.%s" % (base, p)
    if t == "port":
        return "port %s" % p
    return "%s.%s" % (cn, p)


def path_of(b, names, memo, cells):
    out = []
    while b is not None:
        a, lv, pred, via = memo[b]
        out.append((round(a, 2), names.get(b, ("bit%d" % b,))[0], cells[via]["type"] if via in cells else via))
        b = pred
    return list(reversed(out))


def group(name):
    """register name without its bit index: one line per register in the summary"""
    return re.sub(r"\[\d+\]", "", re.sub(r"_TRELLIS_FF_Q(_\d+)?", "", name))


def summary(netlist, budget):
    """worst estimate, its register and the count of endpoint bits over budget (for synth.json)"""
    res, names, memo, cells = analyse(netlist)
    if not res:
        return {}
    w = max(res, key=lambda r: r[0])
    return {"est_worst_ns": round(w[0], 2), "est_worst_levels": w[1],
            "est_worst_to": group(endpoint_name(w[2], w[3], w[4], w[5], names, cells)),
            "est_bits_over": sum(1 for r in res if r[0] > budget), "est_budget_ns": budget}


def self_test():
    """A hand-made netlist with known answers (make test runs this)."""
    def ff(d, q):
        return {"type": "TRELLIS_FF", "port_directions": {"CLK": "input", "DI": "input", "Q": "output"},
                "connections": {"CLK": [1], "DI": [d], "Q": [q]}}

    def lut(a, z, b="0"):
        return {"type": "LUT4", "port_directions": {"A": "input", "B": "input", "Z": "output"},
                "connections": {"A": [a], "B": [b], "Z": [z]}}
    io = ("A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1", "CIN")
    ccu = {"type": "CCU2C", "port_directions": dict({p: "input" for p in io},
                                                   S0="output", S1="output", COUT="output"),
           "connections": dict({p: ["0"] for p in io}, A0=[10], CIN=["0"], S0=[11], S1=[12], COUT=[13])}
    ccu2 = json.loads(json.dumps(ccu))
    ccu2["connections"].update(A0=["0"], CIN=[13], S0=[14], S1=[15], COUT=[16])
    cells = {"ra": ff(2, 20), "rb": ff(5, 21), "l1": lut(20, 3), "l2": lut(3, 4),
             "mx": {"type": "PFUMX", "port_directions": {"ALUT": "input", "BLUT": "input",
                                                         "C0": "input", "Z": "output"},
                    "connections": {"ALUT": [4], "BLUT": ["0"], "C0": ["0"], "Z": [5]}},
             "rc": ff(25, 22), "l3": lut(22, 10), "c1": ccu, "c2": ccu2, "rd": ff(15, 23),
             "lp1": lut(30, 31), "lp2": lut(31, 30), "re": ff(31, 24)}
    net = {"modules": {"t": {"attributes": {"top": 1}, "ports": {"clk": {"direction": "input", "bits": [1]}},
                             "cells": cells, "netnames": {"a": {"bits": [20], "hide_name": 0},
                                                          "b": {"bits": [21], "hide_name": 0}}}}}
    res, names, memo, cl = analyse(net)
    got = {endpoint_name(r[2], r[3], r[4], r[5], names, cl): (round(r[0], 3), r[1]) for r in res}
    r = ROUTE_BASE
    # FF -> LUT -> LUT -> PFUMX (same slice) -> FF
    want_b = (round(0.40 + r + 0.18 + r + 0.18 + 0.18 + r + 0.10, 3), 2)
    # FF -> LUT (fan-out 1) -> CCU2C A0 -> COUT -> CCU2C CIN -> S1 -> FF
    want_d = (round(0.40 + r + 0.18 + r + 0.36 + 0.32 + r + 0.10, 3), 2)
    ok = got.get("b.DI") == want_b and got.get("rd.DI") == want_d and "re.DI" in got
    print("depth.py self-test: %s (b.DI %s want %s; rd.DI %s want %s; loop endpoint %s)" % (
        "pass" if ok else "FAIL", got.get("b.DI"), want_b, got.get("rd.DI"), want_d,
        "re.DI" in got))
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("netlist")
    ap.add_argument("--budget", type=float, default=6.4, help="ns (default 6.4 = 156.25 MHz)")
    ap.add_argument("--top", type=int, default=15, help="registers listed (default 15)")
    ap.add_argument("--paths", type=int, default=3, help="worst paths printed in full (default 3)")
    ap.add_argument("--reg-paths", type=int, default=0,
                    help="also print the worst path of each of the first N registers listed")
    ap.add_argument("--scope", default="", help="only endpoints whose cell/net name starts with this")
    ap.add_argument("--json", help="write the summary here")
    a = ap.parse_args()
    res, names, memo, cells = analyse(a.netlist, a.scope)
    res.sort(key=lambda r: -r[0])
    over = [r for r in res if r[0] > a.budget]
    regs = {}
    for r in res:
        g = group(endpoint_name(r[2], r[3], r[4], r[5], names, cells))
        if g not in regs:
            regs[g] = (r, 0)
        if r[0] > a.budget:
            regs[g] = (regs[g][0], regs[g][1] + 1)
    worst = res[0] if res else (0, 0)
    print("%s: %d endpoints, worst estimate %.2f ns (%d levels); %d endpoint bits over %.2f ns "
          "in %d registers" % (a.netlist, len(res), worst[0], worst[1], len(over), a.budget,
                                sum(1 for g in regs.values() if g[1])))
    print("  est ns  levels  bits>budget  endpoint (worst bit)")
    for g, (r, n) in sorted(regs.items(), key=lambda kv: -kv[1][0][0])[:a.top]:
        print("  %6.2f  %6d  %11d  %s" % (r[0], r[1], n, g))
    for r in res[:a.paths]:
        print("path to %s (%.2f ns):" % (endpoint_name(r[2], r[3], r[4], r[5], names, cells), r[0]))
        for at, n, t in path_of(r[5], names, memo, cells):
            print("    %6.2f  %-12s %s" % (at, t, n))
    for g, (r, n) in sorted(regs.items(), key=lambda kv: -kv[1][0][0])[:a.reg_paths]:
        print("worst path of %s (%.2f ns):" % (g, r[0]))
        for at, nm, t in path_of(r[5], names, memo, cells):
            print("    %6.2f  %-12s %s" % (at, t, nm))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"worst_ns": round(worst[0], 3), "worst_levels": worst[1],
                       "bits_over": len(over), "budget_ns": a.budget,
                       "registers": [{"reg": g, "ns": round(r[0], 3), "levels": r[1], "bits_over": n}
                                     for g, (r, n) in sorted(regs.items(), key=lambda kv: -kv[1][0][0])]},
                      f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
