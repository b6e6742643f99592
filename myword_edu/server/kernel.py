"""The pages' Python process: ipykernel without its debugger.

``myword-edu serve`` starts every page's kernel as ``python -m myword_edu.server.kernel``
instead of ``python -m ipykernel_launcher`` (:class:`myword_edu.server.log.LoggedKernelManager`).
It is the same kernel with one difference: ipykernel loads its debugger (debugpy and pydevd,
about 200 modules and 7 MiB of private memory per kernel, measured) only when ``import
debugpy`` succeeds, and here it does not. Nobody debugs a student's page from JupyterLab; with
thirty pages open that is about 210 MiB of the server's memory.

``sys.modules["debugpy"] = None`` is Python's own way to make an import fail
(``ModuleNotFoundError``): ipykernel then runs with ``_is_debugpy_available = False``, as on a
machine without debugpy.

:func:`compile_package` writes the app's bytecode once when the server starts. Python writes a
module's bytecode on its first import, unless told not to (``PYTHONDONTWRITEBYTECODE``, which many
container images set) or unable to: then every kernel compiled the app's source again, about
0.07 CPU-s per page, measured, thirty times over when a class arrives.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The module a kernel command runs in place of ``ipykernel_launcher``.
LAUNCHER = "myword_edu.server.kernel"


def lean_command(kernel_cmd: list[str]) -> list[str]:
    """``kernel_cmd`` with ``-m ipykernel_launcher`` run as this module; any other command unchanged.

    >>> lean_command(["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "k.json"])
    ['/usr/bin/python3', '-m', 'myword_edu.server.kernel', '-f', 'k.json']
    >>> lean_command(["R", "--slave"])
    ['R', '--slave']
    """
    for i in range(len(kernel_cmd) - 1):
        if kernel_cmd[i] == "-m" and kernel_cmd[i + 1] == "ipykernel_launcher":
            return [*kernel_cmd[: i + 1], LAUNCHER, *kernel_cmd[i + 2 :]]
    return list(kernel_cmd)


def compile_package(root: Path | None = None) -> bool:
    """Write the bytecode of every module under ``root`` (default: this package) that lacks it or is stale.

    Where it cannot be written (a read-only install, compiled when installed) nothing happens.
    Returns whether every module is compiled now.
    """
    import compileall

    folder = Path(__file__).resolve().parent.parent if root is None else root
    try:
        return bool(compileall.compile_dir(folder, quiet=2, workers=1))
    except OSError:
        return False


def main() -> None:
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel runs without its debugger
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
