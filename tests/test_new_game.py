"""``herald new game DIR --name NAME`` as a new user tries it: the package it
writes installed with ``pip install -e`` into a fresh virtual environment
(``--system-site-packages``: Herald and its dependencies come from this
environment, nothing downloads), then ``herald verify`` and ``herald build``
on it. Built once per session (tests/conftest.py's shared_folder)."""
from __future__ import annotations

import json
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_folder
from herald.generator.errors import InputError
from herald.generator.scaffold_game import check_name, files, new_game
from package_checks import need_tools, preflight

NAME = "mygame"


def _herald(python, *args, cwd=None):
    return subprocess.run([str(python), "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=900)


def _venv(out: Path) -> None:
    """The scaffolded package, pip-installed in editable mode into a new
    virtual environment (pip run from this one: the venv needs none of its own)."""
    made = _herald(sys.executable, "new", "game", out / NAME, "--name", NAME)
    assert made.returncode == 0, made.stderr
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages",
                    str(out / "venv")], check=True, timeout=300)
    python = out / "venv" / "bin" / "python"
    # --system-site-packages shows the base interpreter's packages, not those
    # of the environment running the tests when it is a venv itself (CI's):
    # a .pth file adds the latter, where Herald and its dependencies are
    inner = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                            "['purelib'])"], capture_output=True, text=True, check=True)
    (Path(inner.stdout.strip()) / "herald-tests-parent.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-build-isolation", "--no-index", "-e", str(out / NAME)],
        capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.fixture(scope="session")
def venv(tmp_path_factory) -> Path:
    return shared_folder(tmp_path_factory, "new-game-venv", _venv)


def _python(venv: Path) -> Path:
    return venv / "venv" / "bin" / "python"


def test_the_new_game_is_found_and_its_examples_verify(venv):
    python = _python(venv)
    listed = _herald(python, "games")
    assert listed.returncode == 0, listed.stderr
    assert f"{NAME}     herald-{NAME} 0.1.0  interface 2" in listed.stdout
    assert "set aside" not in listed.stdout
    # beside the folder mygame, as the designer's path runs it: the game's
    # name wins over the folder's
    verified = _herald(python, "verify", NAME, "--json", cwd=venv)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    results = json.loads(verified.stdout)
    assert sorted(r["id"] for r in results) == ["a-short-game", "best-play"]
    assert all(r["ok"] for r in results)
    # read from the package's own folder (an editable install)
    assert all(str(venv / NAME / "src") in str((venv / r["file"]).resolve())
               for r in results), results
    # the folder itself: its examples, not its database.yaml
    folder = _herald(python, "verify", f"{NAME}/", cwd=venv)
    assert folder.returncode == 0, folder.stdout + folder.stderr
    assert "2 of 2 examples hold" in folder.stdout


def test_the_new_game_plays_solves_and_passes_its_own_tests(venv, tmp_path):
    python = _python(venv)
    solved = _herald(python, "solve", "best-play", "--json")
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["value"] == {"ann": 15, "bob": 13}
    record = tmp_path / "game.yaml"
    played = _herald(python, "play", "--game", NAME, "--games", "20", "--jobs", "1",
                     "--bots", "greedy,random", "--record", record)
    assert played.returncode == 0, played.stderr
    again = _herald(python, "verify", record)
    assert again.returncode == 0 and "1 of 1 examples hold" in again.stdout, again.stdout
    tests = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "-n", "0", str(venv / NAME / "tests")], capture_output=True,
                           text=True, cwd=tmp_path, timeout=600)
    assert tests.returncode == 0, tests.stdout[-2000:]


def test_the_new_game_builds_a_kit_that_preflights_clean(venv):
    need_tools()
    python = _python(venv)
    out = venv / "output"
    if not (out / ".built").exists():
        built = _herald(python, "build", NAME, "--out", out, cwd=venv)
        assert built.returncode == 0, built.stdout[-1500:] + built.stderr[-1500:]
        (out / ".built").write_text("")
    kit = out / NAME
    pdfs = sorted(kit.rglob("*.pdf"))
    names = " ".join(p.name for p in pdfs)
    for part in ("cards", "rules", "reference"):
        assert part in names, names
    assert list(kit.rglob("web/index.html")), sorted(kit.rglob("*"))[:20]
    problems = [p for pdf in pdfs for p in preflight(pdf, venv / "pages" / pdf.stem)]
    assert problems == []


# -- the scaffold itself ------------------------------------------------------------

@pytest.mark.parametrize("bad", ["My-Game", "2fast", "", "a b", "x" * 31, "my__game",
                                 "mygame_", "class", "Mygame", "my-game"])
def test_a_name_that_cannot_name_a_game_is_one_line(bad):
    with pytest.raises(InputError) as e:
        check_name(bad)
    assert "\n" not in str(e.value) and str(e.value).startswith("--name: ")


def test_an_installed_game_name_is_refused():
    with pytest.raises(InputError, match="'lenormand' is already installed"):
        check_name("lenormand")


def test_a_folder_with_files_is_never_written_over(tmp_path):
    folder = tmp_path / "taken"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    done = subprocess.run([sys.executable, "-m", "herald.generator.cli", "new", "game",
                           str(folder), "--name", "tide"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "already exists and is not an empty folder" in done.stderr
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]      # no staging left
    bad = subprocess.run([sys.executable, "-m", "herald.generator.cli", "new", "game",
                          str(tmp_path / "new"), "--name", "Tide War"], capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert not (tmp_path / "new").exists()


def test_every_placeholder_is_replaced_and_the_python_compiles(tmp_path):
    written = new_game(tmp_path / "tide", "tide_war")
    assert all(p.is_file() for p in written)
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert "@@" not in text, path
        if path.suffix == ".py":
            compile(text, str(path), "exec")
    root = tmp_path / "tide"
    assert (root / "src" / "herald_tide_war" / "game.py").is_file()
    assert 'tide_war = "herald_tide_war:GAME"' in (root / "pyproject.toml").read_text()
    assert 'name = "herald-tide-war"' in (root / "pyproject.toml").read_text()
    assert "# Tide War" in (root / "README.md").read_text()
    # the same bytes every time
    assert files("tide_war") == files("tide_war")
    assert os.access(root, os.R_OK | os.X_OK)
