# SPDX-License-Identifier: Apache-2.0
"""Parsing tool output: Yosys `stat` and memory dumps, nextpnr reports and logs, constraint files."""
import json
import os
import re

from .config import BRAM_VIA, CELL_CLASS, LUTRAM_VIA, ROOT

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
