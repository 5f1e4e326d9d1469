"""The rules booklet and the compendium, read back from the PDFs `herald rules`
writes (the session's ``rules_kit``)."""
import functools
import re
import shutil

import pypdf
import pypdfium2
import pytest
from conftest import herald_here
from herald.engine.oriflamme.options import RULE_OPTIONS
from herald.generator.cmd_rules import write_document
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.examples import builtin_examples, load_example
from herald.generator.kits import kit

MM = 72 / 25.4
DB = load_database(database_path("oriflamme"))


@pytest.fixture(scope="module")
def built(rules_kit):
    return rules_kit / "oriflamme"


@functools.cache
def page_texts(path) -> tuple[str, ...]:
    """Each page's text, read once per PDF for all the module's tests (the
    kit's PDFs do not change during the session; reading is what costs): by
    pdfium, each character as the PDF maps it to Unicode, twenty times faster
    than pypdf; the tests below look for words on a page, not their columns."""
    return tuple(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(path))


def text_of(path):
    return re.sub(r"\s+", " ", " ".join(page_texts(path)))


def squeeze(text):
    """Text without spaces, typographic quotes and superscript ordinals made
    plain, for finding a source string in the extracted text."""
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = text.replace("\u1d49", "e").replace("\u02b3", "r")
    return re.sub(r"[\s\u00a0\u202f]", "", text)


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_card_is_in_the_booklet_and_every_example_in_the_compendium(built, locale):
    text = text_of(built / locale / "oriflamme-rules-a4.pdf")
    flat = squeeze(text)
    for card in DB.cards:
        assert squeeze(card.name[locale]) in flat, card.id
    text = text_of(built / locale / "oriflamme-examples-a4.pdf")
    examples = squeeze(text)
    shown = [load_example(p) for p in builtin_examples("oriflamme")]
    shown = [e for e in shown if any(k in e.spec for k in ("play", "solve", "expect"))]
    assert len(shown) >= 40
    for example in shown:
        assert squeeze(example.title(locale)) in examples, example.id
    # issue 12: one front-matter line says the examples are checked, instead of
    # "Verified by the Herald engine" under each of them
    verified = {"fr": "Vérifié par le moteur Herald", "en": "Verified by the Herald engine"}
    for document in (flat, examples):
        assert document.count(squeeze(verified[locale])) == 0
        assert document.count(squeeze(rules_text("oriflamme", locale)["examples_checked"])) == 1


@pytest.mark.parametrize("kind", ["rules", "examples"])
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_rulings_table_lists_every_rule_option(built, locale, kind):
    """Both documents print every rule option: the booklet briefly, the
    compendium with the reasons for each reading."""
    text = text_of(built / locale / f"oriflamme-{kind}-a4.pdf")
    flat = squeeze(text)
    for option in RULE_OPTIONS:
        # issue 12: player words only, never the option's id or its values
        assert squeeze(option.name) not in flat, option.name
        assert squeeze(option.title[locale]) in flat, option.name
        assert squeeze(option.default.summary[locale]) in flat, option.name
        for value in option.values:       # code values like last_resort, as_own
            assert "_" not in value or squeeze(value) not in flat, value
        reason = option.reasoning.get(locale)
        if reason:      # the reasons are the compendium's
            assert (squeeze(reason)[:60] in flat) == (kind == "examples"), option.name
    assert "OPTION" not in text


def test_pages_outline_links_and_metadata(built):
    reader = pypdf.PdfReader(built / "en" / "oriflamme-rules-a4.pdf")
    for page in reader.pages:
        assert abs(float(page.mediabox.width) / MM - 210) < 0.05
        assert abs(float(page.mediabox.height) / MM - 297) < 0.05
    assert reader.metadata.title == "Oriflamme"
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert "Worked examples" not in titles and "Rulings" in titles   # examples inline
    # the table of contents links to the pages it names
    links = [a.get_object() for p in reader.pages[:3] for a in p.get("/Annots", [])]
    # the contents list chapters only (issue 12): each by its title and its page
    assert len(links) == 2 * len(titles)
    # the compendium's contents list its examples too
    compendium = pypdf.PdfReader(built / "en" / "oriflamme-examples-a4.pdf")
    links = [a for p in compendium.pages[1:4] for a in p.get("/Annots", [])]
    assert len(links) > 90
    assert reader.trailer["/Root"].get("/Lang") in ("en", "EN")
    # page numbers in the footers
    assert "Page 5" in reader.pages[4].extract_text()


def test_a_failing_example_blocks_the_build(tmp_path, monkeypatch):
    from herald.generator import verified
    # both calls below verify the same examples: once is enough (it is most of the cost)
    monkeypatch.setattr(verified, "verify_game", functools.cache(verified.verify_game))
    broken = tmp_path / "examples"
    shutil.copytree(database_path("oriflamme").parent / "examples", broken)
    path = broken / "conspiracy-doubles.yaml"
    path.write_text(path.read_text().replace("red: 7", "red: 8"))
    monkeypatch.setattr(verified, "builtin_examples",
                        lambda game: sorted(broken.glob("*.yaml")))
    with pytest.raises(verified.BuildBlocked, match="conspiracy-doubles.*red.*expected 8"):
        verified.verify_examples("oriflamme", allow_unverified=False)
    examples = verified.verify_examples("oriflamme", allow_unverified=True)
    failing = [v for v in examples if not v.outcome.ok]
    assert [v.example.id for v in failing] == ["conspiracy-doubles"]
    out = tmp_path / "examples.pdf"
    write_document(out, kit("oriflamme"), DB, "en", (210 * MM, 297 * MM), 1.0, examples,
                   "examples")
    # pdfium: a hundred pages read twenty times faster than pypdf, for one phrase
    text = " ".join(" ".join(page.get_textpage().get_text_range().split())
                    for page in pypdfium2.PdfDocument(out))
    assert "could not be checked by the engine" in text


def test_a_template_syntax_error_names_file_and_line(tmp_path, monkeypatch):
    from herald.generator import documents
    from herald.generator.errors import InputError
    templates = tmp_path / "templates"
    templates.mkdir()
    name = documents.TEMPLATES_OF["rules"]
    source = (documents.TEMPLATES / name).read_text().splitlines()
    line = source.index("<booklet>")        # the first line after the opening comment
    source[line] = source[line] + " {% if %}"
    (templates / name).write_text("\n".join(source))
    monkeypatch.setattr(documents, "TEMPLATES", templates)
    with pytest.raises(InputError, match=rf"rules\.xml\.j2:{line + 1}: template syntax error"):
        documents.render_template(name, {"text": {}, "game": "oriflamme", "locale": "en"})


def test_bad_input(tmp_path):
    for args in (["--lang", "pt"], ["--paper", "a3"], ["nosuchgame"]):
        result = herald_here("rules", *args, "--out", str(tmp_path))
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_same_inputs_give_identical_files(built, oriflamme_rules):
    """``herald rules oriflamme --lang en`` in a process of its own (the rules
    page's sample, run once for the session: conftest.oriflamme_rules) writes
    the same bytes as ``herald build`` did (the session's kit), both run with
    the samples' date, the one input a build takes from its environment."""
    rules, result = oriflamme_rules
    assert result.returncode == 0, result.stderr
    for name in ("oriflamme-rules-a4.pdf", "oriflamme-examples-a4.pdf",
                 "oriflamme-reference-a4.pdf"):
        assert (rules / "en" / name).read_bytes() == (built / "en" / name).read_bytes(), name


@pytest.mark.parametrize("kind", ["rules", "examples"])
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_diagram_key_explains_every_mark_of_the_booklet(built, locale, kind):
    """The booklet and the compendium print Alliance diagrams, so their key
    explains their marks (the Condemnation seal, the reserved cards' frame),
    and the base marks the diagrams draw (a discarded card, the place a moved
    card left); once in each."""
    pages = [squeeze(text) for text in page_texts(built / locale / f"oriflamme-{kind}-a4.pdf")]
    words = rules_text("oriflamme", locale)["diagram_key"]
    title = squeeze(words["title"]).lower()     # set in small capitals
    at = [i for i, page in enumerate(pages) if title in page.lower()]
    assert len(at) == 1
    key = "".join(pages[at[0]:at[0] + 2])       # the key, should it run onto the next page
    for name in ("face_down", "gone", "discarded", "moved_from", "gain", "condemned",
                 "reserved"):
        assert squeeze(words[name]) in key, name


def test_alliance_marks_follow_the_booklets_examples():
    """The key shows an Alliance mark only when an example can draw it: its
    box deals the card that makes the mark, or it starts with the mark."""
    from types import SimpleNamespace

    from conftest import position
    from herald.generator.games.oriflamme.booklet import alliance_marks
    base = ["archer", "soldier", "spy", "heir", "shapeshifter", "lord",
            "assassination", "royal_decree", "ambush", "conspiracy"]

    def marks(*states):
        return alliance_marks([SimpleNamespace(outcome=SimpleNamespace(initial=s))
                               for s in states])

    def start(cards="base", **spec):
        spec.setdefault("players", ["red", "blue", "green"])
        return position(cards=cards, round=2, **spec)

    duo = {"north": ["red", "green"], "south": ["blue", "yellow"]}
    assert marks(start(), start(variant="duo", players=duo)) == set()
    assert marks(start(), start("alliance")) == {"condemned", "reserved"}
    assert marks(start(base[:9] + ["magistrate"])) == {"condemned"}
    assert marks(start(base[:9] + ["trade"])) == {"reserved"}
    assert marks(start(base[:8] + ["infiltration", "zealot"])) == {"reserved"}
    # an example may start with the mark already drawn
    assert marks(start(base[:9] + ["zealot"],
                       queue=["red zealot up condemned"])) == {"condemned"}
