"""Boggle in the class store: settings per class and student, personal bests, Boggle attempts in the CSV."""

from __future__ import annotations

import itertools

import pytest
import sqlalchemy as sa
from hypothesis import given, settings, strategies as st

from myword_edu.classroom import schema
from myword_edu.boggle.round import GAME_KIND
from myword_edu.boggle.rules import BoggleRules, BoggleRulesError
from myword_edu.classroom.boggle_store import (
    StoreBests,
    boggle_rules,
    class_rules,
    own_rules,
    rules_from_row,
    rules_to_row,
    set_class_rules,
    set_student_rules,
)
from myword_edu.classroom.roster import UnknownStudentError
from myword_edu.classroom.export import attempts_csv, read_csv
from myword_edu.classroom.store import Store
from tests.attempt_rows import attempt_row


def test_a_version_2_database_is_migrated_to_the_newest_and_keeps_its_students(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:  # a database made by the release before Boggle settings
        schema.MIGRATIONS[1](conn)
        schema.MIGRATIONS[2](conn)
        conn.execute(sa.insert(schema.schema_version).values(id=1, version=2))
    engine.dispose()
    store = Store.open(url, fresh=True)
    assert store.schema_version() == schema.SCHEMA_VERSION
    ana = store.add_student("Ana")
    set_student_rules(store, [ana.id], minutes=2)
    reopened = Store.open(url, fresh=True)
    assert boggle_rules(reopened, ana.id).minutes == 2 and [s.name for s in reopened.students()] == ["Ana"]


def test_students_play_with_the_class_settings_until_they_have_their_own(store):
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    assert boggle_rules(store, ana.id) == BoggleRules(size=4, seconds=180, min_length=None, dice="new")
    set_class_rules(store, BoggleRules(size=4, seconds=120, min_length=4, dice="es"))
    assert boggle_rules(store, ben.id) == BoggleRules("es", 120, 4) and boggle_rules(store, ben.id).lang == "es"
    set_student_rules(store, [ana.id], size=5, dice="big")
    assert boggle_rules(store, ana.id) == BoggleRules("big", 120, 4)  # the rest from the class's
    set_class_rules(store, BoggleRules(seconds=300))
    assert boggle_rules(store, ana.id).minutes == 2 and boggle_rules(store, ben.id).minutes == 5
    set_student_rules(store, [ana.id], reset=True)
    assert own_rules(store, ana.id) is None and boggle_rules(store, ana.id) == class_rules(store)


def test_bulk_edit_changes_every_student_or_none(store):
    ids = [store.add_student(n).id for n in ("Ana", "Ben", "Cleo")]
    set_student_rules(store, ids[:2], minutes=4, min_length=5)
    assert [boggle_rules(store, i).minutes for i in ids] == [4, 4, 3]
    assert [boggle_rules(store, i).min_length for i in ids] == [5, 5, None]
    with pytest.raises(BoggleRulesError) as caught:  # 5x5 with 4x4 dice
        set_student_rules(store, ids, size=5)
    assert caught.value.field == "dice" and "Dice for 5x5: big" in str(caught.value)
    with pytest.raises(UnknownStudentError):
        set_student_rules(store, [ids[0], 999], minutes=1)
    assert [boggle_rules(store, i).minutes for i in ids] == [4, 4, 3]  # nothing half-done


@pytest.mark.parametrize(
    ("values", "field"),
    [({"size": 6, "dice": "new"}, "size"), ({"minutes": 0}, "minutes"), ({"minutes": 11}, "minutes"),
     ({"minutes": True}, "minutes"), ({"min_length": 2}, "min_length"), ({"min_length": 9}, "min_length"),
     ({"dice": "huge"}, "dice"), ({"size": 4, "dice": "big"}, "dice")],
)  # fmt: skip
def test_settings_a_teacher_cannot_choose_say_which(values, field):
    with pytest.raises(BoggleRulesError) as caught:
        BoggleRules().with_changes(**values)
    assert caught.value.field == field and isinstance(caught.value, ValueError)


def test_the_class_keeps_whole_minutes_and_leaves_the_bonus_cube_to_rooms(store):
    ana = store.add_student("Ana")
    for rules, field in ((BoggleRules(seconds=90), "seconds"), (BoggleRules(bonus=True), "bonus"),
                         (BoggleRules(target=50), "target")):  # fmt: skip
        with pytest.raises(BoggleRulesError) as caught:
            set_class_rules(store, rules)
        assert caught.value.field == field
        with pytest.raises(BoggleRulesError):
            set_student_rules(store, [ana.id], **{field: getattr(rules, field)})
    assert class_rules(store) == BoggleRules() and own_rules(store, ana.id) is None  # nothing written


def test_personal_bests_are_kept_per_student_and_only_go_up(store):
    ana, ben = store.add_student("Ana"), store.add_student("Ben")
    key = "boggle/en/new/180s/min3"
    mine, theirs = StoreBests(store, ana.id), StoreBests(store, ben.id)
    assert mine.best("Ana", key) is None
    assert mine.record("Ana", key, 7) and not mine.record("Ana", key, 7) and not mine.record("Ana", key, 3)
    assert mine.best("Ana", key) == 7 and theirs.best("Ben", key) is None
    assert mine.record("Ana", key, 9) and mine.best("Ana", key) == 9
    assert mine.best("Ana", "boggle/en/big/180s/min4") is None  # another kind of game


def test_boggle_attempts_are_exported_next_to_myword_ones(store):
    ana = store.add_student("Ana")
    myword = store.start_game(ana.id, lang="en", variant="standard", min_cards=3)
    store.record(attempt_row(student_id=ana.id, game_id=myword, round=1, word="cat", folded="cat", spelling="cat",
                         cards="C A T", card_count=3, accepted=True, reason=None, points=3, free_cards=0,
                         min_cards=3, lang="en"))  # fmt: skip
    game = store.start_game(ana.id, lang="en", variant="new", min_cards=3, kind=GAME_KIND, seed=7)
    for word, path, ok, reason, points in [("quiet", "Qu(1,1) I(1,2) E(2,2) T(2,3)", True, None, 4),
                                          ("zzz", "", False, "not_a_word", 0),
                                          ("quiet", "", False, "already_found", 0)]:  # fmt: skip
        store.record(attempt_row(student_id=ana.id, game_id=game, round=1, word=word.upper(), folded=word, spelling=word,
                             cards=path, card_count=len(word), accepted=ok, reason=reason, points=points,
                             free_cards=0, min_cards=3, lang="en"))  # fmt: skip
    assert [a.game for a in store.attempts()] == ["myword", "boggle", "boggle", "boggle"]
    rows = read_csv(attempts_csv(store))
    game_col = rows[0].index("game")
    assert rows[0][game_col + 1] == "game id"
    assert [r[game_col] for r in rows[1:]] == ["MyWord!", "Boggle", "Boggle", "Boggle"]
    boggle = rows[2]
    assert boggle[2:9] == ["QUIET", "quiet", "Qu(1,1) I(1,2) E(2,2) T(2,3)", "5", "yes", "", "4"]
    assert [r[7] for r in rows[3:]] == ["not a word", "already found"]
    es = read_csv(attempts_csv(store, "es"))
    assert es[0][game_col] == "juego" and es[4][7] == "ya encontrada"


_KEYS = itertools.count()


@pytest.fixture(scope="module")
def bests(tmp_path_factory):
    store = Store.open(f"sqlite:///{tmp_path_factory.mktemp('bests') / 'b.sqlite3'}", fresh=True)
    return StoreBests(store, store.add_student("Ana").id)


@settings(max_examples=40, deadline=None)
@given(scores=st.lists(st.integers(min_value=0, max_value=500), max_size=12))
def test_a_stored_best_is_the_highest_score_and_new_best_means_strictly_higher(bests, scores):
    key = f"k/{next(_KEYS)}"  # a kind of game nobody has played yet
    seen: list[int] = []
    for points in scores:
        assert bests.record("Ana", key, points) == (not seen or points > max(seen))
        seen.append(points)
    assert bests.best("Ana", key) == (max(seen) if seen else None)


@given(size=st.sampled_from([3, 4, 5, 6]), dice=st.sampled_from(["classic", "new", "big", "es", "huge"]),
       minutes=st.integers(-1, 12), least=st.one_of(st.none(), st.integers(1, 10)))  # fmt: skip
def test_rules_are_accepted_exactly_when_every_value_is_allowed(size, dice, minutes, least):
    fits = size in (4, 5) and dice != "huge" and (dice == "big") == (size == 5)
    allowed = fits and 1 <= minutes <= 10 and (least is None or 3 <= least <= 8)
    try:
        rules = BoggleRules().with_changes(size=size, minutes=minutes, min_length=least, dice=dice)
    except BoggleRulesError:
        assert not allowed
    else:
        assert allowed and rules_from_row(rules_to_row(rules)) == rules
