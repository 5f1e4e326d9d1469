"""The web edition of the rules (``herald rules --format html``): what the
pages hold, read from the files, and how they behave in a real browser
(Debian's Chromium driven by Selenium, axe-core for accessibility).

Every game's edition in fr and en is built once per session
(``shared_folder``); one browser serves the whole module. Screenshots of each
game's first page (phone and desktop, light and dark) are written to
``output/screenshots/`` (git-ignored; ``HERALD_SCREENSHOTS`` moves them).
"""
from __future__ import annotations

import html
import json
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import KIT_LOCALES, herald, shared_folder
from herald.engine.games import GAMES

PAGES = ("index.html", "examples.html", "cards.html", "reference.html")
ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("HERALD_SCREENSHOTS", ROOT / "output" / "screenshots"))


def _build(job):
    game, locale, out = job
    from herald.generator.cmd_rules import build_web
    return build_web(game, locale, out=out)


def _every_edition(out) -> None:
    from concurrent.futures import ProcessPoolExecutor
    jobs = [(game, locale, out) for game in sorted(GAMES) for locale in KIT_LOCALES]
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_build, jobs))


@pytest.fixture(scope="session")
def web_kit(tmp_path_factory):
    return shared_folder(tmp_path_factory, "web-kit", _every_edition)


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

@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("locale", KIT_LOCALES)
def test_edition_is_small_self_contained_and_linked(web_kit, game, locale):
    folder = edition(web_kit, game, locale)
    files = sorted(p.name for p in folder.iterdir())
    assert files == sorted([*PAGES, "edition.css", "search-index.js", "search.js"])
    size = sum(p.stat().st_size for p in folder.iterdir())
    assert size < 3 * 1024 * 1024, f"{game} {locale}: {size / 2**20:.2f} MiB"
    css = (folder / "edition.css").read_text()
    # fonts inside the stylesheet, as WOFF2: nothing else to fetch
    assert css.count("data:font/woff2;base64,") == 7
    pages = {name: parse(folder / name) for name in PAGES}
    for name, page in pages.items():
        assert page.lang == locale
        assert len(page.ids) == len(set(page.ids)), \
            f"{name}: repeated ids {sorted({i for i in page.ids if page.ids.count(i) > 1})[:5]}"
        text = (folder / name).read_text()
        # no address on the network (the SVG namespace is a name, not a request)
        assert not re.findall(r"(?:href|src|url)\s*=?\s*\(?[\"']?https?://", text)
        for href in page.hrefs:
            if href.startswith("../../"):      # another locale's edition
                other, _, target = href[len("../../"):].partition("/web/")
                assert other in GAMES_LOCALES(game), href
                assert target in PAGES
                continue
            if href.startswith("../") and href.endswith(".pdf"):   # a PDF beside it
                assert (folder / href).is_file(), href
                continue
            file, _, anchor = href.partition("#")
            assert file in ("", *PAGES, "edition.css"), href
            target = pages.get(file, page)
            if anchor:
                assert anchor in target.ids, f"{name}: {href} leads nowhere"
        # each drawing named by words (its text alternative) that exist
        for svg in page.images:
            label = svg.get("aria-labelledby") or ""
            assert page.text.get(label, "").strip(), f"{name}: an image without words"
        # headings never skip a level going down
        for a, b in zip(page.headings, page.headings[1:]):
            assert b <= a + 1, f"{name}: h{a} then h{b}"


def GAMES_LOCALES(game):
    from herald.generator.render.web import ready_locales
    return ready_locales(game)


def test_the_language_switcher_lists_every_locale_of_the_game(web_kit):
    from herald.generator.render.web import ready_locales
    for game in sorted(GAMES):
        page = parse(edition(web_kit, game, "en") / "index.html")
        others = {h.split("/")[2] for h in page.hrefs if h.startswith("../../")}
        assert others == set(ready_locales(game))


def test_anchors_come_from_the_data_and_examples_lead_back_to_their_rule(web_kit):
    page = parse(edition(web_kit, "oriflamme", "en") / "examples.html")
    rules = parse(edition(web_kit, "oriflamme", "fr") / "index.html")
    cards = parse(edition(web_kit, "oriflamme", "fr") / "cards.html")
    assert "example-ambush-opponent-soldier" in page.ids
    assert {"setup", "rulings", "placement"} <= set(rules.ids)
    assert any(i.startswith("ruling-") for i in rules.ids)
    assert "card-archer" in cards.ids            # the same anchor in French
    text = (edition(web_kit, "oriflamme", "en") / "examples.html").read_text()
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


def test_search_index_finds_every_card_by_name(web_kit):
    folder = edition(web_kit, "aset", "fr")
    data = (folder / "search-index.js").read_text()
    entries = json.loads(data[data.index("=") + 1:].strip().rstrip(";"))
    cards = parse(folder / "cards.html")
    by_anchor = {e["u"].split("#")[1]: e for e in entries if e["k"] == "card"}
    gallery = [i for i in cards.ids if i.startswith("card-") and not i.endswith("-words")]
    assert set(gallery) == set(by_anchor)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("locale", KIT_LOCALES)
def test_the_reference_page_holds_the_printed_reference(web_kit, tmp_path, game, locale):
    """Every word of the printed quick reference (its PDF, read back by
    poppler) is on the web page; its panels are anchored, in the contents
    and in the search index; its steps a numbered list."""
    import subprocess

    from herald.generator.database import database_path, load_database
    from herald.generator.kits import kit
    from herald.generator.render.booklet import rules_text
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


def test_an_edition_is_the_same_bytes_twice(web_kit, tmp_path):
    from herald.generator.cmd_rules import build_web
    again = build_web("lenormand", "en", out=tmp_path)
    for path in again:
        assert path.read_bytes() == (edition(web_kit, "lenormand", "en") / path.name).read_bytes()


def test_an_unknown_format_is_one_line_and_exit_2():
    result = herald("rules", "lenormand", "--format", "docx")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--format" in result.stderr


# -- in a browser ------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SIZES = ((360, 740), (1280, 800))


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


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


# Left to the parser above (unique ids, page by page), where they cost nothing:
# axe-core's duplicate-id rules compare every id with every other, half of
# its time on a page of a hundred examples.
AXE_OPTIONS = json.dumps({"resultTypes": ["violations"], "rules": {
    rule: {"enabled": False} for rule in ("duplicate-id", "duplicate-id-aria",
                                          "duplicate-id-active")}})


def axe_violations(driver) -> list[str]:
    """axe-core's serious and critical violations on the page. The drawings'
    insides (paths, and words drawn in a picture) are emptied first: axe
    walks every node, and a page of examples holds thousands; each <svg>
    keeps its role and the name axe checks."""
    from axe_selenium_python import Axe
    driver.execute_script("document.querySelectorAll('svg[role=img], svg[aria-hidden]')"
                          ".forEach(s => s.replaceChildren())")
    axe = Axe(driver)
    axe.inject()
    result = axe.run(options=AXE_OPTIONS)
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]['html'][:120]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pages_pass_axe_without_serious_violations(browser, web_kit, game):
    pytest.importorskip("axe_selenium_python", reason="axe-selenium-python is not installed")
    viewport(browser, 1280, 800)
    for locale in ("fr", "en"):
        for page in ("index.html", "examples.html", "reference.html"):
            browser.get((edition(web_kit, game, locale) / page).as_uri())
            assert axe_violations(browser) == [], f"{game} {locale} {page}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pages_fit_the_screen_resolve_their_links_and_find_cards(browser, web_kit, game):
    from selenium.webdriver.common.by import By
    folder = edition(web_kit, game, "en")
    SHOTS.mkdir(parents=True, exist_ok=True)
    card_id, name = re.search(r'<li class="gallery-card" id="(card-[^"]+)"><figure>.*?'
                              r"<figcaption><strong>([^<]+)</strong>",
                              (folder / "cards.html").read_text(), re.S).groups()
    for width, height in SIZES:
        for dark in (False, True):
            viewport(browser, width, height, dark)
            browser.get_log("browser")          # forget what earlier pages logged
            browser.get((folder / "index.html").as_uri())
            tag = f"{game}-{width}x{height}{'-dark' if dark else ''}"
            browser.save_screenshot(str(SHOTS / f"{tag}.png"))
        viewport(browser, width, height)
        browser.get((folder / "reference.html").as_uri())
        browser.save_screenshot(str(SHOTS / f"{game}-reference-{width}x{height}.png"))
        for page in PAGES:
            browser.get((folder / page).as_uri())
            wide = browser.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth]")
            assert wide[0] <= wide[1], f"{page} at {width} px scrolls sideways: {wide}"
            missing = browser.execute_script("""
                return [...document.querySelectorAll('a[href^="#"]')]
                  .map(a => a.getAttribute('href').slice(1))
                  .filter(id => id && !document.getElementById(decodeURIComponent(id)));""")
            assert missing == [], f"{page}: links to nothing: {missing[:5]}"
            assert console_errors(browser) == [], page
        # the search box finds a card by its name, first
        browser.get((folder / "index.html").as_uri())
        box = browser.find_element(By.ID, "search-box")
        box.send_keys(html.unescape(name))
        first = browser.find_element(By.CSS_SELECTOR, "#search-results a")
        assert first.get_attribute("href").endswith(f"cards.html#{card_id}")
        assert console_errors(browser) == []


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
