#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Placement-seed summary of nextpnr-ecp5 runs.

nextpnr's Fmax for one netlist moves by 10-15 % with the placement seed, so the timing work
compares netlists over ten or twenty seeds (SYNTH_PNR_SEEDS=1,...,10). This reads the seed runs
that syn/synth.py leaves in a P&R directory (pnr_ecp5_s<N>.log and pnr_ecp5_s<N>_report.json)
and prints, per seed, the Fmax and the critical path's first and last net, its net count and
its longest routing hop; then median, mean and sample standard deviation. A seed whose report
is not written yet is listed as running.

  python3 syn/seeds.py build/synth/comet_engine/pnr_ecp5
  python3 syn/seeds.py build/synth/comet_engine/pnr_ecp5 --path 3   (seed 3's path, step by step)
  python3 syn/seeds.py --compare 125.99,135.30,... 131.27,127.68,...
        (mean difference of two seed lists and its standard error, Welch)
  python3 syn/seeds.py --self-test     (part of make test)
"""
import argparse
import glob
import json
import math
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from synthlib.reports import parse_pnr  # noqa: E402  (the flow's own report parser)


def seed_runs(pdir, kind="ecp5"):
    """[(seed, parse_pnr result or None while running)] in seed order"""
    out = []
    for log in glob.glob(os.path.join(pdir, "pnr_%s_s*.log" % kind)):
        m = re.search(r"_s(\d+)\.log$", log)
        if not m:
            continue
        rep = log[:-len(".log")] + "_report.json"
        r = parse_pnr(rep, log) if os.path.exists(rep) else None
        out.append((int(m.group(1)), r if r and r.get("fmax_mhz") is not None else None))
    return sorted(out)


def stats(vals):
    if not vals:
        return None
    sd = statistics.stdev(vals) if len(vals) > 1 else 0.0
    return {"n": len(vals), "median": statistics.median(vals), "mean": statistics.mean(vals), "sd": sd}


def compare(a, b):
    """mean(b) - mean(a) and its standard error (Welch: the two netlists' seeds are not paired)"""
    sa, sb = stats(a), stats(b)
    se = math.sqrt(sa["sd"] ** 2 / sa["n"] + sb["sd"] ** 2 / sb["n"])
    return sb["mean"] - sa["mean"], se


def summary_lines(runs):
    lines, vals = [], []
    for s, r in runs:
        if r is None:
            lines.append("%3d  running (no report yet)" % s)
            continue
        vals.append(r["fmax_mhz"])
        hops = [x["delay_ns"] for x in r.get("crit_path", []) if x.get("type") == "routing"]
        nets = r.get("crit_nets") or []
        lines.append("%3d %7.2f  %s -> %s  (%d nets, longest hop %.2f ns)" % (
            s, r["fmax_mhz"], nets[0] if nets else r.get("crit_from"),
            nets[-1] if nets else r.get("crit_to"), len(nets), max(hops) if hops else 0.0))
    st = stats(vals)
    if st:
        lines.append("n=%d  median %.2f  mean %.2f  sd %.2f  (MHz)" % (st["n"], st["median"], st["mean"], st["sd"]))
    return lines


def path_lines(r):
    lines, t = [], 0.0
    for x in r.get("crit_path", []):
        t += x["delay_ns"]
        if x["type"] == "routing" and x["delay_ns"] == 0:
            continue  # inside a carry chain / slice
        lines.append("%-9s %5.2f %6.2f  %s" % (x["type"], x["delay_ns"], t, x["to"]))
    return lines


def self_test():
    ok = True
    with tempfile.TemporaryDirectory() as d:
        def write(seed, fmax, path):
            rep = {"fmax": {"clk_i": {"achieved": fmax, "constraint": 156.25}},
                   "critical_paths": [{"from": "clk_i", "to": "clk_i", "path": path}]}
            with open(os.path.join(d, "pnr_ecp5_s%d_report.json" % seed), "w") as f:
                json.dump(rep, f)
            open(os.path.join(d, "pnr_ecp5_s%d.log" % seed), "w").close()
        step = lambda typ, dl, net, a, b: {"type": typ, "delay": dl, "net": net,  # noqa: E731
                                           "from": {"cell": a, "port": "Q"}, "to": {"cell": b, "port": "D"}}
        write(2, 130.0, [step("clk-to-q", 0.4, "", "ff_a", "ff_a"), step("routing", 1.5, "n_a", "ff_a", "lut"),
                         step("logic", 0.2, "", "lut", "lut"), step("routing", 0.7, "n_b", "lut", "ff_b")])
        write(10, 140.0, [step("clk-to-q", 0.4, "", "ff_c", "ff_c"), step("routing", 2.0, "n_c", "ff_c", "ff_d")])
        open(os.path.join(d, "pnr_ecp5_s3.log"), "w").close()  # running: no report
        runs = seed_runs(d)
        ok &= [s for s, _ in runs] == [2, 3, 10] and runs[1][1] is None
        lines = summary_lines(runs)
        ok &= lines[0].split()[:2] == ["2", "130.00"] and "n_a -> n_b" in lines[0] and "1.50 ns" in lines[0]
        ok &= "running" in lines[1] and "median 135.00" in lines[-1] and "sd 7.07" in lines[-1]
        ok &= len(path_lines(runs[0][1])) == 4 and path_lines(runs[0][1])[-1].split()[2] == "2.80"
    diff, se = compare([130.0, 134.0], [135.0, 139.0])
    ok &= abs(diff - 5.0) < 1e-9 and abs(se - math.sqrt(8.0)) < 1e-9  # sd 2.83 each, n = 2
    print("seeds self-test: %s" % ("pass" if ok else "FAIL"))
    return 0 if ok else 1


def main():
    if "--self-test" in sys.argv[1:]:
        return self_test()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdir", nargs="?", help="P&R directory (build/synth/<block>/pnr_ecp5)")
    ap.add_argument("--path", type=int, default=0, help="print this seed's critical path")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"),
                    help="two comma-separated seed lists (MHz): mean(B) - mean(A) and its standard error")
    a = ap.parse_args()
    if a.compare:
        la, lb = ([float(x) for x in s.split(",") if x.strip()] for s in a.compare)
        if len(la) < 2 or len(lb) < 2:
            ap.error("--compare needs at least two seeds per list")
        diff, se = compare(la, lb)
        for name, v in (("A", la), ("B", lb)):
            st = stats(v)
            print("%s: n=%d  median %.2f  mean %.2f  sd %.2f" % (name, st["n"], st["median"], st["mean"], st["sd"]))
        print("B - A: %+.2f MHz in the mean, standard error %.2f (%.1f standard errors)" % (
            diff, se, diff / se if se else float("inf")))
        return 0
    if not a.pdir or not os.path.isdir(a.pdir):
        ap.error("give a P&R directory (e.g. build/synth/comet_engine/pnr_ecp5)")
    runs = seed_runs(a.pdir)
    if not runs:
        print("seeds: no pnr_ecp5_s<N>.log in %s" % a.pdir)
        return 1
    if a.path:
        r = dict(runs).get(a.path)
        if r is None:
            print("seeds: seed %d has no report in %s" % (a.path, a.pdir))
            return 1
        print("\n".join(path_lines(r)))
        return 0
    print("\n".join(summary_lines(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
