"""reportlab flowables → HTML: how the web edition shows what a game's kit
lays out for the printed booklet (its cards, figures, key to the diagrams).

A kit's booklet hooks (``booklet_cards``, ``booklet_figure``,
``diagram_key``) return flowables; rather than ask every game for a second
version of each, the web edition reads those flowables back: a paragraph
becomes a paragraph (its reportlab markup mapped to HTML), a list a list, a
table of words a table with header cells, a table holding pictures a row of
blocks, and any drawn flowable an inline SVG drawn by the very same code on
the SVG canvas, named by the words it draws.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape
from reportlab.platypus import Flowable, KeepTogether, ListFlowable, Paragraph, Table
from reportlab.platypus.flowables import (
    CondPageBreak,
    PageBreak,
    Spacer,
)
from reportlab.platypus.paragraph import cleanBlockQuotedText

from .svgcanvas import SVGCanvas

# reportlab paragraph markup → HTML: bold and italic kept, fonts dropped (the
# page's CSS sets the faces), line breaks kept
_TAGS = [(re.compile(r"<b>"), "<strong>"), (re.compile(r"</b>"), "</strong>"),
         (re.compile(r"<i>"), "<em>"), (re.compile(r"</i>"), "</em>"),
         (re.compile(r"<br\s*/?>"), "<br>"),
         (re.compile(r"</?(font|span|super|sub|strike|u|a)\b[^>]*>"), "")]


class ReadParagraph(Paragraph):
    """A paragraph the web edition only reads back (its markup and style):
    reportlab's parse of its markup, which only laying it out needs, is
    made when something asks for more (its words' fragments, its size).
    Made of a booklet's own markup (:func:`~.booklet.markup`: no ``<para>``
    or ``<bullet>`` tag, which would change its style or bullet)."""

    def __init__(self, text: str, style) -> None:
        d = self.__dict__
        d["_unread"] = (text, style)
        # what Paragraph sets before and after its parse, as it would
        d["caseSensitive"], d["encoding"] = 1, "utf8"
        d["text"], d["style"] = cleanBlockQuotedText(text), style
        d["bulletText"], d["debug"] = getattr(style, "bulletText", None), 0

    def __getattr__(self, name: str):
        unread = self.__dict__.pop("_unread", None)
        if unread is None:
            raise AttributeError(name)
        Paragraph.__init__(self, *unread)
        return getattr(self, name)


def paragraph_html(para: Paragraph) -> str:
    """The paragraph's text as HTML (its markup is reportlab's, already escaped)."""
    text = para.text
    for pattern, repl in _TAGS:
        text = pattern.sub(repl, text)
    return text


class FlowHtml:
    """Converts flowables; ``link(html)`` adds the card links to a text,
    ``ids(prefix)`` gives fresh element ids, ``heading_id(plain)`` an anchor
    for a heading (or None), ``canvas(w, h)`` an SVG canvas of the page,
    ``level`` the heading level of the section
    the flowables are in (2: a section's h2)."""

    def __init__(self, link: Callable[[str], str], ids: Callable[[str], str],
                 heading_id: Callable[[str], str | None],
                 canvas: Callable[[float, float], SVGCanvas], level: int = 2,
                 width: float = 480.0,
                 on_panel: Callable[[str, str, str, int], None] | None = None,
                 card_pictures: bool = True):
        self.link, self.ids, self.heading_id, self.canvas = link, ids, heading_id, canvas
        # False: a card's picture is left to its own section (cards.html)
        self.card_pictures = card_pictures
        self.level = level
        self.base = level               # the level before any table cell's nesting
        self.last = level - 1           # the heading the flowables are under
        self.width = width
        # told of each top-level panel of a quick reference (anchor, title,
        # its HTML, depth): the page's contents and search index
        self.on_panel = on_panel
        self.panels = 0
        self.depth = 0

    def convert(self, flowables) -> Markup:
        """Flowables in order; a run of bulleted paragraphs becomes a list,
        a run of numbered panels (a reference's steps) an ordered list."""
        from .reference import Panel
        out: list[str] = []
        run: list[str] = []
        kind = ""
        for f in list(flowables) + [None]:
            now = ("ul" if isinstance(f, Paragraph) and f.bulletText and not _is_heading(f)
                   else "ol" if isinstance(f, Panel) and f.number else "")
            if run and now != kind:
                out.append(f'<{kind} class="ref-{"steps" if kind == "ol" else "items"}">'
                           + "".join(f"<li>{x}</li>" for x in run) + f"</{kind}>")
                run = []
            kind = now
            if f is None:
                break
            if now == "ul":
                run.append(self.link(paragraph_html(f)))
            elif now == "ol":
                run.append(self._one(f))
            else:
                out.append(self._one(f))
        return Markup("\n".join(x for x in out if x))

    def _one(self, f) -> str:
        from .booklet import CardPicture, Heading, Wide
        from .reference import Columns, Masthead, Panel
        if isinstance(f, (Spacer, PageBreak, CondPageBreak)) or not isinstance(f, Flowable):
            return ""
        if isinstance(f, Masthead):
            return (f'<header class="cover"><h1 id="top">{escape(f.game)}</h1>'
                    f'<p class="subtitle">{escape(f.subtitle)}</p></header>')
        if isinstance(f, Panel):
            return self._panel(f)
        if isinstance(f, Columns):
            return "".join(self.convert(col) for col in f.columns)
        if isinstance(f, Wide):
            return self._one(f.child)
        if isinstance(f, KeepTogether):
            return self.convert(f._content)
        if isinstance(f, Heading):
            # a booklet heading's level is the document's, wherever the
            # layout puts it (a card's name sits in a table's cell)
            level = self._heading_level(self.base + f.level)
            anchor = self.heading_id(f.plain)
            attr = f' id="{escape(anchor)}"' if anchor else ""
            return f"<h{level}{attr}>{paragraph_html(f)}</h{level}>"
        if isinstance(f, Paragraph):
            return self._paragraph(f)
        if isinstance(f, ListFlowable):
            items = []
            for item in f._flowables:
                inner = getattr(item, "_flowables", [item])
                items.append("<li>" + " ".join(self._inline(x) for x in inner) + "</li>")
            return "<ul>" + "".join(items) + "</ul>"
        if isinstance(f, Table):
            return self._table(f)
        if isinstance(f, CardPicture):
            return self.picture(f, "card-face") if self.card_pictures else ""
        if not callable(getattr(f, "draw", None)) or type(f).__name__ in _NOT_DRAWN:
            return ""           # nothing drawn: an indent, a page template's switch
        return self.picture(f)

    def _panel(self, f) -> str:
        """A quick reference's framed panel: a section under its heading (a
        step's number before it, in its disc); the top-level ones anchored
        ``ref-<n>`` in the page's order, the same in every locale."""
        top = self.depth == 0
        anchor = ""
        if top:
            self.panels += 1
            anchor = f"ref-{self.panels}"
        level = self._heading_level(self.level + self.depth)
        number = (f'<span class="ref-number" aria-hidden="true">{escape(f.number)}</span> '
                  if f.number else "")
        title_id = f' id="{anchor}-title"' if anchor else ""
        head = (f"<h{level}{title_id}>{number}{escape(f.heading)}</h{level}>"
                if f.heading else "")
        self.depth += 1
        try:
            body = self.convert(f.content)
        finally:
            self.depth -= 1
            self.last = level
        klass = "ref-panel strong" if f.strong else "ref-panel"
        if top and self.on_panel is not None:
            self.on_panel(anchor, f.heading, body, level)
        attrs = (f' id="{anchor}" aria-labelledby="{anchor}-title"' if anchor and f.heading
                 else f' id="{anchor}"' if anchor else "")
        return f'<section class="{klass}"{attrs}>{head}{body}</section>'

    def _inline(self, f) -> str:
        """A list item's content: a paragraph's words without their <p>."""
        if isinstance(f, Paragraph) and not _is_heading(f):
            return self.link(paragraph_html(f))
        return self._one(f)

    def _paragraph(self, p: Paragraph) -> str:
        style = p.style.name
        if _is_heading(p):
            level = self._heading_level(self.level + (1 if style == "h2" else 2 if style == "h3"
                                                      else 0))
            return f"<h{level}>{paragraph_html(p)}</h{level}>"
        klass = ' class="warning" role="alert"' if style == "warning" else ""
        return f"<p{klass}>{self.link(paragraph_html(p))}</p>"

    def _heading_level(self, wanted: int) -> int:
        """A heading's level: never more than one below the heading before it."""
        self.last = max(2, min(6, wanted, self.last + 1))
        return self.last

    def _table(self, t: Table) -> str:
        rows = t._cellvalues
        cells = [c for row in rows for c in row]
        words_only = all(_is_words(c) for c in cells)
        if words_only and len(rows) >= 2 and len(rows[0]) >= 2:
            # a tab stop (a region) only when it scrolls: the page's script decides
            out = [f'<div class="table-box" data-scroll-label="{escape(_plain(rows[0]))}">'
                   "<table>"]
            # an empty corner is no header (a header cell says what its column holds)
            out.append("<thead><tr>" + "".join(
                f'<th scope="col">{self._cell(c)}</th>' if _plain([c]).strip() else "<td></td>"
                for c in rows[0]) + "</tr></thead><tbody>")
            for row in rows[1:]:
                out.append("<tr>" + "".join(f"<td>{self._cell(c)}</td>" for c in row) + "</tr>")
            out.append("</tbody></table></div>")
            return "".join(out)
        # a layout: pictures beside their words, a row at a time
        out = []
        for row in rows:
            parts = [self._cell(c, block=True) for c in row]
            parts = [p for p in parts if p.strip()]
            if not parts:
                continue
            # a picture followed by its words (a key's mark and what it
            # means) stays one pair, whatever the width wraps
            pairs: list[str] = []
            for part in parts:
                if pairs and _only_picture(pairs[-1]) and not _only_picture(part):
                    pairs[-1] = f'<div class="flow-pair">{pairs[-1]}<div>{part}</div></div>'
                else:
                    pairs.append(part)
            klass = "flow-row pairs" if any("flow-pair" in p for p in pairs) else "flow-row"
            out.append(f'<div class="{klass}">' + "".join(
                f'<div class="flow-cell">{p}</div>' for p in pairs) + "</div>")
        return "\n".join(out)

    def _cell(self, value, block: bool = False) -> str:
        if isinstance(value, str):
            return str(escape(value))
        items = value if isinstance(value, (list, tuple)) else [value]
        if not block and all(isinstance(x, Paragraph) and not _is_heading(x) for x in items):
            return "<br>".join(self.link(paragraph_html(x)) for x in items)
        saved, self.level = self.level, self.level + 1
        try:
            return "".join(self._one(x) for x in items)
        finally:
            self.level = saved

    def picture(self, f: Flowable, css_class: str = "figure-art") -> str:
        """A drawn flowable as inline SVG: drawn by its own code on the SVG
        canvas, named by the words it draws (a figure's labels, a card's
        texts); a drawing without words is decoration, hidden from screen
        readers."""
        w, h = f.wrap(self.width, 10_000)
        # a little room each side: a figure's labels may run past the width
        # it reports (the page's margin holds them in print)
        pad = 0 if css_class == "card-face" else PICTURE_PAD
        canvas = self.canvas(w + 2 * pad, h)
        canvas.translate(pad, 0)
        f.canv = canvas
        f.draw()
        del f.canv
        words = " ".join(canvas.words).strip()
        if not words:
            return canvas.inline(css_class=css_class)
        label = self.ids("label")
        return (canvas.inline(label, css_class=css_class)
                + f'<span hidden id="{label}">{escape(words)}</span>')


# flowables that only steer the layout (an indent, a page template, a frame break)
_NOT_DRAWN = ("Indenter", "NextPageTemplate", "FrameBreak", "_FrameBreak", "ActionFlowable")


PICTURE_PAD = 20.0          # points each side of a drawn figure


def _only_picture(html: str) -> bool:
    """A cell that holds a drawing and no words of its own."""
    return html.lstrip().startswith("<svg") and not re.sub(
        r"<svg\b.*?</svg>|<span hidden[^>]*>.*?</span>", "", html, flags=re.S).strip()


def _is_heading(p) -> bool:
    return p.style.name in ("h1", "h2", "h3")


def _is_words(value) -> bool:
    if isinstance(value, str):
        return True
    items = value if isinstance(value, (list, tuple)) else [value]
    return all(isinstance(x, Paragraph) for x in items)


def _plain(row) -> str:
    out = []
    for c in row:
        if isinstance(c, str):
            out.append(c)
        else:
            for x in c if isinstance(c, (list, tuple)) else [c]:
                out.append(re.sub(r"<[^>]+>", "", x.text))
    return Markup(" · ".join(s for s in out if s)).unescape()
