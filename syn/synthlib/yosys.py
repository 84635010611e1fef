# SPDX-License-Identifier: Apache-2.0
"""Yosys scripts: one synthesis run per block and target, the port list, the out-of-context wrapper."""
import os
import re

from .config import ECP5_ABC9_W, ECP5_FLAGS, ROOT, SYNTH_CMD
from .reports import classify_cells, parse_memories, parse_stat
from .tools import run, yosys_q

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
