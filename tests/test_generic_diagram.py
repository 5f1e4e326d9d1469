"""Issue 24: the generic look's diagrams, narration and text alternatives,
drawn from a state's zones (engine/zones.py), on Goofspiel's positions: its
zones after real decisions, a diagram in a PDF and in SVG naming its zones
and cards (never a face-down card), the words of the web edition's text
alternative and of the booklet's narration."""
from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from goofspiel import GAME
from herald.engine.games import GAMES
from herald.engine.runner import run_example
from herald.engine.zones import Zone, zones_of
from herald.generator.look import diagram as D
from herald.generator.look import story as S
from herald.generator.render.svgcanvas import SVGCanvas
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

SHORT_GAME = {
    "game": "goofspiel", "players": ["ann", "bob"],
    "hands": {"ann": [1, 2, 3], "bob": [1, 2, 3]}, "prizes": [3, 1, 2],
    "play": ["bob bid 2", "ann bid 3", "ann bid 1", "bob bid 1", "ann bid 2", "bob bid 3"],
}
# the king of prizes lies face down under the ace: no diagram may name it
HIDDEN_KING = {"game": "goofspiel", "players": ["ann", "bob"],
               "hands": {"ann": [1, 2], "bob": [1, 2]}, "prizes": [1, 13]}
DB = SimpleNamespace(game="goofspiel", deck=SimpleNamespace(cards="deck/cards.csv"))


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """Goofspiel in the registry, as once its package is installed (the
    tests read it from the package's source folder: tests/goofspiel.py)."""
    if "goofspiel" not in GAMES:
        monkeypatch.setitem(GAMES._load(), "goofspiel", GAME)


def zones(state) -> dict:
    return {z.key: z for z in zones_of(state)}


def pdf_text(state, notes=None, locale="en") -> str:
    w, h = D.diagram_size(state, notes, DB, locale)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1)
    drawn = D.draw_diagram(c, state, DB, locale, notes, 0, 0, w)
    assert drawn == pytest.approx(h)
    c.showPage()
    c.save()
    return PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text()


def svg_text(state, notes=None, locale="en") -> str:
    w, h = D.diagram_size(state, notes, DB, locale)
    canvas = SVGCanvas(w, h)
    D.draw_diagram(canvas, state, DB, locale, notes, 0, 0, w)
    return canvas.getvalue()


def mid_trick():
    """HIDDEN_KING after ann has bid her 2, face down, bob still to bid."""
    state = GAME.from_spec(HIDDEN_KING)
    state.apply(GAME.parse_decision(state, "ann bid 2"))
    return state


def test_goofspiel_zones_after_a_trick_and_a_half():
    state = GAME.from_spec(SHORT_GAME)
    for text in ("ann bid 3", "bob bid 2", "ann bid 1"):
        state.apply(GAME.parse_decision(state, text))
    z = zones(state)
    assert z["prize", None].cards == ("p1",)             # the second prize turned up
    assert z["prizes", None].hidden == 1 and z["prizes", None].cards == ()
    assert z["won", 0].cards == ("p3",) and z["score", 0].value == 3
    assert z["won", 1].cards == () and z["score", 1].value == 0
    assert z["played", 0].cards == ("a3",) and z["played", 1].cards == ("b2",)
    # ann's bid on the table is face down and out of her hand
    assert z["bid", 0].hidden == 1 and z["bid", 0].cards == ()
    assert z["hand", 0].cards == ("a2",)
    assert z["hand", 1].cards == ("b1", "b3") and z["bid", 1].hidden == 0


def test_a_tie_discards_the_prize():
    state = GAME.from_spec(SHORT_GAME)
    for text in ("ann bid 3", "bob bid 2", "ann bid 1", "bob bid 1"):
        state.apply(GAME.parse_decision(state, text))
    z = zones(state)
    assert z["discarded", None].cards == ("p1",)
    assert z["won", 0].cards == ("p3",) and z["won", 1].cards == ()


def test_a_diagram_in_a_pdf_names_its_zones_players_and_cards():
    state = GAME.from_spec(SHORT_GAME)
    for text in ("ann bid 3", "bob bid 2"):
        state.apply(GAME.parse_decision(state, text))
    text = pdf_text(state)
    for word in ("On the table", "Prize", "Prizes to come", "Hand", "Prizes won", "Points",
                 "Ann", "Bob", "Red", "Blue"):
        assert word in text, word


def test_face_down_cards_are_backs_in_pdf_and_svg():
    state = mid_trick()
    for text in (pdf_text(state), svg_text(state)):
        assert "Bid" in text and "Prizes to come" in text
        assert "K" not in text              # the king of prizes, face down
        # ann's hand holds her ace alone: her 2 is on the table face down
        assert text.count("Red") == 1


def test_the_svg_names_its_zones_and_cards():
    text = svg_text(GAME.from_spec(HIDDEN_KING), locale="fr")
    # the generic words and the package's own (zones, card names) in French,
    # from Herald's and Goofspiel's PO files
    for word in ("Sur la table", "Lot", "Main", "Rouge", "Bleu", "Ann", "Bob"):
        assert word in text, word


def test_describe_position_names_what_is_on_the_table():
    words = S.describe_position(mid_trick(), None, DB, "en").replace("\u00a0", " ")
    assert "On the table — Prize: A Prize; Prizes to come: 1 card face down" in words
    assert "Ann — Hand: A Red; Bid: 1 card face down" in words
    assert "Bob — Hand: A Blue, 2 Blue; Bid: nothing" in words
    assert "Bob to decide." in words
    assert "K" not in words
    french = S.describe_position(mid_trick(), None, DB, "fr")
    assert "Sur la table" in french and "carte face cachée" in french


def test_a_simultaneous_step_is_one_step_with_one_diagram():
    outcome = run_example(GAME, SHORT_GAME)
    assert outcome.ok, outcome.problems
    example = SimpleNamespace(game=GAME)
    steps = S.narrate(outcome, DB, "en")
    assert [s.label_number for s in steps] == [1, 2, 3]
    assert [s.step_index for s in steps] == [1, 3, 5]
    first = steps[0].sentences
    assert first[:2] == ["Ann: bid 3.", "Bob: bid 2."]      # the notation, its player said once
    assert "Ann, Prizes won: 3 Prize added." in first
    assert "Ann, Points: 0 → 3." in first
    assert "Prizes discarded: A Prize added." in steps[1].sentences
    # the first bid of a trick has no diagram; the trick's last shows it all
    state, notes = D.step_view(example, outcome, 1)
    assert D.diagram_empty(state, notes)
    state, notes = D.step_view(example, outcome, 2)
    assert not D.diagram_empty(state, notes)
    assert notes.added[("won", 0)] == ("p3",)
    assert notes.added[("played", 0)] == ("a3",) and notes.added[("played", 1)] == ("b2",)
    assert notes.deltas[("score", 0)] == (0, 3) and ("score", 1) not in notes.deltas
    start, notes = D.step_view(example, outcome, 0)
    assert notes.start and not D.diagram_empty(start, notes)
    assert zones(start)["hand", 0].cards == ("a1", "a2", "a3")


def test_what_changed_is_marked_in_the_description():
    outcome = run_example(GAME, SHORT_GAME)
    state, notes = D.step_view(SimpleNamespace(game=GAME), outcome, 2)
    words = S.describe_position(state, notes, DB, "en")
    assert "Points: 3 (+3)" in words
    assert words.endswith("Ann and Bob to decide.")       # the next trick's bids, together
    assert D.deciders(state) == [0, 1]
    assert "Ann und Bob entscheiden" in S.describe_position(state, notes, DB, "de")


def test_zone_labels_for_the_translators():
    labels = D.zone_labels(GAME)
    assert labels[:3] == ["Prize", "Prizes to come", "Prizes discarded"]
    assert {"Hand", "Bid", "Cards bid", "Prizes won", "Points"} <= set(labels)


def test_a_state_without_zones_has_no_diagram():
    class NoZones:
        over, mover = False, 0
    assert D.diagram_empty(NoZones(), None)


def test_a_card_the_list_lacks_shows_its_id():
    big = GAME.from_spec({"players": ["ann", "bob"], "hands": {"ann": [20], "bob": [1]},
                          "prizes": [1]})
    assert "a20" in svg_text(big)


def test_a_wrong_zone_is_refused():
    with pytest.raises(ValueError, match="kind"):
        Zone("x", "X", "heap")


def test_the_diagram_key_explains_each_mark_in_the_locale():
    from reportlab.lib.pagesizes import A5
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A5, invariant=1)
    style = getSampleStyleSheet()["Heading3"]
    builder = SimpleNamespace(locale="fr", wide=doc.width, width=doc.width,
                              subheading=lambda text: Paragraph(text, style),
                              wide_flowable=lambda flowable: flowable)
    doc.build(D.diagram_key(builder, None))
    text = " ".join(PdfReader(io.BytesIO(buf.getvalue())).pages[0].extract_text().split())
    for words in ("Lire les schémas", "Une carte face visible", "Cerclée", "Une place vide"):
        assert words in text, words


def test_a_step_told_in_french():
    outcome = run_example(GAME, SHORT_GAME)
    first = [s.replace("\u202f", " ").replace("\u00a0", " ")
             for s in S.narrate(outcome, DB, "fr")[0].sentences]
    assert first[0] == "Ann : bid 3."
    assert "Ann, Points : 0 → 3." in first
    assert "Lot : désormais A Lot." in first


class Table:
    """A position of a stranger's package, its zones as given."""
    players, over, mover = ("ann", "bob"), False, 0

    def __init__(self, zones):
        self._zones = zones

    def zones(self):
        if isinstance(self._zones, Exception):
            raise self._zones
        return self._zones


def test_a_package_whose_zones_fail_is_one_line():
    from herald.generator.errors import InputError
    with pytest.raises(InputError, match=r"zones\(\) of Table failed: KeyError"):
        D.diagram_size(Table(KeyError("hand")), None, DB, "en")
    with pytest.raises(InputError, match="seat 5, but there are 2 players"):
        D.diagram_size(Table([Zone("hand", "Hand", "hand", 5)]), None, DB, "en")
    with pytest.raises(InputError, match="a list of at most"):
        D.diagram_size(Table(["hand"]), None, DB, "en")


def test_many_face_down_cards_are_one_back_with_their_number():
    secret = Table([Zone("hand", "Hand", "hand", 0, ("a1",), hidden=30),
                    Zone("hand", "Hand", "hand", 1, hidden=3)])
    text = svg_text(secret)
    assert ">30<" in text and "Red" in text
    assert text.count("<text") < 30
    assert "30 cards face down" in S.describe_position(secret, None, DB, "en")
