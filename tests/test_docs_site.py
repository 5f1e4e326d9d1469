"""The documentation site (mkdocs.yml, docs/) builds offline with warnings as
errors, and each command's page lists the options the command has.

The build tests skip only where the docs extra is not installed
(``pip install ".[docs]"``; CI installs it).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from herald.generator.cli import cli

ROOT = Path(__file__).resolve().parents[1]
COMMAND_PAGES = ROOT / "docs" / "commands"


def _docs_extra():
    for module in ("mkdocs", "material", "mkdocs_click"):
        pytest.importorskip(module, reason="the docs extra is not installed")


def _build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--config-file", str(config), "--site-dir", str(site)],
                          check=False, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    _docs_extra()
    folder = tmp_path_factory.mktemp("site")
    result = _build(ROOT / "mkdocs.yml", folder)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    return folder


def test_the_site_builds_with_every_page(site):
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    for page in (ROOT / "docs").rglob("*.md"):
        assert page.relative_to(ROOT / "docs").with_suffix(".html").as_posix() in pages, page
    assert (site / "images" / "diagram.png").is_file()


def test_placeholders_show_as_written(site):
    """A help text's <placeholders> are text, not tags (docs/hooks.py), and
    those inside code are not escaped twice."""
    cards = (site / "commands" / "cards.html").read_text(encoding="utf-8")
    assert "OUT/&lt;game&gt;/&lt;locale&gt;/" in cards
    for page in site.rglob("*.html"):
        assert "&amp;lt;" not in page.read_text(encoding="utf-8"), page


REMOTE = re.compile(r"""(src|href)=["'](https?:)?//""")
# the tags that load what they point at; <a> only links
LOADING = re.compile(r"<(script|img|iframe|source|link\b[^>]*\brel=\"(stylesheet|icon|preload|"
                     r"modulepreload|preconnect)\")[^>]*>", re.IGNORECASE)


def test_the_site_loads_nothing_from_the_web(site):
    """No font, script, style sheet or picture from another host: the site
    reads offline (links to other sites are fine: they load nothing)."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        remote = [tag.group(0) for tag in LOADING.finditer(text) if REMOTE.search(tag.group(0))]
        assert not remote, (page, remote)
    for sheet in site.rglob("*.css"):
        assert not re.search(r"@import|url\((['\"])?(https?:)?//", sheet.read_text("utf-8")), \
            sheet


def test_a_broken_link_fails_the_build(tmp_path):
    """The build is strict: a link to a page that does not exist stops it."""
    _docs_extra()
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    with (tmp_path / "docs" / "speed.md").open("a", encoding="utf-8") as page:
        page.write("\nSee [the old page](no-such-page.md).\n")
    result = _build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert "no-such-page.md" in result.stdout + result.stderr


# -- the command pages -----------------------------------------------------------

def _options(help_text: str) -> list[str]:
    """The option names (``-h``, ``--help``, ``--lang``) of one command's help:
    its option lines are indented by two spaces, their continuations by more."""
    names = []
    for line in help_text.split("Options:", 1)[1].splitlines():
        if not line.startswith("  -"):
            if line and not line.startswith(" "):
                break                           # "Commands:": the next section
            continue
        spec = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        names += [part.split()[0] for part in spec.split(", ")]
    return names


def _help(*words: str) -> str:
    """What ``herald WORDS --help`` prints (the same click command, run in
    this process: a subprocess per command would only add seconds)."""
    result = CliRunner().invoke(cli, [*words, "--help"], prog_name="herald")
    assert result.exit_code == 0, result.output
    return result.output


def _commands(group=cli, path=()) -> list[tuple[str, ...]]:
    """Every command path under ``herald``: ("verify",), ("i18n", "check")…"""
    out = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):       # herald's are loaded on demand
        command = group.get_command(ctx, name)
        if command.hidden:
            continue
        out.append(path + (name,))
        if hasattr(command, "commands"):
            out += _commands(command, path + (name,))
    return out


def test_every_command_has_a_page_and_every_page_a_command():
    commands = {path[0] for path in _commands()}
    pages = {p.stem for p in COMMAND_PAGES.glob("*.md")} - {"index"}
    assert pages == commands


@pytest.fixture(scope="module")
def rendered() -> dict[tuple[str, ...], str]:
    """Each command's section of its page, as mkdocs-click writes it: the
    text under the heading ``herald <path>``, by command path."""
    pytest.importorskip("mkdocs_click", reason="the docs extra is not installed")
    import markdown
    sections = {}
    for page in COMMAND_PAGES.glob("*.md"):
        if page.stem == "index":
            continue
        html = markdown.Markdown(extensions=["attr_list", "fenced_code", "mkdocs-click"]).convert(
            page.read_text(encoding="utf-8"))
        parts = re.split(r"<h\d[^>]*>(herald [^<]*)</h\d>", html)
        for heading, body in zip(parts[1::2], parts[2::2]):
            text = unescape(re.sub(r"<[^>]+>", "", body))
            sections[tuple(heading.split()[1:])] = text
    return sections


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_command_page_lists_the_options_of_the_command(path, rendered):
    assert path in rendered, (f"no section 'herald {' '.join(path)}' on "
                              f"docs/commands/{path[0]}.md (its mkdocs-click block)")
    on_page = _options(rendered[path])
    assert on_page == _options(_help(*path)), f"herald {' '.join(path)}"
    assert "--help" in on_page


def test_the_readme_links_only_to_files_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", readme) + \
        re.findall(r"<img [^>]*src=\"([^\"]+)\"", readme)
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert local, "the README links to no page"
    missing = [t for t in local if not (ROOT / t).exists()]
    assert not missing, missing


def _tour() -> list[list[str]]:
    """The README tour's command lines (``sh`` blocks, comments cut)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", readme, re.DOTALL):
        for line in block.splitlines():
            words = line.split("#", 1)[0].split()
            if words[:1] == ["herald"] and "COMMAND" not in words:
                lines.append(words[1:])
    return lines


def test_the_readme_tour_names_real_commands_and_options():
    """Each tour line is a command and options the tool has: parsed up to
    --help, which stops before anything runs (a renamed option fails)."""
    tour = _tour()
    assert len(tour) >= 8
    for words in tour:
        result = CliRunner().invoke(cli, [*words, "--help"])
        assert result.exit_code == 0, f"herald {' '.join(words)}: {result.output}"
