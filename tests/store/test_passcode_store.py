"""The passcode's counts and codes on both backends, shared by servers on one database."""

from __future__ import annotations

import threading

import pytest

from myword_edu.classroom.guess_limits import FREE_TRIES
from myword_edu.classroom.passcode import LockedOutError, PasscodeError, TeacherAuth
from myword_edu.classroom.store import Store


class Wall:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def two_servers(store):
    """Two servers' views of one database (separate engines and connection pools)."""
    wall = Wall()
    other = Store.open(store.url)
    return TeacherAuth(store, now=wall, kdf_n=2**10), TeacherAuth(other, now=wall, kdf_n=2**10), other


def test_each_server_s_setup_code_works_from_any_server_until_one_is_used(store):
    first, second, other = two_servers(store)
    code_1, code_2 = first.issue_setup_code(), second.issue_setup_code()
    second.set_up(code_1, "secret1", "secret1", device="teacher")  # the first server's code, on the second server
    assert first.has_passcode() and not first.has_setup_code()
    with pytest.raises(PasscodeError) as error:
        first.set_up(code_2, "other-1", "other-1")
    assert error.value.reason == "already_set"
    first.unlock("secret1")
    other.dispose()


def test_guesses_at_once_from_two_servers_are_all_counted(store):
    first, second, other = two_servers(store)
    first.reset("secret1", "secret1")
    outcomes: list[str] = []

    def guess(auth):
        try:
            auth.unlock("wrong", device="student")
        except LockedOutError:
            outcomes.append("wait")
        except PasscodeError:
            outcomes.append("checked")

    threads = [threading.Thread(target=guess, args=(auth,)) for auth in (first, second) * 6]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("checked") == FREE_TRIES and outcomes.count("wait") == 12 - FREE_TRIES
    second.unlock("secret1", device="teacher")  # another browser is not held up
    other.dispose()
