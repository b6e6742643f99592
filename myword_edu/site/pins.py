"""Every piece of the static site, pinned by version and checksum.

The build takes these from PyPI (wheels, with ``pip download``) and npm
(Pyodide, with ``npm pack``) and refuses any file whose checksum differs. A
newer piece is a deliberate change here, checked by the site's browser test.

Why these: JupyterLite 0.8.6 with its Pyodide kernel 0.8.6 is the newest pair,
made for Pyodide 314.0.6 (Python 3.14); IPython 9.12.0 is the version Pyodide
314.0.6 itself ships; the rest is what ``pip download --python-version 3.14``
resolved for ipywidgets 8.1.9 (the version the Voila app uses) and anywidget
0.11.0, all pure-Python wheels, less ``jedi`` and ``parso``: IPython only uses
them to complete code, which no student ever types here, and unpacking jedi's
4.9 MB wheel cost about 4 s of every start (see :data:`KERNEL_WORKER_PATCH`).

>>> sorted(KERNEL_PACKAGES)[:3]
['anywidget', 'asttokens', 'comm']
>>> PYODIDE.version, JUPYTERLITE_CORE
('314.0.6', '0.8.6')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Wheel",
    "NpmPackage",
    "PYODIDE",
    "KERNEL_WHEELS",
    "KERNEL_PACKAGES",
    "LABEXTENSION_WHEELS",
    "BUNDLED_KERNEL_WHEELS",
    "KERNEL_WORKER_PATCH",
    "JUPYTERLITE_CORE",
    "JUPYTERLITE_PYODIDE_KERNEL",
    "ESPEAK_NG",
]

#: The JupyterLite build tool (a Python package the build runs, not shipped as such).
JUPYTERLITE_CORE = "0.8.6"
#: The Pyodide kernel for JupyterLite: its labextension and its Python addon.
JUPYTERLITE_PYODIDE_KERNEL = "0.8.6"


@dataclass(frozen=True)
class Wheel:
    """A wheel on PyPI: its project name, version and sha256."""

    name: str
    version: str
    sha256: str

    @property
    def requirement(self) -> str:
        return f"{self.name}=={self.version}"


@dataclass(frozen=True)
class NpmPackage:
    """A package on npm: name, version and the registry's ``integrity`` (sha512, base64)."""

    name: str
    version: str
    integrity: str

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def tarball(self) -> str:
        """The file name ``npm pack`` writes."""
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


#: Pyodide itself: only its core files are shipped (no package of its own).
PYODIDE = NpmPackage(
    "pyodide",
    "314.0.6",
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==",
)

#: The speech synthesizer the "hear it" buttons fall back on (eSpeak NG compiled to WebAssembly,
#: GPL-3.0): ``tools/build_speech.py`` keeps its English and Spanish data and writes the files the
#: Voila template serves (``myword_edu/jupyter/voila/templates/myword/static/espeak-ng``); the
#: site build copies that folder (see :mod:`myword_edu.ui.widgets.speech`).
ESPEAK_NG = NpmPackage(
    "@echogarden/espeak-ng-emscripten",
    "0.3.5",
    "sha512-Izbkm7NWccwb//RKgOp1/0k21StKN1DFIn+K7GU1XN7n6pmSi4bsk/0tYUsgQbysC4GVyrVompNmLInU/BFE+A==",
)

#: The Python packages the kernel loads at start (Python 3.14, pure wheels).
KERNEL_WHEELS: tuple[Wheel, ...] = (
    Wheel("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"),
    Wheel("comm", "0.2.3", "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    Wheel("traitlets", "5.16.1", "f775618166caa0396c8e337099240f2bd3e5e917d203b2e6fbe21a58d3cb1f6b"),
    Wheel("ipython", "9.12.0", "0f2701e8ee86e117e37f50563205d36feaa259d2e08d4a6bc6b6d74b18ce128d"),
    Wheel("asttokens", "3.0.2", "9da13157f5b28becde0bd374fc677dcd3c290614264eff096f167c469cd9f933"),
    Wheel("decorator", "5.3.1", "f47fe6fdbd2edd623ecfe36875d37aba411624e2670dd395dddae1358689bb3c"),
    Wheel("executing", "2.3.0", "736e859c9f8701f11fcf516856f26f562e04776387824b43a35a1dfe21c84122"),
    Wheel("ipython-pygments-lexers", "1.1.1", "a9462224a505ade19a605f71f8fa63c2048833ce50abc86768a0d81d876dc81c"),
    Wheel("matplotlib-inline", "0.2.2", "3c821cf1c209f59fb2d2d64abbf5b23b67bcb2210d663f9918dd851c6da1fcf6"),
    Wheel("prompt-toolkit", "3.0.53", "01c0891d7f9237d5e339f7d3e42cdae80b7534abb1c7c0e3352efba6231492f2"),
    Wheel("wcwidth", "0.9.4", "901eace6d2dd25ebb917d0ce5db18e5c537e1504c905cf32f0d006c12098b05d"),
    Wheel("pygments", "2.21.0", "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    Wheel("pure-eval", "0.2.4", "96cae060a313cfaad51bb761278bfb0e62dc0248d9315a81173752dc546cd37a"),
    Wheel("stack-data", "0.6.3", "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695"),
    Wheel("ipywidgets", "8.1.9", "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d"),
    Wheel("anywidget", "0.11.0", "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
    Wheel("psygnal", "0.16.1", "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92"),
    Wheel("typing-extensions", "4.16.0", "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
)

#: Wheels whose ``share/jupyter/labextensions`` become the page's extensions
#: (the widget manager, anywidget's front end, the Pyodide kernel).
LABEXTENSION_WHEELS: tuple[Wheel, ...] = (
    Wheel("jupyterlite-pyodide-kernel", JUPYTERLITE_PYODIDE_KERNEL,
          "c9e698420e7f95f156c09c1474898ee6727b35b1740b369cb5f5aaa59ea73d3f"),
    Wheel("jupyterlab-widgets", "3.0.17", "40ac1e9955acf116c4d995d9bfa082d86ad9ec6d91c4f134827cf5e0a5eb75e0"),
    Wheel("anywidget", "0.11.0", "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
)  # fmt: skip

#: Kernel wheels that come inside the Pyodide kernel's labextension (same pinned wheel).
BUNDLED_KERNEL_WHEELS: tuple[str, ...] = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")

#: The Pyodide kernel's worker installs these at start unless they are preloaded;
#: the build takes ``jedi`` out of that list in the pinned worker scripts (and
#: fails if the list is not there exactly as below).
KERNEL_WORKER_PATCH = (
    '["ipykernel","comm","pyodide-kernel","jedi","ipython"]',
    '["ipykernel","comm","pyodide-kernel","ipython"]',
)

#: Every package name the kernel loads at start (the lock file's names).
KERNEL_PACKAGES: tuple[str, ...] = (
    *(w.name for w in KERNEL_WHEELS),
    *BUNDLED_KERNEL_WHEELS,
    "myword-edu",
)
