"""The teacher passcode: salted hash, setup code, wrong codes counted across kernels."""

from __future__ import annotations

import pytest

from myword_edu.passcode import (
    FREE_TRIES,
    PASSCODE_KEY,
    LockedOutError,
    PasscodeError,
    TeacherAuth,
    hash_passcode,
    verify_passcode,
)
from myword_edu.store import Store


class Wall:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    return Store.open(f"sqlite:///{tmp_path / 'p.sqlite3'}", fresh=True)


def auth_for(store, wall=None):
    return TeacherAuth(store, now=wall or Wall(), kdf_n=2**10)


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
