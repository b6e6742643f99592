"""Shared fixtures: the shipped lexicons and a small English lexicon for fast tests."""

from __future__ import annotations

import pytest

from myword_edu.lexicon import Lexicon, load_lexicon


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
