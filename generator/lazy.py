"""A look's functions imported when first called (:func:`lazy`), so that a
command which only reads a database loads no rendering code. A module of its
own, below the looks and :mod:`.kits` (which finds them), so that neither
imports the other to use it."""
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
