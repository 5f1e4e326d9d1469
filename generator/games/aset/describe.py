"""A decree's effects in words, written from its steps in the card database.

The card database holds each decree as steps of a small vocabulary (see
:mod:`herald.engine.aset.decrees`); the cards and the booklet print sentences
composed from those same steps with the locale's catalog
(``assets/aset/locales/<locale>/cards.yaml``, ``describe``), so that what a
card says is what the engine plays, and a decree a user completes in YAML is
printed without any new text. ``unknown`` effects have no words: the card
leaves a marked space to write them in.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel import Locale
from babel.lists import format_list

from ...catalogs import load_catalog
from ...render.text import typography

UNKNOWN = "unknown"



def catalog(locale: str) -> dict:
    """The locale's card texts (``cards.yaml``)."""
    return load_catalog("aset", locale, "cards")


def plural(locale: str, forms, count: int) -> str:
    """``forms`` (a string or a mapping of CLDR plural categories) for ``count``."""
    if isinstance(forms, dict):
        form = Locale.parse(locale.replace("-", "_")).plural_form(count)
        forms = forms.get(form, forms.get("other", ""))
    return forms.format(count=count)


@dataclass(frozen=True)
class DecreeText:
    """What a decree card says: each effect's sentences (None: unknown, to
    write in), and the lasting rules (combat, draw, table talk, duel)."""
    name: str
    effect1: list[str] | None
    effect2: list[str] | None
    lasting: list[str]        # rules read before the effects (combat, draw)
    discardable: bool
    has_effect2: bool         # a discardable decree has no Effect 2 at all
    after: Sequence[str] = ()     # notes after the effects (discardable, duel)


def decree_text(decree, locale: str) -> DecreeText:
    """The words of ``decree`` (a database Decree) in ``locale``."""
    cat = catalog(locale)["decree"]
    lasting = []
    if "cancel_equal" in decree.combat:
        lasting.append(cat["cancel_equal"])
    if decree.on_draw is not None:
        lasting.append(cat["on_draw"].format(count=decree.on_draw.council_fewer_than))
    after = []
    if decree.discardable:
        after.append(cat["discardable_note"])
        after.append(cat["held"] if decree.held else cat["discarded"])
    if decree.removed_in_duel:
        after.append(cat["removed_in_duel"])

    def effect(steps):
        if steps == UNKNOWN:
            return None
        if not steps:
            return [cat["none"]]
        return describe_steps(steps, locale)

    e1 = decree.effect1
    if decree.table_talk and decree.text and not e1:
        e1 = None       # the rule spoken at the table is the card's effect
    e2 = decree.effect2 if decree.effect2 is not None else []
    return DecreeText(
        name=decree.name[locale],
        effect1=effect(e1) if e1 is not None else [typography(decree.text[locale], locale)],
        effect2=effect(e2),
        lasting=[typography(t, locale) for t in lasting],
        discardable=decree.discardable,
        has_effect2=not decree.discardable,
        after=[typography(t, locale) for t in after])


def describe_steps(steps: list, locale: str) -> list[str]:
    """One sentence per step."""
    return [typography(_sentence(step, locale), locale) for step in steps]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _words(locale: str) -> dict:
    return catalog(locale)["describe"]


def _rank(rank, locale: str, bare: bool = False) -> str:
    forms = _words(locale)["rank_bare" if bare else "rank"]
    if rank in ("first", "last"):
        return forms[rank]
    if rank == 1:
        return forms["first"]
    if rank == 7:
        return forms["last"]
    return forms["n"].format(n=rank)


def _end(rank) -> str | None:
    """``first`` or ``last`` when ``rank`` names an end of the Order."""
    if rank in ("first", 1):
        return "first"
    if rank in ("last", 7):
        return "last"
    return None


def _list(values, locale: str) -> str:
    babel = Locale.parse(locale.replace("-", "_"))
    return format_list([str(v) for v in values], locale=babel)


def _values(values, locale: str) -> str:
    words = _words(locale)["values"]
    if values in ("odd", "even"):
        return words[values]
    return words["list"].format(list=_list(values, locale))


def _one_of(values, locale: str) -> str:
    words = _words(locale)
    if values in ("odd", "even"):
        return words["one_of"][values]
    each = [words["value"].format(value=v) for v in values]
    babel = Locale.parse(locale.replace("-", "_"))
    return words["one_of"]["list"].format(list=format_list(each, style="or", locale=babel))


def _sentence(step: dict, locale: str) -> str:
    words = _words(locale)
    (verb, arg), = ((k, v) for k, v in step.items() if k != "then")
    if verb == "move" and "values" in arg:
        one = arg["values"] if isinstance(arg["values"], list) else []
        if len(one) == 1 and "move_value" in words:
            # one value moves alone: "the 4 moves to the first rank", never
            # "the values 4 move" (issue 33)
            return words["move_value"][arg["to"]].format(value=one[0])
        values = _values(arg["values"], locale)
        return words["move_values"][arg["to"]].format(values=values, Values=_cap(values))
    if verb == "move":
        return words["move_rank"][arg["to"]].format(rank=_rank(arg["rank"], locale),
                                                    rank_bare=_rank(arg["rank"], locale, True))
    if verb == "beside":
        return words["beside"][arg["end"]].format(rank=_rank(arg["rank"], locale),
                                                  rank_bare=_rank(arg["rank"], locale, True))
    if verb == "swap" and "ranks" in arg:
        a, b = arg["ranks"]
        return words["swap_ranks"].format(a=_rank(a, locale), b=_rank(b, locale),
                                          a_bare=_rank(a, locale, True),
                                          b_bare=_rank(b, locale, True))
    if verb == "swap":
        a, b = arg["values"]
        return words["swap_values"].format(a=a, b=b)
    if verb == "reverse":
        return words["reverse"]
    if verb == "if":
        rank, values = arg["rank"], arg["value_in"]
        then = step["then"]
        # "If the first rank holds an even value, it moves to the last rank."
        if len(then) == 1 and "move" in then[0] and "rank" in then[0]["move"] \
                and _end(then[0]["move"]["rank"]) is not None \
                and _end(then[0]["move"]["rank"]) == _end(rank):
            inner = words["move_it"][then[0]["move"]["to"]]
        else:
            inner = " ".join(_sentence(s, locale) for s in then).rstrip(".")
            inner = inner[:1].lower() + inner[1:]
        return words["if"].format(rank=_rank(rank, locale), values=_one_of(values, locale),
                                  then=inner)
    raise ValueError(f"no words for the decree step {step!r}")
