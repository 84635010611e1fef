#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""RTL ports against the lockstep port lists cmodel/<dut>_ports.h.

For each lockstep DUT (tb/duts/<dut>.mk, read through `make -s print-dut-info`: top, sources,
-G parameters) Verilator elaborates the top with the bench parameters (--xml-only) and every
port of the top is compared with the X-macro lists of cmodel/<dut>_ports.h:
  - each P(name, width) of <dut>_INPUTS is an input of that width, each P(name, width, qual)
    of <dut>_OUTPUTS an output of that width;
  - every input of the top is in <dut>_INPUTS (the runner drives all of them), except the
    clock clk_i, which the runner toggles itself;
  - every output of the top is in <dut>_OUTPUTS (so the lockstep compares it), unless listed
    in UNCOMPARED below with the reason it is not compared.

  scripts/check_ports.py [--dut name ...] [--cmodel DIR]
    --cmodel DIR: read <dut>_ports.h from DIR instead of cmodel/ (e.g. a deliberately broken copy)
Exit 0 = all ports match, 1 = a difference (listed).
"""
import argparse
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CLOCK = "clk_i"
# RTL outputs that the lockstep does not compare, per DUT, and why
UNCOMPARED = {
    # the RD_FREE held RAM-side head (rtl/nic_fifo.v header); constant 0 without RD_FREE, the
    # bench configuration
    "nic_fifo": {"hold_data_o"},
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def macro_body(text, name):
    """Body of `#define name(P) ...` (continuation lines joined), or None."""
    text = text.replace("\\\n", " ")
    m = re.search(r"^\s*#\s*define\s+" + re.escape(name) + r"\s*\(\s*P\s*\)(.*)$", text, re.M)
    return m.group(1) if m else None


def split_calls(body):
    """The argument lists of the top-level P(...) calls of a macro body."""
    calls, i = [], 0
    while True:
        m = re.compile(r"\bP\s*\(").search(body, i)
        if not m:
            return calls
        depth, j, args, cur = 1, m.end(), [], ""
        while depth:
            c = body[j]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            if c == "," and depth == 1:
                args.append(cur.strip())
                cur = ""
            else:
                cur += c
            j += 1
        args.append(cur.strip())
        calls.append(args)
        i = j + 1


def read_ports_h(path, dut):
    text = strip_comments(open(path).read())
    ports = {}
    errors = []
    for macro, direction, nargs in ((dut + "_INPUTS", "input", 2), (dut + "_OUTPUTS", "output", 3)):
        body = macro_body(text, macro)
        if body is None:
            errors.append(f"{path}: no #define {macro}(P)")
            continue
        for args in split_calls(body):
            if len(args) != nargs:
                errors.append(f"{path}: {macro}: P({', '.join(args)}) has {len(args)} arguments, not {nargs}")
                continue
            name = args[0]
            try:
                width = int(args[1], 0)
            except ValueError:
                errors.append(f"{path}: {macro}: {name}: width '{args[1]}' is not a number")
                continue
            if name in ports:
                errors.append(f"{path}: {name} listed twice")
            ports[name] = (direction, width)
    return ports, errors


def rtl_ports(dut, top, srcs, vflags, workdir):
    mdir = os.path.join(workdir, dut)
    os.makedirs(mdir, exist_ok=True)
    cmd = ["verilator", "--xml-only", "-Wno-fatal", "--Mdir", mdir, "--top-module", top] + vflags + srcs
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    xml = os.path.join(mdir, "V" + top + ".xml")
    if r.returncode != 0 or not os.path.isfile(xml):
        raise RuntimeError(f"verilator --xml-only failed for {dut}:\n{r.stderr[-2000:]}")
    tree = ET.parse(xml).getroot()
    types = {}
    for t in tree.iter():
        if "id" in t.attrib:
            types[t.attrib["id"]] = t
    mod = next(m for m in tree.iter("module") if m.attrib.get("topModule") == "1")
    ports = {}
    for v in mod.findall("var"):
        d = v.attrib.get("dir")
        if d not in ("input", "output", "inout"):
            continue
        t = types.get(v.attrib.get("dtype_id"))
        if t is None or t.tag != "basicdtype":
            raise RuntimeError(f"{dut}: port {v.attrib['name']}: type {t.tag if t is not None else '?'} not handled")
        left, right = int(t.attrib.get("left", 0)), int(t.attrib.get("right", 0))
        ports[v.attrib["name"]] = (d, abs(left - right) + 1)
    return ports


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dut", nargs="*", help="DUTs to check (default: all)")
    ap.add_argument("--cmodel", default=os.path.join(ROOT, "cmodel"))
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build", "check_ports"))
    a = ap.parse_args()
    info = subprocess.run(["make", "-s", "print-dut-info"], cwd=ROOT, capture_output=True, text=True, check=True)
    duts = {}
    for line in info.stdout.splitlines():
        name, top, srcs, vflags = line.split("|")
        duts[name] = (top, srcs.split(), vflags.split())
    sel = a.dut or sorted(duts)
    nerr = 0
    for dut in sel:
        if dut not in duts:
            print(f"{dut}: not a lockstep DUT (tb/duts/*.mk)")
            nerr += 1
            continue
        top, srcs, vflags = duts[dut]
        ph = os.path.join(a.cmodel, dut + "_ports.h")
        errs = []
        if not os.path.isfile(ph):
            errs.append(f"{ph}: missing")
        else:
            lst, errs = read_ports_h(ph, dut)
            rtl = rtl_ports(dut, top, srcs, vflags, a.workdir)
            skip = UNCOMPARED.get(dut, set())
            for n, (d, w) in sorted(lst.items()):
                if n not in rtl:
                    errs.append(f"{n}: in {dut}_ports.h ({d} {w}), not a port of {top}")
                elif rtl[n][0] != d:
                    errs.append(f"{n}: {d} in {dut}_ports.h, {rtl[n][0]} in {top}")
                elif rtl[n][1] != w:
                    errs.append(f"{n}: width {w} in {dut}_ports.h, {rtl[n][1]} in {top} ({' '.join(vflags)})")
            for n, (d, w) in sorted(rtl.items()):
                if n in lst or n == CLOCK or (d == "output" and n in skip):
                    continue
                errs.append(f"{n}: {d} [{w}] of {top}, not in {dut}_ports.h")
            for n in sorted(skip - set(rtl)):
                errs.append(f"{n}: listed as not compared, but not an output of {top}")
        for e in errs:
            print(f"{dut}: {e}")
        print(f"check_ports: {dut}: {'ok' if not errs else str(len(errs)) + ' difference(s)'}")
        nerr += len(errs)
    return 1 if nerr else 0


if __name__ == "__main__":
    sys.exit(main())
