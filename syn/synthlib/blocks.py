# SPDX-License-Identifier: Apache-2.0
"""The block table (syn/blocks.csv), allowed LUT/FF memories (syn/mem_allow.csv) and the RTL
files of a block, found from rtl/ by module name."""
import csv
import os
import re

from .config import PKG, ROOT, RTL

def read_csv(path):
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.lstrip().startswith("#")]
    return list(csv.DictReader(lines))


def parse_params(s):
    out = []
    for kv in (s or "").split(";"):
        kv = kv.strip()
        if kv:
            k, v = kv.split("=", 1)
            out.append((k.strip(), v.strip()))
    return out


def load_blocks():
    blocks = []
    for r in read_csv(os.path.join(ROOT, "syn", "blocks.csv")):
        b = {k: (v or "").strip() for k, v in r.items()}
        b["params_l"] = parse_params(b["params"])
        b["params_ice40_l"] = parse_params(b["params_ice40"]) if b["params_ice40"] else b["params_l"]
        b["ice40"] = b["ice40"] or "none"
        b["ecp5_pnr"] = b["ecp5_pnr"] or "none"
        b["ecp5_pnr_args"] = " ".join(b["ecp5_pnr_args"].split())
        blocks.append(b)
    return blocks


def load_mem_allow():
    p = os.path.join(ROOT, "syn", "mem_allow.csv")
    return read_csv(p) if os.path.exists(p) else []


def mem_allowed(allow, block, target, memid):
    for a in allow:
        if (re.fullmatch(a["block"], block) and re.fullmatch(a["target"] or ".*", target)
                and re.fullmatch(a["memory"], memid)):
            return a["reason"]
    return None


# ------------------------------------------------------------------ RTL file resolution
MOD_RE = re.compile(r"^\s*module\s+(\w+)", re.M)
PKG_RE = re.compile(r"^\s*package\s+(\w+)\s*;", re.M)
PKG_USE_RE = re.compile(r"\b(\w+)\s*::")
INST_RE = re.compile(r"^\s*(\w+)\s*(?:#\s*\(|\w+\s*\()", re.M)
KEYWORDS = {"module", "input", "output", "inout", "wire", "reg", "logic", "assign", "always",
            "if", "else", "for", "case", "begin", "end", "function", "task", "generate",
            "localparam", "parameter", "initial", "genvar", "integer", "return", "while"}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def rtl_index():
    """module name -> file (relative), file -> set of instantiated identifiers, package name ->
    file, file -> set of package names it refers to (`pkg::`)."""
    mods, insts, pkgs, uses = {}, {}, {}, {}
    for fn in sorted(os.listdir(RTL)):
        if not fn.endswith((".v", ".sv")):
            continue
        rel = "rtl/" + fn
        text = strip_comments(open(os.path.join(RTL, fn), errors="replace").read())
        for m in MOD_RE.findall(text):
            mods.setdefault(m, rel)
        for p in PKG_RE.findall(text):
            pkgs.setdefault(p, rel)
        insts[rel] = {i for i in INST_RE.findall(text) if i not in KEYWORDS}
        uses[rel] = set(PKG_USE_RE.findall(text))
    return mods, insts, pkgs, uses


def resolve_files(block, idx):
    """Returns (files, note). files None = skip (note says why).

    Without a files column: the file of the top module and, recursively, the files of every module
    it instantiates (a top's submodules in files of their own are found by module name), after
    rtl/nic_pkg.sv and the files of the other packages those files refer to (read first, packages
    before their users)."""
    mods, insts, pkgs, uses = idx
    if block["files"]:
        files = block["files"].split()
        missing = [f for f in files if not os.path.exists(os.path.join(ROOT, f))]
        if missing:
            return None, "files not there yet: " + " ".join(missing)
        if PKG not in files:
            files = [PKG] + files
        return files, ""
    top = block["top"]
    if top not in mods:
        return None, "module %s not in rtl/ yet" % top
    files, todo, missing = [], [mods[top]], []
    while todo:
        f = todo.pop()
        if f in files:
            continue
        files.append(f)
        for i in sorted(insts.get(f, ())):
            if i in mods:
                if mods[i] not in files:
                    todo.append(mods[i])
            elif not i.startswith(("SB_", "DP16KD", "RAMB")) and re.match(r"(nic|aotf|comet)_", i):
                missing.append(i)
    if missing:
        return None, "instantiates module(s) not in rtl/ yet: " + ", ".join(sorted(set(missing)))
    # packages the files refer to, and the packages those refer to
    pfiles, todo = [], sorted({pkgs[u] for f in files for u in uses.get(f, ()) if u in pkgs})
    while todo:
        f = todo.pop(0)
        if f == PKG or f in pfiles:
            continue
        pfiles.append(f)
        todo += sorted(pkgs[u] for u in uses.get(f, ()) if u in pkgs)
    # a package's own users come after it: dependencies first
    pfiles.reverse()
    files = [PKG] + pfiles + [f for f in sorted(files) if f != PKG and f not in pfiles]
    return files, ""
