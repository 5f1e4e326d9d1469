"""The deck's typefaces: static instances of the packaged variable fonts,
registered with reportlab.

reportlab embeds TrueType outlines but cannot read variable fonts, so each
weight we print with is instanced once with fontTools and cached on disk:

* ``$HERALD_CACHE/fonts/<key>/`` when ``HERALD_CACHE`` is set,
* else ``~/.cache/herald/fonts/<key>/`` (``$XDG_CACHE_HOME`` is honoured),
* else, when that cannot be written, a folder under the temporary directory.

``<key>`` names the font package versions, the fontTools version and the
recipe below, so a new version never reuses a stale instance. Files are
written atomically (temporary file + ``os.replace``) and instancing is
deterministic: the same inputs give the same bytes.

Only what reportlab uses is kept: the OpenType layout tables (GDEF, GSUB,
GPOS) are dropped before instancing; reportlab neither kerns nor substitutes
without a shaping library, dropping them makes instancing three times faster
and keeps the PDFs independent of whether such a library is installed.
EB Garamond gains a cmap entry for U+202F NARROW NO-BREAK SPACE pointing at
its thin space glyph (U+2009), so French punctuation gets a real narrow
space; Cinzel has no thin space and keeps U+202F unmapped (text.py then
falls back to U+00A0).

``register_fonts()`` registers everything under stable names and returns a
:class:`FontNames`; it is memoized and cheap to call again.

Scripts: the faces cover Latin (EB Garamond also Greek and Cyrillic). Herald
does not shape or reorder text, so it refuses what it cannot print rather
than print tofu: :func:`require_glyphs` names a text's first character that
its font lacks, and every registered font checks each string it is asked to
draw (:class:`_CheckedTTFont`), so nothing reaches a PDF as an empty box or
as nothing at all (a Hebrew or CJK text, an emoji). Within the deck's own
faces, :func:`fallback_font` finds a sibling that has a symbol the title
face lacks (Cinzel has no arrows: they come from EB Garamond).
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import io
import os
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from weakref import WeakKeyDictionary

from ..errors import InputError
from ..fileio import write_atomic

__all__ = [
    "FontNames", "MissingGlyph", "NNBSP", "NBSP", "STYLES", "cache_dir", "fallback_font",
    "font_file", "font_has_char", "missing_chars", "register_fonts", "require_glyphs",
    "static_font_files", "subset_tag",
]

NNBSP = "\u202f"      # narrow no-break space
NBSP = "\u00a0"       # no-break space

# Bump when the way instances are made changes (invalidates every cache).
RECIPE = 1


@dataclass(frozen=True)
class _Source:
    module: str          # importable name of the font package
    dist: str            # its name for pip
    file: str            # variable font inside <package>/files/


GARAMOND = _Source("fontpkg_eb_garamond", "fontpkg-eb-garamond", "EBGaramond[wght].ttf")
GARAMOND_ITALIC = _Source("fontpkg_eb_garamond", "fontpkg-eb-garamond",
                          "EBGaramond-Italic[wght].ttf")
CINZEL = _Source("fontpkg_cinzel", "fontpkg-cinzel", "Cinzel[wght].ttf")


@dataclass(frozen=True)
class _Style:
    name: str            # reportlab font name
    source: _Source
    weight: int
    family: str          # typographic family (name ID 16 / 1)
    subfamily: str       # typographic subfamily (name ID 17 / 2)
    postscript: str      # name ID 6; reportlab's BaseFont is "ABCDEF+" + this
    narrow_from: int | None = None   # map U+202F to this code point's glyph


STYLES: tuple[_Style, ...] = (
    _Style("Garamond", GARAMOND, 400, "EB Garamond", "Regular",
           "EBGaramond-Regular", 0x2009),
    _Style("Garamond-Medium", GARAMOND, 500, "EB Garamond", "Medium",
           "EBGaramond-Medium", 0x2009),
    _Style("Garamond-SemiBold", GARAMOND, 600, "EB Garamond", "SemiBold",
           "EBGaramond-SemiBold", 0x2009),
    _Style("Garamond-Bold", GARAMOND, 700, "EB Garamond", "Bold",
           "EBGaramond-Bold", 0x2009),
    _Style("Garamond-Italic", GARAMOND_ITALIC, 400, "EB Garamond", "Italic",
           "EBGaramond-Italic", 0x2009),
    _Style("Cinzel", CINZEL, 400, "Cinzel", "Regular", "Cinzel-Regular"),
    _Style("Cinzel-Bold", CINZEL, 700, "Cinzel", "Bold", "Cinzel-Bold"),
)


@dataclass(frozen=True)
class FontNames:
    """The reportlab names of the registered fonts, and the static TTF behind
    each (``files``): what :func:`register_fonts` returns and the drawing code
    is handed."""
    regular: str = "Garamond"
    medium: str = "Garamond-Medium"
    semibold: str = "Garamond-SemiBold"
    bold: str = "Garamond-Bold"
    italic: str = "Garamond-Italic"
    title: str = "Cinzel"
    title_bold: str = "Cinzel-Bold"
    family: str = "Garamond"       # registerFontFamily name (normal/bold/italic)
    files: Mapping[str, Path] = field(default_factory=dict, compare=False, repr=False)

    @property
    def body(self) -> str:
        """The body text face (EB Garamond Regular)."""
        return self.regular

    @property
    def all(self) -> tuple[str, ...]:
        return (self.regular, self.medium, self.semibold, self.bold, self.italic,
                self.title, self.title_bold)


# -- locating the variable fonts ---------------------------------------------

def _package(source: _Source) -> tuple[Path, str]:
    """The folder and version of a font package, or a one-line InputError."""
    try:
        module = importlib.import_module(source.module)
    except ImportError:
        raise InputError(f"font package {source.dist} is not installed: "
                         f"pip install {source.dist}") from None
    root = getattr(module, "ROOT", None)
    if root is None:
        root = Path(module.__file__ or ".").parent
    root = Path(root)
    try:
        version = importlib.metadata.version(source.dist)
    except importlib.metadata.PackageNotFoundError:
        version = "0"
    return root, version


def _source_file(source: _Source) -> Path:
    root, _ = _package(source)
    path = root / "files" / source.file
    if not path.is_file():
        raise InputError(f"font package {source.dist} has no files/{source.file}: "
                         f"pip install --force-reinstall {source.dist}")
    return path


def _cache_key() -> str:
    import fontTools
    dists = sorted({s.source.dist: s.source for s in STYLES}.items())
    parts = [f"{dist.removeprefix('fontpkg-')}-{_package(source)[1]}"
             for dist, source in dists]
    parts += [f"fonttools-{fontTools.version}", f"r{RECIPE}"]
    return "_".join(parts)


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe.", dir=path)
        os.close(fd)
        os.unlink(probe)
        return True
    except OSError:
        return False


def cache_dir() -> Path:
    """Where the static instances live (created if needed; see the module doc)."""
    key = _cache_key()
    candidates = []
    root = os.environ.get("HERALD_CACHE")
    if root:
        candidates.append(Path(root).expanduser() / "fonts" / key)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
        candidates.append(base / "herald" / "fonts" / key)
    uid = os.getuid() if hasattr(os, "getuid") else os.getpid()
    candidates.append(Path(tempfile.gettempdir()) / f"herald-{uid}" / "fonts" / key)
    for path in candidates:
        if _writable(path):
            return path
    return Path(tempfile.mkdtemp(prefix="herald-fonts-"))


# -- making the static instances ------------------------------------------------

def _instance_bytes(style: _Style) -> bytes:
    """A static instance of ``style`` as TTF bytes (deterministic)."""
    from fontTools.ttLib import TTFont
    from fontTools.varLib.instancer import instantiateVariableFont

    font = TTFont(str(_source_file(style.source)), recalcTimestamp=False)
    for tag in ("GDEF", "GSUB", "GPOS"):
        if tag in font:
            del font[tag]
    font = instantiateVariableFont(font, {"wght": style.weight}, inplace=True,
                                   static=True)
    font.recalcTimestamp = False
    for tag in ("STAT",):
        if tag in font:
            del font[tag]
    _set_names(font, style)
    _set_style_bits(font, style)
    if style.narrow_from is not None:
        _add_narrow_space(font, style.narrow_from)
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def _set_names(font, style: _Style) -> None:
    name = font["name"]
    version = name.getDebugName(5) or "Version 1.000"
    number = version.removeprefix("Version ").split(";")[0].strip()
    name.names = [n for n in name.names
                  if n.nameID not in (1, 2, 3, 4, 6, 16, 17, 21, 22, 25)]
    ribbi = style.subfamily in ("Regular", "Bold", "Italic", "Bold Italic")
    family = style.family if ribbi else f"{style.family} {style.subfamily}"
    subfamily = style.subfamily if ribbi else "Regular"
    full = f"{style.family} {style.subfamily}"
    name.setName(family, 1, 3, 1, 0x409)
    name.setName(subfamily, 2, 3, 1, 0x409)
    name.setName(f"{number};HERALD;{style.postscript}", 3, 3, 1, 0x409)
    name.setName(full, 4, 3, 1, 0x409)
    name.setName(style.postscript, 6, 3, 1, 0x409)
    if not ribbi:
        name.setName(style.family, 16, 3, 1, 0x409)
        name.setName(style.subfamily, 17, 3, 1, 0x409)


def _set_style_bits(font, style: _Style) -> None:
    italic = "Italic" in style.subfamily
    bold = style.weight >= 700
    os2 = font["OS/2"]
    os2.usWeightClass = style.weight
    sel = os2.fsSelection & ~(1 | 1 << 5 | 1 << 6)
    sel |= (1 if italic else 0) | (1 << 5 if bold else 0)
    if not italic and not bold:
        sel |= 1 << 6
    os2.fsSelection = sel
    mac = font["head"].macStyle & ~0b11
    font["head"].macStyle = mac | (1 if bold else 0) | (2 if italic else 0)


def _add_narrow_space(font, code: int) -> None:
    """Map U+202F to the glyph of ``code`` (a thin space) where it is unmapped."""
    glyph = font.getBestCmap().get(code)
    if glyph is None:
        return
    for table in font["cmap"].tables:
        if table.isUnicode() and 0x202F not in table.cmap:
            table.cmap[0x202F] = glyph


def _file_name(style: _Style) -> str:
    return f"{style.postscript}.ttf"


def static_font_files(directory: Path | None = None) -> dict[str, Path]:
    """Reportlab name -> path of its static TTF, instancing what is missing."""
    directory = Path(directory) if directory is not None else cache_dir()
    files = {}
    for style in STYLES:
        path = directory / _file_name(style)
        if not _valid(path):
            data = _instance_bytes(style)
            try:
                write_atomic(path, data)
            except (OSError, InputError):   # an unwritable cache: a private folder
                directory = Path(tempfile.mkdtemp(prefix="herald-fonts-"))
                path = directory / _file_name(style)
                write_atomic(path, data)
        files[style.name] = path
    return files


def _valid(path: Path) -> bool:
    """A cached file that looks like a complete TrueType font."""
    try:
        with open(path, "rb") as f:
            head = f.read(4)
        return head in (b"\x00\x01\x00\x00", b"true") and path.stat().st_size > 1024
    except OSError:
        return False


# -- registration ------------------------------------------------------------------

_LOCK = threading.Lock()


class MissingGlyph(InputError):
    """A text holds a character its font cannot draw (exit 2, one line)."""


def _describe(char: str) -> str:
    import unicodedata
    name = unicodedata.name(char, "")
    return f"'{char}' (U+{ord(char):04X}{' ' + name if name else ''})"


def _display_name(font: str) -> str:
    style = next((s for s in STYLES if s.name == font), None)
    return f"{style.family} {style.subfamily}" if style else font


def _refusal(text: str, font: str, char: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return (f"{_display_name(font)} has no glyph for {_describe(char)} in \"{shown}\": "
            "Herald prints Latin, Greek and Cyrillic text in EB Garamond and Latin in "
            "Cinzel, with no shaping or right-to-left layout, so it refuses other "
            "scripts and emoji rather than print empty boxes")


def missing_chars(font: str, text: str) -> list[str]:
    """Characters of ``text`` (in order, once each) that ``font`` has no glyph
    for; line breaks and soft hyphens are layout, not drawn, and never count."""
    if font_chars(font).issuperset(text):
        return []
    seen: dict[str, None] = {}
    for ch in text:
        if ch not in seen and ch not in "\n\r\t\u00ad" and not font_has_char(font, ch):
            seen[ch] = None
    return list(seen)


def require_glyphs(text: str, font: str, field: str = "text") -> None:
    """Raise :class:`MissingGlyph` naming ``field`` when ``font`` lacks a
    character of ``text``; callers prefix the card and the locale."""
    missing = missing_chars(font, text)
    if missing:
        raise MissingGlyph(f"{field}: {_refusal(text, font, missing[0])}")


_FALLBACKS = ("Garamond", "Garamond-Bold", "Garamond-Italic")


def fallback_font(font: str, char: str) -> str | None:
    """``font`` when it has ``char``, else the first of the deck's faces that
    has it (EB Garamond, for the symbols Cinzel lacks), else None."""
    bold_first = sorted(_FALLBACKS, key=lambda f: ("Bold" in f) != ("Bold" in font))
    for name in (font, *bold_first):
        try:
            if font_has_char(name, char):
                return name
        except KeyError:
            continue
    return None


def subset_tag(font_name: bytes | str, codes) -> str:
    """The six capital letters before the ``+`` of a font subset's name in a
    PDF ("KQZJXB+EBGaramond-Regular"), derived from the font and the
    characters the subset holds: every subset of a file gets a tag of its own
    (reportlab numbers them AAAAAA, AAAAAB... from zero in every file, so two
    files merged by a print shop would hold different "AAAAAA+" subsets of
    one font), and the same subset always gets the same tag (builds stay
    byte-identical)."""
    name = font_name.decode("latin-1") if isinstance(font_name, bytes) else font_name
    digest = hashlib.sha256(f"{name}:{','.join(map(str, codes))}".encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


# reportlab's TTFont.addObjects names subsets with the module function SUBSETN
# (its number as letters); it is replaced, under this lock, while a font of
# ours writes its subsets, by the tags of subset_tag.
_SUBSET_LOCK = threading.Lock()


def _checked_font_class():
    """A reportlab TTFont that refuses to encode a character it has no glyph for
    (reportlab would silently draw glyph 0, an empty box, or nothing), and
    whose subsets carry tags of their own (:func:`subset_tag`)."""
    from reportlab.pdfbase import ttfonts
    from reportlab.pdfbase.ttfonts import TTFont

    class _CheckedTTFont(TTFont):
        def splitString(self, text, doc, encoding="utf-8"):
            if isinstance(text, bytes):
                text = text.decode(encoding)
            # a string drawn again in a document splits as it did the first
            # time (its characters have their codes in the document's
            # subsets by then): a diagram's labels, a running head
            splits: WeakKeyDictionary | None = self.__dict__.get("_splits")
            if splits is None:
                splits = WeakKeyDictionary()
                self._splits = splits
            known = splits.get(doc)
            if known is None:
                known = splits[doc] = {}
            found = known.get(text)
            if found is not None:
                return list(found)
            # every string drawn passes here: the characters the face has,
            # as one set, are checked against the string at once
            drawable = self.__dict__.get("_drawable")
            if drawable is None:
                drawable = self._drawable = frozenset(
                    [*map(chr, self.face.charToGlyph), "\n", "\r", "\t"])
            if not drawable.issuperset(text):
                for ch in text:
                    if ch not in drawable:
                        raise MissingGlyph(_refusal(text, self.fontName, ch))
            found = super().splitString(text, doc, encoding)
            if len(known) < 65536:
                known[text] = tuple(found)
            return found

        def addObjects(self, doc):
            state = self.state.get(doc)
            name = self.face.name + (self.face.subfontNameX or b"")
            tags = [subset_tag(name, subset).encode("ascii")
                    for subset in (state.subsets if state is not None else [])]
            with _SUBSET_LOCK:
                numbered = ttfonts.SUBSETN
                ttfonts.SUBSETN = lambda n, *_: tags[n]
                try:
                    super().addObjects(doc)
                finally:
                    ttfonts.SUBSETN = numbered

    return _CheckedTTFont


@cache
def register_fonts() -> FontNames:
    """Register the deck's fonts with reportlab and return their names and files.

    reportlab's font registry is one per process (its own design), so the
    registration is done once; what Herald keeps is this function's result,
    a frozen :class:`FontNames`, not a module variable set by a side effect."""
    with _LOCK:      # two threads of one build: one instancing, one registration
        from reportlab.pdfbase import pdfmetrics

        TTFont = _checked_font_class()
        files = static_font_files()
        for name, path in files.items():
            try:
                font = TTFont(name, str(path))
            except Exception:
                # A damaged cache file: make it again, once.
                os.unlink(path)
                files[name] = static_font_files(path.parent)[name]
                font = TTFont(name, str(files[name]))
            pdfmetrics.registerFont(font)
        names = FontNames(files=MappingProxyType(dict(files)))
        pdfmetrics.registerFontFamily(names.family, normal=names.regular,
                                      bold=names.bold, italic=names.italic,
                                      boldItalic=names.bold)
        return names


def font_file(name: str) -> Path:
    """The static TTF behind a registered font name."""
    return register_fonts().files[name]


@cache
def font_chars(name: str) -> frozenset[str]:
    """Every character the registered font ``name`` maps (a standard Type 1
    font: Latin-1's), for checking a whole text at once."""
    from reportlab.pdfbase import pdfmetrics
    face = getattr(pdfmetrics.getFont(name), "face", None)
    char_to_glyph = getattr(face, "charToGlyph", None)
    if char_to_glyph is None:
        return frozenset(map(chr, range(256)))
    return frozenset(map(chr, char_to_glyph))


def font_has_char(name: str, char: str) -> bool:
    """Whether the registered font ``name`` maps ``char`` (checked in its cmap)."""
    return char in font_chars(name)
