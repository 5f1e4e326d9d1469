"""What ``herald solve`` prints for a game with simultaneous moves: the exact
solution of a two-player position, or one combat's best responses and pure
equilibria among three to five players (text for players, or one JSON
document with every number exact)."""
from __future__ import annotations

from fractions import Fraction

from herald.engine.evaluation import LOST, WON, split

SHORT = 24          # longest exact fraction printed in a table cell
FULL_TABLE = 40     # at most this many rows of best responses per player in text


RESULT_WORDS = {WON: "won", LOST: "lost"}


def standing_text(state, value, sep: str) -> str:
    """Each player's score in a solver's ``value`` (evaluation.py), with
    "(won)" or "(lost)" where the game ends."""
    return sep.join(f"{n} {score}" + (f" ({RESULT_WORDS[r]})" if r in RESULT_WORDS else "")
                    for n, (score, r) in zip(state.players, (split(state, v) for v in value)))


def standing_json(state, value, key: str = "value") -> dict:
    """``key``: each player's score in a solver's ``value``; ``result``: won
    or lost, for the players whose game ends there (empty while it goes on)."""
    standing = [split(state, v) for v in value]
    return {key: {n: score for n, (score, _) in zip(state.players, standing)},
            "result": {n: RESULT_WORDS[r] for n, (_, r) in zip(state.players, standing)
                       if r in RESULT_WORDS}}


def choice_text(game, state, player: int, decision) -> str:
    """One player's choice at a simultaneous step, in the game's notation.

    The notation is ``<player> <verb> ...`` for the player to move; at a
    simultaneous step every player chooses, so the first word is replaced by
    the chooser's name."""
    if decision is None:
        return f"{state.players[player]} (no choice)"
    text = game.format_decision(state, decision)
    if 0 <= state.mover < len(state.players):
        prefix = state.players[state.mover] + " "
        if text.startswith(prefix):
            text = text[len(prefix):]
    return f"{state.players[player]} {text}"


def forced_texts(game, state, forced) -> list[str]:
    replay, out = state.copy(), []
    replay.log = None
    replay.halt_at_phase_end = False
    replay.resume()
    for d in forced:
        out.append(game.format_decision(replay, d))
        replay.apply(d)
    return out


def exact(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def cell(x: Fraction) -> str:
    text = exact(x)
    if len(text) <= SHORT:
        return text
    return f"({len(str(abs(x.numerator)))}-digit fraction)"


def depth_text(depth) -> str:
    if depth is None:
        return "to the end of the game"
    return f"{depth} combat{'s' if depth != 1 else ''}"


# -- two players ----------------------------------------------------------------------

def joint_json(game, state, result, file) -> dict:
    s = result.position
    names = s.players
    strategies = {}
    for p, strategy in enumerate(result.strategies):
        if strategy:
            strategies[names[p]] = [{"decision": choice_text(game, s, p, d),
                                     "probability": exact(q), "decimal": float(q)}
                                    for d, q in strategy]
    out = {
        "file": file, "solver": "exact, simultaneous moves", "players": list(names),
        "depth": result.depth if result.depth is not None else "game",
        "forced": forced_texts(game, state, result.forced),
        "value": {names[0]: exact(result.value), names[1]: exact(-result.value)},
        "value_decimal": {names[0]: float(result.value), names[1]: float(-result.value)},
        "root": "simultaneous" if result.joint else (
            names[result.mover] if result.mover is not None else "over"),
        "strategies": strategies,
        "options": [{"decision": game.format_decision(s, d), "value": exact(v)}
                    for d, v in result.options],
        "matrix": [[exact(x) for x in row] for row in result.matrix]
        if result.matrix is not None else None,
        "nodes": result.nodes, "matrices": result.matrices, "methods": result.methods,
        "seconds": round(result.seconds, 6),
    }
    return out


def joint_lines(game, state, result, file) -> list[str]:
    s = result.position
    a, b = s.players[:2]
    out = [f"{file}: exact solution, 2 players, {depth_text(result.depth)}, all cards known"]
    forced = forced_texts(game, state, result.forced)
    if forced:
        out.append("forced first: " + " ; ".join(forced))
    v = result.value
    measure = game.score_name
    if len(exact(v)) <= 2 * SHORT:
        out.append(f"value: {a}'s {measure} minus {b}'s at the horizon = {exact(v)} "
                   f"≈ {float(v):.6f} (for {b}: {exact(-v)})")
    else:
        out.append(f"value: {a}'s {measure} minus {b}'s at the horizon ≈ {float(v):.6f} "
                   f"(for {b}: {float(-v):.6f}); exactly:")
        out.append(f"  {exact(v)}")
    if result.joint:
        for p, strategy in enumerate(result.strategies):
            if not strategy:
                continue
            out.append(f"{s.players[p]}'s optimal mixed strategy:")
            width = max(len(choice_text(game, s, p, d)) for d, _ in strategy)
            out.append(f"   {'choice':<{width}}  {'probability':>11}  exact")
            for d, q in strategy:
                mark = "*" if q > 0 else " "
                out.append(f" {mark} {choice_text(game, s, p, d):<{width}}  "
                           f"{float(q):>11.6f}  {cell(q)}")
    elif result.mover is not None:
        mover = s.players[result.mover]
        goal = "maximizes" if result.mover == 0 else "minimizes"
        out.append(f"{mover} decides ({goal} the value):")
        width = max(len(game.format_decision(s, d)) for d, _ in result.options)
        for d, val in result.options:
            mark = "*" if val == v else " "
            out.append(f" {mark} {game.format_decision(s, d):<{width}}  "
                       f"{float(val):>11.6f}  {cell(val)}")
    methods = ", ".join(f"{k} {n:,}" for k, n in sorted(result.methods.items()))
    out.append(f"nodes: {result.nodes:,} in {result.seconds:.3f} s "
               f"({result.nodes_per_second:,.0f} nodes/s); {result.matrices:,} matrix games "
               f"solved ({methods or 'none'})")
    return out


# -- three to five players ------------------------------------------------------------

def combat_json(game, state, analysis, file) -> dict:
    s = analysis.position
    names = s.players
    texts = [[choice_text(game, s, p, d) for d in c] for p, c in enumerate(analysis.choices)]

    def profile(ix):
        return [texts[p][k] for p, k in enumerate(ix)]

    best = {}
    for p, table in enumerate(analysis.best_responses):
        rows = []
        for others, picks in sorted(table.items()):
            full = list(others[:p]) + [None] + list(others[p:])
            rows.append({"others": [texts[q][k] for q, k in enumerate(full) if q != p],
                         "best": [texts[p][k] for k in picks]})
        best[names[p]] = rows
    return {
        "file": file, "solver": "one combat, pure strategies", "players": list(names),
        "forced": forced_texts(game, state, analysis.forced),
        "choices": {names[p]: texts[p] for p in range(len(names))},
        "equilibria": [{"profile": profile(ix),
                        **standing_json(s, analysis.payoffs[ix], "scores")}
                       for ix in analysis.equilibria],
        "best_responses": best,
        "profiles": len(analysis.payoffs), "nodes": analysis.nodes,
        "seconds": round(analysis.seconds, 6),
    }


def combat_lines(game, state, analysis, file) -> list[str]:
    s = analysis.position
    names = s.players
    texts = [[choice_text(game, s, p, d) for d in c] for p, c in enumerate(analysis.choices)]
    out = [f"{file}: one combat, {len(names)} players, all cards known; each profile of "
           f"choices is scored when the combat's round ends (later decisions of that "
           f"round: each player maximizes their own {game.score_name}, a won game first)"]
    forced = forced_texts(game, state, analysis.forced)
    if forced:
        out.append("forced first: " + " ; ".join(forced))
    eq = analysis.equilibria
    if eq:
        out.append(f"pure equilibria: {len(eq)} (no player gains by changing card alone)")
        for ix in eq[:FULL_TABLE]:
            out.append("  " + " ; ".join(texts[p][k] for p, k in enumerate(ix))
                       + f"  →  {standing_text(s, analysis.payoffs[ix], ', ')}")
        if len(eq) > FULL_TABLE:
            out.append(f"  … and {len(eq) - FULL_TABLE} more (--json lists them all)")
    else:
        out.append("pure equilibria: none (every profile tempts some player to change "
                   "card: the combat calls for mixed strategies)")
    out.append("best responses to the others' announced choices:")
    for p, table in enumerate(analysis.best_responses):
        count = {k: 0 for k in range(len(texts[p]))}
        for picks in table.values():
            for k in picks:
                count[k] += 1
        total = len(table)
        always = [texts[p][k] for k, c in count.items() if c == total]
        summary = ", ".join(f"{texts[p][k]} in {c}" for k, c in count.items())
        out.append(f"  {names[p]}, best against how many of the {total} combination"
                   f"{'s' if total != 1 else ''} of the others' choices: {summary}"
                   + (f"; always best: {', '.join(always)}" if always else ""))
        if total <= FULL_TABLE:
            for others, picks in sorted(table.items()):
                full = list(others[:p]) + [None] + list(others[p:])
                who = " ; ".join(texts[q][k] for q, k in enumerate(full) if q != p)
                out.append(f"      {who}  →  {', '.join(texts[p][k] for k in picks)}")
    out.append(f"profiles: {len(analysis.payoffs):,}; nodes: {analysis.nodes:,} in "
               f"{analysis.seconds:.3f} s")
    return out


# -- a position solved as its seats know it (engine/hidden_position.py) -----------------
def _number(x) -> str:
    """An exact value as a fraction and a decimal; an estimate as a decimal."""
    if isinstance(x, Fraction):
        return exact(x) if x.denominator == 1 else f"{exact(x)} ≈ {float(x):.6f}"
    return f"≈ {float(x):.6f}"


def payoff_words(utility: str | None) -> str:
    """What a seat's value counts, by the game's declared utility."""
    if utility == "win_loss":
        return "the chance of winning, a shared win counting its share"
    return "the expected payoff"


def _knowledge(state, answer) -> str:
    shown = [state.players[p] for p in answer.shown]
    if not shown:
        return "each player sees only their own cards"
    if len(shown) == len(state.players):
        return "every hand known to all, the cards nobody sees dealt by chance"
    return (f"{' and '.join(shown)}'s cards known to all, the others' hidden; "
            "the cards nobody sees dealt by chance")


def hidden_json(game, state, answer, file: str, utility: str | None) -> dict:
    s = answer.solution
    values = {n: (exact(v) if isinstance(v, Fraction) else float(v))
              for n, v in zip(state.players, (s.value_for(0), s.value_for(1)))}
    return {
        "file": file, "cards": "hidden", "shown": [state.players[p] for p in answer.shown],
        "deals": answer.deals, "measure": payoff_words(utility),
        "value": values, "exact": s.exact, "exploitability": exact(Fraction(s.exploitability)),
        "bounds": {"low": exact(s.bounds[0]), "high": exact(s.bounds[1])},
        "method": s.method, "iterations": s.iterations or None,
        "nodes": s.nodes, "sequences": list(s.sequences), "infosets": list(s.infosets),
        "seconds": round(s.seconds, 6),
        "strategies": [{"player": state.players[p.seat], "first": p.first,
                        "after": p.after,
                        "strategy": {t: exact(q) for t, q in p.played()}}
                       for p in answer.lines],
    }


def hidden_lines(game, state, answer, file: str, utility: str | None,
                 every: bool = False) -> list[str]:
    s = answer.solution
    names = state.players
    out = [f"{file}: as the players know it, {_knowledge(state, answer)} "
           f"({answer.deals:,} deals of the cards some player cannot see)"]
    out.append(f"value ({payoff_words(utility)}): "
               + ", ".join(f"{n} {_number(v)}"
                           for n, v in zip(names, (s.value_for(0), s.value_for(1)))))
    for point in answer.lines:
        if not (every or point.first):
            continue
        where = "first decision" if point.first else "decision"
        lines = [" ; ".join(line) for line in point.after if line]
        after = f", after {' | '.join(lines)}" if lines else ""
        out.append(f"{names[point.seat]}, {where}{after}:")
        for text, p in point.played():
            out.append(f"    {text:<32} {float(p):.6f}  {cell(p)}")
    if s.exact:
        out.append("exploitability: 0 (an exact equilibrium)")
    else:
        out.append(f"exploitability: {float(s.exploitability):.3g} (the value lies in "
                   f"[{float(s.bounds[0]):.6f}, {float(s.bounds[1]):.6f}])")
    how = {"exact": "exact simplex", "float": "HiGHS, checked exactly",
           "cfr": f"CFR+, {s.iterations:,} iterations"}.get(s.method, s.method)
    out.append(f"tree: {s.nodes:,} nodes, {s.sequences[0]:,} + {s.sequences[1]:,} sequences, "
               f"{s.infosets[0]:,} + {s.infosets[1]:,} information sets; {how}, "
               f"{s.seconds:.3f} s")
    return out
