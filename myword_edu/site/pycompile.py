"""Byte-compile the kernel's wheels for Pyodide's Python, with Pyodide itself under Node.js.

A wheel from PyPI holds ``.py`` files only, so the browser compiles every
module it imports on every visit: IPython alone took about 2 s of each
start. Pyodide's own packages ship compiled instead; the site does the same
at build time, for the modules the page imports. The build runs the very
Pyodide it ships (under Node.js, which came with npm):

1. it unpacks every wheel, imports what the page imports at start
   (:data:`STARTUP_IMPORTS`), and notes the files of the modules loaded;
2. it compiles each of those files with Python 3.14 into an unchecked-hash
   ``.pyc`` (valid whatever the files' dates after unpacking); third-party
   wheels keep only the ``.pyc``, beside where the source was (as Pyodide's
   own packages do), and the project's own wheel keeps its sources too
   (readable tracebacks), the ``.pyc`` in ``__pycache__``. Modules the page
   never imports at start (most of Pygments' lexers...) stay as they were:
   compiled code is larger than compressed source;
3. every wheel's ``RECORD`` is written anew.

>>> ".pyc" in COMPILE_PY and "unchecked" in __doc__
True
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from myword_edu.site.fetch import SiteBuildError

__all__ = ["compile_wheels", "COMPILE_PY", "STARTUP_IMPORTS"]

#: What the page imports before the app shows (the kernel, the widgets, the apps).
STARTUP_IMPORTS = (
    "micropip", "piplite.piplite", "IPython", "pyodide_kernel", "ipywidgets", "anywidget",
    "myword_edu.ui.browser", "myword_edu.ui.myword.app", "myword_edu.ui.myword.recorder", "myword_edu.ui.boggle.app",
)  # fmt: skip

#: Runs inside Pyodide: reads ``/in/*.whl``, writes ``/out/*.whl``; ``KEEP_SOURCE`` lists wheels that keep ``.py``.
COMPILE_PY = r"""
import base64, hashlib, importlib, importlib.util, json, os, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

warnings.simplefilter("ignore")
TAG = sys.implementation.cache_tag
SITE = "/site"

# 1. Unpack everything and import what the page imports: those files get compiled.
os.makedirs(SITE, exist_ok=True)
for name in sorted(os.listdir("/in")):
    zipfile.ZipFile("/in/" + name).extractall(SITE)
sys.path.insert(0, SITE)
failed = {}
for module in STARTUP_IMPORTS:
    try:
        importlib.import_module(module)
    except Exception as error:  # noqa: BLE001 - reported; what was imported still counts
        failed[module] = repr(error)[:200]
imported = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(SITE + "/") and path.endswith(".py"):
        imported.add(path[len(SITE) + 1:])

def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

# 2. Repack each wheel with the compiled files.
report = {}
for name in sorted(os.listdir("/in")):
    keep_source = name in KEEP_SOURCE
    source = zipfile.ZipFile("/in/" + name)
    entries = []
    record_name = None
    compiled = 0
    for info in source.infolist():
        path = info.filename
        if path.endswith(".dist-info/RECORD"):
            record_name = path
            continue
        data = source.read(info)
        if path not in imported:
            entries.append((path, data))
            continue
        code = compile(data, path, "exec", dont_inherit=True)
        pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        compiled += 1
        if keep_source:
            head, tail = path.rsplit("/", 1) if "/" in path else ("", path)
            entries.append((path, data))
            entries.append(((head + "/" if head else "") + "__pycache__/" + tail[:-3] + "." + TAG + ".pyc", pyc))
        else:
            entries.append((path[:-3] + ".pyc", pyc))
    if record_name is None:
        raise SystemExit(name + " has no RECORD")
    record = "".join(f"{p},{record_hash(d)},{len(d)}\n" for p, d in entries) + record_name + ",,\n"
    entries.append((record_name, record.encode()))
    with zipfile.ZipFile("/out/" + name, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    report[name] = compiled
with open("/out/report.json", "w") as handle:  # not print: the kernel's import took over sys.stdout
    json.dump({"python": sys.version.split()[0], "tag": TAG, "compiled": report, "failed": failed}, handle)
"""

_DRIVER = r"""
const [pyodideDir, hostIn, hostOut, keepSource, script] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + pyodideDir + "/").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: (t) => console.log(t), stderr: (t) => console.error(t) });
for (const [dir, host] of [["/in", hostIn], ["/out", hostOut]]) {
  py.FS.mkdirTree(dir);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, dir);
}
py.globals.set("KEEP_SOURCE", py.toPy(JSON.parse(keepSource)));
py.globals.set("STARTUP_IMPORTS", py.toPy(JSON.parse(process.env.MYWORD_STARTUP_IMPORTS)));
py.runPython((await import("node:fs")).readFileSync(script, "utf-8"));
"""


def compile_wheels(wheels: list[Path], pyodide_dir: Path, *, keep_source: set[str]) -> dict:
    """Replace each wheel by its compiled twin (same file name); returns Pyodide's report."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise SiteBuildError("Node.js is needed to compile the kernel's wheels (it comes with npm: apt-get install npm)")
    with tempfile.TemporaryDirectory(prefix="myword-pyc-") as tmp:
        work = Path(tmp)
        (work / "in").mkdir()
        (work / "out").mkdir()
        for wheel in wheels:
            shutil.copy2(wheel, work / "in" / wheel.name)
        (work / "driver.mjs").write_text(_DRIVER, encoding="utf-8")
        (work / "compile.py").write_text(COMPILE_PY, encoding="utf-8")
        env = {**os.environ, "MYWORD_STARTUP_IMPORTS": json.dumps(STARTUP_IMPORTS)}
        result = subprocess.run(
            [node, str(work / "driver.mjs"), str(pyodide_dir.resolve()), str(work / "in"), str(work / "out"),
             json.dumps(sorted(keep_source)), str(work / "compile.py")],
            capture_output=True, text=True, env=env,
        )  # fmt: skip
        if result.returncode != 0:
            raise SiteBuildError(f"compiling the wheels in Pyodide failed:\n{(result.stdout + result.stderr)[-3000:]}")
        try:
            report = json.loads((work / "out" / "report.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise SiteBuildError(f"the compile step wrote no report:\n{(result.stdout + result.stderr)[-2000:]}") from None
        if report["failed"]:
            raise SiteBuildError(f"the page's start-up imports failed in Pyodide: {report['failed']}")
        for wheel in wheels:
            shutil.copy2(work / "out" / wheel.name, wheel)
    return report
