"""Decrees as data: the small vocabulary a decree's effects are written in,
checked and compiled once, then interpreted by the engine.

Nothing in a database runs code: a decree is a mapping of known keys, and its
effects are lists of *steps*, each a one-key mapping (the card database's
schema checks the same shapes; this module re-checks them so that the engine
never trusts its input). The vocabulary:

``move: {values: <values>, to: first|last}``
    the listed values go to the first (or last) ranks of the Order; values that
    move together keep their relative order, and so do the others (003:
    "leur classement reste fixe entre eux"). ``<values>`` is a list of values
    1–7, or ``odd`` or ``even``.
``move: {rank: <rank>, to: first|last}``
    the value at that rank goes to the first (or last) rank.
``beside: {rank: <rank>, end: first|last}``
    the value at ``rank`` goes next to the value standing at that end of the
    Order: on its inside (just below the first, just above the last) by
    default; rule option ``appel_side: outside`` puts it beyond it.
``swap: {ranks: [<rank>, <rank>]}`` / ``swap: {values: [a, b]}``
    two ranks (or the places of two values) exchange.
``reverse: true``
    the Order is read backwards.
``if: {rank: <rank>, value_in: <values>}`` with ``then: [steps]``
    the steps apply only when the value at that rank is one of the values
    (checked on the Order as it stands when the step is reached).

``<rank>`` is 1–7 or ``first`` / ``last``. Steps apply in the order written.

A decree also has: ``discardable`` (it does not enter the Council, so it covers
nothing and triggers no Effect 2; it is discarded, or with ``held`` kept in
front of the Meneur who drew it, who discards a second copy and draws another
decree), ``combat`` (lasting combat rules while the
decree sits in the Council: ``cancel_equal``, values played by two or more
players cancel), ``on_draw`` (``{council_fewer_than: N, then:
return_and_redraw}``: drawn while the Council holds fewer than N decrees, the
Meneur puts it back in the pile at a depth of their choice, under at least one
decree, and draws again; alone in the pile, it enters the Council),
``removed_in_duel``, ``table_talk`` (a rule spoken at the table, printed
but not simulated) and ``deck`` (``box``: only in the box's set of decrees,
003's; ``herald``: only in Herald's own set, which replaces the decrees 003
names without giving their text; absent: in both; the rule option
``decree_deck`` picks the set a game shuffles). ``effect1`` / ``effect2`` may
be ``unknown``: the rules
source lacks the text, and the decree plays as having no such effect.
"""
from __future__ import annotations

from dataclasses import dataclass

UNKNOWN = "unknown"
RANKS = 7
COMBAT_RULES = ("cancel_equal",)
DRAW_ACTIONS = ("return_and_redraw",)
DECREE_KEYS = {"id", "discardable", "effect1", "effect2", "combat", "on_draw",
               "removed_in_duel", "table_talk", "held", "deck"}
DECKS = ("herald", "box")    # the sets of decrees a game can be dealt (option decree_deck)

# Compiled steps are tuples whose first item is a verb.
MOVE_VALUES = "move_values"   # (verb, frozenset values, to_first)
MOVE_RANK = "move_rank"       # (verb, rank index, to_first)
BESIDE = "beside"             # (verb, rank index, end_first)
SWAP_RANKS = "swap_ranks"     # (verb, i, j)
SWAP_VALUES = "swap_values"   # (verb, a, b)
REVERSE = "reverse"           # (verb,)
IF = "if"                     # (verb, rank index, frozenset values, steps)


class DecreeError(ValueError):
    """A decree written outside the vocabulary; ``path`` names the field."""

    def __init__(self, path, message):
        super().__init__(message)
        self.path = tuple(path)
        self.message = message


@dataclass(frozen=True)
class Decree:
    id: str
    discardable: bool = False
    effect1: tuple = ()
    effect2: tuple = ()
    missing: tuple[str, ...] = ()      # "effect1", "effect2": text lacking in the source
    cancel_equal: bool = False
    redraw_below: int = 0              # on_draw: return and redraw under this Council size
    removed_in_duel: bool = False
    table_talk: bool = False
    held: bool = False
    deck: str = ""                     # "" in every set, else the one set it belongs to

    def in_deck(self, deck: str) -> bool:
        return not self.deck or self.deck == deck


# -- compiling ------------------------------------------------------------------

def compile_decree(data: dict, path=()) -> Decree:
    """A decree mapping (the database's shape) → :class:`Decree`; DecreeError if not."""
    path = tuple(path)
    if not isinstance(data, dict):
        raise DecreeError(path, "a decree is a mapping")
    for key in data:
        if key not in DECREE_KEYS:
            raise DecreeError(path + (key,), f"unknown decree key; known: "
                              f"{', '.join(sorted(DECREE_KEYS))}")
    if not isinstance(data.get("id"), str):
        raise DecreeError(path + ("id",), "a decree needs an id")
    discardable = _flag(data, "discardable", path)
    missing = []
    effects = []
    for name in ("effect1", "effect2"):
        if name not in data:
            if name == "effect1" or not discardable:
                raise DecreeError(path + (name,), "field required (a list of steps, [] for "
                                  "none, or 'unknown' when the text is lacking)")
            effects.append(())
            continue
        if name == "effect2" and discardable:
            raise DecreeError(path + (name,), "a discardable decree never stays in the "
                              "Council, so it has no Effect 2")
        value = data[name]
        if value == UNKNOWN:
            missing.append(name)
            effects.append(())
        else:
            effects.append(compile_steps(value, path + (name,)))
    combat = data.get("combat", [])
    if not isinstance(combat, list):
        raise DecreeError(path + ("combat",), "a list of combat rules")
    for i, rule in enumerate(combat):
        if rule not in COMBAT_RULES:
            raise DecreeError(path + ("combat", i), f"unknown combat rule {rule!r}; known: "
                              + ", ".join(COMBAT_RULES))
    redraw = 0
    if "on_draw" in data:
        od = data["on_draw"]
        if not isinstance(od, dict) or set(od) != {"council_fewer_than", "then"}:
            raise DecreeError(path + ("on_draw",), "on_draw is {council_fewer_than: N, "
                              "then: return_and_redraw}")
        n = od["council_fewer_than"]
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 3:
            raise DecreeError(path + ("on_draw", "council_fewer_than"), "a number 1 to 3")
        if od["then"] not in DRAW_ACTIONS:
            raise DecreeError(path + ("on_draw", "then"), f"unknown draw action "
                              f"{od['then']!r}; known: {', '.join(DRAW_ACTIONS)}")
        redraw = n
    held = _flag(data, "held", path)
    if held and not discardable:
        raise DecreeError(path + ("held",), "only a discardable decree is held by a player")
    deck = data.get("deck", "")
    if deck and deck not in DECKS:
        raise DecreeError(path + ("deck",), f"a set of decrees: {', '.join(DECKS)}, not "
                          f"{deck!r}")
    return Decree(id=data["id"], discardable=discardable, deck=deck, effect1=effects[0],
                  effect2=effects[1], missing=tuple(missing),
                  cancel_equal="cancel_equal" in combat, redraw_below=redraw,
                  removed_in_duel=_flag(data, "removed_in_duel", path),
                  table_talk=_flag(data, "table_talk", path), held=held)


def _flag(data, key, path) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise DecreeError(tuple(path) + (key,), "true or false")
    return value


def compile_steps(steps, path) -> tuple:
    if not isinstance(steps, list):
        raise DecreeError(path, "a list of steps, [] for none, or 'unknown'")
    return tuple(compile_step(s, tuple(path) + (i,)) for i, s in enumerate(steps))


def compile_step(step, path) -> tuple:
    if not isinstance(step, dict) or not step:
        raise DecreeError(path, "a step is a mapping like {move: {values: odd, to: first}}")
    keys = set(step)
    if keys == {"if", "then"}:
        cond = step["if"]
        if not isinstance(cond, dict) or set(cond) != {"rank", "value_in"}:
            raise DecreeError(path + ("if",), "a condition is {rank: <rank>, value_in: <values>}")
        return (IF, rank_index(cond["rank"], path + ("if", "rank")),
                value_set(cond["value_in"], path + ("if", "value_in")),
                compile_steps(step["then"], path + ("then",)))
    if len(keys) != 1:
        raise DecreeError(path, f"one verb per step, not {', '.join(sorted(keys))}")
    verb = next(iter(keys))
    arg = step[verb]
    here = path + (verb,)
    if verb == "move":
        if not isinstance(arg, dict) or "to" not in arg or len(arg) != 2 \
                or not ({"values", "rank"} & set(arg)):
            raise DecreeError(here, "move is {values: <values>, to: first|last} or "
                              "{rank: <rank>, to: first|last}")
        to_first = _end(arg["to"], here + ("to",))
        if "values" in arg:
            return (MOVE_VALUES, value_set(arg["values"], here + ("values",)), to_first)
        return (MOVE_RANK, rank_index(arg["rank"], here + ("rank",)), to_first)
    if verb == "beside":
        if not isinstance(arg, dict) or set(arg) != {"rank", "end"}:
            raise DecreeError(here, "beside is {rank: <rank>, end: first|last}")
        return (BESIDE, rank_index(arg["rank"], here + ("rank",)),
                _end(arg["end"], here + ("end",)))
    if verb == "swap":
        if not isinstance(arg, dict) or len(arg) != 1 or not ({"ranks", "values"} & set(arg)):
            raise DecreeError(here, "swap is {ranks: [a, b]} or {values: [a, b]}")
        kind = next(iter(arg))
        pair = arg[kind]
        if not isinstance(pair, list) or len(pair) != 2:
            raise DecreeError(here + (kind,), "exactly two")
        if kind == "ranks":
            return (SWAP_RANKS,) + tuple(rank_index(r, here + (kind, i))
                                         for i, r in enumerate(pair))
        return (SWAP_VALUES,) + tuple(_value(v, here + (kind, i)) for i, v in enumerate(pair))
    if verb == "reverse":
        if arg is not True:
            raise DecreeError(here, "reverse: true")
        return (REVERSE,)
    raise DecreeError(here, f"unknown decree effect {verb!r}; known: move, beside, swap, "
                      "reverse, if/then")


def rank_index(r, path) -> int:
    if r == "first":
        return 0
    if r == "last":
        return RANKS - 1
    if isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= RANKS:
        return r - 1
    raise DecreeError(path, f"a rank is 1 to {RANKS}, first or last, not {r!r}")


def value_set(values, path) -> frozenset:
    if values == "odd":
        return frozenset((1, 3, 5, 7))
    if values == "even":
        return frozenset((2, 4, 6))
    if not isinstance(values, list) or not values:
        raise DecreeError(path, "values are odd, even, or a list of values 1 to 7")
    return frozenset(_value(v, tuple(path) + (i,)) for i, v in enumerate(values))


def _value(v, path) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= RANKS:
        return v
    raise DecreeError(path, f"a value is 1 to {RANKS}, not {v!r}")


def _end(word, path) -> bool:
    if word == "first":
        return True
    if word == "last":
        return False
    raise DecreeError(path, f"first or last, not {word!r}")


# -- applying ---------------------------------------------------------------------

def apply_steps(order: tuple, steps: tuple, beside_outside: bool = False) -> tuple:
    """The Order (values, first rank first) after ``steps``."""
    for step in steps:
        verb = step[0]
        if verb == MOVE_VALUES:
            moved = [v for v in order if v in step[1]]
            rest = [v for v in order if v not in step[1]]
            order = tuple(moved + rest) if step[2] else tuple(rest + moved)
        elif verb == MOVE_RANK:
            v = order[step[1]]
            rest = [x for x in order if x != v]
            order = tuple([v] + rest) if step[2] else tuple(rest + [v])
        elif verb == BESIDE:
            v = order[step[1]]
            anchor = order[0 if step[2] else RANKS - 1]
            if v != anchor:
                rest = [x for x in order if x != v]
                at = rest.index(anchor)
                below = step[2] != beside_outside   # inside the first: just below it
                rest.insert(at + 1 if below else at, v)
                order = tuple(rest)
        elif verb == SWAP_RANKS:
            o = list(order)
            o[step[1]], o[step[2]] = o[step[2]], o[step[1]]
            order = tuple(o)
        elif verb == SWAP_VALUES:
            a, b = step[1], step[2]
            order = tuple(b if x == a else a if x == b else x for x in order)
        elif verb == REVERSE:
            order = order[::-1]
        elif verb == IF:
            if order[step[1]] in step[2]:
                order = apply_steps(order, step[3], beside_outside)
    return order
