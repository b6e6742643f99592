#!/usr/bin/env bash
# The README's test command: installs everything the tests need, then runs them.
#   bash tools/test.sh [pytest args]
# System packages (Debian): chromium for the browser tests. Python packages go
# into .venv from PyPI (the package and its [test] extra).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)   # store and room tests on PostgreSQL
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc-nogui)   # exported CSV opened by LibreOffice
command -v npm >/dev/null 2>&1 || need+=(npm)   # the static site's build fetches Pyodide with npm pack
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi

PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
# The architecture: packages import one way, the games never each other, no cycles (pyproject.toml).
.venv/bin/lint-imports --no-cache >/dev/null || .venv/bin/lint-imports --no-cache
[ $# -eq 0 ] || exec .venv/bin/python -m pytest "$@"   # some tests: one run, as asked

# Every test, as two runs side by side on the 2 cores: the browser and load tests (servers, Chromium,
# 30-process rooms: one at a time, in order, on a machine loaded as before) and every other test beside
# them. The browser run reports as it goes; the other run's report follows it; the last line sums both.
reports=$(mktemp -d)
.venv/bin/python -m pytest -p no:cacheprovider --basetemp="$reports/tmp-other" --junitxml="$reports/other.xml" \
  --ignore=tests/browser --ignore=tests/load >"$reports/other.log" 2>&1 &
other=$!
status=0
.venv/bin/python -m pytest --durations=12 --basetemp="$reports/tmp-browser" --junitxml="$reports/browser.xml" \
  tests/browser tests/load || status=$?
wait "$other" || status=$((status ? status : $?))
echo
echo "---- every test but the browser and load tests ----"
cat "$reports/other.log"
.venv/bin/python tools/test_total.py "$reports/browser.xml" "$reports/other.xml" || status=$((status ? status : 1))
rm -rf "$reports"
exit "$status"
