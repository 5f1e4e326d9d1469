"""The web edition's typefaces: the booklet's own static instances (EB
Garamond, Cinzel; :mod:`.fonts`) subset to the characters an edition uses and
converted to WOFF2 by fontTools, written as files in the game's ``fonts/``
folder (``OUT/<game>/fonts/``), which the editions of every language share
(their names carry a digest of their bytes: the same characters, the same
file), and named by the stylesheet's ``@font-face`` rules. A face no page
of the edition sets (a weight only the PDF uses) is left out.

The faces keep the metrics the PDF and the card faces were fitted with (the
static instances carry no kerning or ligatures), so a card's text drawn as
SVG text fits its box as it does on paper. Subsetting keeps an edition small
(a face is about 20 KB for the few hundred characters of a game's rules);
the same characters give the same bytes.
"""
from __future__ import annotations

import hashlib
import io
import re
from functools import lru_cache

from ..errors import InputError
from ..fileio import write_atomic
from .fonts import cache_dir, register_fonts, static_font_files

# reportlab name → (CSS family, weight, style); the SVG canvas names the same
# families (svgcanvas._FONTS), so the cards' and diagrams' text uses them too
FACES = (
    ("Garamond", "EB Garamond", 400, "normal"),
    ("Garamond-Medium", "EB Garamond", 500, "normal"),
    ("Garamond-SemiBold", "EB Garamond", 600, "normal"),
    ("Garamond-Bold", "EB Garamond", 700, "normal"),
    ("Garamond-Italic", "EB Garamond", 400, "italic"),
    ("Cinzel", "Cinzel", 400, "normal"),
    ("Cinzel-Bold", "Cinzel", 700, "normal"),
)
# always kept: what the search box's results and the browser's own text may show
_BASE = "".join(chr(c) for c in range(0x20, 0x7F)) + "\u00a0\u2019\u2026\u2191\u00ab\u00bb"


# what every edition keeps, whatever its text: Latin-1, Latin Extended-A and the
# punctuation the typography sets; an edition in these (every game's today)
# shares one subset per face, made once and cached on disk
_LATIN = (_BASE + "".join(chr(c) for c in range(0xA0, 0x180))
          + "\u2009\u202f\u2013\u2014\u2018\u201c\u201d\u2022\u2039\u203a\u2192\u2190"
          "\u2212\u00d7\u2032\u2033\u2026"
          # the other shipped languages' quotes and the rules' signs: every
          # language of a game then shares one file per face
          "\u201e\u201a\u03a3\u2211\u2248\u2260\u2264\u2265\u00b1\u221e"
          # French ordinals set as superscript letters (1ᵉʳ, 2ᵈ, 3ᵉ)
          "\u1d49\u02b3\u1d48\u02e2\u1d57\u207f\u1d52\u1d43"
          # playing cards' suits (a Lenormand card's inset)
          "\u2660\u2663\u2665\u2666")


_LATIN_RUNS = re.compile("[\x00-\x1f" + "".join(map(re.escape, sorted(set(_LATIN)))) + "]+")


# the faces the stylesheet itself sets (body, italic, bold, headings)
_CSS_FACES = {("EB Garamond", 400, "normal"), ("EB Garamond", 400, "italic"),
              ("EB Garamond", 700, "normal"), ("Cinzel", 700, "normal")}


def used_faces(html: str) -> set[tuple[str, int, str]]:
    """The faces ``html``'s drawings set in their ``<text>`` (a drawing
    inherits the EB Garamond the page's CSS gives it), with the stylesheet's."""
    faces = set(_CSS_FACES)
    for attrs in re.findall(r"<text ([^>]*)>", html):
        family = "Cinzel" if "Cinzel" in attrs else "EB Garamond"
        weight = re.search(r'font-weight="(\d+)"', attrs)
        style = "italic" if 'font-style="italic"' in attrs else "normal"
        faces.add((family, int(weight.group(1)) if weight else 400, style))
    return faces


def font_files(text: str, folder: str = "../../fonts") -> tuple[str, dict[str, bytes]]:
    """The @font-face rules of the faces ``text`` (every page of an edition)
    uses, subset to Latin and whatever else its characters need, and the
    WOFF2 files they name (file name → bytes), found in ``folder`` (a path
    from the pages)."""
    # the characters beyond Latin: what is left once its runs of Latin (and
    # of control characters) are taken out, megabytes read by the regular
    # expression rather than character by character
    chars = "".join(sorted(set(_LATIN) | set(_LATIN_RUNS.sub("", text))))
    used = used_faces(text)
    rules, files = [], {}
    for name, family, weight, style in FACES:
        if (family, weight, style) not in used:
            continue
        data = _woff2(name, chars)
        file = f"{name}-{hashlib.sha256(data).hexdigest()[:10]}.woff2"
        files[file] = data
        rules.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; '
                     f"font-style: {style}; font-display: swap; "
                     f'src: url("{folder}/{file}") format("woff2"); }}')
    return "\n".join(rules) + "\n", files


@lru_cache(maxsize=64)
def _woff2(name: str, chars: str) -> bytes:
    """The face ``name`` subset to ``chars`` as WOFF2, from the disk cache
    beside the static instances when made before (its name says what for)."""
    key = hashlib.sha256(f"{name}\n{chars}".encode()).hexdigest()[:16]
    path = cache_dir() / f"web-{name}-{key}.woff2"
    try:
        return path.read_bytes()
    except OSError:
        pass
    data = _subset(name, chars)
    try:
        write_atomic(path, data)
    except (OSError, InputError):
        pass                # an unwritable cache: made again next time
    return data


def _subset(name: str, chars: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont
    register_fonts()
    font = TTFont(str(static_font_files()[name]))
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]     # the copyright and licence stay
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    font.flavor = "woff2"
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()
