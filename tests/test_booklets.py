"""The two documents ``herald rules`` (and ``herald build``) write for every
game and locale: the rules booklet a player prints (at most 20 pages, the
examples that teach best beside their rule) and the compendium of every
worked example; read back from the PDFs of the session's ``rules_kit``."""
from __future__ import annotations

import re

import pypdf
import pypdfium2
import pytest
from conftest import KIT_LOCALES, KIT_PAPERS, KIT_TRANSLATED
from herald.engine.games import GAMES
from herald.generator.booklet_plan import load_plan
from herald.generator.database import database_path, load_database
from herald.generator.documents import cover_notes, rules_text
from herald.generator.errors import InputError
from herald.generator.examples import builtin_examples, load_example
from herald.generator.kits import kit
from herald.generator.render.text import typography

CASES = [(g, loc) for g in sorted(GAMES) for loc in KIT_LOCALES]


def flat(text: str) -> str:
    """Text without spaces or hyphens, typographic quotes made plain: a title
    found whatever line breaks the layout gave it."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u1d49", "e").replace("\u02b3", "r").replace("\u02e2", "s")
    return re.sub(r"[\s\u00a0\u202f\u00ad-]", "", text)


def pdf_text(path) -> str:
    """Every page's text as pdfium reads it (each character as the PDF maps
    it to Unicode, twenty times faster than pypdf): for what a document holds;
    the contents pages, whose columns pdfium orders otherwise, are read by pypdf."""
    return "\n".join(page.get_textpage().get_text_range()
                     for page in pypdfium2.PdfDocument(path))


def outline(path) -> list[tuple[int, int, str]]:
    """(level, page, title) of every outline entry, in order."""
    reader = pypdf.PdfReader(path)
    out = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, reader.get_destination_page_number(item) + 1, item.title))
    walk(reader.outline, 0)
    return out


def shown_examples(game: str) -> dict:
    """The built-in examples with steps to show, by id."""
    examples = (load_example(p) for p in builtin_examples(game))
    return {e.id: e for e in examples if any(k in e.spec for k in ("play", "solve", "expect"))}


def doc(kit, game, locale, kind, paper="a4"):
    return kit / game / locale / f"{game}-{kind}-{paper}.pdf"


@pytest.mark.parametrize("game,locale,paper", [
    *((g, loc, paper) for g, loc in CASES for paper in KIT_PAPERS),
    *((g, loc, "a4") for g in sorted(GAMES) for loc in KIT_TRANSLATED)])
def test_the_rules_booklet_is_at_most_20_pages(rules_kit, game, locale, paper):
    pages = len(pypdf.PdfReader(doc(rules_kit, game, locale, "rules", paper)).pages)
    assert pages <= 20, pages
    # the quick reference stays one page
    assert len(pypdf.PdfReader(doc(rules_kit, game, locale, "reference", paper)).pages) == 1


@pytest.mark.parametrize("game,locale,paper", [
    *((g, loc, paper) for g, loc in CASES for paper in KIT_PAPERS),
    *((g, loc, "a4") for g in sorted(GAMES) for loc in KIT_TRANSLATED)])
def test_every_game_has_a_booklet_with_cover_contents_and_ten_point_text(rules_kit, text_runs,
                                                                         game, locale, paper):
    """Every game's rules are a booklet like the others (issue 33: the
    Lenormand duel was a four-page sheet in two columns at 8.2 pt): a cover
    with the title, the contents on the next page, 8 pages or more, body text
    at 10 pt or more."""
    text = rules_text(game, locale)
    reader = pypdf.PdfReader(doc(rules_kit, game, locale, "rules", paper))
    assert len(reader.pages) >= 8, len(reader.pages)
    assert flat(typography(text["title"], locale)) in flat(reader.pages[0].extract_text())
    assert flat(typography(text["contents"], locale)) in flat(reader.pages[1].extract_text())
    sizes: dict[float, int] = {}
    for _, runs in text_runs(doc(rules_kit, game, locale, "rules", paper))[1:4]:
        for chars, cm, tm, size in runs:
            if chars.strip():
                k = round(size * tm[0] * cm[0], 1)
                sizes[k] = sizes.get(k, 0) + len(chars)
    body = max(sizes, key=sizes.get)
    assert body >= 10, sizes


# the running head and the folio lie within this of the paper's edge, the
# text frame beyond it (a rules booklet's margins: 12.6 mm)
FURNITURE = 11 * 72 / 25.4


def page_fill(page) -> float:
    """How far down its frame a page's text reaches (0 to 1): the lowest
    line above the folio against the frame's height (the running head and
    the folio left out). ``page``: its height and runs (tests/text_runs.py)."""
    height, runs = page
    top, bottom = height - FURNITURE, FURNITURE
    ys = []
    for chars, cm, tm, _ in runs:
        y = tm[5] * cm[3] + cm[5]
        if chars.strip() and bottom < y < top:
            ys.append(y)
    return (top - min(ys)) / (top - bottom) if ys else 0.0


@pytest.mark.parametrize("game,locale,paper", [
    *((g, loc, paper) for g, loc in CASES for paper in KIT_PAPERS),
    *((g, loc, "a4") for g in sorted(GAMES) for loc in KIT_TRANSLATED)])
def test_no_rules_booklet_ends_on_a_widow_page(rules_kit, text_runs, game, locale, paper):
    """A booklet's last page holds a fair part of a page (issue 33:
    Oriflamme's p. 19 was 12 % full, the Lenormand booklet's two lines):
    the readings are set smaller, down to 8 pt, to end a page earlier."""
    last = text_runs(doc(rules_kit, game, locale, "rules", paper))[-1]
    assert page_fill(last) >= 0.2, page_fill(last)


def body_texts(pages) -> list[str]:
    """Each page's text without its running head and folio (the text in
    the top and bottom 11 mm: the frame starts 12.6 mm in), made flat.
    ``pages``: each page's height and runs (tests/text_runs.py)."""
    def body(height, runs) -> str:
        top, bottom = height - FURNITURE, FURNITURE
        return flat("".join(chars for chars, cm, tm, _ in runs
                            if bottom < tm[5] * cm[3] + cm[5] < top))
    return [body(height, runs) for height, runs in pages]


@pytest.mark.parametrize("game,locale,paper", [
    *((g, loc, paper) for g, loc in CASES for paper in KIT_PAPERS),
    *((g, loc, "a4") for g in sorted(GAMES) for loc in KIT_TRANSLATED)])
def test_each_worked_example_is_whole_on_a_page_or_a_spread(rules_kit, text_runs, game, locale,
                                                           paper):
    """Issue 33: examples ran over a page turn, their result overleaf. Every
    example the booklet prints lies on one page, or on a left-hand (even)
    page and the right-hand page facing it: from its title to the next
    heading, its text is on those pages only."""
    path = doc(rules_kit, game, locale, "rules", paper)
    pages = body_texts(text_runs(path))
    entries = outline(path)
    titles = {flat(typography(e.title(locale), locale)) for e in shown_examples(game).values()}
    checked = 0
    for n, (_, first, title) in enumerate(entries):
        if flat(title) not in titles:
            continue
        after = flat(entries[n + 1][2]) if n + 1 < len(entries) else None
        start = pages[first - 1].index(flat(title)) + len(flat(title))
        holding = []            # the pages holding the example's text
        for page in range(first, len(pages) + 1):
            text = pages[page - 1][start if page == first else 0:]
            end = text.find(after) if after else -1
            if (end if end >= 0 else len(text)) > 0:
                holding.append(page)
            if end >= 0:
                break
        assert holding[-1] - first <= (1 if first % 2 == 0 else 0), (title, holding)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game,locale", CASES)
def test_the_compendium_holds_every_example_and_lists_them(rules_kit, game, locale):
    """Every example is in the compendium, under the chapter of its section,
    and in its contents; none is missing from both documents but the tests
    booklet.yaml omits (a recorded game of bots), and those are printed in
    neither as worked examples."""
    examples = shown_examples(game)
    plan = load_plan(game, set(examples))
    compendium = doc(rules_kit, game, locale, "examples")
    text = flat(pdf_text(compendium))
    rules = flat(pdf_text(doc(rules_kit, game, locale, "rules")))
    entries = outline(compendium)
    sections = {s["id"]: s["title"] for s in rules_text(game, locale)["sections"]}
    for example_id, example in examples.items():
        title = flat(typography(example.title(locale), locale))
        if example_id in plan.omit:
            assert text.count(title) == 0, example_id
            continue
        assert title in text, example_id
        # its chapter is its section's
        level, page, _ = next(e for e in entries if flat(e[2]) == title)
        chapter = [t for lv, p, t in entries[:entries.index((level, page, _))] if lv == 0][-1]
        section = plan.section_of(example_id)
        if section is not None:
            assert flat(chapter) == flat(typography(sections[section], locale)), example_id
    missing = {i for i, e in examples.items()
               if flat(typography(e.title(locale), locale)) not in text + rules}
    assert missing <= plan.omit, missing
    # the contents (pages 2 onwards, before the first chapter) list every example
    first = min(p for lv, p, t in entries if lv == 0)
    contents = flat(" ".join(p.extract_text()
                             for p in pypdf.PdfReader(compendium).pages[1:first - 1]))
    for example_id, example in examples.items():
        if example_id not in plan.omit:
            assert flat(typography(example.title(locale), locale))[:40] in contents, example_id



@pytest.mark.parametrize("paper", KIT_PAPERS)
@pytest.mark.parametrize("game,locale", CASES)
def test_a_chapter_of_examples_starts_on_the_page_of_its_first_example(rules_kit, game,
                                                                       locale, paper):
    """A compendium chapter's title is never left alone at a page's foot,
    its first example (kept whole) on the next page."""
    entries = outline(doc(rules_kit, game, locale, "examples", paper))
    chapters = [(i, page) for i, (level, page, _) in enumerate(entries) if level == 0]
    opened = [(page, entries[i + 1]) for i, page in chapters
              if i + 1 < len(entries) and entries[i + 1][0] == 1]
    assert len(opened) >= 3, entries
    for page, (_, first_page, title) in opened:
        assert first_page == page, (title, page, first_page)

@pytest.mark.parametrize("game,locale", CASES)
def test_the_booklet_prints_its_picks_beside_their_section(rules_kit, game, locale):
    """The rules booklet prints booklet.yaml's picks and no other example; a
    booklet prints each after its section's heading, before the next
    section's (a sheet, after its rules)."""
    examples = shown_examples(game)
    plan = load_plan(game, set(examples))
    rules = doc(rules_kit, game, locale, "rules")
    entries = outline(rules)
    titles = {flat(typography(e.title(locale), locale)): i for i, e in examples.items()}
    printed = [(n, titles[flat(t)]) for n, (lv, _, t) in enumerate(entries) if flat(t) in titles]
    assert sorted(i for _, i in printed) == sorted(plan.booklet)
    if rules_text(game, locale).get("layout") == "sheet":
        assert [i for _, i in printed] == plan.booklet      # after the rules, in its order
        return
    sections = {flat(typography(s["title"], locale)): s["id"]
                for s in rules_text(game, locale)["sections"]}
    for n, example_id in printed:
        chapter = [t for lv, _, t in entries[:n] if lv == 0][-1]
        assert sections.get(flat(chapter)) == plan.section_of(example_id), example_id


@pytest.mark.parametrize("game,locale", CASES)
def test_the_covers_list_contents_with_counts_and_credit_the_source(rules_kit, game, locale):
    """The booklet's cover (a sheet's end) and the compendium's cover list
    what they hold, with counts, and the credits of the rules catalog: who
    made the game and what source the rules follow."""
    text = rules_text(game, locale)
    credits = [flat(typography(line, locale)) for line in text["credits"]]
    assert credits
    booklet = pypdf.PdfReader(doc(rules_kit, game, locale, "rules"))
    cover = booklet.pages[0 if text.get("layout") != "sheet" else -1].extract_text()
    compendium = pypdf.PdfReader(doc(rules_kit, game, locale, "examples")).pages[0].extract_text()
    for page in (cover, compendium):
        for line in credits:
            assert line in flat(page), line
    # players, play time and age where a source gives them (issue 33): Asèt's
    # rulebook, Oriflamme's transcription (the Lenormand page gives neither)
    facts = {"aset": (r"\b8\b", "40"), "oriflamme": (r"\b10\b", "25")}
    assert bool(text.get("cover_facts")) == (game in facts), game
    if game in facts:
        assert flat(typography(text["cover_facts"], locale)) in flat(cover)
        age, minutes = facts[game]
        assert re.search(age, text["cover_facts"]) and minutes in text["cover_facts"]
    # counted contents: the components' items on a booklet's cover, the
    # chapters with their number of examples on the compendium's
    if text.get("layout") != "sheet":
        components = next((s for s in text["sections"] if s["id"] == "components"), None)
        # a game without a Components chapter lists its kit's contents
        items = ([i for b in components["blocks"] for i in b.get("list", [])] if components
                 else cover_notes(kit(game), load_database(database_path(game)), locale).contents)
        least = 3 if components else 2         # the Lenormand kit: a deck and its aids
        assert len(items) >= least
        assert sum(bool(re.search(r"\d", i)) for i in items) >= least
        for item in items:
            plain = re.sub(r"\*+", "", item)
            assert flat(typography(plain, locale))[:30] in flat(cover), item
    counts = re.findall(r"(\d+) (?:exemples?|examples?)", compendium)
    assert sum(map(int, counts)) == len(shown_examples(game)) - len(
        load_plan(game, None).omit), counts


def test_aset_credits_its_designer_and_producer(rules_kit):
    """003 names its designer and its producer (lines 198-208, 281)."""
    for locale in KIT_LOCALES:
        cover = flat(pypdf.PdfReader(doc(rules_kit, "aset", locale, "rules")).pages[0]
                     .extract_text())
        for name in ("PascalChristophe", "LouiseChorfi", "LuxLudi"):
            assert name in cover, (locale, name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_french_headers_footers_and_covers_in_french_typography(rules_kit, game):
    """No straight apostrophe anywhere in the French rules, compendium and
    quick reference, running headers and covers included (the header prints
    the game's name in capitals: L’ORDRE D’ASÈT)."""
    for kind in ("rules", "examples", "reference"):
        text = pdf_text(doc(rules_kit, game, "fr", kind))
        assert "'" not in text, (kind, re.findall(r".{20}'.{20}", text)[:3])
    name = typography(load_database(database_path(game)).name["fr"], "fr").upper()
    pages = pypdf.PdfReader(doc(rules_kit, game, "fr", "examples")).pages
    assert name in pages[3].extract_text()


# -- booklet.yaml, bad input -------------------------------------------------------------

@pytest.fixture
def plan_file(tmp_path, monkeypatch):
    """A copy of Oriflamme's assets where the test may rewrite booklet.yaml."""
    import shutil

    from herald.generator import paths
    assets = tmp_path / "assets"
    shutil.copytree(paths.ASSETS / "oriflamme", assets / "oriflamme")
    monkeypatch.setattr(paths, "ASSETS", assets)     # what game_assets() reads
    return assets / "oriflamme" / "booklet.yaml"


@pytest.mark.parametrize("old,new,words", [
    ("  - tie-break\n", "  - tie-brake\n", "booklet.yaml:"),
    ("  placement: [placement-abc]", "  placement: [placement-abc, no-target]",
     "'no-target' is already filed under 'placement'"),
    ("  placement: [placement-abc]", "  placement: placement-abc",
     "examples.placement: expected a list of example ids"),
])
def test_a_bad_plan_is_one_line_naming_file_line_and_field(plan_file, old, new, words):
    text = plan_file.read_text()
    assert old in text
    plan_file.write_text(text.replace(old, new, 1))
    with pytest.raises(InputError) as error:
        load_plan("oriflamme", set(shown_examples("oriflamme")))
    message = str(error.value)
    assert words in message and "\n" not in message
    assert re.search(r"booklet\.yaml:\d+: ", message), message


def test_a_chapter_must_name_a_section_of_the_rules(plan_file):
    text = plan_file.read_text()
    plan_file.write_text(text.replace("  duo: [", "  duet: [", 1))
    plan = load_plan("oriflamme", set(shown_examples("oriflamme")))
    with pytest.raises(InputError, match=r"booklet\.yaml:\d+: examples\.duet: no section"):
        plan.check_sections([s["id"] for s in rules_text("oriflamme", "en")["sections"]],
                            "oriflamme")


def test_asets_worked_combats_follow_the_rules_of_a_combat():
    """Issue 33: Asèt's worked combats came before "A round" and "The
    combat" explained one. Every example that plays a combat is filed under
    "The combat" or a later section, never under an earlier one."""
    examples = shown_examples("aset")
    plan = load_plan("aset", set(examples))
    order = [s["id"] for s in rules_text("aset", "fr")["sections"]]
    for example_id in ("combat-strongest-wins", "combat-lowest-beats-highest",
                       "underdog-needs-the-last-rank", "underdog-weakest-played",
                       "combat-changed-order"):
        assert order.index(plan.section_of(example_id)) >= order.index("combat"), example_id
    assert not [e for e in examples if plan.section_of(e) == "order"]
