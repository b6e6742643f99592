"""Shared fixtures: the shipped lexicons and a small English lexicon for fast tests."""

from __future__ import annotations

import pytest
from hypothesis import settings

from myword_edu.lexicon.wordlist import Lexicon, load_lexicon

# No time limit per example: the test command runs the browser tests beside these on 2 cores, and
# speed is the benchmarks' business (benchmarks/), never a test's.
settings.register_profile("myword", deadline=None)
settings.load_profile("myword")


@pytest.fixture(scope="session")
def en():
    return load_lexicon("en")


@pytest.fixture(scope="session")
def es():
    return load_lexicon("es")


SMALL_WORDS = (
    "cat cats act acts at tab bat bats scat cast mask task tack ask bask dunk dune dusk nod "
    "node done queen quit quite quiet quest equal rain train tin tan ant ants pant pants "
    "sand hand hands and end ends send tend dent den ten net nets nest tents test rest star "
    "stare rats arts tar tars car care race aces ace ice nice mice rice price"
).split()


@pytest.fixture(scope="session")
def small():
    return Lexicon.from_words(SMALL_WORDS, blocked=["arts"])


@pytest.fixture(scope="session", autouse=True)
def _class_database(tmp_path_factory):
    """Every test (and every process it starts: nbval, servers) uses a throw-away class database,
    never the real one in the user's data folder."""
    import os

    from myword_edu.classroom.store import DB_ENV

    saved = os.environ.get(DB_ENV)
    os.environ[DB_ENV] = f"sqlite:///{tmp_path_factory.mktemp('classdb') / 'myword.sqlite3'}"
    yield os.environ[DB_ENV]
    if saved is None:
        os.environ.pop(DB_ENV, None)
    else:
        os.environ[DB_ENV] = saved
