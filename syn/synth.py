#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Scripted synthesis + place-and-route flow (issue "Synthesis and timing").

  python3 syn/synth.py quick            # synth_ecp5 per block, no P&R (make synth-quick)
  python3 syn/synth.py full             # ECP5 + Xilinx + iCE40 synthesis, P&R (make synth)
  python3 syn/synth.py depth --blocks b # ECP5 OOC netlist + syn/depth.py logic-depth report (no P&R)
  python3 syn/synth.py doc [--check]    # docs/results/synthesis.md from docs/synthesis.json (the record)
  python3 syn/synth.py merge A.json ... # join runs (later wins per block/target) -> the record
  python3 syn/synth.py import-md        # rebuild docs/synthesis.json from docs/results/synthesis.md
  python3 syn/synth.py setup [--check]  # install / check the tools (make synth-setup)

Options: --blocks a,b (subset), --targets ecp5,xilinx,ice40, --no-pnr, -j N (parallel jobs,
default 2 or $SYNTH_JOBS), --out build/synth.json.
Block table: syn/blocks.csv. Allowed LUT/FF memories: syn/mem_allow.csv.
How the flow works: docs/guide/synthesis_flow.md. The modules are in syn/synthlib/. Stdlib only.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))   # synthlib, depth.py, ecp5_outreg.py
from synthlib.blocks import load_blocks, resolve_files, rtl_index  # noqa: E402
from synthlib.config import BUILD, RECORD, ROOT, TARGETS  # noqa: E402
from synthlib.doc import gen_doc  # noqa: E402
from synthlib.flow import job_depth, run_flow  # noqa: E402
from synthlib.record import import_md, merge  # noqa: E402
from synthlib.reports import constraint_freq  # noqa: E402
from synthlib.tools import have_yosys, setup  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["quick", "full", "depth", "doc", "setup", "merge", "import-md"])
    ap.add_argument("--budget", type=float, default=0.0,
                    help="depth: ns (default: the block's clock constraint period)")
    ap.add_argument("--top", type=int, default=15, help="depth: registers listed")
    ap.add_argument("--blocks", default=os.environ.get("SYNTH_BLOCKS", ""))
    ap.add_argument("--targets", default="")
    ap.add_argument("--no-pnr", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=int(os.environ.get("SYNTH_JOBS", "2")))
    ap.add_argument("--out", default="")
    ap.add_argument("inputs", nargs="*", help="merge: partial synth json files (runs of block subsets)")
    ap.add_argument("--doc", default="", help="default docs/results/synthesis.md (full --out: none)")
    a = ap.parse_args()
    doc = a.doc or os.path.join(ROOT, "docs", "results", "synthesis.md")
    if a.mode == "setup":
        return setup(a.check)
    if a.mode == "import-md":
        return import_md(doc, a.out or RECORD)
    if a.mode == "doc":
        return gen_doc(a.out or RECORD, doc, check=a.check)
    if a.mode == "merge":
        return merge(a.inputs, a.out or RECORD, doc)
    blocks = load_blocks()
    if a.blocks:
        want = a.blocks.split(",")
        blocks = [b for b in blocks if b["block"] in want]
    if a.mode == "depth":
        if not have_yosys():
            return 2
        rc = 0
        idx = rtl_index()
        for b in blocks:
            files, note = resolve_files(b, idx)
            if files is None or b["ecp5_pnr"] == "none":
                continue
            freq = constraint_freq(os.path.join(ROOT, b["ecp5_pnr"]))
            budget = a.budget or (round(1000.0 / freq, 3) if freq else 6.4)
            wdir = os.path.join(BUILD, b["block"])
            rc |= job_depth(b, files, wdir, budget, a.top)
        return rc
    if a.mode == "quick":
        targets = (a.targets or "ecp5").split(",")
        out = a.out or os.path.join(ROOT, "build", "synth_quick.json")
        return run_flow("quick", blocks, targets, False, a.jobs, out)
    targets = (a.targets or ",".join(TARGETS)).split(",")
    out = a.out or os.path.join(ROOT, "build", "synth.json")
    rc = run_flow("full", blocks, targets, not a.no_pnr, a.jobs, out)
    if os.path.exists(out) and not a.out:
        # the committed record (docs/synthesis.json) takes this run's figures: a run over a
        # subset of blocks or targets replaces those and keeps the others
        merge(([RECORD] if os.path.exists(RECORD) else []) + [out], RECORD, doc)
    elif os.path.exists(out) and a.doc:
        # a run written elsewhere (--out) leaves docs/results/synthesis.md, which is generated from
        # the record, alone: join it with merge, or name a --doc for its own table
        gen_doc(out, a.doc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
