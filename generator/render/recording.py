"""Recorded drawings: draw once, replay on any canvas.

A coat of arms or a card back is the same vector art on every card and in
every document of a build; computing its geometry and formatting its paths is
most of its cost. ``record(draw, ...)`` runs a drawing function against a
stand-in canvas that keeps the calls (and the finished path objects) instead
of drawing; replaying them on a real canvas gives the same PDF operators.

Recordings are replayed into form XObjects (one per card drawing), and
reportlab gives a form only its colour spaces, graphics states and XObjects
as resources, never its shadings: a gradient there would reference a
``/Sh0`` the file does not define. The recorder refuses shading calls, so
such a drawing fails where it is written rather than in a viewer; draw a
gradient as flat steps instead.
"""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.pathobject import PDFPathObject


class _Recorder:
    """Stands in for a reportlab canvas: keeps every drawing call in order.
    Its paths are reportlab's, or those of ``path`` (the kind of canvas the
    recording is for: an SVG canvas's paths write SVG)."""

    def __init__(self, path=PDFPathObject):
        self.ops: list = []
        self._path = path

    def beginPath(self):
        return self._path()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a recorded drawing cannot use PDF shadings (linearGradient, "
                        "radialGradient, shade): forms replaying it would reference an "
                        "undefined shading; draw the gradient as flat steps")

    linearGradient = radialGradient = shade = _refuse

    def __getattr__(self, name):
        def call(*args, **kwargs):
            self.ops.append((name, args, kwargs))
        return call


class Recording:
    def __init__(self, ops):
        self.ops = tuple(ops)

    def replay(self, canvas) -> None:
        for name, args, kwargs in self.ops:
            getattr(canvas, name)(*args, **kwargs)


def record(draw, *args, path=PDFPathObject) -> Recording:
    """What ``draw(canvas, *args)`` does, kept for replay (its paths made by
    ``path``)."""
    recorder = _Recorder(path)
    draw(recorder, *args)
    return Recording(recorder.ops)


def cached(draw):
    """``draw(canvas, *args)`` recorded once per distinct ``args`` (hashable)
    and replayed after that; the drawing must depend only on its arguments."""
    @lru_cache(maxsize=256)
    def recording(*args):
        return record(draw, *args)

    def replay(canvas, *args):
        if getattr(canvas, "shares_drawings", False) is True:
            # a web page's drawings (SVGCanvas with shared definitions): the
            # drawing is defined once for the page and placed where it recurs
            # ("is True": a recorder answers every attribute with a callable)
            key = (replay, args)
            if not canvas.hasForm(key):
                canvas.beginForm(key)
                recording(*args).replay(canvas)
                canvas.endForm()
            canvas.doForm(key)
            return
        recording(*args).replay(canvas)
    replay.__doc__ = draw.__doc__
    replay.__name__ = getattr(draw, "__name__", "cached_drawing")
    return replay


def replayed(draw):
    """``draw(canvas, *args)`` recorded once per distinct ``args`` (hashable)
    and kind of canvas, then replayed call for call: the canvas writes the
    same bytes as when the drawing is computed afresh, only the geometry is
    not computed again (unlike :func:`cached`, which makes a page that shares
    drawings place a form). The drawing must depend only on its arguments,
    never ask the canvas anything (a recorder answers nothing), and should
    draw around its own ``saveState``/``restoreState``."""
    recordings: dict = {}

    def replay(canvas, *args):
        kind = type(canvas)
        if kind is _Recorder:           # inside another recording: keep the calls
            draw(canvas, *args)
            return
        key = (kind, args)
        recording = recordings.get(key)
        if recording is None:
            if len(recordings) >= _MAX_RECORDINGS:
                recordings.clear()
            recording = recordings[key] = record(draw, *args, path=canvas.beginPath)
        recording.replay(canvas)
    replay.__doc__ = draw.__doc__
    replay.__name__ = getattr(draw, "__name__", "replayed_drawing")
    return replay


_MAX_RECORDINGS = 512       # per drawing: a bound on memory, far above a build's needs
