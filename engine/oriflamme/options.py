"""Named rule options: every point where the rules sources disagree or are silent.

The default of each option is the reading Herald follows (the publisher's
rulebook, 002, unless an issue named another default); the alternatives are
the other readings, each with the source it comes from. The booklet's rulings
table is printed from this list, so every entry carries its sources.
"""
from __future__ import annotations

from dataclasses import dataclass

PUBLISHER = "002"  # the publisher's French rulebook
FAN = "000"        # a fan's transcription with per-card clarifications


@dataclass(frozen=True)
class Reading:
    value: str
    source: str            # which rules text ("002", "000", or "herald")
    section: str           # which section or card of that text
    summary: dict[str, str]  # per locale: what the reading says


@dataclass(frozen=True)
class RuleOption:
    name: str
    title: dict[str, str]
    default: Reading
    alternatives: tuple[Reading, ...]

    @property
    def values(self) -> tuple[str, ...]:
        return (self.default.value,) + tuple(r.value for r in self.alternatives)


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="own_ambush",
        title={"fr": "Votre propre carte élimine votre Embuscade",
               "en": "Your own card eliminates your Ambush"},
        default=Reading(
            "publisher", PUBLISHER, "Capacités, Embuscade (2e exemple)",
            {"fr": "Vous gagnez 2 (1 pour l'élimination, 1 comme si vous l'aviez révélée) ; "
                   "l'attaquant et l'Embuscade sont défaussés.",
             "en": "You gain 2 (1 for the elimination, 1 as if you had revealed it); "
                   "the attacker and the Ambush are both discarded."}),
        alternatives=(Reading(
            "fan", FAN, "IV B, Embuscade, exemple 2",
            {"fr": "Vous gagnez 1 pour l'élimination ; l'Embuscade est éliminée et "
                   "l'attaquant reste dans la File.",
             "en": "You gain 1 for the elimination; the Ambush is eliminated and the "
                   "attacker stays in the queue."}),),
    ),
    RuleOption(
        name="duo_sibling_ambush",
        title={"fr": "À deux : une carte élimine l'Embuscade de votre autre famille",
               "en": "Two players: a card eliminates the Ambush of your other family"},
        default=Reading(
            "variant", PUBLISHER, "Variante à 2 joueurs, exemples",
            {"fr": "Vous gagnez 1 pour l'élimination, pas 4 ; l'attaquant n'est pas "
                   "défaussé, l'Embuscade l'est.",
             "en": "You gain 1 for the elimination, not 4; the attacker is not discarded, "
                   "the Ambush is."}),
        alternatives=(Reading(
            "as_own", PUBLISHER, "Capacités, Embuscade (2e exemple)",
            {"fr": "Traitée comme votre propre Embuscade (voir la règle précédente).",
             "en": "Treated as your own Ambush (see the ruling above)."}),),
    ),
    RuleOption(
        name="royal_decree_onto_card",
        title={"fr": "Décret royal : déplacer une carte sur une autre",
               "en": "Royal Decree: moving a card onto another card"},
        default=Reading(
            "forbidden", FAN, "IV B, Décret Royal",
            {"fr": "La carte déplacée va n'importe où dans la File, sauf sur une autre "
                   "carte : elle ne forme pas de pile.",
             "en": "The moved card goes anywhere in the queue but onto another card: it "
                   "never forms a pile."}),
        alternatives=(Reading(
            "allowed", PUBLISHER, "Capacités, Décret royal (« où vous voulez »)",
            {"fr": "La carte peut aussi être posée sur une autre carte et former une pile.",
             "en": "The card may also be put onto another card, forming a pile."}),),
    ),
    RuleOption(
        name="lord_pile",
        title={"fr": "Seigneur : pile adjacente de votre famille",
               "en": "Lord: adjacent pile of your family"},
        default=Reading(
            "once", FAN, "IV A, Seigneur",
            {"fr": "Une pile adjacente compte une fois, si sa carte du dessus est de "
                   "votre famille.",
             "en": "An adjacent pile counts once, when its top card is of your family."}),
        alternatives=(Reading(
            "each_card", PUBLISHER, "Capacités, Seigneur (« recouverte ou non »)",
            {"fr": "Chaque carte de votre famille dans une pile adjacente compte, "
                   "recouverte ou non.",
             "en": "Every card of your family in an adjacent pile counts, covered or not."}),),
    ),
    RuleOption(
        name="heir_rivals",
        title={"fr": "Héritier : quelles cartes du même nom l'empêchent de gagner",
               "en": "Heir: which cards of the same name stop it scoring"},
        default=Reading(
            "revealed", PUBLISHER, "Capacités, Héritier",
            {"fr": "Seule une autre carte révélée et non recouverte du même nom compte.",
             "en": "Only another revealed, uncovered card of the same name counts."}),
        alternatives=(Reading(
            "present", PUBLISHER, "Capacités, Changeforme (exemple)",
            {"fr": "Toute autre carte non recouverte du même nom présente dans la File "
                   "compte, même face cachée.",
             "en": "Any other uncovered card of the same name in the queue counts, even "
                   "face down."}),),
    ),
    RuleOption(
        name="own_family_target",
        title={"fr": "Archer, Soldat, Assassinat : cibler sa propre famille",
               "en": "Archer, Soldier, Assassination: targeting your own family"},
        default=Reading(
            "free", FAN, "IV A, Archer et Soldat (« par choix ou par contrainte »)",
            {"fr": "Vous pouvez éliminer une carte de votre famille même si une autre "
                   "cible existe.",
             "en": "You may eliminate a card of your own family even when another target "
                   "exists."}),
        alternatives=(Reading(
            "last_resort", PUBLISHER, "Capacités, Archer et Soldat (« si vous n'avez pas "
            "d'autre choix »)",
            {"fr": "Vous ne ciblez une carte de votre famille que si aucune autre cible "
                   "n'existe.",
             "en": "You target a card of your own family only when no other target "
                   "exists."}),),
    ),
)

OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}


@dataclass(frozen=True)
class Options:
    """The rule options in force for one game (hashable, cheap to compare)."""
    own_ambush: str = "publisher"
    duo_sibling_ambush: str = "variant"
    royal_decree_onto_card: str = "forbidden"
    lord_pile: str = "once"
    heir_rivals: str = "revealed"
    own_family_target: str = "free"

    @classmethod
    def from_mapping(cls, values: dict[str, str] | None) -> "Options":
        """Build options from a mapping; raise ValueError naming a bad key or value."""
        values = dict(values or {})
        for name, value in values.items():
            option = OPTIONS_BY_NAME.get(name)
            if option is None:
                raise ValueError(f"unknown rule option {name!r}; known: "
                                 + ", ".join(OPTIONS_BY_NAME))
            if value not in option.values:
                raise ValueError(f"rule option {name!r} cannot be {value!r}; "
                                 f"choose one of: {', '.join(option.values)}")
        return cls(**values)

    def non_default(self) -> dict[str, str]:
        defaults = Options()
        return {o.name: getattr(self, o.name) for o in RULE_OPTIONS
                if getattr(self, o.name) != getattr(defaults, o.name)}


# Every RuleOption is a field of Options and the reverse.
assert {o.name for o in RULE_OPTIONS} == set(Options.__dataclass_fields__)
assert all(getattr(Options(), o.name) == o.default.value for o in RULE_OPTIONS)
