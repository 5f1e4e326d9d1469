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

from ..rulings import OptionSet, Reading, RuleOption

RULEBOOK = "003"     # the French rulebook of L'Ordre d'Asèt
HERALD = "herald"    # a reading Herald chose where 003 is silent


def _r(value, source, section, fr, en):
    return Reading(value, source, section, {"fr": fr, "en": en})


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "underdog",
        {"fr": "La plus basse de l'Ordre bat la plus haute",
         "en": "The lowest of the Order beats the highest"},
        _r("last_rank", RULEBOOK, "Ordre de forces des cartes numérotées (exemple)",
           "Si la valeur du dernier rang et celle du premier rang sont jouées, la valeur du "
           "dernier rang remporte le combat.",
           "When the value on the last rank and the value on the first rank are both "
           "played, the last rank's value wins the combat."),
        (_r("weakest_played", RULEBOOK, "Ordre de forces des cartes numérotées",
            "Si la valeur du premier rang est jouée, la carte jouée la plus faible dans "
            "l'Ordre remporte le combat.",
            "When the value on the first rank is played, the weakest card played wins "
            "the combat."),)),
    RuleOption(
        "tie_first",
        {"fr": "Égalité : qui choisit en premier", "en": "Tie: who chooses first"},
        _r("meneur", HERALD, "Égalité dans un combat",
           "Le Meneur, s'il est à égalité, choisit le premier, puis les autres dans le sens "
           "horaire.",
           "The Meneur, when tied, chooses first, then the others clockwise."),
        (_r("after_meneur", RULEBOOK, "Égalité dans un combat (« le plus proche du Meneur »)",
            "Le premier à choisir est le joueur à égalité qui suit le Meneur dans le sens "
            "horaire ; le Meneur choisit en dernier.",
            "The first to choose is the tied player after the Meneur clockwise; the Meneur "
            "chooses last."),)),
    RuleOption(
        "share_order",
        {"fr": "Égalité : partage des cartes", "en": "Tie: sharing the cards"},
        _r("whole_share", RULEBOOK, "Égalité dans un combat (« font de même »)",
           "Chaque joueur à égalité prend toute sa part, l'un après l'autre.",
           "Each tied player takes their whole share, one after the other."),
        (_r("one_at_a_time", HERALD, "Égalité dans un combat",
            "Les joueurs à égalité prennent une carte chacun à tour de rôle.",
            "The tied players take one card each in turn."),)),
    RuleOption(
        "combinations",
        {"fr": "Combinaisons : plusieurs dans un trésor",
         "en": "Combinations: several in one treasure"},
        _r("pairs", HERALD, "Fin de partie (« par combinaison »)",
           "Chaque paire distincte compte : deux Assassins et deux Commandeurs font deux "
           "combinaisons, quatre Esprits deux paires d'Âmes.",
           "Every separate pair counts: two Assassins and two Commandeurs make two "
           "combinations, four Spirits two pairs."),
        (_r("once", HERALD, "Fin de partie",
            "Chaque sorte de combinaison compte au plus une fois par trésor.",
            "Each kind of combination counts at most once per treasure."),)),
    RuleOption(
        "appel_side",
        {"fr": "L'appel : de quel côté va la valeur",
         "en": "The Call: on which side the value goes"},
        _r("inside", HERALD, "L'appel (« au-dessus ou en dessous … selon le cas »)",
           "La valeur du 4e rang se place juste sous un 2 ou un 4 au premier rang, juste "
           "au-dessus d'un 2 ou d'un 4 au dernier rang.",
           "The value on rank 4 goes just below a 2 or 4 on the first rank, just above a "
           "2 or 4 on the last rank."),
        (_r("outside", HERALD, "L'appel",
            "La valeur du 4e rang passe au-dessus d'un 2 ou d'un 4 au premier rang (elle "
            "devient première), en dessous au dernier rang.",
            "The value on rank 4 goes above a 2 or 4 on the first rank (becoming first), "
            "below one on the last rank."),)),
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
           "Witch 6, Commander 7; the \"Souls\" are the Spirits."),
        (_r("unstated", RULEBOOK, "Composition des familles",
            "Le livret ne donne la valeur d'aucun nom.",
            "The rulebook gives no name its value."),)),
    RuleOption(
        "meneur_passes_right",
        {"fr": "Le Meneur passe à droite", "en": "The Meneur passes to the right"},
        _r("counter_clockwise", RULEBOOK, "Déroulement d'un tour de jeu",
           "Les joueurs sont listés dans le sens horaire ; « à droite » est le joueur "
           "précédent : le rôle tourne dans le sens antihoraire, alors que les égalités "
           "se partagent dans le sens horaire.",
           "Players are listed clockwise; \"to the right\" is the previous player: the "
           "role turns counter-clockwise, while ties are shared clockwise."),
        (_r("clockwise", HERALD, "Égalité dans un combat",
            "Le rôle tourne dans le sens horaire, comme les égalités.",
            "The role turns clockwise, like ties."),)),
    RuleOption(
        "renfort",
        {"fr": "Quand jouer son Renfort", "en": "When to play your Renfort"},
        _r("once_in_turn", HERALD, "Cartes exclues en début de partie",
           "Après la révélation, chaque joueur dont le Renfort annulerait au moins une "
           "carte décide une fois, dans l'ordre à partir du Meneur ; les cartes annulées "
           "restent dans la zone de combat et vont au vainqueur ; le Renfort va dans la "
           "Prison une fois le combat remporté. Sans carte restante, le combat est nul.",
           "After the reveal, each player whose Renfort would cancel at least one card "
           "decides once, in turn from the Meneur; cancelled cards stay in the combat and "
           "go to the winner; the Renfort goes to the Prison once the combat is won. With "
           "no card left, the combat is null."),
        (_r("any_time", RULEBOOK, "Cartes exclues en début de partie (« quand vous voulez »)",
            "N'importe quand après la révélation, sans ordre fixé.",
            "Any time after the reveal, in no set order."),)),
    RuleOption(
        "discardable_decrees",
        {"fr": "Décrets défaussables", "en": "Discardable decrees"},
        _r("never_enter", RULEBOOK, "Égalité de fin de partie (dernier paragraphe)",
           "Un décret défaussable n'entre pas au Conseil : il ne recouvre aucun décret et "
           "n'active aucun effet 2 ; il est défaussé (le Favori du conseil reste devant le "
           "Meneur qui l'a tiré).",
           "A discardable decree does not enter the Council: it covers no decree and "
           "triggers no Effect 2; it is discarded (the Council's Favourite stays in front "
           "of the Meneur who drew it)."),
        (_r("cover_silently", HERALD, "Exécution d'un décret",
            "Il recouvre un décret sans en activer l'effet 2.",
            "It covers a decree without triggering its Effect 2."),)),
    RuleOption(
        "single_text_decrees",
        {"fr": "Décrets à un seul texte", "en": "Decrees with a single text"},
        _r("effect1", HERALD, "Répulsion mystique, L'appel, L'Anti-Parité",
           "Le seul texte donné est l'effet 1 ; l'effet 2, absent du livret, n'a pas "
           "d'effet. Élévation par les paires : « ces valeurs » sont 2, 4 et 6. Quand les "
           "deux bouts de l'Ordre remplissent la condition, le premier rang est traité "
           "avant le dernier.",
           "The only text given is Effect 1; Effect 2, missing from the rulebook, does "
           "nothing. Rise of the Pairs: \"these values\" are 2, 4 and 6. When both ends of "
           "the Order meet the condition, the first rank is handled before the last."),
        (_r("unknown", RULEBOOK, "Quelques cas particuliers",
            "Le livret ne dit pas de quel effet il s'agit.",
            "The rulebook does not say which effect it is."),)),
    RuleOption(
        "palindrome_depth",
        {"fr": "Palindrome : où le remettre", "en": "Palindrome: where to put it back"},
        _r("under_one", HERALD, "Quelques cas particuliers, Palindrome",
           "Le Meneur le remet sous au moins une carte de la pioche (sinon il le "
           "retirerait aussitôt) ; seul dans la pioche, il entre au Conseil.",
           "The Meneur puts it back under at least one card of the pile (else it would be "
           "drawn again at once); alone in the pile, it enters the Council."),
        (_r("anywhere", RULEBOOK, "Palindrome (« à la position de votre choix »)",
            "N'importe où, même sur le dessus.", "Anywhere, even on top."),)),
    RuleOption(
        "missing_decrees",
        {"fr": "Décrets sans texte", "en": "Decrees without text"},
        _r("no_effect", RULEBOOK, "Matériel (25 décrets)",
           "Le livret ne décrit que neuf décrets sur 25 ; les autres sont dans la pioche "
           "sans effet jusqu'à ce que leur texte soit ajouté au fichier de données.",
           "The rulebook describes nine decrees of 25; the others are in the pile with no "
           "effect until their text is added to the data file."),
        (_r("left_out", HERALD, "Matériel",
            "Les retirer de la pioche.", "Leave them out of the pile."),)),
    RuleOption(
        "council_favourite",
        {"fr": "Favori du conseil", "en": "The Council's Favourite"},
        _r("table_talk", RULEBOOK, "Quelques cas particuliers, Favori du conseil",
           "Règle de table (« Mon Seigneur ») : imprimée, non simulée.",
           "A table-talk rule (\"My Lord\"): printed, not simulated."),
        (_r("simulated", HERALD, "Favori du conseil",
            "Simuler la pénalité.", "Simulate the penalty."),)),
    RuleOption(
        "reserve",
        {"fr": "Choix du Renfort", "en": "Choosing the Renfort"},
        _r("simultaneous", RULEBOOK, "Mise en place",
           "Chaque joueur choisit son Renfort face cachée, tous en même temps.",
           "Each player chooses their Renfort face down, all at the same time."),
        (_r("in_turn", HERALD, "Mise en place", "Chacun son tour.", "In turn."),)),
    RuleOption(
        "final_ties",
        {"fr": "Égalités de fin de partie", "en": "Ties at the end"},
        _r("reported", RULEBOOK, "Égalité de fin de partie",
           "Le tirage dans les trésors se fait à la table : Herald annonce l'égalité. "
           "À deux, le score est le nombre de cartes du trésor.",
           "The draw from the treasures happens at the table: Herald reports the tie. "
           "With two players, the score is the number of cards in the treasure."),
        (_r("drawn", HERALD, "Égalité de fin de partie",
            "Simuler le tirage.", "Simulate the draw."),)),
)


@dataclass(frozen=True)
class Options(OptionSet):
    """The rule options in force for one game (hashable, cheap to compare)."""
    RULES = RULE_OPTIONS
    underdog: str = "last_rank"
    tie_first: str = "meneur"
    share_order: str = "whole_share"
    combinations: str = "pairs"
    appel_side: str = "inside"



Options.check_fields()
