"""Oriflamme behind the generic game interface: positions from example specs,
decisions in notation, and checks of expected outcomes."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..interface import INTERFACE_VERSION, GameFacts, SpecError, winner_field
from ..specs import known_expectations, known_keys
from ..specs import listed as _list
from ..specs import mapping as _mapping
from ..specs import whole as _int
from .boxes import box_name, parse_box
from .cards import CARDS, FAMILIES, FAMILY_INDEX, N_CARDS, PERSONNAGES
from .notation import (
    card_name,
    format_decision,
    format_queue,
    format_queue_card,
    parse_decision,
    parse_hand_card,
    parse_queue_card,
    split_condemned,
)
from .options import Options
from .state import (
    BASE_BOX,
    CONDEMNATION_TOKENS,
    DEFAULT_CONFIG,
    DUO_DEFAULT_FAMILIES,
    DUO_SEATS,
    MAX_LENGTH,
    PHASE_NAMES,
    PLACEMENT,
    RESOLUTION,
    Config,
    State,
    new_game,
    new_initial_state,
)

# The position fields of an example file and the game's own expectations
# (the runner's, like play, checks and illegal, are in engine/specs.py).
SPEC_KEYS = {
    "variant", "options", "players", "first", "round", "rounds", "phase", "at",
    "influence", "hands", "set_aside", "discard", "draw", "queue", "seed", "cards",
    "reserve",
}
EXPECT_KEYS = {"influence", "queue", "discard", "hands", "set_aside", "draw", "first", "round",
               "winner", "reserve"}


class OriflammeGame:
    name = "oriflamme"
    interface_version = INTERFACE_VERSION
    order = 0      # where Herald lists it among its own games (engine/games.py)
    # its look: the generator-side module that draws its cards, diagrams and booklet
    look = "herald.generator.games.oriflamme:OriflammeLook"
    variants = ("base", "duo")
    player_counts = {"base": (3, 4, 5), "duo": (2,)}
    score_name = "influence"
    shared_win = "equal influence and equal cards in the queue"
    # won or lost (State.payoffs says why); the longest game: state.py, MAX_LENGTH
    facts = GameFacts(min_players=2, max_players=5, chance=True, information="imperfect",
                      utility="win_loss", payoff_range=(Fraction(0), Fraction(1)),
                      max_length=MAX_LENGTH)

    # -- new games --------------------------------------------------------------
    # the kinds of card a game deals: a preset or ten card ids (boxes.py)
    card_sets = ("base", "alliance", "mixed")

    def new_game(self, players=3, *, variant="base", seed=0, options=None, log=False,
                 config=None, cards=None) -> State:
        return new_game(players, variant=variant, seed=seed,
                        options=Options.from_mapping(options),
                        config=config or DEFAULT_CONFIG, log=log,
                        box=BASE_BOX if cards is None else parse_box(cards))

    def hidden_deals(self, state, shown=()):
        """The cards some seat cannot see in ``state``, dealt every way they
        may lie (engine/hidden_position.py; hidden.py)."""
        from .hidden import hidden_deals
        return hidden_deals(state, shown)

    def new_initial_state(self, players=3, *, variant="base", options=None, log=False,
                          cards=None) -> State:
        """The game before its deal: chance deals the cards (interface 2)."""
        return new_initial_state(players, variant=variant,
                                 options=Options.from_mapping(options), log=log,
                                 box=BASE_BOX if cards is None else parse_box(cards))

    # -- notation -----------------------------------------------------------------
    def observer(self, state: State):
        """What ``herald balance`` follows during a game (facts.py)."""
        from .facts import HandObserver
        return HandObserver(state)

    def parse_decision(self, state: State, text: str):
        return parse_decision(state, text)

    def format_decision(self, state: State, decision) -> str:
        return format_decision(state, decision)

    # -- example positions --------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config: Config | None = None) -> State:
        """Build the position an example file describes; SpecError names the bad field.
        ``config``: the card database's setup numbers (the engine's defaults otherwise)."""
        config = config or DEFAULT_CONFIG
        known_keys(spec, SPEC_KEYS)
        variant = spec.get("variant", "base")
        if variant not in self.variants:
            raise SpecError(["variant"], f"variant must be base or duo, not {variant!r}")
        try:
            options = Options.from_mapping(_mapping(spec, "options"))
        except ValueError as e:
            raise SpecError(["options"], str(e)) from None
        names, fams = _players(spec, variant)
        n = len(names)
        try:
            box = parse_box(spec["cards"]) if "cards" in spec else BASE_BOX
        except ValueError as e:
            raise SpecError(["cards"], str(e)) from None
        first = spec.get("first", names[0])
        if first not in names:
            raise SpecError(["first"], f"first must be one of {', '.join(names)}, not {first!r}")
        rounds = _int(spec, "rounds", config.rounds, 1)
        round_ = _int(spec, "round", 1, 1)
        if round_ > rounds:
            raise SpecError(["round"], f"round {round_} is after the last round ({rounds})")
        phase = spec.get("phase", "placement")
        if phase not in ("placement", "resolution"):
            raise SpecError(["phase"], f"phase must be placement or resolution, not {phase!r}")
        influence = [DEFAULT_CONFIG.influence] * n
        for who, value in _mapping(spec, "influence").items():
            if who not in names:
                raise SpecError(["influence", who], f"unknown player {who!r}")
            if not isinstance(value, int) or value < 0:
                raise SpecError(["influence", who], f"influence must be a whole number ≥ 0, "
                                f"not {value!r}")
            influence[names.index(who)] = value

        state = State(names, fams, variant=variant, options=options, rounds=rounds,
                      round=round_, first=names.index(first), influence=influence,
                      draw_size=DEFAULT_CONFIG.duo_draw, log=log, box=box)
        seen: dict = {}

        def claim(card, path):
            key = card[:2]
            if key in seen:
                raise SpecError(path, f"{card_name(card)} is already at "
                                f"{'.'.join(map(str, seen[key]))}: a card is in one place only")
            if state.owner[card[0]] < 0:
                raise SpecError(path, f"{card_name(card)}: no player plays {FAMILIES[card[0]]}")
            if card[1] not in box:
                raise SpecError(path, f"{CARDS[card[1]]} is not among this game's cards "
                                f"(cards: {_box_words(box)})")
            seen[key] = path

        for field in ("hands", "set_aside", "draw"):
            if field == "draw" and variant != "duo" and spec.get("draw"):
                raise SpecError(["draw"], "draw piles exist only in the duo variant")
            for who, cards in _mapping(spec, field).items():
                if who not in names:
                    raise SpecError([field, who], f"unknown player {who!r}")
                p = names.index(who)
                parsed = []
                for i, text in enumerate(_list(cards, [field, who])):
                    try:
                        card = parse_hand_card(text, fams[p][0] if variant == "base" else None)
                    except ValueError as e:
                        raise SpecError([field, who, i + 1], str(e)) from None
                    if card[0] not in fams[p]:
                        raise SpecError([field, who, i + 1],
                                        f"{card_name(card)} is not a card of {who}")
                    claim(card, [field, who, i + 1])
                    parsed.append(card)
                if field == "draw":
                    state.draw[p] = tuple(parsed)
                elif field == "hands":
                    state.hands[p] = tuple(sorted(parsed))
                else:
                    state.set_aside[p] = tuple(sorted(parsed))

        for fam_name, cards in _mapping(spec, "discard").items():
            if fam_name not in FAMILY_INDEX:
                raise SpecError(["discard", fam_name], f"discards are listed by family; "
                                f"unknown family {fam_name!r}")
            f = FAMILY_INDEX[fam_name]
            for i, text in enumerate(_list(cards, ["discard", fam_name])):
                try:
                    card = parse_hand_card(text, f)
                except ValueError as e:
                    raise SpecError(["discard", fam_name, i + 1], str(e)) from None
                claim(card, ["discard", fam_name, i + 1])
                p = state.owner[f]
                state.discard[p] = state.discard[p] + (card,)

        state.queue, state.condemned = _parse_queue(spec.get("queue", []), ["queue"], claim)
        for who, cards in _mapping(spec, "reserve").items():
            if who not in names:
                raise SpecError(["reserve", who], f"unknown player {who!r}")
            p = names.index(who)
            reserved = []
            for i, text in enumerate(_list(cards, ["reserve", who])):
                path = ["reserve", who, i + 1]
                card = _parse_reserved(text, fams[p][0] if variant == "base" else None, path)
                if card[0] not in fams[p]:
                    raise SpecError(path, f"{card_name(card)} is not a card of {who}")
                claim(card, path)
                reserved.append(card)
            state.reserve[p] = tuple(reserved)
        at = _int(spec, "at", 1, 1)
        if "at" in spec and phase != "resolution":
            raise SpecError(["at"], "at (the position being resolved) needs phase: resolution")
        if at > max(1, len(state.queue) + 1):
            raise SpecError(["at"], f"at {at} is beyond the queue ({len(state.queue)} piles)")
        _check_revealed_intrigues(state.queue, spec.get("queue"),
                                  at - 1 if phase == "resolution" else -1)
        state.start(PLACEMENT if phase == "placement" else RESOLUTION, cursor=at - 1)
        return state

    def to_spec(self, state: State) -> dict:
        """The position as an example spec (for ``herald play --record``)."""
        spec: dict = {"game": self.name}
        if state.duo:
            spec["variant"] = "duo"
            spec["players"] = {name: [FAMILIES[f] for f in state.families[p]]
                               for p, name in enumerate(state.players)}
        else:
            spec["players"] = list(state.players)
        if state.options.non_default():
            spec["options"] = state.options.non_default()
        if state.box != BASE_BOX:
            spec["cards"] = box_name(state.box)
        spec["first"] = state.players[state.first]
        spec["round"] = state.round
        spec["rounds"] = state.rounds
        spec["phase"] = PHASE_NAMES[state.phase]
        spec["influence"] = dict(zip(state.players, state.influence))

        def cards(cs):
            return [f"{FAMILIES[f]} {CARDS[c]}" for f, c in cs]

        spec["hands"] = {name: cards(state.hands[p]) for p, name in enumerate(state.players)}
        spec["set_aside"] = {name: cards(state.set_aside[p])
                             for p, name in enumerate(state.players) if state.set_aside[p]}
        if state.duo:
            spec["draw"] = {name: cards(state.draw[p]) for p, name in enumerate(state.players)}
        discard: dict = {}
        for d in state.discard:
            for f, c in d:
                discard.setdefault(FAMILIES[f], []).append(CARDS[c])
        if discard:
            spec["discard"] = discard
        spec["queue"] = format_queue(state.queue, state.condemned)
        reserve = {name: [_format_reserved(c) for c in state.reserve[p]]
                   for p, name in enumerate(state.players) if state.reserve[p]}
        if reserve:
            spec["reserve"] = reserve
        if state.phase == RESOLUTION and state.cursor:
            spec["at"] = state.cursor + 1
        return spec

    def outcome(self, state: State) -> dict:
        """What a recorded game expects at its end (``herald play --record``):
        the influence, the queue and, once the game is over, the winner."""
        out: dict = {"influence": dict(zip(state.players, state.scores())),
                     "queue": self.to_spec(state)["queue"]}
        if state.over:
            out["winner"] = winner_field(state)
        return out

    # -- expectations ---------------------------------------------------------------
    def check(self, state: State, expect: dict) -> list[str]:
        """Differences between ``expect`` and the state, in words (empty: all hold)."""
        known_expectations(expect, EXPECT_KEYS)
        out: list[str] = []
        for who, value in _mapping(expect, "influence", ["expect"]).items():
            got = state.influence[_player(state, who, ["expect", "influence", who])]
            if got != value:
                out.append(f"influence of {who}: expected {value}, computed {got}")
        if "queue" in expect:
            wanted_queue, wanted_marks = _parse_queue(expect["queue"], ["expect", "queue"], None)
            if wanted_queue != state.queue:
                out.append(_queue_difference(wanted_queue, state.queue))
            elif wanted_marks != state.condemned:
                out.append(_queue_difference(wanted_queue, state.queue, wanted_marks,
                                             state.condemned))
        for who, cards in _mapping(expect, "reserve", ["expect"]).items():
            p = _player(state, who, ["expect", "reserve", who])
            fam = state.families[p][0] if not state.duo else None
            wanted_reserve = [_parse_reserved(c, fam, ["expect", "reserve", who, i + 1])
                              for i, c in enumerate(_list(cards or [], ["expect", "reserve", who]))]
            if sorted(wanted_reserve) != sorted(state.reserve[p]):
                out.append(f"reserve of {who}: expected "
                           f"{_reserve_words(wanted_reserve)}, computed "
                           f"{_reserve_words(state.reserve[p])}")
        for fam_name, cards in _mapping(expect, "discard", ["expect"]).items():
            if fam_name not in FAMILY_INDEX:
                raise SpecError(["expect", "discard", fam_name], f"unknown family {fam_name!r}")
            f = FAMILY_INDEX[fam_name]
            got_cards = Counter(c for d in state.discard for c in d if c[0] == f)
            out += _compare_cards(f"discard of {fam_name}", cards, f, got_cards,
                                  ["expect", "discard", fam_name])
        for who, cards in _mapping(expect, "hands", ["expect"]).items():
            p = _player(state, who, ["expect", "hands", who])
            fam = state.families[p][0] if not state.duo else None
            out += _compare_cards(f"hand of {who}", cards, fam, Counter(state.hands[p]),
                                  ["expect", "hands", who])
        for who, cards in _mapping(expect, "set_aside", ["expect"]).items():
            p = _player(state, who, ["expect", "set_aside", who])
            fam = state.families[p][0] if not state.duo else None
            out += _compare_cards(f"set-aside cards of {who}", cards, fam,
                                  Counter(state.set_aside[p]), ["expect", "set_aside", who])
        for who, cards in _mapping(expect, "draw", ["expect"]).items():
            p = _player(state, who, ["expect", "draw", who])
            path = ["expect", "draw", who]
            try:
                wanted = [parse_hand_card(c, None) for c in _list(cards or [], path)]
            except ValueError as e:
                raise SpecError(path, str(e)) from None
            if wanted != list(state.draw[p]):
                out.append(f"draw pile of {who} (top first): expected "
                           f"{_cards_in_order(wanted)}, computed {_cards_in_order(state.draw[p])}")
        if "first" in expect:
            first = _player(state, expect["first"], ["expect", "first"])
            if first != state.first:
                out.append(f"first player: expected {expect['first']}, "
                           f"computed {state.players[state.first]}")
        if "round" in expect:
            wanted_round = expect["round"]
            if not isinstance(wanted_round, int) or isinstance(wanted_round, bool):
                raise SpecError(["expect", "round"], f"round is a whole number, "
                                f"not {wanted_round!r}")
            if wanted_round != state.round:
                out.append(f"round: expected {wanted_round}, computed {state.round}")
        if "winner" in expect:
            out += _compare_winner(state, expect["winner"])
        return out


def _check_revealed_intrigues(queue, written, cursor: int) -> None:
    """Refuse a revealed Intrigue anywhere but on top of the pile being resolved.

    An Intrigue is discarded as soon as it has acted, so no position of a game
    shows one face up elsewhere; this is also why a Shapeshifter only ever sees
    Characters to copy (the written ruling on its model).
    """
    for i, pile in enumerate(queue):
        for j, card in enumerate(pile):
            if card[2] and card[1] not in PERSONNAGES and not (
                    i == cursor and j == len(pile) - 1):
                nested = isinstance(written[i], list)
                raise SpecError(["queue", i + 1] + ([j + 1] if nested else []),
                                f"{card_name(card)} up: an Intrigue is discarded as soon "
                                "as it has acted, so it is face up only while it acts "
                                "(on top of the pile at 'at', in phase resolution)")


def _cards_in_order(cards) -> str:
    return "[" + ", ".join(card_name(c) for c in cards) + "]" if cards else "nothing"


def _player(state: State, who, path) -> int:
    if not isinstance(who, str) or who not in state.players:
        raise SpecError(path, f"unknown player {who!r}")
    return state.players.index(who)


def _compare_cards(label, cards, family, got: Counter, path) -> list[str]:
    try:
        wanted = Counter(parse_hand_card(c, family) for c in _list(cards, path))
    except ValueError as e:
        raise SpecError(path, str(e)) from None
    if wanted == got:
        return []
    return [f"{label}: expected {_cards_words(wanted)}, computed {_cards_words(got)}"]


def _compare_winner(state: State, winner) -> list[str]:
    wanted = [winner] if isinstance(winner, str) else winner
    if not isinstance(wanted, list) or not wanted or \
            any(not isinstance(w, str) or w not in state.players for w in wanted):
        raise SpecError(["expect", "winner"], "the winner is a player, or a list of tied "
                        f"players, among {', '.join(state.players)}; not {winner!r}")
    wanted = sorted(wanted)
    if not state.over:
        return [f"winner: expected {', '.join(wanted)}, but the game is not over"]
    got = sorted(state.players[p] for p in state.winners())
    if got != wanted:
        return [f"winner: expected {', '.join(wanted)}, computed {', '.join(got)}"]
    return []


def _queue_difference(wanted, got, wanted_marks=(), got_marks=()) -> str:
    for i, (w, g) in enumerate(zip(wanted, got)):
        if w != g or any((c[0] * N_CARDS + c[1] in wanted_marks) !=
                         (c[0] * N_CARDS + c[1] in got_marks) for c in w):
            return (f"queue position {i + 1}: expected {_pile_words(w, wanted_marks)}, "
                    f"computed {_pile_words(g, got_marks)}")
    if len(wanted) != len(got):
        return (f"queue: expected {len(wanted)} piles, computed {len(got)} "
                f"({', '.join(_pile_words(p) for p in got) or 'empty'})")
    return "queue differs"


def _pile_words(pile, marks=()) -> str:
    if len(pile) == 1:
        return f"'{format_queue_card(pile[0], marks)}'"
    return "pile [" + ", ".join(format_queue_card(c, marks) for c in pile) + "]"


def _box_words(box) -> str:
    name = box_name(box)
    return name if isinstance(name, str) else ", ".join(name)


def _parse_reserved(text, family, path):
    """A reserved card, ``"trade +2"`` or ``"red trade +2"``: (family, card, tokens)."""
    if not isinstance(text, str) or not text.split():
        raise SpecError(path, f"a reserved card is written like 'trade +2', not {text!r}")
    words = text.split()
    if words[0] not in FAMILY_INDEX and family is not None:
        words = [FAMILIES[family]] + words
    try:
        fam, card, up, tokens = parse_queue_card(" ".join(words))
    except ValueError as e:
        raise SpecError(path, str(e)) from None
    if up:
        raise SpecError(path, f"{text!r}: a reserved card lies before its owner, not 'up'")
    return (fam, card, tokens)


def _format_reserved(card) -> str:
    fam, c, tokens = card
    return f"{FAMILIES[fam]} {CARDS[c]}" + (f" +{tokens}" if tokens else "")


def _reserve_words(cards) -> str:
    return "[" + ", ".join(_format_reserved(c) for c in cards) + "]" if cards else "nothing"


def _cards_words(counter) -> str:
    names = sorted(card_name(c) for c in counter.elements())
    return "[" + ", ".join(names) + "]" if names else "nothing"


def _parse_queue(value, path, claim):
    if not isinstance(value, list):
        raise SpecError(path, "the queue is a list of cards and piles")
    queue = []
    marks: list[int] = []   # queue positions that carry a Condemnation token
    for i, entry in enumerate(value):
        here = path + [i + 1]
        items = entry if isinstance(entry, list) else [entry]
        if not items:
            raise SpecError(here, "an empty pile")
        pile = []
        for j, text in enumerate(items):
            cpath = here + [j + 1] if isinstance(entry, list) else here
            text, condemned = split_condemned(text)
            try:
                card = parse_queue_card(text)
            except ValueError as e:
                raise SpecError(cpath, str(e)) from None
            if claim:
                claim(card, cpath)
            if condemned:
                if len(marks) == CONDEMNATION_TOKENS:
                    raise SpecError(cpath, f"only {CONDEMNATION_TOKENS} Condemnation tokens "
                                    "exist")
                marks.append(card[0] * N_CARDS + card[1])
            pile.append(card)
        queue.append(tuple(pile))
    return queue, tuple(sorted(marks))


def _players(spec, variant):
    players = spec.get("players")
    if variant == "duo":
        if players is None:
            return DUO_SEATS, DUO_DEFAULT_FAMILIES
        if not isinstance(players, dict) or len(players) != 2:
            raise SpecError(["players"], "duo players are two seats with two families each, "
                            "like {north: [red, green], south: [blue, yellow]}")
        names, fams = [], []
        for seat, pair in players.items():
            if not isinstance(pair, list) or len(pair) != 2:
                raise SpecError(["players", seat], "each duo seat plays exactly two families")
            try:
                fams.append(tuple(FAMILY_INDEX[f] for f in pair))
            except (KeyError, TypeError):
                raise SpecError(["players", seat], f"unknown family in {pair!r}; families: "
                                + ", ".join(FAMILIES)) from None
            names.append(str(seat))
        if len(set(fams[0] + fams[1])) != 4:
            raise SpecError(["players"], "the four duo families must differ")
        return tuple(names), tuple(fams)
    if players is None:
        players = list(FAMILIES[:3])
    if not isinstance(players, list) or not 3 <= len(players) <= 5:
        raise SpecError(["players"], "the base game seats 3 to 5 players, listed by family "
                        "in clockwise order, like [red, blue, green]")
    for i, name in enumerate(players):
        if not isinstance(name, str) or name not in FAMILY_INDEX:
            raise SpecError(["players", i + 1], f"unknown family {name!r}; families: "
                            + ", ".join(FAMILIES))
    if len(set(players)) != len(players):
        raise SpecError(["players"], "a family is listed twice")
    return tuple(players), tuple((FAMILY_INDEX[p],) for p in players)





ORIFLAMME = OriflammeGame()
