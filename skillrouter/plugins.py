"""Extensions of one kind, registered in code or installed through an entry-point group.

Import sources (:mod:`skillrouter.transfer.registry`, group ``skillrouter.sources``) and
security analyzers (:mod:`skillrouter.security.analyzers`, group ``skillrouter.analyzers``) grow
the way simonw/llm grows through plugins: a new one is a registration, never another ``elif``.
Both use one :class:`Registry`; it lives here, below both packages (it imports nothing of ours).

- :meth:`Registry.register` adds an extension in code (an application embedding skillrouter, a
  test); one of the same name replaces it.
- The group's entry points are loaded on first use and kept for the life of the process
  (:meth:`Registry.reset` forgets them, and the registrations: for tests). An entry point names
  an extension or a class that takes no arguments; ``pip install`` a package that declares one
  and skillrouter finds it, nothing else to configure.
- A plugin that cannot be loaded, or lacks what its kind needs, is one :class:`Problem` line
  naming it (what the caller does with it is the caller's: an import reports it as an error, a
  scan logs it), never a traceback; the other extensions and the built-ins work without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

__all__ = ["Named", "Plugin", "Problem", "Registry", "one_line"]


class Named(Protocol):
    """What every extension has: a name, for messages."""

    name: str


T = TypeVar("T", bound=Named)


@dataclass(frozen=True)
class Plugin(Generic[T]):
    """One third-party extension and where it came from (for messages)."""

    name: str  # its entry point's name, or its own ``name`` when registered in code
    where: str  # its entry point's ``module:attr``, or "registered in code"
    extension: T

    @property
    def label(self) -> str:
        return f"{self.name!r} ({self.where})"


@dataclass(frozen=True)
class Problem:
    """A plugin that could not be used, in one line: which (``plugin``) and why (``reason``)."""

    plugin: str
    reason: str

    def __str__(self) -> str:
        return f"{self.plugin}: {self.reason}"


def one_line(err: BaseException) -> str:
    """An exception as ``Type: message`` on one line (a plugin's message may span several)."""
    text = " ".join(str(err).split())
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


class Registry(Generic[T]):
    """The third-party extensions of one kind: ``kind`` names it in messages ("import source"),
    ``methods`` are what each must have besides a ``name`` (``("claims", "read")``)."""

    def __init__(self, group: str, kind: str, methods: tuple[str, ...]) -> None:
        self.group = group
        self.kind = kind
        self.methods = methods
        self._registered: list[Plugin[T]] = []
        self._installed: tuple[tuple[Plugin[T], ...], tuple[Problem, ...]] | None = None

    def register(self, extension: T) -> T:
        """Add ``extension`` after those registered before it (replacing one of its name);
        ``TypeError`` if it is not one of this kind."""
        lacks = self._lacks(extension)
        if lacks:
            raise TypeError(f"not {self._a_kind}: {lacks}")
        kept = [p for p in self._registered if p.name != extension.name]
        self._registered = [*kept, Plugin(extension.name, "registered in code", extension)]
        return extension

    def plugins(self) -> tuple[list[Plugin[T]], list[Problem]]:
        """Every usable extension, in the order they are asked (those registered in code, then the
        installed ones by entry-point name), and the installed plugins that could not be used."""
        installed, problems = self._discover()
        return [*self._registered, *installed], list(problems)

    def reset(self) -> None:
        """Forget the registrations and the entry points found (the next use looks again)."""
        self._registered = []
        self._installed = None

    def failure(self, plugin: Plugin[T], err: BaseException | str) -> str:
        """The line for a plugin that raised (or returned nonsense) while in use."""
        why = err if isinstance(err, str) else one_line(err)
        return f"{self.kind} plugin {plugin.label} failed: {why}"

    def _discover(self) -> tuple[tuple[Plugin[T], ...], tuple[Problem, ...]]:
        if self._installed is None:
            from importlib.metadata import entry_points

            found: list[Plugin[T]] = []
            problems: list[Problem] = []
            for point in sorted(entry_points(group=self.group), key=lambda p: (p.name, p.value)):
                plugin = f"{self.kind} plugin {point.name!r} ({point.value})"
                try:
                    loaded = point.load()
                    extension = loaded() if isinstance(loaded, type) else loaded
                except Exception as err:  # noqa: BLE001  third-party code: anything it raises is its own
                    problems.append(Problem(plugin, f"cannot be loaded: {one_line(err)}"))
                    continue
                lacks = self._lacks(extension)
                if lacks:
                    problems.append(Problem(plugin, f"is not {self._a_kind}: {lacks}"))
                    continue
                found.append(Plugin(point.name, point.value, extension))
            self._installed = (tuple(found), tuple(problems))
        return self._installed

    @property
    def _a_kind(self) -> str:
        return f"{'an' if self.kind[0] in 'aeiou' else 'a'} {self.kind}"

    def _lacks(self, extension: object) -> str | None:
        """What ``extension`` lacks to be one of this kind, or None."""
        if not isinstance(getattr(extension, "name", None), str):
            return "it has no name"
        missing = [m for m in self.methods if not callable(getattr(extension, m, None))]
        return f"it has no {', '.join(f'{m}()' for m in missing)}" if missing else None
