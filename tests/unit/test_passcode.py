"""The teacher passcode: salted hash, setup code, wrong codes counted across kernels."""

from __future__ import annotations

import re

import pytest

from myword_edu.classroom.guess_limits import CLASS_BURST, CLASS_PER_HOUR, FREE_TRIES, max_guesses_per_year
from myword_edu.classroom.hashes import hash_passcode, verify_passcode
from myword_edu.classroom.passcode import (
    MAX_CODE_TRIES,
    PASSCODE_KEY,
    UNLOCK_CODE_SECONDS,
    UNLOCK_KEY,
    LockedOutError,
    PasscodeError,
    TeacherAuth,
)
from myword_edu.classroom.store import Store


class Wall:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'p.sqlite3'}", fresh=True)


def auth_for(store, wall=None, kdf_n=2**10):
    return TeacherAuth(store, now=wall or Wall(), kdf_n=kdf_n)


def test_hash_is_salted_and_never_the_passcode():
    a, b = hash_passcode("profe-2026", n=2**10), hash_passcode("profe-2026", n=2**10)
    assert a != b and "profe" not in a and verify_passcode("profe-2026", a) and verify_passcode("profe-2026", b)
    assert not verify_passcode("profe-2027", a)
    for junk in (None, 3, "x" * 1000):
        assert not verify_passcode(junk, a)
    assert not verify_passcode("profe-2026", "md5$abc") and not verify_passcode("profe-2026", "")


def test_first_run_needs_the_setup_code(store):
    auth = auth_for(store)
    assert not auth.has_passcode()
    with pytest.raises(PasscodeError) as error:
        auth.set_up("0000-0000", "secret1", "secret1")
    assert error.value.reason == "no_setup_code"
    code = auth.issue_setup_code()
    for setup, new, repeat, reason in (
        (code, "short", "short", "too_short"),
        (code, "secret1", "secret2", "mismatch"),
        ("1111-2222", "secret1", "secret1", "wrong_setup_code"),
    ):
        with pytest.raises(PasscodeError) as error:
            auth.set_up(setup, new, repeat)
        assert error.value.reason == reason
    auth.set_up(code.replace("-", " "), "secret1", "secret1")
    stored = store.get_config(PASSCODE_KEY)
    assert stored.startswith("scrypt$") and "secret1" not in stored
    assert auth.issue_setup_code() is None
    with pytest.raises(PasscodeError) as error:
        auth.set_up(code, "other-1", "other-1")
    assert error.value.reason == "already_set"
    auth.unlock("secret1")


def test_wrong_codes_lock_the_panel_for_every_kernel(store):
    wall = Wall()
    auth = auth_for(store, wall)
    auth.reset("secret1", "secret1")
    for left in range(FREE_TRIES - 1, 0, -1):
        with pytest.raises(PasscodeError) as error:
            auth.unlock("wrong")
        assert error.value.values["tries_left"] == left
    with pytest.raises(PasscodeError):
        auth.unlock("wrong")  # the fifth: counted, and now there is a wait
    other_kernel = auth_for(store, wall)  # a new page cannot start counting again
    with pytest.raises(LockedOutError) as locked:
        other_kernel.unlock("secret1")  # even the right code waits
    assert locked.value.seconds == 30
    wall.now += 31
    with pytest.raises(PasscodeError):
        other_kernel.unlock("wrong")
    with pytest.raises(LockedOutError) as locked:
        auth.unlock("secret1")
    assert locked.value.seconds == 60  # doubling
    wall.now += 61
    auth.unlock("secret1")  # right: the count starts again
    assert auth.tries_left() == FREE_TRIES


def test_change_needs_the_old_passcode(store):
    auth = auth_for(store)
    auth.reset("secret1", "secret1")
    with pytest.raises(PasscodeError):
        auth.change("nope", "secret2", "secret2")
    auth.change("secret1", "secret2", "secret2")
    auth.unlock("secret2")
    with pytest.raises(PasscodeError):
        auth.unlock("secret1")


# -- one student's guesses do not keep the teacher out; guessing stays slow overall ---------------


def guess_until(auth, wall, device, code, *, until: float) -> int:
    """Guess ``code`` from ``device`` as fast as the limits allow, up to the first wrong guess after ``until``."""
    checked = 0
    while True:
        try:
            auth.unlock(code, device=device)
        except LockedOutError as error:
            wall.now += error.seconds  # the earliest moment the next guess is taken
        except PasscodeError as error:
            assert error.reason == "wrong"
            checked += 1
            if wall.now >= until:
                return checked


@pytest.fixture
def memory_store():
    """A store in memory, for simulating weeks of guessing quickly (the counting is the same on a file)."""
    return Store.open("sqlite://", fresh=True)


def test_a_student_guessing_forever_does_not_keep_the_teacher_out(memory_store):
    store = memory_store
    wall = Wall()
    auth = auth_for(store, wall, kdf_n=2**4)  # a cheap hash: this test counts guesses, it does not time them
    auth.reset("secret1", "secret1")
    start = wall.now
    for hour in range(6, 24 * 4, 6):  # four days of a student's page guessing as fast as allowed
        guess_until(auth, wall, "student-chromebook", "wrong", until=start + hour * 3600)
        with pytest.raises(LockedOutError) as locked:
            auth.unlock("secret1", device="student-chromebook")  # even the right passcode waits there
        assert locked.value.scope == "device"
        auth.unlock("secret1", device=f"teacher-laptop-{hour}")  # any other browser gets in at once
        assert auth.tries_left(device="student-chromebook") == 0
    other_kernel = auth_for(store, wall, kdf_n=2**4)  # a new page (a new kernel) of the same browser gets no fresh tries
    with pytest.raises(LockedOutError):
        other_kernel.unlock("secret1", device="student-chromebook")


def test_pages_without_a_device_share_one_count(store):
    wall = Wall()
    auth = auth_for(store, wall)
    auth.reset("secret1", "secret1")
    for _ in range(FREE_TRIES):
        with pytest.raises(PasscodeError):
            auth.unlock("wrong")
    with pytest.raises(LockedOutError):
        auth.unlock("secret1")
    auth.unlock("secret1", device="teacher-laptop")  # a browser with its own device cookie is not held up


def test_endless_new_devices_guess_far_slower_than_an_8_character_passcode_could_be_found(memory_store):
    store = memory_store
    wall = Wall()
    auth = auth_for(store, wall, kdf_n=2**4)  # a cheap hash: this test counts guesses, it does not time them
    auth.reset("secret1", "secret1")
    auth.unlock("secret1", device="teacher-laptop")  # the teacher's browser has opened the panel before
    start, hours, checked, fresh = wall.now, 12, 0, 0
    while wall.now < start + hours * 3600:  # a new private window for every guess, as fast as allowed
        fresh += 1
        try:
            auth.unlock("wrong", device=f"private-window-{fresh}")
        except LockedOutError as error:
            assert error.scope == "class"
            wall.now += error.seconds
        except PasscodeError:
            checked += 1
    assert checked <= CLASS_BURST + CLASS_PER_HOUR * hours
    assert checked >= CLASS_PER_HOUR * hours  # the limit is the class's, not a lockout of everyone
    # A year at this rate, plus every remembered teacher device guessing at its own pace, is the bound ...
    per_year = max_guesses_per_year()
    assert checked * (24 * 365.25 / hours) <= per_year < 600_000
    # ... and an 8-character passcode is far out of reach: all digits takes a century, letters 300,000 years.
    assert 10**8 / per_year > 150 and 26**8 / per_year > 300_000 and 36**8 / per_year > 4_000_000
    # During the flood the teacher's own browser still gets in; a browser new to the panel must wait ...
    with pytest.raises(LockedOutError):
        for fresh in range(fresh + 1, fresh + 3):  # the flood goes on: the class's tries are used up
            try:
                auth.unlock("wrong", device=f"private-window-{fresh}")
            except LockedOutError:
                raise
            except PasscodeError:
                pass
    auth.unlock("secret1", device="teacher-laptop")
    with pytest.raises(LockedOutError) as locked:
        auth.unlock("secret1", device="teacher-new-tablet")
    assert locked.value.scope == "class" and locked.value.seconds <= 3600 / CLASS_PER_HOUR
    # ... or use a one-time code printed on the server.
    code = auth.issue_unlock_code()
    auth.unlock(code, device="teacher-new-tablet")


def test_one_time_unlock_code_opens_once_within_its_time(store):
    wall = Wall()
    auth = auth_for(store, wall)
    with pytest.raises(PasscodeError) as error:
        auth.issue_unlock_code()
    assert error.value.reason == "not_set"
    auth.reset("secret1", "secret1")
    for _ in range(FREE_TRIES):  # the teacher's own page locked (pages without a device share one count)
        with pytest.raises(PasscodeError):
            auth.unlock("wrong")
    with pytest.raises(LockedOutError):
        auth.unlock("secret1")
    code = auth.issue_unlock_code()
    assert len(code) == 9 and code[4] == "-" and code.replace("-", "").isdigit()
    assert code not in repr(store.get_config(UNLOCK_KEY))  # only its hash is kept
    auth.unlock(code.replace("-", " "))  # opens despite the wait
    with pytest.raises((PasscodeError, LockedOutError)):
        auth.unlock(code, device="teacher-laptop")  # one time only
    late = auth.issue_unlock_code()
    wall.now += UNLOCK_CODE_SECONDS + 1
    with pytest.raises(PasscodeError):
        auth.unlock(late, device="teacher-laptop")  # too late
    burned = auth.issue_unlock_code()
    for n in range(MAX_CODE_TRIES):
        with pytest.raises((PasscodeError, LockedOutError)):
            auth.unlock(f"{n:04d}-0000" if f"{n:04d}-0000" != burned else "9999-9999", device=f"guess-{n}")
    with pytest.raises((PasscodeError, LockedOutError)):
        auth.unlock(burned, device="teacher-laptop")  # too many wrong codes: this one no longer opens
    auth.unlock("secret1", device="teacher-laptop")  # the passcode itself still does


def test_the_limits_survive_kernels_and_servers(tmp_path):
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    wall = Wall()
    first = TeacherAuth(Store.open(url, fresh=True), now=wall, kdf_n=2**10)
    first.reset("secret1", "secret1")
    for _ in range(FREE_TRIES):
        with pytest.raises(PasscodeError):
            first.unlock("wrong", device="student")
    second = TeacherAuth(Store.open(url), now=wall, kdf_n=2**10)  # another server on the same database
    with pytest.raises(LockedOutError):
        second.unlock("secret1", device="student")
    second.unlock("secret1", device="teacher")


# -- a second server does not void the first one's setup code --------------------------------------


def test_every_server_s_setup_code_stays_valid_until_a_passcode_is_chosen(tmp_path):
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    wall = Wall()
    first = TeacherAuth(Store.open(url, fresh=True), now=wall, kdf_n=2**10)
    second = TeacherAuth(Store.open(url), now=wall, kdf_n=2**10)
    code_1 = first.issue_setup_code()
    code_2 = second.issue_setup_code()  # a second server (or a restart) on the same database
    assert code_1 != code_2
    first.set_up(code_1, "secret1", "secret1", device="teacher")  # the code the teacher has still works
    assert first.tries_left(device="teacher") == FREE_TRIES  # and the right code cost no try
    with pytest.raises(PasscodeError) as error:
        second.set_up(code_2, "other-1", "other-1")
    assert error.value.reason == "already_set"  # the other server's code is spent too
    second.unlock("secret1")


def test_unlock_command_prints_a_one_time_code(tmp_path, capsys):
    from myword_edu.cli import main

    db = str(tmp_path / "class.sqlite3")
    Store.open(db, fresh=True)
    assert main(["unlock", "--db", db]) == 0  # no passcode yet: the setup code
    out = capsys.readouterr().out
    setup = re.search(r"setup code.*?(\d{4}-\d{4})", out, re.S).group(1)
    auth = TeacherAuth(Store.open(db), kdf_n=2**10)
    auth.set_up(setup, "secret1", "secret1")
    assert main(["unlock", "--db", db]) == 0
    out = capsys.readouterr().out
    code = re.search(r"(\d{4}-\d{4})", out).group(1)
    assert "15 minutes" in out
    auth.unlock(code)


def test_two_servers_print_two_setup_codes_and_both_work(tmp_path, capsys, monkeypatch):
    from myword_edu.classroom.cli import prepare_store
    from myword_edu.classroom.store import DB_ENV

    monkeypatch.setenv(DB_ENV, "")  # prepare_store sets it for the kernels; monkeypatch puts it back
    db = str(tmp_path / "class.sqlite3")
    codes = []
    for _ in range(2):  # `myword-edu serve --db class.sqlite3`, twice (two servers, or a restart)
        assert prepare_store(db, "http://localhost:8866/voila/render/teacher.ipynb") == 0
        codes.append(re.search(r"setup code to choose your passcode: (\d{4}-\d{4})", capsys.readouterr().out).group(1))
    auth = TeacherAuth(Store.open(db), kdf_n=2**10)
    auth.set_up(codes[0], "secret1", "secret1")  # the first server's code still works
    assert prepare_store(db, "http://localhost:8866/voila/render/teacher.ipynb") == 0
    out = capsys.readouterr().out
    assert "setup code" not in out and "myword-edu unlock on this computer with the same --db" in out
