#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every tracked source file names its license in an SPDX line within its first two lines.

Sources: Verilog, C, C++, Python, shell, make, Lua, CSV tables, Yosys scripts, constraints.
Documents (Markdown), the JSON record and LICENSE itself are not sources.
Usage: check_spdx.py [--root DIR]   (exit 1 and a list of files when one lacks the line)
"""
import os, subprocess, sys

EXTS = {".v", ".sv", ".c", ".h", ".cpp", ".py", ".sh", ".mk", ".csv", ".lua", ".lpf", ".pcf",
        ".sdc", ".xdc", ".in", ".txt", ".core"}
NAMES = {"Makefile", "run"}
TAG = "SPDX-License-Identifier: Apache-2.0"


def main():
    root = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = subprocess.check_output(["git", "ls-files"], cwd=root, text=True).split()
    missing = []
    n = 0
    for f in files:
        if os.path.splitext(f)[1] not in EXTS and os.path.basename(f) not in NAMES:
            continue
        path = os.path.join(root, f)
        if not os.path.exists(path):
            continue
        n += 1
        with open(path, errors="replace") as fh:
            head = [fh.readline(), fh.readline()]
        if not any(TAG in line for line in head):
            missing.append(f)
    for f in missing:
        print(f"{f}: no '{TAG}' line in its first two lines")
    print(f"check_spdx: {n} sources, {len(missing)} without the SPDX line")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
