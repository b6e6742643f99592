"""What ``myword-edu serve`` says in its window, and the log file that keeps everything else.

A teacher reads the server's window. It shows the links to open, the setup
code, and the problems a teacher can act on (the port is taken, no web browser
was found, a page could not start), in words a teacher understands, each once.
Everything Voila, Jupyter Server, tornado and the kernels say goes to a log
file in the user's log folder (``platformdirs.user_log_dir("myword-edu")``,
one file per port, the three previous runs kept), and the window says where.

Messages that are not the teacher's problem stay in the file, for example:

- "Notebook ... is not trusted": trust decides whether JupyterLab shows a
  notebook's saved outputs; Voila runs the shipped notebooks either way.
- "Kernel is running over TCP without encryption": each page's Python process
  listens on this computer only (127.0.0.1) and every message to it is signed
  with that process's own key.
- "'_xsrf' argument missing from POST": a closed page asked to stop its
  Python process and Voila refused; unused processes are stopped after ten
  minutes anyway (``voila.json``).

>>> line = console_line(_record("MyWordVoila", logging.WARNING, "Notebook myword.ipynb is not trusted"),
...                     port=8866, log_file=Path("serve.log"))
>>> line is None
True
>>> console_line(_record("MyWordVoila", logging.WARNING, "Permission to listen on port 80 denied"),
...              port=80, log_file=Path("serve.log"))
'MyWord! may not use port 80 on this computer: start it on another one, for example: myword-edu serve --port 8866'
"""

from __future__ import annotations

import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TextIO

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from traitlets import Unicode

from myword_edu.server.kernel import lean_command

__all__ = [
    "log_file_for",
    "start_log_file",
    "logging_config",
    "console_line",
    "ConsoleHandler",
    "LoggedKernelManager",
    "KEPT_RUNS",
]

#: Earlier runs' logs kept beside the current one (``serve-8866.log.1`` ...).
KEPT_RUNS = 3
FILE_FORMAT = "%(asctime)s %(levelname)s [%(name)s] %(message)s"


def log_file_for(port: int) -> Path:
    """The log file of a server on ``port``, in the user's log folder.

    >>> log_file_for(8866).name
    'serve-8866.log'
    """
    import platformdirs

    return Path(platformdirs.user_log_dir("myword-edu", appauthor=False)) / f"serve-{port}.log"


def start_log_file(path: Path, kept: int = KEPT_RUNS) -> Path:
    """Make ``path`` a fresh, empty log: the folder is created and earlier runs move to ``path.1`` ...

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "s.log").write_text("run 1")
    >>> start_log_file(folder / "s.log").read_text(), (folder / "s.log.1").read_text()
    ('', 'run 1')
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size:
        for n in range(kept - 1, 0, -1):
            older = path.with_name(f"{path.name}.{n}")
            if older.exists():
                older.replace(path.with_name(f"{path.name}.{n + 1}"))
        path.replace(path.with_name(f"{path.name}.1"))
    path.write_text("", encoding="utf-8")
    return path


@dataclass(frozen=True)
class _Rule:
    """A message a teacher should read, said their way (``None``: it stays in the log file only)."""

    pattern: re.Pattern[str]
    say: Callable[[re.Match[str], int, Path], str] | None
    level: int = logging.WARNING  # the rule applies from this level up


def _other_port(port: int) -> int:
    return 8866 if port != 8866 else 8867


#: Matched against a record's message, in order; the first match decides.
_RULES = (
    # Not the teacher's problem (see the module's docstring).
    _Rule(re.compile(r"is not trusted"), None),
    _Rule(re.compile(r"running over TCP without encryption"), None),
    _Rule(re.compile(r"'_xsrf' argument missing"), None),
    _Rule(re.compile(r"websocket_ping_timeout"), None),
    # The teacher can act on these.
    _Rule(
        re.compile(r"could not be started because no available port"),
        lambda m, port, log: f"MyWord! cannot start: port {port} is already in use (is MyWord! already running in "
        f"another window?). Close that window, or start on another port: myword-edu serve --port {_other_port(port)}",
    ),
    _Rule(
        re.compile(r"Permission to listen on port (\d+) denied"),
        lambda m, port, log: f"MyWord! may not use port {m.group(1)} on this computer: start it on another one, "
        f"for example: myword-edu serve --port {_other_port(int(m.group(1)))}",
    ),
    _Rule(
        re.compile(r"No web browser found"),
        lambda m, port, log: "No web browser was found on this computer: open the link above in a browser yourself.",
    ),
    _Rule(
        re.compile(r"Error at server while executing cell|Timeout waiting for|timed out", re.IGNORECASE),
        lambda m, port, log: f"A page could not start (the computer may be busy): ask the student to reload it. "
        f"Details are in {log}",
        logging.ERROR,
    ),
)

#: Loggers whose errors are never the teacher's (an HTTP access line repeats an error logged elsewhere).
_FILE_ONLY_LOGGERS = ("tornado.access", "asyncio", "py.warnings")


def console_line(record: logging.LogRecord, *, port: int, log_file: Path) -> str | None:
    """What the server's window says about ``record``, or None when it belongs in the log file only.

    Known messages are rephrased; any other error or critical message is
    shown in one line (no traceback) with the log file's path; other warnings
    and information stay in the file.

    >>> log = Path("serve.log")
    >>> console_line(_record("tornado.general", logging.WARNING,
    ...              "403 POST /voila/api/shutdown/1 (127.0.0.1): '_xsrf' argument missing from POST"),
    ...              port=8866, log_file=log) is None
    True
    >>> console_line(_record("tornado.application", logging.ERROR, "Uncaught exception GET /x\\nTraceback ..."),
    ...              port=8866, log_file=log)
    'Problem in MyWord!: Uncaught exception GET /x (details are in serve.log)'
    """
    message = record.getMessage()
    for rule in _RULES:
        match = rule.pattern.search(message) if record.levelno >= rule.level else None
        if match:
            return None if rule.say is None else rule.say(match, port, log_file)
    if record.levelno < logging.ERROR or record.name.startswith(_FILE_ONLY_LOGGERS):
        return None
    first = message.strip().splitlines()[0] if message.strip() else record.levelname
    return f"Problem in MyWord!: {first} (details are in {log_file})"


class ConsoleHandler(logging.Handler):
    """Writes :func:`console_line` of each record to the window (each line once)."""

    def __init__(self, port: int, log_file: str, stream: TextIO | None = None) -> None:
        super().__init__(logging.WARNING)
        self.port = port
        self.log_file = Path(log_file)
        self.stream = stream
        self.shown: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = console_line(record, port=self.port, log_file=self.log_file)
            if line is None or line in self.shown:
                return
            self.shown.add(line)
            stream = self.stream or sys.stderr
            stream.write(line + "\n")
            stream.flush()
        except Exception:  # a logging handler must not raise (logging's own rule)
            self.handleError(record)


def logging_config(app_logger: str, log_file: Path, *, port: int) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of the server: everything to the file, the teacher's lines to the window.

    ``app_logger`` is the Voila application's logger (named after its class;
    it does not propagate). tornado's, Jupyter's and every other logger
    propagate to the root.

    >>> config = logging_config("MyWordVoila", Path("/tmp/serve.log"), port=8866)
    >>> config["loggers"]["MyWordVoila"]["handlers"], config["root"]["handlers"]
    (['console', 'file'], ['console', 'file'])
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"file": {"format": FILE_FORMAT}},
        "handlers": {
            "console": {"()": f"{__name__}.ConsoleHandler", "port": port, "log_file": str(log_file)},
            "file": {
                "class": "logging.FileHandler",
                "filename": str(log_file),
                "mode": "a",
                "encoding": "utf-8",
                "formatter": "file",
                "level": "INFO",
            },
        },
        "loggers": {app_logger: {"level": "DEBUG", "handlers": ["console", "file"], "propagate": False}},
        "root": {"level": "INFO", "handlers": ["console", "file"]},
    }


class LoggedKernelManager(ServerKernelManager):  # type: ignore[misc]
    """A page's kernel whose own output (its start-up warnings, crashes) goes to the log file, not the
    window; the kernel runs without ipykernel's debugger (:mod:`myword_edu.server.kernel`)."""

    output_file = Unicode("", config=True, help="append the kernel process's stdout and stderr to this file")

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        kernel_cmd = lean_command(kernel_cmd)
        if not self.output_file or "stderr" in kw:
            return await super()._async_launch_kernel(kernel_cmd, **kw)
        with open(self.output_file, "ab") as out:  # the kernel keeps its own copy of the file handle
            kw["stdout"] = kw["stderr"] = out
            return await super()._async_launch_kernel(kernel_cmd, **kw)


def _record(name: str, level: int, message: str) -> logging.LogRecord:
    """A log record (for the examples above)."""
    return logging.LogRecord(name, level, __file__, 0, message, None, None)
