"""Named rule options and documented interpretations of L'Ordre d'Asèt.

The rules source (003, the French rulebook) is the only text; where it is
silent, ambiguous or contradicts itself, Herald follows one reading. A point
where another reading is playable is a *rule option* (``options:`` in an
example file; the default is Herald's reading); a point settled once for all
is an *interpretation*. Both carry the source section and both readings, and
the booklet's rulings table prints them. Same shapes as Oriflamme's options.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rulings import Cite, OptionSet, Reading, RuleOption

RULEBOOK = "003"     # the French rulebook of L'Ordre d'Asèt
HERALD = "herald"    # a reading Herald chose where 003 is silent


def _r(value: str, source: str, section: str, fr: str, lines: str = "",
       also: Iterable[Cite] = ()) -> Reading:
    """A reading: ``section`` names (or quotes, between « ») the passage of 003
    it reads, ``lines`` its lines in the 003 file (tests/test_aset_cites.py
    checks each quote against them). A reading of Herald's own cites 003's
    passage as a further source, so that its lines are 003's."""
    summary = {"fr": fr}
    if source == HERALD and lines:
        return Reading(value, HERALD, "", summary, "",
                       (Cite(RULEBOOK, section, lines),) + tuple(also))
    return Reading(value, source, section, summary, lines, tuple(also))


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "underdog",
        {"fr": "La plus basse de l'Ordre bat la plus haute"},
        _r("last_rank", RULEBOOK, "Ordre de forces des cartes numérotées (exemple)",
           "Si la valeur du dernier rang et celle du premier rang sont jouées, la valeur du "
           "dernier rang remporte le combat.", "51-53"),
        (_r("weakest_played", RULEBOOK, "Ordre de forces des cartes numérotées",
            "Si la valeur du premier rang est jouée, la carte jouée la plus faible dans "
            "l'Ordre remporte le combat.", "51"),)),
    RuleOption(
        "tie_first",
        {"fr": "Égalité : qui choisit en premier"},
        _r("after_meneur", RULEBOOK, "Égalité dans un combat (« le plus proche du "
           "\"Meneur\" dans le sens horaire »)",
           "Le premier à choisir est le joueur à égalité qui suit le Meneur dans le sens "
           "horaire ; le Meneur, s'il est à égalité, choisit en dernier.", "135"),
        (_r("meneur", HERALD, "Égalité dans un combat (« le plus proche du \"Meneur\" dans "
            "le sens horaire »)",
            "Le Meneur, s'il est à égalité, choisit le premier (nul n'est plus proche du "
            "Meneur que lui-même), puis les autres dans le sens horaire.", "135"),),
        {"fr": "Être « le plus proche du Meneur », c'est être à côté de lui : le texte "
               "désigne un autre joueur que le Meneur et ne lui donne aucune priorité."}),
    RuleOption(
        "share_order",
        {"fr": "Égalité : partage des cartes"},
        _r("whole_share", RULEBOOK, "Égalité dans un combat (« font de même »)",
           "Chaque joueur à égalité prend toute sa part, l'un après l'autre.", "135"),
        (_r("one_at_a_time", HERALD, "Égalité dans un combat (« font de même »)",
            "Les joueurs à égalité prennent une carte chacun à tour de rôle.", "135"),)),
    RuleOption(
        "combinations",
        {"fr": "Combinaisons : plusieurs dans un trésor"},
        _r("pairs", RULEBOOK, "Fin de partie (« perdez 2 points par combinaison »)",
           "Chaque paire distincte compte : deux Assassins et deux Commandeurs font deux "
           "combinaisons, quatre Esprits deux paires d'Âmes.", "149",
           (Cite(RULEBOOK, "Exemple du décompte des points", "159-164"),)),
        (_r("once", HERALD, "Fin de partie (« perdez 2 points par combinaison »)",
            "Chaque sorte de combinaison compte au plus une fois par trésor.", "149"),),
        {"fr": "Le tableau d'exemple du livret ne tombe sur ses totaux qu'en comptant deux "
               "paires Assassin-Commandeur pour −4."}),
    RuleOption(
        "appel_side",
        {"fr": "L'appel : de quel côté va la valeur"},
        _r("inside", HERALD, "L'appel (« au-dessus ou en dessous du (2) ou du (4) selon le "
           "cas »)",
           "La valeur du 4e rang se place juste sous un 2 ou un 4 au premier rang, juste "
           "au-dessus d'un 2 ou d'un 4 au dernier rang.", "188"),
        (_r("outside", HERALD, "L'appel (« au-dessus ou en dessous du (2) ou du (4) selon "
            "le cas »)",
            "La valeur du 4e rang passe au-dessus d'un 2 ou d'un 4 au premier rang (elle "
            "devient première), en dessous au dernier rang.", "188"),)),
    RuleOption(
        "decree_deck",
        {"fr": "Les décrets de la pile"},
        _r("herald", HERALD, "Matériel (« 25 petites cartes décrets »)",
           "Les 25 décrets sont les six décrets du livret dont l'effet est connu et dix-neuf "
           "décrets Herald, écrits avec les mêmes mouvements de l'Ordre ; les décrets dont "
           "le livret ne donne pas le texte restent hors de la pile.", "15"),
        (_r("box", RULEBOOK, "Matériel (« 25 petites cartes décrets »)",
            "Les 25 décrets de la boîte ; ceux dont le livret ne donne pas le texte se "
            "jouent sans effet tant que leur propriétaire ne l'a pas écrit sur la carte.", "15"),),
        {"fr": "Le livret nomme neuf décrets sur vingt-cinq et ne donne l'effet que de six : "
               "sans la boîte, la pile serait presque muette."}),
)

OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}

# Points settled once for all: the reading chosen and the other one.
INTERPRETATIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "card_values",
        {"fr": "Valeur de chaque carte"},
        _r("listed_order", HERALD, "Composition des familles",
           "Dans l'ordre de la liste : Assassin 1, Idole 2, Archer 3, Esprit 4, Semi-homme "
           "5, Sorcière 6, Commandeur 7 ; les « Âmes » sont les Esprits.", "83-91"),
        (_r("unstated", RULEBOOK, "Composition des familles",
            "Le livret ne donne la valeur d'aucun nom.", "83-91"),)),
    RuleOption(
        "meneur_passes_right",
        {"fr": "Le Meneur passe à droite"},
        _r("counter_clockwise", RULEBOOK, "Déroulement d'un tour de jeu (« à la droite du "
           "dernier Meneur »)",
           "Les joueurs sont listés dans le sens horaire ; « à droite » est le joueur "
           "précédent : le rôle tourne dans le sens antihoraire, alors que les égalités "
           "se partagent dans le sens horaire.", "109"),
        (_r("clockwise", HERALD, "Égalité dans un combat (« le plus proche du \"Meneur\" "
            "dans le sens horaire »)",
            "Le rôle tourne dans le sens horaire, comme les égalités.", "135"),)),
    RuleOption(
        "renfort",
        {"fr": "Quand jouer son Renfort"},
        _r("any_time", RULEBOOK, "Cartes exclues en début de partie (« quand vous "
           "voulez »)",
           "Après la révélation, chacun peut retourner son Renfort quand il le veut, même "
           "après avoir attendu : on le propose à tour de rôle à partir du Meneur à chaque "
           "joueur dont le Renfort annulerait une carte, et après chaque Renfort retourné, "
           "de nouveau à tous les autres, jusqu'à ce que tous passent. Les cartes annulées "
           "restent dans la zone de combat et vont au vainqueur ; le Renfort va dans la "
           "Prison une fois le combat remporté. Sans carte restante, le combat est nul.", "61-63",
           (Cite(RULEBOOK, "Déroulement d'un combat", "127"),)),
        (_r("once_each", HERALD, "Cartes exclues en début de partie (« quand vous "
            "voulez »)",
            "Chacun décide une seule fois, dans l'ordre à partir du Meneur : qui a passé ne "
            "peut plus répondre à un Renfort retourné après lui.", "61-63"),)),
    RuleOption(
        "discardable_decrees",
        {"fr": "Décrets défaussables"},
        _r("never_enter", RULEBOOK, "Égalité de fin de partie (dernier paragraphe)",
           "Un décret défaussable n'entre pas au Conseil : il ne recouvre aucun décret et "
           "n'active aucun effet 2 ; il est défaussé (le Favori du conseil reste devant le "
           "Meneur qui l'a tiré).", "245"),
        (_r("cover_silently", HERALD, "Exécution d'un décret",
            "Il recouvre un décret sans en activer l'effet 2.", "178"),)),
    RuleOption(
        "single_text_decrees",
        {"fr": "Décrets à un seul texte"},
        _r("effect1", HERALD, "Élévation par les paires, Répulsion mystique, L'appel",
           "Le seul texte donné est l'effet 1 ; l'effet 2, absent du livret, n'a pas "
           "d'effet. Élévation par les paires : « ces valeurs » sont 2, 4 et 6. Quand les "
           "deux bouts de l'Ordre remplissent la condition, le premier rang est traité "
           "avant le dernier.",
           "184-188"),
        (_r("unknown", RULEBOOK, "Élévation par les paires, Répulsion mystique, L'appel",
            "Le livret ne dit pas de quel effet il s'agit.", "184-188"),)),
    RuleOption(
        "palindrome_depth",
        {"fr": "Palindrome : où le remettre"},
        _r("under_one", RULEBOOK, "Palindrome (« tirez-en un nouveau »)",
           "Le Meneur le remet où il veut sous au moins un décret de la pioche, pour que le "
           "décret tiré ensuite soit un nouveau. Seul dans la pioche, il ne peut y "
           "retourner : il entre au Conseil comme un autre décret.", "257"),
        (_r("anywhere", RULEBOOK, "Palindrome (« à la position de votre choix »)",
            "N'importe où, même sur le dessus : il serait aussitôt tiré de nouveau.", "257"),),
        {"fr": "Le livret ne dit pas que faire quand la pioche ne garde rien d'autre : le "
               "décret est alors traité comme les autres."}),
    RuleOption(
        "missing_decrees",
        {"fr": "Décrets sans texte"},
        _r("no_effect", RULEBOOK, "Matériel (« 25 petites cartes décrets »)",
           "Le livret ne décrit que neuf décrets sur 25. Avec les décrets de la boîte, les "
           "autres se jouent sans effet tant que leur texte n'est pas écrit sur la carte.",
           "15"),
        (_r("left_out", HERALD, "Matériel (« 25 petites cartes décrets »)",
            "Les retirer de la pioche.", "15"),)),
    RuleOption(
        "council_favourite",
        {"fr": "Favori du conseil"},
        _r("table_talk", RULEBOOK, "Quelques cas particuliers, Favori du conseil",
           "Règle de table (« Mon Seigneur ») : imprimée, non simulée. Un Meneur qui tire "
           "un exemplaire du Favori alors qu'il en tient déjà un défausse le nouveau et "
           "tire un autre décret.", "251-253"),
        (_r("simulated", HERALD, "Quelques cas particuliers, Favori du conseil",
            "Simuler la pénalité.", "251-253"),)),
    RuleOption(
        "reserve",
        {"fr": "Choix du Renfort"},
        _r("simultaneous", RULEBOOK, "Mise en place",
           "Chaque joueur choisit son Renfort face cachée, tous en même temps.", "21"),
        (_r("in_turn", HERALD, "Mise en place", "Chacun son tour.", "21"),)),
    RuleOption(
        "blessing",
        {"fr": "Bénédiction du créateur"},
        _r("won_no_card", RULEBOOK, "Bénédiction du créateur (« sans gagner aucune "
           "carte »)",
           "Un aspirant qui n'a gagné aucune carte (son Renfort inutilisé a pu rejoindre "
           "son trésor) est avant-dernier d'office : il n'a aucun titre, que les autres "
           "se disputent. S'ils sont plusieurs dans ce cas, la bénédiction ne s'applique "
           "pas. En duel non plus : le vainqueur a le plus de cartes, le Petit Caporal le "
           "moins.", "170-172",
           (Cite(RULEBOOK, "Cartes exclues en début de partie", "65"),
            Cite(RULEBOOK, "Variante Duel", "192"))),
        (_r("empty_treasure", RULEBOOK, "Bénédiction du créateur (« sans aucune carte dans "
            "leur trésor »)",
            "Seul un trésor vide compte : un Renfort gardé jusqu'à la fin prive de la "
            "bénédiction.", "172"),),
        {"fr": "Avant-dernier de deux, ce serait premier : le duel donne la victoire au plus "
               "de cartes."}),
    RuleOption(
        "final_ties",
        {"fr": "Égalités de fin de partie"},
        _r("reported", RULEBOOK, "Égalité de fin de partie",
           "Le tirage dans les trésors se fait à la table : les exemples annoncent "
           "l'égalité. À deux, le score est le nombre de cartes du trésor.",
           "235-241"),
        (_r("drawn", HERALD, "Égalité de fin de partie",
            "Simuler le tirage.", "235-241"),)),
    RuleOption(
        "scoring_table",
        {"fr": "Le tableau d'exemple du décompte"},
        _r("malus_without_solos", RULEBOOK, "Exemple du décompte des points",
           "La ligne « Malus » ne compte pas les paires Assassin-Commandeur, que le total "
           "retranche aussi : une paire pour Arthur (3 cartes d'une sorte, 1 de l'autre), "
           "deux pour chacun des autres (2 et 2). Les totaux imprimés, 9, 12, 15 et 12, "
           "suivent alors le barème.", "159-164",
           (Cite(RULEBOOK, "Fin de partie", "145-149"),)),
        (_r("misprint", HERALD, "Exemple du décompte des points",
            "La ligne « Malus » est complète et les totaux sont faux : le barème "
            "donnerait 11, 16, 19 et 16.", "159-164"),),
        {"fr": "Les écarts (2, 4, 4, 4) sont exactement le coût des paires que quatre "
               "Assassins et Commandeurs forment ; une erreur de calcul ne tomberait pas "
               "quatre fois ainsi."}),
)


@dataclass(frozen=True)
class Options(OptionSet):
    """The rule options in force for one game (hashable, cheap to compare)."""
    RULES = RULE_OPTIONS
    underdog: str = "last_rank"
    tie_first: str = "after_meneur"
    share_order: str = "whole_share"
    combinations: str = "pairs"
    appel_side: str = "inside"
    decree_deck: str = "herald"



Options.check_fields()
