#!/usr/bin/env python3
"""Rebuild the speech synthesizer the "hear it" buttons fall back on, from its pinned npm package.

    python3 tools/build_speech.py                  # writes the shipped folder (see OUTPUT)
    python3 tools/build_speech.py --output /tmp/x  # writes elsewhere (to compare runs)

Input: npm ``@echogarden/espeak-ng-emscripten`` (eSpeak NG compiled with Emscripten, its
WebAssembly turned into plain JavaScript; GPL-3.0), pinned by version and sha512 integrity in
``myword_edu/site/pins.py`` (``ESPEAK_NG``); ``npm pack`` fetches it into the site's download
cache, and a file whose checksum differs stops the build.

The package's data file holds every language and voice eSpeak NG has (24 MB). The app speaks
English and Spanish only, so this keeps the phoneme tables, the intonation file, the English and
Spanish dictionaries and their four language files (en, en-US, es, es-419), about 0.9 MB, and
rewrites the file list that ``espeak-ng.js`` carries (Emscripten's file packager metadata) to
match. Nothing else in the script changes. The output is deterministic: the same package gives
byte-identical files, and ``espeak-ng.json`` records what was kept and every file's sha256
(checked by ``tests/unit/test_speech_files.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from myword_edu.site.fetch import default_cache_dir, fetch_npm  # noqa: E402
from myword_edu.site.pins import ESPEAK_NG  # noqa: E402

OUTPUT = ROOT / "myword_edu" / "jupyter" / "voila" / "templates" / "myword" / "static" / "espeak-ng"
DATA_ROOT = "/usr/share/espeak-ng-data/"
#: The files of eSpeak NG's data folder that English and Spanish need.
KEPT = (
    "phontab",
    "phonindex",
    "phondata",
    "intonations",
    "en_dict",
    "es_dict",
    "lang/gmw/en",
    "lang/gmw/en-US",
    "lang/roa/es",
    "lang/roa/es-419",
)
_METADATA = re.compile(r"loadPackage\(\{files:\[(?P<files>[^\]]*)\],remote_package_size:(?P<size>\d+)\}\)")
_ENTRY = re.compile(r'\{filename:"(?P<name>[^"]+)",start:(?P<start>\d+),end:(?P<end>\d+)\}')

NOTICE = """eSpeak NG speech synthesizer, compiled to JavaScript with Emscripten
=====================================================================

These files come from the npm package {name}@{version}
(integrity {integrity}),
trimmed by tools/build_speech.py of myword-edu to the data English and Spanish need:
{kept}.

Licence: GNU General Public License version 3 (COPYING, beside this file). eSpeak NG is
Copyright (C) 2005-2014 Jonathan Duddington and (C) 2015-2024 Reece H. Dunn and the eSpeak NG
contributors. The source code of this build is at
https://github.com/echogarden-project/espeak-ng (branch "fork") and its build scripts at
https://github.com/echogarden-project/espeak-ng-emscripten; eSpeak NG itself is at
https://github.com/espeak-ng/espeak-ng.

myword-edu (MIT licence) runs this program in the student's browser as a separate program: it
loads espeak-ng.js when a student first presses a "hear it" button and nothing of myword-edu
is linked into it.
"""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def trim(script: str, data: bytes, kept: tuple[str, ...] = KEPT) -> tuple[str, bytes, list[str]]:
    """The script and data file with only the files ``kept`` (paths inside eSpeak NG's data folder)."""
    found = list(_METADATA.finditer(script))
    if len(found) != 1:
        raise SystemExit(f"espeak-ng.js has {len(found)} file lists, expected one: has the package changed?")
    match = found[0]
    if int(match["size"]) != len(data):
        raise SystemExit(f"espeak-ng.js lists {match['size']} bytes of data, the data file has {len(data)}")
    entries = {m["name"]: (int(m["start"]), int(m["end"])) for m in _ENTRY.finditer(match["files"])}
    missing = [k for k in kept if DATA_ROOT + k not in entries]
    if missing:
        raise SystemExit(f"the package's data has no {missing}")
    out = bytearray()
    listed = []
    for name in kept:
        start, end = entries[DATA_ROOT + name]
        listed.append(f'{{filename:"{DATA_ROOT}{name}",start:{len(out)},end:{len(out) + end - start}}}')
        out += data[start:end]
    metadata = f"loadPackage({{files:[{','.join(listed)}],remote_package_size:{len(out)}}})"
    return script[: match.start()] + metadata + script[match.end() :], bytes(out), list(kept)


def build(output: Path, cache: Path) -> dict:
    tarball = fetch_npm(ESPEAK_NG, cache)
    with tarfile.open(tarball) as archive:

        def read(name: str) -> bytes:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"{tarball.name} has no {name}")
            return member.read()

        script, data, licence = read("espeak-ng.js").decode("utf-8"), read("espeak-ng.data"), read("COPYING")
    script, data, kept = trim(script, data)
    output.mkdir(parents=True, exist_ok=True)
    files = {
        "espeak-ng.js": script.encode("utf-8"),
        "espeak-ng.data": data,
        "COPYING": licence,
        "NOTICE.txt": NOTICE.format(
            name=ESPEAK_NG.name, version=ESPEAK_NG.version, integrity=ESPEAK_NG.integrity, kept=", ".join(kept)
        ).encode("utf-8"),
    }
    for name, content in files.items():
        (output / name).write_bytes(content)
    manifest = {
        "package": ESPEAK_NG.name,
        "version": ESPEAK_NG.version,
        "integrity": ESPEAK_NG.integrity,
        "licence": "GPL-3.0",
        "kept": kept,
        "sha256": {name: _sha256(content) for name, content in sorted(files.items())},
        "bytes": sum(len(content) for content in files.values()),
    }
    (output / "espeak-ng.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="folder to write (default: the shipped one)")
    parser.add_argument("--cache", type=Path, default=None, help="download cache (default: the site build's)")
    args = parser.parse_args()
    manifest = build(args.output, args.cache or default_cache_dir())
    print(f"wrote {args.output}: {manifest['bytes'] / 1e6:.2f} MB ({ESPEAK_NG.spec})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
