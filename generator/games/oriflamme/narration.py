"""Oriflamme's narration: a worked example's decisions told as sentences.

Each step of a replayed example (``Outcome.steps``) holds the slice of the
engine's event log its decision produced; every event becomes a sentence from
the locale's catalog ``assets/<game>/locales/<locale>/narration.yaml``. The
texts live only there (adding a locale is adding files, never code):

* ``events.<type>`` is a template, or a mapping by ``reason`` / ``where``;
  a template may itself be a mapping of CLDR plural categories (``one``,
  ``other``...), chosen with Babel's plural rules; an empty one is skipped;
* a few combined events have their own key: ``reveal_gain`` (a reveal that
  pays), ``reveal_lost`` (an Ambush's tokens lost), ``eliminate_gain`` (an
  elimination and the influence it gains), ``eliminate_own`` and
  ``eliminate_self`` (a player's own card, the acting card itself; each with
  its ``_gain``), ``end_tiebreak`` (level on influence, the tie-break decided),
  ``steal_nothing``, ``steal_own``, ``move_onto``;
* ``players`` names the seats that are not families (duo's north and south);
  family and card names come from the card database;
* ``grammar`` holds the locale's own rules: determiners by gender
  (``{the_card}``, ``{their_card}``), card genders and elision, and
  ``forms``: a card's name declined after a determiner where the label alone
  cannot be (German weak nouns: ``soldier: {den: Soldaten}`` gives
  ``{den_card}`` = "den Soldaten", never "den Soldat").

``herald i18n check`` lists what a locale's translation lacks.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from herald.engine.oriflamme.cards import CARDS

from ...catalogs import StepText, load_catalog
from ...errors import InputError
from ...narrated import told_once
from ...paths import display, game_assets
from ...render.numbers import decimal
from ...render.plurals import is_plural, plural
from ...render.text import typography
from ...yamlfile import load_yaml

__all__ = ["StepText", "catalog_path", "narrate", "narrate_events"]

REFERENCE = "en"
CARD_FIELDS = ("card", "target", "copied", "moved")
PLAYER_FIELDS = ("player", "owner", "victim", "first")
# The number that chooses a template's plural form (default: amount).
PLURAL_FIELD = {"reveal_gain": "gain", "reveal_lost": "tokens", "reveal_kept": "tokens",
                "bank": "tokens", "draw": "count", "end": "winners"}




def catalog_path(locale: str, game: str = "oriflamme", root: Path | None = None) -> Path:
    return (root or game_assets(game) / "locales") / locale / "narration.yaml"


@cache
def _load(path: Path) -> dict:
    if not path.is_file():
        raise InputError(f"{display(path)}: no narration catalog")
    data, _ = load_yaml(path)
    if not isinstance(data, dict):
        raise InputError(f"{display(path)}: a narration catalog is a YAML mapping")
    return data


# -- narration ------------------------------------------------------------------

# told once per example and locale (the booklet's, then the web edition's),
# again when the catalog's files change
@told_once(lambda db, locale: (load_catalog(db.game, locale),))
def narrate(outcome, db, locale: str) -> list[StepText]:
    """One StepText per step of ``outcome`` (forced steps included)."""
    queue = queue_counts(outcome.state)
    return [StepText(i, step.text, narrate_events(step.events, db, locale, queue))
            for i, step in enumerate(outcome.steps)]


def queue_counts(state) -> dict[str, int] | None:
    """Each player's cards in the Queue of a finished game (the tie-break's
    figures), or None while the game goes on: the engine's ``end`` event
    carries the influence totals only, and the last state is the one the game
    ended in (nothing is played after the end)."""
    if not getattr(state, "over", False) or not hasattr(state, "cards_in_queue"):
        return None
    return {pid: state.cards_in_queue(p) for p, pid in enumerate(state.players)}


def narrate_events(events, db, locale: str,
                   queue: dict[str, int] | None = None) -> list[str]:
    """The sentences telling ``events`` (a slice of the engine's event log);
    ``queue``: each player's cards in the final Queue, which a tie-break at
    the end of the game names (without it, the end is told as a plain win)."""
    teller = _Teller(db, locale)
    out = []
    i = 0
    while i < len(events):
        key, fields, used = _combine(events, i, queue)
        sentence = teller.tell(key, fields)
        if sentence:
            out.append(sentence)
        i += used
    return out


def _combine(events, i, queue: dict[str, int] | None = None) -> tuple[str, dict, int]:
    """The template key and fields for the event at ``i``, and how many events
    the sentence tells (an elimination and the influence it gains are one)."""
    ev = dict(events[i])
    kind = ev["type"]
    nxt = events[i + 1] if i + 1 < len(events) else {}
    if kind == "reveal":
        if ev.get("gain"):
            return "reveal_gain", ev, 1
        if ev.get("kept"):            # a Trade keeps its tokens
            return "reveal_kept", ev, 1
        # an Insurrection's spent point is told by the "spend" sentence next
        lost = ev.get("tokens") and nxt.get("type") != "spend"
        return ("reveal_lost" if lost else "reveal"), ev, 1
    if kind == "eliminate":
        # A player's own card is told as theirs ("Red eliminates their own
        # Heir"), a card that targets itself as such, never "Red eliminates
        # Red's Archer with their Archer".
        key = "eliminate"
        if ev.get("owner") == ev["player"]:
            same = tuple(ev.get("card") or ()) == tuple(ev.get("target") or ())
            key = "eliminate_self" if same else "eliminate_own"
        if nxt.get("type") == "gain" and nxt.get("reason") == "elimination" \
                and nxt.get("player") == ev["player"]:
            return f"{key}_gain", {**ev, "amount": nxt["amount"]}, 2
        return key, ev, 1
    if kind == "end" and len(ev.get("winners") or ()) == 1 \
            and isinstance(ev.get("influence"), dict):
        # Level on influence, one winner: the tie-break (cards in the Queue)
        # decided it, and the sentence says so.
        top = max(ev["influence"].values())
        tied = [p for p, v in ev["influence"].items() if v == top]
        if len(tied) > 1 and queue is not None:
            # The figures in brackets are the tied players' cards in the
            # Queue, what the sentence speaks of (never their influence).
            cards = {p: queue.get(p, 0) for p in tied}
            return "end_tiebreak", {**ev, "tied": tied, "amount": top,
                                    "cards": cards}, 1
    if kind == "steal" and ev.get("victim") == ev["player"]:
        return "steal_own", ev, 1
    if kind == "steal" and not ev.get("amount"):
        return "steal_nothing", ev, 1
    if kind == "give" and ev.get("owner") == ev["player"]:
        return "give_own", ev, 1     # with two players, on your other family's card
    if kind == "move" and ev.get("onto"):
        return "move_onto", ev, 1
    if kind in ("place", "gain", "discard"):
        return f"{kind}.{ev.get('where') or ev.get('reason')}", ev, 1
    return kind, ev, 1


class _Teller:
    def __init__(self, db, locale: str):
        self.locale = locale
        self.babel = Locale.parse(locale.replace("-", "_"))
        self.catalog = load_catalog(db.game, locale)
        grammar = self.catalog.get("grammar") or {}
        self.genders = grammar.get("genders") or {}
        self.elision = re.compile(grammar["elision"]) if grammar.get("elision") else None
        self.determiners = grammar.get("determiners") or {}
        self.forms = _forms(grammar, locale)
        self.families = {f.id: f.name[locale] for f in db.families}
        self.cards = {c.id: c.name[locale] for c in db.all_cards}

    def tell(self, key: str, ev: dict) -> str:
        template = self._lookup(("events",) + tuple(key.split(".")))
        plural_field = PLURAL_FIELD.get(key, "amount")
        count = ev.get(plural_field, 0)
        count = len(count) if isinstance(count, list) else int(count or 0)
        template = self._plural(template, count)
        if not template:
            return ""
        values = self._values(ev, count)
        text = template.format_map(values)
        return typography(text[:1].upper() + text[1:], self.locale)

    def _lookup(self, path: tuple):
        node = self.catalog
        for part in path:
            if not isinstance(node, dict) or part not in node:
                raise InputError(f"narration catalog {self.locale}: no "
                                 f"{'.'.join(path)}")
            node = node[part]
        return node

    def _plural(self, template, n: int) -> str:
        return plural(template, n, self.babel)

    def _number(self, n) -> str:
        # the locale's decimal pattern: grouped thousands, at most three decimals
        return decimal(n, self.locale, 3, least=0)

    def _player(self, pid: str) -> str:
        return self.families.get(pid) or (self.catalog.get("players") or {}).get(pid, pid)

    def _values(self, ev: dict, count: int) -> dict:
        values: dict = {}
        for name, value in ev.items():
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                values[name] = self._number(value)
        for name in PLAYER_FIELDS:
            if name in ev:
                values[name] = self._player(ev[name])
        for name in CARD_FIELDS:
            if name in ev:
                card = CARDS[ev[name][1]]
                label = self.cards[card]
                values[name] = label
                declined = self.forms.get(card, {})
                for det in self.determiners:
                    values[f"{det}_{name}"] = (self._determiner(det, card, label)
                                               + declined.get(det, label))
        if isinstance(ev.get("influence"), dict):
            values["scores"] = self._scores(ev["influence"])
        if isinstance(ev.get("cards"), dict):
            values["cards"] = self._scores(ev["cards"])
        for name in ("winners", "tied"):
            if name in ev:
                values[name] = format_list([self._player(p) for p in ev[name]],
                                           locale=self.babel)
        phrase = self._plural(self._lookup(("phrases", "influence")), count)
        values["influence"] = phrase.format(amount=self._number(count))
        return values

    def _determiner(self, det: str, card: str, label: str) -> str:
        forms = self.determiners[det]
        if self.elision and self.elision.match(label) and "vowel" in forms:
            return forms["vowel"]
        return forms.get(self.genders.get(card, ""), forms.get("default", ""))

    def _scores(self, figures: dict) -> str:
        """"Red 4, Blue 4 and Green 3": a figure per player (influence, or
        cards in the Queue), in the order given."""
        score = self._lookup(("phrases", "score"))
        return format_list([score.format(player=self._player(p), amount=self._number(v))
                            for p, v in figures.items()], locale=self.babel)


def _forms(grammar: dict, locale: str) -> dict[str, dict[str, str]]:
    """The grammar's ``forms``: card id -> determiner -> the declined name,
    checked (a PO file's grammar may come from a stranger)."""
    forms = grammar.get("forms") or {}
    where = f"narration grammar {locale}: forms"
    if not isinstance(forms, dict):
        raise InputError(f"{where}: a mapping card -> determiner -> name")
    dets = grammar.get("determiners") or {}
    for card, by_det in forms.items():
        if not isinstance(by_det, dict):
            raise InputError(f"{where}.{card}: a mapping determiner -> name")
        for det, name in by_det.items():
            if det not in dets:
                raise InputError(f"{where}.{card}.{det}: no such determiner")
            if not isinstance(name, str) or not name.strip() or len(name) > 80:
                raise InputError(f"{where}.{card}.{det}: a name (1-80 characters)")
    return forms


# -- catalog checks ----------------------------------------------------------------

def _keys(node, prefix: str = "") -> set[str]:
    if not isinstance(node, dict) or is_plural(node):
        return {prefix}
    out: set[str] = set()
    for k, v in node.items():
        out |= _keys(v, f"{prefix}.{k}" if prefix else str(k))
    return out


def player_names(state, db, locale: str) -> list[str]:
    """The players of ``state`` as the narration names them: family names in
    the base game, the catalog's seat names (North, Nord…) in duo."""
    teller = _Teller(db, locale)
    return [teller._player(p) for p in state.players]
