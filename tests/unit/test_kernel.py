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
