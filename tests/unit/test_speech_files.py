"""The shipped speech synthesizer: the pinned package, trimmed to English and Spanish, intact.

``tools/build_speech.py`` writes the folder and its manifest (``espeak-ng.json``); these tests
check the files still match the manifest and the pin, and that the trimmed script's file list
describes the trimmed data exactly (a mismatch would make the synthesizer fail in the browser).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import shutil
import sys
from pathlib import Path

import pytest

from myword_edu.site.pins import ESPEAK_NG
from myword_edu.ui.widgets.speech import VOICE_FILES

REPO = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((VOICE_FILES / "espeak-ng.json").read_text(encoding="utf-8"))


def test_the_files_are_the_pinned_package_as_built():
    assert (MANIFEST["package"], MANIFEST["version"], MANIFEST["integrity"]) == (
        ESPEAK_NG.name, ESPEAK_NG.version, ESPEAK_NG.integrity,
    )  # fmt: skip
    shipped = sorted(p.name for p in VOICE_FILES.iterdir() if p.name != "espeak-ng.json")
    assert shipped == sorted(MANIFEST["sha256"])
    for name, digest in MANIFEST["sha256"].items():
        assert hashlib.sha256((VOICE_FILES / name).read_bytes()).hexdigest() == digest, f"{name} changed"


def test_the_licence_ships_with_it_and_the_notice_says_where_the_source_is():
    assert "GNU GENERAL PUBLIC LICENSE" in (VOICE_FILES / "COPYING").read_text(encoding="utf-8")[:200]
    notice = (VOICE_FILES / "NOTICE.txt").read_text(encoding="utf-8")
    assert ESPEAK_NG.spec in notice and "github.com/echogarden-project/espeak-ng" in notice


def test_the_script_lists_exactly_the_data_it_ships():
    script = (VOICE_FILES / "espeak-ng.js").read_text(encoding="utf-8")
    data = (VOICE_FILES / "espeak-ng.data").read_bytes()
    lists = re.findall(r"loadPackage\(\{files:\[([^\]]*)\],remote_package_size:(\d+)\}\)", script)
    assert len(lists) == 1 and int(lists[0][1]) == len(data)
    entries = re.findall(r'\{filename:"/usr/share/espeak-ng-data/([^"]+)",start:(\d+),end:(\d+)\}', lists[0][0])
    assert [name for name, _, _ in entries] == MANIFEST["kept"]
    assert {"en_dict", "es_dict", "phondata", "lang/gmw/en-US", "lang/roa/es"} <= set(MANIFEST["kept"])
    position = 0
    for _, start, end in entries:  # back to back, covering the whole data file
        assert int(start) == position and int(end) > position
        position = int(end)
    assert position == len(data)
    assert len(script) + len(data) < 2_000_000  # trimmed: the package's own data is 24 MB


@pytest.mark.slow
def test_it_speaks_both_languages_in_node():
    """The shipped script itself (outside a browser) makes speech-length audio in English and Spanish."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    program = """
const { default: factory } = await import(process.argv[1]);
const espeak = new (await factory()).eSpeakNGWorker();
const out = {};
for (const [voice, word] of [["en-us", "elephant"], ["es", "murciélago"]]) {
  espeak.set_voice(voice);
  let samples = 0, peak = 0;
  espeak.synthesize(word, (chunk) => { if (chunk) { samples += chunk.length; for (const x of chunk) peak = Math.max(peak, Math.abs(x)); } return 0; });
  out[voice] = { seconds: samples / espeak.samplerate, peak };
}
console.log(JSON.stringify(out));
"""
    result = subprocess.run(
        [node, "--input-type=module", "-e", program, (VOICE_FILES / "espeak-ng.js").as_uri()],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    sounds = json.loads(result.stdout.strip().splitlines()[-1])
    for voice, sound in sounds.items():
        assert 0.3 < sound["seconds"] < 2.0 and sound["peak"] > 3000, (voice, sound)


def test_the_build_tool_refuses_a_package_whose_file_list_it_does_not_know():
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import build_speech
    finally:
        sys.path.remove(str(REPO / "tools"))
    script = 'x;loadPackage({files:[{filename:"/usr/share/espeak-ng-data/a",start:0,end:3}],remote_package_size:3});y'
    with pytest.raises(SystemExit, match="has no"):
        build_speech.trim(script, b"abc")
    with pytest.raises(SystemExit, match="lists 3 bytes"):
        build_speech.trim(script, b"abcd")
    kept_script, kept_data, kept = build_speech.trim(script, b"abc", ("a",))
    assert kept_data == b"abc" and kept == ["a"] and kept_script == script
