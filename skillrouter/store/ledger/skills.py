"""The ledger's rows of skills: each skill's current version, status, findings, trust level and
Level 0 text, its version history, and where an import took it from."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from skillrouter.security.policy import TrustLevel
from skillrouter.skill import Skill, SkillSummary, level0_text, now_iso, summary_text
from skillrouter.store.ledger.base import LedgerBase, sha, write
from skillrouter.store.ledger.rows import Record, Row, Version
from skillrouter.store.ledger.schema import PER_SKILL
from skillrouter.store.provenance import Status

__all__ = ["SkillRows"]


class SkillRows(LedgerBase):
    """Skills, versions and import origins."""

    def row(self, name: str) -> Row | None:
        found = self._one(
            "SELECT file_hash, file_sig, version, status, findings, created_at, trust_level, "
            "scan_hash FROM skills WHERE name = ?",
            (name,),
        )
        if found is None:
            return None
        file_hash, sig, version, status, findings, created, trust_level, scan_hash = found
        return Row(
            file_hash, sig, version, status, tuple(json.loads(findings)), created, trust_level, scan_hash
        )

    @write()
    def write_skill(
        self,
        skill: Skill,
        file_hash: str,
        sig: str,
        *,
        reason: str,
        content: str,
        status: Status | None = None,
        findings: Sequence[dict[str, Any]] | None = None,
        trust_level: TrustLevel | None = None,
        scan_hash: str | None = None,
    ) -> int:
        """Record ``skill`` as its file now reads (a new version if the content changed).
        ``status`` / ``findings`` / ``trust_level`` / ``scan_hash`` of None keep what the row
        had (a new row: active, none, community, none). Returns the version number."""
        procedure = " ".join(skill.procedure.split()).lower()
        summary = skill.summary().to_dict()
        summary.pop("trust_level")  # a column of its own
        triggers = skill.trigger_texts()
        level0 = json.dumps(
            summary
            | {"lexical_text": skill.lexical_text()}
            | ({"triggers": triggers} if triggers else {})  # most skills have none: rows as before
            | {"procedure_hash": sha(procedure)[:16] if procedure else None}
        )
        now = now_iso()
        with self.transaction() as db:
            row = self.row(skill.name)
            if row is None:  # new, or back after its folder was removed by hand: history continues
                last = db.execute(
                    "SELECT MAX(version) FROM versions WHERE name = ?", (skill.name,)
                ).fetchone()[0]
                version = (last or 0) + 1
                db.execute(
                    "INSERT INTO skills (name, file_hash, file_sig, level0, source, status, findings, "
                    "version, "
                    "created_at, updated_at, trust_level, scan_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                    "?, ?)",
                    (
                        skill.name,
                        file_hash,
                        sig,
                        level0,
                        skill.source,
                        status or "active",
                        json.dumps(list(findings or [])),
                        version,
                        skill.created_at or now,
                        now,
                        trust_level or "community",
                        scan_hash,
                    ),
                )
                db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (skill.name,))
            else:
                version = row.version + (0 if row.file_hash == file_hash else 1)
                db.execute(
                    "UPDATE skills SET updated_at = CASE WHEN file_hash = ? THEN updated_at ELSE ? END, "
                    "file_hash = ?, file_sig = ?, level0 = ?, source = ?, status = ?, findings = ?, version "
                    "= ?, "
                    "trust_level = ?, scan_hash = ? WHERE name = ?",
                    (
                        file_hash,
                        now,
                        file_hash,
                        sig,
                        level0,
                        skill.source,
                        status or row.status,
                        json.dumps(list(findings if findings is not None else row.findings)),
                        version,
                        trust_level or row.trust_level,
                        scan_hash or row.scan_hash,
                        skill.name,
                    ),
                )
            self._bump(db)
            if row is None or row.file_hash != file_hash:
                db.execute(
                    "INSERT OR REPLACE INTO versions VALUES (?, ?, ?, ?, ?)",
                    (skill.name, version, content, reason, now),
                )
        return version

    @write()
    def set_sig(self, name: str, sig: str) -> None:
        with self.transaction(shared=True) as db:
            db.execute("UPDATE skills SET file_sig = ? WHERE name = ?", (sig, name))

    def sigs(self) -> dict[str, str]:
        """name -> the stat signature of the SKILL.md the row was read from."""
        return {n: sig for n, sig in self._rows("SELECT name, file_sig FROM skills")}

    @write()
    def set_status(
        self,
        name: str,
        status: Status,
        findings: Sequence[dict[str, Any]] | None = None,
        *,
        trust_level: TrustLevel | None = None,
    ) -> None:
        with self.transaction(shared=True) as db:
            if findings is None:
                db.execute("UPDATE skills SET status = ? WHERE name = ?", (status, name))
            else:
                db.execute(
                    "UPDATE skills SET status = ?, findings = ? WHERE name = ?",
                    (status, json.dumps(list(findings)), name),
                )
            if trust_level is not None:
                db.execute("UPDATE skills SET trust_level = ? WHERE name = ?", (trust_level, name))

    @write()
    def forget(self, names: Sequence[str], *, history: bool = False) -> None:
        """Drop the rows of skills whose folders are gone (their versions too with ``history``)."""
        with self.transaction() as db:
            for name in names:
                for table in (*PER_SKILL, "versions") if history else PER_SKILL:
                    db.execute(f"DELETE FROM {table} WHERE name = ?", (name,))
                db.execute("DELETE FROM judged_pairs WHERE a = ? OR b = ?", (name, name))
            self._bump(db)
            if self.files is not None:  # a backend that keeps the skills' files: theirs go with the rows
                self.files.forget_files(names, history=history)

    def sidecar_rows(self) -> dict[str, tuple[str, Status, str, TrustLevel]]:
        """name -> (file hash, status, findings as stored: JSON text, trust level) of every
        skill: what its sidecar must say (doctor reads this for every skill; no Level 0 is
        parsed)."""
        return {
            name: (file_hash, status, findings, trust_level)
            for name, file_hash, status, findings, trust_level in self._rows(
                "SELECT name, file_hash, status, findings, trust_level FROM skills ORDER BY name"
            )
        }

    def records(self, names: Sequence[str] | None = None) -> dict[str, Record]:
        """Ledger records of every skill, or of just ``names`` (the router's hot path)."""
        if names is not None and not names:
            return {}
        where = "" if names is None else f"WHERE s.name IN ({','.join('?' * len(names))})"
        rows = self._rows(
            "SELECT s.name, s.level0, s.file_hash, s.source, s.status, s.findings, s.version, s.trust_level, "
            f"t.use_count, t.score_sum FROM skills s LEFT JOIN stats t ON t.name = s.name {where} ORDER BY "
            "s.name",
            list(names or []),
        )
        out: dict[str, Record] = {}
        for name, level0, file_hash, source, status, findings, version, trust_level, uses, total in rows:
            data = json.loads(level0)
            summary = SkillSummary(
                name=name,
                description=data["description"],
                task_type=data["task_type"],
                tags=tuple(data["tags"]),
                use_count=uses or 0,
                avg_score=(total / uses) if uses else None,
                status=status,
                trust_level=trust_level,
            )
            out[name] = Record(summary, file_hash, source, tuple(json.loads(findings)), version, trust_level)
        return out

    def summaries(self, names: Sequence[str]) -> dict[str, SkillSummary]:
        """Level 0 with status and statistics of each of ``names`` that has a row (the router's
        hot path). Status and statistics are as last committed, by any process: the rows read are
        kept while :meth:`unchanged_token` says nothing was committed since (a pragma instead of two
        queries: 0.9 ms of a route at 100,000 skills), read again after any commit (another process
        may have just recorded an outcome). Level 0 of each skill is parsed once per generation,
        which every change of it bumps, so a route reads a few small rows, not bulky Level 0 blobs."""
        if not names:
            return {}
        if (state := self.conn.view()) is not None:  # a backend's view: no query unless something changed
            rows = [(n, *state.rows[n]) for n in sorted(set(names)) if n in state.rows]
            return self._summaries(state.generation, rows)
        token = self.unchanged_token()
        view = getattr(self._local, "summary_rows", None)
        if token is None or view is None or view[0] != token:
            rows_held: dict[str, tuple[str, Status, TrustLevel, int | None, float | None] | None] = {}
            view = (token, self.generation(), rows_held)
            if token is not None:
                self._local.summary_rows = view
        _, generation, held = view
        wanted = sorted(set(names))
        missing = [name for name in wanted if name not in held]
        if missing:
            rows = self._rows(
                f"SELECT s.name, s.status, s.trust_level, t.use_count, t.score_sum, s.level0 FROM skills s "
                f"LEFT JOIN stats t ON t.name = s.name WHERE s.name IN ({','.join('?' * len(missing))})",
                missing,
            )  # Level 0 in the same query (a second one cost a route 0.3 ms at 100,000 skills), parsed once
            self._hold_level0(generation, [(row[0], row[5]) for row in rows])
            held.update({name: None for name in missing})  # no row: not asked again until a commit
            held.update({row[0]: row[:5] for row in rows})
        return self._summaries(
            generation, [row for row in (held[name] for name in wanted) if row is not None]
        )

    def _hold_level0(
        self, generation: int, blobs: Sequence[tuple[str, str]]
    ) -> dict[str, tuple[str, str, tuple[str, ...]]]:
        """The Level 0 held at ``generation`` (what was held at another is dropped), with that of
        each (name, level0 blob) not held yet parsed into it."""
        held = self._level0
        if held is None or held[0] != generation:
            held = self._level0 = (generation, {})
        level0 = held[1]
        for name, blob in blobs:
            if name not in level0:
                d = json.loads(blob)
                level0[name] = (d["description"], d["task_type"], tuple(d["tags"]))
        return level0

    def _summaries(
        self, generation: int, rows: Sequence[tuple[str, Status, TrustLevel, int | None, float | None]]
    ) -> dict[str, SkillSummary]:
        """Summaries of ``rows`` (name, status, trust level, uses, score sum), with Level 0 as
        read at ``generation`` (read again when it differs from the one held)."""
        level0 = self._hold_level0(generation, [])
        missing = [row[0] for row in rows if row[0] not in level0]
        if missing:  # only the names asked about: a one-shot route parses a few rows, not every one
            self._hold_level0(
                generation,
                self._rows(
                    f"SELECT name, level0 FROM skills WHERE name IN ({','.join('?' * len(missing))})", missing
                ),
            )
        out: dict[str, SkillSummary] = {}
        for name, status, trust_level, uses, total in rows:
            if name in level0:  # a row written after the generation was read waits for the next call
                description, task_type, tags = level0[name]
                out[name] = SkillSummary(
                    name=name,
                    description=description,
                    task_type=task_type,
                    tags=tags,
                    use_count=uses or 0,
                    avg_score=(float(total or 0.0) / uses) if uses else None,
                    status=status,
                    trust_level=trust_level,
                )
        return out

    def names(self) -> list[str]:
        """Every skill the ledger holds a row of, sorted (from the backend's view, if it keeps one)."""
        if (state := self.conn.view()) is not None:
            return sorted(state.rows)
        return sorted(r[0] for r in self._rows("SELECT name FROM skills"))

    def has(self, name: str) -> bool:
        """Whether the ledger holds a row of skill ``name`` (from the backend's view, as :meth:`names`)."""
        if (state := self.conn.view()) is not None:
            return name in state.rows
        return self._one("SELECT 1 FROM skills WHERE name = ?", (name,)) is not None

    def statuses(self) -> dict[str, str]:
        """name -> status (active, quarantined, retired) of every skill."""
        return dict(self._rows("SELECT name, status FROM skills"))

    def level0_texts(self) -> dict[str, str]:
        """name -> the Level 0 text the index embeds (no file reads), derived from the stored
        name and description so a change of the Level 0 rule reaches every existing row."""
        return {
            name: level0_text(name, json.loads(blob)["description"])
            for name, blob in self._rows("SELECT name, level0 FROM skills")
        }

    def summary_texts(self) -> dict[str, str]:
        """name -> ``"name words: description"`` (what keyword coverage counts), no file reads."""
        return {
            name: summary_text(name, json.loads(blob)["description"])
            for name, blob in self._rows("SELECT name, level0 FROM skills")
        }

    def lexical_texts(self) -> dict[str, str | None]:
        """name -> the text the keyword index reads, or None for a row written before the
        keyword index existed (the store then reads the file)."""
        return {
            name: json.loads(blob).get("lexical_text")
            for name, blob in self._rows("SELECT name, level0 FROM skills")
        }

    def trigger_texts(self) -> dict[str, list[str]]:
        """name -> the skill's trigger texts (``metadata.triggers``, localized descriptions: see
        :func:`skillrouter.skill.trigger_texts`), for skills that have some; no file reads (a row
        written before triggers were kept has none until its skill is written again)."""
        out = {
            name: json.loads(blob).get("triggers")
            for name, blob in self._rows("SELECT name, level0 FROM skills")
        }
        return {name: list(texts) for name, texts in out.items() if texts}

    def procedure_hashes(self) -> dict[str, str]:
        """name -> hash of the whitespace-normalised procedure, for skills that have one."""
        out = {
            name: json.loads(level0).get("procedure_hash")
            for name, level0 in self._rows("SELECT name, level0 FROM skills")
        }
        return {k: v for k, v in out.items() if v}

    def history(self, name: str) -> list[Version]:
        rows = self._rows(
            "SELECT version, reason, created_at, content FROM versions WHERE name = ? ORDER BY version",
            (name,),
        )
        return [Version(name, v, r, c, body) for v, r, c, body in rows]

    @write()
    def set_origin(self, name: str, origin: str, input_hash: str) -> None:
        with self.transaction(shared=True) as db:
            db.execute("INSERT OR REPLACE INTO imports VALUES (?, ?, ?)", (name, origin, input_hash))

    def origin(self, name: str) -> tuple[str, str] | None:
        found = self._one("SELECT origin, input_hash FROM imports WHERE name = ?", (name,))
        return (found[0], found[1]) if found else None

    def origins(self) -> dict[str, tuple[str, str]]:
        """name -> (import origin, input hash) of every imported skill."""
        return {n: (o, h) for n, o, h in self._rows("SELECT name, origin, input_hash FROM imports")}
