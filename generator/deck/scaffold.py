"""``herald new deck DIR``: a deck folder a designer edits with no Python, that
builds at once (``herald cards --deck DIR``)."""
from __future__ import annotations

from pathlib import Path

from ..fileio import write_new_folder

LAYOUT = """\
# The layout of every card: see README.md in this folder.
title: My deck
size: poker   # 2.5x3.5 in; or bridge, tarot, mini, jumbo, large, square, euro-poker, "WxH mm"
safe: 3mm                   # keep text this far inside the cut
colors:
  ink: "#2b2118"
  paper: "#f7f1e3"
variations:                 # values that depend on a column: here each suit's colour
  suit:
    sun:  {accent: "#c9962b"}
    moon: {accent: "#4f6d8f"}
layouts:
  card:
    background: "{{ accent }}"
    elements:
      - {type: rect, x: 3mm, y: 3mm, width: 100% - 6mm, height: 100% - 6mm,
         radius: 2mm, fill: paper}
      - {type: text, text: "{{ name }}", font: title-bold, size: 13, min_size: 8,
         color: ink, x: 5mm, y: 5mm, width: 100% - 20mm, height: 10mm, valign: middle}
      - {type: text, text: "{{ cost }} :star:", font: serif-bold, size: 12, color: ink,
         x: 100% - 17mm, y: 5mm, width: 12mm, height: 10mm, align: right, valign: middle}
      - {type: ellipse, x: 50% - 15mm, y: 18mm, width: 30mm, height: 30mm,
         fill: "{{ accent }}"}
      - {type: line, x: 8mm, y: 52mm, x2: 100% - 8mm, y2: 52mm, stroke: ink}
      - {type: text, text: "{{ text }}", size: 10, min_size: 7, color: ink,
         x: 6mm, y: 55mm, width: 100% - 12mm, height: 28mm}
back:
  background: "#2b2118"
  elements:
    - {type: polygon, sides: 5, star: true, x: 50% - 15mm, y: 50% - 15mm,
       width: 30mm, height: 30mm, fill: "#c9962b"}
"""

CARDS = """\
name,suit,cost,count,text
Dawn,sun,1,3,"Draw a card. **Bright:** draw two instead."
Noon,sun,2,2,"Gain 2 :star:."
Dusk,moon,1,3,"*Quiet.* Look at the top card of the deck."
Midnight,moon,3,1,"Every other player discards a card."
"""

STAR = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <path d="M50 4 L62 38 L98 38 L69 60 L80 95 L50 74 L20 95 L31 60 L2 38 L38 38 Z"
        fill="#c9962b" stroke="#7a5a14" stroke-width="4" stroke-linejoin="round"/>
</svg>
"""

README = """\
# My deck

Built by Herald: `herald cards --deck {folder}` writes the print-and-play
sheets, the print-shop file, a PNG of each card and Tabletop Simulator decks
into `output/`; add `--watch` to rebuild each time you save, `--printer
thegamecrafter` (or makeplayingcards, printerstudio, drivethrucards) for the
files a print-on-demand service takes.

- `cards.csv`: one row per kind of card; `count` is how many copies. Save it
  from any spreadsheet as CSV (UTF-8), or keep `cards.xlsx` instead (one card
  list: delete the other). A column per language (`text_en`, `text_fr`)
  makes a localized deck: `--lang fr`.
- `layout.yaml`: the card's size and the boxes drawn on each card, in order.
  `{{{{ name }}}}` is the card's `name` column; `**bold**`, `*italic*`,
  `\\*` for a star, and `:star:` draws `icons/star.svg` in the text.
  Several layouts (a `layout` column picks one per card), `extends:` to
  reuse a layout or a whole file (`change:` and `remove:` an inherited
  element by its `id`), a `back:` per layout; `export:` for images of the
  cards at any resolution with rounded corners, a fanned hand, and the
  home sheets' grid and gaps.
- `icons/`: pictures for the text (SVG, PNG, JPEG or WebP); `art/` for
  anything else; `fonts/` for TrueType or OpenType files a layout names
  (`fonts: {{story: fonts/Story.ttf}}`). Only files inside this folder are read.
"""


def new_deck(folder: Path) -> list[Path]:
    """Write the starter deck into ``folder`` (new or empty), all or nothing."""
    folder = Path(folder)
    files = {"layout.yaml": LAYOUT, "cards.csv": CARDS, "icons/star.svg": STAR,
             "README.md": README.format(folder=folder)}
    return write_new_folder(folder, files, folders=("art",))
