#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fold the flip-flop behind an ECP5 block RAM output into the RAM's output register.

  python3 syn/ecp5_outreg.py in.json out.json      # prints one summary line

Yosys 0.23 maps every memory of rtl/nic_ram_1r1w.v to DP16KD with REGMODE_B = NOREG: the read
data leaves the RAM 4.26 ns after the clock (nextpnr's ECP5 -8 figure) and the register the RTL
puts right behind it (a read register with no logic in front, e.g. aotf_pktgen sq_q, aotf_llcm
rd0_q / rd1_q, aotf_htlb tq_q) is a fabric flip-flop that the placer may put far away. The
DP16KD has that register built in (REGMODE_B = OUTREG). Vendor tools absorb such a register
automatically; this pass does the same on the Yosys JSON netlist, before nextpnr.

A DP16KD is folded when, for every connected read data bit DOBn:
  - its only load is the D input (DI) of one TRELLIS_FF, and it is not a module port;
  - that flip-flop is clocked by the RAM's CLKB net (CLKMUX = CLK) and has no set / reset
    (LSR unconnected or 0);
  - every such flip-flop of the RAM has the same clock enable: none (CEMUX = 1), or one
    non-inverted CE net (CEMUX = CE: the read-hold registers of nic_fifo with RD_FREE load
    only when the RAM read data is new);
and the RAM's OCEB is 1 and RSTB is 0. Then REGMODE_B becomes OUTREG, OCEB becomes the
flip-flops' clock enable, DOBn drives the flip-flop's Q net and the flip-flop is removed.

A 36-bit (pseudo dual port) DP16KD reads on both halves: bits 17:0 on DOA, bits 35:18 on DOB,
and nextpnr times every output in the CLKB (read) domain. Which REGMODE registers DOA in that
mode is not written down anywhere we can read, so such a RAM is folded only as a whole: every
used DOAn and DOBn must qualify, RSTA / RSTB are 0, and then REGMODE_A and REGMODE_B both
become OUTREG and OCEA is tied to 1 like OCEB (one register per bit under either reading).
Folding DOB alone would leave DOA unregistered in the RAM with REGMODE_B = OUTREG; the
ECP5-netlist lockstep with sim/ecp5_dp16kd.v, which registers all 36 bits by REGMODE_B, fails
on such a RAM (aotf_send's HTLB tag RAM is one).

Equivalence: the flip-flop samples DOBn at every edge where its enable is 1; the output
register samples the same read latch at every edge where OCEB (= that enable) is 1, so the Q
nets carry the same values from the first clock edge on. A flip-flop with no reset has no
defined power-up value in the RTL (the designs never use it before it is written), so the
register's power-up value 0 is one of its allowed values.
RAMs whose output has logic behind it, an inverted clock enable or different enables per bit,
a reset or a second load are left as they are and counted by reason.
"""
import json
import sys


def const_is(conn, port, val):
    bits = conn.get(port)
    return bits is None and val == "0" or (bits is not None and len(bits) == 1 and bits[0] == val)


def param_int(v):
    """A Yosys JSON parameter as an integer (32-bit binary string, or a plain number)."""
    v = str(v).strip()
    if v and set(v) <= {"0", "1"} and len(v) > 8:
        return int(v, 2)
    try:
        return int(v)
    except ValueError:
        return -1


def fold(d):
    top = [m for m in d["modules"] if d["modules"][m].get("attributes", {}).get("top")]
    if len(top) != 1:
        raise SystemExit("ecp5_outreg: expected one top module, found %d" % len(top))
    mod = d["modules"][top[0]]
    cells = mod["cells"]
    port_bits = set(b for p in mod["ports"].values() for b in p["bits"])
    loads = {}
    for name, c in cells.items():
        dirs = c.get("port_directions", {})
        for pin, bits in c["connections"].items():
            if dirs.get(pin) == "input":
                for b in bits:
                    if isinstance(b, int):
                        loads.setdefault(b, []).append((name, pin))
    stats = {"rams": 0, "ffs": 0, "skipped": {}}

    def skip(why):
        stats["skipped"][why] = stats["skipped"].get(why, 0) + 1

    for name in sorted(cells):
        c = cells.get(name)
        if c is None or c["type"] != "DP16KD":
            continue
        par, conn = c["parameters"], c["connections"]
        if par.get("REGMODE_B", "NOREG") != "NOREG":
            skip("already registered")
            continue
        if not (const_is(conn, "OCEB", "1") and const_is(conn, "RSTB", "0")):
            skip("OCEB / RSTB not constant")
            continue
        pdp = 36 in (param_int(par.get("DATA_WIDTH_A", 18)), param_int(par.get("DATA_WIDTH_B", 18)))
        if pdp and not (par.get("REGMODE_A", "NOREG") == "NOREG" and const_is(conn, "RSTA", "0")):
            skip("36-bit: REGMODE_A set or RSTA not constant")
            continue
        clk = conn.get("CLKB", [None])[0]
        plan, why, ens = [], None, set()
        pins = ["DOB%d" % i for i in range(18)]
        if pdp:
            pins = ["DOA%d" % i for i in range(18)] + pins
        for pin_o in pins:
            b = conn.get(pin_o, [None])[0]
            if not isinstance(b, int):
                continue
            ls = loads.get(b, [])
            if b in port_bits:
                why = "read data on a port"
                break
            if not ls:
                continue
            if len(ls) != 1:
                why = "read data with more than one load"
                break
            ff_name, pin = ls[0]
            ff = cells[ff_name]
            if ff["type"] != "TRELLIS_FF" or pin != "DI":
                why = "logic behind the read data"
                break
            fp, fc = ff["parameters"], ff["connections"]
            if fc["CLK"][0] != clk or str(fp.get("CLKMUX", "CLK")).strip() != "CLK":
                why = "other clock"
                break
            cemux = str(fp.get("CEMUX", "1")).strip()
            if cemux == "1" or const_is(fc, "CE", "1"):
                ens.add("1")
            elif cemux == "CE" and isinstance(fc.get("CE", [None])[0], int):
                ens.add(fc["CE"][0])
            else:
                why = "clock enable (inverted or constant 0)"
                break
            if len(ens) > 1:
                why = "clock enables differ between the read bits"
                break
            if "LSR" in fc and not const_is(fc, "LSR", "0") and \
                    str(fp.get("LSRMUX", "LSR")).strip() != "0":
                why = "set / reset"
                break
            plan.append((pin_o, ff_name, fc["Q"][0]))
        if why or not plan:
            skip(why or "no read data used")
            continue
        en = ens.pop()
        par["REGMODE_B"] = "OUTREG"
        conn["OCEB"] = [en]
        if pdp:
            par["REGMODE_A"] = "OUTREG"
            conn["OCEA"] = [en]
        if en != "1":
            stats["with_enable"] = stats.get("with_enable", 0) + 1
        for pin_o, ff_name, q in plan:
            conn[pin_o] = [q]
            del cells[ff_name]
        stats["rams"] += 1
        stats["ffs"] += len(plan)
    return stats


def selftest():
    """A netlist of eight DP16KD: one with a plain read register (folded), one whose two read
    registers share one clock enable (folded, OCEB = that enable), one with an enable on one
    bit only, one with a LUT behind the read data and one whose read data also drives a second
    flip-flop (none of the three folded); and three 36-bit ones reading on DOA and DOB: plain
    registers (folded, both REGMODEs, OCEA tied to 1), one enable on both (folded, OCEA = OCEB
    = the enable), and a clock enable on the DOA register only (neither half folded)."""
    cells, net = {}, [10]

    def nb():
        net[0] += 1
        return net[0]
    clk = 2
    ff_par = {"CEMUX": "1 ", "CLKMUX": "CLK", "LSRMUX": "LSR", "GSR": "DISABLED"}
    ffdir = {"CLK": "input", "CE": "input", "LSR": "input", "DI": "input", "Q": "output"}

    shared_ce = nb()

    def ram(name, kind):
        do = [nb() for _ in range(2)]
        cells[name] = {"type": "DP16KD", "parameters": {"REGMODE_B": "NOREG"},
                       "port_directions": {"CLKB": "input", "OCEB": "input", "RSTB": "input",
                                           "DOB0": "output", "DOB1": "output"},
                       "connections": {"CLKB": [clk], "OCEB": ["1"], "RSTB": ["0"],
                                       "DOB0": [do[0]], "DOB1": [do[1]]}}
        for i, b in enumerate(do):
            par = dict(ff_par)
            ce = ["1"]
            if kind == "ce" and i == 1:
                par["CEMUX"], ce = "CE", [nb()]
            if kind == "ce2":
                par["CEMUX"], ce = "CE", [shared_ce]
            if kind == "lut" and i == 1:
                cells[name + "_lut"] = {"type": "LUT4", "parameters": {},
                                        "port_directions": {"A": "input", "Z": "output"},
                                        "connections": {"A": [b], "Z": [nb()]}}
                continue
            cells["%s_ff%d" % (name, i)] = {"type": "TRELLIS_FF", "parameters": par,
                                            "port_directions": ffdir,
                                            "connections": {"CLK": [clk], "CE": ce, "LSR": ["0"],
                                                            "DI": [b], "Q": [nb()]}}
            if kind == "fanout" and i == 0:
                cells[name + "_ff_x"] = {"type": "TRELLIS_FF", "parameters": dict(ff_par),
                                         "port_directions": ffdir,
                                         "connections": {"CLK": [clk], "CE": ["1"], "LSR": ["0"],
                                                         "DI": [b], "Q": [nb()]}}
    for nm, kind in (("r_plain", "plain"), ("r_ce", "ce"), ("r_ce2", "ce2"), ("r_lut", "lut"),
                     ("r_fan", "fanout")):
        ram(nm, kind)

    def pdp(name, ce_on_a, ce_both=False):
        """A 36-bit RAM reading DOA0 and DOB0, each into a flip-flop (the DOA one with a clock
        enable if ce_on_a): folded as a whole or not at all."""
        cells[name] = {"type": "DP16KD",
                       "parameters": {"REGMODE_A": "NOREG", "REGMODE_B": "NOREG",
                                      "DATA_WIDTH_A": "00000000000000000000000000100100",
                                      "DATA_WIDTH_B": "00000000000000000000000000100100"},
                       "port_directions": {"CLKB": "input", "OCEA": "input", "OCEB": "input",
                                           "RSTA": "input", "RSTB": "input",
                                           "DOA0": "output", "DOB0": "output"},
                       "connections": {"CLKB": [clk], "OCEA": ["0"], "OCEB": ["1"], "RSTA": ["0"],
                                       "RSTB": ["0"], "DOA0": [nb()], "DOB0": [nb()]}}
        for pin in ("DOA0", "DOB0"):
            par, ce = dict(ff_par), ["1"]
            if ce_on_a and pin == "DOA0":
                par["CEMUX"], ce = "CE", [nb()]
            if ce_both:
                par["CEMUX"], ce = "CE", [shared_ce]
            cells["%s_ff_%s" % (name, pin)] = {
                "type": "TRELLIS_FF", "parameters": par, "port_directions": ffdir,
                "connections": {"CLK": [clk], "CE": ce, "LSR": ["0"],
                                "DI": cells[name]["connections"][pin], "Q": [nb()]}}
    pdp("p_plain", False)
    pdp("p_ce", True)
    pdp("p_ce2", False, True)
    q0 = cells["r_plain_ff0"]["connections"]["Q"][0]
    d = {"modules": {"t": {"attributes": {"top": 1}, "ports": {}, "cells": cells}}}
    st = fold(d)
    c = d["modules"]["t"]["cells"]
    pp, pc = c["p_plain"], c["p_ce"]
    p2, r2 = c["p_ce2"], c["r_ce2"]
    ok = (st["rams"] == 4 and st["ffs"] == 8 and st.get("with_enable") == 2
          and r2["parameters"]["REGMODE_B"] == "OUTREG" and r2["connections"]["OCEB"] == [shared_ce]
          and p2["parameters"]["REGMODE_A"] == "OUTREG" and p2["connections"]["OCEA"] == [shared_ce]
          and p2["connections"]["OCEB"] == [shared_ce] and "r_ce2_ff1" not in c
          and c["r_plain"]["connections"]["OCEB"] == ["1"]
          and c["r_plain"]["parameters"]["REGMODE_B"] == "OUTREG"
          and pp["parameters"]["REGMODE_A"] == "OUTREG" and pp["parameters"]["REGMODE_B"] == "OUTREG"
          and pp["connections"]["OCEA"] == ["1"] and "p_plain_ff_DOA0" not in c
          and "p_plain_ff_DOB0" not in c
          and pc["parameters"]["REGMODE_A"] == "NOREG" and pc["parameters"]["REGMODE_B"] == "NOREG"
          and "p_ce_ff_DOB0" in c
          and c["r_plain"]["connections"]["DOB0"] == [q0] and "r_plain_ff0" not in c
          and "r_plain_ff1" not in c
          and all(c[r]["parameters"]["REGMODE_B"] == "NOREG" for r in ("r_ce", "r_lut", "r_fan"))
          and st["skipped"] == {"clock enables differ between the read bits": 2,
                                "logic behind the read data": 1,
                                "read data with more than one load": 1})
    print("ecp5_outreg selftest: %s (%s)" % ("pass" if ok else "FAIL", st))
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--selftest"]:
        sys.exit(selftest())
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    d = json.load(open(sys.argv[1]))
    st = fold(d)
    with open(sys.argv[2], "w") as f:
        json.dump(d, f)
    sk = ", ".join("%s: %d" % kv for kv in sorted(st["skipped"].items())) or "none"
    print("ecp5_outreg: folded %d flip-flops into the output registers of %d DP16KD; "
          "not folded (RAMs by reason): %s" % (st["ffs"], st["rams"], sk))


if __name__ == "__main__":
    main()
