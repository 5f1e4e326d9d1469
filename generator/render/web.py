"""The web edition of the rules: the booklet's XML document rendered as HTML.

The same document the PDF is laid out from (``templates/rules.xml.j2`` for
the rules, ``templates/examples.xml.j2`` for the compendium), read by a
second renderer: :class:`HtmlRenderer` has one ``el_<tag>`` method per
element, as the PDF's builder has, and fills the jinja2 page template
``templates/web/page.html.j2``. Diagrams are drawn by the game's kit on the
SVG canvas and inlined, each named by a description of the engine's state
(the kit's ``describe_position``); the cards are their printed faces drawn on
the SVG canvas, their words as SVG text. An edition is a folder of static
files that opens from ``file://``: its pages, one stylesheet with the fonts
inside (subset WOFF2), the search index and its script; nothing is fetched.

Anchors come from the data (section ids, card keys, example ids, rule option
names), so a link to a ruling is the same in every locale.
"""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from ..errors import InputError
from ..fileio import write_atomic
from ..paths import TEMPLATES
from .booklet import (
    MEASURE_EM,
    BookletContext,
    Styles,
    VerifiedExample,
    markup,
)
from .cards import PrintCard
from .emphasis import emphasis
from .flow_html import FlowHtml, ReadParagraph
from .fonts import register_fonts
from .geometry import PAPERS
from .sources import Sources
from .svgcanvas import SharedDefs, SVGCanvas
from .text import typography
from .web_words import web_words
from .websvg import share_repeats

# the pages of an edition: (file, document template, or None for the gallery,
# "reference" for the quick reference, read from the kit's own page)
PAGES = (("index.html", "rules"), ("examples.html", "examples"), ("cards.html", None),
         ("reference.html", "reference"))
# the documents whose trees (filled templates) an edition is handed
DOCUMENTS = ("rules", "examples")
WEB = TEMPLATES / "web"
# An edition aims at a phone's budget, no page over 500 KiB and no folder
# over 1.5 MiB (tests/test_web.py holds every game to it); the build itself
# stops only at twice that, a page or an edition gone wrong, so that one more
# worked example never stops a kit
MAX_PAGE_BYTES = 2 * 500 * 1024
MAX_EDITION_BYTES = 3 * 1024 * 1024

# what an edition's pages ask for again and again (a kit's words in the
# locale, the deck's printed cards), kept while it is written: see edition_cache
_EDITION: dict | None = None


def edition_cache(key, make: Callable[[], Any]) -> Any:
    """``make()``, made once while an edition is written (:func:`write_edition`)
    and handed out again for the same ``key``; outside of one, made each time.
    Nothing an edition is made from (its database, its translations) changes
    while it is written; a later edition makes its own."""
    if _EDITION is None:
        return make()
    try:
        return _EDITION[key]
    except KeyError:
        value = _EDITION[key] = make()
        return value


@contextmanager
def _one_edition() -> Iterator[None]:
    """While an edition is written: :func:`edition_cache` keeps what it makes."""
    global _EDITION
    outer = _EDITION
    _EDITION = {} if outer is None else outer
    try:
        yield
    finally:
        _EDITION = outer


def deck_cards(print_cards: Callable[..., list[PrintCard]], db, locale: str) -> list[PrintCard]:
    """The kit's deck of ``db`` in ``locale``, as ``print_cards(db, locale)``
    lays it out (the look's ``print_cards``, or the function it calls: the
    same deck), once an edition: the gallery and the rules' cards show the
    same faces."""
    key = ("deck", id(db), locale)
    kept, cards = edition_cache(key, lambda: (db, print_cards(db, locale)))
    if kept is not db:          # another database under a freed one's id
        cards = print_cards(db, locale)
    return cards


@dataclass(frozen=True)
class GalleryCard:
    """A card of the web gallery: its anchor (from the data), its name in
    the locale and its printed card (face drawn on the SVG canvas); what its
    section on ``cards.html`` says beside the picture: its ability (rules
    text, **bold** and *italic*; the words drawn on its face when the kit
    gives none), its clarifications and the rulings that touch it."""
    anchor: str
    name: str
    card: PrintCard
    group: str = ""             # the gallery's heading it goes under ("" : the first)
    ability: str = ""
    clarifications: tuple[str, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()      # (rule option's name, its words)


def gallery(look, db, locale: str) -> list[GalleryCard]:
    """The cards the gallery shows: the look's ``web_gallery`` when it has
    one, else every distinct face of the deck under its key."""
    own = look.web_gallery
    if own is not None:
        return own(db, locale)
    seen: dict[str, GalleryCard] = {}
    for c in deck_cards(look.print_cards, db, locale):
        seen.setdefault(c.key, GalleryCard(c.key, c.label, c))
    return list(seen.values())


@dataclass
class Page:
    """One page being rendered: its headings for the contents, its entries
    for the search index."""
    file: str
    title: str = ""
    toc: list[tuple[int, str, str]] = field(default_factory=list)   # level, anchor, title
    search: list[dict] = field(default_factory=list)
    defs: SharedDefs = field(default_factory=SharedDefs)     # its drawings' shared forms


def _plain_words(text: str) -> str:
    """Rules text without its **bold** and *italic* marks."""
    return re.sub(r"\*\*?([^*]+)\*\*?", r"\1", str(text))


def chapter_file(section: str) -> str:
    """The compendium's page of a chapter (a section id of the rules)."""
    return f"examples-{_slug(section)}.html"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


READABLE_PX = 11.5        # the smallest text of an enlarged diagram, in CSS px


class _WebBooklet(BookletContext):
    """The booklet's builder, its printed cards the edition's own
    (:func:`deck_cards`), its paragraphs read back, never laid out."""

    def para(self, text, style=None):
        style = style or self.st.body
        return ReadParagraph(markup(text, self.locale, style.fontName), style)

    @cached_property
    def cards(self) -> dict:
        return {c.key: c for c in deck_cards(self.kit.print_cards, self.db, self.locale)}


class HtmlRenderer:
    """XML elements of the rendered template → HTML (one ``el_<tag>`` method
    per element, as :class:`~.booklet.BookletContext` has for the PDF). What only a
    game draws (its cards' pages, figures, key to the diagrams) is the kit's
    booklet hook, read back from its flowables (:mod:`.flow_html`)."""

    def __init__(self, look, db, locale: str, sources: Sources, examples, document: str,
                 page: Page, cards: list[GalleryCard]):
        self.game, self.db, self.locale, self.text = db.game, db, locale, sources.text
        self.cover = sources.cover
        self.kit = look
        self.words = web_words(locale)
        self.page = page
        self.document = document
        self._booklet_args = (look, db, locale, sources, examples, document)
        self.width = PAPERS["a4"][0] - 36 * 2.8346
        self._ids = 0
        self.section = ""               # the section being rendered
        self.names = _card_names(cards, locale)
        self.card_anchors = {c.anchor for c in cards}
        self._html: dict[tuple[str, bool], Markup] = {}     # text_html's, by its arguments
        # the compendium's chapters, each a page of its own (a page of every
        # example would weigh megabytes): their pages and bodies, in order
        self.chapters: list[tuple[Page, Markup]] = []

    @cached_property
    def b(self) -> BookletContext:
        """The PDF's builder, for what both editions decide alike: which
        examples a document prints and where, the kits' hooks, the rulings
        (made when a page first asks: the gallery and the quick reference
        never do)."""
        look, db, locale, sources, examples, document = self._booklet_args
        styles = Styles(register_fonts(), 1.0)
        measure = min(self.width, MEASURE_EM * styles.body.fontSize)
        return _WebBooklet(look, db, locale, sources, styles, examples, measure, self.width,
                           document)

    # -- helpers -----------------------------------------------------------------------
    def canvas(self, width: float, height: float) -> SVGCanvas:
        """A drawing of this page (its forms and ids shared with the others)."""
        return SVGCanvas(width, height, shared=self.page.defs, compact=True)

    def fresh_id(self, prefix: str) -> str:
        self._ids += 1
        return f"{prefix}-{self._ids}"

    def text_html(self, text: str, link: bool = True) -> Markup:
        """Rules text (**bold**, *italic*) as HTML, in the locale's typography,
        each card's name (its first mention) a link to the card (made once
        for each text: a page repeats its labels, the compendium the rules'
        examples)."""
        key = (str(text), link)
        made = self._html.get(key)
        if made is None:
            html = str(escape(typography(key[0], self.locale)))
            html = emphasis(html, ("<strong>", "</strong>"), ("<em>", "</em>"))
            made = self._html[key] = Markup(self.link(html) if link else html)
        return made

    def link(self, html: str) -> str:
        """Each card named in ``html`` (outside its tags), at its first mention,
        made a link to the card in the gallery."""
        if not self.names:
            return html
        done: set[str] = set()

        def repl(m):
            name = m.group(0)
            anchor = self.names.get(name)
            if anchor is None or anchor in done:
                return name
            done.add(anchor)
            return f'<a class="card-link" href="cards.html#card-{escape(anchor)}">{name}</a>'

        pattern = self._names
        parts = re.split(r"(<[^>]+>)", html)
        inside_link = False
        for i, part in enumerate(parts):
            if part.startswith("<"):
                inside_link = part.startswith("<a ") or (inside_link and part != "</a>")
                continue
            if not inside_link:
                parts[i] = pattern.sub(repl, part)
        return "".join(parts)

    @cached_property
    def _names(self) -> re.Pattern:
        """The cards' names, the longest first (the longest one that fits is linked)."""
        return _names_pattern(tuple(sorted(self.names, key=len, reverse=True)))

    def flow(self, flowables, level: int = 2, card_pictures: bool = True) -> Markup:
        def heading_id(plain: str) -> str | None:
            for name, anchor in self.names.items():
                if plain.startswith(name) and self.page.file == "index.html":
                    return f"rule-card-{anchor}"
            return None
        converter = FlowHtml(self.link, self.fresh_id, heading_id, self.canvas, level,
                             self.width, card_pictures=card_pictures)
        converter.last = 2          # inside a section, under its h2
        html = str(converter.convert(flowables))
        # a card's heading in the rules: its permalink, and its name a link
        # to its section on cards.html (its clarifications, its examples)
        return Markup(re.sub(
            r'<h(\d) id="rule-card-([^"]+)">(.*?)</h\1>',
            lambda m: (f'<h{m.group(1)} id="rule-card-{m.group(2)}">'
                       f'<a href="cards.html#card-{m.group(2)}">{m.group(3)}</a>'
                       f'{self.permalink("rule-card-" + m.group(2))}</h{m.group(1)}>'),
            html, flags=re.S))

    def add_search(self, anchor: str, title: str, words: str, kind: str) -> None:
        plain = _TAGS.sub(" ", str(words))
        plain = _SPACES.sub(" ", Markup(plain).unescape()).strip()
        self.page.search.append({"t": Markup(_TAGS.sub("", str(title))).unescape(),
                                 "u": f"{self.page.file}#{anchor}", "k": kind,
                                 "x": plain})

    def reference_html(self, story) -> Markup:
        """The quick reference: the flowables the kit lays out on its printed
        page (masthead, panels, numbered steps) read back as HTML; each
        top-level panel a section of the contents and of the search."""
        from .reference import Masthead

        def panel(anchor: str, title: str, body: str, level: int) -> None:
            self.page.toc.append((0, anchor, title))
            self.add_search(anchor, title, re.sub(r"<svg\b.*?</svg>", " ", body, flags=re.S),
                            "section")

        for f in story:
            if isinstance(f, Masthead):
                self.page.title = f.subtitle
        return FlowHtml(self.link, self.fresh_id, lambda plain: None, self.canvas, 2,
                        self.width, on_panel=panel).convert(story)

    # -- the document ------------------------------------------------------------------
    def render(self, root) -> Markup:
        return Markup("\n".join(self.element(el) for el in root))

    def element(self, el) -> str:
        method = getattr(self, f"el_{el.tag}", None)
        if method is None:
            return ""       # a game's element this edition does not show
        return str(method(el))

    def el_cover(self, el) -> str:
        # the page's title names what it is (the rules, the compendium): the
        # game's name follows it in <title>
        self.page.title = self.words["examples" if self.document == "examples" else "rules"]
        out = [f'<h1 id="top">{self.text_html(el.get("title"), False)}</h1>',
               f'<p class="subtitle">{self.text_html(el.get("subtitle"), False)}</p>',
               self._cover_art()]
        if el.get("front"):
            out.append(f'<p class="front">{self.text_html(el.get("front"), False)}</p>')
        return '<header class="cover">' + "\n".join(out) + "</header>"

    def el_masthead(self, el) -> str:
        out = self.el_cover(el)
        if el.get("figure"):
            out += self.element(ET.Element("figure", name=el.get("figure")))
        return out

    def _cover_art(self) -> str:
        draw = self.kit.draw_cover_art
        if draw is None:
            return ""
        w, h = self.width, 26 * 2.8346
        canvas = self.canvas(w, h)
        draw(canvas, self.db, w, h)
        return canvas.inline(css_class="cover-art")

    def el_credits(self, el) -> str:
        from .cover import cover_words
        notes = self.cover
        lines = "".join(f"<p>{self.text_html(line, False)}</p>" for line in notes.credits)
        return f'<h3>{escape(cover_words(self.locale)["credits"])}</h3>{lines}'

    def el_toc(self, el) -> str:
        return ""           # the page template lists the contents

    def el_pagebreak(self, el) -> str:
        return ""

    def el_section(self, el) -> str:
        if el.get("optional") and not any(self.b.chosen_examples(e.get("section"))
                                          for e in el.iter("examples")):
            return ""
        sid = el.get("id")
        title = typography(el.get("title"), self.locale)
        self.section = sid
        if self.document == "examples" and el.find("examples") is not None:
            return self._chapter(el, sid, title)
        self.page.toc.append((0, sid, title))
        body = "\n".join(self.element(child) for child in el)
        if not body.strip():
            self.page.toc.pop()
            return ""
        if self.document == "rules":        # the compendium repeats the rules' rulings
            # its words, less its drawings and what the index holds apart
            # (each card's section, each ruling)
            words = re.sub(r'<(svg|details)\b.*?</\1>|<div class="rule-cards">.*?</div>\s*$'
                           r'|<table class="rulings">.*?</table>', " ", body, flags=re.S)
            self.add_search(sid, title, words, "section")
        return (f'<section id="{escape(sid)}" aria-labelledby="{escape(sid)}-title">'
                f'<h2 id="{escape(sid)}-title">{self.text_html(title, False)}'
                f'{self.permalink(sid)}</h2>\n{body}</section>')

    def _chapter(self, el, sid: str, title: str) -> str:
        """A chapter of the compendium: its examples on a page of their own
        (``examples-<section>.html``), listed on ``examples.html`` under the
        chapter's heading."""
        page, self.page = self.page, Page(chapter_file(sid))
        try:
            self.page.title = title
            body = "\n".join(self.element(child) for child in el)
            chapter = self.page
        finally:
            self.page = page
        entries = [(a, t) for level, a, t in chapter.toc if level == 1]
        head = (f'<header class="cover"><h1 id="top">{self.text_html(title, False)}</h1>'
                f'<p class="subtitle"><a href="examples.html">{escape(self.words["examples"])}'
                "</a>" + (f' · <a href="examples.html#diagram-key">'
                          f'{escape(self.words["diagram_key"])}</a>' if self.b.key_shown
                          else "") + "</p></header>")
        chapter.toc = [(0, a, t) for a, t in entries]
        self.chapters.append((chapter, Markup(head + body)))
        self.page.toc.append((0, sid, title))
        links = "".join(f'<li><a href="{chapter.file}#{escape(a)}">{escape(t)}</a></li>'
                        for a, t in entries)
        return (f'<section id="{escape(sid)}" aria-labelledby="{escape(sid)}-title">'
                f'<h2 id="{escape(sid)}-title">{self.text_html(title, False)}'
                f'{self.permalink(sid)}</h2>\n'
                f'<ul class="chapter-list">{links}</ul></section>')

    def el_p(self, el) -> str:
        return f"<p>{self.text_html(el.text or '')}</p>"

    def el_list(self, el) -> str:
        return "<ul>" + "".join(f"<li>{self.text_html(i.text or '')}</li>" for i in el) + "</ul>"

    def el_note(self, el) -> str:
        return f'<div class="note" role="note"><p>{self.text_html(el.text or "")}</p></div>'

    def el_figure(self, el) -> str:
        own = self.kit.booklet_figure
        if own is None:
            return ""
        # a wide picture scrolls in its own box on a phone rather than shrink
        # past reading: a box the keyboard can reach and scroll
        return (f'<div class="figure" data-scroll-label="{escape(self.words["figure"])}">'
                f'{self.flow(own(self.b, el), 3)}</div>')

    def el_cards(self, el) -> str:
        """The cards in the rules (a kit's pages: each card beside its
        ability), else a pointer to the gallery."""
        own = self.kit.booklet_cards
        if own is not None:
            # each card's words; its picture is on its section of cards.html,
            # which its heading links to (a page holds each drawing once)
            return (f'<div class="rule-cards">'
                    f'{self.flow(own(self.b, el), 2, card_pictures=False)}</div>')
        return f'<p><a href="cards.html">{escape(self.words["gallery_link"])}</a></p>'

    def el_diagram_key(self, el) -> str:
        flowables = self.b.el_diagram_key(el)
        if not flowables:
            return ""
        return (f'<div class="diagram-key" id="diagram-key">'
                f'{self.flow(flowables, 3)}</div>')

    def el_examples(self, el) -> str:
        section = el.get("section")
        chosen = self.b.chosen_examples(section)
        out = []
        if section and chosen and self.document == "rules":
            out.append(f'<h3 class="examples-head">'
                       f'{escape(typography(self.text["examples_title"], self.locale))}</h3>')
            if not self.b.intro_shown:
                out.append(f'<p>{self.text_html(self.text["examples_intro"])}</p>')
                out.append(self.el_diagram_key(ET.Element("diagram_key")))
                self.b.intro_shown = True
        level = 4 if section and self.document == "rules" else 2
        for verified in chosen:
            out.append(self._example(verified, level))
            self.b.printed.add(verified.example.id)
        if section and self.document == "rules" and any(
                self.b.plan.section_of(v.example.id) == section for v in self.b.examples):
            # every example of this rule, in the compendium's chapter
            out.append(f'<p class="more-examples"><a href="{chapter_file(section)}">'
                       f'{escape(self.words["all_examples"])}</a></p>')
        return "\n".join(out)

    def _example(self, verified: VerifiedExample, level: int) -> str:
        example: Any = verified.example
        outcome: Any = verified.outcome
        anchor = f"example-{example.id}"
        title = typography(example.title(self.locale), self.locale)
        self.page.toc.append((1, anchor, title))
        text = example.spec.get("text")
        intro = text.get(self.locale) if isinstance(text, dict) else text
        out = [f'<article class="example" id="{escape(anchor)}" '
               f'aria-labelledby="{escape(anchor)}-title">',
               f'<h{level} id="{escape(anchor)}-title">{self.text_html(title, False)}'
               f'{self.permalink(anchor)}</h{level}>']
        section = self.b.plan.section_of(example.id)
        if section and (self.document == "examples" or section != self.section):
            out.append(f'<p class="back"><a href="index.html#{escape(section)}">'
                       f'{escape(self.words["back_to_rule"])}</a></p>')
        if intro:
            out.append(f"<p>{self.text_html(intro)}</p>")
        if not outcome.ok:
            out.append(f'<p class="warning" role="alert">'
                       f'{self.text_html(self.text["unverified_warning"])} '
                       f'({escape(outcome.problems[0])})</p>')
        steps = []
        start, notes = self.kit.step_view(example, outcome, 0)
        words_all = [intro or ""]
        if not self._empty(start, notes):
            steps.append((self.text_html(self.text["start_label"]), start, notes))
        # (a game's narration tells an example once a locale: the booklet's,
        # the rules page's and the compendium's words are the same)
        for story in self.kit.narrate(outcome, self.db, self.locale):
            after, notes = self.kit.step_view(example, outcome, story.step_index + 1)
            words = " ".join(story.sentences)
            words_all.append(words)
            label = f"{self.text['step_label']} {story.label_number}"
            steps.append((self.text_html(f"**{label}.** {words}"), after, notes))
        out.append('<ol class="steps">')
        for words, state, notes in steps:
            out.append(f'<li class="step"><p>{words}</p>{self._diagram(state, notes)}</li>')
        out.append("</ol>")
        if outcome.solved is not None:
            out.append(f'<p class="solved">{self.text_html(self.b.solved(example, outcome))}</p>')
        out.append("</article>")
        if self.document == "examples":     # the rules' own are the compendium's too
            self.add_search(anchor, title, " ".join(words_all), "example")
        return "\n".join(out)

    def _empty(self, state, notes) -> bool:
        empty = self.kit.diagram_empty
        return empty is not None and empty(state, notes)

    def _diagram(self, state, notes) -> str:
        """The state drawn by the kit on the SVG canvas, inline, named by its
        description in words (the kit's ``describe_position``), which a
        disclosure also shows. The drawing says how wide it must be shown for
        its smallest word to read at ``READABLE_PX`` (``data-min-w``): the
        page's script offers to enlarge it to that on a narrow screen.

        The drawing is held in a ``<noscript class="later">``: a browser
        running scripts keeps it as text (the page's script keeps its room)
        until the script draws it, near the screen or its step shown
        (a chapter of fifty examples opens as fast as its words, its
        diagrams drawn as they come into view); without scripts, and in
        print, it is drawn where it stands. The words that name it stay
        outside."""
        if self._empty(state, notes):
            return ""
        w, h = self.kit.diagram_size(state, notes, self.db, self.locale)
        canvas = SVGCanvas(w, h, shared=self.page.defs, compact=True)
        self.kit.draw_diagram(canvas, state, self.db, self.locale, notes, 0, 0, w)
        describe = self.kit.describe_position
        words = describe(state, notes, self.db, self.locale) if describe is not None \
            else " ".join(canvas.words)
        label = self.fresh_id("alt")
        svg = canvas.inline(label)
        if canvas.smallest < float("inf"):
            readable = math.ceil(w * READABLE_PX / canvas.smallest)
            svg = svg.replace("<svg ", f'<svg data-min-w="{readable}" ', 1)
        svg = f'<noscript class="later">{svg}</noscript>'
        # the box's name when it scrolls is the page's (main's data-diagram)
        return ('<figure class="diagram"><div class="diagram-box">'
                f'{svg}</div>'
                f'<figcaption><details><summary>{escape(self.words["in_words"])}</summary>'
                f'<p id="{label}">{escape(typography(words, self.locale))}</p>'
                "</details></figcaption></figure>")

    def el_rulings(self, el) -> str:
        """The rulings: a table, one row per point (its anchor the engine's
        option name), the reading followed, the others, the sources; the
        reasons too (the compendium's) unless ``brief``."""
        brief = el.get("brief") == "1"
        headers = self.text["rulings_headers"]
        options = (*self.kit.RULE_OPTIONS, *self.kit.INTERPRETATIONS)
        rows = []
        for option in options:
            point, chosen, other, sources = self.b.ruling(option, brief=False,
                                                           reasons=not brief)
            anchor = f"ruling-{_slug(option.name)}"
            cells = "".join(f'<td data-label="{escape(_plain_words(label))}">{html}</td>'
                            for label, html in zip(headers[1:], (
                                self.text_html(chosen), self.text_html(other),
                                self.text_html(sources, False))))
            rows.append(f'<tr id="{anchor}"><th scope="row">{self.text_html(point, False)}</th>'
                        f"{cells}</tr>")
            if self.document == "rules":
                self.add_search(anchor, typography(point, self.locale),     # as its row prints it
                                f"{chosen} {other} {sources}", "ruling")
        head = "".join(f'<th scope="col">{self.text_html(h, False)}</th>' for h in headers)
        caption = typography(self.text["rulings_title"], self.locale)
        return (f'<div class="table-box" data-scroll-label="{escape(caption)}">'
                f'<table class="rulings">'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")

    # -- the gallery -------------------------------------------------------------------
    def gallery_html(self, cards: list[GalleryCard],
                     uses: dict[str, list[tuple[str, str]]]) -> Markup:
        """``cards.html``: a section per card (its group's h2 above), its
        picture beside its ability as text, its clarifications, the rulings
        that touch it and the worked examples that play it (``uses``: card
        anchor → (address, title) of each)."""
        self.page.title = self.words["cards"]
        out = [f'<header class="cover"><h1 id="top">{escape(self.words["cards"])}</h1>'
               f'<p class="subtitle">{escape(typography(self.db.name[self.locale], self.locale))}'
               "</p></header>"]
        groups: dict[str, list[GalleryCard]] = {}
        for c in cards:
            groups.setdefault(c.group, []).append(c)
        for group, members in groups.items():
            gid = f"cards-{_slug(group)}" if group else "cards-all"
            title = group or typography(self.db.name[self.locale], self.locale)
            self.page.toc.append((0, gid, title))
            out.append(f'<section id="{gid}" aria-labelledby="{gid}-title">'
                       f'<h2 id="{gid}-title">{escape(title)}{self.permalink(gid)}</h2>'
                       '<ul class="card-index">'
                       + "".join(f'<li><a href="#card-{escape(c.anchor)}">{escape(c.name)}</a></li>'
                                 for c in members) + "</ul>")
            for c in members:
                out.append(self._card_section(c, uses.get(c.anchor, [])))
            out.append("</section>")
        return Markup("\n".join(out))

    def permalink(self, anchor: str) -> str:
        """The visible link to a heading's own address (to share it)."""
        return (f' <a class="permalink" href="#{escape(anchor)}" '
                f'aria-label="{escape(self.words["permalink"])}">#</a>')

    def _card_section(self, c: GalleryCard, uses: list[tuple[str, str]]) -> str:
        pc = c.card
        canvas = self.canvas(pc.width, pc.height)
        canvas.saveState()
        p = canvas.beginPath()
        p.roundRect(0, 0, pc.width, pc.height, 3 * 2.8346)
        canvas.clipPath(p, stroke=0, fill=0)
        pc.draw_front(canvas, 0, 0, 0)
        canvas.restoreState()
        anchor = f"card-{c.anchor}"
        # the ability as text a phone shows at the body's size; a card the
        # kit gives no ability to is told by the words printed on its face
        face = " ".join(canvas.words)
        if face.upper().startswith(c.name.upper()):
            face = face[len(c.name):].strip()      # its name, printed again on its face
        told = str(self.text_html(c.ability) if c.ability
                   else escape(typography(face, self.locale)))
        # its own name is no link to itself
        ability = _unlinked(told, f'<a class="card-link" href="cards.html#{anchor}">')
        body = [f'<p class="ability">{ability}</p>']
        if c.clarifications:
            body.append(f"<h4>{escape(self.words['clarifications'])}</h4><ul>"
                        + "".join(f"<li>{self.text_html(t)}</li>" for t in c.clarifications)
                        + "</ul>")
        if c.rulings:
            body.append(f"<h4>{escape(self.words['card_rulings'])}</h4><ul>" + "".join(
                f'<li>{self.text_html(t)} <a href="index.html#ruling-{escape(_slug(name))}">'
                f'{escape(self.words["see_ruling"])}</a></li>' for name, t in c.rulings)
                + "</ul>")
        if uses:
            body.append(f"<h4>{escape(self.words['card_examples'])}</h4><ul class=\"uses\">"
                        + "".join(f'<li><a href="{escape(u)}">{escape(t)}</a></li>'
                                  for u, t in uses) + "</ul>")
        words = " ".join([c.name, c.ability or " ".join(canvas.words), *c.clarifications])
        self.add_search(anchor, c.name, words, "card")
        return (f'<article class="card-entry" id="{escape(anchor)}" '
                f'aria-labelledby="{escape(anchor)}-title">'
                f'<h3 id="{escape(anchor)}-title">{escape(c.name)}{self.permalink(anchor)}</h3>'
                f'<div class="card-body"><div class="card-picture">'
                f'{canvas.inline(None, "card-face")}</div>'
                f'<div class="card-text">{"".join(body)}</div></div></article>')


def _unlinked(html: str, head: str) -> str:
    """``html`` with each link opening with ``head`` replaced by its words,
    as ``re.sub(re.escape(head) + "(.*?)</a>", r"\\1", html)`` does (a link's
    words on one line), without compiling a pattern for each card."""
    out: list[str] = []
    pos = find = 0
    while (start := html.find(head, find)) >= 0:
        words = start + len(head)
        end = html.find("</a>", words)
        if end < 0 or "\n" in html[words:end]:
            find = start + 1                # no match here: looked for further on
            continue
        out += (html[pos:start], html[words:end])
        pos = find = end + 4
    return "".join(out) + html[pos:] if out else html


_TAGS = re.compile(r"<[^>]+>")
_SPACES = re.compile(r"\s+")


_ARTICLES = re.compile(r"^(Le |La |Les |L[’']|The |Der |Die |Das |El |Los |Las )")


def _card_forms(cards: list[GalleryCard], locale: str) -> dict[str, list[str]]:
    """Card anchor → the forms of its name the text may use."""
    out: dict[str, list[str]] = {}
    for name, anchor in _card_names(cards, locale).items():
        out.setdefault(anchor, []).append(name)
    return out


def _card_names(cards: list[GalleryCard], locale: str) -> dict[str, str]:
    """Each card's name as the text writes it → the card's anchor (a name
    without its article: "le Cavalier" is the card "Le Cavalier")."""
    names: dict[str, str] = {}
    for c in cards:
        name = typography(c.name, locale)
        for form in (name, _ARTICLES.sub("", name)):
            if len(form) >= 3:
                names.setdefault(form, c.anchor)
    return names


_PATTERNS: dict[tuple, re.Pattern] = {}


def _names_pattern(names: tuple) -> re.Pattern:
    if names not in _PATTERNS:
        _PATTERNS[names] = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names))
                                      + r")(?![\w-])")
    return _PATTERNS[names]


# -- the edition -------------------------------------------------------------------------

@cache
def _environment() -> jinja2.Environment:
    """The page template's environment (it reloads a template edited since)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(WEB)), autoescape=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def write_edition(look, db, locale: str, out: Path, examples: list[VerifiedExample],
                  locales: list[str] | None = None, *, sources: Sources,
                  trees: dict[str, ET.Element]) -> list[Path]:
    """Write the web edition of ``db``'s game, drawn by its ``look``, in
    ``locale`` into ``out/<game>/<locale>/web/`` (written in a temporary
    folder and swapped in whole) and its fonts into ``out/<game>/fonts/``
    (shared by the game's languages); return its files. ``sources``: the
    rules text, where the examples print and the cover's notes; ``trees``:
    each of :data:`DOCUMENTS`' filled template, both read by the caller
    (:mod:`herald.generator.documents`)."""
    with _one_edition():
        return _write_edition(look, db, locale, out, examples, locales, sources, trees)


def _write_edition(look, db, locale: str, out: Path, examples: list[VerifiedExample],
                   locales: list[str] | None, sources: Sources,
                   trees: dict[str, ET.Element]) -> list[Path]:
    from .webfonts import font_files
    game, text = db.game, sources.text
    locales = locales or [locale]
    cards = gallery(look, db, locale)
    pages: list[tuple[Page, Markup]] = []
    for file, document in PAGES:
        page = Page(file)
        if document == "reference":
            story = look.reference_story
            if story is None:
                continue        # a game without a quick reference
            renderer = HtmlRenderer(look, db, locale, sources, examples, "rules", page, cards)
            body = renderer.reference_html(story(db, locale, text))
        elif document is None:
            renderer = HtmlRenderer(look, db, locale, sources, examples, "rules", page, cards)
            shown = [e for p, _ in pages for e in p.search if e["k"] == "example"]
            body = renderer.gallery_html(cards, card_uses(cards, shown, locale))
        else:
            renderer = HtmlRenderer(look, db, locale, sources, examples, document, page, cards)
            body = renderer.render(trees[document])
        pages.append((page, body))
        pages += renderer.chapters
    words = {key: typography(value, locale) for key, value in web_words(locale).items()}
    env = _environment()
    files: dict[str, bytes] = {}
    game_name = typography(db.name[locale], locale)
    built = {page.file for page, _ in pages}
    nav = [(file, words[key]) for file, key in
           (("index.html", "rules"), ("examples.html", "examples"), ("cards.html", "cards"),
            ("reference.html", "reference")) if file in built]
    from babel import Locale
    switcher = [(loc, (Locale.parse(loc.replace("-", "_")).get_display_name(loc) or loc)
                 .capitalize()) for loc in locales]
    folder = Path(out) / game / locale / "web"
    prints = _printed(folder.parent, game, words)
    html_text = []
    for page, body in pages:
        body = Markup(share_repeats(str(body), page.defs))
        html = env.get_template("page.html.j2").render(
            locale=locale, page=page, body=body, defs=Markup(page.defs.svg()), words=words,
            game_name=game_name, section=page.file.startswith("examples-"),
            nav=nav, switcher=switcher, title=page.title or game_name, prints=prints)
        files[page.file] = html.encode("utf-8")
        html_text.append(html)
    files["search-index.js"] = ("window.HERALD_SEARCH = "
                                + json.dumps(search_entries(pages), ensure_ascii=False,
                                             sort_keys=True)
                                + ";\n").encode("utf-8")
    for script in ("search.js", "edition.js"):
        files[script] = (WEB / script).read_bytes()
    css = (WEB / "edition.css").read_text(encoding="utf-8")
    faces, fonts = font_files("".join(html_text))
    files["edition.css"] = (faces + css).encode("utf-8")
    for name, data in files.items():
        if name.endswith(".html") and len(data) > MAX_PAGE_BYTES:
            raise InputError(f"{game} ({locale}): the web page {name} would be "
                             f"{len(data) / 1024:.0f} KB, over its "
                             f"{MAX_PAGE_BYTES // 1024} KB budget")
    total = sum(len(v) for v in files.values())
    if total > MAX_EDITION_BYTES:
        raise InputError(f"{game} ({locale}): the web edition would be {total / 2**20:.2f} MB, "
                         f"over its {MAX_EDITION_BYTES / 2**20:.1f} MB budget")
    shared = Path(out) / game / "fonts"
    shared.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(fonts.items()):
        if not (shared / name).is_file():     # named by its bytes: never rewritten
            write_atomic(shared / name, data)
    return _swap_in(folder, files) + [shared / name for name in sorted(fonts)]


def publish_shared(staged: Path, game_folder: Path) -> None:
    """Bring the files a game's editions share (their fonts, in
    ``<game>/fonts/``) from a build's staging folder into the game's folder:
    named by their bytes, a file already there is the same file."""
    source = staged / "fonts"
    if not source.is_dir():
        return
    target = game_folder / "fonts"
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.iterdir()):
        if path.is_file() and not (target / path.name).is_file():
            write_atomic(target / path.name, path.read_bytes())


def card_uses(cards: list[GalleryCard], examples: list[dict],
              locale: str) -> dict[str, list[tuple[str, str]]]:
    """Card anchor → the worked examples (address, title) whose title or
    narration names the card (a card is named whenever it is played,
    revealed or drawn)."""
    out: dict[str, list[tuple[str, str]]] = {}
    # each example's title and words, read as one (a line break between:
    # no name runs across it, and either side of it is the end of a word)
    texts = [(e, f"{e['t']}\n{e['x']}") for e in examples]
    for anchor, names in _card_forms(cards, locale).items():
        pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
        # (a text naming none of the forms, even inside a longer word, is not searched)
        out[anchor] = [(e["u"], e["t"]) for e, text in texts
                       if any(n in text for n in names) and pattern.search(text)]
    return out


def search_entries(pages: list[tuple[Page, Markup]]) -> list[dict]:
    """Every page's search entries, each address once (the first page that
    holds it), and no two entries alike."""
    seen: set = set()
    out = []
    for page, _ in pages:
        for entry in page.search:
            key = (entry["u"],)
            same = (entry["k"], entry["t"], entry["x"])
            if key in seen or same in seen:
                continue
            seen.update((key, same))
            out.append(entry)
    return out


def _printed(folder: Path, game: str, words: dict) -> list[tuple[str, str]]:
    """Links to the PDFs beside the edition (``herald build`` writes them
    first): the rules, the compendium and the quick reference on each paper."""
    out = []
    for doc, key in (("rules", "rules"), ("examples", "examples"), ("reference", "reference")):
        for path in sorted(folder.glob(f"{game}-{doc}-*.pdf")):
            paper = path.stem.rsplit("-", 1)[-1]
            if paper in PAPERS:
                out.append((f"../{path.name}", f"{words[key]} (PDF, {paper.capitalize()})"))
    return out


def _swap_in(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Write ``files`` into a fresh sibling folder, then put it in ``folder``'s
    place: a failed build never leaves half an edition."""
    import shutil
    import tempfile
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".web-", dir=folder.parent))
    try:
        for name, data in sorted(files.items()):
            write_atomic(tmp / name, data)
        old = folder.with_name(folder.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if folder.exists():
            folder.rename(old)
        tmp.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return [folder / name for name in sorted(files)]
