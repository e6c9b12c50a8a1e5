"""``skillrouter migrate``: move a store's library (its ledger, every row of it, and its skills'
files) into a team database (PostgreSQL) and back (see :mod:`skillrouter.store.ledger.migrate`)."""

from __future__ import annotations

import click

from skillrouter.cli.common import emit
from skillrouter.store.ledger.migrate import is_url, migrate


@click.command("migrate")
@click.option(
    "--from",
    "source",
    required=True,
    metavar="DIR|URL",
    help="The store folder whose library moves (skillrouter.db and skills/), or the postgresql:// URL "
    "of a team database.",
)
@click.option(
    "--to",
    "target",
    required=True,
    metavar="URL|DIR",
    help="The postgresql:// URL of the team database, or a store folder (an existing one, or a new "
    "folder) that gets the library as skillrouter.db and skills/.",
)
@click.option(
    "--replace",
    is_flag=True,
    help="Replace the rows of a target that already holds skills (a replaced skillrouter.db is kept "
    "as skillrouter.db.replaced-*).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def migrate_cmd(source: str, target: str, replace: bool, as_json: bool) -> None:
    """Move a store's library (statistics, examples, misfits, versions, statuses, findings,
    provenance, counters, and every skill's SKILL.md and Level 2 files) from --from to --to, in
    one transaction of the target, the ledger verified table by table."""
    moved = migrate(source, target, replace=replace)

    def text() -> None:
        counts = ", ".join(f"{t} {info['rows']}" for t, info in moved.tables.items())
        click.echo(
            f"migrated the ledger {moved.source} to {moved.target} in {moved.seconds:.2f} s, "
            f"verified: every table read back the same rows ({counts})"
        )
        if moved.replaced:
            kept = f"; the old file is kept as {moved.set_aside}" if moved.set_aside else ""
            click.echo(f"replaced the {moved.replaced} skills' rows the target held{kept}")
        if not is_url(target) or is_url(source):
            click.echo(moved.hint)
            return
        click.echo(
            f"the skills' files are in the team database too; {source} is left as it was, and becomes "
            f"this machine's copy of the team library with --ledger"
        )
        click.echo(moved.hint)

    emit(moved.to_dict(), as_json, text)
