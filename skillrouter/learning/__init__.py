"""Learning from scored runs, once for every loop.

- :mod:`~skillrouter.learning.offers`: the merge and fold offers the loop puts to its judges,
  read off the library (the thresholds are :mod:`skillrouter.rules`');
- :mod:`~skillrouter.learning.learner`: :class:`Learner`, the one order in which a scored
  :class:`Run` is applied to the library, with the judges (:class:`Judges`) injected: the agent's
  LLM, or the evolution simulation's world.
"""

from skillrouter.learning.learner import Judgement, Judges, Learned, Learner, Run, findings_line

__all__ = ["Judgement", "Judges", "Learned", "Learner", "Run", "findings_line"]
