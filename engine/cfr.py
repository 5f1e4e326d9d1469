"""Counterfactual regret minimisation (CFR+) for games too large for the
sequence form's linear program (engine/sequence_form.py).

CFR+ (Tammelin 2014; Bowling, Burch, Johanson and Tammelin, "Heads-up limit
hold'em poker is solved", 2015): at every information set a seat keeps a
regret per action, floored at 0, and plays in proportion to them; the seats
update in turn, and the strategy returned is the average of the strategies
played, iteration t weighing t. Its exploitability falls roughly as 1/T.

It runs on the same sequence form as the linear program: a seat's
counterfactual value of each of its sequences is the payoff matrix times the
other seat's realization plan (chance is already in the matrix), summed up the
seat's information sets from the leaves, so one iteration costs two passes
over the matrix's entries and the information sets, in floating point. What it
returns is certified as every solution is: the exact best replies in
Fractions to the average strategies give the interval the value lies in and
their exploitability (sequence_form.certify).
"""
from __future__ import annotations

import time

from .sequence_form import HiddenSolution, SequenceForm, certify, rational_behaviour

# Iterations when neither ``iterations`` nor ``time_limit`` is given.
DEFAULT_ITERATIONS = 1000


def cfr_solve(form: SequenceForm, *, iterations: int | None = None,
               time_limit: float | None = None, started: float | None = None) -> HiddenSolution:
    """CFR+ on ``form`` for ``iterations`` (or until ``time_limit`` seconds
    after ``started``, whichever comes first), and the certified answer."""
    began = time.perf_counter() if started is None else started
    if iterations is None and time_limit is None:
        iterations = DEFAULT_ITERATIONS
    deadline = None if time_limit is None else began + time_limit
    run = _CFRPlus(form)
    done = 0
    while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0):
        done += 1
        run.iterate(done)
    behaviours = [rational_behaviour(form.seats[seat], run.average[seat]) for seat in (0, 1)]
    return certify(form, behaviours, "cfr", began, iterations=done)


class _CFRPlus:
    def __init__(self, form: SequenceForm):
        self.form = form
        self.entries = [(s0, s1, float(v)) for (s0, s1), v in form.payoff.items()]
        self.current = [[[1.0 / len(info.actions)] * len(info.actions)
                         for info in plex.infosets] for plex in form.seats]
        self.regrets = [[[0.0] * len(info.actions) for info in plex.infosets]
                        for plex in form.seats]
        self.average = [[0.0] * plex.sequences for plex in form.seats]

    def iterate(self, t: int) -> None:
        for seat in (0, 1):
            self.update(seat)
            plan = self.form.seats[seat].plan(self.current[seat])
            acc = self.average[seat]
            for k, p in enumerate(plan):
                acc[k] += t * p

    def update(self, seat: int) -> None:
        """One regret update of ``seat`` against the other's current strategy."""
        plex = self.form.seats[seat]
        other = self.form.seats[1 - seat].plan(self.current[1 - seat])
        gain = [0.0] * plex.sequences
        if seat == 0:
            for s0, s1, v in self.entries:
                gain[s0] += v * other[s1]
        else:                                   # seat 1 maximizes minus seat 0's payoff
            for s0, s1, v in self.entries:
                gain[s1] -= v * other[s0]
        value = [0.0] * len(plex.infosets)
        children = plex.children
        for number in range(len(plex.infosets) - 1, -1, -1):    # children first
            info = plex.infosets[number]
            sigma = self.current[seat][number]
            utils = []
            for k in range(len(info.actions)):
                u = gain[info.first + k]
                for c in children[info.first + k]:
                    u += value[c]
                utils.append(u)
            v = sum(p * u for p, u in zip(sigma, utils))
            value[number] = v
            regret = self.regrets[seat][number]
            for k, u in enumerate(utils):
                r = regret[k] + u - v
                regret[k] = r if r > 0 else 0.0
            total = sum(regret)
            n = len(regret)
            self.current[seat][number] = [r / total for r in regret] if total > 0 \
                else [1.0 / n] * n
