"""``skillrouter migrate``: move a store's ledger into a team database (PostgreSQL) and back,
every row of it (see :mod:`skillrouter.store.ledger.migrate`)."""

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
    help="The store folder whose skillrouter.db moves, or the postgresql:// URL of a team ledger.",
)
@click.option(
    "--to",
    "target",
    required=True,
    metavar="URL|DIR",
    help="The postgresql:// URL of the team database, or the store folder (holding the skill files) "
    "whose ledger becomes its skillrouter.db again.",
)
@click.option(
    "--replace",
    is_flag=True,
    help="Replace the rows of a target that already holds skills (a replaced skillrouter.db is kept "
    "as skillrouter.db.replaced-*).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def migrate_cmd(source: str, target: str, replace: bool, as_json: bool) -> None:
    """Move a store's ledger (statistics, examples, misfits, versions, statuses, findings,
    provenance, counters) from --from to --to, verified table by table; the skill files stay
    in the store's folder."""
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
            f"the skill files stay in {source}; its skillrouter.db is left as it was, unused with --ledger"
        )
        click.echo(moved.hint)

    emit(moved.to_dict(), as_json, text)
