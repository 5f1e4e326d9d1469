"""Herald's own YAML files are read by libyaml (generator/yamlfile.py): it
must read each of them exactly as PyYAML's reader does, the one that reads
everyone else's files and whose messages Herald prints."""
from __future__ import annotations

import pytest
from herald.generator import yamlfile
from herald.generator.errors import InputError
from herald.generator.paths import ASSETS

SHIPPED = sorted(ASSETS.rglob("*.yaml"))
pytestmark = pytest.mark.skipif(yamlfile._FAST is None, reason="PyYAML without libyaml")


def test_libyaml_reads_every_shipped_file_as_pyyaml_does():
    assert len(SHIPPED) > 100
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        strict = yamlfile._read(yamlfile._Loader, text)
        fast = yamlfile._read(yamlfile._FAST, text)
        # the same values of the same types, keys in the same order, same lines
        assert repr(fast) == repr(strict), path


def test_a_shipped_file_is_read_fast_and_a_strangers_strictly(tmp_path, monkeypatch):
    used = []

    class Counted(yamlfile._FAST):
        def __init__(self, stream):
            used.append(stream)
            super().__init__(stream)
    monkeypatch.setattr(yamlfile, "_FAST", Counted)
    shipped = yamlfile.load_yaml(SHIPPED[0])
    assert len(used) == 1
    copy = tmp_path / "x.yaml"
    copy.write_bytes(SHIPPED[0].read_bytes())
    assert yamlfile.load_yaml(copy) == shipped and len(used) == 1


def test_what_libyaml_would_let_through_is_refused_in_a_strangers_file(tmp_path):
    # libyaml reads a tab before a value; PyYAML's reader, and Herald, do not
    path = tmp_path / "example.yaml"
    path.write_text("game: aset\norder: [7, 6,\t5]\nid:\tx\n", encoding="utf-8")
    yamlfile._read(yamlfile._FAST, path.read_text(encoding="utf-8"))     # libyaml: fine
    with pytest.raises(InputError, match=r"example\.yaml:2: near order: YAML syntax error"):
        yamlfile.load_yaml(path)
