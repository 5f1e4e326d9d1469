"""The Lenormand duel's narration: a worked example's steps told from the
engine's event log (``engine/lenormand/state.py`` emits them) with the
locale's catalog ``assets/lenormand/locales/<locale>/narration.yaml``.

An event's template is ``events.<type>``; an exchange's is chosen by the face
the card is laid (``up``, ``down``), an end's by its reason (``life``,
``turns``); a template may then be a mapping of CLDR plural categories,
chosen by the count the sentence is about (:data:`PLURAL_FIELD`). Cards are
named by ``phrases.card`` and joined as a list of the locale; players by the
catalog's ``players``, else by their own name, capitalised; the attack
table's lines by their name in the card database.
"""
from __future__ import annotations

from babel import Locale
from babel.lists import format_list

from ...catalogs import StepText, load_catalog
from ...errors import InputError
from ...narrated import told_once
from ...render.plurals import is_plural, plural
from ...render.text import typography

# Which field a sentence's grammatical number follows.
PLURAL_FIELD = {"attack": "lost", "heal": "regained", "draw": "count", "end": "winners",
                "reshuffle": "count"}
# Which field picks a template among several (not plural categories).
CHOICE_FIELD = {"exchange": "face", "end": "reason"}


def catalog(locale: str) -> dict:
    return load_catalog("lenormand", locale)


# told once per example and locale (the booklet's, then the web edition's),
# again when the catalog's files change
@told_once(lambda db, locale: (catalog(locale),))
def narrate(outcome, db, locale: str) -> list[StepText]:
    """One StepText per turn of ``outcome``, numbered as the engine counts
    turns: under ``turn: exchange_then_attack`` a turn is two decisions (an
    exchange, then an attack, a heal or stopping), told as one turn whose
    diagram is its last decision's."""
    teller = Teller(db, locale)
    out: list[StepText] = []
    for i, (turn, step) in enumerate(zip(_turns(outcome), outcome.steps)):
        sentences = [s for s in map(teller.tell, step.events) if s]
        if out and out[-1].number == turn:
            last = out[-1]
            out[-1] = StepText(i, f"{last.decision_text}; {step.text}",
                               last.sentences + sentences, turn)
        else:
            out.append(StepText(i, step.text, sentences, turn))
    return out


def _turns(outcome) -> list[int]:
    """The engine's turn number at each step of ``outcome``, read from the
    positions the runner kept."""
    return [outcome.after(i).turn for i in range(len(outcome.steps))]


def player_names(state, db, locale: str) -> list[str]:
    teller = Teller(db, locale)
    return [teller.player(p) for p in state.players]


class Teller:
    def __init__(self, db, locale: str):
        self.db, self.locale = db, locale
        self.babel = Locale.parse(locale.replace("-", "_"))
        self.cat = catalog(locale)
        self.lines = {line.id: line.name[locale] for line in db.duel.combinations}

    def player(self, pid: str) -> str:
        named = (self.cat.get("players") or {}).get(pid)
        return named or pid[:1].upper() + pid[1:]

    def house(self, house: str) -> str:
        return self.cat["houses"][house]

    def card(self, number: int, phrase: str = "card") -> str:
        """A card by its number; ``phrase`` "card_with" names it after
        "with" (a case of its own where the language inflects: German's
        dative, "mit der 2"), "card" anywhere else."""
        phrases = self.cat["phrases"]
        return phrases.get(phrase, phrases["card"]).format(number=number)

    def cards(self, numbers, phrase: str = "card") -> str:
        joined = format_list([self.card(n, phrase) for n in numbers], locale=self.babel)
        return self.cat["phrases"]["card_list"].format(numbers=joined)

    def plural(self, template, count: int) -> str:
        return plural(template, count, self.babel)

    def tell(self, ev: dict) -> str:
        kind = ev["type"]
        template = self.cat["events"].get(kind)
        if template is None:
            raise InputError(f"narration catalog {self.locale}: no events.{kind}")
        if kind in CHOICE_FIELD and isinstance(template, dict) and not is_plural(template):
            template = template.get(str(ev.get(CHOICE_FIELD[kind])), "")
        count = ev.get(PLURAL_FIELD.get(kind, "count"), 0)
        count = len(count) if isinstance(count, (list, tuple)) else int(count or 0)
        template = self.plural(template, count)
        if not template:
            return ""
        text = template.format_map(self.fields(ev))
        return typography(text[:1].upper() + text[1:], self.locale)

    def fields(self, ev: dict) -> dict:
        phrases = self.cat["phrases"]
        out: dict = {}
        for name, value in ev.items():
            if isinstance(value, int) and not isinstance(value, bool):
                out[name] = str(value)
        if "player" in ev:
            out["player"] = self.player(ev["player"])
        if "house" in ev:
            out["house"] = self.house(ev["house"])
        for name in ("cards", "lost", "regained"):
            if isinstance(ev.get(name), list):
                out[name] = self.cards(ev[name])
        if isinstance(ev.get("cards"), list):
            out["cards_with"] = self.cards(ev["cards"], "card_with")
        for name in ("card", "took"):
            if name in ev:
                out[name] = self.card(ev[name])
        if "line" in ev:
            out["line"] = self.lines.get(ev["line"], ev["line"])
        if "winners" in ev:
            out["winners"] = format_list([self.player(p) for p in ev["winners"]],
                                         locale=self.babel)
        if "life" in ev and isinstance(ev["life"], int):
            out["life_left"] = self.plural(phrases["life_left"], ev["life"]).format(
                life=ev["life"])
        if "amount" in ev:
            out["life_cards"] = self.plural(phrases["life_cards"], ev["amount"]).format(
                amount=ev["amount"])
        return out
