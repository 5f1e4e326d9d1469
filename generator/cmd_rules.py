"""``herald rules``: the rules booklet, the compendium of worked examples and
the quick reference."""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import click

from .database import database_path, load_database
from .filecache import snapshot
from .options import choose, resolve_games, resolve_locales
from .paths import DEFAULT_OUTPUT, display
from .render.geometry import PAPERS
from .terminal import echo


def build_rules(game: str, locale: str, *, paper: str, out: Path, booklet: bool = False,
                examples=None, allow_unverified: bool = False) -> list[Path]:
    """Write the rules booklet (and its booklet imposition), the compendium of
    every worked example and the quick reference of ``game`` in ``locale``;
    return the files written."""
    from .documents import rules_text
    from .kits import kit
    from .render.booklet_imposition import half_size, impose_saddle_stitch
    from .verified import verify_examples
    db = load_database(database_path(game))
    look = kit(game)
    if examples is None:
        examples = verify_examples(game, allow_unverified)
    folder = Path(out) / game / locale
    text = rules_text(game, locale)
    rules = folder / f"{game}-rules-{paper}.pdf"
    write_document(rules, look, db, locale, PAPERS[paper], 0.95, examples, "rules")
    written = [rules]
    if booklet:
        # A5 (or half-letter) pages, imposed two per landscape sheet for folding.
        with tempfile.TemporaryDirectory() as tmp:
            half = Path(tmp) / "half.pdf"
            pages = write_document(half, look, db, locale, half_size(paper), 0.86, examples,
                                   "rules")
            target = folder / f"{game}-rules-{paper}-booklet.pdf"
            impose_saddle_stitch(half, target, PAPERS[paper],
                                 _printing_instructions(text, locale, pages))
        written.append(target)
    compendium = folder / f"{game}-examples-{paper}.pdf"
    write_document(compendium, look, db, locale, PAPERS[paper], 1.0, examples, "examples")
    written.append(compendium)
    reference = folder / f"{game}-reference-{paper}.pdf"
    look.write_reference(reference, db, locale, paper, text)
    written.append(reference)
    # a game with other boxes may give each its own quick reference
    more = look.write_more_references
    if more is not None:
        written += more(folder, db, locale, paper, text)
    # the card checklist a player ticks once the cards are cut out
    checklist = look.checklist
    if checklist is not None:
        from .render.checklist import write_checklist
        words, groups = checklist(db, locale)
        path = folder / f"{game}-checklist-{paper}.pdf"
        write_checklist(path, words, groups, paper, locale, db.name[locale])
        written.append(path)
    return written


def write_document(path: Path, look, db, locale: str, pagesize, scale: float, examples,
                   document: str = "rules") -> int:
    """Write ``document`` of ``db``'s game ("rules": the rules booklet or
    sheet; "examples": the compendium) to ``path``; return its page count.
    The rules text, the document's tree, where the examples print and what
    the cover lists are read here (:mod:`.documents`): render/ lays out what
    it is given."""
    from .documents import document_xml, sources
    from .render.booklet import write_booklet
    given = sources(look, db, locale, examples)
    return write_booklet(path, look, db, locale, pagesize, scale, examples, document,
                         sources=given, root=document_xml(document, db.game, locale, given.text))


def build_web(game: str, locale: str, *, out: Path, examples=None,
              allow_unverified: bool = False) -> list[Path]:
    """Write the web edition of ``game`` in ``locale`` (OUT/<game>/<locale>/web/:
    the rules, the worked examples and the cards as HTML pages that open from
    file://); return its files."""
    from .documents import document_xml, ready_locales, sources
    from .kits import kit
    from .render.web import DOCUMENTS, write_edition
    from .verified import verify_examples
    if examples is None:
        examples = verify_examples(game, allow_unverified)
    db = load_database(database_path(game))
    look = kit(game)
    locales = ready_locales(db)
    given = sources(look, db, locale, examples)
    trees = {name: document_xml(name, game, locale, given.text) for name in DOCUMENTS}
    return write_edition(look, db, locale, Path(out), examples,
                         locales if locale in locales else [*locales, locale],
                         sources=given, trees=trees)


def _printing_instructions(rules: dict, locale: str, pages: int):
    """The imposed booklet's first sheet (``rules``: the rules text): title,
    lines, and the fonts to set them."""
    from .render.fonts import register_fonts
    from .render.text import typography
    text = rules.get("booklet_printing")
    if not text:
        return None
    fonts = register_fonts()
    sheets = -(-pages // 4)
    return (typography(text["title"], locale),
            [typography(line.format(sheets=sheets), locale) for line in text["lines"]],
            fonts.regular, fonts.bold)


@click.command()
@click.argument("game", required=False)
@click.option("--lang", default="all", show_default=True,
              help="Locale (fr, en…) or 'all' for every complete locale.")
@click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter.")
@click.option("--booklet", is_flag=True,
              help="Also impose the rules as half-size pages, two per landscape sheet "
                   "in saddle-stitch order, for folding into a booklet.")
@click.option("--allow-unverified", is_flag=True,
              help="Build even if a worked example fails verification; the example is "
                   "stamped with a visible warning.")
@click.option("--format", "fmt", default="pdf", show_default=True, metavar="pdf|html",
              help="pdf: the booklets and quick reference to print; html: the web "
                   "edition (the rules, the worked examples and the cards as pages "
                   "that open in a browser, offline), in OUT/<game>/<locale>/web/.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT, show_default=True, help="Destination folder.")
@snapshot()     # the documents are made from one version of each file, as herald build's
def rules(game, lang, paper, booklet, allow_unverified, fmt, out):
    """Rules of GAME (default: every game), for every locale.

    Writes in OUT/<game>/<locale>/: <game>-rules-<paper>.pdf (the rules
    booklet to print, at most 20 pages: the rules, the cards one by one, the
    worked examples that teach best beside their rule, the rulings table),
    <game>-examples-<paper>.pdf (the compendium: every worked example, a
    chapter per rule), <game>-reference-<paper>.pdf (a one-page quick
    reference; a game with other boxes adds one per box, e.g.
    oriflamme-alliance-reference-<paper>.pdf) and
    <game>-checklist-<paper>.pdf (every card with a box to tick once cut
    out). Each example is verified by the engine first, and drawn and
    narrated from it: one that fails stops the build (exit 1) unless
    --allow-unverified.
    """
    from .verified import BuildBlocked, verify_examples
    paper = choose("--paper", paper, PAPERS)
    fmt = choose("--format", fmt, ("pdf", "html"))
    start = time.perf_counter()
    for game_name in resolve_games(game):
        try:
            examples = verify_examples(game_name, allow_unverified)
        except BuildBlocked as e:
            echo(f"herald: {e}", err=True)
            sys.exit(1)
        for locale in resolve_locales(game_name, lang):
            if fmt == "html":
                folder = build_web(game_name, locale, out=out, examples=examples)[0].parent
                size = sum(p.stat().st_size for p in folder.iterdir())
                echo(f"{display(folder / 'index.html'):<58} {size / 1024:>8,.0f} KiB")
                continue
            for path in build_rules(game_name, locale, paper=paper, out=out, booklet=booklet,
                                    examples=examples):
                echo(f"{display(path):<58} {path.stat().st_size / 1024:>8,.0f} KiB")
    echo(f"built in {time.perf_counter() - start:.2f} s")
    return 0
