"""The quick reference of a game package: one page in the quick references'
shared design (``render/reference.py``: masthead, framed panels, numbered
steps), made from its rules text (:mod:`.rules`) with no word of its own.

What goes on the page, in the rules' order:

* the masthead: the game's title, and "Quick reference" in the locale;
* each section as a panel under its title, holding the section's first
  paragraph and the list right after it (or its first list, when the section
  opens with one); notes and later paragraphs stay in the booklet;
* the turn: a section whose id is ``turn`` or ``round``, or marked
  ``{#id .steps}`` (``steps: true`` in a rules.yaml), is a strong panel whose
  first list is numbered steps, one framed step each; when every item opens
  with a short bold phrase (``**Reveal.** ...``, ``**Reveal**: ...``), that
  phrase is its step's heading.

The sections before the first turn and after it are set in two columns
(each column in reading order), the turn across the page; a run of sections
one of whose titles is too long for a column is set across the page, and a
title too long for the page is set as a paragraph that wraps (a panel's
heading is one line). The text is set
at the largest size, from :data:`MAX_PT` down to ``render.reference.MIN_PT``,
at which the page holds everything; a rules text too long for that is one
line asking to shorten it.
"""
from __future__ import annotations

import re

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ..render import reference as R
from ..render.fonts import register_fonts
from ..render.geometry import reference_page
from ..render.text import typography

# A sober palette: a package brings no colours of its own.
PALETTE = R.Palette(ink=HexColor("#23272E"), paper=HexColor("#FFFFFF"),
                    accent=HexColor("#1F4E79"), soft=HexColor("#EAF0F6"))
MAX_PT = 12.0
MAX_LEAD = 40            # characters of a bold lead that may head a step
_LEAD = re.compile(r"\*\*([^*]+?)\*\*\s*[:.\u2014\u2013-]?\s*(.+)", re.S)


class Step(R.Panel):
    """A numbered step with no heading: its number's disc beside its text
    (a ``Panel`` still, so that the web edition lists the steps in order)."""

    def __init__(self, number: str, content, fonts, size: float, locale: str):
        super().__init__("", content, PALETTE, fonts, size, locale, number=number)
        self.r = size * 0.62
        self.indent = 2 * self.r + 1.6 * mm

    def wrap(self, avail_w, avail_h):
        self.width = avail_w
        inner = avail_w - 2 * R.PAD - self.indent
        self._sizes = [f.wrap(inner, avail_h) for f in self.content]
        body = sum(h + R._space(f) for f, (_, h) in zip(self.content, self._sizes))
        # a step's box closes under its text's last line, not its paragraph space
        body -= R._after(self.content[-1]) if self.content else 0.0
        self.height = 2 * R.PAD + max(body, 2 * self.r)
        return self.width, self.height + R.GAP

    def draw(self):
        c = self.canv
        top = self.height + R.GAP
        c.saveState()
        c.setFillColor(PALETTE.paper)
        c.setStrokeColor(PALETTE.ink)
        c.setLineWidth(R.LINE)
        c.roundRect(0, R.GAP, self.width, self.height, R.RADIUS, stroke=1, fill=1)
        c.restoreState()
        # the disc centred on the first line's capitals (a paragraph sets its
        # first baseline one font size under its top)
        style = getattr(self.content[0], "style", None) if self.content else None
        size = style.fontSize if style is not None else self.size
        font = style.fontName if style is not None else self.fonts.regular
        middle = top - R.PAD - size + R.cap_height(font, size) / 2
        R.number_disc(c, R.PAD + self.r, middle, self.r, self.number,
                      self.fonts.title_bold, PALETTE.accent)
        y = top - R.PAD
        for f, (_, h) in zip(self.content, self._sizes):
            y -= R._before(f) + h
            f.drawOn(c, R.PAD + self.indent, y)
            y -= R._after(f)


def _sections(rules_text: dict) -> list[tuple[dict, bool]]:
    """(section, is it steps) for each section of the rules, in order."""
    return [(s, bool(s.get("steps"))) for s in rules_text["sections"]]


def _summary(section: dict) -> tuple[str | None, list[str]]:
    """A section's first paragraph and the list after it (or its first list)."""
    blocks = [b for b in section["blocks"] if "p" in b or "list" in b]
    if not blocks:
        return None, []
    if "list" in blocks[0]:
        return None, list(blocks[0]["list"])
    text = blocks[0]["p"]
    items = list(blocks[1]["list"]) if len(blocks) > 1 and "list" in blocks[1] else []
    return text, items


def _story(locale: str, title: str, rules_text: dict, fonts, size: float,
           width: float) -> list[Flowable]:
    st = R.styles(fonts, size, PALETTE)
    half = (width - R.GAP) / 2
    heading = ParagraphStyle("ref-heading", fontName=fonts.title_bold, fontSize=size * 1.3,
                             leading=size * 1.5, textColor=PALETTE.accent,
                             spaceAfter=size * 0.3)

    def fits(text: str, room: float) -> bool:
        """Whether a panel's one-line heading holds ``text`` in ``room``."""
        shown = typography(text, locale, fonts.title_bold)
        return stringWidth(shown, fonts.title_bold, size * 1.3) <= room - 2 * R.PAD

    def p(text: str):
        return R.para(text, st.body, locale)

    def bullets(items):
        return [R.para(item, st.bullet, locale, bullet=True) for item in items]

    def panel(section, room: float = width, strong: bool = False,
              body: list | None = None) -> R.Panel:
        if body is None:
            text, items = _summary(section)
            body = ([p(text)] if text else []) + bullets(items)
        if fits(section["title"], room):
            return R.Panel(section["title"], body, PALETTE, fonts, size, locale,
                           strong=strong)
        # a title too long for one line: a paragraph of the heading's face
        return R.Panel("", [R.para(section["title"], heading, locale), *body], PALETTE,
                       fonts, size, locale, strong=strong)

    def steps(section) -> R.Panel:
        text, items = _summary(section)
        if not items:       # a turn told in a paragraph: a plain strong panel
            return panel(section, strong=True)
        numbered: list[Flowable] = []
        leads = [_LEAD.fullmatch(item) for item in items]
        # the steps look alike: headed only when every one opens with a lead
        headed = all(lead and len(lead.group(1)) <= MAX_LEAD for lead in leads)
        for n, (item, lead) in enumerate(zip(items, leads), 1):
            if headed and lead:
                heading = lead.group(1).strip().rstrip(".:")
                numbered.append(R.Panel(heading, [p(lead.group(2))], PALETTE, fonts,
                                        size, locale, number=str(n)))
            else:
                numbered.append(Step(str(n), [p(item)], fonts, size, locale))
        return panel(section, strong=True, body=([p(text)] if text else []) + numbered)

    story: list[Flowable] = [R.Masthead(rules_text["title"], title, fonts, PALETTE, locale)]
    run: list[dict] = []

    def close_run() -> None:
        if len(run) == 1 or not all(fits(s["title"], half) for s in run):
            story.extend(panel(s) for s in run)
        elif run:
            # two columns, each in reading order, split where the words balance
            weights = [len(" ".join([s["title"], *(_summary(s)[0] or "",), *_summary(s)[1]]))
                       for s in run]
            middle, acc, cut = sum(weights) / 2, 0, len(run) - 1
            for i, w in enumerate(weights[:-1]):
                acc += w
                if acc >= middle:
                    cut = i + 1
                    break
            story.append(R.Columns([[panel(s, half) for s in run[:cut]],
                                    [panel(s, half) for s in run[cut:]]], (1, 1)))
        run.clear()

    for section, is_steps in _sections(rules_text):
        if is_steps:
            close_run()
            story.append(steps(section))
        elif any("p" in b or "list" in b for b in section["blocks"]):
            run.append(section)
    close_run()
    return story


def write_reference(path, db, locale: str, paper: str, rules_text: dict) -> int:
    """The one-page quick reference (PDF) at ``path``; returns its page count."""
    _, title, page = reference_page(db, locale, paper, rules_text)
    fonts = register_fonts()
    width = page[0] - 2 * R.MARGIN
    R.write_one_page(path, page=page, max_size=MAX_PT,
                     story=lambda size: _story(locale, title, rules_text, fonts, size, width),
                     label=f"{db.game}: quick reference ({locale})", title=title,
                     author=rules_text["title"], locale=locale, fonts=fonts)
    return 1


def reference_story(db, locale: str, rules_text: dict) -> list[Flowable]:
    """The page's flowables at its largest size: what the web edition reads
    back as HTML (generator/render/flow_html.py)."""
    _, title, page = reference_page(db, locale, "a4", rules_text)
    return _story(locale, title, rules_text, register_fonts(), MAX_PT, page[0] - 2 * R.MARGIN)
