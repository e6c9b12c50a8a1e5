"""``skillrouter eval``: the routing benchmark, the suite and the skill-evolution simulation.

Loaded by the ``skillrouter`` command through the ``skillrouter.commands`` entry point, so
``skillrouter eval routing`` (and ``suite``, ``evolution``) work once the package is installed.
The commands live one per module (:mod:`.routing`, :mod:`.suite`, :mod:`.evolution`), what they
share in :mod:`.common`. Each command parses its options, builds one setup, calls
:mod:`skillrouter.eval.routing`, :mod:`skillrouter.eval.suite` or :mod:`skillrouter.eval.evolution`,
and prints a table (progress goes to stderr). Errors raised on purpose become one line on
stderr and exit status 1.
"""

from skillrouter.eval.cli import (  # noqa: F401  (each registers its command)
    conversations,
    evolution,
    library,
    routing,
    suite,
    triggers,
)
from skillrouter.eval.cli.common import eval_group

__all__ = ["eval_group"]
