"""L'Ordre d'Asèt behind the generic game interface: positions from example
specs, decisions in notation, and checks of expected outcomes."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..interface import INTERFACE_VERSION, GameFacts, SpecError, winner_field
from ..specs import known_expectations, known_keys
from ..specs import listed as _list
from ..specs import mapping as _mapping
from ..specs import whole as _int
from .cards import VALUE_OF_KIND, card, family_of, value_of
from .data import DEFAULT_CONFIG, Config
from .notation import card_text, format_decision, parse_card, parse_decision, parse_value
from .options import Options
from .state import (
    CHOOSE,
    DECREE,
    NEXT,
    OVER,
    PHASE_NAMES,
    SETUP,
    VARIANTS,
    State,
    max_length,
    new_game,
    new_initial_state,
)

# The position fields of an example file (the runner's own, like play and
# checks, are engine/specs.py's RUNNER_KEYS).
SPEC_KEYS = {
    "variant", "options", "players", "meneur", "round", "rounds", "phase", "order",
    "council", "decrees", "held", "hands", "renforts", "prison", "treasures", "lost",
    "material", "seed",
}
EXPECT_KEYS = {
    "order", "council", "decrees", "hands", "renforts", "prison", "treasures", "lost",
    "points", "cards", "winner", "caporal", "meneur", "round", "material", "held",
}
PHASES = {"setup": SETUP, "decree": DECREE, "combat": CHOOSE, "over": OVER}


class AsetGame:
    name = "aset"
    interface_version = INTERFACE_VERSION
    order = 1      # where Herald lists it among its own games (engine/games.py)
    # its look: the generator-side module that draws its cards, diagrams and booklet
    look = "herald.generator.games.aset:AsetLook"
    variants = VARIANTS
    # Every player count each variant seats (``herald play --players``).
    player_counts = {"base": (3, 4, 5), "duel": (2,)}
    default_players = {"base": 4, "duel": 2}
    score_name = "score"      # points, or cards in the duel
    shared_win = "equal scores; at the table, a draw from the treasures settles it"

    def __init__(self, config: Config = DEFAULT_CONFIG):
        self.config = config
        # won or lost (State.payoffs says why); the longest game: state.py, ROUND_STEPS
        self.facts = GameFacts(min_players=2, max_players=5, chance=True,
                               information="imperfect", utility="win_loss",
                               payoff_range=(Fraction(0), Fraction(1)),
                               max_length=max_length(config))

    def hidden_deals(self, state, shown=()):
        """The cards some seat cannot see in ``state``, dealt every way they
        may lie (engine/hidden_position.py; hidden.py)."""
        from .hidden import hidden_deals
        return hidden_deals(state, shown)

    def new_initial_state(self, players=4, *, variant=None, options=None, log=False,
                          config=None) -> State:
        """The game before the decree pile is shuffled: chance shuffles it."""
        if variant is None:
            variant = self.variant_for(players if isinstance(players, int) else len(players))
        return new_initial_state(players, variant=variant,
                                 options=Options.from_mapping(options),
                                 config=config or self.config, log=log)

    # -- new games ------------------------------------------------------------------
    def variant_for(self, players: int) -> str:
        return "duel" if players == 2 else "base"

    def new_game(self, players=4, *, variant=None, seed=0, options=None, log=False,
                 config=None) -> State:
        if variant is None:
            variant = self.variant_for(players if isinstance(players, int) else len(players))
        return new_game(players, variant=variant, seed=seed,
                        options=Options.from_mapping(options),
                        config=config or self.config, log=log)

    def notices(self) -> list[str]:
        """Gaps in the rules data a user who owns the box can fill in (YAML only)."""
        decrees = self.config.decrees
        blank = [d.id for d in decrees if "effect1" in d.missing
                 and ("effect2" in d.missing or d.discardable)]
        partial = [f"{d.id} ({', '.join(m.replace('effect', 'effect ') for m in d.missing)})"
                   for d in decrees if d.missing and d.id not in blank]
        out = []
        if blank:
            box = sum(d.in_deck("box") for d in decrees)
            out.append(f"{len(blank)} of the box's {box} decrees (rule option decree_deck: "
                       f"box) have no text in the rules source and play without effect: "
                       f"{_span(blank)}")
        if partial:
            out.append(f"{len(partial)} decrees lack part of their text: {', '.join(partial)}")
        return out

    # -- notation ---------------------------------------------------------------------
    def parse_decision(self, state: State, text: str):
        return parse_decision(state, text)

    def format_decision(self, state: State, decision) -> str:
        return format_decision(state, decision)

    # -- example positions ------------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config: Config | None = None) -> State:
        """Build the position an example file describes; SpecError names the bad field.
        ``config``: the card database's cards and decrees (the engine's own otherwise),
        so that a decree completed in the YAML plays in every example."""
        cfg = config or self.config
        known_keys(spec, SPEC_KEYS)
        variant = spec.get("variant", "base")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise SpecError(["variant"], f"variant must be base or duel, not {variant!r}")
        try:
            options = Options.from_mapping(_mapping(spec, "options"))
        except (ValueError, TypeError) as e:    # TypeError: an unhashable value
            raise SpecError(["options"], str(e)) from None
        names, fams = _players(spec, variant, cfg)
        meneur = spec.get("meneur", names[0])
        if not isinstance(meneur, str) or meneur not in names:
            raise SpecError(["meneur"], f"meneur must be one of {', '.join(names)}, "
                            f"not {meneur!r}")
        rounds = _int(spec, "rounds", cfg.rounds, 1)
        round_ = _int(spec, "round", 1, 1)
        if round_ > rounds:
            raise SpecError(["round"], f"round {round_} is after the last round ({rounds})")
        phase = spec.get("phase", "decree")
        if not isinstance(phase, str) or phase not in PHASES:
            raise SpecError(["phase"], f"phase must be one of {', '.join(PHASES)}, "
                            f"not {phase!r}")
        state = State(names, fams, variant=variant, options=options, config=cfg,
                      rounds=rounds, round=round_, meneur=names.index(meneur), log=log)
        if "order" in spec:
            state.order = _order(spec["order"], ["order"])
        state.council = _decrees(spec, "council", cfg)
        if len(state.council) > cfg.council:
            raise SpecError(["council"], f"the Council holds at most {cfg.council} decrees")
        state.deck = _decrees(spec, "decrees", cfg)
        for who, ids in _mapping(spec, "held").items():
            p = _player(names, who, ["held", who])
            state.held[p] = _decrees({"x": ids}, "x", cfg, ["held", who])
        material = spec.get("material", "box")
        if not isinstance(material, str) or material not in ("box", "any"):
            raise SpecError(["material"], "material is box (the default: no more copies "
                            "of a card than the box holds) or any (a scoring illustration)")
        seen: Counter = Counter()
        first_path: dict = {}
        families = cfg.families

        def claim(c, path):
            f = family_of(c)
            if material == "box":
                if f not in fams:
                    raise SpecError(path, f"{card_text(families, c)}: nobody plays "
                                    f"{families[f]}")
                seen[c] += 1
                first_path.setdefault(c, path)
                if seen[c] > cfg.composition[f][value_of(c) - 1]:
                    raise SpecError(path, f"{card_text(families, c)}: the box has "
                                    f"{cfg.composition[f][value_of(c) - 1]} (one is at "
                                    f"{'.'.join(map(str, first_path[c]))})")
            return c

        for who, values in _mapping(spec, "hands").items():
            p = _player(names, who, ["hands", who])
            hand = [claim(_own(v, fams[p], ["hands", who, i + 1]), ["hands", who, i + 1])
                    for i, v in enumerate(_list(values, ["hands", who]))]
            state.hands[p] = tuple(sorted(hand))
        for who, value in _mapping(spec, "renforts").items():
            p = _player(names, who, ["renforts", who])
            if value is None:
                continue
            state.renfort[p] = claim(_own(value, fams[p], ["renforts", who]),
                                     ["renforts", who])
        for who, cards in _mapping(spec, "treasures").items():
            p = _player(names, who, ["treasures", who])
            state.treasure[p] = tuple(sorted(
                claim(_card(t, families, ["treasures", who, i + 1]), ["treasures", who, i + 1])
                for i, t in enumerate(_list(cards, ["treasures", who]))))
        for field in ("prison", "lost"):
            cards = tuple(sorted(claim(_card(t, families, [field, i + 1]), [field, i + 1])
                                 for i, t in enumerate(_list(spec.get(field) or [],
                                                             [field]))))
            setattr(state, field, cards)
        start = PHASES[phase]
        if start == OVER:
            state._finish()
            return state
        return state.start(start)

    def to_spec(self, state: State) -> dict:
        """The position as an example spec (for ``herald play --record``): a
        position at the start of a phase (setup, decree or combat) or over."""
        cfg = state.config
        spec: dict = {"game": self.name}
        if state.variant != "base":
            spec["variant"] = state.variant
        spec["players"] = list(state.players) if all(
            name == cfg.families[f] for name, f in zip(state.players, state.families)) \
            else {name: cfg.families[f] for name, f in zip(state.players, state.families)}
        if state.options.non_default():
            spec["options"] = state.options.non_default()
        spec["meneur"] = state.players[state.meneur]
        spec["round"] = state.round
        spec["rounds"] = state.rounds
        phase = PHASE_NAMES[state.phase]
        spec["phase"] = "decree" if state.phase == NEXT else phase
        if state.order != cfg.order:
            spec["order"] = list(state.order)
        ids = [d.id for d in cfg.decrees]
        if state.council:
            spec["council"] = [ids[d] for d in state.council]
        # a decree drawn and waiting for the Meneur's choice (where to put it
        # back, which decree it covers) lies on top of the pile again: the
        # decree phase written starts by drawing it, and asks the same choice
        drawn = (state.drawn,) if state.phase == DECREE and state.drawn >= 0 else ()
        spec["decrees"] = [ids[d] for d in drawn + state.deck]
        if any(state.held):
            spec["held"] = {state.players[p]: [ids[d] for d in h]
                            for p, h in enumerate(state.held) if h}
        spec["hands"] = {name: [value_of(c) for c in state.hands[p]]
                         for p, name in enumerate(state.players)}
        if any(r >= 0 for r in state.renfort):
            spec["renforts"] = {name: value_of(state.renfort[p])
                                for p, name in enumerate(state.players)
                                if state.renfort[p] >= 0}
        if state.prison:
            spec["prison"] = [card_text(state, c) for c in state.prison]
        if any(state.treasure):
            spec["treasures"] = {name: [card_text(state, c) for c in state.treasure[p]]
                                 for p, name in enumerate(state.players)}
        if state.lost:
            spec["lost"] = [card_text(state, c) for c in state.lost]
        census = state.census()
        if any(n > cfg.composition[family_of(c)][value_of(c) - 1] or
               family_of(c) not in state.families for c, n in census.items()):
            spec["material"] = "any"    # more copies than the box holds (an illustration)
        return spec

    def outcome(self, state: State) -> dict:
        """The final position as expectations (for a recorded game)."""
        out: dict = {
            "cards": {name: len(state.treasure[p]) for p, name in enumerate(state.players)},
            "treasures": {name: [card_text(state, c) for c in state.treasure[p]]
                          for p, name in enumerate(state.players)},
        }
        if state.variant != "duel":
            out["points"] = dict(zip(state.players, state.scores()))
        out["winner"] = winner_field(state)
        return out

    # -- expectations -----------------------------------------------------------------
    def check(self, state: State, expect: dict) -> list[str]:
        """Differences between ``expect`` and the state, in words (empty: all hold)."""
        known_expectations(expect, EXPECT_KEYS)
        cfg = state.config
        names = state.players
        families = cfg.families
        ids = [d.id for d in cfg.decrees]
        out: list[str] = []
        if "order" in expect:
            want = _order(expect["order"], ["expect", "order"])
            if want != state.order:
                out.append(f"order: expected {_order_text(want)}, computed "
                           f"{_order_text(state.order)}")
        for who, held in _mapping(expect, "held", ["expect"]).items():
            p = _player(names, who, ["expect", "held", who])
            want = _decrees({"x": held}, "x", cfg, ["expect", "held", who])
            if want != state.held[p]:
                out.append(f"decrees held by {who}: expected {_words([ids[d] for d in want])}"
                           f", computed {_words([ids[d] for d in state.held[p]])}")
        for key, got in (("council", state.council), ("decrees", state.deck)):
            if key in expect:
                want = _decrees(expect, key, cfg, ["expect", key])
                if want != got:
                    out.append(f"{key}: expected {_words([ids[d] for d in want])}, computed "
                               f"{_words([ids[d] for d in got])}")
        for who, values in _mapping(expect, "hands", ["expect"]).items():
            p = _player(names, who, ["expect", "hands", who])
            hand = sorted(_own(v, state.families[p], ["expect", "hands", who, i + 1])
                          for i, v in enumerate(_list(values, ["expect", "hands", who])))
            if tuple(hand) != state.hands[p]:
                out.append(f"hand of {who}: expected {_words([value_of(c) for c in hand])}, "
                           f"computed {_words([value_of(c) for c in state.hands[p]])}")
        for who, value in _mapping(expect, "renforts", ["expect"]).items():
            p = _player(names, who, ["expect", "renforts", who])
            renfort = -1 if value is None else _own(value, state.families[p],
                                                    ["expect", "renforts", who])
            if renfort != state.renfort[p]:
                shown = "none" if state.renfort[p] < 0 else value_of(state.renfort[p])
                out.append(f"Renfort of {who}: expected {value if value is not None else 'none'}"
                           f", computed {shown}")
        for who, cards in _mapping(expect, "treasures", ["expect"]).items():
            p = _player(names, who, ["expect", "treasures", who])
            want = tuple(sorted(_card(t, families, ["expect", "treasures", who, i + 1])
                                for i, t in enumerate(_list(cards, ["expect", "treasures",
                                                                    who]))))
            if want != state.treasure[p]:
                out.append(f"treasure of {who}: expected {_cards(families, want)}, computed "
                           f"{_cards(families, state.treasure[p])}")
        for field in ("prison", "lost"):
            if field in expect:
                want = tuple(sorted(_card(t, families, ["expect", field, i + 1])
                                    for i, t in enumerate(_list(expect[field] or [],
                                                                ["expect", field]))))
                got = getattr(state, field)
                if want != got:
                    out.append(f"{field}: expected {_cards(families, want)}, computed "
                               f"{_cards(families, got)}")
        for key, values in (("points", [state.points(p) for p in range(len(names))]),
                            ("cards", [len(t) for t in state.treasure])):
            for who, value in _mapping(expect, key, ["expect"]).items():
                p = _player(names, who, ["expect", key, who])
                if values[p] != value:
                    out.append(f"{key} of {who}: expected {value}, computed {values[p]}")
        for key, fn in (("winner", state.winners), ("caporal", state.caporal)):
            if key in expect:
                named = _names(expect[key], names, ["expect", key])
                if not state.over:
                    out.append(f"{key}: expected {', '.join(named)}, but the game is not over")
                    continue
                found = sorted(names[p] for p in fn())
                if found != named:
                    out.append(f"{key}: expected {', '.join(named)}, computed {', '.join(found)}")
        if "meneur" in expect and expect["meneur"] != names[state.meneur]:
            out.append(f"meneur: expected {expect['meneur']}, computed {names[state.meneur]}")
        if "round" in expect and expect["round"] != state.round:
            out.append(f"round: expected {expect['round']}, computed {state.round}")
        if "material" in expect:
            out += _material(cfg, expect["material"])
        return out


def _material(cfg: Config, want) -> list[str]:
    """``material``: the numbered cards of the box, all of them (a number) or
    by kinds (``{assassin+commander: 10}``: the copies of those kinds in all
    the families)."""
    if not isinstance(want, dict):
        material = sum(sum(c) for c in cfg.composition)
        return [] if want == material else \
            [f"material: expected {want} numbered cards, the families hold {material}"]
    out = []
    for key, count in want.items():
        kinds = str(key).split("+")
        unknown = [k for k in kinds if k not in VALUE_OF_KIND]
        if unknown:
            raise SpecError(["expect", "material", key], f"unknown card {unknown[0]!r}; "
                            "cards: " + ", ".join(VALUE_OF_KIND) + " (several joined by +)")
        if not isinstance(count, int) or isinstance(count, bool):
            raise SpecError(["expect", "material", key], f"a number of cards, not {count!r}")
        held = sum(c[VALUE_OF_KIND[k] - 1] for c in cfg.composition for k in kinds)
        if held != count:
            out.append(f"material: expected {count} {' and '.join(kinds)}, the families "
                       f"hold {held}")
    return out


def _span(ids: list[str]) -> str:
    """``unnamed_10 … unnamed_25`` for a run of numbered ids, else the list."""
    named = [i for i in ids if not i.startswith("unnamed_")]
    numbered = [i for i in ids if i.startswith("unnamed_")]
    if len(numbered) > 2:
        named.append(f"{numbered[0]} … {numbered[-1]}")
    else:
        named += numbered
    return ", ".join(named)


# -- spec helpers -----------------------------------------------------------------------

def _players(spec, variant, cfg):
    players = spec.get("players")
    count = (2, 2) if variant == "duel" else (3, 5)
    if players is None:
        players = list(cfg.families[:count[0] if variant == "duel" else 4])
    if isinstance(players, list):
        if not all(isinstance(f, str) for f in players):
            raise SpecError(["players"], "players lists families by name, clockwise, like "
                            "[yellow, red, purple]")
        players = {f: f for f in players}
    if not isinstance(players, dict) or not count[0] <= len(players) <= count[1]:
        raise SpecError(["players"], f"the {variant} game seats {count[0]} to {count[1]} "
                        "players, listed clockwise by family, like [yellow, red, purple], or "
                        "named, like {arthur: yellow, brunehaut: red, charles: purple}")
    names, fams = [], []
    for name, fam in players.items():
        if not isinstance(fam, str) or fam not in cfg.families:
            raise SpecError(["players", name], f"unknown family {fam!r}; families: "
                            + ", ".join(cfg.families))
        names.append(str(name))
        fams.append(cfg.families.index(fam))
    if len(set(fams)) != len(fams):
        raise SpecError(["players"], "a family is played twice")
    return tuple(names), tuple(fams)


def _player(names, who, path) -> int:
    if who not in names:
        raise SpecError(path, f"unknown player {who!r}; players: {', '.join(names)}")
    return names.index(who)


def _own(value, family, path) -> int:
    try:
        return card(family, parse_value(value))
    except ValueError as e:
        raise SpecError(path, str(e)) from None


def _card(text, families, path) -> int:
    try:
        return parse_card(text, families)
    except ValueError as e:
        raise SpecError(path, str(e)) from None


def _order(value, path) -> tuple:
    if isinstance(value, str):
        value = [int(ch) if ch in "0123456789" else ch for ch in value.replace(" ", "")]
    # Only whole numbers are sorted: mixed types cannot be compared.
    if not isinstance(value, list) or \
            not all(isinstance(v, int) and not isinstance(v, bool) for v in value) or \
            sorted(value) != list(range(1, 8)):
        raise SpecError(path, f"the Order lists each value 1 to 7 once, first rank first, "
                        f"like [7, 6, 5, 4, 3, 2, 1], not {value!r}")
    return tuple(value)


def _order_text(order) -> str:
    return "→".join(map(str, order))


def _decrees(spec, key, cfg, path=None) -> tuple:
    path = list(path or [key])
    out = []
    for i, d in enumerate(_list(spec.get(key) or [], path)):
        try:
            if not isinstance(d, str):
                raise KeyError(d)
            out.append(cfg.decree_index(d))
        except KeyError:
            raise SpecError(path + [i + 1], f"unknown decree {d!r}; decrees: "
                            + ", ".join(x.id for x in cfg.decrees[:9]) + ", …") from None
    return tuple(out)


def _cards(families, cards) -> str:
    return _words([card_text(families, c) for c in cards])


def _words(items) -> str:
    return "[" + ", ".join(map(str, items)) + "]" if items else "nothing"




def _names(value, names, path) -> list[str]:
    """A player or a list of players (a winner, a tie), sorted."""
    want = [value] if isinstance(value, str) else value
    if not isinstance(want, list) or not want or \
            not all(isinstance(w, str) and w in names for w in want):
        raise SpecError(path, f"a player ({', '.join(names)}) or a list of players, "
                        f"not {value!r}")
    return sorted(want)



ASET = AsetGame()
