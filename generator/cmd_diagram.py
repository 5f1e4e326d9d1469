"""``herald diagram``: one position of a worked example drawn as its game's
diagram (SVG, PNG or PDF), for the rules booklet or a web page."""
from __future__ import annotations

import io
import tempfile
from pathlib import Path

import click

from .database import database_path, load_database
from .errors import InputError
from .examples import find_example, run
from .fileio import check_target, write_atomic
from .kits import kit
from .terminal import echo

FORMATS = ("svg", "png", "pdf")
DEFAULT_DPI = 150


def render_diagram(example, step: int | None, fmt: str, lang: str, dpi: int = DEFAULT_DPI,
                   db=None, outcome=None) -> bytes:
    """The diagram of ``example`` after ``step`` decisions (None: the last) as
    bytes; ``outcome`` is the example's replay when already at hand."""
    from .render.fonts import register_fonts

    if fmt not in FORMATS:
        raise InputError(f"--format: unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    look = kit(example.spec["game"])      # every look draws positions (Look.step_view)
    db = db or load_database(database_path(example.spec["game"]))
    if lang not in db.locales:
        raise InputError(f"--lang: unknown locale {lang!r} (known: {', '.join(db.locales)})")
    if outcome is None:
        outcome = run(example)
    n = len(outcome.steps)
    if step is None:
        step = n
    if not 0 <= step <= n:
        raise InputError(f"--step: {step} is out of range: {example.id} has steps 0 to {n}")
    state, notes = look.step_view(example, outcome, step)
    register_fonts()
    width, height = look.diagram_size(state, notes, db, lang)
    title = f"{example.title(lang)} ({step}/{n})"
    if fmt == "svg":
        from .render.svgcanvas import SVGCanvas
        canvas = SVGCanvas(width, height, title=title)
        look.draw_diagram(canvas, state, db, lang, notes, 0, 0, width)
        return canvas.getvalue().encode("utf-8")
    pdf = _pdf(look, state, db, lang, notes, width, height, title)
    if fmt == "pdf":
        return pdf
    from .render.raster import png_bytes, render_pages
    with tempfile.TemporaryDirectory(prefix="herald-diagram-") as tmp:
        path = Path(tmp) / "diagram.pdf"
        path.write_bytes(pdf)
        image = render_pages(path, [0], dpi=dpi)[0]
    return png_bytes(image)


def _pdf(look, state, db, lang, notes, width, height, title) -> bytes:
    from .render.dates import DatedCanvas
    from .render.fonts import register_fonts
    buf = io.BytesIO()
    # the canvas's initial font goes into the page's resources: an embedded
    # one, not reportlab's default Helvetica (which no PDF of Herald embeds)
    c = DatedCanvas(buf, pagesize=(width, height), pageCompression=1, lang=lang,
                    initialFontName=register_fonts().regular)
    c.setTitle(title)
    c.setCreator("herald")
    c.setFillColorRGB(1, 1, 1)
    c.rect(0, 0, width, height, stroke=0, fill=1)
    look.draw_diagram(c, state, db, lang, notes, 0, 0, width)
    c.showPage()
    c.save()
    return buf.getvalue()


@click.command()
@click.argument("example", metavar="EXAMPLE")
@click.option("--step", type=int, default=None, metavar="N",
              help="Draw the position after N decisions of the example (0: the starting "
              "position); the arrows and marks show what decision N did. Default: the "
              "last step.")
@click.option("--format", "fmt", default=None, metavar="svg|png|pdf",
              help="Output format; the --out extension (.svg, .png, .pdf) chooses it, "
              "and a different --format is an error. PNG is the PDF rasterized.")
@click.option("--lang", default="en", show_default=True, metavar="LOCALE",
              help="Language of the card and player names: one of the database's locales.")
@click.option("--dpi", type=int, default=DEFAULT_DPI, show_default=True, metavar="DPI",
              help="Resolution of a PNG.")
@click.option("--out", "out", type=click.Path(dir_okay=False), required=True,
              metavar="FILE", help="The file to write (written atomically).")
def diagram(example, step, fmt, lang, dpi, out):
    """Draw a position of a worked example as a diagram.

    EXAMPLE is an example file or the id of a built-in example, like
    resolution-example; GAME:ID (lenormand:three-players) names the game
    when two games have an example of that id. The diagram is the one the
    rules booklet prints, drawn by the example's game: the cards on the
    table, each player's score and what the step changed.
    """
    out_path = Path(out)
    if fmt is not None:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise InputError(f"--format: unknown format {fmt!r} (known: "
                             f"{', '.join(FORMATS)})")
    # The file's extension says what it holds: PNG bytes in x.svg would open as
    # a broken picture, so a disagreement is refused rather than written.
    ext = out_path.suffix.lower().lstrip(".")
    if ext not in FORMATS:
        raise InputError(f"--out: {out!r} must end in " + ", ".join(f".{f}" for f in FORMATS)
                         + " (the extension chooses the format)")
    if fmt is not None and fmt != ext:
        raise InputError(f"--format {fmt}: {out!r} is named as {ext.upper()}; name it "
                         f"*.{fmt} or leave --format out")
    fmt = ext
    if dpi < 10 or dpi > 1200:
        raise InputError(f"--dpi: between 10 and 1200, not {dpi}")
    check_target(out_path, "--out")      # before the drawing: a link or a device is refused
    data = render_diagram(find_example(example), step, fmt, lang, dpi)
    write_atomic(out_path, data)
    echo(f"wrote {out}")
