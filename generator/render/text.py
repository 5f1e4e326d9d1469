"""Typography and text fitting for cards.

* :func:`typography` / :func:`french_typography`: the spaces French puts
  before ``; ! ? :`` and inside « », as no-break spaces.
* :func:`layout_paragraph`: a greedy line breaker for one paragraph, with
  hyphenation (pyphen) when a word does not fit or would leave a short line,
  and an inline icon in place of each mention of influence ("2 points
  d'Influence" is drawn as "2" and the icon, never split across lines).
* :func:`fit_text`: the largest size (0.25 pt steps) at which paragraphs fit
  a box; never below :data:`MIN_BODY_PT` — below that, :class:`TextDoesNotFit`.

Lengths are reportlab points. Text is measured with reportlab's own metrics
(no kerning, no shaping), so what is measured is exactly what is drawn.
Everything is deterministic; the only state is caches.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cache, lru_cache

from .fonts import NBSP, NNBSP, font_has_char, require_glyphs
from .geometry import MIN_BODY_PT

__all__ = [
    "Block", "InlineIcon", "Line", "MIN_BODY_PT", "NBSP", "NNBSP", "TextDoesNotFit",
    "fit_text", "french_typography", "german_typography", "hyphenation_points",
    "influence_icon", "spanish_typography",
    "layout_paragraph", "typography",
]

DrawIcon = Callable[[object, float, float, float], None]

SOFT_HYPHEN = "\u00ad"
HYPHEN = "-"
MIN_FRAGMENT = 3          # letters kept on each side of a hyphenation break
SHORT_LINE = 0.6          # a line filled below this fraction is "very short"
_EPS = 1e-6


# -- typography ------------------------------------------------------------------

_URL = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)\S+", re.IGNORECASE)
_SPACES = "[ \u00a0\u202f\u2009]"


def french_typography(text: str, narrow: str = NNBSP) -> str:
    """French spacing: ``narrow`` (U+202F) before ; ! ?, U+00A0 before : and
    inside « ». An ordinary space already there is replaced, never doubled.
    URLs and times/ratios ("12:30") are left alone."""
    urls: list[str] = []

    def protect(m: re.Match) -> str:
        urls.append(m.group(0))
        return f"\ue100{len(urls) - 1}\ue101"

    text = _URL.sub(protect, text)
    # Before ; ! ? — only before the first of a run ("Quoi ?!").
    text = re.sub(rf"(?<=[^\s;!?]){_SPACES}*([;!?]+)", rf"{narrow}\1", text)
    # Before : — not in "12:30" or "2:1", not in "::".
    text = re.sub(rf"(?<=[^\s:]){_SPACES}*:(?![\d:/])", f"{NBSP}:", text)
    # Inside « ».
    text = re.sub(rf"«{_SPACES}*(?=\S)", f"«{NBSP}", text)
    text = re.sub(rf"(?<=\S){_SPACES}*»", f"{NBSP}»", text)
    return re.sub("\ue100(\\d+)\ue101", lambda m: urls[int(m.group(1))], text)


_ORDINAL = re.compile(r"\b(\d+)(er|re|e|ers|res|es)\b")
_SUPERSCRIPT = {"e": "\u1d49", "r": "\u02b3", "s": "\u02e2"}


def curly_quotes(text: str) -> str:
    """Typewriter quotes → typographic ones: an apostrophe or closing single
    quote is U+2019, an opening one U+2018, and straight double quotes pair
    as “ ”. URLs are left alone."""
    urls: list[str] = []

    def protect(m: re.Match) -> str:
        urls.append(m.group(0))
        return f"\ue100{len(urls) - 1}\ue101"

    text = _URL.sub(protect, text)
    text = re.sub(r"(?:(?<=^)|(?<=[\s(\[«—–]))'(?=\w)", "\u2018", text)
    text = text.replace("'", "\u2019")
    text = re.sub(r'(?:(?<=^)|(?<=[\s(\[—–]))"', "\u201c", text)
    text = text.replace('"', "\u201d")
    return re.sub("\ue100(\\d+)\ue101", lambda m: urls[int(m.group(1))], text)


def french_ordinals(text: str) -> str:
    """2e → 2ᵉ, 1er → 1ᵉʳ, 1re → 1ʳᵉ: French ordinal endings in superscript."""
    return _ORDINAL.sub(lambda m: m.group(1) + "".join(_SUPERSCRIPT[c] for c in m.group(2)),
                        text)


def keep_dashes(text: str) -> str:
    """A spaced dash stays with the word before it, so that no line starts
    with one."""
    return re.sub(r" ([–—])", "\u00a0\\1", text)


def _no_space_before_marks(text: str) -> str:
    """No space before ! ? : ; (German and Spanish, unlike French): a French
    narrow space carried over by a translation is taken out. Not in "12:30"."""
    return re.sub(rf"{_SPACES}+([!?;]|:(?![\d:/]))", r"\1", text)


def german_typography(text: str) -> str:
    """German quotes: “…” → „…“, ‘…’ → ‚…‘ (German's own „…“ are left as
    they are); no space before ! ? : ;; a French « » left in a translation
    becomes „…“; an abbreviation of two letters ("z. B.", "d. h.") and an
    ordinal before its noun ("2. Runde") are never split across lines."""
    text = _no_space_before_marks(text)
    text = re.sub(r"\b([A-Za-zÄÖÜäöü])\. ([A-Za-zÄÖÜäöü])\.", f"\\1.{NBSP}\\2.", text)
    text = re.sub(r"(?<![\d.])(\d{1,2})\. (?=[A-ZÄÖÜ])", f"\\1.{NBSP}", text)
    text = re.sub(rf"«{_SPACES}*(.*?){_SPACES}*»", "\u201e\\1\u201c", text)
    text = re.sub("\u201c([^\u201c\u201d\u201e]*)\u201d", "\u201e\\1\u201c", text)
    return re.sub("\u2018([^\u2018\u2019]*?)\u2019(?!\\w)", "\u201a\\1\u2018", text)


def spanish_typography(text: str) -> str:
    """Spanish quotes as Spanish editors set them: «…» with no space inside
    (“…” is their second level, inside «…»: a “…” alone becomes «…»); no
    space before ! ? : ;; ¿ and ¡ stay with the word they open."""
    text = _no_space_before_marks(text)
    text = re.sub(rf"«{_SPACES}+", "«", text)
    text = re.sub(rf"{_SPACES}+»", "»", text)
    if "«" not in text:
        text = re.sub("\u201c([^\u201c\u201d]*)\u201d", "«\\1»", text)
    return re.sub(rf"([¿¡]){_SPACES}+", r"\1", text)


_LOCAL_TYPOGRAPHY = {"de": german_typography, "es": spanish_typography}


@lru_cache(maxsize=1 << 16)
def typography(text: str, locale: str, font: str | None = None) -> str:
    """Locale-specific typography: curly quotes and apostrophes and dashes
    that never start a line everywhere; in French, the spaces before ; : ! ?
    and inside « », and superscript ordinals (2ᵉ); German „…“ and Spanish «…»
    with no space before ! ? : ; (:func:`german_typography`,
    :func:`spanish_typography`).

    With ``font`` (a registered reportlab name), U+202F becomes U+00A0 and a
    superscript ending stays on the line when that font has no glyph for it.

    A TAB is white space like any other in running text (fonts have no glyph
    for it): it prints as one space.

    Kept per arguments: a build sets the same words (a card's name, a
    narration's phrase, a rules paragraph laid out at each trial size) many
    times, and a result depends on them alone (and on the registered fonts,
    which never change once registered)."""
    text = keep_dashes(curly_quotes(text.replace("\t", " ")))
    lang = locale.split("-")[0].split("_")[0]
    if lang == "fr":
        text = french_typography(text)
        ordinals = french_ordinals(text)
        if font is None or all(font_has_char(font, c) for c in set(ordinals) - set(text)):
            text = ordinals
    elif lang in _LOCAL_TYPOGRAPHY:
        text = _LOCAL_TYPOGRAPHY[lang](text)
    else:
        # a French source quoted in another language (a rulings table): its
        # guillemets stay on their words, never alone at a line's end or start
        text = re.sub(rf"«{_SPACES}+(?=\S)", f"«{NBSP}", text)
        text = re.sub(rf"(?<=\S){_SPACES}+»", f"{NBSP}»", text)
    if font is not None and NNBSP in text and not font_has_char(font, NNBSP):
        text = text.replace(NNBSP, NBSP)
    return text


# -- hyphenation -------------------------------------------------------------------

_PYPHEN_LANG = {"fr": "fr_FR", "en": "en_GB", "de": "de_DE", "es": "es_ES",
                "it": "it_IT", "nl": "nl_NL", "pt": "pt_PT"}


@cache
def _hyphenator(locale: str):
    # pyphen's, its patterns parsed as words need them (.hyphenation)
    import pyphen

    from .hyphenation import hyphenator
    lang = locale.replace("-", "_")
    candidates = [lang, _PYPHEN_LANG.get(lang.split("_")[0], "")]
    for cand in candidates:
        if cand and cand in pyphen.LANGUAGES:
            return hyphenator(cand, MIN_FRAGMENT, MIN_FRAGMENT)
    fallback = pyphen.language_fallback(lang)
    if fallback:
        return hyphenator(fallback, MIN_FRAGMENT, MIN_FRAGMENT)
    return None


@lru_cache(maxsize=4096)
def hyphenation_points(word: str, locale: str) -> tuple[tuple[int, bool], ...]:
    """Where ``word`` may break: ``(index, add_hyphen)`` pairs, index into ``word``.

    Breaks fall inside runs of letters (pyphen), or after an existing hyphen;
    at least three letters stay on each side of every break."""
    dic = _hyphenator(locale)
    points: dict[int, bool] = {}
    for m in re.finditer(r"[^\W\d_]+", word):
        run = m.group(0)
        if dic is not None and len(run) >= 2 * MIN_FRAGMENT:
            for pos in dic.positions(run):
                points[m.start() + pos] = True
    for i, ch in enumerate(word[:-1]):
        if ch in "-\u2010" and i + 1 not in points:
            points[i + 1] = False
    letters_before = [0] * (len(word) + 1)
    for i, ch in enumerate(word):
        letters_before[i + 1] = letters_before[i] + ch.isalpha()
    total = letters_before[-1]
    return tuple(sorted((i, hy) for i, hy in points.items()
                        if letters_before[i] >= MIN_FRAGMENT
                        and total - letters_before[i] >= MIN_FRAGMENT))


# -- inline icon ----------------------------------------------------------------------

@dataclass(frozen=True)
class InlineIcon:
    """An icon drawn in place of a word that follows a number.

    ``draw(canvas, x, y_baseline, size)`` draws it in the box from ``x`` to
    ``x + width_em * size`` (``size``: the text's font size), e.g. a circle of
    radius ``0.4 * size`` centred at ``(x + width_em * size / 2, y + 0.32 * size)``.
    ``words`` are the words it replaces ("point d'Influence", "points
    d'Influence"); a straight and a curly apostrophe are both accepted.
    """
    draw: DrawIcon
    words: tuple[str, ...]
    width_em: float = 0.9
    gap_em: float = 0.12        # between the number and the icon

    def __post_init__(self):
        if isinstance(self.words, str):
            object.__setattr__(self, "words", (self.words,))

    @property
    def pattern(self) -> re.Pattern:
        return _icon_pattern(tuple(self.words))


@lru_cache(maxsize=64)
def _icon_pattern(words: tuple[str, ...]) -> re.Pattern:
    alternatives = []
    for word in sorted(set(words), key=lambda w: (-len(w), w)):
        parts = [r"[\s]+" if ch.isspace() else ("['\u2019]" if ch in "'\u2019"
                                                else re.escape(ch)) for ch in word]
        alternatives.append("".join(parts))
    return re.compile(r"(?<![\w.,])(\d+)\s+(?:" + "|".join(alternatives) + r")(?!\w)",
                      re.IGNORECASE)


def influence_icon(database, locale: str, draw: DrawIcon, width_em: float = 0.9) -> InlineIcon:
    """The influence icon of ``database`` in ``locale``: replaces the words
    ``terms.<locale>.influence`` and ``influence_plural`` after a number."""
    terms = database.terms[locale]
    words = tuple(dict.fromkeys((terms.influence_plural, terms.influence)))
    return InlineIcon(draw=draw, words=words, width_em=width_em)


# -- measuring -------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    """Width of ``text`` at 1 pt."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    return stringWidth(text, font, 1000) / 1000.0


@lru_cache(maxsize=256)
def _extents(font: str) -> tuple[float, float]:
    """(ascent, descent) of ``font`` per point of size, descent positive."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent
    ascent, descent = getAscentDescent(font, 1000)
    return ascent / 1000.0, -descent / 1000.0


# -- words and lines ----------------------------------------------------------------------

_ICON_MARK = "\ue000"      # stands for the icon inside a word


@dataclass(frozen=True)
class _Word:
    """A piece of text between breakable spaces; may hold icon marks."""
    text: str                         # soft hyphens removed
    soft: tuple[int, ...] = ()        # soft hyphen positions in text
    whole: bool = False               # never hyphenated (words tied to end a paragraph)

    def width(self, font: str, icon: InlineIcon | None) -> float:
        return _segments_width(_split_icons(self.text), font, icon)


def _split_icons(text: str) -> list[str]:
    """Text split so that each icon mark is a segment of its own."""
    if _ICON_MARK not in text:      # most words: no icon, no split to make
        return [text] if text else []
    return [s for s in re.split(f"({_ICON_MARK})", text) if s]


def _segments_width(segments: Iterable[str], font: str, icon: InlineIcon | None) -> float:
    w = 0.0
    for seg in segments:
        if seg == _ICON_MARK:
            w += (icon.gap_em + icon.width_em) if icon else 0.0
        else:
            w += _unit_width(seg, font)
    return w


@dataclass(frozen=True)
class Line:
    """One laid-out line: ``draw(canvas, x, y_baseline)`` draws it with its
    left end at ``x``; ``width`` is its width in points."""
    text: str                 # with icon marks (U+E000)
    font: str
    size: float
    width: float
    icon: InlineIcon | None = None
    hyphenated: bool = False

    @property
    def icons(self) -> int:
        return self.text.count(_ICON_MARK)

    @property
    def plain(self) -> str:
        """The line's text, the icon written as "[icon]"."""
        return self.text.replace(_ICON_MARK, "[icon]")

    def draw(self, canvas, x: float, y_baseline: float) -> None:
        text = canvas.beginText()
        icons: list = []
        self.emit(text, x, y_baseline, icons)
        canvas.drawText(text)
        draw_icons(canvas, icons)

    def emit(self, text, x: float, y_baseline: float, icons: list) -> None:
        """Put the line's words into the text object ``text``; append where its
        icons go to ``icons`` (icons are paths: drawn after the text object)."""
        text.setFont(self.font, self.size)
        cursor = x
        for seg in _split_icons(self.text):
            if seg == _ICON_MARK:
                if self.icon is None:
                    continue
                cursor += self.icon.gap_em * self.size
                icons.append((self.icon, cursor, y_baseline, self.size))
                cursor += self.icon.width_em * self.size
            else:
                text.setTextOrigin(cursor, y_baseline)
                text.textOut(seg)
                cursor += _unit_width(seg, self.font) * self.size


def draw_icons(canvas, icons) -> None:
    """Draw the icons ``Line.emit`` collected, once their text object is drawn."""
    for icon, x, y, size in icons:
        canvas.saveState()
        icon.draw(canvas, x, y, size)
        canvas.restoreState()


@lru_cache(maxsize=1 << 14)
def _prepare(text: str, font: str, locale: str, icon: InlineIcon | None,
             field: str = "text") -> list[list[_Word]]:
    """Typography, icons, and words: a list of hard lines, each a list of words.
    A character ``font`` cannot draw raises MissingGlyph naming ``field``.

    Kept per arguments (a text is fitted at many sizes and widths): the
    lists returned are shared, and read only."""
    text = typography(text, locale, font)
    require_glyphs(text, font, field)
    if icon is not None:
        text = icon.pattern.sub(lambda m: m.group(1) + _ICON_MARK, text)
    hard_lines = []
    for raw in text.split("\n"):
        words = []
        for token in re.split(r"[ \t\r\f\v]+", raw.strip(" \t\r\f\v")):
            if not token:
                continue
            soft: list[int] = []
            clean: list[str] = []
            for ch in token:
                if ch == SOFT_HYPHEN:
                    soft.append(len(clean))
                else:
                    clean.append(ch)
            words.append(_Word("".join(clean), tuple(soft)))
        hard_lines.append(words)
    return hard_lines


def _break_points(word: _Word, locale: str) -> list[tuple[int, bool]]:
    if word.whole:
        return []
    if _ICON_MARK in word.text:
        # Break only in the text before the number; never near the icon.
        head = re.split(r"\d*" + _ICON_MARK, word.text)[0]
        return [p for p in hyphenation_points(head, locale) if p[0] < len(head)]
    points = dict(hyphenation_points(word.text, locale))
    for i in word.soft:
        if 0 < i < len(word.text):
            points[i] = True
    return sorted(points.items())


def _split(word: _Word, locale: str, font: str, icon: InlineIcon | None,
           room: float, size: float) -> tuple[str, _Word] | None:
    """The longest head of ``word`` (with its hyphen) fitting ``room``, and the rest."""
    best = None
    for i, add_hyphen in _break_points(word, locale):
        head = word.text[:i] + (HYPHEN if add_hyphen else "")
        if _segments_width(_split_icons(head), font, icon) * size <= room + _EPS:
            best = (i, head)
        else:
            break
    if best is None:
        return None
    i, head = best
    rest = _Word(word.text[i:], tuple(p - i for p in word.soft if p > i))
    return head, rest


def _layout_words(words: list[_Word], width: float, font: str, size: float,
                  locale: str, icon: InlineIcon | None) -> list[Line]:
    space = _unit_width(" ", font) * size
    lines: list[Line] = []
    parts: list[str] = []
    used = 0.0

    def flush(hyphenated: bool = False):
        nonlocal parts, used
        if parts:
            lines.append(Line(" ".join(parts), font, size, used, icon, hyphenated))
        parts, used = [], 0.0

    queue = list(words)
    while queue:
        word = queue.pop(0)
        w = word.width(font, icon) * size
        gap = space if parts else 0.0
        if used + gap + w <= width + _EPS:
            parts.append(word.text)
            used += gap + w
            continue
        room = width - used - gap
        must = w > width + _EPS                 # does not fit even on a line alone
        short = used < SHORT_LINE * width       # this line would stay very short
        if must or short:
            split = _split(word, locale, font, icon, room, size) if room > 0 else None
            if split is not None:
                head, rest = split
                parts.append(head)
                used += gap + _segments_width(_split_icons(head), font, icon) * size
                flush(hyphenated=head.endswith(HYPHEN))
                queue.insert(0, rest)
                continue
        if parts:
            flush()
            queue.insert(0, word)
            continue
        # Alone on its line and too wide: break it if possible, else overflow.
        split = _split(word, locale, font, icon, width, size)
        if split is not None:
            head, rest = split
            parts.append(head)
            used = _segments_width(_split_icons(head), font, icon) * size
            flush(hyphenated=head.endswith(HYPHEN))
            queue.insert(0, rest)
        else:
            parts.append(word.text)
            used = w
            flush()
    flush()
    return lines


def layout_paragraph(text: str, width: float, font: str, size: float, leading: float,
                     locale: str, icon: InlineIcon | None = None,
                     no_lone_last_word: bool = False) -> list[Line]:
    """Break one paragraph into lines no wider than ``width`` where possible.

    French typography is applied for ``locale`` "fr"; a newline forces a line
    break. A line wider than ``width`` (one unbreakable word) is kept as is:
    check ``line.width``. ``leading`` is accepted for symmetry with
    :func:`fit_text`; lines are ``leading`` apart when drawn by a Block.

    With ``no_lone_last_word``, a paragraph whose last line would hold a
    single word ("gain / 1") is broken again with its last two words tied by a
    no-break space, so that the previous line gives one up."""
    del leading
    return list(_paragraph_lines(text, width, font, size, locale, icon, no_lone_last_word))


@lru_cache(maxsize=1 << 14)
def _paragraph_lines(text: str, width: float, font: str, size: float, locale: str,
                     icon: InlineIcon | None, no_lone_last_word: bool) -> tuple[Line, ...]:
    """:func:`layout_paragraph`'s lines, kept per arguments: a card's text is
    laid out again at the same sizes for every document that prints it."""
    lines: list[Line] = []
    for words in _prepare(text, font, locale, icon):
        para = _layout_words(words, width, font, size, locale, icon)
        if no_lone_last_word and len(para) > 1 and len(words) > 1 \
                and " " not in para[-1].text:
            tied = _Word(words[-2].text + NBSP + words[-1].text, whole=True)
            again = _layout_words(words[:-2] + [tied], width, font, size, locale, icon)
            if all(line.width <= width + _EPS for line in again):
                para = again
        lines.extend(para)
    return tuple(lines)


# -- blocks and fitting -----------------------------------------------------------------------

class TextDoesNotFit(ValueError):
    """Text that would need to be set below the minimum size.

    ``field`` names the text ("ability"); ``needed`` and ``available`` are
    lengths in points along ``dimension`` ("height" or "width"), measured at
    ``size``. The message reads like "ability does not fit: needs 45.2 mm,
    40.0 mm available (at 6.5 pt, the smallest size allowed)"; callers prefix
    it with the card and locale."""

    def __init__(self, field: str, needed: float, available: float,
                 size: float = MIN_BODY_PT, dimension: str = "height"):
        self.field, self.needed, self.available = field, needed, available
        self.size, self.dimension = size, dimension
        mm = 72 / 25.4
        what = "a line" if dimension == "width" else "it"
        super().__init__(
            f"{field} does not fit: {what} needs {needed / mm:.1f} mm of {dimension}, "
            f"{available / mm:.1f} mm available (at {size:g} pt, the smallest size "
            "allowed); shorten the text or enlarge the box")


@dataclass(frozen=True)
class Block:
    """Laid-out paragraphs: ``lines[i]`` has its baseline ``baselines[i]``
    points below the block's top. ``height`` runs from the font's ascent above
    the first baseline to its descent below the last."""
    size: float
    leading: float
    lines: tuple[Line, ...]
    baselines: tuple[float, ...]
    height: float
    box_width: float
    box_height: float = 0.0
    paragraph_ends: tuple[int, ...] = dc_field(default=())

    @property
    def width(self) -> float:
        """The widest line."""
        return max((ln.width for ln in self.lines), default=0.0)

    def draw(self, canvas, x_left: float, y_top: float, align: str = "center") -> None:
        """Draw with the box's top-left corner at ``(x_left, y_top)``;
        ``align``: "center", "left" or "right" within ``box_width``."""
        if align not in ("center", "left", "right"):
            raise ValueError(f"align: expected center, left or right, got {align!r}")
        # One text object for the whole block (far cheaper than one per line).
        text = canvas.beginText()
        icons: list = []
        for line, down in zip(self.lines, self.baselines):
            if align == "left":
                x = x_left
            elif align == "right":
                x = x_left + self.box_width - line.width
            else:
                x = x_left + (self.box_width - line.width) / 2
            line.emit(text, x, y_top - down, icons)
        canvas.drawText(text)
        draw_icons(canvas, icons)


def _font_name(fonts) -> str:
    if isinstance(fonts, str):
        return fonts
    for attr in ("body", "regular"):
        name = getattr(fonts, attr, None)
        if isinstance(name, str):
            return name
    raise TypeError(f"fonts: expected a font name or FontNames, got {fonts!r}")


def _sizes(max_size: float, min_size: float) -> list[float]:
    """max_size, then each quarter point below it, down to min_size."""
    sizes = [float(max_size)]
    k = int(max_size * 4 - 1e-9)          # the quarter point below max_size
    while k / 4 >= min_size - 1e-9:
        if k / 4 < max_size - 1e-9:
            sizes.append(k / 4)
        k -= 1
    return sizes


def _block(prepared: list[list[list[_Word]]], box_width: float, font: str, size: float,
           leading_ratio: float, paragraph_spacing: float, locale: str,
           icon: InlineIcon | None, box_height: float = 0.0) -> Block:
    leading = size * leading_ratio
    ascent, descent = _extents(font)
    lines: list[Line] = []
    baselines: list[float] = []
    ends: list[int] = []
    y = ascent * size
    for hard_lines in prepared:
        para: list[Line] = []
        for words in hard_lines:
            para.extend(_layout_words(words, box_width, font, size, locale, icon))
        if not para:
            continue                        # an empty paragraph adds nothing
        if lines:
            y += leading + paragraph_spacing * size
        for j, line in enumerate(para):
            if j:
                y += leading
            lines.append(line)
            baselines.append(y)
        ends.append(len(lines))
    height = (y + descent * size) if lines else 0.0
    return Block(size, leading, tuple(lines), tuple(baselines), height, box_width,
                 box_height, tuple(ends))


def fit_text(paragraphs: str | Sequence[str], box_width: float, box_height: float,
             fonts, locale: str, max_size: float, min_size: float = MIN_BODY_PT,
             leading_ratio: float = 1.18, icon: InlineIcon | None = None, *,
             field: str = "text", paragraph_spacing: float = 0.4,
             balance: bool = False) -> Block:
    """The largest size, from ``max_size`` down in 0.25 pt steps, at which
    ``paragraphs`` fit ``box_width`` x ``box_height``.

    ``fonts``: a font name or the :class:`FontNames` of ``register_fonts()``
    (its body face is used). Paragraphs are ``paragraph_spacing`` em further
    apart than lines. ``balance`` evens out line lengths (for centred text)
    without adding lines. Raises :class:`TextDoesNotFit` when even
    ``min_size`` (never below 6.5 pt) does not fit.
    """
    if min_size < MIN_BODY_PT - 1e-9:
        raise ValueError(f"min_size {min_size} pt: body text is never below {MIN_BODY_PT} pt")
    if max_size < min_size:
        raise ValueError(f"max_size {max_size} pt is below min_size {min_size} pt")
    font = _font_name(fonts)
    if isinstance(paragraphs, str):
        paragraphs = [paragraphs]
    prepared = [_prepare(p, font, locale, icon, field) for p in paragraphs]
    block = None
    for size in _sizes(max_size, min_size):
        block = _block(prepared, box_width, font, size, leading_ratio,
                       paragraph_spacing, locale, icon, box_height)
        if block.height <= box_height + _EPS and block.width <= box_width + _EPS:
            return _balanced(block, prepared, font, leading_ratio, paragraph_spacing,
                             locale, icon) if balance else block
    assert block is not None
    if block.width > box_width + _EPS:
        raise TextDoesNotFit(field, block.width, box_width, block.size, "width")
    raise TextDoesNotFit(field, block.height, box_height, block.size, "height")


def _balanced(block: Block, prepared, font: str, leading_ratio: float,
              paragraph_spacing: float, locale: str, icon: InlineIcon | None) -> Block:
    """The same text in the narrowest measure that keeps its lines and hyphens."""
    def hyphens(b: Block) -> int:
        return sum(ln.hyphenated for ln in b.lines)

    def ok(b: Block) -> bool:
        return (len(b.lines) == len(block.lines) and b.paragraph_ends == block.paragraph_ends
                and hyphens(b) <= hyphens(block) and b.height <= block.box_height + _EPS)

    lo, hi = block.box_width * 0.5, block.box_width
    best = block
    for _ in range(8):        # to within 1/256 of the box: a fraction of a millimetre
        mid = (lo + hi) / 2
        trial = _block(prepared, mid, font, block.size, leading_ratio, paragraph_spacing,
                       locale, icon, block.box_height)
        if ok(trial) and trial.width <= mid + _EPS:
            best, hi = trial, mid
        else:
            lo = mid
    if best is block:
        return block
    return Block(best.size, best.leading, best.lines, best.baselines, best.height,
                 block.box_width, block.box_height, best.paragraph_ends)
