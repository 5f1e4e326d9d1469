"""What Herald reads from its files is remembered by the files' contents,
never by their times (generator/filecache.py): an edit saved within the same
clock tick, the same size, is seen at once, by the PO tables, the YAML
catalogs and the card database alike."""
from __future__ import annotations

import re

import pytest
from conftest import copy_assets, save_in_the_same_tick
from herald.generator import catalogs
from herald.generator import translations as tr
from herald.generator.database import load_database
from herald.generator.filecache import MISSING, ContentCache, contents, snapshot

GAME, LANG = "lenormand", "de"


@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of the game's assets, which a test edits."""
    copy = copy_assets(tmp_path, monkeypatch, GAME)
    return copy


def test_a_po_catalog_edited_twice_in_one_tick_gives_the_second_edit(assets):
    po = assets / GAME / "locales" / f"{LANG}.po"
    table = tr.table(GAME, LANG)
    assert table is not None
    # a plain translation (ASCII, no placeholder) whose case can be swapped
    (ctx, msgid), text = next((key, t) for key, t in table.texts.items()
                              if isinstance(t, str) and t.isascii() and len(t) > 4
                              and re.fullmatch(r"[A-Za-z ]+", t)
                              and po.read_text(encoding="utf-8").count(f'msgstr "{t}"') == 1)
    first, second = text.swapcase(), text.upper() if text.upper() != text else text.lower()
    assert len({text, first, second}) == 3
    save_in_the_same_tick(po, f'msgstr "{text}"', f'msgstr "{first}"')
    assert tr.table(GAME, LANG).get(ctx, msgid) == first
    save_in_the_same_tick(po, f'msgstr "{first}"', f'msgstr "{second}"')
    assert tr.table(GAME, LANG).get(ctx, msgid) == second


def test_a_yaml_catalog_edited_twice_in_one_tick_gives_the_second_edit(assets):
    path = assets / GAME / "locales" / "fr" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    title = catalogs.load_catalog(GAME, "fr", "rules")["title"]
    assert isinstance(title, str) and f'\ntitle: "{title}"\n' in text
    first, second = title.swapcase(), title.upper()
    assert len({title, first, second}) == 3
    save_in_the_same_tick(path, f'\ntitle: "{title}"\n', f'\ntitle: "{first}"\n')
    assert catalogs.load_catalog(GAME, "fr", "rules")["title"] == first
    save_in_the_same_tick(path, f'\ntitle: "{first}"\n', f'\ntitle: "{second}"\n')
    assert catalogs.load_catalog(GAME, "fr", "rules")["title"] == second


def test_a_database_edited_twice_in_one_tick_gives_the_second_edit(assets):
    path = assets / GAME / "database.yaml"
    name = load_database(path).name["fr"]
    first, second = name.swapcase(), name.upper()
    assert len({name, first, second}) == 3
    save_in_the_same_tick(path, f'name:\n  fr: "{name}"', f'name:\n  fr: "{first}"')
    assert load_database(path).name["fr"] == first
    save_in_the_same_tick(path, f'name:\n  fr: "{first}"', f'name:\n  fr: "{second}"')
    assert load_database(path).name["fr"] == second


def test_a_value_is_kept_while_its_files_hold_the_same_bytes(tmp_path):
    cache: ContentCache[str] = ContentCache(2)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one")
    made = []

    def make() -> str:
        made.append(1)
        return a.read_text() + (b.read_text() if b.exists() else "")

    assert cache.get("k", [a, b], make) == "one" and len(made) == 1
    assert cache.get("k", [a, b], make) == "one" and len(made) == 1     # kept
    b.write_text("+")                           # a file that appears is a change
    assert cache.get("k", [a, b], make) == "one+" and len(made) == 2
    a.write_text("two")
    assert cache.get("k", [a, b], make) == "two+" and len(made) == 3
    assert contents(tmp_path / "none") == MISSING and contents(a) == b"two"
    # a link or a folder is not compared, so its value is never kept
    (tmp_path / "link").symlink_to(a)
    assert contents(tmp_path / "link") is None and contents(tmp_path) is None
    cache.get("l", [tmp_path / "link"], make)
    cache.get("l", [tmp_path / "link"], make)
    assert len(made) == 5


def test_a_snapshot_reads_each_value_once_and_the_next_one_sees_an_edit(tmp_path):
    """Within one build (a snapshot) a value checked once is served without
    reading its files again, nor listing them; the next build sees the edit."""
    cache: ContentCache[str] = ContentCache(2)
    a = tmp_path / "a.txt"
    a.write_text("one")
    listed = []

    def files():
        listed.append(1)
        return [a]

    with snapshot():
        assert cache.get("k", files, a.read_text) == "one"
        a.write_text("two")             # edited while the build runs
        assert cache.get("k", files, a.read_text) == "one"
        assert len(listed) == 1         # checked once, then trusted
        with snapshot():                # one opened inside starts afresh
            assert cache.get("k", files, a.read_text) == "two"
    with snapshot():
        a.write_text("three")
        assert cache.get("k", files, a.read_text) == "three"
    # no snapshot: every lookup checks its files
    a.write_text("four")
    assert cache.get("k", files, a.read_text) == "four"
    assert cache.get("k", files, a.read_text) == "four" and len(listed) == 5


def test_a_catalog_edited_during_a_build_is_read_by_the_next_build(assets):
    path = assets / GAME / "locales" / "fr" / "rules.yaml"
    with snapshot():
        title = catalogs.load_catalog(GAME, "fr", "rules")["title"]
        edited = title.swapcase()
        assert edited != title
        save_in_the_same_tick(path, f'\ntitle: "{title}"\n', f'\ntitle: "{edited}"\n')
        # the build goes on with the version it started from
        assert catalogs.load_catalog(GAME, "fr", "rules")["title"] == title
    with snapshot():
        assert catalogs.load_catalog(GAME, "fr", "rules")["title"] == edited
