"""Named rule options and written rulings: every point where the rules sources
disagree or are silent.

The default of each option is the reading Herald follows: the publisher's
rulebook (002) wins by default, the fan's transcription (000) is used where
002 is silent; the alternatives are the other readings. Where the sources
leave a point open but one answer only makes sense in play, Herald writes a
ruling instead of an option (``WRITTEN_RULINGS``).

The booklet's rulings table is printed from these lists, so every entry
carries its sources with their line numbers (in ../shared/rules-sources/) and
the reasoning, in player words: no option ids in the printed texts.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rulings import Cite, OptionSet, Reading, RuleOption, Ruling
from .alliance import ALLIANCE_OPTIONS
from .sources import FAN, PUBLISHER

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="own_ambush",
        title={"fr": "Votre propre carte élimine votre Embuscade"},
        default=Reading(
            "publisher", PUBLISHER, "Capacités, Embuscade (2e exemple)",
            {"fr": "Vous gagnez 2 (1 pour l'élimination, 1 comme si vous l'aviez révélée) ; "
                   "l'attaquant et l'Embuscade sont défaussés."},
            lines="366-369"),
        alternatives=(Reading(
            "fan", FAN, "IV B, Embuscade, exemple 2",
            {"fr": "Vous gagnez 1 pour l'élimination ; l'Embuscade est éliminée et "
                   "l'attaquant reste dans la File."},
            lines="193"),),
        reasoning={
            "fr": "La règle de l'éditeur tranche ce cas par un exemple ; la transcription "
                  "d'un joueur dit le contraire. Ces règles suivent l'éditeur."},
    ),
    RuleOption(
        name="duo_sibling_ambush",
        title={"fr": "À deux : une carte élimine l'Embuscade de votre autre famille"},
        default=Reading(
            "variant", PUBLISHER, "Variante à 2 joueurs, exemples",
            {"fr": "Vous gagnez seulement le point habituel de toute élimination : "
                   "l'Embuscade ne rapporte pas 4, l'attaquant n'est pas défaussé, "
                   "l'Embuscade l'est."},
            lines="449-451, 458-459"),
        alternatives=(Reading(
            "as_own", PUBLISHER, "Capacités, Embuscade (2e exemple)",
            {"fr": "Traitée comme votre propre Embuscade : vous gagnez 2 en tout et les "
                   "deux cartes sont défaussées."},
            lines="366-369"),),
        reasoning={
            "fr": "La variante à deux donne ce cas précis en exemple : pas de 4 points, et le "
                  "Soldat n'est pas défaussé. Sa règle générale (vos deux familles sont "
                  "adverses, sauf pour l'Embuscade) pourrait aussi se lire comme votre "
                  "propre Embuscade ; l'exemple tranche."},
    ),
    RuleOption(
        name="royal_decree_onto_card",
        title={"fr": "Décret royal : déplacer une carte sur une autre"},
        default=Reading(
            "forbidden", FAN, "IV B, Décret Royal",
            {"fr": "La carte déplacée va n'importe où dans la File, sauf sur une autre "
                   "carte : elle ne forme pas de pile."},
            lines="178"),
        alternatives=(Reading(
            "allowed", PUBLISHER, "Capacités, Décret royal (« où vous voulez »)",
            {"fr": "« Où vous voulez » compris comme permettant aussi une pile : la carte "
                   "peut se poser sur une carte de sa propre famille, selon les règles des "
                   "piles (jamais deux familles dans une pile)."},
            lines="325-326",
            also=(Cite(PUBLISHER, "Piles de cartes", "264-265"),
                  Cite(PUBLISHER, "Variante à 2 joueurs", "441-442"))),),
        reasoning={
            "fr": "La règle de l'éditeur dit seulement « où vous voulez » et ne parle jamais "
                  "de pile ; la transcription d'un joueur l'interdit en toutes lettres. "
                  "Ces règles gardent par défaut le texte explicite. L'autre lecture est un "
                  "prolongement de « où vous voulez », tenu par les règles des piles."},
    ),
    RuleOption(
        name="lord_pile",
        title={"fr": "Seigneur : pile voisine de votre famille"},
        default=Reading(
            "each_card", PUBLISHER, "Capacités, Seigneur (« recouverte par une autre carte "
            "ou non »)",
            {"fr": "Chaque carte de votre famille dans une pile voisine rapporte 1, "
                   "recouverte ou non."},
            lines="337-341"),
        alternatives=(Reading(
            "once", FAN, "IV A, Seigneur",
            {"fr": "Une pile voisine compte une fois, si sa carte du dessus est de "
                   "votre famille."},
            lines="164"),),
        reasoning={
            "fr": "La règle de l'éditeur le dit en toutes lettres : toute carte voisine de "
                  "votre famille compte, « recouverte par une autre carte ou non ». La "
                  "transcription d'un joueur ne compte que la carte du dessus : c'est "
                  "l'autre lecture."},
    ),
    RuleOption(
        name="heir_rivals",
        title={"fr": "Héritier : quelles cartes du même nom l'empêchent de gagner"},
        default=Reading(
            "revealed", PUBLISHER, "Capacités, Héritier",
            {"fr": "Seule une autre carte révélée et non recouverte du même nom compte."},
            lines="384-387",
            also=(Cite(FAN, "IV A, Héritier", "148-150"),)),
        alternatives=(Reading(
            "present", PUBLISHER, "Capacités, Changeforme (exemple)",
            {"fr": "Toute autre carte non recouverte du même nom présente dans la File "
                   "compte, même face cachée."},
            lines="349-351",
            also=(Cite(FAN, "IV A, Changeforme (exemple)", "157"),)),),
        reasoning={
            "fr": "Le texte de l'Héritier et sa précision, dans les deux sources, parlent "
                  "d'une carte « révélée, et non recouverte ». Seul l'exemple du Changeforme, "
                  "dans les deux sources aussi, dit « présent dans la File », ce qui "
                  "compterait une carte face cachée ; ces règles y lisent un raccourci."},
    ),
    RuleOption(
        name="own_family_target",
        title={"fr": "Archer, Soldat : éliminer une carte de votre famille"},
        default=Reading(
            "last_resort", PUBLISHER, "Capacités, Archer et Soldat (« si vous n'avez pas "
            "d'autre choix »)",
            {"fr": "Vous n'éliminez une carte de votre famille que si aucune autre carte "
                   "ne peut être visée. À deux joueurs, votre autre famille compte comme "
                   "celle d'un adversaire."},
            lines="321-323, 333-335",
            also=(Cite(PUBLISHER, "Variante à 2 joueurs", "449-451"),)),
        alternatives=(Reading(
            "free", FAN, "IV A, Archer et Soldat (« par choix ou par contrainte »)",
            {"fr": "Vous pouvez éliminer une carte de votre famille même si une autre "
                   "cible existe."},
            lines="131, 137"),),
        reasoning={
            "fr": "La règle de l'éditeur ne le permet que « si vous n'avez pas d'autre "
                  "choix » ; la transcription d'un joueur le permet « par choix ou par "
                  "contrainte ». Ces règles suivent l'éditeur. L'Assassinat n'est pas concerné : "
                  "son texte ne pose pas cette limite (il peut même se viser lui-même), et "
                  "l'Espion a sa propre règle."},
    ),
    RuleOption(
        name="spy_self_target",
        title={"fr": "Espion : se voler soi-même"},
        default=Reading(
            "forced", PUBLISHER, "Capacités, Espion (« si vous devez vous voler "
            "vous-même »)",
            {"fr": "L'Espion ne choisit une de vos cartes que si toutes ses voisines sont "
                   "à vous ; il ne vole alors rien. À deux joueurs, cela vaut pour vos deux "
                   "familles : le point viendrait de votre propre réserve."},
            lines="379-380"),
        alternatives=(Reading(
            "free", FAN, "IV A, Espion",
            {"fr": "Vous pouvez choisir une de vos cartes même si une carte adverse est "
                   "voisine de l'Espion : il ne vole alors rien."},
            lines="144"),),
        reasoning={
            "fr": "« Si vous devez vous voler vous-même » décrit une contrainte : une "
                  "capacité révélée est obligatoire, et se choisir soi-même exprès la "
                  "rendrait facultative. Le « se voler soi-même n'a aucun effet » de la "
                  "transcription dit ce qui se passe, pas quand on peut le choisir."},
    ),
    RuleOption(
        name="ambush_spy",
        title={"fr": "Un Espion adverse à côté d'une Embuscade"},
        default=Reading(
            "eliminated", PUBLISHER, "Capacités, Embuscade (texte et exemples)",
            {"fr": "Seule une carte qui élimine l'Embuscade déclenche le piège. Un Espion "
                   "adverse qui vole son propriétaire vole 1 comme d'habitude ; "
                   "l'Embuscade reste en place."},
            lines="353-354, 363-369",
            also=(Cite(FAN, "IV B, Embuscade", "189"),)),
        alternatives=(Reading(
            "targeted", PUBLISHER, "Capacités, Embuscade (précision)",
            {"fr": "Toute carte adverse qui cible l'Embuscade déclenche le piège, un Espion "
                   "aussi : il vole 1, puis il est défaussé ; l'Embuscade et ses points sont "
                   "défaussés et son propriétaire gagne 4."},
            lines="357-360",
            also=(Cite(PUBLISHER, "Capacités, Espion (« la carte ciblée »)", "379"),)),),
        reasoning={
            "fr": "Le texte de l'Embuscade, les deux exemples de l'éditeur et la "
                  "transcription d'un joueur disent tous « éliminée » ; seule la précision "
                  "de l'éditeur dit « ciblée ». Les cartes qui éliminent visent toutes "
                  "d'abord : « ciblée » y dit la même chose autrement. L'Espion ne prend "
                  "rien à la carte elle-même, seulement à son propriétaire."},
    ),
)

WRITTEN_RULINGS: tuple[Ruling, ...] = (
    Ruling(
        name="spy_empty_purse",
        title={"fr": "Espion : un joueur sans Influence"},
        ruling={"fr": "L'Espion peut choisir une carte dont le propriétaire n'a plus de point "
                      "d'Influence : il ne vole rien, et rien d'autre ne se passe."},
        cites=(Cite(PUBLISHER, "Capacités, Espion", "377-382"),
               Cite(FAN, "IV A, Espion", "141-144")),
        reasoning={"fr": "Aucun texte ne dit ce qui arrive quand il n'y a rien à voler : on ne "
                         "prend pas ce qui n'existe pas, et le choix de la voisine reste libre."},
    ),
    Ruling(
        name="tie_after_tiebreak",
        title={"fr": "Égalité après le départage"},
        ruling={"fr": "Les joueurs encore à égalité d'Influence et de cartes de leur famille "
                      "dans la File se partagent la victoire."},
        cites=(Cite(PUBLISHER, "Fin de partie", "315-317"),
               Cite(FAN, "III, Fin de la partie", "117")),
        reasoning={"fr": "Les deux textes s'arrêtent au premier départage et n'en donnent pas "
                         "d'autre ; ces règles déclarent une victoire partagée plutôt que d'en "
                         "inventer un."},
    ),
    Ruling(
        name="shapeshifter_model",
        title={"fr": "Changeforme : quelle carte il copie"},
        ruling={"fr": "Le Changeforme copie une voisine révélée et non recouverte ; c'est "
                      "toujours un Personnage, car une Intrigue est défaussée dès qu'elle a "
                      "agi."},
        cites=(Cite(PUBLISHER, "Capacités, Changeforme (« une carte révélée »)", "343-345"),
               Cite(FAN, "IV A, Changeforme (« un personnage »)", "154-156"),
               Cite(FAN, "IV B, Cartes Intrigue", "168")),
        reasoning={"fr": "L'éditeur écrit « une carte », la transcription d'un joueur « un "
                         "personnage ». En jeu, les deux lectures s'accordent : aucune "
                         "Intrigue ne reste révélée dans la File."},
    ),
    Ruling(
        name="own_covered_card",
        title={"fr": "Viser votre propre carte recouverte"},
        ruling={"fr": "Aucune carte ne peut viser une carte recouverte, pas même une carte "
                      "de son propriétaire : seule la carte du dessus d'une pile peut être "
                      "éliminée, déplacée, volée ou copiée."},
        cites=(Cite(PUBLISHER, "Piles de cartes (« par un autre joueur »)", "268-275"),
               Cite(FAN, "I, Phase de placement, Pile", "59")),
        reasoning={"fr": "La liste de l'éditeur finit par « par un autre joueur », mais la "
                         "même phrase dit qu'une carte recouverte n'est plus prise en compte "
                         "pendant la résolution ; la transcription d'un joueur interdit de la "
                         "cibler, sans exception."},
    ),
    Ruling(
        name="reveal_tokens_first",
        title={"fr": "Points posés sur une carte révélée : avant ou après sa capacité"},
        ruling={"fr": "Vous prenez les points posés sur la carte en la révélant, avant que sa "
                      "capacité n'agisse : un Archer qui s'élimine lui-même aussitôt garde "
                      "ce qu'il a rapporté."},
        cites=(Cite(PUBLISHER, "Phase de résolution", "114-116"),
               Cite(PUBLISHER, "Révéler une carte", "135-136"),
               Cite(FAN, "II, Phase de résolution", "93")),
        reasoning={"fr": "La description de la phase nomme la capacité d'abord, mais le "
                         "paragraphe « Révéler une carte » lie les points à la révélation "
                         "elle-même ; aucun texte ne dit qu'ils se perdent si la carte quitte "
                         "la File par sa propre capacité."},
    ),
)

# The Alliance box's rule options are written beside its reconstructions
# (alliance.py): they join the others here.
RULE_OPTIONS = RULE_OPTIONS + ALLIANCE_OPTIONS
OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}


@dataclass(frozen=True)
class Options(OptionSet):
    """The rule options in force for one game (hashable, cheap to compare)."""
    RULES = RULE_OPTIONS
    own_ambush: str = "publisher"
    duo_sibling_ambush: str = "variant"
    royal_decree_onto_card: str = "forbidden"
    lord_pile: str = "each_card"
    heir_rivals: str = "revealed"
    own_family_target: str = "last_resort"
    spy_self_target: str = "forced"
    ambush_spy: str = "eliminated"
    # the Alliance box (its reconstructions: alliance.py)
    swap_card: str = "informant"
    empress_token: str = "supply"
    diplomat: str = "another"
    magistrate_gain: str = "first_way"
    condemnation_supply: str = "gain_only"
    extortion_count: str = "all"
    insurrection_order: str = "choice"
    duo_opponents: str = "other_family"
    duo_swap_family: str = "in_piles"



Options.check_fields()
