"""A game's worked examples, each loaded and played by the engine once, before
any document is laid out.

The order of work is load → verify once → lay out → render → write: the rules
booklet, the compendium, the web edition and ``herald build``'s verification
report are all given the same :class:`Verified` examples (render/ plays
none), and ``herald build`` hands them to the processes that print each
locale instead of verifying again there. The runner keeps the position after
each decision (``Outcome.after``), so the diagrams and the narration read the
positions rather than replaying the decisions.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

from herald.engine.runner import Outcome

from .booklet_plan import load_plan
from .examples import Example, builtin_examples, game_config, load_example, run
from .paths import display
from .render.booklet import VerifiedExample

# what a document can show of an example: its decisions, its solve, what it expects
SHOWN_KEYS = ("play", "solve", "expect")


@dataclass(frozen=True)
class Verified(Sequence[VerifiedExample]):
    """A game's examples, each verified once. As a sequence, those its
    documents print, in the compendium's order (booklet.yaml's chapters, then
    the others by file name); ``every``: all of them by file name, those no
    document prints included (an erratum, the rulebook's scoring table)."""
    shown: tuple[VerifiedExample, ...]
    every: tuple[VerifiedExample, ...]

    def __len__(self) -> int:
        return len(self.shown)

    @overload
    def __getitem__(self, index: int) -> VerifiedExample: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[VerifiedExample]: ...

    def __getitem__(self, index: int | slice) -> VerifiedExample | Sequence[VerifiedExample]:
        return self.shown[index]

    def results(self) -> list[tuple[Example, Outcome]]:
        """(example, outcome) of every example, by file name."""
        return [(_example(v), _outcome(v)) for v in self.every]

    def find(self, example_id: str) -> VerifiedExample | None:
        """The example of that id (the last file that has it), shown or not."""
        return next((v for v in reversed(self.every) if _example(v).id == example_id), None)


def _example(verified: VerifiedExample) -> Example:
    example = verified.example
    assert isinstance(example, Example)
    return example


def _outcome(verified: VerifiedExample) -> Outcome:
    outcome = verified.outcome
    assert isinstance(outcome, Outcome)
    return outcome


def verify_game(game: str) -> Verified:
    """Load every built-in example of ``game`` and play each once; a failing
    example is in the result (its outcome says why), an unreadable one an
    InputError. The booklet plan's ids are checked against the examples."""
    examples = [load_example(path) for path in builtin_examples(game)]
    # by id, the last file of an id winning, as the documents have always read them
    showable = {ex.id: ex for ex in examples if any(k in ex.spec for k in SHOWN_KEYS)}
    plan = load_plan(game, set(showable))
    config = game_config(game)      # the database read once for every example
    every = tuple(VerifiedExample(ex, run(ex, config)) for ex in examples)
    of = {id(v.example): v for v in every}
    filed = [i for ids in plan.chapters.values() for i in ids]
    order = filed + sorted(set(showable) - set(filed) - plan.omit)
    return Verified(tuple(of[id(showable[i])] for i in order), every)


def verify_examples(game: str, allow_unverified: bool) -> Verified:
    """The examples of ``game`` its documents print, each verified once
    (:func:`verify_game`). A failing one stops the build (the first in the
    compendium's order, with the verifier's message) unless
    ``allow_unverified``."""
    verified = verify_game(game)
    if not allow_unverified:
        for v in verified:
            example, outcome = _example(v), _outcome(v)
            if not outcome.ok:
                raise BuildBlocked(f"{display(example.path)}: example {example.id} does not "
                                   f"verify: {outcome.problems[0]} (--allow-unverified builds "
                                   "anyway, with a warning on the example)")
    return verified


class BuildBlocked(Exception):
    """An example failed verification: the booklet is not built (exit 1)."""
