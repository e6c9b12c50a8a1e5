"""Plugin registry for the notes indexer."""
import importlib
import pkgutil

REGISTRY = {}


def plugin(name, order=50):
    def wrap(fn):
        REGISTRY[name] = (order, fn)
        return fn
    return wrap


def load_all():
    for mod in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{mod.name}")
    return [fn for _, fn in sorted(REGISTRY.values(), key=lambda t: t[0])]
