#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every CSR of formats/csr_*.csv is decoded by the RTL and by the C model.

scripts/gen.py turns the CSR maps into constants (rtl/nic_pkg.sv: nic_pkg::CSR_<BLOCK>_<REG>,
cmodel/nic_pkg.h: CSR_<BLOCK>_<REG>); the address decoders are written by hand. A CSR counts as
decoded in a layer when its constant appears in that layer's sources (rtl/*.v, cmodel/*.[ch],
the generated package files excluded), or when it belongs to an indexed run the decoder
addresses as base + 4 * i:
  - a numbered run NAME0, NAME1, ... at consecutive word offsets, decoded from NAME0;
  - a run listed in RUNS below (first..last register at consecutive word offsets), decoded
    from its first register, or by address range where the run's entry says so.
A CSR added to formats without a decoder in the RTL or in the model fails the check. A block
listed in RTL_ONLY below (an RTL block with no C model, with the reason) is looked up in the RTL
only; listing a block that the model does decode, or that formats/ does not have, fails.

  scripts/check_csr_decode.py [--root DIR]   exit 0 = every CSR decoded in both layers
"""
import argparse
import csv
import glob
import io
import os
import re
import sys

# runs decoded as base + 4 * i that are not numbered NAME0..NAMEn:
#   (block, first, last): None = decoded from the first register's constant,
#                         or the reason it is decoded by address range
RUNS = {
    ("COMET_VIA", "CNT_FMT", "CNT_RX_BYTES"): None,
    # comet_rx_csr.v / comet_rx_csr.c: counters by address bits 11:7 = 0x180 >> 7 and index 6:2
    ("COMET", "RX_CNT_OK", "RX_ARP_DROP"): "comet_rx counter window 0x180-0x1D0",
}

# blocks with no C model: block -> why (their CSRs must still be decoded by the RTL)
RTL_ONLY = {
    "NIC_AXI_DMA": "AXI adapter of comet_engine_axi: no lockstep C model, checked by the cocotb bench",
}


def rows(path):
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.lstrip().startswith("#")]
    return list(csv.DictReader(io.StringIO("".join(lines))))


def layer_text(root, pats, skip):
    out = []
    for pat in pats:
        for p in sorted(glob.glob(os.path.join(root, pat))):
            if os.path.basename(p) not in skip:
                with open(p) as f:
                    out.append(re.sub(r"//[^\n]*|/\*.*?\*/", " ", f.read(), flags=re.S))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    layers = {
        "rtl": layer_text(root, ["rtl/*.v", "rtl/*.sv"], {"nic_pkg.sv"}),
        "model": layer_text(root, ["cmodel/*.c", "cmodel/*.h"], {"nic_pkg.h"}),
    }
    errors, checked = [], 0
    blocks = {b["block"] for b in rows(os.path.join(root, "formats", "csr_blocks.csv"))
              if os.path.exists(os.path.join(root, "formats", f"csr_{b['block'].lower()}.csv"))}
    for block in sorted(set(RTL_ONLY) - blocks):
        errors.append(f"RTL_ONLY (check_csr_decode.py): {block} has no CSR map in formats/")
    for block in sorted(set(RTL_ONLY) & blocks):
        if re.search(r"\bCSR_" + re.escape(block) + r"_\w+", layers["model"]):
            errors.append(f"{block}: the C model decodes it; remove it from RTL_ONLY (check_csr_decode.py)")
    for b in rows(os.path.join(root, "formats", "csr_blocks.csv")):
        block = b["block"]
        path = os.path.join(root, "formats", f"csr_{block.lower()}.csv")
        if not os.path.exists(path):
            continue
        regs = {}
        for r in rows(path):
            regs.setdefault(r["reg"].upper(), int(r["offset"], 0))
        by_off = {off: reg for reg, off in regs.items()}
        # register -> the register its run is decoded from (or a range reason)
        via = {}
        for reg, off in regs.items():
            m = re.match(r"^(.*?)(\d+)$", reg)
            if m and int(m.group(2)) > 0:
                first = m.group(1) + "0"
                if regs.get(first) == off - 4 * int(m.group(2)):
                    via[reg] = ("name", first)
        for (rb, first, last), reason in RUNS.items():
            if rb != block:
                continue
            if first not in regs or last not in regs:
                errors.append(f"{path}: run {first}..{last} (check_csr_decode.py RUNS): register missing")
                continue
            for off in range(regs[first], regs[last] + 4, 4):
                if off not in by_off:
                    errors.append(f"{path}: run {first}..{last}: no register at 0x{off:03X}")
                    continue
                if by_off[off] != first or reason is not None:
                    via[by_off[off]] = ("range", reason) if reason else ("name", first)
        for reg in regs:
            const = f"CSR_{block}_{reg}"
            for layer, text in layers.items():
                if layer == "model" and block in RTL_ONLY:
                    continue
                checked += 1
                kind, what = via.get(reg, ("name", reg))
                if kind == "range":
                    continue
                if not re.search(r"\b" + re.escape(f"CSR_{block}_{what}") + r"\b", text):
                    how = "" if what == reg else f" (decoded from {what} + 4 * i)"
                    errors.append(f"{block} {reg}: {const}{how} is not used in the {layer} sources")
    for e in errors:
        print(e)
    for block in sorted(set(RTL_ONLY) & blocks):
        print(f"check_csr_decode: {block} looked up in the RTL only ({RTL_ONLY[block]})")
    print(f"check_csr_decode: {checked} CSR decodes looked up, {len(errors)} missing")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
