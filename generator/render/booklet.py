"""The rules booklet: a jinja2 template read as XML into reportlab flowables.

The template (``templates/rules.xml.j2``) fixes the booklet's order; the texts
come from ``assets/<game>/locales/<locale>/rules.yaml``, the cards from the card
database, and every worked example from the engine: its diagrams are drawn
from the engine's states and its narration told from the engine's event log,
so the printed examples cannot disagree with the rules engine.
"""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import jinja2
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak, Flowable, KeepTogether, ListFlowable, ListItem, NextPageTemplate,
    PageBreak, Paragraph, Spacer, Table, TableStyle,
)
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
from reportlab.platypus.frames import Frame
from reportlab.platypus.tableofcontents import TableOfContents

from ..errors import InputError
from ..examples import builtin_examples, load_example, run
from ..fileio import write_atomic
from ..paths import ASSETS, TEMPLATES, display
from ..yamlfile import load_yaml
from ..kits import kit
from .fonts import register_fonts
from .text import typography

INK = colors.HexColor("#2A2118")
ACCENT = colors.HexColor("#7A1F1A")
NOTE_BG = colors.HexColor("#F3EBD8")
TEMPLATE = "rules.xml.j2"


@dataclass
class VerifiedExample:
    example: object
    outcome: object


def rules_text(game: str, locale: str) -> dict:
    path = ASSETS / game / "locales" / locale / "rules.yaml"
    if not path.is_file():
        raise InputError(f"{display(path)}: no rules text for locale {locale!r}")
    data, _ = load_yaml(path)
    return data


def verify_examples(game: str, allow_unverified: bool) -> list[VerifiedExample]:
    """Every built-in example with decisions to show, in the booklet's order,
    each replayed by the engine. A failing example stops the build (with the
    verifier's message) unless ``allow_unverified``."""
    order, _ = load_yaml(ASSETS / game / "booklet.yaml")
    by_id = {}
    for path in builtin_examples(game):
        example = load_example(path)
        if any(k in example.spec for k in ("play", "solve", "expect")):
            by_id[example.id] = example
    ids = [i for i in order["examples"] if i in by_id] + \
        sorted(set(by_id) - set(order["examples"]))
    out = []
    for example_id in ids:
        example = by_id[example_id]
        outcome = run(example)
        if not outcome.ok and not allow_unverified:
            raise BuildBlocked(f"{display(example.path)}: example {example.id} does not "
                               f"verify: {outcome.problems[0]} (--allow-unverified builds "
                               "anyway, with a warning on the example)")
        out.append(VerifiedExample(example, outcome))
    return out


class BuildBlocked(Exception):
    """An example failed verification: the booklet is not built (exit 1)."""


def render_template(context: dict) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True)
    try:
        return env.get_template(TEMPLATE).render(**context)
    except jinja2.TemplateSyntaxError as e:
        where = display(Path(e.filename)) if e.filename else TEMPLATE
        raise InputError(f"{where}:{e.lineno}: template syntax error: {e.message}") from None
    except jinja2.UndefinedError as e:
        raise InputError(f"{display(TEMPLATES / TEMPLATE)}: template error: {e.message}") \
            from None


# -- styles ------------------------------------------------------------------------

class Styles:
    def __init__(self, fonts, scale: float):
        s = scale
        self.fonts = fonts
        self.body = ParagraphStyle("body", fontName=fonts.regular, fontSize=10.5 * s,
                                   leading=13.6 * s, textColor=INK, spaceAfter=4 * s)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=8.8 * s,
                                    leading=11 * s, spaceAfter=1.5 * s)
        self.note = ParagraphStyle("note", parent=self.body, fontName=fonts.italic)
        self.h1 = ParagraphStyle("h1", fontName=fonts.title_bold, fontSize=17 * s,
                                 leading=21 * s, textColor=ACCENT, spaceBefore=4 * s,
                                 spaceAfter=8 * s)
        self.h2 = ParagraphStyle("h2", fontName=fonts.title_bold, fontSize=11.5 * s,
                                 leading=14 * s, textColor=INK, spaceBefore=9 * s,
                                 spaceAfter=4 * s, keepWithNext=1)
        self.title = ParagraphStyle("title", fontName=fonts.title_bold, fontSize=38 * s,
                                    leading=44 * s, alignment=TA_CENTER, textColor=ACCENT)
        self.subtitle = ParagraphStyle("subtitle", fontName=fonts.italic, fontSize=14 * s,
                                       leading=18 * s, alignment=TA_CENTER, textColor=INK)
        self.verified = ParagraphStyle("verified", parent=self.small, textColor=colors.HexColor(
            "#2E6B30"), fontName=fonts.italic)
        self.warning = ParagraphStyle("warning", parent=self.small, textColor=colors.HexColor(
            "#B3261E"), fontName=fonts.bold)
        self.cell = ParagraphStyle("cell", parent=self.small, spaceAfter=0)
        self.toc = [ParagraphStyle("toc0", fontName=fonts.regular, fontSize=11 * s,
                                   leading=15 * s, textColor=INK),
                    ParagraphStyle("toc1", fontName=fonts.regular, fontSize=9 * s,
                                   leading=11.5 * s, leftIndent=12 * s, textColor=INK)]


def markup(text: str, locale: str) -> str:
    """Plain text with **bold** and *italic* → reportlab paragraph markup."""
    text = typography(str(text), locale)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)


class Heading(Paragraph):
    """A heading that enters the table of contents and the PDF outline."""

    def __init__(self, text, style, level: int, key: str, plain: str):
        super().__init__(text, style)
        self.level, self.key, self.plain = level, key, plain


# -- flowables drawn with the deck's own art ---------------------------------------------

class CardPicture(Flowable):
    """A printed card face, scaled down: the very drawing of the deck."""

    def __init__(self, card, scale: float):
        super().__init__()
        self.card, self.scale = card, scale
        self.width, self.height = card.width * scale, card.height * scale

    def draw(self):
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        p = c.beginPath()
        p.roundRect(0, 0, self.card.width, self.card.height, 3 * mm)
        c.clipPath(p, stroke=0, fill=0)
        self.card.draw_front(c, 0, 0, 0)
        c.restoreState()


class Diagram(Flowable):
    """An engine state drawn by its game's kit, annotated with what a step did."""

    def __init__(self, kit, state, db, locale, annotations, max_width):
        super().__init__()
        self.kit = kit
        self.state, self.db, self.locale, self.notes = state, db, locale, annotations
        w, h = kit.diagram_size(state, annotations, db, locale)
        # Four-fifths of the diagram's natural size sits well beside 10 pt text.
        k = min(0.8, max_width / w) if w else 1.0
        self.width, self.height = w * k, h * k

    def draw(self):
        self.kit.draw_diagram(self.canv, self.state, self.db, self.locale, self.notes,
                              0, 0, self.width)


class CoverArt(Flowable):
    """The game's own picture for the cover, drawn by its kit in a band."""

    def __init__(self, kit, db, width, height):
        super().__init__()
        self.kit, self.db, self.width, self.height = kit, db, width, height

    def draw(self):
        self.kit.draw_cover_art(self.canv, self.db, self.width, self.height)


# -- the document ---------------------------------------------------------------------------

class _Document(BaseDocTemplate):
    def __init__(self, buffer, pagesize, margins, styles, title, game_name, locale,
                 page_word, **kwargs):
        super().__init__(buffer, pagesize=pagesize, leftMargin=margins, rightMargin=margins,
                         topMargin=margins * 1.25, bottomMargin=margins * 1.25,
                         invariant=1, title=title, author="Herald", lang=locale,
                         creator="Herald", subject=f"{game_name}: rules reference",
                         initialFontName=styles.fonts.regular, **kwargs)
        self.styles, self.game_name, self.page_word = styles, game_name, page_word
        self.section = ""
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([
            PageTemplate("cover", [frame]),
            PageTemplate("body", [frame], onPageEnd=self._furniture),
        ])

    def _furniture(self, canvas, doc):
        """Running header (game and section) and the page number."""
        fonts = self.styles.fonts
        w, h = self.pagesize
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.4)
        top = h - self.topMargin * 0.55
        canvas.setFont(fonts.title, 7.5)
        canvas.drawString(self.leftMargin, top + 3, self.game_name.upper())
        canvas.setFont(fonts.italic, 8.5)
        canvas.drawRightString(w - self.rightMargin, top + 3, self.section)
        canvas.line(self.leftMargin, top, w - self.rightMargin, top)
        canvas.setFont(fonts.regular, 8.5)
        canvas.drawCentredString(w / 2, self.bottomMargin * 0.45,
                                 f"{self.page_word} {doc.page}")
        canvas.restoreState()

    def beforeDocument(self):
        self.section = ""       # multiBuild lays the story out more than once

    def afterFlowable(self, flowable):
        if isinstance(flowable, Heading):
            if flowable.level == 0:
                self.section = flowable.plain
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level,
                                      closed=flowable.level > 0)
            self.notify("TOCEntry", (flowable.level, flowable.plain, self.page, flowable.key))


class _Builder:
    """XML elements of the rendered template → flowables.

    An element ``<x>`` is laid out by the game kit's ``booklet_x(builder, el)``
    when the kit has one (a game's own pages: Oriflamme's cards), else by the
    builder's generic ``el_x``.
    """

    def __init__(self, game, db, locale, text, styles, examples, frame_width):
        self.game, self.db, self.locale, self.text = game, db, locale, text
        self.kit = kit(game)
        self.st, self.examples, self.width = styles, examples, frame_width
        self.keys = 0
        self.cards = {c.key: c for c in self.kit.print_cards(db, locale)}
        self.booklet_cfg, _ = load_yaml(ASSETS / game / "booklet.yaml")

    def key(self):
        self.keys += 1
        return f"h{self.keys}"

    def heading(self, text, level):
        style = self.st.h1 if level == 0 else self.st.h2
        return Heading(markup(text, self.locale), style, level, self.key(),
                       typography(text, self.locale))

    def para(self, text, style=None):
        return Paragraph(markup(text, self.locale), style or self.st.body)

    def build(self, root) -> list:
        out = []
        for el in root:
            out += self.element(el)
        return out

    def element(self, el) -> list:
        own = getattr(self.kit, f"booklet_{el.tag}", None)
        return own(self, el) if own else getattr(self, f"el_{el.tag}")(el)

    def el_cover(self, el):
        return [Spacer(1, 45 * mm), Paragraph(markup(el.get("title"), self.locale),
                                              self.st.title),
                Spacer(1, 6 * mm), Paragraph(markup(el.get("subtitle"), self.locale),
                                             self.st.subtitle),
                Spacer(1, 18 * mm), CoverArt(self.kit, self.db, self.width, 26 * mm),
                NextPageTemplate("body"), PageBreak()]

    def el_toc(self, el):
        toc = TableOfContents(levelStyles=self.st.toc, dotsMinLevel=0)
        return [Paragraph(markup(el.get("title"), self.locale), self.st.h1), toc, PageBreak()]

    def el_section(self, el):
        out = [CondPageBreak(60 * mm), self.heading(el.get("title"), 0)]
        for child in el:
            out += self.element(child)
        return out

    def el_p(self, el):
        return [self.para(el.text or "")]

    def el_note(self, el):
        table = Table([[self.para(el.text or "", self.st.note)]], colWidths=[self.width])
        table.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), NOTE_BG),
                                   ("LINEBEFORE", (0, 0), (0, -1), 2, ACCENT),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 8),
                                   ("TOPPADDING", (0, 0), (-1, -1), 5),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
        return [table, Spacer(1, 4)]

    def el_list(self, el):
        return [self._bullets([item.text or "" for item in el], self.st.body)]

    def _bullets(self, items, style):
        return ListFlowable([ListItem(self.para(t, style), leftIndent=10) for t in items],
                            bulletType="bullet", start="•", leftIndent=10, bulletFontSize=8)

    def el_examples(self, el):
        out = []
        for verified in self.examples:
            out += self._example(verified)
        return out

    def _example(self, verified):
        example, outcome = verified.example, verified.outcome
        text = example.spec.get("text")
        intro = text.get(self.locale) if isinstance(text, dict) else text
        out = [CondPageBreak(70 * mm), self.heading(example.title(self.locale), 1)]
        if intro:
            out.append(self.para(intro))
        if not outcome.ok:
            out.append(self.para(f"⚠ {self.text['unverified_warning']} "
                                 f"({outcome.problems[0]})", self.st.warning))
        width = self.width * 0.92
        start, notes = self.kit.step_view(example, outcome, 0)
        out.append(KeepTogether([self.para(self.text["start_label"], self.st.small),
                                 Diagram(self.kit, start, self.db, self.locale, notes, width)]))
        for story in self.kit.narrate(outcome, self.db, self.locale):
            after, notes = self.kit.step_view(example, outcome, story.step_index + 1)
            words = " ".join(story.sentences)
            label = f"{self.text['step_label']} {story.step_index + 1}"
            out.append(KeepTogether([self.para(f"**{label}.** {words}", self.st.small),
                                     Diagram(self.kit, after, self.db, self.locale, notes,
                                             width)]))
        if outcome.solved is not None:
            out.append(self.para(self._solved(example, outcome), self.st.small))
        if outcome.ok:
            out.append(self.para("✓ " + self.text["verified"].format(engine="Herald"),
                                 self.st.verified))
        return out

    def _solved(self, example, outcome):
        """The solver's result in words: horizon, mode and the influence it reaches."""
        result = outcome.solved
        names = self._player_names(outcome.initial)
        depth = result.depth
        depth_text = self.text["solve_depths"].get(str(depth), str(depth))
        player = names[result.player] if result.player is not None else ""
        mode = self.text["solve_modes"][result.mode].format(player=player)
        values = ", ".join(f"{n} {v}" for n, v in zip(names, result.value))
        return self.text["solved"].format(depth=depth_text, mode=mode, values=values)

    def _player_names(self, state):
        """Players as the narration names them (families, or duo seats)."""
        return self.kit.player_names(state, self.db, self.locale)

    def el_rulings(self, el):
        headers = self.text["rulings_headers"]
        names = self.text["sources"]
        rows = [[self.para(f"**{h}**", self.st.cell) for h in headers]]
        for option in self.kit.RULE_OPTIONS:
            d = option.default
            others = option.alternatives
            sources = [f"*{r.value}*: {r.source} ({names.get(r.source, r.source)}), {r.section}"
                       for r in (d, *others)]
            rows.append([
                self.para(f"{option.title[self.locale]} (*{option.name}*)", self.st.cell),
                self.para(f"**{d.value}** — {d.summary[self.locale]}", self.st.cell),
                self.para(" ".join(f"**{o.value}** — {o.summary[self.locale]}"
                                   for o in others), self.st.cell),
                self.para("; ".join(sources), self.st.cell)])
        w = self.width
        table = Table(rows, colWidths=[w * 0.2, w * 0.3, w * 0.28, w * 0.22], repeatRows=1)
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#C9BBA0")),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]))
        return [table]


def write_booklet(path: Path, game: str, db, locale: str, pagesize, scale: float,
                  examples: list[VerifiedExample]) -> int:
    """Lay out and write the rules PDF; return its page count."""
    text = rules_text(game, locale)
    xml = render_template({"text": text, "game": game, "locale": locale})
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as e:
        raise InputError(f"{display(TEMPLATES / TEMPLATE)}: the rendered template is not "
                         f"well-formed XML: {e}") from None
    fonts = register_fonts()
    styles = Styles(fonts, scale)
    buffer = io.BytesIO()
    margins = (18 if scale >= 1 else 12) * mm
    doc = _Document(buffer, pagesize, margins, styles, typography(text["title"], locale),
                    db.name[locale], locale, text["page"])
    builder = _Builder(game, db, locale, text, styles, examples, doc.width)
    story = builder.build(root)
    doc.multiBuild(story)
    write_atomic(path, buffer.getvalue())
    return doc.page
