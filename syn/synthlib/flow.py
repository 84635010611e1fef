# SPDX-License-Identifier: Apache-2.0
"""The flows: synthesis, P&R and depth jobs per block and target, run in parallel into a results json."""
import concurrent.futures as cf
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

from .blocks import load_mem_allow, mem_allowed, resolve_files, rtl_index
from .config import (BUILD, ECP5_ARGS, ECP5_FLAGS_REC, ICE40_DEV, ROOT, ecp5_pnr_args, log,
                     write_json)
from .reports import constraint_freq, parse_pnr
from .tools import git_commit, git_dirty, have_yosys, run, tool_version, which_nextpnr_ecp5
from .yosys import gen_wrapper, get_ports, yosys_synth

def pnr_seeds(kind):
    """Placement seeds of a P&R row: SYNTH_PNR_SEED=n (one), else SYNTH_PNR_SEEDS (ECP5,
    default 1,2,3: the row reports the best and every seed's figure); iCE40: seed 1."""
    if os.environ.get("SYNTH_PNR_SEED"):
        return [int(os.environ["SYNTH_PNR_SEED"])]
    if kind != "ecp5":
        return [1]
    return [int(x) for x in os.environ.get("SYNTH_PNR_SEEDS", "1,2,3").split(",") if x.strip()]


def pnr(block, kind, json_in, wdir, cons, ice40_dev="hx8k", timeout=7200, seed=1):
    freq = constraint_freq(cons)
    rep = os.path.join(wdir, "pnr_%s_s%d_report.json" % (kind, seed))
    logf = os.path.join(wdir, "pnr_%s_s%d.log" % (kind, seed))
    if os.path.exists(rep):
        os.remove(rep)
    pnr_args = ecp5_pnr_args(block) if kind == "ecp5" else ""
    if kind == "ecp5":
        tool = which_nextpnr_ecp5()
        cmd = ([tool, "--json", json_in, "--lpf", cons, "--lpf-allow-unconstrained"] + ECP5_ARGS +
               pnr_args.split())
    else:
        tool = "nextpnr-ice40" if shutil.which("nextpnr-ice40") else None
        dev, pkg, _ = ICE40_DEV[ice40_dev]
        cmd = [tool, "--json", json_in, dev, "--package", pkg, "--pcf", cons,
               "--pcf-allow-unconstrained"]
    if tool is None:
        return {"errors": ["nextpnr for %s not installed (run: make synth-setup)" % kind],
                "pnr_seed": seed}
    cmd += ["--freq", str(freq or 100), "--seed", str(seed), "--timing-allow-fail", "--report", rep]
    rc, secs = run(cmd, logf, timeout)
    res = {"rc": rc, "secs": round(secs, 1), "target_mhz": freq, "log": os.path.relpath(logf, ROOT),
           "errors": []}
    if kind == "ecp5":
        res["pnr_args"] = pnr_args
        res["pnr_seed"] = seed
    if rc != 0:
        tail = [l for l in open(logf, errors="replace").read().splitlines() if "ERROR" in l]
        res["errors"].append("nextpnr-%s failed (rc=%s): %s" % (kind, rc, (tail[-1] if tail else "?")[:300]))
    res.update(parse_pnr(rep, logf))
    if res.get("fmax_mhz") is not None and freq:
        res["timing_met"] = res["fmax_mhz"] >= freq
    return res


# ------------------------------------------------------------------------- the flows
def job_synth(block, target, files, wdir, allow, quick=False):
    params = block["params_ice40_l"] if target == "ice40" else block["params_l"]
    r = yosys_synth(block, target, files, params, wdir, ice40_dev=block["ice40"], quick=quick)
    r["params"] = ";".join("%s=%s" % kv for kv in params)
    for m in r.get("memories", []):
        if m["became"] == "logic" or m["became"].startswith("other"):
            why = mem_allowed(allow, block["block"], target, m["name"])
            if why:
                m["allowed"] = why
            else:
                r["errors"].append("MEMORY NOT ON BRAM: %s (%sx%s, %s) became %s -- owner: %s" % (
                    m["name"], m["depth"], m["width"], m.get("src", ""), m["became"], block["owner"]))
        if m.get("src") and "nic_ram_1r1w.v" not in m["src"]:
            r["warnings"].append("memory %s (%s) is not a nic_ram_1r1w instance (conventions: "
                                 "every RAM is an instance of nic_ram_1r1w)" % (m["name"], m["src"]))
        if m["became"] == "lutram":
            r["warnings"].append("memory %s (%sx%s) mapped to LUT RAM, not block RAM" % (
                m["name"], m["depth"], m["width"]))
    return r


def job_pnr(block, kind, files, wdir):
    params = block["params_ice40_l"] if kind == "ice40" else block["params_l"]
    pdir = os.path.join(wdir, "pnr_" + kind)
    os.makedirs(pdir, exist_ok=True)
    ports = get_ports(files, block["top"], params, pdir)
    if isinstance(ports, str):
        return {"errors": [ports]}
    wrap = os.path.join(pdir, "ooc_%s.v" % block["block"])
    mod, ni, no = gen_wrapper(block["block"], block["top"], params, ports, wrap)
    jsn = os.path.join(pdir, "ooc.json")
    target = "ecp5" if kind == "ecp5" else "ice40"
    s = yosys_synth(block, target, files, [], pdir, json_out=jsn, top=mod,
                    extra_files=[os.path.relpath(wrap, ROOT)], ice40_dev=block["ice40"])
    if s["errors"]:
        return {"errors": ["OOC synthesis: " + e for e in s["errors"]]}
    # an empty netlist (e.g. an undriven DUT output: Yosys makes it x, and the wrapper's output
    # chain then carries x to the one output, so everything is removed) has no timing paths:
    # an error, not a timing miss with no figure
    d = json.load(open(jsn))
    ncells = sum(len(m.get("cells", {})) for m in d.get("modules", {}).values())
    if ncells == 0:
        return {"errors": ["OOC netlist is empty (0 cells): check for undriven / constant-x outputs"]}
    cons = block["ecp5_pnr"] if kind == "ecp5" else ICE40_DEV[block["ice40"]][2]
    pnr_json, outreg = jsn, None
    if kind == "ecp5" and os.environ.get("SYNTH_ECP5_OUTREG", "1") != "0":
        # fold the read register behind each DP16KD into its output register (syn/ecp5_outreg.py)
        import ecp5_outreg
        st = ecp5_outreg.fold(d)   # d: the netlist parsed above (folded in place)
        pnr_json = os.path.join(pdir, "ooc_outreg.json")
        with open(pnr_json, "w") as f:
            json.dump(d, f)
        outreg = {"ffs": st["ffs"], "rams": st["rams"], "with_enable": st.get("with_enable", 0),
                  "not_folded": st["skipped"]}
    runs = [pnr(block, kind, pnr_json, pdir, cons, ice40_dev=block["ice40"], seed=sd)
            for sd in pnr_seeds(kind)]
    ok = [x for x in runs if not x["errors"] and x.get("fmax_mhz") is not None]
    # the row: the best seed's run (its figure, critical path and log); every seed's Fmax
    # and their median alongside (a placement moves Fmax by up to ~12%)
    r = max(ok, key=lambda x: x["fmax_mhz"]) if ok else runs[0]
    if kind == "ecp5":
        r["fmax_seeds"] = {str(x["pnr_seed"]): x.get("fmax_mhz") for x in runs}
        if ok:
            r["fmax_median_mhz"] = round(statistics.median(x["fmax_mhz"] for x in ok), 2)
        r["secs"] = round(sum(x.get("secs", 0) for x in runs), 1)
    if outreg is not None:
        r["outreg"] = outreg
    if kind == "ecp5":
        import depth  # syn/depth.py: placement-free estimate of the same netlist
        freq = constraint_freq(cons)
        r.update(depth.summary(jsn, round(1000.0 / freq, 3) if freq else 6.4))
    r["device"] = ("LFE5U-85F-8BG381C" if kind == "ecp5" else
                   {"hx8k": "iCE40HX8K-CT256", "up5k": "iCE40UP5K-SG48"}[block["ice40"]])
    r["constraints"] = cons
    r["ooc_wrapper"] = {"file": os.path.relpath(wrap, ROOT), "in_bits": ni, "out_bits": no,
                        "io_stage": "free"}
    return r


def job_depth(block, files, wdir, budget, top):
    """OOC ECP5 netlist (the one P&R would place) and its syn/depth.py report, no P&R."""
    pdir = os.path.join(wdir, "depth_ecp5")
    os.makedirs(pdir, exist_ok=True)
    ports = get_ports(files, block["top"], block["params_l"], pdir)
    if isinstance(ports, str):
        return 1
    wrap = os.path.join(pdir, "ooc_%s.v" % block["block"])
    mod, _, _ = gen_wrapper(block["block"], block["top"], block["params_l"], ports, wrap)
    jsn = os.path.join(pdir, "ooc.json")
    s = yosys_synth(block, "ecp5", files, [], pdir, json_out=jsn, top=mod,
                    extra_files=[os.path.relpath(wrap, ROOT)])
    if s["errors"]:
        log("depth: %s: synthesis failed: %s" % (block["block"], "; ".join(s["errors"])))
        return 1
    rep = os.path.join(wdir, "depth.json")
    cmd = [sys.executable, os.path.join(ROOT, "syn", "depth.py"), jsn, "--budget", str(budget),
           "--top", str(top), "--json", rep]
    return subprocess.call(cmd)


def run_flow(mode, blocks, targets, do_pnr, jobs, out_path):
    os.makedirs(BUILD, exist_ok=True)
    if not have_yosys():
        return 2
    allow = load_mem_allow()
    idx = rtl_index()
    results = {"yosys_version": tool_version(["yosys", "-V"]), "commit": git_commit(),
               "rtl_dirty": git_dirty(), "mode": mode,
               "date_utc": datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC")}
    if do_pnr:
        ne = which_nextpnr_ecp5()
        results["nextpnr_ecp5_version"] = tool_version([ne, "--version"]) if ne else None
        results["nextpnr_ice40_version"] = (tool_version(["nextpnr-ice40", "--version"])
                                            if shutil.which("nextpnr-ice40") else None)
    status = {}
    tasks = []
    for b in blocks:
        files, note = resolve_files(b, idx)
        name = b["block"]
        results[name + ".top"] = b["top"]
        results[name + ".owner"] = b["owner"]
        if files is None:
            status[name] = "SKIP"
            results[name + ".status"] = "skipped: " + note
            log("synth: %-16s SKIP (%s)" % (name, note))
            continue
        results[name + ".files"] = files
        wdir = os.path.join(BUILD, name)
        os.makedirs(wdir, exist_ok=True)
        for t in targets:
            if t == "ice40" and b["ice40"] == "none":
                continue
            tasks.append(("synth", b, t, files, wdir))
        if do_pnr:
            if b["ecp5_pnr"] != "none" and "ecp5" in targets:
                tasks.append(("pnr", b, "ecp5", files, wdir))
            if b["ice40"] in ICE40_DEV and "ice40" in targets:
                tasks.append(("pnr", b, "ice40", files, wdir))
    # P&R jobs are the long ones: start them first so two cores stay busy.
    tasks.sort(key=lambda t: (t[0] != "pnr", t[2] != "ecp5"))
    failures, warnings, misses = [], [], []

    def do(task):
        kind, b, t, files, wdir = task
        if kind == "synth":
            return task, job_synth(b, t, files, wdir, allow, quick=(mode == "quick"))
        return task, job_pnr(b, t, files, wdir)

    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        for fut in cf.as_completed([ex.submit(do, t) for t in tasks]):
            (kind, b, t, files, wdir), r = fut.result()
            name = b["block"]
            if kind == "synth":
                pre = "%s.%s." % (name, t)
                for k, v in r.get("counts", {}).items():
                    results[pre + k] = v
                results[pre + "params"] = r.get("params", "")
                if t == "ecp5":
                    results[pre + "synth_flags"] = ECP5_FLAGS_REC
                results[pre + "memories"] = r.get("memories", [])
                results[pre + "cells"] = r.get("cells", {})
                results[pre + "log"] = r.get("log")
                results[pre + "secs"] = r.get("secs")
                results[pre + "errors"] = r["errors"]
                results[pre + "warnings"] = r["warnings"]
                c = r.get("counts", {})
                mems = r.get("memories", [])
                msum = "mem=%d (%s)" % (len(mems), ", ".join(
                    "%d %s" % (sum(1 for m in mems if m["became"] == k), k)
                    for k in sorted({m["became"] for m in mems}))) if mems else "mem=0"
                if mode == "quick":
                    log("synth: %-16s %-6s %s  %s (%.0fs)" % (
                        name, t, "FAIL" if r["errors"] else "ok  ", msum, r.get("secs", 0)))
                else:
                    log("synth: %-16s %-6s %s  lut=%s ff=%s bram=%s dsp=%s carry=%s lutram=%s %s (%.0fs)" % (
                        name, t, "FAIL" if r["errors"] else "ok  ", c.get("lut"), c.get("ff"),
                        c.get("bram"), c.get("dsp"), c.get("carry"), c.get("lutram"), msum,
                        r.get("secs", 0)))
            else:
                pre = "%s.%s." % (name, t)
                for k in ("fmax_mhz", "target_mhz", "timing_met", "crit_from", "crit_to",
                          "crit_from_net", "crit_to_net",
                          "crit_delay_ns", "crit_nets", "crit_path", "util", "device",
                          "constraints", "ooc_wrapper", "outreg", "pnr_args", "pnr_seed",
                          "fmax_seeds", "fmax_median_mhz",
                          "est_worst_ns",
                          "est_worst_levels", "est_worst_to", "est_bits_over", "est_budget_ns"):
                    if k in r:
                        results[pre + k] = r[k]
                results[pre + "pnr_errors"] = r["errors"]
                results[pre + "pnr_log"] = r.get("log")   # (pre + "log" / "secs": the synthesis run)
                results[pre + "pnr_secs"] = r.get("secs")
                log("pnr:   %-16s %-6s %s  fmax=%s MHz (target %s) %s -> %s (%.0fs)" % (
                    name, t, "FAIL" if r["errors"] else ("ok  " if r.get("timing_met") else "MISS"),
                    r.get("fmax_mhz"), r.get("target_mhz"), r.get("crit_from"), r.get("crit_to"),
                    r.get("secs", 0)))
                if not r["errors"] and r.get("timing_met") is False:
                    misses.append("%s %s: %.2f MHz < %s MHz target, critical path %s -> %s" % (
                        name, t, r["fmax_mhz"], r["target_mhz"], r.get("crit_from"), r.get("crit_to")))
            for e in r["errors"]:
                failures.append("%s %s: %s" % (name, t, e))
            for w in r.get("warnings", []):
                warnings.append("%s %s: %s" % (name, t, w))
            status.setdefault(name, "ok")
            if r["errors"]:
                status[name] = "FAIL"
            if out_path:
                # results so far (a long run stopped early keeps them; usable by `merge`)
                write_json(out_path + ".partial", dict(results, failures=failures, warnings=warnings,
                                                       timing_misses=misses, partial=True))
    for name, s in status.items():
        if s != "SKIP":
            results[name + ".status"] = s
    results["failures"] = failures
    results["warnings"] = warnings
    results["timing_misses"] = misses
    results["elapsed_s"] = round(time.time() - t0, 1)
    if out_path:
        write_json(out_path, results)
    log("")
    for w in warnings:
        log("synth: warning: " + w)
    for m in misses:
        log("synth: TIMING MISS: " + m)
    for e in failures:
        log("synth: ERROR: " + e)
    nblk = sum(1 for s in status.values() if s != "SKIP")
    log("synth: %d blocks synthesised, %d skipped, %d errors, %d timing misses (%.0fs)%s" % (
        nblk, sum(1 for s in status.values() if s == "SKIP"), len(failures), len(misses),
        time.time() - t0, (", results in " + os.path.relpath(out_path, ROOT)) if out_path else ""))
    if failures:
        return 1
    if misses and os.environ.get("SYNTH_STRICT_TIMING") == "1":
        return 3
    return 0
