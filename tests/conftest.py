import os

import pytest
from herald.engine.games import GAMES
from herald.generator.translations import GENERIC, game_locales


@pytest.fixture
def oriflamme():
    return GAMES["oriflamme"]


def position(**spec):
    """An Oriflamme position from example-file keys (logged)."""
    spec.setdefault("game", "oriflamme")
    state = GAMES["oriflamme"].from_spec(spec)
    state.halt_at_phase_end = True   # stop at the end of the phase, as examples do
    return state


def herald(*args, cwd=None):
    """The real command line in a subprocess (exit codes, one-line errors)."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=600)


def herald_here(*args, cwd=None):
    """``herald ARGS`` in the test's own process (tests/in_process.py), as
    :func:`herald` returns it: the same exit code, output and one-line
    errors, without an interpreter's start and Herald's imports (a second or
    more) for each call. For a test of what a command answers, not of the
    process itself."""
    import os
    import subprocess

    from in_process import run_herald
    code, out, err = run_herald(*args, cwd=cwd or os.getcwd())
    return subprocess.CompletedProcess(["herald", *map(str, args)], code, out, err)


def pytest_configure(config):
    """The test processes look for unreachable cycles as Herald's commands do
    (generator/cli.py, GC_THRESHOLD): the collector took 6 % of an
    engine-heavy file's CPU at Python's default, 3 % so."""
    import gc

    from herald.generator.cli import GC_THRESHOLD
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])


# -- the order of the files ---------------------------------------------------------------

# The files that take longest, longest first (docs/speed.md, "Tests"): the
# README's command hands whole files to the workers in collection order
# (pyproject.toml: --dist loadfile --no-loadscope-reorder), so the files left
# for the end are short ones and neither worker waits long for the other. The
# first file builds the session's kit (`herald build`, whose examples are
# verified in one process before its workers start); the second needs no kit,
# so that the other worker has work of its own meanwhile rather than waiting.
LONGEST_FIRST = ("test_booklets.py", "test_goofspiel_package.py", "test_web.py",
                 "test_readme_samples.py", "test_generic_look.py", "test_bad_input.py",
                 "test_small_type.py", "test_lenormand_print.py", "test_rules.py",
                 "test_pdf_validity.py", "test_narrate.py", "test_new_game.py", "test_cards.py",
                 "test_kit.py", "test_package_guard.py", "test_own_deck.py",
                 "test_output_safety.py", "test_build.py", "test_docs_site.py",
                 "test_kuhn_package.py", "test_solver_budget.py", "test_docs_images.py")


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: files whole


# -- every game's rules, built once ------------------------------------------------------

KIT_LOCALES = ("fr", "en")
KIT_PAPERS = ("a4", "letter")
# the locales translated from the PO files (the translation layer's list),
# on A4 only (the kit's cost)
KIT_TRANSLATED = tuple(x for x in game_locales(GENERIC) if x not in KIT_LOCALES)


def _build_rules(job):
    """One game's rules documents in ``locales`` on ``paper``, its examples
    verified once for all of them (as ``herald build`` does)."""
    game, locales, paper, out = job
    from herald.generator.cmd_rules import build_rules
    from herald.generator.verified import verify_examples
    examples = verify_examples(game, False)
    return [build_rules(game, locale, paper=paper, out=out, examples=examples)
            for locale in locales]


def shared_root(tmp_path_factory):
    """The run's own folder: under pytest-xdist, the one the workers share."""
    import os
    root = tmp_path_factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root


def shared_folder(tmp_path_factory, name: str, build):
    """The folder ``name`` that ``build(folder)`` fills, once for the whole
    session: under pytest-xdist the workers share it, the first to ask
    builds it and the others wait for it."""
    import fcntl
    import shutil
    root = shared_root(tmp_path_factory)
    out = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / ".complete").exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            build(out)
            (out / ".complete").write_text("")
    return out


def herald_games() -> list[str]:
    """Herald's own games (each in fr and en, de and es): not a game package
    installed beside Herald, whose languages are its own."""
    from herald.engine.games import HERALD
    return sorted(r.name for r in GAMES.registered() if r.package == HERALD and not r.problem)


def _every_rules(out, kit) -> None:
    """The rules documents on A4 are the whole kit's (``herald build`` writes
    them with ``herald rules``' own function); only the Letter ones are built."""
    import os
    from concurrent.futures import ProcessPoolExecutor
    games = herald_games()
    for game in games:
        for locale in (*KIT_LOCALES, *KIT_TRANSLATED):
            folder = out / game / locale
            folder.mkdir(parents=True)
            # what ``herald rules`` writes: every A4 document but the deck's
            for pdf in (kit / game / locale).glob("*-a4.pdf"):
                if not pdf.name.endswith(("-cards-a4.pdf", "-calibration-a4.pdf")):
                    os.link(pdf, folder / pdf.name)
    jobs = [(game, KIT_LOCALES, paper, out) for game in games
            for paper in KIT_PAPERS if paper != "a4"]
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_build_rules, jobs))


@pytest.fixture(scope="session")
def text_runs(tmp_path_factory):
    """``text_runs(pdf)``: what pypdf's text visitor reports on each page of
    one of the session's PDFs (tests/text_runs.py), read once for the session
    and shared by the workers: several files read the rules booklets so."""
    from text_runs import SharedRuns
    return SharedRuns(shared_root(tmp_path_factory) / "text-runs")


# -- the whole kit, built once ----------------------------------------------------------

# What the documentation's samples run with (tests/test_readme_samples.py):
# the kit below is the README's `herald build` sample, run once for every test.
SAMPLE_ENV = {"COLUMNS": "100", "SOURCE_DATE_EPOCH": "1767225600"}


def run_sample(argv, folder):
    """``herald ARGV`` as a documentation sample runs: in ``folder``, which
    holds a link to the repository's ``assets/`` (samples name files like
    ``assets/aset/examples``), with the samples' environment."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    link = folder / "assets"
    if not link.exists():
        link.symlink_to(Path(__file__).resolve().parents[1] / "assets")
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, argv)],
                          capture_output=True, text=True, cwd=folder,
                          env={**os.environ, **SAMPLE_ENV}, timeout=900)


def _whole_kit(out) -> None:
    import json
    done = run_sample(["build"], out)
    (out / "result.json").write_text(json.dumps([done.returncode, done.stdout, done.stderr]))


@pytest.fixture(scope="session")
def whole_kit(tmp_path_factory):
    """``herald build`` (every game, every complete locale, A4) exactly as the
    README's sample runs it, once for the session and shared by the workers:
    (the kit's folder, the finished process with what it printed)."""
    folder = shared_folder(tmp_path_factory, "whole-kit", _whole_kit)
    return folder / "output", _finished(folder / "result.json", ["herald", "build"])


@pytest.fixture(scope="session")
def rules_kit(tmp_path_factory, whole_kit):
    """Every game's rules booklet, compendium of worked examples and quick
    reference, in fr and en, on A4 and letter, and in de and es on A4
    (``herald rules`` for each; the A4 ones from the whole kit), once for the
    whole session (two processes)."""
    kit, _ = whole_kit
    return shared_folder(tmp_path_factory, "rules-kit", lambda out: _every_rules(out, kit))


# -- Oriflamme's deck, printed once ---------------------------------------------------------

def _oriflamme_deck(out) -> None:
    import json
    done = run_sample(["cards", "oriflamme", "--lang", "en"], out)
    (out / "cards-en.json").write_text(json.dumps([done.returncode, done.stdout, done.stderr]))


def _finished(path, argv):
    """The finished process a shared fixture saved as [code, stdout, stderr]."""
    import json
    import subprocess
    code, stdout, stderr = json.loads(path.read_text())
    assert code == 0, stderr
    return subprocess.CompletedProcess(argv, code, stdout, stderr)


@pytest.fixture(scope="session")
def oriflamme_deck(tmp_path_factory):
    """``herald cards oriflamme --lang en`` (sheets, print-shop file, PNG,
    Tabletop Simulator) as the cards page's sample runs it, once for the
    session: (OUT/oriflamme, with en/ in it; what it printed). The French
    deck's PDFs are the whole kit's (the same bytes: ``herald build`` prints
    a deck with ``herald cards``' own function), its images test_kit's."""
    folder = shared_folder(tmp_path_factory, "oriflamme-deck", _oriflamme_deck)
    return folder / "output" / "oriflamme", _finished(
        folder / "cards-en.json", ["herald", "cards", "oriflamme", "--lang", "en"])


# -- Oriflamme's rules in English, printed once ------------------------------------------------

RULES_SAMPLE = ("rules", "oriflamme", "--lang", "en", "--booklet")     # the rules page's sample


def _oriflamme_rules(out) -> None:
    import json
    done = run_sample(list(RULES_SAMPLE), out)
    (out / "rules.json").write_text(json.dumps([done.returncode, done.stdout, done.stderr]))


@pytest.fixture(scope="session")
def oriflamme_rules(tmp_path_factory):
    """``herald rules oriflamme --lang en --booklet`` as the rules page's
    sample runs it, once for the session: read by that sample's test and by
    test_rules.py's, which compares its files with the whole kit's (the same
    date): (OUT/oriflamme, with en/ in it; the finished process)."""
    folder = shared_folder(tmp_path_factory, "oriflamme-rules", _oriflamme_rules)
    return folder / "output" / "oriflamme", _finished(folder / "rules.json",
                                                      ["herald", *RULES_SAMPLE])


def watch_once(args: list[str], cwd, deck) -> None:
    """Run ``herald ARGS`` (a ``--watch``), save a card into ``deck``'s
    cards.csv once it watches, and check it says it rebuilt for that file."""
    import os
    import subprocess
    import sys
    import time
    proc = subprocess.Popen([sys.executable, "-m", "herald.generator.cli", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = []
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("watching"):
                time.sleep(0.5)
                with (deck / "cards.csv").open("a") as f:
                    f.write("Zenith,sun,5,1,Win.\n")
            if "rebuilt in" in line or "error" in line:
                break
        assert "cards.csv changed: rebuilt in" in lines[-1], lines
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def copy_assets(tmp_path, monkeypatch, game: str):
    """A copy of ``game``'s assets and the shared locales under ``tmp_path``,
    which Herald reads instead of its own (a test may edit or spoil them)."""
    import shutil

    from herald.generator import catalogs, i18n, paths
    from herald.generator import translations as tr
    copy = tmp_path / "assets"
    shutil.copytree(paths.ASSETS / game, copy / game)
    shutil.copytree(paths.ASSETS / "locales", copy / "locales")
    for module in (tr, i18n, catalogs, paths):
        monkeypatch.setattr(module, "ASSETS", copy)
    return copy


def save_in_the_same_tick(path, old: str | bytes, new: str | bytes) -> None:
    """Replace ``old`` by ``new`` (as long, in bytes) in ``path`` and give the
    file back the very time it had: what a cache keyed by (time, size)
    cannot tell from no edit at all."""
    old_b = old.encode() if isinstance(old, str) else old
    new_b = new.encode() if isinstance(new, str) else new
    assert len(old_b) == len(new_b) and old_b != new_b
    before = os.stat(path)
    data = path.read_bytes()
    assert data.count(old_b) == 1, old
    path.write_bytes(data.replace(old_b, new_b))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)
