"""`herald i18n check`: every shipped locale complete, gaps named."""
import shutil

import yaml
from conftest import herald
from herald.generator import i18n, paths
from herald.generator.paths import ASSETS


def test_shipped_locales_are_complete():
    result = herald("i18n", "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "oriflamme fr: complete" in result.stdout and "oriflamme en: complete" in result.stdout


def test_a_missing_and_a_stale_string_are_listed(tmp_path, monkeypatch):
    # A copy of the assets where French lost a narration key and gained a stale one.
    assets = tmp_path / "assets"
    shutil.copytree(ASSETS, assets)
    path = assets / "oriflamme" / "locales" / "fr" / "narration.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    removed = next(k for k in data["events"] if isinstance(data["events"][k], str))
    del data["events"][removed]
    data["events"]["bonus"] = "Bonus !"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(paths, "ASSETS", assets)     # what game_assets() reads
    gaps = i18n.catalog_gaps("oriflamme", "fr", "narration")
    assert f"missing: narration events.{removed}" in gaps
    assert "stale: narration events.bonus" in gaps


def test_an_unknown_locale_is_refused():
    result = herald("i18n", "check", "--lang", "de")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
