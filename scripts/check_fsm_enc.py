#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Encodings shared by the RTL and the C models: FSM states and other enumerations.

An RTL enumeration is one `localparam` statement of rtl/<unit>.v that gives two or more names
literal values (e.g. `localparam logic [1:0] S_IDLE = 2'd0, S_BODY = 2'd1, ...`); a model
enumeration is one `enum { ... }` of cmodel/<unit>.c / .h (implicit values counted as C does).
Files are paired by name: rtl/a_b.v with cmodel/a_b.*, with the cmodel files of a longer or
shorter name on a `_` boundary (rtl/comet_via_ctl.v with cmodel/comet_via.c, and the other way
round), and, after those, with the files of the same unit (rtl/comet_via_ctl.v with
cmodel/comet_via_dma.c, where comet_via is an rtl/ or cmodel/ file name), so a unit split over
several files is still covered. Within a pair, an RTL and a
model enumeration match when the names left after each side's common prefix (S_IDLE and
CV_S_IDLE, S_LOOK and AOTF_LK_LOOK) share at least two members and half of the smaller side;
every member of a matched pair must then be on both sides with the same value.

  scripts/check_fsm_enc.py [--root DIR] [-v]    exit 0 = all matched enumerations agree
"""
import argparse
import glob
import os
import re
import sys

LIT_RE = re.compile(r"^(?:(\d+)?'([sS]?)([dDhHbBoO]))?([0-9a-fA-F_]+)$")


def vlit(text):
    """Value of a Verilog integer literal (3'd4, 'h1F, 12), else None."""
    m = LIT_RE.match(text.strip())
    if not m:
        return None
    base = {"d": 10, "h": 16, "b": 2, "o": 8}[(m.group(3) or "d").lower()]
    try:
        return int(m.group(4).replace("_", ""), base)
    except ValueError:
        return None


def strip_c_comments(t):
    return re.sub(r"//[^\n]*", " ", re.sub(r"/\*.*?\*/", " ", t, flags=re.S))


def rtl_groups(path):
    t = strip_c_comments(open(path).read())
    groups = []
    for m in re.finditer(r"\blocalparam\b(.*?);", t, re.S):
        body = m.group(1)
        g = {}
        # NAME = value pairs at top level (values with commas inside braces are not literals)
        for n, v in re.findall(r"\b([A-Za-z_]\w*)\s*=\s*([^,]+)", body):
            val = vlit(v)
            if val is not None:
                g[n] = val
        if len(g) >= 2:
            groups.append(g)
    return groups


def c_int(text):
    text = text.strip().rstrip("uUlL")
    try:
        return int(text, 0)
    except ValueError:
        return None


def model_groups(path):
    t = strip_c_comments(open(path).read())
    groups = []
    for m in re.finditer(r"\benum\b\s*\w*\s*\{(.*?)\}", t, re.S):
        g, nxt, ok = {}, 0, True
        for item in [x.strip() for x in m.group(1).split(",") if x.strip()]:
            if "=" in item:
                n, v = [x.strip() for x in item.split("=", 1)]
                val = c_int(v)
                if val is None:
                    if v in g:
                        val = g[v]
                    else:
                        ok = False
                        break
            else:
                n, val = item, nxt
            g[n] = val
            nxt = val + 1
        if ok and len(g) >= 2:
            groups.append(g)
    return groups


def common_prefix(names):
    p = os.path.commonprefix(list(names))
    return p[: p.rfind("_") + 1] if "_" in p else ""


def by_suffix(g):
    p = common_prefix(g)
    return {n[len(p):]: (n, v) for n, v in g.items()}


def under(stem, unit):
    return stem == unit or stem.startswith(unit + "_")


def pair_rank(rstem, mstem, units):
    """0: same name, 1: one name extends the other, 2: both in one unit, None: unrelated."""
    if rstem == mstem:
        return 0
    if under(rstem, mstem) or under(mstem, rstem):
        return 1
    if any(under(rstem, u) and under(mstem, u) for u in units):
        return 2
    return None


def check(root, verbose):
    errors, compared = [], 0
    # a model member must appear in at least one RTL enumeration matched to its group: a top
    # that re-declares a few states of its sub-block (for properties that span both) is a
    # partial view, the sub-block holds the full set
    seen = {}  # (model path, group) -> [RTL suffixes seen, model suffix map, RTL paths]
    rtl = {os.path.splitext(os.path.basename(p))[0]: p for p in sorted(glob.glob(os.path.join(root, "rtl", "*.v")))}
    models = {}
    for p in sorted(glob.glob(os.path.join(root, "cmodel", "*.[ch]"))):
        models.setdefault(os.path.splitext(os.path.basename(p))[0], []).append(p)
    units = set(rtl) | set(models)
    for rstem, rpath in rtl.items():
        mg = [(pair_rank(rstem, ms, units), p, g) for ms, ps in models.items()
              if pair_rank(rstem, ms, units) is not None for p in ps for g in model_groups(p)]
        for rg in rtl_groups(rpath):
            rs = by_suffix(rg)
            best = None
            for rank, p, g in mg:
                ms = by_suffix(g)
                common = set(rs) & set(ms)
                if len(common) >= 2 and 2 * len(common) >= min(len(rs), len(ms)):
                    key = (rank, -len(common))
                    if best is None or key < best[0]:
                        best = (key, p, ms)
            if best is None:
                continue
            _, mpath, ms = best
            rel_r, rel_m = os.path.relpath(rpath, root), os.path.relpath(mpath, root)
            entry = seen.setdefault((rel_m, tuple(sorted(ms.items()))), [set(), ms, []])
            entry[0] |= set(rs)
            entry[2].append(rel_r)
            for suf in sorted(set(rs) | set(ms), key=lambda s: (rs.get(s, ms.get(s))[1], s)):
                if suf not in ms:
                    errors.append(f"{rel_r}: {rs[suf][0]} = {rs[suf][1]} has no counterpart in {rel_m}")
                elif suf not in rs:
                    pass  # judged over every RTL enumeration of the group, below
                elif rs[suf][1] != ms[suf][1]:
                    errors.append(f"{rel_r}: {rs[suf][0]} = {rs[suf][1]}, {rel_m}: {ms[suf][0]} = {ms[suf][1]}")
                else:
                    compared += 1
            if verbose:
                print(f"{rel_r} {sorted(n for n, _ in rs.values())} <-> {rel_m}")
    for (rel_m, _), (rsufs, ms, rpaths) in sorted(seen.items()):
        for suf in sorted(set(ms) - rsufs, key=lambda s: (ms[s][1], s)):
            errors.append(f"{rel_m}: {ms[suf][0]} = {ms[suf][1]} has no counterpart in "
                          f"{', '.join(sorted(set(rpaths)))}")
    return errors, compared


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("-v", "--verbose", action="store_true", help="list the matched enumerations")
    a = ap.parse_args()
    errors, compared = check(os.path.abspath(a.root), a.verbose)
    for e in errors:
        print(e)
    print(f"check_fsm_enc: {compared} names agree, {len(errors)} difference(s)")
    return 1 if errors or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
