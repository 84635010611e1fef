# SPDX-License-Identifier: Apache-2.0
"""Fail (exit 1) unless every results.xml given has >= 1 test case and no failure or error."""
import sys
import xml.etree.ElementTree as ET

bad = 0
for path in sys.argv[1:]:
    try:
        cases = ET.parse(path).getroot().iter("testcase")
    except (OSError, ET.ParseError) as e:
        print(f"cocotb: {path}: {e}")
        bad += 1
        continue
    n = 0
    for tc in cases:
        n += 1
        failed = tc.find("failure") is not None or tc.find("error") is not None
        print(f"cocotb: {tc.get('classname')}.{tc.get('name')} {'FAIL' if failed else 'pass'}"
              f" ({float(tc.get('time', 0)):.1f} s)")
        bad += failed
    if n == 0:
        print(f"cocotb: {path}: no test ran")
        bad += 1
print(f"cocotb: {'FAIL' if bad else 'pass'} ({bad} failed)")
sys.exit(1 if bad else 0)
