"""L'Ordre d'Asèt's narration: a worked example's steps told from the
engine's event log (``engine/aset/state.py`` emits them) with the locale's
catalog ``assets/aset/locales/<locale>/narration.yaml``.

An event's template is ``events.<type>``, or a mapping by the event's
``reason`` (a null combat, a discarded decree) or ``effect`` (1 or 2); a
template may be a mapping of CLDR plural categories, chosen by the event's
``count`` (``depth`` for a decree put back, the winners for the end).
Cards are named by ``grammar.card`` ({family}, {family_lower}, {value});
players by their family's name, the catalog's ``players``, or their own id.
"""
from __future__ import annotations

from babel import Locale
from babel.lists import format_list

from ...catalogs import StepText, load_catalog
from ...errors import InputError
from ...narrated import told_once
from ...render.plurals import is_plural, plural
from ...render.text import typography

PLURAL_FIELD = {"return_decree": "depth", "end": "winners", "tie": "cards"}


# told once per example and locale (the booklet's, then the web edition's),
# again when the catalog's files change
@told_once(lambda db, locale: (load_catalog("aset", locale),))
def narrate(outcome, db, locale: str) -> list[StepText]:
    """One StepText per step of ``outcome`` (forced steps included)."""
    teller = Teller(db, locale, outcome.initial)
    return [StepText(i, step.text, [s for s in map(teller.tell, step.events) if s])
            for i, step in enumerate(outcome.steps)]


def player_names(state, db, locale: str) -> list[str]:
    teller = Teller(db, locale, state)
    return [teller.player(p) for p in state.players]


class Teller:
    def __init__(self, db, locale: str, state):
        self.locale = locale
        self.babel = Locale.parse(locale.replace("-", "_"))
        self.cat = load_catalog("aset", locale)
        self.family_ids = state.config.families
        self.families = {f.id: f.name[locale] for f in db.families}
        self.decrees = {d.id: d.name[locale] for d in db.decrees}

    def player(self, pid: str) -> str:
        return (self.families.get(pid) or (self.cat.get("players") or {}).get(pid)
                or pid[:1].upper() + pid[1:])

    def card(self, c: int) -> str:
        family = self.families[self.family_ids[c >> 3]]
        return self.cat["grammar"]["card"].format(family=family, family_lower=family.lower(),
                                                  value=c & 7)

    def cards(self, cards) -> str:
        return format_list([self.card(c) for c in cards], locale=self.babel)

    def order(self, order) -> str:
        return "→".join(str(v) for v in order)

    def tell(self, ev: dict) -> str:
        kind = ev["type"]
        template = self.cat["events"].get(kind)
        if template is None:
            raise InputError(f"narration catalog {self.locale}: no events.{kind}")
        if isinstance(template, dict) and not is_plural(template):
            key = str(ev.get("reason", ev.get("effect")))
            template = template.get(key, "")
        count = ev.get(PLURAL_FIELD.get(kind, "count"), 0)
        count = len(count) if isinstance(count, (list, tuple)) else int(count or 0)
        template = plural(template, count, self.babel)
        if not template:
            return ""
        text = template.format_map(self.fields(ev))
        return typography(text[:1].upper() + text[1:], self.locale)

    def fields(self, ev: dict) -> dict:
        out: dict = {}
        for name, value in ev.items():
            if isinstance(value, bool) or name == "type":
                continue
            if isinstance(value, int):
                out[name] = str(value)
        for name in ("player", "meneur"):
            if name in ev:
                out[name] = self.player(ev[name])
        for name in ("players", "winners", "caporal"):
            if name in ev:
                out[name] = format_list([self.player(p) for p in ev[name]], locale=self.babel)
        if "cancelled" in ev:        # a Renfort: whose cards it cancels
            out["players"] = format_list([self.player(p) for p in ev["cancelled"]],
                                         locale=self.babel)
        if isinstance(ev.get("cards"), int):   # a tie: how many cards are shared
            out.setdefault("count", str(ev["cards"]))
        for name in ("decree", "covered"):
            if name in ev:
                out[name] = self.decrees.get(ev[name], ev[name])
        if "card" in ev:
            out["card"] = self.card(ev["card"])
        if "cards" in ev and not isinstance(ev["cards"], int):
            cards = ev["cards"]
            if isinstance(cards, dict):
                out["cards"] = format_list([f"{self.card(c)} ({self.player(p)})"
                                            for p, c in cards.items()], locale=self.babel)
            else:
                out["cards"] = self.cards(cards)
        for name in ("before", "after"):
            if name in ev:
                out[name] = self.order(ev[name])
        if isinstance(ev.get("scores"), dict):
            score = self.cat["phrases"]["score"]
            out["scores"] = format_list([score.format(player=self.player(p), amount=v)
                                         for p, v in ev["scores"].items()], locale=self.babel)
        return out
