"""Herald's rules engines and solver: pure Python, no I/O, no rendering.

Each game exposes the small interface of :mod:`herald.engine.interface`; the
solver, the example runner and the bots work only through it.
"""
