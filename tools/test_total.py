"""The last line of the test command: both runs of ``tools/test.sh`` summed, from their JUnit XML reports.

    python tools/test_total.py REPORT.xml [REPORT.xml ...]

Prints ``total: N passed, N failed, N skipped`` (errors count as failed); exits 1 when a report is
missing or unreadable (a run that died before writing it), else 0 (the runs' own exit codes decide).
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET


def totals(paths: list[str]) -> tuple[int, int, int]:
    """(passed, failed, skipped) over the reports' test suites."""
    passed = failed = skipped = 0
    for path in paths:
        root = ET.parse(path).getroot()
        for suite in root.iter("testsuite"):
            tests, fails = int(suite.get("tests", 0)), int(suite.get("failures", 0)) + int(suite.get("errors", 0))
            skips = int(suite.get("skipped", 0))
            passed += tests - fails - skips
            failed += fails
            skipped += skips
    return passed, failed, skipped


def main(argv: list[str]) -> int:
    try:
        passed, failed, skipped = totals(argv)
    except (OSError, ET.ParseError) as error:
        print(f"total: a test run left no report ({error})")
        return 1
    print(f"total: {passed} passed, {failed} failed, {skipped} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
