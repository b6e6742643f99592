"""The pages' kernel (myword_edu.server.kernel): ipykernel without its debugger, as myword-edu serve starts it."""

from __future__ import annotations

import asyncio

import pytest

from myword_edu.server.log import LoggedKernelManager


@pytest.mark.slow
def test_a_pages_kernel_runs_widgets_without_the_debugger(tmp_path):
    async def run() -> dict:
        manager = LoggedKernelManager(output_file=str(tmp_path / "serve.log"))
        await manager.start_kernel()
        client = manager.client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=60)
            code = ("import sys, ipywidgets\nb = ipywidgets.Button(description='Hi')\n"
                    "print(sorted(m for m in ('debugpy', 'pydevd') if sys.modules.get(m)), b.description)")  # fmt: skip
            out: list[str] = []
            reply = await client.execute_interactive(
                code, timeout=60, output_hook=lambda m: out.append(m["content"].get("text", "")))  # fmt: skip
            return {"reply": reply["content"]["status"], "out": "".join(out)}
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    assert asyncio.run(run()) == {"reply": "ok", "out": "[] Hi\n"}


def test_the_server_compiles_the_app_once_so_kernels_do_not(tmp_path):
    """With PYTHONDONTWRITEBYTECODE (many containers set it) every kernel compiled the app's source
    again; after compile_package a fresh interpreter reads bytecode and compiles nothing."""
    import os
    import subprocess
    import sys

    from myword_edu.server.kernel import compile_package

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "words.py").write_text("WORDS = ['cat', 'dog']\n")
    probe = ("import importlib._bootstrap_external as b, sys\n"
             "seen = []\n"
             "original = b.SourceLoader.source_to_code\n"
             "b.SourceLoader.source_to_code = lambda self, data, path, **k: seen.append(path) or original(self, data, path, **k)\n"
             "import pkg.words\n"
             "print(len(seen), pkg.words.WORDS)\n")  # fmt: skip
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(tmp_path)}

    def compiled_on_import() -> str:
        return subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout

    assert compiled_on_import() == "2 ['cat', 'dog']\n"  # nothing written: every start compiles both
    assert compile_package(package) is True
    assert compiled_on_import() == "0 ['cat', 'dog']\n"
    (package / "words.py").write_text("WORDS = ['cat', 'dog', 'owl']\n")  # an update: compiled again once
    later = (package / "words.py").stat().st_mtime + 5  # (compileall compares whole seconds)
    os.utime(package / "words.py", (later, later))
    assert compile_package(package) is True
    assert compiled_on_import() == "0 ['cat', 'dog', 'owl']\n"


def test_a_folder_where_bytecode_cannot_be_written_does_not_stop_the_server(tmp_path):
    from myword_edu.server.kernel import compile_package

    package = tmp_path / "ro"
    package.mkdir()
    (package / "m.py").write_text("X = 1\n")
    (package / "__pycache__").write_text("")  # a file where the folder would go: nothing can be written
    assert compile_package(package) is False
