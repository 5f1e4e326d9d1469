"""Text boxes of a layout: ``**bold**``, ``*italic*``, ``:icon:`` inline,
hard line breaks, paragraphs (a blank line), hyphenation, and the largest
size from the box's ``size`` down to its floor at which the text fits.

The breaking follows :mod:`herald.generator.render.text` (greedy, a word
hyphenated by pyphen when it does not fit or would leave a very short
line, the locale's typography first); it differs in that a word may mix
fonts and icons. Text that does not fit even at the floor is drawn at the
floor, clipped to its box, and reported (:attr:`Block.overflow`): the
caller warns, naming the card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from ..render.fonts import require_glyphs
from ..render.text import hyphenation_points, typography

SHORT_LINE = 0.6          # a line filled below this is "very short": hyphenate the next word
PARAGRAPH_GAP = 0.45      # em between paragraphs, beyond the leading
ICON_GAP = 0.08           # em between an icon and the text glued to it
_EPS = 1e-6
_ICON = re.compile(r":([a-z0-9_-]+):", re.IGNORECASE)
_MARK = 0xF0000          # icons stand as private-use characters while typography runs
# a backslash and a star (\*) print a star as itself ("2 \* 3"); a lone backslash is text
_TOKEN = re.compile("\\\\\\*|\\\\|\\*\\*|\\*|[\U000F0000-\U000FFFFD]|\n|[ \t]+|"
                    "[^*\\\\\n \t\U000F0000-\U000FFFFD]+")
STYLES = {  # base font -> (bold, italic, bold italic): the faces Herald embeds
    "Garamond": ("Garamond-Bold", "Garamond-Italic", "Garamond-Bold"),
    "Garamond-Medium": ("Garamond-Bold", "Garamond-Italic", "Garamond-Bold"),
    "Garamond-SemiBold": ("Garamond-Bold", "Garamond-Italic", "Garamond-Bold"),
    "Garamond-Bold": ("Garamond-Bold", "Garamond-Italic", "Garamond-Bold"),
    "Garamond-Italic": ("Garamond-Bold", "Garamond-Italic", "Garamond-Bold"),
    "Cinzel": ("Cinzel-Bold", "Cinzel", "Cinzel-Bold"),
    "Cinzel-Bold": ("Cinzel-Bold", "Cinzel-Bold", "Cinzel-Bold"),
}


@dataclass(frozen=True)
class Piece:
    font: str          # "" for an icon
    text: str          # the icon's name for an icon


Word = tuple[Piece, ...]


@lru_cache(maxsize=256)
def _extents(font: str) -> tuple[float, float]:
    ascent, descent = getAscentDescent(font, 1000)
    return ascent / 1000, -descent / 1000


@lru_cache(maxsize=65536)
def _unit(text: str, font: str) -> float:
    return stringWidth(text, font, 1000) / 1000


class MarkupError(ValueError):
    """Text a layout cannot set as written: the caller names the card and field."""


class UnknownIcon(MarkupError):
    pass


def parse(text: str, font: str, locale: str, icons) -> list[list[list[Word]]]:
    """Paragraphs, each a list of hard lines, each a list of words. ``icons``:
    the names that may stand between colons. Raises UnknownIcon, MissingGlyph."""
    names: list[str] = []

    def mark(m: re.Match) -> str:
        name = m.group(1).lower()
        if name not in icons:
            raise UnknownIcon(f"unknown icon {m.group(0)} (icons: "
                              f"{', '.join(sorted(icons)) or 'none in the folder'})")
        names.append(name)
        return chr(_MARK + len(names) - 1)

    # icons first, so that French typography does not space ":coin:" apart
    text = typography(_ICON.sub(mark, text.replace("\r\n", "\n")), locale, font)
    bold = italic = False
    paragraphs: list[list[list[Word]]] = [[[]]]
    word: list[Piece] = []

    def end_word():
        nonlocal word
        if word:
            line = paragraphs[-1][-1]
            if not word[0].font and line and line[-1][-1].font and \
                    line[-1][-1].text[-1:].isdigit():
                # "2 :coin:" is one word: a number never ends a line without its icon
                line[-1] = (*line[-1], Piece(line[-1][-1].font, "\u00a0"), *word)
            else:
                line.append(tuple(word))
        word = []

    pending_newlines = 0
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if token == "\n":
            end_word()
            pending_newlines += 1
            continue
        if pending_newlines:
            if pending_newlines > 1 and any(paragraphs[-1]):
                paragraphs.append([[]])
            elif any(paragraphs[-1]):
                paragraphs[-1].append([])
            pending_newlines = 0
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token == "\\*":
            _add_text(word, "*", _styled(font, bold, italic))
        elif token[0] in " \t":
            end_word()
        elif len(token) == 1 and ord(token) >= _MARK:
            word.append(Piece("", names[ord(token) - _MARK]))
        else:
            _add_text(word, token, _styled(font, bold, italic))
    end_word()
    if bold or italic:
        # "2 * 3" or "10**9" would set the rest of the text in italic or bold
        star = "**" if bold else "*"
        raise MarkupError(f"a {star} that nothing closes ({'bold' if bold else 'italic'} to "
                          f"the end); write \\* for a star printed as itself")
    return [[line for line in para] for para in paragraphs if any(para)]


def _add_text(word: list[Piece], text: str, styled: str) -> None:
    require_glyphs(text, styled)
    if word and word[-1].font == styled:
        word[-1] = Piece(styled, word[-1].text + text)
    else:
        word.append(Piece(styled, text))


def _styled(font: str, bold: bool, italic: bool) -> str:
    if not (bold or italic):
        return font
    b, i, bi = STYLES.get(font, (font, font, font))
    return bi if bold and italic else b if bold else i


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    width: float
    hyphen: bool = False


@dataclass(frozen=True)
class Block:
    lines: tuple[Line, ...]
    baselines: tuple[float, ...]   # below the box's top
    size: float
    height: float
    width: float
    overflow: bool = False


class Typesetter:
    """Widths and drawing of words, knowing each icon's proportions."""

    def __init__(self, icon_ratio: dict[str, float]):
        self.icon_ratio = icon_ratio     # icon name -> width / height

    def piece_width(self, piece: Piece, size: float) -> float:
        if not piece.font:
            return (self.icon_ratio.get(piece.text, 1.0) + 2 * ICON_GAP) * size
        return _unit(piece.text, piece.font) * size

    def word_width(self, word: Word, size: float) -> float:
        return sum(self.piece_width(p, size) for p in word)

    def _split(self, word: Word, locale: str, room: float, size: float):
        """The longest hyphenated head of a one-font word fitting ``room``, and the rest."""
        if len(word) != 1 or not word[0].font:
            return None
        piece = word[0]
        best = None
        for i, add in hyphenation_points(piece.text, locale):
            head = piece.text[:i] + ("-" if add else "")
            if _unit(head, piece.font) * size <= room + _EPS:
                best = (i, head)
            else:
                break
        if best is None:
            return None
        i, head = best
        return (Piece(piece.font, head),), (Piece(piece.font, piece.text[i:]),)

    def lines(self, words: list[Word], width: float, size: float, space_font: str,
              locale: str, hyphenate: bool) -> list[Line]:
        space = _unit(" ", space_font) * size
        out: list[Line] = []
        current: list[Word] = []
        used = 0.0
        queue = list(words)
        while queue:
            word = queue.pop(0)
            w = self.word_width(word, size)
            gap = space if current else 0.0
            if used + gap + w <= width + _EPS:
                current.append(word)
                used += gap + w
                continue
            if hyphenate and (w > width or used < SHORT_LINE * width):
                split = self._split(word, locale, width - used - gap, size)
                if split is not None:
                    head, rest = split
                    current.append(head)
                    out.append(Line(tuple(current), used + gap + self.word_width(head, size),
                                    True))
                    current, used = [], 0.0
                    queue.insert(0, rest)
                    continue
            if current:
                out.append(Line(tuple(current), used))
                current, used = [], 0.0
                queue.insert(0, word)
                continue
            current, used = [word], w          # alone and too wide: overflows
        if current:
            out.append(Line(tuple(current), used))
        return out

    def block(self, paragraphs, width: float, size: float, leading: float, font: str,
              locale: str, hyphenate: bool) -> Block:
        ascent, descent = _extents(font)
        lines: list[Line] = []
        baselines: list[float] = []
        y = ascent * size
        for p, para in enumerate(paragraphs):
            if p:
                y += leading * size + PARAGRAPH_GAP * size
            first = True
            for hard in para:
                for line in self.lines(hard, width, size, font, locale, hyphenate) or \
                        [Line((), 0.0)]:
                    if not first:
                        y += leading * size
                    first = False
                    lines.append(line)
                    baselines.append(y)
        height = y + descent * size if lines else 0.0
        return Block(tuple(lines), tuple(baselines), size, height,
                     max((ln.width for ln in lines), default=0.0))

    def fit(self, paragraphs, width: float, height: float, size: float, floor: float,
            leading: float, font: str, locale: str, hyphenate: bool) -> Block:
        """The largest size from ``size`` down to ``floor`` (quarter points) at which
        the text fits; else the floor's, marked ``overflow``."""
        k = int(round(size * 4))
        block = None
        while k >= int(round(floor * 4 - 1e-9)) and k > 0:
            block = self.block(paragraphs, width, k / 4, leading, font, locale, hyphenate)
            if block.height <= height + _EPS and block.width <= width + _EPS:
                return block
            k -= 1
        if block is None:
            block = self.block(paragraphs, width, floor, leading, font, locale, hyphenate)
        return Block(block.lines, block.baselines, block.size, block.height, block.width,
                     overflow=True)

    def draw(self, canvas, block: Block, x: float, top: float, width: float, align: str,
             draw_icon) -> None:
        """Lines from ``top`` (the box's top edge) down; ``draw_icon(canvas, name,
        x, y, w, h)`` draws an icon in the box given."""
        size = block.size
        icons = []
        text = canvas.beginText()
        for line, down in zip(block.lines, block.baselines):
            if align == "center":
                cursor = x + (width - line.width) / 2
            elif align == "right":
                cursor = x + width - line.width
            else:
                cursor = x
            y = top - down
            space = _unit(" ", line.words[0][0].font or "Garamond") * size if line.words else 0
            for n, word in enumerate(line.words):
                if n:
                    cursor += space
                for piece in word:
                    w = self.piece_width(piece, size)
                    if piece.font:
                        text.setFont(piece.font, size)
                        text.setTextOrigin(cursor, y)
                        text.textOut(piece.text)
                    else:
                        icons.append((piece.text, cursor + ICON_GAP * size, y - 0.2 * size,
                                      w - 2 * ICON_GAP * size, size))
                    cursor += w
        canvas.drawText(text)
        for name, ix, iy, iw, ih in icons:
            draw_icon(canvas, name, ix, iy, iw, ih)
