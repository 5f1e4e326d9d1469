"""The web edition of the rules (``herald rules --format html``): what the
pages hold, read from the files, and how they behave in a real browser
(Debian's Chromium driven by Selenium, axe-core 4 from npm for accessibility:
``.ci/run`` installs it in ``tests/node_modules``, ``HERALD_AXE`` names another
``axe.min.js``).

Every game's edition is the session's whole kit's (``herald build``, once per
session); one browser serves the whole module. Screenshots of each
game's first page (phone and desktop, light and dark) are written to
``output/screenshots/`` (git-ignored; ``HERALD_SCREENSHOTS`` moves them).
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import KIT_LOCALES, SAMPLE_ENV, herald_here, shared_folder
from herald.engine.games import GAMES

PAGES = ("index.html", "examples.html", "cards.html", "reference.html")
PAGE_BUDGET = 500 * 1024            # a page a phone loads
EDITION_BUDGET = 1.5 * 1024 * 1024  # an edition's folder (its fonts are the game's)
ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("HERALD_SCREENSHOTS", ROOT / "output" / "screenshots"))


@pytest.fixture(scope="session")
def web_kit(whole_kit):
    """Every game's edition in every locale: the session's whole kit
    (``herald build`` writes them with ``herald rules --format html``'s own
    function), its PDFs beside them."""
    return whole_kit[0]


OTHER_LOCALES = ("de", "es")        # the shipped languages the kit's tests leave out


@pytest.fixture(scope="session")
def other_kit(whole_kit):
    """Every game's edition in German and Spanish (where it ships them)."""
    return whole_kit[0]


def edition(root: Path, game: str, locale: str) -> Path:
    return root / game / locale / "web"


class _Page(HTMLParser):
    """What a test reads of a page: ids, links, the lang of the document,
    the images' names, and every element's attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.srcs: list[str] = []
        self.lang = None
        self.images: list[dict] = []
        self.headings: list[int] = []
        self.text: dict[str, str] = {}
        self._open: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "html":
            self.lang = a.get("lang")
        if tag in ("a", "link") and "href" in a:
            self.hrefs.append(a["href"])
        if "src" in a:
            self.srcs.append(a["src"])
        if tag == "svg" and a.get("role") == "img":
            self.images.append(a)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if "id" in a:
            self._open.append(a["id"])
        else:
            self._open.append("")

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        for i in self._open:
            if i:
                self.text[i] = self.text.get(i, "") + data


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


# -- the files ------------------------------------------------------------------------------

def pages_of(folder: Path) -> list[str]:
    """An edition's pages: the four, and the compendium's chapters."""
    return sorted(p.name for p in folder.glob("*.html"))


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("locale", KIT_LOCALES)
def test_edition_is_small_self_contained_and_linked(web_kit, game, locale):
    folder = edition(web_kit, game, locale)
    files = sorted(p.name for p in folder.iterdir())
    names = pages_of(folder)
    assert set(PAGES) <= set(names)
    chapters = [n for n in names if n not in PAGES]
    assert chapters and all(re.fullmatch(r"examples-[a-z0-9-]+\.html", n) for n in chapters)
    assert files == sorted([*names, "edition.css", "edition.js", "search-index.js",
                            "search.js"])
    # the weights a phone can take: every page, and the folder
    for name in names:
        size = (folder / name).stat().st_size
        assert size <= PAGE_BUDGET, f"{game} {locale} {name}: {size / 1024:.0f} KB"
    size = sum(p.stat().st_size for p in folder.iterdir())
    assert size <= EDITION_BUDGET, f"{game} {locale}: {size / 2**20:.2f} MiB"
    css = (folder / "edition.css").read_text()
    # fonts as WOFF2 files the game's languages share, each there; none inlined
    assert "data:font" not in css
    fonts = re.findall(r'url\("\.\./\.\./fonts/([^"]+\.woff2)"\)', css)
    assert 3 <= len(fonts) < 7          # the faces the pages set: not the PDF's every weight
    assert all((web_kit / game / "fonts" / f).is_file() for f in fonts)
    other = "fr" if locale == "en" else "en"
    assert fonts == re.findall(r'url\("\.\./\.\./fonts/([^"]+\.woff2)"\)',
                               (edition(web_kit, game, other) / "edition.css").read_text())
    pages = {name: parse(folder / name) for name in names}
    for name, page in pages.items():
        assert page.lang == locale
        assert len(page.ids) == len(set(page.ids)), \
            f"{name}: repeated ids {sorted({i for i in page.ids if page.ids.count(i) > 1})[:5]}"
        text = (folder / name).read_text()
        # no address on the network (the SVG namespace is a name, not a request)
        assert not re.findall(r"(?:href|src|url)\s*=?\s*\(?[\"']?https?://", text)
        for href in page.hrefs:
            if href.startswith("../../"):      # another locale's edition
                other_locale, _, target = href[len("../../"):].partition("/web/")
                assert other_locale in GAMES_LOCALES(game), href
                assert target in names
                continue
            if href.startswith("../") and href.endswith(".pdf"):   # a PDF beside it
                assert (folder / href).is_file(), href
                continue
            file, _, anchor = href.partition("#")
            assert file in ("", *names, "edition.css"), href
            target = pages.get(file, page)
            if anchor:
                assert anchor in target.ids, f"{name}: {href} leads nowhere"
        # each drawing named by words (its text alternative) that exist
        for svg in page.images:
            label = svg.get("aria-labelledby") or ""
            assert page.text.get(label, "").strip(), f"{name}: an image without words"
        # headings never skip a level going down, and one h1
        for a, b in zip(page.headings, page.headings[1:]):
            assert b <= a + 1, f"{name}: h{a} then h{b}"
        assert page.headings.count(1) == 1, name
        # what the drawings share is defined on the page, an element a
        # <use> (a browser draws each <use> inside a <use> apart, slowly)
        for ref in set(re.findall(r'<use href="#([^"]+)"', text)):
            assert ref in page.ids, f"{name}: <use> of #{ref}, never defined"
        assert not re.findall(r'<g id="r\w+">[^\n]*<use', text), \
            f"{name}: a shared group of <use>"
        # a worked example's diagrams are held for later, each whole
        held = re.findall(r'<noscript class="later">(.*?)</noscript>', text, re.S)
        assert len(held) == text.count('<figure class="diagram">'), name
        assert all(re.fullmatch(r"<svg\b.*</svg>", h, re.S) for h in held), name
    # distinct titles
    titles = [re.search(r"<title>(.*?)</title>", (folder / n).read_text()).group(1)
              for n in names]
    assert len(set(titles)) == len(titles), titles


def GAMES_LOCALES(game):
    from herald.generator.database import database_path, load_database
    from herald.generator.documents import ready_locales
    return ready_locales(load_database(database_path(game)))


def test_the_language_switcher_lists_every_locale_of_the_game(web_kit):
    for game in sorted(GAMES):
        page = parse(edition(web_kit, game, "en") / "index.html")
        others = {h.split("/")[2] for h in page.hrefs if h.startswith("../../")}
        assert others == set(GAMES_LOCALES(game))


def test_anchors_come_from_the_data_and_examples_lead_back_to_their_rule(web_kit):
    rules = parse(edition(web_kit, "oriflamme", "fr") / "index.html")
    cards = parse(edition(web_kit, "oriflamme", "fr") / "cards.html")
    assert {"setup", "rulings", "placement"} <= set(rules.ids)
    assert any(i.startswith("ruling-") for i in rules.ids)
    assert "card-archer" in cards.ids            # the same anchor in French
    folder = edition(web_kit, "oriflamme", "en")
    page = parse(folder / "examples-cards.html")
    assert "example-ambush-opponent-soldier" in page.ids
    # the compendium lists its chapters' examples, each a link to its page
    assert "examples-cards.html#example-ambush-opponent-soldier" in \
        parse(folder / "examples.html").hrefs
    text = (folder / "examples-cards.html").read_text()
    block = text[text.index('id="example-ambush-opponent-soldier"'):]
    block = block[:block.index("</article>")]
    assert re.search(r'<a href="index.html#[a-z-]+">↑ Back to the rule</a>', block)
    # its diagrams told in words from the engine's state, not "a diagram"
    words = re.findall(r'<p id="alt-\d+">([^<]+)</p>', block)
    assert words and all("Queue" in w and "Influence" in w for w in words)


def test_card_names_in_the_text_link_to_their_cards(web_kit):
    text = (edition(web_kit, "oriflamme", "en") / "index.html").read_text()
    links = set(re.findall(r'<a class="card-link" href="cards.html#card-([a-z_-]+)">', text))
    assert {"archer", "soldier", "spy"} <= links


def search_index(folder: Path) -> list[dict]:
    data = (folder / "search-index.js").read_text()
    return json.loads(data[data.index("=") + 1:].strip().rstrip(";"))


def card_sections(folder: Path) -> dict[str, str]:
    """cards.html's sections: anchor → the card's name."""
    text = (folder / "cards.html").read_text()
    return {a: html.unescape(n).strip() for a, n in re.findall(
        r'<article class="card-entry" id="(card-[^"]+)"[^>]*><h3 id="[^"]+">([^<]+)', text)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_has_its_section_and_search_entry(web_kit, game):
    """A section per card of every box (Oriflamme's Alliance, Asèt's decrees,
    the 36 Lenormand cards): its ability as text, under an id from the data
    (the same in every locale), found by its name in the search index; the
    index has no entry twice and no text cut short."""
    from herald.generator.database import database_path, load_database
    db = load_database(database_path(game))
    if game == "oriflamme":
        want = {f"card-{c.id}" for c in db.cards} \
            | {f"card-{c.id}" for box in db.boxes.values() for c in box.cards}
    elif game == "aset":        # the characters, and every decree the deck prints
        from herald.generator.kits import kit
        want = {f"card-{c.id}" for c in db.cards} | {
            f"card-{c.key}" for c in kit(game).print_cards(db, "en")
            if c.key.startswith("decree-")}
        assert len(want) > 30
    else:
        want = {f"card-{c.number:02d}" for c in db.cards}
    sections = {}
    for locale in KIT_LOCALES:
        folder = edition(web_kit, game, locale)
        found = card_sections(folder)
        sections[locale] = set(found)
        # a Lenormand card's anchor is its number and key (card-01-rider)
        ids = {a[:len("card-00")] if game == "lenormand" else a for a in found}
        assert want <= ids, sorted(want - ids)[:5]
        entries = search_index(folder)
        by_anchor = {e["u"].split("#")[1]: e for e in entries if e["k"] == "card"}
        assert set(found) == set(by_anchor)
        for anchor, name in found.items():
            assert by_anchor[anchor]["t"] == name
            assert by_anchor[anchor]["u"] == f"cards.html#{anchor}"
        assert len({e["u"] for e in entries}) == len(entries), "an address twice"
        assert len({(e["k"], e["t"], e["x"]) for e in entries}) == len(entries)
        assert max(len(e["x"]) for e in entries) > 1200      # a long section whole
        text = (folder / "cards.html").read_text()
        for anchor in found:
            block = text[text.index(f'id="{anchor}"'):]
            block = block[:block.index("</article>")]
            ability = re.search(r'<p class="ability">(.*?)</p>', block, re.S)
            assert ability and len(re.sub(r"<[^>]+>", "", ability.group(1)).strip()) > 3, \
                anchor
    assert sections["fr"] == sections["en"]


def test_a_card_section_holds_its_clarifications_rulings_and_examples(web_kit):
    folder = edition(web_kit, "oriflamme", "en")
    text = (folder / "cards.html").read_text()
    block = text[text.index('id="card-deserter"'):]
    block = block[:block.index("</article>")]
    assert "Alliance" in text[:text.index('id="card-deserter"')]
    assert "<h4>Clarifications</h4>" in block
    examples = re.findall(r'<ul class="uses">(.*?)</ul>', block, re.S)
    assert examples and examples[0].count("<li>") >= 3
    assert re.search(r'href="examples-[a-z-]+\.html#example-[a-z0-9-]+"', examples[0])
    ambush = text[text.index('id="card-ambush"'):]
    assert re.search(r'href="index.html#ruling-[a-z0-9-]+"',
                     ambush[:ambush.index("</article>")])
    # the rules' card headings: anchored, at one level, each a link to its section
    rules = (folder / "index.html").read_text()
    heads = re.findall(r'<h(\d) id="rule-card-([a-z_]+)"><a href="cards.html#card-\2">', rules)
    assert {"archer", "deserter", "empress"} <= {a for _, a in heads}
    assert len({level for level, _ in heads}) == 1
    # and the rules lead to the compendium
    assert re.search(r'<a href="examples-[a-z-]+\.html">', rules)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("locale", KIT_LOCALES)
def test_the_reference_page_holds_the_printed_reference(web_kit, tmp_path, game, locale):
    """Every word of the printed quick reference (its PDF, read back by
    poppler) is on the web page; its panels are anchored, in the contents
    and in the search index; its steps a numbered list."""
    import subprocess

    from herald.generator.database import database_path, load_database
    from herald.generator.documents import rules_text
    from herald.generator.kits import kit
    if not shutil.which("pdftotext"):
        pytest.skip("no pdftotext (Debian: apt-get install poppler-utils)")
    folder = edition(web_kit, game, locale)
    pdf = tmp_path / "reference.pdf"
    kit(game).write_reference(pdf, load_database(database_path(game)), locale, "a4",
                              rules_text(game, locale))
    printed = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                             capture_output=True, text=True).stdout
    printed = re.sub(r"-\n(?=[^\W\d_])", "", printed)      # a word hyphenated at a line's end
    text = (folder / "reference.html").read_text()
    main = html.unescape(re.sub(r"<[^>]+>", " ", text[text.index("<main"):
                                                    text.index("</main>")]))

    def words(s):
        return {w.lower() for w in re.findall(r"[^\W\d_]{4,}", s)}
    assert len(words(printed)) > 80
    assert words(printed) <= words(main), sorted(words(printed) - words(main))
    page = parse(folder / "reference.html")
    panels = [i for i in page.ids if re.fullmatch(r"ref-\d+", i)]
    assert panels[:2] == ["ref-1", "ref-2"]
    assert {f"#{i}" for i in panels} <= set(page.hrefs)         # the contents
    assert page.headings.count(1) == 1
    if game != "lenormand":         # the round in numbered steps, as on paper
        assert '<ol class="ref-steps"><li>' in text and page.headings.count(3) >= 3
    data = (folder / "search-index.js").read_text()
    entries = json.loads(data[data.index("=") + 1:].strip().rstrip(";"))
    assert {f"reference.html#{i}" for i in panels} <= {e["u"] for e in entries}
    # every page leads to it, and its language switcher to its other locales
    assert all("reference.html" in parse(folder / p).hrefs for p in PAGES)


def test_an_edition_is_the_same_bytes_twice(web_kit, tmp_path, monkeypatch):
    from herald.generator.cmd_rules import build_web
    monkeypatch.setenv("SOURCE_DATE_EPOCH", SAMPLE_ENV["SOURCE_DATE_EPOCH"])   # the kit's date
    # the kit's edition links the PDFs the build wrote beside it: the same here
    beside = tmp_path / "lenormand" / "en"
    beside.mkdir(parents=True)
    for pdf in (web_kit / "lenormand" / "en").glob("lenormand-*-a4.pdf"):
        shutil.copy(pdf, beside / pdf.name)
    again = build_web("lenormand", "en", out=tmp_path)
    for path in again:
        assert path.read_bytes() == (web_kit / path.relative_to(tmp_path)).read_bytes()


def test_an_unknown_format_is_one_line_and_exit_2():
    result = herald_here("rules", "lenormand", "--format", "docx")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--format" in result.stderr


# -- in a browser ------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SIZES = ((360, 740), (1280, 800))
POLL = 0.02         # seconds between two looks for what a page's script does after its load


@pytest.fixture(scope="module")
def browser():
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        pytest.skip("no Chromium and chromedriver (Debian: apt-get install chromium "
                    "chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    import tempfile

    from selenium.webdriver.chrome.service import Service
    profile = tempfile.mkdtemp(prefix="herald-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--hide-scrollbars",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as e:      # a browser that cannot start here: say why
        shutil.rmtree(profile, ignore_errors=True)
        pytest.skip(f"Chromium did not start: {str(e).splitlines()[0]}")
    driver.set_script_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def viewport(driver, width, height, dark=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def measured(driver) -> None:
    """Wait for the page's script to have sized its boxes (after the first
    paint): the enlarge buttons and the scrolling regions are there."""
    from selenium.webdriver.support.ui import WebDriverWait
    # asked every 20 ms (not selenium's 0.5 s): it is there a few frames after
    # the load, and every page of every test waits for it
    WebDriverWait(driver, 30, poll_frequency=POLL).until(lambda d: d.execute_script(
        "return document.documentElement.hasAttribute('data-measured')"))


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


# A violation is told by its HTML: axe-core need not work out each node's
# CSS selector, ancestry or XPath (a fifteenth of its time on a page).
# Left to the parser above (unique ids, page by page), where they cost nothing:
# axe-core's duplicate-id rules compare every id with every other, half of
# its time on a page of a hundred examples.
AXE_OPTIONS = {"resultTypes": ["violations"], "selectors": False, "ancestry": False,
               "xpath": False, "rules": {
    rule: {"enabled": False} for rule in ("duplicate-id", "duplicate-id-aria",
                                          "duplicate-id-active")}}
# axe-core's rules that measure what the style sheet draws (colours against
# their background, a link told from its text, a target's size): one style
# sheet draws every language's pages, so a second language is checked by the
# others (names, labels, languages, structure), over half of axe's time left
STYLE_RULES = ("color-contrast", "link-in-text-block", "target-size")
AXE_WORDS_ONLY = {**AXE_OPTIONS, "rules": {
    **AXE_OPTIONS["rules"], **{rule: {"enabled": False} for rule in STYLE_RULES}}}


def axe_script() -> str:
    """axe-core 4's script (:func:`axe_source`); the test skips, saying why,
    without it."""
    text, why = axe_source()
    if text is None:
        pytest.skip(why)
    return text


def axe_source() -> tuple[str | None, str]:
    """axe-core 4's script: ``HERALD_AXE``, or npm's package in
    ``tests/node_modules`` (``.ci/run``: ``npm install axe-core@4``); else
    None and why."""
    path = Path(os.environ.get("HERALD_AXE")
                or Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js")
    if not path.is_file():
        return None, f"no axe-core at {path} (npm install --prefix tests axe-core@4)"
    text = path.read_text(encoding="utf-8")
    version = re.search(r"axe v(\d+)\.", text[:400])
    if not version or int(version.group(1)) < 4:
        return None, f"{path} is not axe-core 4"
    return text, ""


def draw_all(driver) -> None:
    """Every diagram of the page drawn, as printing draws them (edition.js
    draws the worked examples' diagrams as they near the screen)."""
    driver.execute_script("window.dispatchEvent(new Event('beforeprint'))")


def axe_violations(driver, options: dict = AXE_OPTIONS) -> list[str]:
    """axe-core's violations of any impact on the page (every step of its
    examples shown, every diagram drawn), axe being loaded with the page
    (:func:`axe_in_each_page`). The drawings' insides (paths, and words drawn
    in a picture) are emptied first: axe walks every node, and a page of
    examples holds thousands; each <svg> keeps its role, the name axe checks
    and its size (its attributes). They are emptied before the steps are
    shown: showing an example's steps measures its boxes again, a page's
    layout each time, cheaper without them."""
    measured(driver)
    draw_all(driver)
    driver.execute_script("document.querySelectorAll('svg[role=img], svg[aria-hidden]')"
                          ".forEach(s => s.replaceChildren());"
                          "document.querySelectorAll('.stepper .all').forEach(b => b.click())")
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0]).then(done, e => done({error: String(e)}));",
        options)
    assert "error" not in result, result
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]['html'][:160]}"
            for v in result["violations"]]


@contextmanager
def axe_in_each_page(browser, script: str | None) -> Iterator[None]:
    """axe-core handed to the browser once, which runs it in each page it
    loads inside the block (sent with each page, its half a megabyte took a
    tenth of a second a page); nothing when ``script`` is None."""
    if not script:
        yield
        return
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                    {"source": script})["identifier"]
    try:
        yield
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": added})


def axe_every_page(browser, folder: Path, script: str,
                   options: dict = AXE_OPTIONS) -> list[str]:
    """axe-core's violations on every page of an edition's ``folder`` on a
    desktop's screen, and on its first page on a phone's too (a game
    package's edition: Herald's own are walked by :func:`edition_walk`)."""
    found = []
    with axe_in_each_page(browser, script):
        for page in pages_of(folder):
            for width, height in SIZES if page == "index.html" else ((1280, 800),):
                viewport(browser, width, height)
                browser.get((folder / page).as_uri())
                found += [f"{folder.parent.name} {page} {width}: {v}"
                          for v in axe_violations(browser, options)]
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_passes_axe_core_4(browser, web_kit, game):
    """axe-core 4: no violation of any impact on any page of the edition, in
    French on a desktop's screen (and its first page on a phone's) by every
    rule, and in English on a phone's by every rule but those of the style
    sheet's drawing (STYLE_RULES), as the edition's walk loaded each page."""
    axe_script()        # skips, saying why, without axe-core
    assert edition_walk(browser, web_kit, game).axe == []


def test_the_rules_left_out_are_axe_core_s_own():
    """Every rule the checks leave out is one axe-core 4 has (a rule it
    renamed would be left out of neither language, not checked in both), and
    the second language leaves out the style sheet's rules alone."""
    script = axe_script()
    assert all(f'id:"{rule}"' in script for rule in AXE_WORDS_ONLY["rules"])
    assert set(AXE_WORDS_ONLY["rules"]) - set(AXE_OPTIONS["rules"]) == set(STYLE_RULES)


# the smallest word of every diagram, in CSS pixels, once enlarged: the
# scale of the screen's matrix through each <use> to what it places
SMALLEST_TEXT = """
const out = [];
function walk(el, m) {
  const t = el.transform && el.transform.baseVal.consolidate();
  const mm = t ? m.multiply(DOMMatrix.fromMatrix(t.matrix)) : m;
  if (el.tagName === "text") {
    const scale = Math.sqrt(Math.abs(mm.a * mm.d - mm.b * mm.c));
    out.push(parseFloat(el.getAttribute("font-size")) * scale);
  } else if (el.tagName === "use") {
    walk(document.getElementById(el.getAttribute("href").slice(1)), mm);
  } else {
    for (const c of el.children) walk(c, mm);
  }
}
window.dispatchEvent(new Event("beforeprint"));   // every diagram drawn
document.querySelectorAll(".stepper .all").forEach(b => b.click());
document.querySelectorAll(".diagram:not(.enlarged) button.enlarge").forEach(b => b.click());
for (const svg of document.querySelectorAll(".diagram svg")) {
  const c = svg.getScreenCTM();
  for (const el of svg.children) walk(el, DOMMatrix.fromMatrix(c));
}
return [out.length, Math.min(...out)];
"""


def smallest_diagram_word(driver, page: str) -> float | None:
    """The smallest word of the page's diagrams in CSS px, every diagram
    drawn and enlarged by its button where it has one (None: no word), once
    the page's script has sized its boxes; the page still fits its screen."""
    measured(driver)
    count, least = driver.execute_script(SMALLEST_TEXT)
    drawn = driver.execute_script(
        "return [document.querySelectorAll('.diagram svg').length,"
        " document.querySelectorAll('.diagram').length]")
    assert drawn[0] == drawn[1], f"{page}: {drawn[0]} of {drawn[1]} diagrams drawn"
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth"), page
    return round(least, 2) if count else None


def first_results(driver, searches: list[str]) -> list[str | None]:
    """The address the page's search offers first for each of ``searches``
    (typed one after the other in one script: a round trip to the browser
    for each of a deck's hundred cards was most of the time)."""
    return driver.execute_script("""
        const box = document.getElementById("search-box");
        return arguments[0].map(words => {
          box.value = words;
          box.dispatchEvent(new Event("input"));
          const a = document.querySelector("#search-results a");
          return a ? a.getAttribute("href") : null;
        });""", searches)


def tap_first_result(browser, anchor: str, name: str) -> list:
    """Search ``name``, tap the first result: the address's hash, whether the
    card's ability is in view, its type size in CSS px and its text."""
    from selenium.webdriver.common.by import By
    box = browser.find_element(By.ID, "search-box")
    box.clear()
    box.send_keys(name)
    browser.find_element(By.CSS_SELECTOR, "#search-results a").click()
    ability = browser.find_element(By.CSS_SELECTOR, f"#{anchor} .ability")
    return browser.execute_script("""
        const r = arguments[0].getBoundingClientRect();
        return [location.hash, r.top < innerHeight && r.bottom > 0,
                parseFloat(getComputedStyle(arguments[0]).fontSize),
                arguments[0].textContent.trim()]""", ability)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_is_found_by_name_and_its_ability_read_in_one_tap(browser, web_kit,
                                                                     other_kit, game):
    """Typing a card's name (any card of any box, in each of the game's
    languages) offers its section first; one tap on it shows its ability's
    words, at the body's size (16 px or more). The German and Spanish
    editions keep the weights too."""
    viewport(browser, 360, 740)
    folders = [edition(web_kit, game, locale) for locale in KIT_LOCALES]
    folders += [edition(other_kit, game, locale) for locale in OTHER_LOCALES
                if edition(other_kit, game, locale).is_dir()]
    assert len(folders) == len(GAMES_LOCALES(game))
    counts = set()
    for folder in folders:
        locale = folder.parent.name
        assert sum(p.stat().st_size for p in folder.iterdir()) <= EDITION_BUDGET
        assert max(p.stat().st_size for p in folder.glob("*.html")) <= PAGE_BUDGET
        cards = card_sections(folder)
        counts.add(len(cards))
        names = [n for n in cards.values()]
        browser.get((folder / "index.html").as_uri())
        # two aids of one name are found together: left out
        alone = {anchor: name for anchor, name in cards.items() if names.count(name) == 1}
        misses = [(name, first) for (anchor, name), first
                  in zip(alone.items(), first_results(browser, list(alone.values())))
                  if first != f"cards.html#{anchor}"]
        assert misses == [], f"{game} {locale}: {misses[:5]}"
        # one tap: the first result opens the card's section, its ability in view
        anchor, name = next(iter(cards.items()))
        shown = tap_first_result(browser, anchor, name)
        assert shown[0] == f"#{anchor}" and shown[1] and shown[2] >= 16, shown
    assert len(counts) == 1             # the same cards in every language


def test_search_is_whole_exact_first_and_keyboard_driven(browser, web_kit):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    viewport(browser, 1280, 800)
    folder = edition(web_kit, "oriflamme", "en")
    browser.get((folder / "index.html").as_uri())
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert browser.switch_to.active_element.get_attribute("id") == "search-box"
    browser.switch_to.active_element.send_keys("Deserter")
    status, shown, first = browser.execute_script("""
        return [document.getElementById("search-status").textContent,
                document.querySelectorAll("#search-results li").length,
                document.querySelector("#search-results a").getAttribute("href")]""")
    assert first == "cards.html#card-deserter"
    assert str(shown) in status and shown > 1         # every result shown, and counted
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert browser.current_url.endswith("cards.html#card-deserter")


def test_a_worked_example_is_stepped_through(browser, web_kit):
    """One step at a time: the buttons and the arrow keys move, the step is
    in the address and told to screen readers; the address opens it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    viewport(browser, 1280, 800)
    folder = edition(web_kit, "oriflamme", "en")
    page = (folder / "examples-cards.html").as_uri()
    browser.get(page + "#example-ambush-opponent-soldier/2")
    example = browser.find_element(By.ID, "example-ambush-opponent-soldier")

    def visible():
        return [i for i, li in enumerate(example.find_elements(By.CSS_SELECTOR, "li.step"))
                if li.is_displayed()]
    assert visible() == [1]
    count = example.find_element(By.CSS_SELECTOR, ".step-count")
    assert count.get_attribute("aria-live") == "polite" and "2" in count.text
    example.find_element(By.CSS_SELECTOR, ".stepper .prev").click()
    assert visible() == [0] and browser.current_url.endswith("#example-ambush-opponent-soldier/1")
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert visible() == [1] and browser.current_url.endswith("/2")
    # printing shows every step
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert len(visible()) == len(example.find_elements(By.CSS_SELECTOR, "li.step")) > 1
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_a_chapter_draws_its_diagrams_as_they_near_the_screen(browser, web_kit):
    """A chapter of worked examples opens with the diagrams near the screen
    drawn and the others held, each in a room of its size (the page does not
    move as they are drawn); scrolling to one draws it, a step shown draws
    its own, printing draws them all; without scripts, all are drawn."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    viewport(browser, 360, 740)
    folder = edition(web_kit, "oriflamme", "en")
    page = max(folder.glob("examples-*.html"), key=lambda p: p.stat().st_size)
    browser.get_log("browser")
    browser.get(page.as_uri())
    measured(browser)
    total = len(browser.find_elements(By.CSS_SELECTOR, ".diagram"))
    drawn = len(browser.find_elements(By.CSS_SELECTOR, ".diagram svg"))
    assert 1 <= drawn < total / 4, (drawn, total)
    held = browser.find_elements(By.CSS_SELECTOR, ".step:not([hidden]) .drawing-space")
    assert held
    # the last one held: its room, then the drawing that takes its place
    space = held[-1]
    room = browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                  "return [r.width, r.height];", space)
    figure = space.find_element(By.XPATH, "./ancestor::figure")
    browser.execute_script("arguments[0].scrollIntoView()", figure)
    svg = WebDriverWait(browser, 10, poll_frequency=POLL).until(
        lambda d: figure.find_elements(By.CSS_SELECTOR, ".diagram-box svg"))[0]
    size = browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                  "return [r.width, r.height];", svg)
    assert abs(size[0] - room[0]) < 1 and abs(size[1] - room[1]) < 1, (room, size)
    # a step shown is drawn at once
    example = browser.find_element(By.CSS_SELECTOR, "article.example:has(.stepper)")
    example.find_element(By.CSS_SELECTOR, ".stepper .next").click()
    step = [li for li in example.find_elements(By.CSS_SELECTOR, "li.step") if li.is_displayed()]
    assert step and step[0].find_elements(By.CSS_SELECTOR, ".diagram-box svg")
    draw_all(browser)
    assert browser.execute_script(
        "return [document.querySelectorAll('.diagram svg').length,"
        " document.querySelectorAll('noscript.later, .drawing-space').length]") == [total, 0]
    assert console_errors(browser) == []
    # a browser without scripts draws every diagram where it stands
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(page.as_uri())
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert browser.execute_script(
        "return [document.querySelectorAll('.diagram svg').length,"
        " document.querySelectorAll('.drawing-space').length]") == [total, 0]


def test_a_worked_example_sits_in_the_middle_of_the_column(browser, web_kit):
    """On a wide screen a step's words stand above its diagram, which is
    centred in the text's column (not pushed to its right beside them)."""
    from selenium.webdriver.common.by import By
    viewport(browser, 1280, 800)
    folder = edition(web_kit, "oriflamme", "en")
    browser.get((folder / "examples-cards.html").as_uri())
    measured(browser)
    draw_all(browser)
    for example in browser.find_elements(By.CSS_SELECTOR, "article.example")[:5]:
        step = example.find_element(By.CSS_SELECTOR, "li.step")
        words, svg = (step.find_element(By.CSS_SELECTOR, s) for s in ("p", ".diagram-box svg"))
        column, text, drawing = (browser.execute_script(
            "const r = arguments[0].getBoundingClientRect(),"
            " s = getComputedStyle(arguments[0]);"
            "return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight),"
            " r.top, r.bottom];", el) for el in (example, words, svg))
        middle = (column[0] + column[1]) / 2
        assert abs((drawing[0] + drawing[1]) / 2 - middle) < 2, (column, drawing)
        assert drawing[2] >= text[3], "the diagram beside its words, not under them"


def test_the_language_switcher_keeps_the_section(browser, web_kit):
    from selenium.webdriver.common.by import By
    viewport(browser, 1280, 800)
    browser.get((edition(web_kit, "oriflamme", "en") / "cards.html").as_uri() + "#card-archer")
    browser.find_element(By.CSS_SELECTOR, '.languages a[hreflang="fr"]').click()
    assert browser.current_url.endswith("/fr/web/cards.html#card-archer")


@dataclass
class Walk:
    """What a game's web edition showed, each page loaded once in each
    language and screen it is checked in (:func:`edition_walk`): what is
    wrong with its fit, links, console and search; the smallest word of its
    diagrams on a phone, by page; axe-core's violations."""
    faults: list[str] = field(default_factory=list)
    smallest: dict[str, float | None] = field(default_factory=dict)
    axe: list[str] = field(default_factory=list)


_WALKS: dict[str, Walk | BaseException] = {}


def edition_walk(browser, web_kit, game: str) -> Walk:
    """The web edition of ``game`` walked once for the tests that read it:
    page loads are most of what a browser test costs, and each check reads
    the page as loaded (axe-core and the diagrams' words last, as they
    change the page)."""
    if game not in _WALKS:
        try:
            _WALKS[game] = _walk(browser, web_kit, game)
        except BaseException as e:          # every test that reads the walk fails so
            _WALKS[game] = e
    walk = _WALKS[game]
    if isinstance(walk, BaseException):
        raise walk
    return walk


def _walk(browser, web_kit, game: str) -> Walk:
    """Every page of the English edition on a phone's screen, where the
    words are tightest: its fit, links, console and search, its diagrams'
    smallest word, and axe-core by every rule but STYLE_RULES; every page of
    the French edition on a desktop's screen (its first page on a phone's
    too): its fit, links, console and search, and axe-core by every rule.
    The two editions share one style sheet and one script, so each page is
    checked on both screens, in one language or the other."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    walk = Walk()
    script, _ = axe_source()        # without it, the axe test skips before reading the walk
    english, french = edition(web_kit, game, "en"), edition(web_kit, game, "fr")
    for width, height in SIZES:     # the English first page in the dark, on each screen
        viewport(browser, width, height, dark=True)
        browser.get((english / "index.html").as_uri())
        browser.save_screenshot(str(SHOTS / f"{game}-{width}x{height}-dark.png"))
    tours = [(english, pages_of(english), (360, 740), AXE_WORDS_ONLY),
             (french, ["index.html"], (360, 740), AXE_OPTIONS),
             (french, pages_of(french), (1280, 800), AXE_OPTIONS)]
    assert {"index.html", "reference.html"} <= set(tours[0][1])
    with axe_in_each_page(browser, script):
        for folder, pages, (width, height), options in tours:
            card_id, name = next(iter(card_sections(folder).items()))
            viewport(browser, width, height)
            browser.get_log("browser")              # forget what earlier pages logged
            for page in pages:
                browser.get((folder / page).as_uri())
                if folder == english:
                    _screenshot(browser, game, page, width, height)
                walk.faults += _page_faults(browser, page, width, card_id, name)
                if folder == english:
                    walk.smallest[page] = smallest_diagram_word(browser, page)
                if script:
                    walk.axe += [f"{folder.parent.name} {page} {width}: {v}"
                                 for v in axe_violations(browser, options)]
                # what leaving a page these checks changed logs is theirs, not the next page's
                browser.get("about:blank")
                browser.get_log("browser")
    # the English pages on a desktop's screen, as a reader sees them first
    viewport(browser, 1280, 800)
    for page in SHOWN:
        browser.get((english / page).as_uri())
        _screenshot(browser, game, page, 1280, 800)
    return walk


SHOWN = {"index.html": "", "reference.html": "-reference"}   # pages kept as screenshots


def _screenshot(browser, game: str, page: str, width: int, height: int) -> None:
    """The page as loaded, saved in SHOTS when it is one of SHOWN."""
    if page in SHOWN:
        browser.save_screenshot(str(SHOTS / f"{game}{SHOWN[page]}-{width}x{height}.png"))


def _page_faults(browser, page: str, width: int, card_id: str, name: str) -> list[str]:
    """What is wrong with the page as loaded: a sideways scroll, a link to
    nothing, an error in the console; on the first page, a search for the
    card ``name`` that does not offer its section first."""
    from selenium.webdriver.common.by import By
    faults = []
    wide = browser.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    if wide[0] > wide[1]:
        faults.append(f"{page} at {width} px scrolls sideways: {wide}")
    missing = browser.execute_script("""
        return [...document.querySelectorAll('a[href^="#"]')]
          .map(a => a.getAttribute('href').slice(1))
          .filter(id => id && !document.getElementById(decodeURIComponent(id)));""")
    if missing:
        faults.append(f"{page}: links to nothing: {missing[:5]}")
    if page == "index.html":
        browser.find_element(By.ID, "search-box").send_keys(name)
        first = browser.find_element(By.CSS_SELECTOR, "#search-results a")
        if not first.get_attribute("href").endswith(f"cards.html#{card_id}"):
            faults.append(f"{page}: {name!r} finds {first.get_attribute('href')}")
    errors = console_errors(browser)
    if errors:
        faults.append(f"{page} at {width} px: {errors[:3]}")
    return faults


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pages_fit_the_screen_resolve_their_links_find_cards_and_read_on_a_phone(
        browser, web_kit, game):
    """Every page, on a phone's screen in English and on a desktop's in
    French (the editions share their style sheet and script): no sideways
    scroll, no link to nothing, no error in the console; the first page's
    search finds a card by its name, first. At 360 px, every diagram of every
    English page, enlarged by its button where it has one, shows no word
    under 11 CSS px."""
    walk = edition_walk(browser, web_kit, game)
    assert walk.faults == []
    words = [size for size in walk.smallest.values() if size is not None]
    assert words and min(words) >= 11, walk.smallest


def test_keyboard_reaches_the_search_and_focus_is_visible(browser, web_kit):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    viewport(browser, 1280, 800)
    browser.get((edition(web_kit, "lenormand", "fr") / "index.html").as_uri())
    body = browser.find_element(By.TAG_NAME, "body")
    seen = []
    for _ in range(12):
        body.send_keys(Keys.TAB) if not seen else browser.switch_to.active_element.send_keys(
            Keys.TAB)
        el = browser.switch_to.active_element
        seen.append(el.get_attribute("id") or el.tag_name)
        outline = browser.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]",
            el)
        assert outline[0] != "none" and outline[1] != "0px", f"{seen[-1]}: no visible focus"
    assert "search-box" in seen


# -- a game package's deck -----------------------------------------------------------------

PACKAGE_LOCALES = ("en", "fr")


@pytest.fixture(scope="module")
def package_web(tmp_path_factory):
    """The web edition of a game package (examples/games/goofspiel, installed
    by pip into a folder of its own, as test_goofspiel_package does), built
    by ``herald rules goofspiel --format html`` in two of its languages."""
    from test_goofspiel_package import _install
    from test_goofspiel_package import herald as package_herald
    site = shared_folder(tmp_path_factory, "goofspiel-package", _install) / "site"

    def build(out):
        for locale in PACKAGE_LOCALES:
            done = package_herald(site, "rules", "goofspiel", "--lang", locale,
                                  "--format", "html", "--out", out)
            assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    return shared_folder(tmp_path_factory, "goofspiel-web", build)


def test_a_package_deck_has_a_section_per_card_found_in_one_tap(browser, package_web):
    """A game package's deck, in the web edition: a section per card of its
    card list (its id the card's), its words as text; typing a card's name
    offers its section first, one tap shows its words at 16 px or more; no
    page has an axe-core violation, at a phone's width or a desktop's
    (the second language's pages by every rule but STYLE_RULES)."""
    ids = [line.split(",")[0] for line in (
        ROOT / "examples" / "games" / "goofspiel" / "src" / "herald_goofspiel" / "assets"
        / "deck" / "cards.csv").read_text().splitlines()[1:] if line.strip()]
    script = axe_script()
    found = []
    for locale in PACKAGE_LOCALES:
        folder = edition(package_web, "goofspiel", locale)
        cards = card_sections(folder)
        assert set(cards) == {f"card-{i}" for i in ids}
        page = parse(folder / "cards.html")
        # its words, beside its name
        assert all(page.text.get(a, "").strip() != cards[a] for a in cards)
        entries = {e["u"] for e in search_index(folder) if e["k"] == "card"}
        assert entries == {f"cards.html#{a}" for a in cards}
        viewport(browser, 360, 740)
        browser.get((folder / "index.html").as_uri())
        firsts = dict(zip(cards, first_results(browser, list(cards.values()))))
        misses = [(a, f) for a, f in firsts.items() if f != f"cards.html#{a}"]
        assert misses == [], f"{locale}: {misses[:5]}"
        anchor, name = list(cards.items())[len(cards) // 2]
        shown = tap_first_result(browser, anchor, name)
        assert shown[0] == f"#{anchor}" and shown[1] and shown[2] >= 16 and shown[3], shown
        # the second language by every rule but the style sheet's, as the games'
        found += axe_every_page(browser, folder, script,
                                AXE_OPTIONS if locale == PACKAGE_LOCALES[0] else AXE_WORDS_ONLY)
    assert found == []


def test_herald_build_brings_the_shared_fonts_out_of_its_staging_folder(tmp_path):
    """``herald build`` stages each locale, then swaps it in; the fonts the
    game's editions share follow into ``<game>/fonts/``, a file already
    there (named by its bytes) left as it is."""
    from herald.generator.render.web import publish_shared
    staged, final = tmp_path / "staging" / "lenormand", tmp_path / "out" / "lenormand"
    (staged / "fonts").mkdir(parents=True)
    (staged / "fonts" / "Garamond-0123456789.woff2").write_bytes(b"new")
    (final / "fonts").mkdir(parents=True)
    (final / "fonts" / "Cinzel-Bold-abcdef0123.woff2").write_bytes(b"kept")
    publish_shared(staged, final)
    assert (final / "fonts" / "Garamond-0123456789.woff2").read_bytes() == b"new"
    assert (final / "fonts" / "Cinzel-Bold-abcdef0123.woff2").read_bytes() == b"kept"
