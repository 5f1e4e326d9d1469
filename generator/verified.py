"""The worked examples a game's documents print, each replayed by the engine
once, before any document is laid out: the rules booklet, the compendium
and the web edition are given the verified examples (render/ runs none)."""
from __future__ import annotations

from .examples import builtin_examples, load_example, run
from .paths import display
from .render.booklet import VerifiedExample
from .render.booklet_plan import load_plan


def verify_examples(game: str, allow_unverified: bool) -> list[VerifiedExample]:
    """Every built-in example with decisions to show that a document prints,
    in the compendium's order (booklet.yaml's chapters, then the others by
    file name), each replayed by the engine. A failing example stops the
    build (with the verifier's message) unless ``allow_unverified``."""
    by_id = {}
    for path in builtin_examples(game):
        example = load_example(path)
        if any(k in example.spec for k in ("play", "solve", "expect")):
            by_id[example.id] = example
    plan = load_plan(game, set(by_id))
    filed = [i for ids in plan.chapters.values() for i in ids]
    ids = filed + sorted(set(by_id) - set(filed) - plan.omit)
    out = []
    for example_id in ids:
        example = by_id[example_id]
        outcome = run(example)
        if not outcome.ok and not allow_unverified:
            raise BuildBlocked(f"{display(example.path)}: example {example.id} does not "
                               f"verify: {outcome.problems[0]} (--allow-unverified builds "
                               "anyway, with a warning on the example)")
        out.append(VerifiedExample(example, outcome))
    return out


class BuildBlocked(Exception):
    """An example failed verification: the booklet is not built (exit 1)."""


class BuiltinExamples:
    """Every built-in example of a game, each replayed once when first asked
    for: what a look's own pages read beyond the examples a document shows
    (Asèt's errata and its scoring table), handed to the layout as data."""

    def __init__(self, game: str):
        self.game = game
        self._outcomes: list[tuple] | None = None

    def outcomes(self) -> list[tuple]:
        """(example, outcome) of every built-in example, in file order."""
        if self._outcomes is None:
            self._outcomes = [(ex, run(ex)) for ex in map(load_example,
                                                          builtin_examples(self.game))]
        return self._outcomes

    def get(self, example_id: str) -> tuple:
        """(example, outcome) of the example ``example_id``."""
        return next((ex, out) for ex, out in self.outcomes() if ex.id == example_id)
