"""The server's window says what a teacher needs; the log file keeps the rest (console rules, rotation, kernels)."""

from __future__ import annotations

import asyncio
import io
import logging
import logging.config
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from myword_edu.server import log as serve_log
from myword_edu.server.log import ConsoleHandler, console_line, logging_config, start_log_file

LOG = Path("/logs/serve-8866.log")
NOT_THE_TEACHERS = [
    ("MyWordVoila", logging.WARNING, "Notebook myword.ipynb is not trusted"),
    ("IPKernelApp", logging.WARNING, "Kernel is running over TCP without encryption. All communication ..."),
    ("tornado.general", logging.WARNING, "403 POST /voila/api/shutdown/ab12 (127.0.0.1): '_xsrf' argument missing from POST"),
    ("MyWordVoila", logging.WARNING, "wrote error: \"'_xsrf' argument missing from POST\""),
    ("tornado.access", logging.WARNING, "403 POST /voila/api/shutdown/ab12 (127.0.0.1) 5.15ms"),
    ("tornado.general", logging.WARNING, "The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval"),
    ("MyWordVoila", logging.INFO, "Kernel started: 0555ca9d"),
    ("tornado.access", logging.ERROR, "500 GET /voila/render/myword.ipynb (127.0.0.1) 3.1ms"),
]


def record(name: str, level: int, message: str, exc_info=None) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, message, None, exc_info)


@pytest.mark.parametrize("name,level,message", NOT_THE_TEACHERS)
def test_what_is_not_the_teachers_problem_stays_in_the_file(name, level, message):
    assert console_line(record(name, level, message), port=8866, log_file=LOG) is None


def test_problems_a_teacher_can_fix_are_said_their_way():
    taken = record("MyWordVoila", logging.CRITICAL,
                   "ERROR: the Voilà server could not be started because no available port could be found.")  # fmt: skip
    line = console_line(taken, port=8866, log_file=LOG)
    assert "port 8866 is already in use" in line and "myword-edu serve --port 8867" in line
    line = console_line(record("MyWordVoila", logging.WARNING, "No web browser found: could not locate runnable browser."),
                        port=8866, log_file=LOG)  # fmt: skip
    assert line == "No web browser was found on this computer: open the link above in a browser yourself."
    cell = record("MyWordVoila", logging.ERROR, "Error at server while executing cell: {'source': 'import x'}")
    line = console_line(cell, port=8866, log_file=LOG)
    assert "reload" in line and str(LOG) in line and "source" not in line


def test_other_errors_show_one_line_with_the_log_path_and_no_traceback():
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        failure = record("tornado.application", logging.ERROR, "Uncaught exception GET /voila/render/x", sys.exc_info())
    stream = io.StringIO()
    handler = ConsoleHandler(8866, str(LOG), stream=stream)
    handler.handle(failure)
    handler.handle(failure)  # the same problem again: said once
    assert stream.getvalue() == f"Problem in MyWord!: Uncaught exception GET /voila/render/x (details are in {LOG})\n"


@pytest.fixture
def clean_logging():
    """dictConfig changes the process's loggers: put them back afterwards."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    yield
    for handler in root.handlers[:]:
        if handler not in saved[0]:
            root.removeHandler(handler)
            handler.close()
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])
    app = logging.getLogger("TestVoila")
    for handler in app.handlers[:]:
        app.removeHandler(handler)
        handler.close()


def test_the_logging_config_sends_details_to_the_file_and_the_teachers_lines_to_the_window(tmp_path, clean_logging, capsys):
    log_file = tmp_path / "serve.log"
    logging.config.dictConfig(logging_config("TestVoila", log_file, port=8866))
    logging.getLogger("TestVoila").warning("Notebook %s is not trusted", "myword.ipynb")
    logging.getLogger("tornado.general").warning("403 POST /x (127.0.0.1): '_xsrf' argument missing from POST")
    logging.getLogger("tornado.access").info("200 GET /voila/render/myword.ipynb (127.0.0.1) 12ms")
    logging.getLogger("TestVoila").warning("No web browser found: none.")
    for handler in logging.getLogger().handlers + logging.getLogger("TestVoila").handlers:
        handler.flush()
    window = capsys.readouterr().err
    assert window == "No web browser was found on this computer: open the link above in a browser yourself.\n"
    details = log_file.read_text(encoding="utf-8")
    for text in ("WARNING [TestVoila] Notebook myword.ipynb is not trusted", "[tornado.general] 403 POST /x",
                 "INFO [tornado.access] 200 GET /voila/render/myword.ipynb", "No web browser found"):  # fmt: skip
        assert text in details


def test_each_run_starts_a_fresh_log_and_keeps_three_before_it(tmp_path):
    path = tmp_path / "logs" / "serve-8866.log"
    for run in range(1, 6):
        start_log_file(path).write_text(f"run {run}")
    kept = sorted(p.name for p in path.parent.iterdir())
    assert kept == ["serve-8866.log", "serve-8866.log.1", "serve-8866.log.2", "serve-8866.log.3"]
    assert [path.with_name(n).read_text() for n in kept] == ["run 5", "run 4", "run 3", "run 2"]


def test_the_log_is_in_the_users_log_folder(monkeypatch, tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("the XDG folders are Linux's (macOS: ~/Library/Logs, Windows: %LOCALAPPDATA%)")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert serve_log.log_file_for(9000) == tmp_path / "myword-edu" / "log" / "serve-9000.log"


def test_a_kernels_own_output_goes_to_the_log_file(tmp_path, monkeypatch):
    launched = {}

    async def fake_launch(self, kernel_cmd, **kw):
        launched.update(kw, cmd=kernel_cmd, name=kw["stderr"].name)

    monkeypatch.setattr(serve_log.ServerKernelManager, "_async_launch_kernel", fake_launch)
    manager = serve_log.LoggedKernelManager(output_file=str(tmp_path / "serve.log"))
    asyncio.run(manager._async_launch_kernel(["python", "-m", "ipykernel_launcher"], env={}))
    assert launched["stdout"] is launched["stderr"] and launched["name"] == str(tmp_path / "serve.log")
    assert launched["stderr"].closed  # the server keeps no handle; the kernel has its own
    assert launched["cmd"] == ["python", "-m", "myword_edu.server.kernel"]  # the kernel without its debugger


@pytest.mark.slow
def test_a_port_in_use_is_said_plainly(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
        command = [sys.executable, "-m", "myword_edu", "serve", "--no-browser", "--port", str(port), "--pool", "0",
                   "--db", str(tmp_path / "class.sqlite3")]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300,
                              cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.returncode == 1
    assert f"port {port} is already in use" in done.stderr and "myword-edu serve --port 8866" in done.stderr
    assert "Traceback" not in done.stderr and "Voilà" not in done.stderr
    log = tmp_path / "state" / "myword-edu" / "log" / f"serve-{port}.log"
    assert "no available port" in log.read_text(encoding="utf-8")
