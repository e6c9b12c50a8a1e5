"""The keyword index: BM25 over each skill's text, kept in step with the store.

Embeddings miss what a user's words share literally with a skill: product and file names,
flags, rare terms ("bibtex", "PM2.5", "himalaya"). The router fuses a keyword score into its
ranking and a keyword *coverage* into its relevance gate (see :mod:`skillrouter.routing.router`).

Documents, by the same ids as the dense index: a skill's :meth:`~skillrouter.skill.Skill.lexical_text`
(its Level 0 text and the first 1,500 characters of its body) under ``<skill>``, and each
task example under ``<skill>::ex::<sha>``. For a task:

- ``bm25[skill]``: the Okapi BM25 score (k1 = 1.2, b = 0.75, idf = ln(1 + (N - n + 0.5) /
  (n + 0.5))) of the task against the skill's best document;
- ``coverage[skill]``: the idf-weighted share of the task's words that occur in the skill's
  Level 0 text or one of its examples, in [0, 1] (a word no skill has counts with the highest
  idf, so a task about something the library never mentions covers little). The body is left
  out of coverage: a long body shares common words ("book", "table") with any request, and
  counting them let everyday requests through the gate.

Words: lower-cased runs of two or more letters or digits, English stop words removed, a light
suffix stemmer (``papers`` -> ``paper``, ``booking`` -> ``book``). Chinese (and Japanese, Korean)
has no spaces between words, so a run of CJK characters is cut into its overlapping character
bigrams ("查天气预报" -> 查天 天气 气预 预报; a lone character is kept as it is), beside the
English words of the same text ("帮我 review 一下 PR" -> 帮我 review 一下 pr): every word of two
characters is then found, with no dictionary. Text without CJK characters is tokenised exactly as
before. Bigrams against a segmenter (jieba) and against bigrams plus unigrams, measured:
docs/evaluation/routing.md#the-library-fit-p_fit-and-left-out-numbers-issue-35.

Incremental: :meth:`LexicalIndex.sync` adds, replaces and removes only the documents whose
text changed (by content hash), like the dense index; adding a skill touches the posting
lists of its own words and nothing else. Removed documents leave tombstones that are swept
once they are a third of the index. The token counts are kept in ``<store>/cache/lexical.db``
(SQLite), so a new process loads them instead of tokenising every skill again.
"""

from __future__ import annotations

import hashlib
import math
import re
import sqlite3
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from skillrouter.embeddings.derived import DerivedFile
from skillrouter.embeddings.script import CJK_RUN

__all__ = ["K1", "B", "LexicalIndex", "LexicalScores", "tokenize"]

K1 = 1.2
B = 0.75
_FORMAT = 2  # of lexical.db; a file of another format is rebuilt from the store (2: CJK bigrams)

_TOKEN = re.compile(r"\w\w+")
# A task longer than this is read for keywords from its first and last half of it: a pasted log
# or file around the request (tokenising megabytes whole took seconds, measured:
# docs/evaluation/speed.md#measurements-behind-code-choices; the embedding reads its first 256
# tokens anyway), the head holding a request typed first, the tail the message a conversation's
# joined text ends with.
TASK_CHARS = 8000
_STOP_WORDS = (
    "a about above after again against all am an and any are as at be because been before being below "
    "between "
    "both but by can could did do does doing down during each few for from further had has have having he "
    "her "
    "here hers herself him himself his how i if in into is it its itself just me more most my myself no nor "
    "not "
    "now of off on once only or other our ours ourselves out over own same she should so some such than that "
    "the their theirs them themselves then there these they this those through to too under until up very "
    "was "
    "we were what when where which while who whom why will with would you your yours yourself yourselves"
)
_STOP = frozenset(_STOP_WORDS.split())


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            if suffix == "es" and not word.endswith(("shes", "ches", "xes", "zes")):
                continue
            return word[: len(word) - len(suffix)] + keep
    return word


def _words(text: str) -> list[str]:
    return [_stem(w) for w in _TOKEN.findall(text) if w not in _STOP]


def _bigrams(run: str) -> list[str]:
    return [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]


def task_words(task: str) -> str:
    """The part of a task its keywords are read from: all of it, or its first and last
    ``TASK_CHARS / 2`` characters when longer than :data:`TASK_CHARS`."""
    if len(task) <= TASK_CHARS:
        return task
    half = TASK_CHARS // 2
    return f"{task[:half]}\n{task[-half:]}"


def tokenize(text: str) -> list[str]:
    """Words of ``text`` as the keyword index sees them: English words, and the character
    bigrams of each run of CJK characters (see the module docstring)."""
    text = text.lower().replace("_", " ")
    if text.isascii() or not CJK_RUN.search(text):
        return _words(text)
    out: list[str] = []
    start = 0
    for match in CJK_RUN.finditer(text):
        out += _words(text[start : match.start()])
        out += _bigrams(match.group())
        start = match.end()
    return out + _words(text[start:])


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class LexicalScores:
    """One task's keyword evidence over the library: BM25 and coverage per skill (0 when the
    skill shares no word with the task).

    Coverage is summed only for the skills asked about (:meth:`coverage_many`; a route asks for
    its few dozen candidates), from ``covering``: per word of the task, in order, the sorted
    columns of the skills that cover it and the word's idf. The whole array (:attr:`coverage`)
    is the same sums for every column."""

    skills: Mapping[str, int]  # skill name -> column
    bm25: np.ndarray
    covering: Sequence[tuple[np.ndarray, float]] = ()
    total_idf: float = 0.0
    names: Sequence[str] = ()  # column -> skill name (by default, the order of ``skills``)
    best: float = field(init=False)  # the task's best BM25 over the library

    def __post_init__(self) -> None:
        object.__setattr__(self, "best", float(self.bm25.max()) if len(self.bm25) else 0.0)

    def score_of(self, skill: str) -> float:
        column = self.skills.get(skill)
        return float(self.bm25[column]) if column is not None else 0.0

    def normalised(self, skill: str) -> float:
        """The skill's BM25 divided by the task's best over the library, in [0, 1]."""
        best = self.best
        return self.score_of(skill) / best if best > 0 else 0.0

    def _coverage_at(self, columns: np.ndarray) -> np.ndarray:
        out = np.zeros(len(columns), dtype=np.float64)
        if not len(columns) or self.total_idf <= 0:
            return out
        for covered, idf in self.covering:  # the words in order: the sums are the whole array's
            if len(covered):
                at = np.minimum(np.searchsorted(covered, columns), len(covered) - 1)
                out[covered[at] == columns] += idf
        return out / self.total_idf

    @property
    def coverage(self) -> np.ndarray:
        """Coverage of every column, in [0, 1]."""
        return self._coverage_at(np.arange(len(self.bm25), dtype=np.int64))

    def coverage_many(self, skills: Sequence[str]) -> dict[str, float]:
        """Coverage of each of ``skills`` (0 for one the index does not hold)."""
        held = [s for s in skills if s in self.skills]
        values = self._coverage_at(np.array([self.skills[s] for s in held], dtype=np.int64))
        out = dict.fromkeys(skills, 0.0)
        out.update(zip(held, values.tolist()))
        return out

    def coverage_of(self, skill: str) -> float:
        return self.coverage_many([skill])[skill]

    def top(self, n: int) -> list[str]:
        """Up to ``n`` skills with a positive BM25 score, best first (ties by name)."""
        if n < 1 or self.best <= 0:
            return []
        floor = 0.0  # when n skills score at least a share of the best, the n-th best does too
        for share in (0.5, 0.25, 0.125):
            if np.count_nonzero(self.bm25 >= share * self.best) >= n:
                floor = share * self.best
                break
        hits = np.flatnonzero(self.bm25 >= floor) if floor > 0 else np.flatnonzero(self.bm25 > 0)
        if (
            len(hits) > n
        ):  # only those scoring at least the n-th best (ties at the cut too) can be in the first n
            scores = self.bm25[hits]
            hits = hits[scores >= np.partition(scores, len(scores) - n)[len(scores) - n]]
        names = self.names or list(self.skills)
        ranked = sorted(zip((-self.bm25[hits]).tolist(), (names[c] for c in hits.tolist())))
        return [name for _, name in ranked[:n]]


def _schema(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA user_version").fetchone()[0] != _FORMAT:  # derived data: rebuild
        db.execute("DROP TABLE IF EXISTS docs")
        db.execute(f"PRAGMA user_version = {_FORMAT}")
    db.execute(
        "CREATE TABLE IF NOT EXISTS docs (id TEXT PRIMARY KEY, skill TEXT NOT NULL, "
        "hash TEXT NOT NULL, tokens TEXT NOT NULL, cover TEXT NOT NULL)"
    )


class _Flat:
    """word -> its row of a flat table (offsets into columns): a snapshot's postings, read
    like the dicts of arrays an index builds (``get``), with each row's length as its count."""

    def __init__(self, words: np.ndarray, offsets: np.ndarray, *columns: np.ndarray) -> None:
        self._row = {word: i for i, word in enumerate(words.tolist())}
        self._offsets, self._columns = offsets, columns
        self.lengths = _Lengths(self)
        self.first = _First(self)

    def span(self, word: str) -> tuple[int, int] | None:
        row = self._row.get(word)
        return None if row is None else (int(self._offsets[row]), int(self._offsets[row + 1]))

    def get(self, word: str, default: object = None) -> object:
        span = self.span(word)
        return default if span is None else tuple(c[span[0] : span[1]] for c in self._columns)

    def __contains__(self, word: object) -> bool:
        return word in self._row


class _Lengths:
    def __init__(self, flat: _Flat) -> None:
        self._flat = flat

    def get(self, word: str, default: int = 0) -> int:
        span = self._flat.span(word)
        return default if span is None else span[1] - span[0]


class _First:
    def __init__(self, flat: _Flat) -> None:
        self._flat = flat

    def get(self, word: str, default: object = None) -> object:
        row = self._flat.get(word)
        return default if row is None else row[0]  # type: ignore[index]


def _distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique(values)`` for integers, without it: ``np.unique`` imports ``numpy.ma``, 10-20 ms
    of a fresh process's route."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


class LexicalIndex:
    """BM25 postings over skill documents, in memory, backed by a SQLite file of token counts.

    ``path=None`` keeps nothing on disk (tests, throwaway libraries).
    """

    def __init__(self, path: str | Path | None = None, *, read_only: bool = False) -> None:
        """``read_only=True`` (a read-only store): the file is read if it is there, never written."""
        self.path = Path(path) if path is not None else None
        self.file = (
            DerivedFile(self.path, _schema, read_only=read_only, on_reset=self._file_lost)
            if self.path is not None
            else None
        )
        self._loaded = False
        self._adopted = False  # scoring from a snapshot's arrays (adopt), not from the file
        self._rewrite = False  # the file was made anew: write every document held, not just the change
        self._reset()

    @property
    def repairs(self) -> list[str]:
        """What was repaired (a damaged file set aside and rebuilt), one line each."""
        return self.file.repairs if self.file is not None else []

    def _file_lost(self) -> None:
        self._rewrite = True

    def _reset(self) -> None:
        # one slot per document added since the last sweep; removed ones stay as tombstones
        self._slot_of: dict[str, int] = {}
        self._slot_doc: list[str] = []
        self._slot_hash: list[str] = []
        self._slot_counts: list[dict[str, int] | None] = []
        self._slot_skill: list[int] = []
        self._length: list[int] = []
        self._skills: dict[str, int] = {}  # skill name -> column (columns are never reused)
        self._names: list[str] = []  # column -> skill name
        self._postings: dict[str, tuple[array[int], array[int]]] = {}  # word -> (slots, counts)
        self._cover: dict[str, array[int]] = {}  # word -> slots whose coverage text has it
        self._cover_df: Counter[str] = Counter()
        self._slot_cover: list[frozenset[str]] = []
        # per word, what a query needs of it, in numpy, computed on first use after a change:
        # (live slots, BM25's term in each) and covered columns
        self._arrays: dict[str, tuple[np.ndarray | None, np.ndarray]] = {}
        self._cover_arrays: dict[str, np.ndarray] = {}
        self._slot_arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._by_skill: tuple[np.ndarray, np.ndarray, np.ndarray, bool] | None = None
        self._df: Counter[str] = Counter()
        self._total_length = 0
        self._live = 0

    # ------------------------------------------------------------ storage

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self.file is None:
            return
        rows = self.file.run(
            lambda db: db.execute("SELECT id, skill, hash, tokens, cover FROM docs ORDER BY id").fetchall()
        )
        self._rewrite = False  # what the file holds is what memory holds (a damaged one read as empty)
        for doc_id, skill, digest, tokens, cover in rows or []:
            self._insert(doc_id, skill, digest, Counter(tokens.split()), frozenset(cover.split()))

    # ------------------------------------------------------------ snapshots (one-shot routes)

    def scoring_arrays(self) -> dict[str, np.ndarray]:
        """What :meth:`score` reads, over the live documents in id order, as flat arrays (each
        word's row of postings and of coverage slots): a one-shot process loads these
        (:meth:`adopt`) instead of every document's token counts."""
        self._own()
        live = sorted(self._slot_of.items())
        renumber = np.full(len(self._slot_doc), -1, dtype=np.int64)
        renumber[[slot for _, slot in live]] = np.arange(len(live))
        column_of = dict(zip(self._names, range(len(self._names))))
        names = sorted({self._names[self._slot_skill[slot]] for _, slot in live})
        new_column = {column_of[name]: i for i, name in enumerate(names)}
        out: dict[str, np.ndarray] = {
            "lex_names": np.array(names, dtype=str),
            "lex_skill": np.array([new_column[self._slot_skill[s]] for _, s in live], dtype=np.int64),
            "lex_length": np.array([self._length[s] for _, s in live], dtype=np.int64),
        }
        for table, source in (("post", self._postings), ("cover", self._cover)):
            words, offsets, slots, counts = [], [0], [], []
            for word in sorted(source):
                held = source[word]
                old = np.asarray(held[0] if table == "post" else held, dtype=np.int64)
                keep = renumber[old] >= 0
                if not keep.any():
                    continue
                words.append(word)
                slots.append(renumber[old[keep]])
                if table == "post":
                    counts.append(np.asarray(held[1], dtype=np.int64)[keep])
                offsets.append(offsets[-1] + int(keep.sum()))
            out[f"{table}_words"] = np.array(words, dtype=str)
            out[f"{table}_offsets"] = np.array(offsets, dtype=np.int64)
            out[f"{table}_slots"] = np.concatenate(slots) if slots else np.zeros(0, dtype=np.int64)
            if table == "post":
                out["post_counts"] = np.concatenate(counts) if counts else np.zeros(0, dtype=np.int64)
        return out

    def adopt(self, arrays: Mapping[str, np.ndarray]) -> None:
        """Score from ``arrays`` (:meth:`scoring_arrays` of an index holding what this one's file
        holds) without loading the file; the next :meth:`sync` or :meth:`hashes` loads it."""
        self._reset()
        names = arrays["lex_names"].tolist()
        lengths = np.asarray(arrays["lex_length"], dtype=np.int64)
        self._names = names
        self._skills = {name: i for i, name in enumerate(names)}
        self._slot_arrays = (
            np.ones(len(lengths), dtype=bool),
            np.asarray(arrays["lex_skill"], dtype=np.int64),
            lengths.astype(np.float64),
        )
        post = _Flat(
            arrays["post_words"], arrays["post_offsets"], arrays["post_slots"], arrays["post_counts"]
        )
        cover = _Flat(arrays["cover_words"], arrays["cover_offsets"], arrays["cover_slots"])
        self._postings, self._df = post, post.lengths  # type: ignore[assignment]
        self._cover, self._cover_df = cover.first, cover.lengths  # type: ignore[assignment]
        self._live, self._total_length = len(lengths), int(lengths.sum())
        self._loaded, self._adopted = True, True

    def _own(self) -> None:
        """Load the file's documents in place of adopted arrays, before anything changes them."""
        if self._adopted:
            self._reset()
            self._loaded = self._adopted = False
        self._load()

    def reset(self) -> None:
        """Forget every document (``reindex`` then rebuilds from the store)."""
        if self.file is not None:
            self.file.run(lambda db: db.execute("DELETE FROM docs"), write=True)
        self._reset()
        self._loaded, self._adopted = True, False

    def close(self) -> None:
        if self.file is not None:
            self.file.close()

    # ------------------------------------------------------------ contents

    def __len__(self) -> int:
        self._load()
        return self._live

    def hashes(self) -> dict[str, str]:
        """id -> content hash of every document held."""
        self._own()
        return {doc_id: self._slot_hash[slot] for doc_id, slot in self._slot_of.items()}

    def _insert(
        self, doc_id: str, skill: str, digest: str, counts: Counter[str], cover: frozenset[str]
    ) -> None:
        slot = len(self._slot_doc)
        self._slot_cover.append(cover)
        for word in cover:
            self._cover.setdefault(word, array("q")).append(slot)
            self._cover_df[word] += 1
        self._slot_of[doc_id] = slot
        self._slot_doc.append(doc_id)
        self._slot_hash.append(digest)
        self._slot_counts.append(dict(counts))
        if skill not in self._skills:
            self._skills[skill] = len(self._names)
            self._names.append(skill)
        self._slot_skill.append(self._skills[skill])
        length = sum(counts.values())
        self._length.append(length)
        for word, count in counts.items():
            found = self._postings.get(word)
            if found is None:
                found = self._postings[word] = (array("q"), array("q"))
            found[0].append(slot)
            found[1].append(count)
            self._df[word] += 1
        self._total_length += length
        self._live += 1
        self._changed()

    def _changed(self) -> None:
        """Forget the numpy arrays: the average length (so every denominator) may have moved."""
        self._arrays.clear()
        self._cover_arrays.clear()
        self._slot_arrays = None

    def _remove(self, doc_id: str) -> None:
        slot = self._slot_of.pop(doc_id)
        counts = self._slot_counts[slot] or {}
        self._slot_counts[slot] = None
        for word in self._slot_cover[slot]:
            self._cover_df[word] -= 1
            if self._cover_df[word] <= 0:
                del self._cover_df[word]
        self._total_length -= self._length[slot]
        self._live -= 1
        for word in counts:
            self._df[word] -= 1
            if self._df[word] <= 0:
                del self._df[word]
        self._changed()

    def sync(self, documents: Mapping[str, tuple[str, str, str]]) -> tuple[int, int]:
        """Hold exactly ``documents``: id -> (skill, text, coverage text), where the coverage
        text is the part of ``text`` that counts for coverage. Returns (added or changed, removed)."""
        self._own()
        wanted = {
            doc_id: (skill, text, cover, _sha(f"{text}\x00{cover}"))
            for doc_id, (skill, text, cover) in documents.items()
        }
        have = self.hashes()
        changed = sorted(i for i, (_, _, _, h) in wanted.items() if have.get(i) != h)
        gone = sorted(set(have) - set(wanted))
        if not changed and not gone:
            return 0, 0
        rows = []
        for doc_id in gone:
            self._remove(doc_id)
        for doc_id in changed:
            if doc_id in self._slot_of:
                self._remove(doc_id)
            skill, text, cover_text, digest = wanted[doc_id]
            tokens, cover = tokenize(text), frozenset(tokenize(cover_text))
            self._insert(doc_id, skill, digest, Counter(tokens), cover)
            rows.append((doc_id, skill, digest, " ".join(tokens), " ".join(sorted(cover))))
        self._write(gone, rows)
        if len(self._slot_doc) > 64 and 3 * self._live < 2 * len(self._slot_doc):
            self._sweep()
        return len(changed), len(gone)

    def _write(self, gone: list[str], rows: list[tuple[str, str, str, str, str]]) -> None:
        """The change, in one transaction; every document held when the file was made anew."""
        if self.file is None:
            return

        def statement(db: sqlite3.Connection) -> None:
            everything = self._rewrite
            db.execute("BEGIN IMMEDIATE")
            try:
                if everything:
                    db.execute("DELETE FROM docs")
                    db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?)", self._rows())
                else:
                    db.executemany("DELETE FROM docs WHERE id = ?", [(i,) for i in gone])
                    db.executemany("INSERT OR REPLACE INTO docs VALUES (?, ?, ?, ?, ?)", rows)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            self._rewrite = False

        self.file.run(statement, write=True)

    def _rows(self) -> list[tuple[str, str, str, str, str]]:
        """Every document held, as the file keeps it."""
        names = {column: name for name, column in self._skills.items()}
        out = []
        for doc_id, slot in sorted(self._slot_of.items()):
            counts = self._slot_counts[slot] or {}
            tokens = " ".join(word for word, n in sorted(counts.items()) for _ in range(n))
            out.append(
                (
                    doc_id,
                    names[self._slot_skill[slot]],
                    self._slot_hash[slot],
                    tokens,
                    " ".join(sorted(self._slot_cover[slot])),
                )
            )
        return out

    def _sweep(self) -> None:
        """Rebuild without tombstones (from the token counts held in memory)."""
        names = {column: name for name, column in self._skills.items()}
        docs = [
            (
                doc_id,
                names[self._slot_skill[slot]],
                self._slot_hash[slot],
                self._slot_counts[slot] or {},
                self._slot_cover[slot],
            )
            for doc_id, slot in sorted(self._slot_of.items())
        ]
        self._reset()
        for doc_id, skill, digest, counts, cover in docs:
            self._insert(doc_id, skill, digest, Counter(counts), cover)

    # ------------------------------------------------------------ scoring

    def _per_slot(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(alive mask, skill column, document length) per slot, cached until the next change."""
        if self._slot_arrays is None:
            self._slot_arrays = (
                np.asarray([c is not None for c in self._slot_counts], dtype=bool),
                np.asarray(self._slot_skill, dtype=np.int64),
                np.asarray(self._length, dtype=np.float64),
            )
            self._by_skill = None
        return self._slot_arrays

    def _slots_by_skill(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
        """(slots ordered by skill column, where each column's run starts, that column, whether
        slot i is column i's only one for every i), for a per-skill maximum over every slot at
        once; cached until the next change."""
        skill_of = self._per_slot()[1]
        if self._by_skill is None:
            order = np.argsort(skill_of, kind="stable")
            ordered = skill_of[order]
            starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]]) if len(order) else order
            identity = len(skill_of) == len(self._names) and bool(
                (skill_of == np.arange(len(skill_of))).all()
            )
            self._by_skill = (order, starts, ordered[starts], identity)
        return self._by_skill

    def _postings_of(self, word: str) -> tuple[np.ndarray | None, np.ndarray]:
        """(live slots holding ``word``, its BM25 term in each): the part of BM25 that does not
        depend on the task, cached until a change. A word in over half the slots is held as a
        term for every slot (None, terms; 0 where it is not): one dense add, not a scatter."""
        cached = self._arrays.get(word)
        if cached is None:
            held = self._postings.get(word, (array("q"), array("q")))  # copied: a view would pin the arrays
            slots, counts = np.array(held[0], dtype=np.int64), np.array(held[1], dtype=np.float64)
            alive, _, lengths = self._per_slot()
            live = alive[slots]
            slots, counts = slots[live], counts[live]
            average = self._total_length / self._live
            denominator = counts + K1 * (1.0 - B + B * lengths[slots] / average)
            terms = self.idf(word) * counts * (K1 + 1.0) / denominator
            if 2 * len(slots) > len(alive):
                dense = np.zeros(len(alive), dtype=np.float64)
                dense[slots] = terms
                cached = (None, dense)
            else:
                cached = (slots, terms)
            self._arrays[word] = cached
        return cached

    def _covered_by(self, word: str) -> np.ndarray:
        """The columns of the skills whose live coverage texts hold ``word``, cached until a change."""
        cached = self._cover_arrays.get(word)
        if cached is None:
            alive, skill_of, _ = self._per_slot()
            covering = np.array(self._cover.get(word, array("q")), dtype=np.int64)
            cached = _distinct(skill_of[covering[alive[covering]]])
            self._cover_arrays[word] = cached
        return cached

    def _idf(self, n: int) -> float:
        return math.log(1.0 + (self._live - n + 0.5) / (n + 0.5))

    def idf(self, word: str) -> float:
        """BM25's inverse document frequency of ``word`` over the documents held."""
        return self._idf(self._df.get(word, 0))

    def score(self, task: str) -> LexicalScores:
        """BM25 of ``task`` for every skill, and what its coverage is summed from (see the module
        docstring). The work is per word of the task, on that word's cached arrays."""
        self._load()
        words = sorted(set(tokenize(task_words(task))))
        if not words or not self._live:
            return LexicalScores(self._skills, np.zeros(len(self._skills)), names=self._names)
        skill_of = self._per_slot()[1]
        doc_scores = np.zeros(len(skill_of), dtype=np.float64)
        covering: list[tuple[np.ndarray, float]] = []
        total_idf, postings = 0.0, 0
        for word in words:
            cover_idf = self._idf(self._cover_df.get(word, 0))
            total_idf += cover_idf
            covering.append((self._covered_by(word), cover_idf))
            slots, terms = self._postings_of(word)
            if slots is None:
                doc_scores += terms  # + 0.0 where the word is not: the same sums
                postings += len(terms)
            elif len(slots):
                doc_scores[slots] += terms
                postings += len(slots)
        if 8 * postings < len(doc_scores):  # a few slots hit: their maxima one by one
            bm25 = np.zeros(len(self._skills), dtype=np.float64)  # columns of removed skills stay 0
            hit = np.flatnonzero(doc_scores)
            np.maximum.at(bm25, skill_of[hit], doc_scores[hit])
        else:  # most slots: the maximum of each skill's run of slots, all at once
            order, starts, columns, identity = self._slots_by_skill()
            # where slot i is column i, its only one (a large imported library as loaded: no
            # examples, no tombstones), the slots' scores are the skills' as they are (the
            # reordering and per-skill maximum cost a route at 100,000 skills; measured:
            # docs/evaluation/scale.md#measurements-behind-code-choices)
            if identity:
                bm25 = doc_scores
            else:
                bm25 = np.zeros(len(self._skills), dtype=np.float64)
                bm25[columns] = np.maximum.reduceat(doc_scores[order], starts)
        return LexicalScores(self._skills, bm25, covering, total_idf, self._names)
