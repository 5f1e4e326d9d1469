"""Fixed dimensions of the printed deck (reportlab points; 1 mm = 72/25.4 pt)."""
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

CARD_W = 61 * mm              # French tarot size, at trim
CARD_H = 112 * mm
SAFE = 3 * mm                 # no text or key art closer than this to the trim
PRINTSHOP_BLEED = 3 * mm      # print shops ask for 3 mm on every side
MIN_BLEED = 2 * mm            # home sheets: at least this much on every side
MIN_MARGIN = 5 * mm           # home printers cannot print closer to the edge
# The home sheets assume the worst common printer: nothing within this of any
# edge survives (many inkjets lose 5-6 mm at the bottom). Marks, notes and the
# cards' trim all stay inside it; only the outer bleed may reach into it.
PRINTER_MARGIN = 6 * mm
FRAME_MIN_INSET = 5 * mm      # a thin frame rule no closer to the trim: cutting drift hides
MIN_BODY_PT = 6.5             # body text never below this size
PNG_DPI = 300

PAPERS = {"a4": A4, "letter": LETTER}          # portrait (width, height)
SHEET_COLUMNS, SHEET_ROWS = 3, 2               # six portrait cards per portrait page


def reference_page(db, locale: str, paper, rules_text) -> tuple[str, str, tuple[float, float]]:
    """A quick reference's paper key, title and page size, checked: one line
    (InputError) for an unknown paper or a rules text without its title."""
    from ..errors import InputError
    key = str(paper).lower()
    if key not in PAPERS:
        raise InputError(f"paper {paper!r}: expected one of {', '.join(sorted(PAPERS))}")
    title = (rules_text or {}).get("reference_title")
    if not isinstance(title, str) or not title.strip():
        raise InputError(f"{db.game} rules ({locale}): reference_title: field required")
    return key, title, PAPERS[key]
