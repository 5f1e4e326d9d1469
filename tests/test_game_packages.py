"""Games are found through the ``herald.games`` entry points, Herald's own three
like any installed package's; a broken package is set aside in one line and
every other game keeps working."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint, entry_points

from herald.engine.games import GROUP, Registry
from herald.engine.interface import INTERFACE_VERSION


def test_the_registry_is_built_from_entry_points_alone():
    points = entry_points(group=GROUP)
    registry = Registry(points=points)
    assert {"oriflamme", "aset", "lenormand"} <= set(registry)
    assert registry.broken == {}
    assert {p.name for p in points} >= {"oriflamme", "aset", "lenormand"}
    # each is Herald's own game object, written for this interface
    for name in ("oriflamme", "aset", "lenormand"):
        assert registry[name].name == name
        assert registry[name].interface_version == INTERFACE_VERSION


def test_a_registry_without_the_entry_points_has_no_games():
    assert list(Registry(points=[])) == []


def _point(name, value):
    return EntryPoint(name=name, value=value, group=GROUP)


def test_faults_are_set_aside_one_line_each(tmp_path, monkeypatch):
    (tmp_path / "pkg_import_error.py").write_text("import no_such_module_anywhere\n")
    (tmp_path / "pkg_lacking.py").write_text(textwrap.dedent(f"""
        class Lacking:
            name = "lacking"
            interface_version = {INTERFACE_VERSION}
            variants = ("base",)
            player_counts = {{"base": (2,)}}
            score_name = "points"
            shared_win = "equal points"
        GAME = Lacking()
    """))
    (tmp_path / "pkg_old.py").write_text("class Old:\n    name = 'old'\n"
                                         "    interface_version = 0\nGAME = Old()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry(points=[
        _point("oriflamme", "herald.engine.oriflamme:ORIFLAMME"),
        _point("importerror", "pkg_import_error:GAME"),
        _point("lacking", "pkg_lacking:GAME"),
        _point("old", "pkg_old:GAME"),
    ])
    assert list(registry) == ["oriflamme"]
    broken = registry.broken
    assert set(broken) == {"importerror", "lacking", "old"}
    assert "ModuleNotFoundError" in broken["importerror"]
    assert "no_such_module_anywhere" in broken["importerror"]
    assert "lacks new_game, from_spec" in broken["lacking"]
    assert f"interface version 0, this Herald has version {INTERFACE_VERSION}" in broken["old"]
    assert all("\n" not in line for line in broken.values())


def _install_broken_packages(root):
    """Two game packages as pip leaves them in site-packages (a module and a
    dist-info folder with its entry points): one that cannot be imported, one
    whose game lacks a method."""
    (root / "brokengame.py").write_text("raise RuntimeError('half-written module')\n")
    (root / "thingame.py").write_text(
        f"class Thin:\n    name = 'thin'\n    interface_version = {INTERFACE_VERSION}\n"
        "    variants = ('base',)\n    player_counts = {'base': (2,)}\n"
        "    score_name = 'points'\n    shared_win = 'equal points'\n"
        "    def new_game(self, *a, **k): ...\nGAME = Thin()\n")
    for dist, name, module in (("brokengame", "broken", "brokengame"),
                               ("thingame", "thin", "thingame")):
        info = root / f"{dist}-1.2.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.2\n")
        (info / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = {module}:GAME\n")


def _herald(root, *args):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(root)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *args],
                          capture_output=True, text=True, env=env, timeout=300)


def test_an_installed_broken_package_is_one_line_and_the_others_work(tmp_path):
    _install_broken_packages(tmp_path)
    listed = _herald(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    broken = next(x for x in lines if x.startswith("broken "))
    assert "brokengame 1.2" in broken and "RuntimeError: half-written module" in broken
    thin = next(x for x in lines if x.startswith("thin "))
    assert "thingame 1.2" in thin and "lacks from_spec" in thin
    assert any(x.startswith("oriflamme ") and "set aside" not in x for x in lines)

    asked = _herald(tmp_path, "verify", "broken")
    assert asked.returncode == 2
    assert asked.stderr.count("\n") == 1
    assert "game 'broken' (package brokengame 1.2): cannot load brokengame:GAME" \
        in asked.stderr

    fine = _herald(tmp_path, "verify", "lenormand")
    assert fine.returncode == 0, fine.stderr
    assert "Traceback" not in fine.stderr
