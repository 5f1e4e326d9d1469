"""The Lenormand duel's colour sets, held apart for colour-blind players and
in greyscale (``tests/test_colour_sets.py``). Its two houses are told by
their marks, not by colour; what colour does tell: the playing-card insets'
red and black suits, the diagrams' attack and heal rings (the houses' marks
beside them are shapes in one quiet grey), and the back's gold on night blue."""
from __future__ import annotations


def colour_sets(db) -> dict[str, dict[str, tuple[float, float, float]]]:
    from .backs import BACK_RGB, GOLD_RGB
    from .diagram import ATTACK_RGB, HEAL_RGB
    from .suits import SUIT_RGB
    return {"suits": {"red": SUIT_RGB["hearts"], "black": SUIT_RGB["spades"]},
            "diagram": {"attack": ATTACK_RGB, "heal": HEAL_RGB},
            "back": {"field": BACK_RGB, "gold": GOLD_RGB}}
