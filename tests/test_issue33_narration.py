"""Issue 33: "the narration's figures are the figures it names". The
tie-break's cards are checked in test_publisher_review; here every other
figure a worked example prints beside a player's name: Oriflamme's influence
at each round's end and at the game's end, Asèt's points at the game's end,
read back from the printed sentences (in the four languages, the catalog's
own template turned into a pattern) and compared with the position the
engine reached at that step, never with what the event log says."""
from __future__ import annotations

import re

import pytest
from herald.generator.catalogs import load_catalog
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.kits import kit

LOCALES = ("fr", "en", "de", "es")


def _plain(text: str) -> str:
    return re.sub(r"[\u00a0\u202f]", " ", text).replace("\u2019", "'")


def _pattern(template: str) -> re.Pattern:
    """The catalog's template as a pattern: {round} a number, {scores} the
    figures, any other field some words."""
    pattern = re.escape(_plain(template).strip())
    pattern = pattern.replace(r"\{round\}", r"(?P<round>\d+)")
    pattern = pattern.replace(r"\{scores\}", r"(?P<scores>.+?)")
    pattern = re.sub(r"\\\{\w+\\\}", ".+?", pattern)
    pattern = re.sub(r"\\ ", r"\\s+", pattern)
    return re.compile(pattern, re.S)


def _figures(text: str, names: dict[str, str]) -> dict[str, int]:
    """{player id: figure} of "Red 4, Blue 4 and Green 3" (names: id → name)."""
    found = {}
    for pid, name in names.items():
        m = re.search(rf"(?<!\w){re.escape(name)} (-?\d+)\b", text)
        if m:
            found[pid] = int(m.group(1))
    return found


def _played(game: str):
    for path in builtin_examples(game):
        example = load_example(path)
        if "play" in example.spec:
            yield example, run(example)


def _templates(game, locale, *keys) -> list[re.Pattern]:
    events = load_catalog(game, locale)["events"]
    out = []
    for key in keys:
        template = events[key]
        for text in (template.values() if isinstance(template, dict) else [template]):
            out.append(_pattern(text))
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_oriflamme_prints_the_influence_each_player_has(locale):
    db = load_database(database_path("oriflamme"))
    families = {f.id: f.name[locale] for f in db.families}
    seats = load_catalog("oriflamme", locale).get("players") or {}    # the duo's North, South
    round_end, = _templates("oriflamme", locale, "round_end")
    new_round, = _templates("oriflamme", locale, "round")
    end = _templates("oriflamme", locale, "end")
    checked = 0
    for example, outcome in _played("oriflamme"):
        for story in kit("oriflamme").narrate(outcome, db, locale):
            state = outcome.after(story.step_index + 1)
            names = {pid: _plain(families.get(pid) or seats.get(pid) or pid)
                     for pid in state.players}
            influence = dict(zip(state.players, state.influence))
            # the figures are the position's after the step when nothing told
            # after them changes it: a new round's first player may follow, not
            # what a Trade pays at the next round's start or at the game's end
            told = [_plain(s) for s in story.sentences]
            while told and new_round.fullmatch(told[-1]):
                told.pop()
            for sentence in told[-1:]:
                patterns = end if state.over else [round_end]
                for pattern in patterns:
                    for m in pattern.finditer(sentence):
                        printed = _figures(m.group("scores"), names)
                        assert len(printed) == len(state.players), (example.id, sentence)
                        assert printed == influence, (example.id, story.step_index, sentence)
                        checked += 1
    assert checked >= 60, checked


@pytest.mark.parametrize("locale", LOCALES)
def test_aset_prints_the_points_each_aspirant_scored(locale):
    db = load_database(database_path("aset"))
    patterns = _templates("aset", locale, "end")
    checked = 0
    for example, outcome in _played("aset"):
        state = outcome.state
        if not state.over:
            continue
        from herald.generator.games.aset.narration import player_names
        names = dict(zip(state.players, map(_plain, player_names(state, db, locale))))
        # points by the scoring rules; in the duel, the cards won
        points = {pid: len(state.treasure[p]) if state.variant == "duel" else state.points(p)
                  for p, pid in enumerate(state.players)}
        stories = kit("aset").narrate(outcome, db, locale)
        last = [_plain(s) for s in stories[-1].sentences]
        ends = [m for s in last for pattern in patterns for m in pattern.finditer(s)]
        assert len(ends) == 1, (example.id, last)
        printed = _figures(ends[0].group("scores"), names)
        assert printed == points, (example.id, ends[0].group(0))
        checked += 1
    assert checked >= 6, checked


def test_the_pattern_reads_what_it_is_given():
    """The reading itself: a template with French spaces and a list of
    figures; a figure changed is seen."""
    pattern = _pattern("Fin du tour {round} : {scores}.")
    m = pattern.search(_plain("Fin du tour 3\u202f: Rouge 4, Bleu 2 et Vert 3."))
    assert m and m.group("round") == "3"
    names = {"red": "Rouge", "blue": "Bleu", "green": "Vert"}
    assert _figures(m.group("scores"), names) == {"red": 4, "blue": 2, "green": 3}
    printed = _figures("Rouge 4, Bleu 3 et Vert 3", names)
    assert printed != {"red": 4, "blue": 2, "green": 3}
