"""Games are found through the ``herald.games`` entry points, Herald's own three
like any installed package's; a broken package is set aside in one line and
every other game keeps working."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

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


# -- faults past import: a package's own code raising ---------------------------------

FAULTY = '''
import sys
sys.path.insert(0, {source!r})
from herald_goofspiel.game import GoofspielGame


class Faulty(GoofspielGame):
    """Goofspiel with one method that raises: a bug in a stranger's package."""
    assets = None

    def __init__(self, name, broken):
        self.name, self.broken = name, broken

    def new_game(self, *args, **kwargs):
        if self.broken == "new_game":
            raise RuntimeError("the deal went wrong")
        return super().new_game(*args, **kwargs)

    def from_spec(self, spec, **kwargs):
        if self.broken == "from_spec":
            return spec["no such field"]
        return super().from_spec(spec, **kwargs)

    def parse_decision(self, state, text):
        if self.broken == "parse_decision":
            return 1 / 0
        return super().parse_decision(state, text)

    def check(self, state, expect):
        if self.broken == "check":
            return [None].missing
        return super().check(state, expect)


{games}
'''
METHODS = ("new_game", "from_spec", "parse_decision", "check")


def _install_faulty_package(root):
    games = "\n".join(f"{m.upper()} = Faulty('faulty_{m}', {m!r})" for m in METHODS)
    source = Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel" / "src"
    (root / "faultygame.py").write_text(FAULTY.format(source=str(source), games=games))
    info = root / "faultygame-0.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: faultygame\nVersion: 0.3\n")
    (info / "entry_points.txt").write_text(
        f"[{GROUP}]\n" + "".join(f"faulty_{m} = faultygame:{m.upper()}\n" for m in METHODS))
    for m in METHODS:
        (root / f"{m}.yaml").write_text(
            f"game: faulty_{m}\nid: ex-{m}\nplayers: [ann, bob]\n"
            "hands: {ann: [1, 2], bob: [1, 2]}\nprizes: [2, 1]\n"
            "play: [ann bid 2, bob bid 1]\nexpect: {won: {ann: 2}}\n")


def test_a_package_whose_code_raises_is_one_line_naming_it(tmp_path):
    _install_faulty_package(tmp_path)
    listed = _herald(tmp_path, "games")
    assert listed.returncode == 0 and "set aside" not in listed.stdout    # loads fine
    runs = {"from_spec": ("verify", str(tmp_path / "from_spec.yaml")),
            "parse_decision": ("verify", str(tmp_path / "parse_decision.yaml")),
            "check": ("verify", str(tmp_path / "check.yaml")),
            "new_game": ("play", "--game", "faulty_new_game", "--games", "2", "--jobs", "1")}
    for method, args in runs.items():
        done = _herald(tmp_path, *args)
        assert done.returncode == 2, (method, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith(f"herald: error: game 'faulty_{method}' (package "
                                      f"faultygame 0.3): {method} failed: "), done.stderr
        assert "faultygame.py:" in done.stderr
    # in worker processes too, and for the solver
    played = _herald(tmp_path, "play", "--game", "faulty_new_game", "--games", "4",
                     "--jobs", "2")
    assert played.returncode == 2 and "new_game failed: RuntimeError: the deal went wrong" \
        in played.stderr
    solved = _herald(tmp_path, "solve", str(tmp_path / "from_spec.yaml"))
    assert solved.returncode == 2 and "from_spec failed: KeyError" in solved.stderr
    # the same package's working games, and every other game, keep working
    fine = _herald(tmp_path, "verify", str(tmp_path / "new_game.yaml"))
    assert fine.returncode == 0, fine.stdout + fine.stderr


def test_herald_build_names_a_package_whose_code_raises_and_builds_nothing_of_it(tmp_path):
    _install_faulty_package(tmp_path)
    # the faulty game gets Goofspiel's files (its examples name it)
    source = Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel" / "src"
    assets = tmp_path / "faulty-assets"
    shutil.copytree(source / "herald_goofspiel" / "assets", assets,
                    ignore=shutil.ignore_patterns("locales"))
    for path in [assets / "database.yaml", *(assets / "examples").glob("*.yaml")]:
        path.write_text(path.read_text().replace("game: goofspiel", "game: faulty_check"))
    (tmp_path / "faultygame.py").write_text((tmp_path / "faultygame.py").read_text()
                                           + f"CHECK.assets = {str(assets)!r}\n")
    done = _herald(tmp_path, "build", "faulty_check", "--out", str(tmp_path / "out"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    line = next(x for x in done.stderr.splitlines() if "faulty_check" in x)
    assert line.startswith("herald: error: game 'faulty_check' (package faultygame 0.3): "
                           "check failed: AttributeError")
    assert line.endswith("its kit is not built")
    assert not list((tmp_path / "out").rglob("*.pdf"))
