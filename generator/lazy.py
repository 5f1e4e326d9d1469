"""A look module's functions imported when first called (:func:`lazy`), so
that a command which only reads a database loads no rendering code. Looks are
classes now, whose methods import their drawing modules themselves; this stays
for the game packages whose look is still a module of functions
(:class:`herald.generator.looks.ModuleLook`), which import it from
:mod:`.kits`."""
from __future__ import annotations

import importlib


def lazy(package: str, module: str, name: str):
    """A kit function that imports ``package.module`` when first called, so
    that a command which only reads a database loads no rendering code."""
    def call(*args, **kwargs):
        return getattr(importlib.import_module(f"{package}.{module}"), name)(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{module}.{name}``, imported when first called."
    return call
