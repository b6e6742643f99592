"""A student's kernel killed with SIGKILL mid-round: rejoining finds score, cards and attempts intact."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from myword_edu.rooms.live import TeacherRoom
from myword_edu.rooms.seat import StudentSeat

ROOT = Path(__file__).resolve().parents[2]

KERNEL = r"""
import sys, time
from myword_edu.rooms.seat import StudentSeat
from myword_edu.classroom.store import Store
seat = StudentSeat.join(Store.open(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
deadline = time.monotonic() + 60
while len(seat.sync().table) < 6 and time.monotonic() < deadline:  # the teacher deals
    time.sleep(0.05)
view = seat.view()
print("claimed", seat.claim("cats", seen=view.version).accepted, seat.claim("zzqx").reason.value, flush=True)
deadline = time.monotonic() + 120
while time.monotonic() < deadline:  # keeps playing (polling) until it is killed
    seat.poll()
    time.sleep(0.05)
"""


def test_a_killed_kernel_loses_nothing_and_the_student_rejoins(store):
    url = store.engine.url.render_as_string(hide_password=False)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    room = TeacherRoom.create(store, lang="en", deck="C A T S D O G E N R")
    ben_seat = StudentSeat.join(store, room.code, ben.id)
    kernel = subprocess.Popen([sys.executable, "-c", KERNEL, url, room.code, str(ana.id)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 60
        while "Ana" not in room.sync().players:
            assert time.monotonic() < deadline and kernel.poll() is None, "the kernel did not join"
            time.sleep(0.05)
        room.start_round()
        for _ in range(6):
            room.deal()  # C A T S D O
        assert kernel.stdout.readline().split() == ["claimed", "True", "not_a_word"]
        before = room.sync()
        os.kill(kernel.pid, signal.SIGKILL)  # mid-round: the kernel is polling
        kernel.wait(timeout=30)
    finally:
        if kernel.poll() is None:
            kernel.kill()
            kernel.wait()
        kernel.stdout.close()
    assert kernel.returncode == -signal.SIGKILL
    again = StudentSeat.join(store, room.code, ana.id)  # a new page, a new kernel
    view = again.sync()
    assert view.scores == before.scores and view.scores["Ana"] == 4 and view.scores["Ben"] == 1  # Ben's free card
    assert [str(c) for c in again.replica.round.won("Ana")] == ["C", "A", "T", "S"]
    assert [(a.word, a.accepted, a.reason) for a in store.attempts(student_id=ana.id)] == [
        ("cats", True, None), ("zzqx", False, "not_a_word")]
    assert view.table == ben_seat.sync().table and not view.over
    for _ in range(3):
        room.deal()  # G E N: the table is O G E N
    again.sync()
    deadline = time.monotonic() + 30
    while again.wait_seconds() > 0:  # the new kernel knows the wait after "zzqx" from the log
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert again.claim("gone").accepted and room.sync().scores["Ana"] == 8  # and plays on


BOGGLE_KERNEL = r"""
import sys, time
from myword_edu.rooms.seat import StudentSeat
from myword_edu.classroom.store import Store
seat = StudentSeat.join(Store.open(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
deadline = time.monotonic() + 60
while seat.sync().board is None and time.monotonic() < deadline:  # the teacher starts the round
    time.sleep(0.05)
print("wrote", seat.write("rate").accepted, seat.write("late").accepted, seat.write("zzqx").reason.value, flush=True)
deadline = time.monotonic() + 120
while time.monotonic() < deadline:  # keeps playing (polling) until it is killed
    seat.poll()
    time.sleep(0.05)
"""


def test_a_killed_kernel_in_a_boggle_room_keeps_its_words_and_clock(store):
    from myword_edu.boggle.rules import BoggleRules

    url = store.engine.url.render_as_string(hide_password=False)
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    room = TeacherRoom.create(store, game="boggle", boggle=BoggleRules(seconds=600),
                              board="P E R S / L A T G / S I N E / T E R S")  # fmt: skip
    ben_seat = StudentSeat.join(store, room.code, ben.id)
    kernel = subprocess.Popen([sys.executable, "-c", BOGGLE_KERNEL, url, room.code, str(ana.id)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 60
        while "Ana" not in room.sync().players:
            assert time.monotonic() < deadline and kernel.poll() is None, "the kernel did not join"
            time.sleep(0.05)
        room.start_round()
        assert kernel.stdout.readline().split() == ["wrote", "True", "True", "not_a_word"]
        ends_at = room.sync().ends_at
        os.kill(kernel.pid, signal.SIGKILL)  # mid-round: the kernel is polling
        kernel.wait(timeout=30)
    finally:
        if kernel.poll() is None:
            kernel.kill()
            kernel.wait()
        kernel.stdout.close()
    assert kernel.returncode == -signal.SIGKILL
    again = StudentSeat.join(store, room.code, ana.id)  # a new page, a new kernel
    view = again.sync()
    assert [p.word for p in again.found()] == ["rate", "late"] and view.ends_at == ends_at and not view.over
    assert [(a.word, a.accepted) for a in store.attempts(student_id=ana.id)] == [
        ("rate", True), ("late", True), ("zzqx", False)]
    assert again.write("rate").reason.value == "already_found" and again.write("lint").accepted  # plays on
    assert ben_seat.write("rate").accepted
    room.finish_round()
    result = room.sync().result
    assert result.shared == {"rate"} and result.scores == {"Ana": 2, "Ben": 0}
