"""Word lists: is this a word, how is it spelled, how common is it, is it allowed in class.

A :class:`Lexicon` answers in folded form (see :mod:`myword_edu.core.text`): case and
accents do not matter, ñ is its own letter. The shipped English and Spanish
lexicons are memory-mapped files built by ``tools/build_lexicons.py`` from the
plain word lists in ``wordlists/``; :meth:`Lexicon.from_words` builds one in
memory from any list (a teacher's own list, a lesson's list, tests).

>>> lex = Lexicon.from_words(["camión", "casa", "Perro"], lang="es")
>>> "CAMION" in lex, "perro" in lex, "gato" in lex
(True, True, False)
>>> lex.spelling("camion")
'camión'
>>> len(lex), sorted(lex)
(3, ['camion', 'casa', 'perro'])
"""

from __future__ import annotations

import json
import struct
from array import array
from bisect import bisect_left
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from myword_edu.lexicon.dawg import WordGraph, as_uint32, build_graph
from myword_edu.core.errors import NotAWordError, WordListError, WrongTypeError
from myword_edu.core.resources import data_dir
from myword_edu.core.text import ALL_LETTERS, Lang, fold, normalize, parse_lang

__all__ = ["Lexicon", "load_lexicon", "pack_lexicon", "read_word_file", "FORMAT_VERSION"]

MAGIC = b"MWLX"
FORMAT_VERSION = 1


class Lexicon:
    """A language's word list with spellings, Zipf frequencies and a blocklist."""

    def __init__(self, data: "bytes | memoryview", *, blocked: Iterable[str] = (), owner: object = None) -> None:
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise WrongTypeError("data", data, "the bytes of a lexicon file")
        view = memoryview(data)
        if bytes(view[:4]) != MAGIC:
            raise WordListError(["not a myword-edu lexicon file (bad magic)"])
        (header_len,) = struct.unpack_from("<I", view, 4)
        header = json.loads(bytes(view[8 : 8 + header_len]))
        if header.get("format") != FORMAT_VERSION:
            raise WordListError([
                f"lexicon format {header.get('format')} is not supported (expected {FORMAT_VERSION}); "
                "rebuild it with tools/build_lexicons.py"
            ])
        self.lang: Lang = parse_lang(header["lang"])
        self.source: str = header.get("source", "")
        self._owner = owner  # keeps an mmap alive as long as the views on it
        sections = header["sections"]

        def section(name: str) -> memoryview:
            start, length = sections[name]
            return view[start : start + length]

        self.graph = WordGraph(as_uint32(section("graph")))
        self._zipf = section("zipf")
        self._spell_ranks = as_uint32(section("spell_ranks"))
        self._spell_offsets = as_uint32(section("spell_offsets"))
        self._spell_blob = section("spell_blob")
        self._blocked = _blocked_words(blocked)

    # -- construction -----------------------------------------------------
    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        lang: object = "en",
        *,
        zipf: Mapping[str, float] | None = None,
        blocked: Iterable[str] | None = None,
    ) -> "Lexicon":
        """A lexicon from any list of words (dictionary spellings, any case).

        Every bad entry is reported at once in a :class:`~myword_edu.core.errors.WordListError`.
        ``blocked`` defaults to the shipped blocklist of ``lang``, so a teacher's
        list can never bring a blocked word back into play.

        >>> Lexicon.from_words(["ok", "no way", "x1"])
        Traceback (most recent call last):
        ...
        myword_edu.core.errors.WordListError: word 2: 'no way' is not a single word of letters; word 3: 'x1' is not a single word of letters
        """
        language = parse_lang(lang)
        if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
            raise WrongTypeError("words", words, "a list of words")
        if zipf is not None and not isinstance(zipf, Mapping):
            raise WrongTypeError("zipf", zipf, "a mapping of words to Zipf frequencies")
        blocked_words = _blocked_words(_shipped_blocklist(language) if blocked is None else blocked)
        entries: list[tuple[str, float]] = []
        problems: list[str] = []
        freq = zipf or {}
        for number, word in enumerate(words, start=1):
            spelled = normalize(word) if isinstance(word, str) else ""
            folded = fold(spelled)
            if not folded or any(ch not in ALL_LETTERS for ch in folded) or (
                language is Lang.EN and "ñ" in folded
            ):
                problems.append(f"word {number}: {word!r} is not a single word of letters"[:120])
                continue
            z = freq.get(spelled, freq.get(folded, 0.0))
            if isinstance(z, bool) or not isinstance(z, (int, float)) or z != z:
                problems.append(f"word {number}: the Zipf frequency of {word!r} is not a number: {z!r}"[:120])
                continue
            entries.append((spelled, float(z)))
        if problems:
            raise WordListError(problems)
        data = pack_lexicon(entries, language, source="from_words")
        return cls(data, blocked=blocked_words)

    # -- queries ------------------------------------------------------------
    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        return fold(word) in self.graph

    def __len__(self) -> int:
        return len(self.graph)

    def __iter__(self) -> Iterator[str]:
        """Every word, folded, in alphabetical order (ñ after z)."""
        return iter(self.graph)

    def __repr__(self) -> str:
        return f"<Lexicon lang={self.lang.value!r} words={len(self)} source={self.source!r}>"

    def rank(self, word: str) -> int:
        """Index of the word in the sorted list, or -1."""
        if not isinstance(word, str):
            return -1
        return self.graph.rank(fold(word))

    def spelling(self, word: str) -> str:
        """The dictionary spelling of a word (accents included), the most common one if several.

        Raises :class:`~myword_edu.core.errors.NotAWordError` for a word not in the list.
        """
        if not isinstance(word, str):
            raise NotAWordError(repr(word)[:40], self.lang.value)
        folded = fold(word)
        rank = self.graph.rank(folded)
        if rank < 0:
            raise NotAWordError(word, self.lang.value)
        return self._spelling_at(rank, folded)

    def _spelling_at(self, rank: int, folded: str) -> str:
        ranks = self._spell_ranks
        i = bisect_left(ranks, rank)
        if i < len(ranks) and ranks[i] == rank:
            start, end = self._spell_offsets[i], self._spell_offsets[i + 1]
            return bytes(self._spell_blob[start:end]).decode("utf-8")
        return folded

    def zipf(self, word: str) -> float:
        """Zipf frequency (about 1 = rare, 7 = very common; 0 = unknown or not a word)."""
        rank = self.rank(word)
        return self._zipf[rank] / 10 if rank >= 0 else 0.0

    def zipf_at_rank(self, rank: int) -> float:
        return self._zipf[rank] / 10

    def is_blocked(self, word: str) -> bool:
        """True for a word not allowed in class (never accepted, hinted or played by a bot)."""
        return isinstance(word, str) and fold(word) in self._blocked

    @property
    def blocked(self) -> frozenset[str]:
        """The folded blocked words."""
        return self._blocked


def _blocked_words(blocked: object) -> frozenset[str]:
    """The folded blocked words; a blocklist is a list of words (each checked)."""
    if isinstance(blocked, (str, bytes)) or not isinstance(blocked, Iterable):
        raise WrongTypeError("blocked", blocked, "a list of words")
    words = list(blocked)
    bad = [f"blocked word {n}: {w!r} is not text"[:80] for n, w in enumerate(words, start=1) if not isinstance(w, str)]
    if bad:
        raise WordListError(bad)
    return frozenset(fold(w) for w in words)


def pack_lexicon(entries: Iterable[tuple[str, float]], lang: object, *, source: str = "") -> bytes:
    """The bytes of a lexicon file from ``(dictionary spelling, zipf)`` pairs.

    Spellings that fold to the same word share it; the most common spelling
    (then the unaccented one, then the first in order) is the one shown.
    """
    best: dict[str, tuple[float, bool, str]] = {}
    for spelled, z in entries:
        folded = fold(spelled)
        key = (round(z, 2), spelled == folded, "")
        current = best.get(folded)
        candidate = (key[0], key[1], spelled)
        if current is None or (candidate[0], candidate[1]) > (current[0], current[1]) or (
            (candidate[0], candidate[1]) == (current[0], current[1]) and spelled < current[2]
        ):
            best[folded] = candidate
    folded_sorted = sorted(best)
    graph = build_graph(folded_sorted)
    zipf_bytes = bytes(
        max(0, min(255, round(max(best[w][0], 0.0) * 10))) for w in folded_sorted
    )
    spell_ranks = array("I")
    spell_offsets = array("I", [0])
    blob = bytearray()
    for rank, word in enumerate(folded_sorted):
        spelled = best[word][2]
        if spelled != word:
            spell_ranks.append(rank)
            blob += spelled.encode("utf-8")
            spell_offsets.append(len(blob))
    sections_data = [
        ("graph", _le(graph)),
        ("zipf", zipf_bytes),
        ("spell_ranks", _le(spell_ranks)),
        ("spell_offsets", _le(spell_offsets)),
        ("spell_blob", bytes(blob)),
    ]
    # Header size depends on the offsets it holds: fix it with generous padding.
    header_room = 1024
    position = 8 + header_room
    sections: dict[str, list[int]] = {}
    body = bytearray()
    for name, payload in sections_data:
        pad = (-(position + len(body))) % 8
        body += b"\0" * pad
        sections[name] = [position + len(body), len(payload)]
        body += payload
    header = json.dumps(
        {
            "format": FORMAT_VERSION,
            "lang": parse_lang(lang).value,
            "words": len(folded_sorted),
            "alphabet": ALL_LETTERS,
            "source": source,
            "sections": sections,
        },
        sort_keys=True,
    ).encode("utf-8")
    if len(header) > header_room:
        raise ValueError("lexicon header too large")
    return MAGIC + struct.pack("<I", len(header)) + header.ljust(header_room, b" ") + bytes(body)


def _le(values: array) -> bytes:
    copy = array("I", values)
    import sys

    if sys.byteorder != "little":
        copy.byteswap()
    return copy.tobytes()


def read_word_file(path: Path, kind: str) -> list[str]:
    """Lines of a shipped word file after its ``# myword-edu <kind> 1 ...`` header."""
    with open(path, encoding="utf-8") as handle:
        first = handle.readline()
        if not first.startswith(f"# myword-edu {kind} 1"):
            raise ValueError(f"{path}: expected a '# myword-edu {kind} 1' header, found {first[:60]!r}")
        return [line.rstrip("\n") for line in handle if line.strip() and not line.startswith("#")]


@lru_cache(maxsize=None)
def _shipped_blocklist(language: Lang) -> frozenset[str]:
    path = data_dir("wordlists") / f"{language.value}.blocked.txt"
    return frozenset(read_word_file(path, "blocklist"))


def _map_file(path: Path) -> tuple["bytes | memoryview", object]:
    try:
        import mmap

        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        return memoryview(mapped), mapped
    except (ImportError, OSError, ValueError):  # no mmap (browser kernel) or odd file system
        return path.read_bytes(), None


@lru_cache(maxsize=None)
def load_lexicon(lang: object) -> Lexicon:
    """The shipped lexicon for ``"en"`` or ``"es"``, loaded once per process.

    >>> load_lexicon("es").spelling("camion")
    'camión'
    """
    language = parse_lang(lang)
    path = data_dir("wordlists") / f"{language.value}.lexicon"
    data, owner = _map_file(path)
    lexicon = Lexicon(data, blocked=_shipped_blocklist(language), owner=owner)
    if lexicon.lang is not language:
        raise ValueError(f"{path} holds the {lexicon.lang.value} lexicon, not {language.value}")
    return lexicon
