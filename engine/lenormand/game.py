"""The Lenormand duel behind the generic game interface: positions from example
specs, decisions in notation, and checks of expected outcomes."""
from __future__ import annotations

from fractions import Fraction

from ..interface import INTERFACE_VERSION, GameFacts, SpecError, winner_field
from ..specs import known_expectations, known_keys
from ..specs import listed as _list
from ..specs import mapping as _mapping
from ..specs import whole as _int
from .cards import CIVILISATION, HOUSE_INDEX, HOUSES, NATURE, NO_HOUSE, PLAY_CARDS
from .notation import format_decision, format_slot, parse_decision, parse_slot
from .options import Options
from .state import (
    ATTACK,
    DEFAULT_CONFIG,
    HEAL,
    LIFE,
    SEAT_HOUSES,
    SEAT_NAMES,
    Config,
    State,
    new_game,
    new_initial_state,
)

# The position fields of an example file and the game's own expectations
# (the runner's, like play, checks and illegal, are in engine/specs.py).
SPEC_KEYS = {
    "variant", "options", "players", "first", "turn", "seed", "life", "taken", "hands",
    "reserve", "draw", "discard", "max_turns",
}
EXPECT_KEYS = {"life", "taken", "hands", "reserve", "draw", "discard", "winner", "plays"}
# A longer game limit means nothing at the table and lets a search run for ever.
MAX_TURNS = 1000
HOUSE_WORDS = {**HOUSE_INDEX, "even": CIVILISATION, "odd": NATURE, "none": NO_HOUSE}


class LenormandGame:
    name = "lenormand"
    interface_version = INTERFACE_VERSION
    order = 2      # where Herald lists it among its own games (engine/games.py)
    # its look: the generator-side module that draws its cards, diagrams and booklet
    look = "herald.generator.games.lenormand:LenormandLook"
    variants = ("base",)
    # 2: the duel; 3 and 4: 004's variant (a third player without house; two teams)
    player_counts = {"base": (2, 3, 4)}
    score_name = "life margin"     # your house's life minus the other's
    shared_win = "equal life when the 200-turn limit stops the game"
    # won or lost (State.payoffs says why); the longest game from a new deal:
    # the 20 cards dealt, then two decisions a turn for 200 turns, and in the
    # tree of new_initial_state the reshuffles' chance steps, at most the 3
    # cards each turn discards (State.steps_left)
    facts = GameFacts(min_players=2, max_players=4, chance=True, information="imperfect",
                      utility="win_loss", payoff_range=(Fraction(0), Fraction(1)),
                      max_length=len(PLAY_CARDS) + 5 * DEFAULT_CONFIG.max_turns)

    def hidden_deals(self, state, shown=()):
        """The cards some seat cannot see in ``state``, dealt every way they
        may lie (engine/hidden_position.py; hidden.py)."""
        from .hidden import hidden_deals
        return hidden_deals(state, shown)

    def new_initial_state(self, players=2, *, variant="base", options=None, log=False,
                          config=None) -> State:
        """The game before its deal: chance deals the cards (interface 2)."""
        if variant not in self.variants:
            raise ValueError(f"the Lenormand duel has no variant {variant!r}")
        return new_initial_state(players, options=Options.from_mapping(options),
                                 config=config or DEFAULT_CONFIG, log=log)

    # -- new games --------------------------------------------------------------
    def new_game(self, players=2, *, variant="base", seed=0, options=None, log=False,
                 config=None) -> State:
        if variant not in self.variants:
            raise ValueError(f"the Lenormand duel has no variant {variant!r}")
        return new_game(players, seed=seed, options=Options.from_mapping(options),
                        config=config or DEFAULT_CONFIG, log=log)

    # -- notation -----------------------------------------------------------------
    def observer(self, state: State):
        """What ``herald balance`` follows during a game (facts.py)."""
        from .facts import LineObserver
        return LineObserver(state)

    def parse_decision(self, state: State, text: str):
        return parse_decision(state, text)

    def format_decision(self, state: State, decision) -> str:
        return format_decision(state, decision)

    # -- example positions --------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config: Config | None = None) -> State:
        """Build the position an example file describes; SpecError names the bad field.

        Play cards (1–20) the file does not place are in the discard. ``config``
        carries the card database's attack table (the engine's default otherwise).
        """
        config = config or DEFAULT_CONFIG
        known_keys(spec, SPEC_KEYS)
        if spec.get("variant", "base") != "base":
            raise SpecError(["variant"], "the Lenormand duel has only the base game "
                            "(2 to 4 players)")
        try:
            options = Options.from_mapping(_mapping(spec, "options"))
        except (ValueError, TypeError) as e:    # TypeError: an unhashable value
            raise SpecError(["options"], str(e)) from None
        names, houses = _players(spec)
        # with no ``first``, the first player of the house the rules start with
        first = spec.get("first", names[houses.index(HOUSE_INDEX[options.first_player])])
        if not isinstance(first, str) or first not in names:
            raise SpecError(["first"], f"first must be one of {', '.join(names)}, not {first!r}")
        turn = _int(spec, "turn", 1, 1)
        seed = _int(spec, "seed", 0, 0)
        if "max_turns" in spec:
            config = Config(hands=config.hands, reserve=config.reserve, table=config.table,
                            max_turns=_int(spec, "max_turns", config.max_turns, turn,
                                           MAX_TURNS))
        life = [LIFE, LIFE]
        for word, value in _mapping(spec, "life").items():
            if not isinstance(word, str) or HOUSE_WORDS.get(word, NO_HOUSE) == NO_HOUSE:
                raise SpecError(["life", word], f"life is given by house (civilisation, "
                                f"nature), not {word!r}")
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LIFE:
                raise SpecError(["life", word], f"life must be a whole number from 1 to "
                                f"{LIFE}, not {value!r}")
            life[HOUSE_WORDS[word]] = value
        state = State(names, houses, options=options, config=config,
                      first=names.index(first), turn=turn, seed=seed, life=life, log=log)
        for who, value in _mapping(spec, "taken").items():
            p = _player(names, who, ["taken", who])
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SpecError(["taken", who], f"taken must be a whole number ≥ 0, not "
                                f"{value!r}")
            state.taken[p] = value

        seen: dict = {}

        def claim(card, path):
            if not isinstance(card, int) or isinstance(card, bool) or card not in PLAY_CARDS:
                raise SpecError(path, f"{card!r}: the cards in play are numbers 1 to 20 "
                                "(21 to 36 are life cards)")
            if card in seen:
                raise SpecError(path, f"card {card} is already at "
                                f"{'.'.join(map(str, seen[card]))}: a card is in one "
                                "place only")
            seen[card] = path
            return card

        size = config.hand_size(len(names))
        hands = _mapping(spec, "hands")
        for who in names:
            if who not in hands:
                raise SpecError(["hands"], f"the hand of {who} is missing")
        for who, cards in hands.items():
            p = _player(names, who, ["hands", who])
            cards = _list(cards, ["hands", who])
            if len(cards) != size:
                raise SpecError(["hands", who], f"a hand holds {size} cards, not "
                                f"{len(cards)}")
            state.hands[p] = tuple(sorted(claim(c, ["hands", who, i + 1])
                                          for i, c in enumerate(cards)))
        reserve = _list(spec.get("reserve"), ["reserve"])
        if len(reserve) != config.reserve:
            raise SpecError(["reserve"], f"the reserve is {config.reserve} cards (slots 1 "
                            f"to {config.reserve}), not {len(reserve)}")
        for i, text in enumerate(reserve):
            try:
                card, up = parse_slot(text)
            except ValueError as e:
                raise SpecError(["reserve", i + 1], str(e)) from None
            state.reserve.append((claim(card, ["reserve", i + 1]), up))
        state.draw = tuple(claim(c, ["draw", i + 1])
                           for i, c in enumerate(_list(spec.get("draw", []), ["draw"])))
        listed = [claim(c, ["discard", i + 1])
                  for i, c in enumerate(_list(spec.get("discard", []), ["discard"]))]
        state.discard = tuple(sorted(listed + [c for c in PLAY_CARDS if c not in seen]))
        state.mover = state.first
        return state

    def to_spec(self, state: State) -> dict:
        """The position as an example spec (for ``herald play --record``)."""
        spec: dict = {"game": self.name}
        spec["players"] = {name: _house_word(h) for name, h in zip(state.players, state.houses)}
        if state.options.non_default():
            spec["options"] = state.options.non_default()
        spec["first"] = state.players[state.mover if state.mover >= 0 else state.first]
        spec["turn"] = state.turn
        spec["seed"] = state.seed
        spec["life"] = {HOUSES[h]: state.life[h] for h in (CIVILISATION, NATURE)}
        if any(state.taken):
            spec["taken"] = {n: t for n, t in zip(state.players, state.taken) if t}
        spec["hands"] = {n: list(h) for n, h in zip(state.players, state.hands)}
        spec["reserve"] = [format_slot(s) if s[1] else s[0] for s in state.reserve]
        spec["draw"] = list(state.draw)
        spec["discard"] = list(state.discard)
        return spec

    def outcome(self, state: State) -> dict:
        """What a recorded game expects at its end (``herald play --record``)."""
        out: dict = {"life": {HOUSES[h]: state.life[h] for h in (CIVILISATION, NATURE)}}
        if any(state.taken):
            out["taken"] = {n: t for n, t in zip(state.players, state.taken)}
        out["discard"] = list(state.discard)
        if state.over:
            out["winner"] = winner_field(state)
        return out

    # -- expectations ---------------------------------------------------------------
    def check(self, state: State, expect: dict) -> list[str]:
        """Differences between ``expect`` and the state, in words (empty: all hold)."""
        known_expectations(expect, EXPECT_KEYS)
        out: list[str] = []
        for word, value in _mapping(expect, "life", ["expect"]).items():
            if not isinstance(word, str) or HOUSE_WORDS.get(word, NO_HOUSE) == NO_HOUSE:
                raise SpecError(["expect", "life", word], f"unknown house {word!r}")
            got = state.life[HOUSE_WORDS[word]]
            if got != value:
                out.append(f"life of {word}: expected {value}, computed {got}")
        for who, value in _mapping(expect, "taken", ["expect"]).items():
            got = state.taken[_player(state.players, who, ["expect", "taken", who])]
            if got != value:
                out.append(f"life cards taken by {who}: expected {value}, computed {got}")
        for who, cards in _mapping(expect, "hands", ["expect"]).items():
            p = _player(state.players, who, ["expect", "hands", who])
            wanted = sorted(_cards(cards, ["expect", "hands", who]))
            if wanted != list(state.hands[p]):
                out.append(f"hand of {who}: expected {wanted}, computed "
                           f"{list(state.hands[p])}")
        if "reserve" in expect:
            try:
                wanted_slots = [parse_slot(s) for s in
                                _list(expect["reserve"], ["expect", "reserve"])]
            except ValueError as e:
                raise SpecError(["expect", "reserve"], str(e)) from None
            if wanted_slots != state.reserve:
                out.append("reserve: expected " + _slots_words(wanted_slots)
                           + ", computed " + _slots_words(state.reserve))
        if "draw" in expect:
            wanted = _cards(expect["draw"], ["expect", "draw"])
            if wanted != list(state.draw):
                out.append(f"draw pile: expected {wanted}, computed {list(state.draw)}")
        if "discard" in expect:
            wanted = sorted(_cards(expect["discard"], ["expect", "discard"]))
            if wanted != list(state.discard):
                out.append(f"discard: expected {wanted}, computed {list(state.discard)}")
        if "plays" in expect:
            named = [str(w) for w in _list(expect["plays"], ["expect", "plays"])]
            got = [format_decision(state, d, player=False) for d in state.legal()
                   if d[0] in (ATTACK, HEAL)]
            if named != got:
                out.append(f"attacks and heals of "
                           f"{state.players[state.mover] if state.mover >= 0 else 'nobody'}:"
                           f" expected {named or 'none'}, computed {got or 'none'}")
        if "winner" in expect:
            winner = expect["winner"]
            named = [winner] if isinstance(winner, str) else winner
            if not isinstance(named, list) or not named or \
                    not all(isinstance(w, str) and w in state.players for w in named):
                raise SpecError(["expect", "winner"], "a player "
                                f"({', '.join(state.players)}) or a list of players, not "
                                f"{winner!r}")
            named = sorted(named)
            if not state.over:
                out.append(f"winner: expected {', '.join(named)}, but the game is not over")
            else:
                got = sorted(state.players[p] for p in state.winners())
                if got != named:
                    out.append(f"winner: expected {', '.join(named)}, computed "
                               f"{', '.join(got)}")
        return out


def _slots_words(slots) -> str:
    return "[" + ", ".join(format_slot(s) for s in slots) + "]"


def _house_word(h: int) -> str:
    return "none" if h == NO_HOUSE else HOUSES[h]


def _players(spec):
    players = spec.get("players")
    if players is None:
        return SEAT_NAMES[2], SEAT_HOUSES[2]
    if isinstance(players, list):
        if len(players) not in SEAT_HOUSES:
            raise SpecError(["players"], "the duel seats 2 players (3 or 4 in its variant)")
        names = tuple(str(p) for p in players)
        houses = SEAT_HOUSES[len(players)]
    elif isinstance(players, dict):
        names = tuple(str(p) for p in players)
        chosen = []
        for who, word in players.items():
            if not isinstance(word, str) or word not in HOUSE_WORDS:
                raise SpecError(["players", who], f"a player's house is civilisation, "
                                f"nature or none, not {word!r}")
            chosen.append(HOUSE_WORDS[word])
        houses = tuple(chosen)
        if len(names) not in SEAT_HOUSES or sorted(houses) != sorted(SEAT_HOUSES[len(names)]):
            raise SpecError(["players"], "2 players are civilisation and nature; 3 add a "
                            "player with house none; 4 are two of each")
    else:
        raise SpecError(["players"], "players is a list of names or a mapping of names "
                        "to houses, like {adele: civilisation, valentin: nature}")
    if len(set(names)) != len(names):
        raise SpecError(["players"], "a player is listed twice")
    return names, houses


def _player(names, who, path) -> int:
    if who not in names:
        raise SpecError(path, f"unknown player {who!r}")
    return list(names).index(who)




def _cards(value, path) -> list[int]:
    """A list of card numbers (whole numbers only, so that it sorts)."""
    for i, c in enumerate(_list(value, path)):
        if not isinstance(c, int) or isinstance(c, bool):
            raise SpecError(list(path) + [i + 1], f"{c!r}: a card is its number, 1 to 36")
    return value



LENORMAND = LenormandGame()
