"""``herald cards GAME --printer SERVICE``: the built-in games' decks for the
print-on-demand services, at the sizes each sells."""
from __future__ import annotations

from pathlib import Path

import pytest
from herald.generator.errors import InputError
from in_process import run_herald
from pypdf import PdfReader


def herald(*args, cwd: Path) -> tuple[int, str, str]:
    return run_herald(*args, cwd=cwd)


def test_lenormand_at_poker_size_for_drivethrucards(tmp_path):
    code, out, err = herald("cards", "lenormand", "--lang", "en", "--size", "poker",
                            "--printer", "dtc", "--out", tmp_path / "out", cwd=tmp_path)
    assert code == 0, err
    folder = tmp_path / "out" / "lenormand" / "drivethrucards" / "en"
    (pdf,) = folder.iterdir()
    reader = PdfReader(str(pdf))
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(2.75 * 72, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(3.75 * 72, abs=0.01)
    assert len(reader.pages) % 2 == 0 and len(reader.pages) >= 2 * 36


def test_a_game_whose_size_the_service_does_not_sell_is_one_line(tmp_path):
    code, _, err = herald("cards", "oriflamme", "--lang", "en", "--printer", "tgc",
                          "--out", tmp_path / "out", cwd=tmp_path)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert "oriflamme: --printer: size: The Game Crafter does not print" in lines[0]
    assert "poker (2.5x3.5 in)" in lines[0]
    assert not (tmp_path / "out").exists()


def test_an_unknown_service_for_a_game_is_one_line(tmp_path):
    code, _, err = herald("cards", "lenormand", "--printer", "kinkos",
                          "--out", tmp_path / "out", cwd=tmp_path)
    assert code == 2 and "--printer: unknown service 'kinkos'" in err
    assert not (tmp_path / "out").exists()


def test_every_game_for_a_service_leaves_out_those_it_cannot_print(tmp_path, monkeypatch):
    from herald.generator.deck import game_printer
    from herald.generator.deck.presets import PRESETS
    printed = []

    def fake_write(printer, cards, folder, name, title, locale):
        printed.append(name)
        path = folder / f"{name}.pdf"
        path.write_bytes(b"%PDF")
        return [path]
    monkeypatch.setattr(game_printer, "write_files", fake_write)
    said = []
    plans = [("oriflamme", "en", {}), ("lenormand", "en", {"size": "poker"})]
    paths = game_printer.build_games(plans, PRESETS["thegamecrafter"], tmp_path, named=False,
                                     warn=said.append)
    assert printed == ["lenormand"] and len(paths) == 1
    assert len(said) == 1 and said[0].startswith("oriflamme: --printer: size:")
    assert not (tmp_path / "oriflamme").exists()
    with pytest.raises(InputError) as e:
        game_printer.build_games(plans[:1], PRESETS["thegamecrafter"], tmp_path, named=False,
                                 warn=said.append)
    assert "prints none of these decks" in str(e.value)
