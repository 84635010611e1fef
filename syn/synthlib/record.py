# SPDX-License-Identifier: Apache-2.0
"""The record docs/synthesis.json: merging runs into it, rebuilding it from the generated document."""
import json
import os
import re

from .config import ROOT, TARGETS, log, write_json
from .doc import ECP5_FLAGS_NONE, PNR_ARGS_NONE, gen_doc, parse_groups

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
    """Rebuild the results record (the keys gen_doc reads) from a generated
    docs/results/synthesis.md, for recovering a record whose json was lost: checked by
    regenerating the document from the record and comparing it with the input, byte for byte.
    The document prints no commits: the rebuilt record has no `commit`, and `measured_at` says
    "unknown" for every block / target."""
    text = open(md_path).read()
    if "\n## Results\n" not in text:
        log("synth: %s has no '## Results' section" % md_path)
        return 2
    res = text.split("\n## Results\n", 1)[1].split("\n")
    R, lists = {}, {"Timing misses": "timing_misses", "Errors": "failures", "Warnings": "warnings"}
    tsec = {"ECP5 (synth_ecp5)": "ecp5", "Xilinx 7-series (synth_xilinx -flatten)": "xilinx",
            "iCE40 small set (synth_ice40)": "ice40"}
    sec, merged, nofree_wrapper = None, False, set()
    for ln in res:
        m = re.match(r"- run: (.*), mode `([^`]*)`, (\S+) s( \(RTL/syn files modified\))?$", ln)
        if m and sec is None:
            R["date_utc"], R["mode"], R["elapsed_s"] = m.group(1), m.group(2), _num(m.group(3))
            R["rtl_dirty"] = bool(m.group(4))
            continue
        m = re.match(r"- (Yosys|nextpnr-ecp5|nextpnr-ice40): `(.*)`$", ln)
        if m and sec is None:
            key = {"Yosys": "yosys_version", "nextpnr-ecp5": "nextpnr_ecp5_version",
                   "nextpnr-ice40": "nextpnr_ice40_version"}[m.group(1)]
            R[key] = None if m.group(2) == "None" else m.group(2)
            continue
        if ln.startswith("Merged from runs (`syn/synth.py merge`)") and sec is None:
            merged = True
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
        elif sec and sec.startswith("Place and route") and ln.startswith("Measured with a wrapper"):
            lst = ln.split("output MISR): ", 1)[1].rsplit(". Every other row", 1)[0]
            nofree_wrapper = {tuple(x.split(" ")) for x in lst.split(", ")}
        elif sec and sec.startswith("Place and route") and ln.startswith("DP16KD output registers"):
            lst = ln.split("`syn/ecp5_outreg.py`): ", 1)[1].rsplit(". ECP5 rows not named", 1)[0]
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
            for n, v in parse_groups(ln.split("options per row: ", 1)[1].rstrip("."), ECP5_FLAGS_NONE).items():
                R["%s.ecp5.synth_flags" % n] = v
        elif sec and sec.startswith("Place and route") and ln.startswith("nextpnr-ecp5 options per row"):
            for n, v in parse_groups(ln.split("options per row: ", 1)[1].rstrip("."), PNR_ARGS_NONE).items():
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
    if merged:
        # the document does not print commits: every block / target's commit is unknown
        bts = {".".join(k.split(".")[:2]) for k in R if k.count(".") >= 2 and k.split(".")[1] in TARGETS}
        R["measured_at"] = {bt: "unknown" for bt in sorted(bts)}
    # OOC wrapper of each P&R row: the free port stage unless the document lists the row as
    # measured with the wrapper without it
    for k in [k for k in R if k.endswith(".pnr_errors")]:
        n, t = k.split(".")[:2]
        if (n, t) not in nofree_wrapper:
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
