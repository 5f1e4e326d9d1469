"""Print-on-demand presets: each service's card sizes, bleed, safe zone,
resolution and the files it takes, from its published specifications.

Sources (as read in November 2026; the services change their templates, so
each number is kept beside the page it comes from):

* The Game Crafter: one PNG per card face at 300 dpi with 1/8 inch of bleed
  on every side, poker cards 825 x 1125 pixels, safe zone 1/8 inch inside
  the trim; its product pages link the templates
  (https://www.thegamecrafter.com/make/products/PokerDeck, and the sizes of
  the other decks on their own pages: the mini deck 600 x 825 pixels, a
  1.75 x 2.5 inch card, https://www.thegamecrafter.com/make/products/MiniDeck).
  The same figures are quoted in
  https://github.com/sffc/card-creatr-studio/issues/86 (825x1125, 1/8 inch
  of bleed) and https://docs.dextrous.com.au/p/PbwvHTPaG6MJFJ/Bleed .
* MakePlayingCards: one image per card face at 300 dpi, the trim plus 36
  pixels (0.12 inch) on every side, poker 822 x 1122 pixels
  (https://www.makeplayingcards.com/design/custom-blank-card.html). Its
  "jumbo" card is 3.5 x 5.75 inches, a quarter inch longer than The Game
  Crafter's 3.5 x 5.5 jumbo: Herald calls it "large" (one size, one name),
  and the jumbo size goes to The Game Crafter only. PrinterStudio's
  "large size" page, below, sells the same 3.5 x 5.75 inch card, as read
  in https://github.com/mephitrpg/rpg-cards/issues/25 (a user asking for
  "3.5 x 5.75 in in order to print through" that very page).
* PrinterStudio (the same maker's service for the general public): the same
  image sizes and bleed as MakePlayingCards
  (https://www.printerstudio.com/personalized/blank_cards_custom_imprint_playing_cards_large_size.html).
* DriveThruCards (OneBookShelf): one print-ready PDF, PDF/X-1a:2003, each
  page a card with 1/8 inch of bleed on every side (a poker card's page
  2.75 x 3.75 inches), no text closer than 1/8 inch to the trim
  (https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions),
  each card's front followed by its back.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import inch, mm

from ..errors import InputError
from . import units


@dataclass(frozen=True)
class Preset:
    name: str               # --printer value
    title: str              # for people
    sizes: tuple[str, ...]  # units.SIZES names the service sells
    bleed: float            # points, on every side
    safe: float             # points inside the trim
    dpi: int
    files: str              # "png": one image per card face; "pdf": one PDF/X-1a file
    sources: tuple[str, ...]

    def size_name(self, size: tuple[float, float]) -> str | None:
        for name in self.sizes:
            w, h = units.SIZES[name]
            if abs(w - size[0]) < 0.3 * mm and abs(h - size[1]) < 0.3 * mm:
                return name
        return None


PRESETS: dict[str, Preset] = {p.name: p for p in (
    Preset("thegamecrafter", "The Game Crafter", ("poker", "bridge", "tarot", "mini", "jumbo",
                                                  "square"),
           bleed=inch / 8, safe=inch / 8, dpi=300, files="png",
           sources=("https://www.thegamecrafter.com/make/products/PokerDeck",
                    "https://www.thegamecrafter.com/make/products/MiniDeck",
                    "https://github.com/sffc/card-creatr-studio/issues/86")),
    Preset("makeplayingcards", "MakePlayingCards", ("poker", "bridge", "tarot", "mini",
                                                    "large", "square"),
           bleed=0.12 * inch, safe=0.12 * inch, dpi=300, files="png",
           sources=("https://www.makeplayingcards.com/design/custom-blank-card.html",
                    "https://github.com/mephitrpg/rpg-cards/issues/25")),
    Preset("printerstudio", "PrinterStudio", ("poker", "bridge", "tarot", "mini", "large"),
           bleed=0.12 * inch, safe=0.12 * inch, dpi=300, files="png",
           sources=("https://www.printerstudio.com/personalized/"
                    "blank_cards_custom_imprint_playing_cards_large_size.html",
                    "https://github.com/mephitrpg/rpg-cards/issues/25")),
    Preset("drivethrucards", "DriveThruCards", ("poker", "bridge", "tarot", "mini", "square"),
           bleed=inch / 8, safe=inch / 8, dpi=300, files="pdf",
           sources=("https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/"
                    "227867607-Common-Card-Prep-Issues-Solutions",)),
)}


# the names the services go by among designers
SHORT_NAMES = {"tgc": "thegamecrafter", "mpc": "makeplayingcards", "ps": "printerstudio",
               "dtc": "drivethrucards", "drivethru": "drivethrucards"}


def preset(name: str) -> Preset:
    key = name.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    key = SHORT_NAMES.get(key, key)
    if key not in PRESETS:
        raise InputError(f"--printer: unknown service {name!r}; choose one of: "
                         f"{', '.join(PRESETS)} (or tgc, mpc, ps, dtc)")
    return PRESETS[key]


def check_size(p: Preset, size: tuple[float, float], where: str) -> str:
    """The service's name for the deck's card size; a size it does not sell is
    refused with the sizes it does."""
    name = p.size_name(size)
    if name is None:
        offered = ", ".join(f"{n} ({units.SIZES[n][0] / inch:g}x{units.SIZES[n][1] / inch:g} in)"
                            for n in p.sizes)
        raise InputError(f"{where}: size: {p.title} does not print "
                         f"{units.size_words(size)} cards; it offers {offered}")
    return name


def write_files(p: Preset, cards, folder: Path, stem: str, title: str, locale: str,
                reuse=None) -> list[Path]:
    """The files to upload to the service, into ``folder``: its PDF, or one PNG
    per distinct face (fronts numbered in deck order, each back once) and a
    list of the copies of each (``upload.txt``)."""
    from ..fileio import write_atomic
    from ..render.imposition import write_printshop
    from ..render.raster import iter_pages, png_bytes
    if p.files == "pdf":
        path = folder / f"{stem}-{p.name}.pdf"
        write_printshop(path, cards, title=title, lang=locale, color="cmyk", bleed=p.bleed,
                        interleave=True)
        return [path]
    pdf = folder / f"{stem}-{p.name}-proof.pdf"
    write_printshop(pdf, cards, title=title, lang=locale, bleed=p.bleed)
    fronts = list(dict.fromkeys(c.key for c in cards))
    backs = list(dict.fromkeys(c.back_key for c in cards))
    first: dict[str, int] = {}
    for page, key in enumerate([c.key for c in cards] + [c.back_key for c in cards]):
        first.setdefault(key, page)
    names = {key: f"front-{i:03d}-{key}.png" for i, key in enumerate(fronts, 1)}
    names.update({key: f"{key}.png" for key in backs})
    todo = [k for k in first if reuse is None or not reuse(k, folder / names[k])]
    written = [pdf]
    for key, image in zip(todo, iter_pages(pdf, [first[k] for k in todo], dpi=p.dpi)):
        write_atomic(folder / names[key], png_bytes(image, dpi=p.dpi))
    written += [folder / names[k] for k in first]
    copies: dict[str, int] = {}
    for c in cards:
        copies[c.key] = copies.get(c.key, 0) + 1
    w, h = cards[0].width + 2 * p.bleed, cards[0].height + 2 * p.bleed
    lines = [f"{title}: {len(cards)} cards for {p.title}",
             f"Each image: {round(w / 72 * p.dpi)} x {round(h / 72 * p.dpi)} pixels at "
             f"{p.dpi} dpi, {p.bleed / mm:.2f} mm of bleed on every side; keep text "
             f"{p.safe / mm:.2f} mm inside the trim.",
             "Specifications: " + " ".join(p.sources), "",
             "copies  front  back"]
    back_of = {c.key: c.back_key for c in cards}
    lines += [f"{copies[k]:>6}  {names[k]}  {names[back_of[k]]}" for k in fronts]
    listing = folder / "upload.txt"
    write_atomic(listing, "\n".join(lines) + "\n")
    return written + [listing]
