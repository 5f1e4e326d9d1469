"""``herald cards``: the print-and-play deck of a game."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import click

from .decks import build_deck, deck_options
from .errors import InputError
from .kits import kit
from .options import choose, parse_bleed, parse_offset, resolve_games, resolve_locales
from .paths import DEFAULT_OUTPUT, display
from .render.deck import BACKS
from .render.geometry import PAPERS
from .render.imposition import bleed_figures
from .staging import clear_leftovers, new_staging, public, publish
from .terminal import echo

_PAPER_WORDS = {"a4": "A4", "letter": "Letter"}


class DeckOption(click.Option):
    """A deck option of some games (``--size``): its help ends with the decks
    that take it and the values each takes, read from the kits'
    ``CARD_OPTIONS`` when the help is shown, so that the command names no
    game and a new game's options need no edit here."""

    def __init__(self, *args, deck_option: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.deck_option = deck_option
        self.generic_help = self.help

    def get_help_record(self, ctx):
        self.help = f"{self.generic_help} {self.takers()}"
        return super().get_help_record(ctx)

    def takers(self) -> str:
        """"For the <game> deck: <the values it takes>", from the kits."""
        parts = []
        for game in resolve_games(None):
            takes = kit(game).CARD_OPTIONS
            if self.deck_option in takes:
                values = takes[self.deck_option] if isinstance(takes, dict) else ""
                parts.append(f"the {game} deck" + (f": {values}" if values else ""))
        return f"For {'; '.join(parts)}." if parts else "No built-in deck takes it."


@click.command()
@click.argument("game", required=False)
@click.option("--lang", default="all", show_default=True,
              help="Locale to print (fr, en…) or 'all' for every complete locale.")
@click.option("--paper", default="a4", show_default=True,
              help="Home-printer paper: a4 or letter.")
@click.option("--backs", default="duplex-long", show_default=True,
              help="Back pages: duplex-long (flip on the long edge), duplex-short "
                   "(flip on the short edge), fold (fronts and backs on one side, "
                   "folded) or none.")
@click.option("--bleed", default="3", show_default=True, metavar="MM",
              help="Bleed around each card on the home sheets, 2 to 10 mm; reduced "
                   "to what the paper allows for tarot-size cards ("
                   + ", ".join(f"{_PAPER_WORDS[k]}: {v:.1f} mm" for k, v in bleed_figures().items())
                   + ").")
@click.option("--cut-lines", is_flag=True,
              help="Also draw every cut line through the gutters between the cards on "
                   "the home sheets, for cutting with scissors.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Shift of the back pages in mm, as read on the calibration sheet.")
@click.option("--color", default="rgb", show_default=True,
              type=click.Choice(["rgb", "cmyk"]),
              help="Colours of the print-shop file: rgb, or cmyk (PDF/X-1a:2003 for "
                   "coated paper, FOGRA39; body text on the black plate alone).")
@click.option("--ink", cls=DeckOption, deck_option="ink", default="full",
              show_default=True, type=click.Choice(["full", "saver"]),
              help="full colour, or saver: white borders and backs with no colour flood.")
@click.option("--plain", cls=DeckOption, deck_option="plain", is_flag=True,
              help="Leave out the marks and player aids the game adds: an ordinary deck "
                   "for other uses.")
@click.option("--size", cls=DeckOption, deck_option="size", default=None, metavar="NAME",
              help="Card size, for decks printed at more than one.")
@click.option("--cards", "card_set", cls=DeckOption, deck_option="cards", default=None,
              metavar="SET",
              help="The cards to print, for decks with several boxes; the deck goes to "
                   "OUT/<game>/<locale>/<game>-<SET>/.")
@click.option("--deck", "deck_dir", type=click.Path(path_type=Path), default=None,
              metavar="DIR",
              help="A deck folder of your own (a card list, layout.yaml and its art; "
                   "'herald new deck DIR' makes one) instead of a built-in game.")
@click.option("--printer", default=None, metavar="SERVICE",
              help="The files a print-on-demand service takes instead of the "
                   "home kit: thegamecrafter, makeplayingcards, printerstudio or "
                   "drivethrucards (or tgc, mpc, ps, dtc).")
@click.option("--watch", is_flag=True,
              help="With --deck: build again each time a file of the folder is saved "
                   "(the PDFs; the images on a build without --watch).")
@click.option("--decrees", cls=DeckOption, deck_option="decrees", default=None,
              metavar="SET", help="The set of decrees to print, for decks with several; "
                                  "the deck goes to OUT/<game>/<locale>/<game>-<SET>/.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT, show_default=True, help="Destination folder.")
def cards(game, lang, paper, backs, bleed, cut_lines, back_offset, color, ink, plain, size,
          card_set, decrees, deck_dir, printer, watch, out):
    """Print-and-play deck of GAME (default: every game).

    Writes, per locale, into OUT/<game>/<locale>/: the cards on home-printer
    sheets with crop marks and back pages, a duplex calibration sheet, a
    print-shop file (one card per page, 3 mm bleed, TrimBox and BleedBox set),
    for a game with tokens a print-shop file of its tokens and tiles at their
    real size, every card as a 300 dpi PNG and a Tabletop Simulator deck.
    """
    paper = choose("--paper", paper, PAPERS)
    backs = choose("--backs", backs, BACKS)
    bleed_mm = parse_bleed(bleed)
    offset = parse_offset(back_offset)
    if deck_dir is not None:
        from .deck.build import Options
        from .deck.command import deck_cards, refuse_game_options
        refuse_game_options(game, plain=plain, size=size, cards=card_set)
        return deck_cards(deck_dir, lang=lang, out=out, printer=printer, watch=watch,
                          report=_report,
                          options=Options(paper=paper, backs=backs, bleed_mm=bleed_mm,
                                          back_offset_mm=offset, color=color,
                                          ink_saver=ink == "saver", cut_lines=cut_lines))
    if watch:
        raise InputError("--watch: only with --deck DIR (a deck folder of your own)")
    # the games' own options
    options = {**({"plain": True} if plain else {}), **({"size": size} if size else {}),
               **({"cards": card_set} if card_set else {}),
               **({"decrees": decrees} if decrees else {}),
               **({} if ink == "full" else {"ink": ink})}
    games = resolve_games(game)
    # every value checked for every deck before the first is written: bad
    # input leaves no deck behind
    shares = deck_options(games, options, named=game is not None)
    locales = {game_name: resolve_locales(game_name, lang) for game_name in games}
    start = time.perf_counter()
    if printer is not None:          # the service's files instead of the home kit
        from .deck.command import warn
        from .deck.game_printer import build_games
        from .deck.presets import preset
        plans = [(g, loc, shares[g]) for g in games for loc in locales[g]]
        _report(build_games(plans, preset(printer), out, named=game is not None, warn=warn),
                time.perf_counter() - start)
        return 0
    rows = []
    # Every deck is written beside OUT first and moved in once all are
    # complete: a full disk or a Ctrl-C leaves OUT as it was.
    clear_leftovers(out)
    staging = new_staging(out)
    try:
        for game_name in games:
            for locale in locales[game_name]:
                for path in build_deck(game_name, locale, paper=paper, backs=backs,
                                       bleed_mm=bleed_mm, back_offset_mm=offset, out=staging,
                                       color=color, options=shares[game_name],
                                       cut_lines=cut_lines):
                    rows.append(out / path.relative_to(staging))
        publish(staging, out)
    except InputError as e:
        raise InputError(public(str(e), staging, out)) from None
    except OSError as e:
        if e.filename is None:
            raise
        raise InputError(f"{public(os.fsdecode(e.filename), staging, out)}: cannot write "
                         f"there: {e.strerror or e}; nothing was written") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _report(rows, time.perf_counter() - start)
    return 0


def _report(paths, seconds):
    pdfs = [p for p in paths if p.suffix == ".pdf"]
    images = [p for p in paths if p.suffix == ".png"]
    for p in pdfs:
        echo(f"{display(p):<58} {p.stat().st_size / 1024:>8,.0f} KiB")
    if images:
        folders = sorted({display(p.parent) for p in images})
        size = sum(p.stat().st_size for p in images)
        echo(f"{len(images)} PNG images in {', '.join(folders)} "
             f"({size / 1024 / 1024:,.1f} MiB)")
    echo(f"built in {seconds:.2f} s")
