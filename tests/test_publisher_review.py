"""What a publisher's print review of the kits checks (issue 33): a printed
example says what the engine meant, the kit points only at what it holds,
the print shop can tell one font subset from another, and nothing sits in a
printer's unprintable margin."""
from __future__ import annotations

import re

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.games.oriflamme.narration import narrate, narrate_events

ORIFLAMME = builtin_examples("oriflamme")


@pytest.fixture(scope="module")
def oriflamme_db():
    return load_database(database_path("oriflamme"))


def _queue_cards(state) -> dict[str, int]:
    """Each player's cards in the Queue, counted pile by pile from the state
    (a card's first field is its family; a player owns their families)."""
    owner = {fam: state.players[p] for p, fams in enumerate(state.families) for fam in fams}
    counts = dict.fromkeys(state.players, 0)
    for pile in state.queue:
        for card in pile:
            counts[owner[card[0]]] += 1
    return counts


# The words that name the cards-in-the-Queue figures, and the family names,
# in each printed language.
TIE_BREAK = {
    "en": ("most cards in the Queue (", {"red": "Red", "blue": "Blue", "green": "Green"}),
    "fr": ("plus de cartes dans la File (", {"red": "Rouge", "blue": "Bleu", "green": "Vert"}),
    "de": ("meisten Karten in der Reihe (", {"red": "Rot", "blue": "Blau", "green": "Grün"}),
    "es": ("más cartas en la Fila (", {"red": "Rojo", "blue": "Azul", "green": "Verde"}),
}


@pytest.mark.parametrize("locale", sorted(TIE_BREAK))
@pytest.mark.parametrize("name", ["tie-break", "solve-last-round"])
def test_the_tie_break_prints_the_cards_it_speaks_of(name, locale, oriflamme_db):
    """"The tie-break goes to Blue, who has the most cards in the Queue
    (Red 1 and Blue 2)": the figures are the cards of the final Queue, counted
    here from the state, never the influence totals."""
    outcome = run(load_example(next(p for p in ORIFLAMME if p.stem == name)))
    assert outcome.ok and outcome.state.over
    sentence = narrate(outcome, oriflamme_db, locale)[-1].sentences[-1]
    words, names = TIE_BREAK[locale]
    # The figures in brackets right after the words that name them
    assert words in sentence, sentence
    bracket = sentence.split(words, 1)[1].split(")", 1)[0]
    printed = {who: int(n) for who, n in re.findall(r"(\w+) (\d+)", bracket)}
    counts = _queue_cards(outcome.state)
    best = max(outcome.state.influence)
    tied = [pid for p, pid in enumerate(outcome.state.players)
            if outcome.state.influence[p] == best]
    assert printed == {names[pid]: counts[pid] for pid in tied}, sentence
    # ...and they differ from the influence totals the sentence does not name there
    assert printed != {names[pid]: best for pid in tied}


def test_without_the_final_queue_the_end_is_a_plain_win(oriflamme_db):
    """Told from the events alone (no final state), the narration cannot know
    the cards in the Queue: it says who won, never a figure it lacks."""
    end = [{"type": "end", "influence": {"red": 4, "blue": 4, "green": 3},
            "winners": ["blue"]}]
    assert narrate_events(end, oriflamme_db, "en") == [
        "The game is over: Blue wins (Red 4, Blue 4, and Green 3)."]
    told = narrate_events(end, oriflamme_db, "en", {"red": 1, "blue": 2, "green": 1})
    assert told == ["The game is over: Red and Blue are level on 4 influence; the "
                    "tie-break goes to Blue, who has the most cards in the Queue "
                    "(Red 1 and Blue 2)."]


def test_the_gold_frame_is_on_the_card_that_acts_next():
    """The diagram key says the gold frame marks "the card that acts next":
    after every step that draws it (resolution under way), the framed card,
    the top of the pile at the cursor, is the card the next step acts with."""
    from herald.generator.games.oriflamme.diagram import state_at
    framed = 0
    for path in ORIFLAMME:
        example = load_example(path)
        outcome = run(example)
        for k in range(len(outcome.steps)):
            state, _ = state_at(example, outcome, k)
            if state.phase != 1 or state.halted or not 0 <= state.cursor < len(state.queue):
                continue                      # the diagram draws no frame here
            top = state.queue[state.cursor][-1][:2]
            acting = next(tuple(ev["card"]) for ev in outcome.steps[k].events if "card" in ev)
            assert acting == top, (path.stem, k)
            framed += 1
    assert framed > 100


def test_the_diagram_key_says_next():
    from herald.generator.catalogs import load_catalog
    keys = {lang: load_catalog("oriflamme", lang, "rules")["diagram_key"]["acting"]
            for lang in ("fr", "en", "de", "es")}
    assert keys == {"fr": "la carte qui agit ensuite", "en": "the card that acts next",
                    "de": "die Karte, die als Nächste ausgewertet wird",
                    "es": "la carta que actúa a continuación"}
