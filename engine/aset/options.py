"""Named rule options and documented interpretations of L'Ordre d'Asèt.

The rules source (003, the French rulebook) is the only text; where it is
silent, ambiguous or contradicts itself, Herald follows one reading. A point
where another reading is playable is a *rule option* (``options:`` in an
example file; the default is Herald's reading); a point settled once for all
is an *interpretation*. Both carry the source section and both readings, and
the booklet's rulings table prints them. Same shapes as Oriflamme's options.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rulings import Cite, OptionSet, Reading, RuleOption

RULEBOOK = "003"     # the French rulebook of L'Ordre d'Asèt
HERALD = "herald"    # a reading Herald chose where 003 is silent


def _r(value, source, section, fr, en, lines="", also=()):
    """A reading: ``section`` names (or quotes, between « ») the passage of 003
    it reads, ``lines`` its lines in the 003 file (tests/test_aset_cites.py
    checks each quote against them). A reading of Herald's own cites 003's
    passage as a further source, so that its lines are 003's."""
    summary = {"fr": fr, "en": en}
    if source == HERALD and lines:
        return Reading(value, HERALD, "", summary, "",
                       (Cite(RULEBOOK, section, lines),) + tuple(also))
    return Reading(value, source, section, summary, lines, tuple(also))


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "underdog",
        {"fr": "La plus basse de l'Ordre bat la plus haute",
         "en": "The lowest of the Order beats the highest"},
        _r("last_rank", RULEBOOK, "Ordre de forces des cartes numérotées (exemple)",
           "Si la valeur du dernier rang et celle du premier rang sont jouées, la valeur du "
           "dernier rang remporte le combat.",
           "When the value on the last rank and the value on the first rank are both "
           "played, the last rank's value wins the combat.", "51-53"),
        (_r("weakest_played", RULEBOOK, "Ordre de forces des cartes numérotées",
            "Si la valeur du premier rang est jouée, la carte jouée la plus faible dans "
            "l'Ordre remporte le combat.",
            "When the value on the first rank is played, the weakest card played wins "
            "the combat.", "51"),)),
    RuleOption(
        "tie_first",
        {"fr": "Égalité : qui choisit en premier", "en": "Tie: who chooses first"},
        _r("after_meneur", RULEBOOK, "Égalité dans un combat (« le plus proche du "
           "\"Meneur\" dans le sens horaire »)",
           "Le premier à choisir est le joueur à égalité qui suit le Meneur dans le sens "
           "horaire ; le Meneur, s'il est à égalité, choisit en dernier.",
           "The first to choose is the tied player after the Meneur clockwise; the Meneur, "
           "when tied, chooses last.", "135"),
        (_r("meneur", HERALD, "Égalité dans un combat (« le plus proche du \"Meneur\" dans "
            "le sens horaire »)",
            "Le Meneur, s'il est à égalité, choisit le premier (nul n'est plus proche du "
            "Meneur que lui-même), puis les autres dans le sens horaire.",
            "The Meneur, when tied, chooses first (nobody is nearer the Meneur than the "
            "Meneur), then the others clockwise.", "135"),),
        {"fr": "Être « le plus proche du Meneur », c'est être à côté de lui : le texte "
               "désigne un autre joueur que le Meneur et ne lui donne aucune priorité.",
         "en": "Being \"nearest the Meneur\" means sitting next to the Meneur: the text "
               "names another player and gives the Meneur no priority."}),
    RuleOption(
        "share_order",
        {"fr": "Égalité : partage des cartes", "en": "Tie: sharing the cards"},
        _r("whole_share", RULEBOOK, "Égalité dans un combat (« font de même »)",
           "Chaque joueur à égalité prend toute sa part, l'un après l'autre.",
           "Each tied player takes their whole share, one after the other.", "135"),
        (_r("one_at_a_time", HERALD, "Égalité dans un combat (« font de même »)",
            "Les joueurs à égalité prennent une carte chacun à tour de rôle.",
            "The tied players take one card each in turn.", "135"),)),
    RuleOption(
        "combinations",
        {"fr": "Combinaisons : plusieurs dans un trésor",
         "en": "Combinations: several in one treasure"},
        _r("pairs", RULEBOOK, "Fin de partie (« perdez 2 points par combinaison »)",
           "Chaque paire distincte compte : deux Assassins et deux Commandeurs font deux "
           "combinaisons, quatre Esprits deux paires d'Âmes.",
           "Every separate pair counts: two Assassins and two Commandeurs make two "
           "combinations, four Spirits two pairs.", "149",
           (Cite(RULEBOOK, "Exemple du décompte des points", "159-164"),)),
        (_r("once", HERALD, "Fin de partie (« perdez 2 points par combinaison »)",
            "Chaque sorte de combinaison compte au plus une fois par trésor.",
            "Each kind of combination counts at most once per treasure.", "149"),),
        {"fr": "Le tableau d'exemple du livret ne tombe sur ses totaux qu'en comptant deux "
               "paires Assassin-Commandeur pour −4.",
         "en": "The rulebook's example table reaches its totals only by counting two "
               "Assassin-Commander pairs as −4."}),
    RuleOption(
        "appel_side",
        {"fr": "L'appel : de quel côté va la valeur",
         "en": "The Call: on which side the value goes"},
        _r("inside", HERALD, "L'appel (« au-dessus ou en dessous du (2) ou du (4) selon le "
           "cas »)",
           "La valeur du 4e rang se place juste sous un 2 ou un 4 au premier rang, juste "
           "au-dessus d'un 2 ou d'un 4 au dernier rang.",
           "The value on rank 4 goes just below a 2 or 4 on the first rank, just above a "
           "2 or 4 on the last rank.", "188"),
        (_r("outside", HERALD, "L'appel (« au-dessus ou en dessous du (2) ou du (4) selon "
            "le cas »)",
            "La valeur du 4e rang passe au-dessus d'un 2 ou d'un 4 au premier rang (elle "
            "devient première), en dessous au dernier rang.",
            "The value on rank 4 goes above a 2 or 4 on the first rank (becoming first), "
            "below one on the last rank.", "188"),)),
    RuleOption(
        "decree_deck",
        {"fr": "Les décrets de la pile", "en": "The decrees in the pile"},
        _r("herald", HERALD, "Matériel (« 25 petites cartes décrets »)",
           "Les 25 décrets sont les six décrets du livret dont l'effet est connu et dix-neuf "
           "décrets Herald, écrits avec les mêmes mouvements de l'Ordre ; les décrets dont "
           "le livret ne donne pas le texte restent hors de la pile.",
           "The 25 decrees are the rulebook's six decrees whose effect is known and nineteen "
           "Herald decrees, written with the same moves of the Order; the decrees whose "
           "text the rulebook does not give stay out of the pile.", "15"),
        (_r("box", RULEBOOK, "Matériel (« 25 petites cartes décrets »)",
            "Les 25 décrets de la boîte ; ceux dont le livret ne donne pas le texte se "
            "jouent sans effet tant que leur propriétaire ne l'a pas écrit sur la carte.",
            "The box's 25 decrees; those whose text the rulebook does not give play with "
            "no effect until their owner writes it on the card.", "15"),),
        {"fr": "Le livret nomme neuf décrets sur vingt-cinq et ne donne l'effet que de six : "
               "sans la boîte, la pile serait presque muette.",
         "en": "The rulebook names nine decrees of twenty-five and gives the effect of only "
               "six: without the box, the pile would be almost silent."}),
)

OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}

# Points settled once for all: the reading chosen and the other one.
INTERPRETATIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "card_values",
        {"fr": "Valeur de chaque carte", "en": "The value of each card"},
        _r("listed_order", HERALD, "Composition des familles",
           "Dans l'ordre de la liste : Assassin 1, Idole 2, Archer 3, Esprit 4, Semi-homme "
           "5, Sorcière 6, Commandeur 7 ; les « Âmes » sont les Esprits.",
           "In the listed order: Assassin 1, Idol 2, Archer 3, Spirit 4, Halfling 5, "
           "Witch 6, Commander 7; the \"Souls\" are the Spirits.", "83-91"),
        (_r("unstated", RULEBOOK, "Composition des familles",
            "Le livret ne donne la valeur d'aucun nom.",
            "The rulebook gives no name its value.", "83-91"),)),
    RuleOption(
        "meneur_passes_right",
        {"fr": "Le Meneur passe à droite", "en": "The Meneur passes to the right"},
        _r("counter_clockwise", RULEBOOK, "Déroulement d'un tour de jeu (« à la droite du "
           "dernier Meneur »)",
           "Les joueurs sont listés dans le sens horaire ; « à droite » est le joueur "
           "précédent : le rôle tourne dans le sens antihoraire, alors que les égalités "
           "se partagent dans le sens horaire.",
           "Players are listed clockwise; \"to the right\" is the previous player: the "
           "role turns counter-clockwise, while ties are shared clockwise.", "109"),
        (_r("clockwise", HERALD, "Égalité dans un combat (« le plus proche du \"Meneur\" "
            "dans le sens horaire »)",
            "Le rôle tourne dans le sens horaire, comme les égalités.",
            "The role turns clockwise, like ties.", "135"),)),
    RuleOption(
        "renfort",
        {"fr": "Quand jouer son Renfort", "en": "When to play your Renfort"},
        _r("any_time", RULEBOOK, "Cartes exclues en début de partie (« quand vous "
           "voulez »)",
           "Après la révélation, chacun peut retourner son Renfort quand il le veut, même "
           "après avoir attendu : on le propose à tour de rôle à partir du Meneur à chaque "
           "joueur dont le Renfort annulerait une carte, et après chaque Renfort retourné, "
           "de nouveau à tous les autres, jusqu'à ce que tous passent. Les cartes annulées "
           "restent dans la zone de combat et vont au vainqueur ; le Renfort va dans la "
           "Prison une fois le combat remporté. Sans carte restante, le combat est nul.",
           "After the reveal, anyone may turn up their Renfort whenever they like, even "
           "after waiting: it is offered in turn from the Meneur to each player whose "
           "Renfort would cancel a card, and after each Renfort turned up, again to all "
           "the others, until everyone passes. Cancelled cards stay in the combat and go "
           "to the winner; the Renfort goes to the Prison once the combat is won. With no "
           "card left, the combat is null.", "61-63",
           (Cite(RULEBOOK, "Déroulement d'un combat", "127"),)),
        (_r("once_each", HERALD, "Cartes exclues en début de partie (« quand vous "
            "voulez »)",
            "Chacun décide une seule fois, dans l'ordre à partir du Meneur : qui a passé ne "
            "peut plus répondre à un Renfort retourné après lui.",
            "Each decides once, in turn from the Meneur: whoever passed cannot answer a "
            "Renfort turned up after them.", "61-63"),)),
    RuleOption(
        "discardable_decrees",
        {"fr": "Décrets défaussables", "en": "Discardable decrees"},
        _r("never_enter", RULEBOOK, "Égalité de fin de partie (dernier paragraphe)",
           "Un décret défaussable n'entre pas au Conseil : il ne recouvre aucun décret et "
           "n'active aucun effet 2 ; il est défaussé (le Favori du conseil reste devant le "
           "Meneur qui l'a tiré).",
           "A discardable decree does not enter the Council: it covers no decree and "
           "triggers no Effect 2; it is discarded (the Council's Favourite stays in front "
           "of the Meneur who drew it).", "245"),
        (_r("cover_silently", HERALD, "Exécution d'un décret",
            "Il recouvre un décret sans en activer l'effet 2.",
            "It covers a decree without triggering its Effect 2.", "178"),)),
    RuleOption(
        "single_text_decrees",
        {"fr": "Décrets à un seul texte", "en": "Decrees with a single text"},
        _r("effect1", HERALD, "Élévation par les paires, Répulsion mystique, L'appel",
           "Le seul texte donné est l'effet 1 ; l'effet 2, absent du livret, n'a pas "
           "d'effet. Élévation par les paires : « ces valeurs » sont 2, 4 et 6. Quand les "
           "deux bouts de l'Ordre remplissent la condition, le premier rang est traité "
           "avant le dernier.",
           "The only text given is Effect 1; Effect 2, missing from the rulebook, does "
           "nothing. Rise of the Pairs: \"these values\" are 2, 4 and 6. When both ends of "
           "the Order meet the condition, the first rank is handled before the last.",
           "184-188"),
        (_r("unknown", RULEBOOK, "Élévation par les paires, Répulsion mystique, L'appel",
            "Le livret ne dit pas de quel effet il s'agit.",
            "The rulebook does not say which effect it is.", "184-188"),)),
    RuleOption(
        "palindrome_depth",
        {"fr": "Palindrome : où le remettre", "en": "Palindrome: where to put it back"},
        _r("under_one", RULEBOOK, "Palindrome (« tirez-en un nouveau »)",
           "Le Meneur le remet où il veut sous au moins un décret de la pioche, pour que le "
           "décret tiré ensuite soit un nouveau. Seul dans la pioche, il ne peut y "
           "retourner : il entre au Conseil comme un autre décret.",
           "The Meneur puts it back anywhere under at least one decree of the pile, so "
           "that the decree drawn next is a new one. Alone in the pile, it cannot go back: "
           "it enters the Council like any other decree.", "257"),
        (_r("anywhere", RULEBOOK, "Palindrome (« à la position de votre choix »)",
            "N'importe où, même sur le dessus : il serait aussitôt tiré de nouveau.",
            "Anywhere, even on top: it would be drawn again at once.", "257"),),
        {"fr": "Le livret ne dit pas que faire quand la pioche ne garde rien d'autre : le "
               "décret est alors traité comme les autres.",
         "en": "The rulebook does not say what to do when the pile holds nothing else: the "
               "decree is then treated like the others."}),
    RuleOption(
        "missing_decrees",
        {"fr": "Décrets sans texte", "en": "Decrees without text"},
        _r("no_effect", RULEBOOK, "Matériel (« 25 petites cartes décrets »)",
           "Le livret ne décrit que neuf décrets sur 25 ; les autres sont dans la pioche "
           "sans effet jusqu'à ce que leur texte soit ajouté au fichier de données.",
           "The rulebook describes nine decrees of 25; the others are in the pile with no "
           "effect until their text is added to the data file.", "15"),
        (_r("left_out", HERALD, "Matériel (« 25 petites cartes décrets »)",
            "Les retirer de la pioche.", "Leave them out of the pile.", "15"),)),
    RuleOption(
        "council_favourite",
        {"fr": "Favori du conseil", "en": "The Council's Favourite"},
        _r("table_talk", RULEBOOK, "Quelques cas particuliers, Favori du conseil",
           "Règle de table (« Mon Seigneur ») : imprimée, non simulée. Un Meneur qui tire "
           "un exemplaire du Favori alors qu'il en tient déjà un défausse le nouveau et "
           "tire un autre décret.",
           "A table-talk rule (\"My Lord\"): printed, not simulated. A Meneur who draws a "
           "copy of the Favourite while already holding one discards the new copy and "
           "draws another decree.", "251-253"),
        (_r("simulated", HERALD, "Quelques cas particuliers, Favori du conseil",
            "Simuler la pénalité.", "Simulate the penalty.", "251-253"),)),
    RuleOption(
        "reserve",
        {"fr": "Choix du Renfort", "en": "Choosing the Renfort"},
        _r("simultaneous", RULEBOOK, "Mise en place",
           "Chaque joueur choisit son Renfort face cachée, tous en même temps.",
           "Each player chooses their Renfort face down, all at the same time.", "21"),
        (_r("in_turn", HERALD, "Mise en place", "Chacun son tour.", "In turn.", "21"),)),
    RuleOption(
        "blessing",
        {"fr": "Bénédiction du créateur", "en": "The Creator's Blessing"},
        _r("won_no_card", RULEBOOK, "Bénédiction du créateur (« sans gagner aucune "
           "carte »)",
           "Un aspirant qui n'a gagné aucune carte (son Renfort inutilisé a pu rejoindre "
           "son trésor) est avant-dernier d'office : il n'a aucun titre, que les autres "
           "se disputent. S'ils sont plusieurs dans ce cas, la bénédiction ne s'applique "
           "pas. En duel non plus : le vainqueur a le plus de cartes, le Petit Caporal le "
           "moins.",
           "An aspirant who won no card (their unused Renfort may have joined their "
           "treasure) is second to last by right: they take no title, which the others "
           "contest. If several are in that case, the Blessing does not apply. Nor in the "
           "duel: the winner has the most cards, the Little Corporal the fewest.", "170-172",
           (Cite(RULEBOOK, "Cartes exclues en début de partie", "65"),
            Cite(RULEBOOK, "Variante Duel", "192"))),
        (_r("empty_treasure", RULEBOOK, "Bénédiction du créateur (« sans aucune carte dans "
            "leur trésor »)",
            "Seul un trésor vide compte : un Renfort gardé jusqu'à la fin prive de la "
            "bénédiction.",
            "Only an empty treasure counts: a Renfort kept to the end forfeits the "
            "Blessing.", "172"),),
        {"fr": "Avant-dernier de deux, ce serait premier : le duel donne la victoire au plus "
               "de cartes.",
         "en": "Second to last of two would be first: the duel gives the win to the most "
               "cards."}),
    RuleOption(
        "final_ties",
        {"fr": "Égalités de fin de partie", "en": "Ties at the end"},
        _r("reported", RULEBOOK, "Égalité de fin de partie",
           "Le tirage dans les trésors se fait à la table : les exemples annoncent "
           "l'égalité. À deux, le score est le nombre de cartes du trésor.",
           "The draw from the treasures happens at the table: the examples report the "
           "tie. With two players, the score is the number of cards in the treasure.",
           "235-241"),
        (_r("drawn", HERALD, "Égalité de fin de partie",
            "Simuler le tirage.", "Simulate the draw.", "235-241"),)),
    RuleOption(
        "scoring_table",
        {"fr": "Le tableau d'exemple du décompte", "en": "The scoring example table"},
        _r("malus_without_solos", RULEBOOK, "Exemple du décompte des points",
           "La ligne « Malus » ne compte pas les paires Assassin-Commandeur, que le total "
           "retranche aussi : une paire pour Arthur (3 cartes d'une sorte, 1 de l'autre), "
           "deux pour chacun des autres (2 et 2). Les totaux imprimés, 9, 12, 15 et 12, "
           "suivent alors le barème.",
           "The \"Malus\" row leaves out the Assassin-Commander pairs, which the total "
           "also takes off: one pair for Arthur (3 cards of one kind, 1 of the other), two "
           "for each of the others (2 and 2). The printed totals, 9, 12, 15 and 12, then "
           "follow the scoring.", "159-164",
           (Cite(RULEBOOK, "Fin de partie", "145-149"),)),
        (_r("misprint", HERALD, "Exemple du décompte des points",
            "La ligne « Malus » est complète et les totaux sont faux : le barème "
            "donnerait 11, 16, 19 et 16.",
            "The \"Malus\" row is complete and the totals are wrong: the scoring would "
            "give 11, 16, 19 and 16.", "159-164"),),
        {"fr": "Les écarts (2, 4, 4, 4) sont exactement le coût des paires que quatre "
               "Assassins et Commandeurs forment ; une erreur de calcul ne tomberait pas "
               "quatre fois ainsi.",
         "en": "The gaps (2, 4, 4, 4) are exactly the cost of the pairs four Assassins and "
               "Commanders make; a miscount would not fall that way four times."}),
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
