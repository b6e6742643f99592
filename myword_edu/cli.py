"""The ``myword-edu`` console script (also ``python -m myword_edu``).

``myword-edu serve`` runs the student app with Voila on the installed
``notebooks/`` folder, with the ``voila.json`` shipped in this package (kernel
culling, widget messages that do not keep a closed page's kernel alive,
preheated kernels), the class database (``--db``), and a device cookie for
every browser (:mod:`myword_edu.server.device`); ``export``, ``passcode`` and
``unlock`` are in :mod:`myword_edu.classroom.cli`. Its window shows what a
teacher needs (the links, the setup code, problems they can fix); everything
else goes to a log file whose path it shows (:mod:`myword_edu.server.log`).

>>> args = build_parser().parse_args(["serve", "--port", "9000", "--no-browser"])
>>> args.command, args.port, args.host, args.browser, args.pool, args.db, args.class_size
('serve', 9000, '127.0.0.1', False, None, None, None)
"""

from __future__ import annotations

import argparse
import logging
import os
import site
import sys
from pathlib import Path
from typing import Any, Sequence

from myword_edu import __version__
from myword_edu.classroom.cli import TEACHER_NOTEBOOK, add_class_commands, add_db_argument, prepare_store
from myword_edu.server.address import CLASS_URL_ENV, class_base_url, is_this_computer_only, room_url
from myword_edu.server.device import TRUST_ENV, device_handlers
from myword_edu.core.resources import data_dir
from myword_edu.site.cli import add_site_commands

__all__ = ["main", "build_parser", "serve", "CONFIG_DIR", "APP_NOTEBOOK", "app_url"]

log = logging.getLogger(__name__)

#: The folder holding the shipped ``voila.json``.
CONFIG_DIR = Path(__file__).resolve().parent / "config"
#: Jupyter data shipped in the package (the Voila page template without CDN links).
JUPYTER_DATA_DIR = Path(__file__).resolve().parent / "jupyter"
#: The student app's notebook, relative to the notebooks folder.
APP_NOTEBOOK = "myword.ipynb"
DEFAULT_PORT = 8866
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}

LAN_WARNING = (
    "WARNING: the app is open to the whole network on {host}:{port}. Anyone on this "
    "network (the classroom Wi-Fi, the school LAN) can open it, and Voila has no "
    "password. Use this only on a network you trust, and stop the server after class."
)


def app_url(host: str, port: int) -> str:
    """The link to open for the student app.

    >>> app_url("127.0.0.1", 8866)
    'http://localhost:8866/voila/render/myword.ipynb'
    >>> app_url("::1", 8000)
    'http://[::1]:8000/voila/render/myword.ipynb'
    """
    if host in ("127.0.0.1", "localhost", "0.0.0.0", ""):
        shown = "localhost"
    elif ":" in host:
        shown = f"[{host}]"
    else:
        shown = host
    return f"http://{shown}:{port}/voila/render/{APP_NOTEBOOK}"


ROOM_LINE = "Live room: students open {url} (or scan the QR code on the teacher panel's Live room tab)"
ROOM_LOCAL_NOTE = (
    ". Only this computer can open it: to let the students' devices join, stop MyWord! and start it "
    "with myword-edu serve --host 0.0.0.0"
)


def room_line(base: str) -> str:
    """What the window says about the live room's page (``base``: :func:`~myword_edu.server.address.class_base_url`).

    >>> room_line("http://192.168.1.20:8866/")
    "Live room: students open http://192.168.1.20:8866/voila/render/room.ipynb (or scan the QR code on the teacher panel's Live room tab)"
    >>> room_line("http://localhost:8866/").endswith("myword-edu serve --host 0.0.0.0")
    True
    """
    line = ROOM_LINE.format(url=room_url(base))
    return line + ROOM_LOCAL_NOTE if is_this_computer_only(base) else line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="myword-edu",
        description="Classroom spelling games (MyWord!) in English and Spanish.",
    )
    parser.add_argument("--version", action="version", version=f"myword-edu {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    serve_parser = commands.add_parser(
        "serve",
        help="run the student app in the browser (Voila)",
        description="Run the student app with Voila and print the link to open.",
    )
    serve_parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})")
    serve_parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: the whole network)",
    )
    serve_parser.add_argument(
        "--no-browser", dest="browser", action="store_false", help="do not open a web browser"
    )
    serve_parser.add_argument(
        "--pool",
        type=_pool,
        default=None,
        metavar="N",
        help="kernels kept ready before anyone opens the page (default 1; 0 turns preheating off)",
    )
    serve_parser.add_argument(
        "--class-size",
        type=_pool,
        default=None,
        metavar="N",
        help="students who will open a page at the same moment: keeps N pages ready for each student page "
        "(about 45 MB of memory each; see --class-page)",
    )
    serve_parser.add_argument(
        "--class-page",
        choices=[*CLASS_PAGES, "all"],
        default="all",
        help="which page the class opens together: practice (MyWord!), boggle or room (live rooms); "
        "default all three",
    )
    add_db_argument(serve_parser)
    serve_parser.set_defaults(handler=_serve_command)
    add_class_commands(commands)  # export, passcode, unlock
    add_site_commands(commands)  # build-site
    return parser


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1 to 65535)") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1 to 65535)")
    return port


#: The student pages a whole class may open at once, by the name a teacher types after ``--class-page``.
CLASS_PAGES = {"practice": "myword.ipynb", "boggle": "boggle.ipynb", "room": "room.ipynb"}


#: Seconds before a kernel kept ready for a class is replaced, once a student's page took it.
REFILL_DELAY_S = 60.0


def kernel_pools(class_size: int, page: str = "all", default: int = 1) -> dict[str, dict[str, int]]:
    """Voila's ``kernel_pools_config``: ``class_size`` kernels kept ready for the class's page(s).

    Every other page (the teacher panel) keeps ``default`` ready.

    >>> kernel_pools(30, "room")
    {'default': {'pool_size': 1}, 'room.ipynb': {'pool_size': 30}}
    >>> sorted(kernel_pools(5))
    ['boggle.ipynb', 'default', 'myword.ipynb', 'room.ipynb']
    """
    pages = CLASS_PAGES.values() if page == "all" else [CLASS_PAGES[page]]
    return {"default": {"pool_size": default}, **{name: {"pool_size": class_size} for name in pages}}


def _pool(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of kernels (0 to 64)") from None
    if not 0 <= size <= 64:
        raise argparse.ArgumentTypeError(f"{size} is not a number of kernels (0 to 64)")
    return size


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    return int(args.handler(args) or 0)


def _serve_command(args: argparse.Namespace) -> int:
    return serve(port=args.port, host=args.host, open_browser=args.browser, pool=args.pool, db=args.db,
                 class_size=args.class_size, class_page=args.class_page)  # fmt: skip


def kernel_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voila and its kernels.

    The package's Jupyter data folder (its page template) goes on
    ``JUPYTER_PATH``, and a source checkout goes on ``PYTHONPATH``.

    An installed package is importable already; a checkout (``python -m
    myword_edu`` from the repository) is not, from the kernel's working
    directory (the notebooks folder), unless its folder is on the path.
    """
    env = dict(os.environ if environ is None else environ)
    data_paths = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(JUPYTER_DATA_DIR) not in data_paths:
        env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA_DIR), *data_paths])
    parent = str(Path(__file__).resolve().parent.parent)
    installed = {str(Path(p).resolve()) for p in [*site.getsitepackages(), site.getusersitepackages()]}
    if parent not in installed:
        paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        if parent not in paths:
            env["PYTHONPATH"] = os.pathsep.join([parent, *paths])
    return env


def serve(
    *,
    port: int = DEFAULT_PORT,
    host: str = "127.0.0.1",
    open_browser: bool = True,
    pool: int | None = None,
    db: str | None = None,
    class_size: int | None = None,
    class_page: str = "all",
) -> int:
    """Run Voila on the notebooks folder until interrupted.

    ``pool`` overrides the number of preheated kernels in ``voila.json`` (0: none).
    ``db`` is the class database (see :func:`myword_edu.classroom.store.resolve_url`).
    ``class_size`` keeps that many kernels ready for ``class_page`` (see :func:`kernel_pools`),
    so a class opening the link together does not wait for kernels to start.
    """
    from voila.app import Voila

    from myword_edu.server import log as serve_log
    from myword_edu.server.kernel import compile_package

    notebooks = data_dir("notebooks")
    url = app_url(host, port)
    if prepare_store(db, url.replace(APP_NOTEBOOK, TEACHER_NOTEBOOK)):
        return 1
    os.environ.update(kernel_environment())
    compile_package()  # once here, not in each of a class's kernels
    os.environ[TRUST_ENV] = "1"  # our page handler writes the device header (myword_edu.server.device)
    class_base = class_base_url(host, port)  # the teacher panel shows the live room's link and QR code with it
    os.environ[CLASS_URL_ENV] = class_base
    log_file = serve_log.start_log_file(serve_log.log_file_for(port))
    logging.captureWarnings(True)  # Python's warnings go to the log file too

    class MyWordVoila(Voila):  # type: ignore[misc]
        """Voila reading only our config, opening the app's page rather than the folder, logging to
        our file, giving every browser a device cookie (for the passcode's per-browser limit)."""

        name = "myword-edu"

        def init_handlers(self) -> list[Any]:
            """"/" opens the app, closed tabs' kernels stop (:mod:`myword_edu.server.web`), and every
            browser gets a device cookie (:mod:`myword_edu.server.device`)."""
            from jupyter_server.utils import url_path_join

            from myword_edu.server.web import PageHandler, harden_handlers

            app_path = url_path_join(self.server_url or self.base_url, "voila/render", APP_NOTEBOOK)
            return device_handlers(harden_handlers(super().init_handlers(), app_path=app_path), PageHandler)

        def init_settings(self) -> Any:
            if class_size:  # read by the kernel manager Voila builds in init_settings
                self.config.VoilaKernelManager.kernel_pools_config = kernel_pools(
                    class_size, class_page, 1 if pool is None else pool
                )
                # A used kernel is replaced a minute later, not after 1 s: thirty replacements starting
                # while the class's pages start would compete with them for the server's CPU.
                self.config.VoilaKernelManager.fill_delay = REFILL_DELAY_S
            return super().init_settings()

        def get_default_logging_config(self) -> dict:
            return serve_log.logging_config(type(self).__name__, log_file, port=port)

        def launch_browser(self) -> None:  # called once the server listens
            print(f"MyWord! is ready. Open this link in a browser: {url}", flush=True)
            print(room_line(class_base), flush=True)
            print(f"Leave this window open during class; press Ctrl+C here to stop MyWord!. "
                  f"Details for troubleshooting are written to {log_file}", flush=True)  # fmt: skip
            if open_browser:
                import threading
                import webbrowser

                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    if host not in LOCAL_HOSTS:
        print(LAN_WARNING.format(host=host, port=port), file=sys.stderr, flush=True)
    argv = [
        str(notebooks),
        f"--Voila.ip={host}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        "--Voila.open_browser=True",
        f"--Voila.config_file_paths={CONFIG_DIR}",
        "--MappingKernelManager.kernel_manager_class=myword_edu.server.log.LoggedKernelManager",
        f"--LoggedKernelManager.output_file={log_file}",
    ]
    if pool == 0 and not class_size:
        argv.append("--VoilaConfiguration.preheat_kernel=False")
    elif pool is not None:
        argv.append(f"--VoilaConfiguration.default_pool_size={pool}")
    MyWordVoila.launch_instance(argv=argv)
    return 0
