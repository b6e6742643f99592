"""Nothing a student answered is lost: writers in parallel, and a kernel killed with SIGKILL mid-round."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from myword_edu.classroom.store import Store
from tests.attempt_rows import attempt_row

REPO = Path(__file__).resolve().parents[2]
PER_PROCESS = 120


def _writer(url: str, student_id: int, tag: str, start, done) -> None:
    store = Store.open(url, fresh=True)
    game = store.start_game(student_id, lang="en", variant="standard", min_cards=3)
    start.wait(60)  # both processes are ready: go
    began = time.monotonic()
    for i in range(PER_PROCESS):
        store.record(attempt_row(
            student_id=student_id, game_id=game, round=1, word=f"{tag}{i}", folded=f"{tag}{i}", spelling=f"{tag}{i}",
            cards="", card_count=0, accepted=i % 3 == 0, reason=None if i % 3 == 0 else "not_a_word",
            points=0, free_cards=0, min_cards=3, lang="en",
        ))  # fmt: skip
    done.put((tag, began, time.monotonic()))


def test_two_processes_writing_at_once_lose_nothing(store):
    url = store.engine.url.render_as_string(hide_password=False)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    ctx = multiprocessing.get_context("spawn")
    start, done = ctx.Barrier(2), ctx.Queue()
    workers = [ctx.Process(target=_writer, args=(url, sid, tag, start, done)) for sid, tag in ((ana.id, "a"), (ben.id, "b"))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    (tag1, began1, ended1), (tag2, began2, ended2) = done.get(timeout=5), done.get(timeout=5)
    assert {tag1, tag2} == {"a", "b"}
    assert max(began1, began2) < min(ended1, ended2)  # they really were writing at the same time
    rows = store.attempts()
    assert len(rows) == 2 * PER_PROCESS
    assert {r.word for r in rows if r.student == "Ana"} == {f"a{i}" for i in range(PER_PROCESS)}
    assert {r.word for r in rows if r.student == "Ben"} == {f"b{i}" for i in range(PER_PROCESS)}
    assert len({r.id for r in rows}) == len(rows)


KERNEL_SETUP = """
from myword_edu.classroom.store import Store
from myword_edu.lexicon.wordlist import load_lexicon
from myword_edu.myword.solver import words_on_table
from myword_edu.ui.myword.model import Session
from myword_edu.ui.myword.recorder import AttemptRecorder
from myword_edu.ui.myword.settings import Settings
import os
store = Store.open({url!r})
student = store.student({student_id})
session = Session(Settings(seed=21, bots=0, name=student.name, min_cards=3), now=lambda: 0.0)
AttemptRecorder(store, student).attach(session)
session.start()
for _ in range(30):
    session.deal_next()
print(os.getpid())
"""

KERNEL_CALL = """
words = sorted(w for w in words_on_table(session.round.table, session.lexicon) if not session.lexicon.is_blocked(w))
word = words[0] if {valid} and words else {fallback!r}
feedback = session.submit(word)
print(feedback.key, word, session.round.is_over)
"""


@pytest.mark.slow
def test_a_kernel_killed_mid_round_keeps_every_answered_attempt(tmp_path):
    jupyter_client = pytest.importorskip("jupyter_client.manager")
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    store = Store.open(url, fresh=True)
    kim = store.add_student("Kim")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
    km, kc = jupyter_client.start_new_kernel(kernel_name="python3", env=env, cwd=str(tmp_path))
    try:
        out = _run(kc, KERNEL_SETUP.format(url=url, student_id=kim.id))
        pid = int(out.strip().splitlines()[-1])
        answered = []
        for i in range(12):
            reply = _run(kc, KERNEL_CALL.format(valid=i % 2 == 0, fallback="zzq" + "abcdefghijkl"[i]))
            key, word, over = reply.split()
            assert over == "False"  # still mid-round
            answered.append((word, key))
        # One more call is on its way when the kernel dies; it may or may not be stored.
        kc.execute(KERNEL_CALL.format(valid=False, fallback="zzlast"))
        os.kill(pid, signal.SIGKILL)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    after = Store.open(url, fresh=True)
    rows = [a for a in after.attempts() if a.student == "Kim"]
    stored = [(a.word, a.accepted) for a in rows]
    expected = [(word, key == "feedback.you_won_cards") for word, key in answered]
    assert stored[: len(expected)] == expected
    assert len(stored) in (len(expected), len(expected) + 1)
    assert any(accepted for _, accepted in expected) and not all(accepted for _, accepted in expected)
    with after.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"


def _run(kc, code: str, timeout: float = 120.0) -> str:
    """Execute ``code`` in the kernel; return its printed output (raise on an error)."""
    msg_id = kc.execute(code)
    output = []
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "stream":
            output.append(msg["content"]["text"])
        elif kind == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(output)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))
