"""Words on the printed page: the rules speak of the rules, not of the tool
that printed them; French ordinals stay French in headings set in capitals.

Reads the rules booklets and compendiums the session builds once
(``rules_kit``)."""
from __future__ import annotations

import re

import pypdfium2
import pytest

GAMES = ("oriflamme", "aset", "lenormand")
# The one place the tool's name belongs: Herald's own decrees say whose they are.
CREDITS = re.compile(r"Herald decrees?|[Dd]écrets? Herald")


def _text(path) -> str:
    """The document's words as pdfium reads them (the characters the PDF maps
    to Unicode; twenty times faster than pypdf, the same counts of every
    phrase checked here), lines joined."""
    return " ".join(page.get_textpage().get_text_range()
                    for page in pypdfium2.PdfDocument(path)).replace("\r\n", " ").replace("\n", " ")


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_speak_of_the_rules_not_of_the_tool(rules_kit, game, locale):
    for path in sorted((rules_kit / game / locale).glob("*-a4.pdf")):
        text = CREDITS.sub("", _text(path))
        assert "Herald" not in text, (path.name, text[max(0, text.find("Herald") - 80):
                                                    text.find("Herald") + 80])
        for words in ("The engine knows", "Le moteur connaît", "--back-offset", "--cards"):
            assert words not in text, (path.name, words)


def test_french_ordinals_in_capital_headings(rules_kit):
    text = _text(rules_kit / "aset" / "fr" / "aset-examples-a4.pdf")
    assert "4ᵉ décret en recouvre un" in text
    assert not re.search(r"\b4e décret", text)
