"""The quick references share one design (generator/render/reference.py)
and stay one page in every locale, with room for longer languages: each is
built again with every text made a quarter longer (German runs about 25 %
longer than English) and must still fit one page at 7 pt or more."""
from __future__ import annotations

import re

import pytest
from herald.generator.catalogs import load_catalog
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from pypdf import PdfReader

GAMES = ("oriflamme", "aset", "lenormand")
SKIP_KEYS = {"id", "game", "locales", "colour", "color"}


def _longer(value, key=""):
    """Every text a quarter longer: its first words again at its end."""
    if isinstance(value, dict):
        return {k: v if k in SKIP_KEYS else _longer(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_longer(v, key) for v in value]
    if isinstance(value, str) and " " in value and not value.startswith("#"):
        words = value.split(" ")
        return value + " " + " ".join(words[:max(1, len(words) // 4)])
    return value


def _sizes(path) -> list[float]:
    sizes = []
    for page in PdfReader(str(path)).pages:
        def visit(text, cm, tm, font_dict, font_size):
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                sizes.append(font_size * scale)
        page.extract_text(visitor_text=visit)
    return sizes


@pytest.mark.parametrize("locale", ["fr", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_reference_fits_one_page_with_a_quarter_more_text(tmp_path, monkeypatch, game, locale):
    db = load_database(database_path(game))
    rules = load_catalog(game, locale, "rules")
    game_kit = kit(game)
    plain = tmp_path / "plain.pdf"
    game_kit.write_reference(plain, db, locale, "a4", rules)
    # the longer texts: the rules catalog, the card catalog (Asèt's aid) and
    # the database's own texts (Oriflamme's aid)
    real = load_catalog
    monkeypatch.setattr("herald.generator.catalogs.load_catalog",
                        lambda *a, **k: _longer(real(*a, **k)))
    if game == "aset":
        import herald.generator.games.aset.describe as describe
        monkeypatch.setattr(describe, "load_catalog", lambda *a, **k: _longer(real(*a, **k)))
    aids = getattr(db, "aids", None)
    longer_db = db if not isinstance(aids, dict) else db.model_copy(update={"aids": {
        loc: type(aid).model_validate(_longer(aid.model_dump())) for loc, aid in aids.items()}})
    longer = tmp_path / "longer.pdf"
    assert game_kit.write_reference(longer, longer_db, locale, "a4", _longer(rules)) == 1
    assert len(PdfReader(str(longer)).pages) == 1
    text = PdfReader(str(longer)).pages[0].extract_text()
    assert len(text) > len(PdfReader(str(plain)).pages[0].extract_text()) * 1.1
    # the body (the most common size) stays at 7 pt or more; only the setup
    # picture's miniature cards are smaller
    sizes = [round(x, 1) for x in _sizes(longer)]
    assert max(set(sizes), key=sizes.count) >= 7.0


def test_the_references_share_the_masthead():
    """Each game's reference module draws the shared masthead and panels."""
    import inspect
    for game in GAMES:
        import importlib
        source = inspect.getsource(importlib.import_module(
            f"herald.generator.games.{game}.reference"))
        assert re.search(r"from \.\.\.render import reference as R", source), game
        assert "R.draw_masthead" in source or "R.Masthead" in source, game
