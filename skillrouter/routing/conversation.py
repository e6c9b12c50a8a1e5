"""Conversation input: route a message with the turns that came before it.

A message in a conversation is one of four things, and each needs a different answer:

- **a request of its own** ("convert this PDF to Markdown"): routed on what it says;
- **a follow-up** (a slot answer "my plate is Yue B67890", "yes, that's correct", "what's their
  phone number?"): it names no task by itself, and stays with the skill the conversation is in;
- **an intent shift** ("ok forget that. Different thing: ...", or "great, now book it" after a
  search): a new skill, often one the assistant just offered;
- **no intent at all** ("no, that's all, thanks"): no skill is needed.

The router keeps no state between calls: it follows the conversation from its context. Each of
the latest :data:`MAX_TURNS` user messages (the earlier ones and the message itself) is routed
in three views, all in one batch per view: the message **alone**, the message with the
assistant's turn just before it (**asked**: a slot answer answers the assistant's question), and
the user's messages so far **joined**. A forward pass over the messages then carries the
conversation's **belief** (which skill it is about, as probabilities over a few skills) from one
message to the next (:func:`follow`, :func:`decide`):

1. a **no-intent** classifier (a logistic curve over the message's embedding and whether the
   assistant had just asked) sends a message that needs no skill to none, and the belief ends
   there;
2. a first message routes alone, exactly as the router routes it, and its candidates' relevance
   starts the belief; a later one that no skill has served yet (the conversation's opening was
   too vague to route) takes the best candidate of its views if the router's own gate passes it
   in one of them;
3. else the belief is updated as a mixture (:class:`Tracking`): with weight ``1 - m`` the
   conversation **stays**, and its belief follows what the message says of the skills it was
   already about (a follow-up that names the dates moves weight from "find a flight" to "book
   it" only as far as the message's relevance does, so a close first call is corrected by the
   turns after it); with weight ``m`` it **moves**, to the skills the message newly points to
   (each view's candidates that the router's own gate passes, but the belief's first).
   ``m`` is a **move** classifier's probability (how the message stands to the belief's first
   skill: :func:`move_features`; the shipped one gives the message's embedding no weight, which
   learned the fitting domains' words and left more held-out shifts on the old skill). A
   message whose new candidates pass the gate in no view moves nowhere: it reads as a new
   request, but none the library serves ("it has about 40 million rows" after a migration
   request is a detail of it, however it reads). The route is the belief's first skill.

Every part was fitted on Schema-Guided Dialogue's real dialogues (``../shared/data/sgd``), whole
domains held out of the fitting, and is reported on those domains
(``benchmarks/conversation_fit.py``; measured: docs/evaluation/conversations.md): the weights are package
data (``conversation_model.json``), with the numbers they gave beside them. The multilingual
engine's classifiers were fitted on the multilingual engine's embeddings of the same (English)
dialogues: what they do for Chinese messages is e5's cross-lingual transfer, measured on the blind
Chinese dialogues only.

What comes back: when the decision is the message's own first candidate in the alone view and
it passes the gate there, the route is exactly the route of the message alone
(``context_used`` False); otherwise the route's candidates are the chosen skill first and the
message's own candidates after it, ``context_used`` True, ``reason`` saying why. A context that
holds no user turn routes the message exactly as without context.

Only user and assistant turns count (system, tool and function messages describe the agent, not
the conversation); plain strings are user turns.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Literal

import numpy as np

from skillrouter.embeddings.base import embed_queries
from skillrouter.routing.router import Candidate, Route, Router
from skillrouter.skill import SkillSummary

__all__ = [
    "MAX_TURNS",
    "VIEW_DEPTH",
    "Belief",
    "Context",
    "ConversationModel",
    "Step",
    "Tracking",
    "Views",
    "route_in_conversation",
    "steps_of",
    "turns_of",
    "user_turns",
    "views_of",
    "with_context",
]

VIEW_DEPTH = 10
"""Candidates of each view that the model scores (at least ``k``)."""

MAX_TURNS = 8
"""The latest user messages a conversation is followed through (the message itself included)."""

Context = Sequence[Any] | None
"""Earlier turns, oldest first: text, ``{"role", "content"}`` dicts, or LangChain messages."""

_USER_ROLES = {"user", "human"}
_ASSISTANT_ROLES = {"assistant", "ai"}
_OTHER_ROLES = {"system", "tool", "function", "developer", "chat"}

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class Turn:
    role: Role
    text: str


def turns_of(context: Context, name: str = "context") -> list[Turn]:
    """The user and assistant turns of ``context`` as text, oldest first.

    A turn is a string (a user turn), a mapping with ``role`` and ``content`` (``user``/``human``,
    ``assistant``/``ai``; ``system``, ``tool``, ``function`` and ``developer`` turns are left
    out), or an object with ``.type`` and ``.content`` (a LangChain message). Content may be a
    list of parts (``{"type": "text", "text": ...}`` or strings); empty turns are dropped.
    Anything else is a ValueError naming the turn: ``context[2]: ...``."""
    if context is None:
        return []
    if isinstance(context, (str, bytes, Mapping)) or not isinstance(context, Iterable):
        raise ValueError(  # noqa: TRY004  (every surface maps ValueError to one line)
            f"{name} must be a list of earlier turns, oldest first, got {_kind(context)}"
        )
    out: list[Turn] = []
    for i, turn in enumerate(context):
        found = _turn(turn, f"{name}[{i}]")
        if found is not None and found.text.strip():
            out.append(Turn(found.role, found.text.strip()))
    return out


def user_turns(context: Context, name: str = "context") -> list[str]:
    """The user's turns of ``context`` as text, oldest first (the latest ``MAX_TURNS``), checked
    as :func:`turns_of` checks them."""
    return [t.text for t in turns_of(context, name) if t.role == "user"][-MAX_TURNS:]


def _turn(turn: object, where: str) -> Turn | None:
    if isinstance(turn, str):
        return Turn("user", turn)
    if isinstance(turn, Mapping):
        if "role" not in turn or "content" not in turn:
            raise ValueError(f"{where}: a turn given as an object needs 'role' and 'content'")
        role, content = turn["role"], turn["content"]
    elif hasattr(turn, "type") and hasattr(turn, "content"):
        role, content = turn.type, turn.content
    else:
        raise ValueError(
            f"{where}: expected text, a {{'role', 'content'}} object or a chat message, got {_kind(turn)}"
        )
    if not isinstance(role, str):
        raise ValueError(f"{where}: role must be text, got {_kind(role)}")  # noqa: TRY004
    role = role.lower()
    if role in _USER_ROLES:
        return Turn("user", _content_text(content, where))
    if role in _ASSISTANT_ROLES:
        return Turn("assistant", _content_text(content, where))
    if role not in _OTHER_ROLES:
        raise ValueError(f"{where}: unknown role {role[:40]!r}; expected user, assistant, system or tool")
    return None


def _content_text(content: object, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])  # {"type": "text", "text": ...}; images and tool parts are skipped
        return "\n".join(parts)
    raise ValueError(f"{where}: content must be text or a list of text parts, got {_kind(content)}")


def _kind(value: object) -> str:
    kinds = {
        str: "text",
        bytes: "bytes",
        dict: "an object",
        list: "a list",
        int: "a number",
        float: "a number",
    }
    return "null" if value is None else kinds.get(type(value), type(value).__name__)


def with_context(message: str, turns: Sequence[str]) -> str:
    """The joined view's text: the earlier user turns and the message, one per line."""
    return "\n".join([*turns, message])


# ---------------------------------------------------------------- the steps and their views


@dataclass(frozen=True)
class Step:
    """One user message of a conversation: the assistant's turn just before it (``""`` when
    there was none) and the user's messages before it (within :data:`MAX_TURNS`)."""

    message: str
    asked: str = ""
    earlier: tuple[str, ...] = ()

    @property
    def question(self) -> bool:
        """Whether the assistant's turn before it asked something (a slot answer follows)."""
        return self.asked.rstrip().endswith(("?", "？"))


def steps_of(task: str, turns: Sequence[Turn]) -> list[Step]:
    """The conversation's user messages up to and including ``task`` as steps, the latest
    :data:`MAX_TURNS`."""
    steps: list[Step] = []
    users: list[str] = []
    asked = ""
    for turn in [*turns, Turn("user", task)]:
        if turn.role == "assistant":
            asked = turn.text
            continue
        steps.append(Step(turn.text, asked, tuple(users[-(MAX_TURNS - 1) :])))
        users.append(turn.text)
        asked = ""
    return steps[-MAX_TURNS:]


@dataclass
class Views:
    """A step's three routes: the message alone, asked (with the assistant's turn before it:
    None when there was none) and joined (the user's messages so far: None for a first message)."""

    alone: Route
    asked: Route | None = None
    joined: Route | None = None


def views_of(
    router: Router, steps: Sequence[Step], k: int, task_type: str | None, tags: list[str] | None
) -> list[Views]:
    """Every step's :class:`Views`, each view's routes in one batch."""
    depth = max(k, VIEW_DEPTH)
    alone = router.route_many([s.message for s in steps], k=depth, task_type=task_type, tags=tags)
    out = [Views(a) for a in alone]
    asking = [i for i, s in enumerate(steps) if s.asked]
    if asking:
        texts = [f"{steps[i].asked}\n{steps[i].message}" for i in asking]
        for i, route in zip(asking, router.route_many(texts, k=depth, task_type=task_type, tags=tags)):
            out[i].asked = route
    joining = [i for i, s in enumerate(steps) if s.earlier]
    if joining:
        texts = [with_context(steps[i].message, steps[i].earlier) for i in joining]
        for i, route in zip(joining, router.route_many(texts, k=depth, task_type=task_type, tags=tags)):
            out[i].joined = route
    return out


# ---------------------------------------------------------------- the model


def _relevance(route: Route | None, name: str) -> float:
    found = _candidate(route, name)
    return max(found.relevance, 0.0) if found is not None else 0.0


def _candidate(route: Route | None, name: str) -> Candidate | None:
    for c in route.candidates if route is not None else ():
        if c.name == name:
            return c
    return None


def _first(route: Route | None) -> Candidate | None:
    return route.candidates[0] if route is not None and route.candidates else None


def candidates_of(
    views: Views, previous: str | None, summary_of: Callable[[str], SkillSummary | None]
) -> list[Candidate]:
    """The candidates a step decides between: each view's, once each, the alone view's first,
    and the previous skill when no view lists it (a follow-up that says nothing it does), while
    it is still active (``summary_of`` reads its summary: a skill quarantined or retired
    mid-conversation is not carried on)."""
    found: dict[str, Candidate] = {}
    for route in (views.alone, views.asked, views.joined):
        for c in route.candidates if route is not None else ():
            found.setdefault(c.name, c)
    if previous is not None and previous not in found:
        summary = summary_of(previous)
        if summary is not None and summary.status == "active":
            found[previous] = Candidate(summary, 0.0, 0.0, 0.0, "conversation")
    return list(found.values())


MOVE_FEATURES = (
    "alone_first_p",
    "previous_alone",
    "previous_first_alone",
    "previous_first_asked",
    "previous_asked",
    "question",
    "alone_first_over_previous",
    "words",
    "previous_first_joined",
    "previous_joined",
)
"""What the move classifier reads beside the message's embedding (:func:`move_features`; the
shipped model reads these alone)."""


def move_features(step: Step, views: Views, previous: str) -> list[float]:
    """How the message stands to the previous skill (:data:`MOVE_FEATURES`): the p_fit of its own
    first candidate alone; the previous skill's relevance alone; whether the alone and asked
    views put the previous skill first; its relevance asked; whether the assistant had asked a
    question; how far the message's own first candidate is ahead of the previous skill alone; its
    length (words / 20); whether the joined view still puts the previous skill first, and its
    relevance there (a detailed follow-up names other things, but the conversation as a whole
    still points where it did)."""
    first, asked_first, joined_first = _first(views.alone), _first(views.asked), _first(views.joined)
    previous_alone = _relevance(views.alone, previous)
    return [
        first.p_fit if first is not None else 0.0,
        previous_alone,
        float(first is not None and first.name == previous),
        float(asked_first is not None and asked_first.name == previous),
        _relevance(views.asked, previous),
        float(step.question),
        (max(first.relevance, 0.0) if first is not None else 0.0) - previous_alone,
        len(step.message.split()) / 20.0,
        float(joined_first is not None and joined_first.name == previous),
        _relevance(views.joined, previous),
    ]


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1.0 - 1e-6)
    return math.log(p / (1.0 - p))


@dataclass(frozen=True)
class Head:
    """A logistic classifier over a message's embeddings (one engine's: the message's, then the
    asked view's text) and a few numbers: ``p = sigmoid(embeddings . weights + numbers . extra +
    bias)``."""

    weights: tuple[float, ...]
    extra: tuple[float, ...]
    bias: float

    def p(self, vector: np.ndarray, numbers: Sequence[float]) -> float:
        z = float(np.dot(np.asarray(self.weights, dtype=np.float32), vector))
        z += sum(w * x for w, x in zip(self.extra, numbers)) + self.bias
        return _sigmoid(z)


@dataclass(frozen=True)
class Tracking:
    """How the conversation's belief follows a message (:func:`decide`).

    A skill's **evidence** at a step is its relevance to the message alone, plus ``asked`` times
    its relevance with the assistant's turn before it, plus ``joined`` times its relevance to the
    user's messages so far (a view that does not list it gives it the view's lowest relevance,
    less :data:`UNLISTED`). The belief after the step is the mixture ``(1 - m) * stay + m * move``:

    - ``stay``: the belief so far, each skill's share times ``exp(stay_sharpness * evidence)``
      (a follow-up that says something about the task moves weight among the skills the
      conversation was already about);
    - ``move``: the skills the message newly points to (every candidate but the belief's first
      that passes the router's gate in a view): in proportion to each one's ``p_fit`` (its
      best in any view: the router's probability that it is right, calibrated for this library,
      so that a library of thousands spreads a move no thinner than one of dozens) when
      ``move_from`` is ``"p_fit"``, else ``softmax(move_sharpness * evidence)``;
    - ``m``: the move head's probability, its log-odds shifted by ``move_offset``.
    """

    stay_sharpness: float = 15.0
    move_sharpness: float = 10.0
    asked: float = 0.5
    joined: float = 0.5
    move_offset: float = 1.0
    move_from: str = "p_fit"

    def moves(self, views: Views, new: Mapping[str, float]) -> dict[str, float]:
        """The move part of the mixture over ``new`` (name -> evidence; see the class docstring)."""
        if self.move_from == "p_fit":
            best: dict[str, float] = {}
            for route in (views.alone, views.asked, views.joined):
                for c in route.candidates if route is not None else ():
                    if c.name in new:
                        best[c.name] = max(best.get(c.name, 0.0), c.p_fit)
            total = sum(best.values())
            if total > 0:
                return {n: p / total for n, p in best.items()}
        return _softmax(new, self.move_sharpness)

    def evidence(self, views: Views, names: Iterable[str]) -> dict[str, float]:
        """Each of ``names``' evidence in ``views`` (see the class docstring)."""
        parts = [(views.alone, 1.0), (views.asked, self.asked), (views.joined, self.joined)]
        found = [(_relevances(route), weight) for route, weight in parts if route is not None and weight]
        floors = [(min(r.values()) - UNLISTED if r else 0.0) for r, _ in found]
        return {n: sum(w * r.get(n, f) for (r, w), f in zip(found, floors)) for n in names}


UNLISTED = 0.05
"""How far under a view's lowest listed relevance a skill the view does not list is taken to be."""

BELIEF_SIZE = 20
"""The most skills a conversation's belief keeps (the likeliest; the rest is a rounding error)."""


def _relevances(route: Route) -> dict[str, float]:
    return {c.name: max(c.relevance, 0.0) for c in route.candidates}


def _softmax(scores: Mapping[str, float], sharpness: float) -> dict[str, float]:
    if not scores:
        return {}
    top = max(scores.values())
    e = {n: math.exp(sharpness * (s - top)) for n, s in scores.items()}
    total = sum(e.values())
    return {n: v / total for n, v in e.items()}


def _kept(belief: Mapping[str, float]) -> dict[str, float]:
    """The :data:`BELIEF_SIZE` likeliest skills of ``belief``, renormalised."""
    top = sorted(belief.items(), key=lambda kv: -kv[1])[:BELIEF_SIZE]
    total = sum(p for _, p in top)
    return {n: p / total for n, p in top} if total > 0 else {}


@dataclass(frozen=True)
class ConversationModel:
    """The learned decisions (see the module docstring).

    - ``none``: per engine, whether a message needs no skill (its embedding, and whether the
      assistant had asked a question); at ``none_gate`` or above it routes to none and the
      conversation's belief ends;
    - ``move``: per engine, whether a message leaves the conversation's skill (its embedding and
      :func:`move_features`): the weight of the move part of the belief's mixture;
    - ``tracking``: how the belief follows each message (:class:`Tracking`).
    """

    move: Mapping[str, Head]
    none: Mapping[str, Head]
    tracking: Tracking = Tracking()
    none_gate: float = 0.5
    trained: Mapping[str, Any] = field(default_factory=dict)  # on what, and its held-out numbers

    def to_json(self) -> str:
        def head(h: Head) -> dict[str, Any]:
            return {"weights": [round(w, 6) for w in h.weights], "extra": list(h.extra), "bias": h.bias}

        return json.dumps(
            {
                "move_features": list(MOVE_FEATURES),
                "move": {e: head(h) for e, h in self.move.items()},
                "none": {e: head(h) for e, h in self.none.items()},
                "tracking": asdict(self.tracking),
                "none_gate": self.none_gate,
                "trained": dict(self.trained),
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> ConversationModel:
        data = json.loads(text)
        if list(data.get("move_features", [])) != list(MOVE_FEATURES) or "tracking" not in data:
            raise ValueError("a conversation model of other features than this skillrouter's")

        def head(d: Mapping[str, Any]) -> Head:
            return Head(
                tuple(float(w) for w in d["weights"]), tuple(float(w) for w in d["extra"]), float(d["bias"])
            )

        return cls(
            {e: head(h) for e, h in data["move"].items()},
            {e: head(h) for e, h in data["none"].items()},
            _tracking(data["tracking"]),
            float(data["none_gate"]),
            dict(data.get("trained", {})),
        )


def _tracking(data: Mapping[str, Any]) -> Tracking:
    move_from = str(data.get("move_from", Tracking.move_from))
    if move_from not in ("relevance", "p_fit"):
        raise ValueError(f"a conversation model's move_from must be relevance or p_fit, got {move_from!r}")
    numbers = {k: float(v) for k, v in data.items() if k != "move_from"}
    return Tracking(**numbers, move_from=move_from)


MODEL_FILE = "conversation_model.json"


@lru_cache(maxsize=1)
def default_model() -> ConversationModel:
    """The model shipped with skillrouter (``skillrouter/routing/conversation_model.json``)."""
    text = resources.files("skillrouter.routing").joinpath(MODEL_FILE).read_text("utf-8")
    return ConversationModel.from_json(text)


# ---------------------------------------------------------------- the forward pass

Belief = Mapping[str, float]
"""Which skill the conversation is about, as probabilities over skill names (empty: none yet)."""


@dataclass
class Decision:
    """What the forward pass decided at one step: the skill (None: none), the pick's
    probability, the message's no-intent and move probabilities, why, in words, and the
    conversation's belief after it."""

    skill: str | None
    p: float
    none: float
    candidate: Candidate | None = None
    why: str = ""
    moved: float = 0.0
    belief: Belief = field(default_factory=dict)


@dataclass(frozen=True)
class Message:
    """A step's message as the heads read it: its engine, and there the embeddings of the message
    and of the asked view's text (the assistant's turn and the message; the message alone when
    there was no assistant turn), one after the other."""

    engine: str
    vector: np.ndarray


def decide(
    model: ConversationModel,
    step: Step,
    views: Views,
    belief: Belief,
    message: Message | None,
    summary_of: Callable[[str], SkillSummary | None],
) -> Decision:
    """One step of the forward pass (see the module docstring): none when the message needs no
    skill; the message alone when the conversation starts with it; else the belief, updated by
    what the message says (:class:`Tracking`), decides."""
    none_head = model.none.get(message.engine) if message is not None else None
    p_none = none_head.p(message.vector, [float(step.question)]) if none_head and message else 0.0
    first = _first(views.alone)
    if p_none >= model.none_gate:
        why = f"no skill needed: the message reads as closing or declining (p {p_none:.2f})"
        return Decision(None, 0.0, p_none, first, why)
    tracking = model.tracking
    live = {n: p for n, p in belief.items() if _active(n, summary_of)}  # a skill retired mid-way is dropped
    if not live and not (step.earlier or step.asked):
        matched = views.alone.matched
        p = first.p_fit if first is not None else 0.0
        if matched is None:
            return Decision(None, p, p_none, first, views.alone.reason)
        scores = tracking.evidence(views, [c.name for c in views.alone.candidates])
        return Decision(
            matched.name,
            p,
            p_none,
            first,
            f"{matched.name}, as the message alone routes",
            belief=_kept(_softmax(scores, tracking.move_sharpness)),
        )
    listed = [c.name for c in candidates_of(views, None, summary_of)]
    if not live:  # a conversation no skill has served yet: what its views say, gated as routed
        if not listed:
            return Decision(None, 0.0, p_none, None, "no skill fits: no candidate in any view")
        now = _kept(_softmax(tracking.evidence(views, listed), tracking.move_sharpness))
        pick = max(now, key=now.__getitem__)
        if not _passes_in_a_view(views, pick):
            why = f"no skill fits: the conversation's best, {pick}, passes no view's gate"
            return Decision(None, now[pick], p_none, _candidate_named(views, pick, summary_of), why)
        why = f"{pick}, as the conversation so far routes (p {now[pick]:.2f})"
        return Decision(pick, now[pick], p_none, _candidate_named(views, pick, summary_of), why, belief=now)
    previous = max(live, key=live.__getitem__)
    move_head = model.move.get(message.engine) if message is not None else None
    numbers = move_features(step, views, previous)
    p_move = move_head.p(message.vector, numbers) if move_head and message else 0.0
    evidence = tracking.evidence(views, {*listed, *live})
    top = max(evidence.values())
    stay = {n: p * math.exp(tracking.stay_sharpness * (evidence[n] - top)) for n, p in live.items()}
    stay_total = sum(stay.values())
    new = {n: evidence[n] for n in listed if n != previous and _passes_in_a_view(views, n)}
    # nothing new the library serves: the message is a detail of the conversation's request
    m = _sigmoid(_logit(p_move) + tracking.move_offset) if new and p_move > 0 else 0.0
    move = tracking.moves(views, new)
    mixed = {n: (1 - m) * stay.get(n, 0.0) / stay_total + m * move.get(n, 0.0) for n in {*stay, *move}}
    now = _kept(mixed)
    pick = max(now, key=now.__getitem__)
    verb = "stays with" if pick == previous else "turns to" if pick in live else "moves to"
    why = f"{verb} {pick} (p {now[pick]:.2f}; p_move {p_move:.2f})"
    return Decision(pick, now[pick], p_none, _candidate_named(views, pick, summary_of), why, p_move, now)


def _active(name: str, summary_of: Callable[[str], SkillSummary | None]) -> bool:
    summary = summary_of(name)
    return summary is not None and summary.status == "active"


def _candidate_named(
    views: Views, name: str, summary_of: Callable[[str], SkillSummary | None]
) -> Candidate | None:
    """``name``'s candidate in the first view that lists it, or one made from its summary (a
    skill the conversation carries that no view lists)."""
    for route in (views.alone, views.asked, views.joined):
        found = _candidate(route, name)
        if found is not None:
            return found
    summary = summary_of(name)
    return Candidate(summary, 0.0, 0.0, 0.0, "conversation") if summary is not None else None


def _passes_in_a_view(views: Views, name: str) -> bool:
    """Whether the router's own gate passes ``name`` in the alone, asked or joined view."""
    for route in (views.alone, views.asked, views.joined):
        found = _candidate(route, name)
        if found is not None and found.passes_gate:
            return True
    return False


def route_in_conversation(
    router: Router,
    tasks: Sequence[str],
    contexts: Sequence[Context],
    k: int,
    task_type: str | None = None,
    tags: Iterable[str] | None = None,
    *,
    model: ConversationModel | None = None,
) -> list[Route]:
    """Each task routed with its context (see the module docstring): a task whose context holds
    no user turn routes exactly as :meth:`Router.route_many` routes it."""
    if len(contexts) != len(tasks):
        raise ValueError(
            f"contexts must give one context per task: {len(tasks)} tasks, {len(contexts)} contexts"
        )
    model = default_model() if model is None else model
    turns = [turns_of(c, f"contexts[{i}]" if len(tasks) > 1 else "context") for i, c in enumerate(contexts)]
    wanted = list(tags) if tags is not None else None  # once: ``tags`` may be an iterator
    alone = router.route_many(tasks, k=k, task_type=task_type, tags=wanted)
    talking = [i for i, t in enumerate(turns) if any(turn.role == "user" for turn in t)]
    if not talking:
        return alone
    plans = [steps_of(tasks[i], turns[i]) for i in talking]
    flat = [s for plan in plans for s in plan]
    views = views_of(router, flat, k, task_type, wanted)
    messages = messages_of(router, flat)

    @cache  # the belief asks after the same few skills at every step: one read of each per call
    def summary_of(name: str) -> SkillSummary | None:
        return router.store.ledger.summaries([name]).get(name)

    out = list(alone)
    at = 0
    for i, plan in zip(talking, plans):
        part = slice(at, at + len(plan))
        at += len(plan)
        decision = follow(model, plan, views[part], messages[part], summary_of)[-1]
        out[i] = _route_of(alone[i], decision, k, len(plan) - 1)
    return out


def follow(
    model: ConversationModel,
    steps: Sequence[Step],
    views: Sequence[Views],
    messages: Sequence[Message | None],
    summary_of: Callable[[str], SkillSummary | None],
) -> list[Decision]:
    """The forward pass: each step decided with the conversation's belief after the step before
    it (a message that needs no skill ends it)."""
    belief: Belief = {}
    out = []
    for step, view, message in zip(steps, views, messages):
        decision = decide(model, step, view, belief, message, summary_of)
        out.append(decision)
        belief = decision.belief
    return out


def asked_text(step: Step) -> str:
    """The asked view's text: the assistant's turn and the message (the message alone when there
    was no assistant turn)."""
    return f"{step.asked}\n{step.message}" if step.asked else step.message


def messages_of(router: Router, steps: Sequence[Step]) -> list[Message | None]:
    """Each step's message embedded by the engine that reads it, with its asked view's text
    (through the index's embedder: the views' routes embedded both already, and a cache keeps
    them)."""
    out: list[Message | None] = [None] * len(steps)
    for engine in ("default", "multilingual"):
        rows = [i for i, s in enumerate(steps) if router.engine_of(s.message) == engine]
        if not rows:
            continue
        index = router.index if engine == "default" else router.multilingual_index()
        texts = [steps[i].message for i in rows] + [asked_text(steps[i]) for i in rows]
        vectors = embed_queries(index.embedder, texts)
        for at, i in enumerate(rows):
            out[i] = Message(engine, np.concatenate([vectors[at], vectors[len(rows) + at]]))
    return out


def _route_of(alone: Route, decision: Decision, k: int, earlier: int) -> Route:
    """The route a decision gives: the message's own route when it decided what that route
    decided, else one built around the decision."""
    said = f"with the conversation ({earlier} earlier user turn(s))"
    if decision.skill is None:
        if alone.matched is None:
            return alone
        return replace(alone, matched=None, reason=f"{said}: {decision.why}", context_used=True)
    if alone.matched is not None and alone.matched.name == decision.skill:
        return alone
    pick = decision.candidate
    assert pick is not None
    rest = [c for c in alone.candidates if c.name != decision.skill]
    chosen = replace(pick, passes_gate=True)
    return replace(
        alone,
        matched=chosen.skill,
        candidates=(chosen, *rest)[:k],
        reason=f"{said}: {decision.why}",
        context_used=True,
    )
