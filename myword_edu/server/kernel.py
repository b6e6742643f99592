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
"""

from __future__ import annotations

import sys

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


def main() -> None:
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel runs without its debugger
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
