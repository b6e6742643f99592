"""One join-code scheme for live rooms and a class's join code."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from myword_edu.core.codes import CODE_ALPHABET, CODE_LENGTH, codes_match, new_code, normalise_code

#: The alphabets of earlier releases: a live room's code, a class's join code.
OLD_ROOM_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"
OLD_CLASS_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LOOK_ALIKES = {"0": "O", "1": "I", "2": "Z", "5": "S", "8": "B"}


def test_new_codes_have_no_look_alikes_and_normalise_to_themselves():
    assert not set(CODE_ALPHABET) & (set(LOOK_ALIKES) | set(LOOK_ALIKES.values()))
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) and normalise_code(c) == c for c in codes)
    assert len(codes) > 190  # random, not a sequence


@given(st.text(OLD_ROOM_ALPHABET, min_size=5, max_size=5))
def test_every_room_code_of_earlier_releases_is_still_found(code):
    assert normalise_code(code) == code  # rooms are looked up by the normalised code
    assert normalise_code(f" {code.lower()[:2]}-{code[2:]} ") == code


@given(st.text(OLD_CLASS_ALPHABET, min_size=5, max_size=5), st.data())
def test_every_class_code_of_earlier_releases_still_opens_typed_any_way(code, data):
    typed = "".join(data.draw(st.sampled_from([ch, ch.lower(), LOOK_ALIKES.get(ch, ch)])) for ch in code)
    typed = " ".join(typed) if data.draw(st.booleans()) else typed
    assert codes_match(code, typed)


def test_a_look_alike_a_child_copies_wrongly_still_opens_and_a_wrong_code_does_not():
    assert codes_match("BS2KQ", "8S2kq") and codes_match("BS2KQ", "b5zkq") and codes_match("K7QXM", "Ｋ７ＱＸＭ")
    assert not codes_match("K7QXM", "K7QXN") and not codes_match("K7QXM", "") and not codes_match(None, "K7QXM")
    assert not codes_match("K7QXM", 12345) and normalise_code(["K7QXM"]) == ""
    assert len(normalise_code("A" * 10_000)) == 20  # a huge paste is cut short, not compared whole
