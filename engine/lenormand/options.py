"""The Lenormand duel's readings: every gap of 004 filled, with its source line.

004 (a short French web page) leaves much unsaid and its list of three-card
combinations is lost. Each gap is filled by a named reading:

* :data:`INTERPRETATIONS`: the readings Herald follows with no switch, each
  with the line of 004 it reads, the reading chosen and the other reading
  it set aside (and why);
* :data:`RULE_OPTIONS`: where two readings both fit 004 and its example, the
  engine plays either (``options:`` in an example file); the default is the
  first.

Both are shaped like Oriflamme's rule options (``Reading`` with its source,
section and per-locale summary), so the rulings table of a rules sheet prints
them the same way. The source is always "004"; the section quotes its line.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rulings import OptionSet, Reading, RuleOption
from ..rulings import interpretation as Interpretation

SOURCE = "004"   # the French web page describing the duel


def _r(value, section, fr, en, *, lines=""):
    """A reading of 004: ``section`` quotes it, ``lines`` are those words' lines
    in the 004 file (1-based, like "12, 27-28"; tests/test_lenormand_cites.py
    checks every quote against them)."""
    return Reading(value, SOURCE, section, {"fr": fr, "en": en}, lines=lines)


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="first_player",
        title={"fr": "Qui commence", "en": "Who starts"},
        default=_r(
            "civilisation", "« Disposer les cartes paires de 22 à 36 en colonnes pour le "
            "premier joueur » ; « Adèle (A) est de la maison humaine (nombres pairs) » ; "
            "exemple, 1er tour (Adèle joue la première)",
            "La civilisation (cartes paires) commence : la page web donne les cartes "
            "paires au premier joueur, et dans son exemple Adèle, de la civilisation, "
            "joue le premier tour.",
            "Civilisation (the even cards) starts: the web page gives the even cards to "
            "the first player, and in its example Adèle, of civilisation, plays the "
            "first turn.",
            lines="7, 24, 26"),
        alternatives=(_r(
            "nature", "« pour le premier joueur » (lu comme la place des cartes paires, "
            "non l'ordre du jeu)",
            "La nature (cartes impaires) commence : cela compense un peu les soutiens "
            "qu'elle n'a pas.",
            "Nature (the odd cards) starts: it makes up a little for the supports it "
            "lacks.",
            lines="7"),),
    ),
    RuleOption(
        name="turn",
        title={"fr": "Ce que l'on fait à son tour", "en": "What a turn is"},
        default=_r(
            "either", "« chacun des joueurs échange une de ses cartes […] avec une des 6 "
            "cartes de la réserve » ; exemple, 1er tour (« A peut attaquer avec les cartes "
            "11 et 12 »)",
            "À son tour, on fait une seule chose : soit on attaque (ou on se soigne) avec "
            "une combinaison de sa main, soit on échange une carte avec la réserve.",
            "On your turn you do one thing: attack (or heal) with a combination from "
            "your hand, or exchange a card with the reserve.",
            lines="12, 26"),
        alternatives=(_r(
            "exchange_then_attack", "« À tour de rôle, chacun des joueurs échange une de ses "
            "cartes »",
            "À son tour, on échange d'abord une carte avec la réserve, puis on peut "
            "attaquer (ou se soigner) avec la main obtenue.",
            "On your turn you first exchange a card with the reserve, then you may attack "
            "(or heal) with the hand you now hold.",
            lines="12"),),
    ),
    RuleOption(
        name="heal",
        title={"fr": "Se soigner", "en": "Healing"},
        default=_r(
            "pair_one", "exemple, 4e tour : « Il ne veut pas l'utiliser pour se soigner "
            "maintenant parce qu'il lui faudrait le 12 ou le 14 »",
            "Au lieu d'attaquer, on peut se soigner, mais seulement avec deux cartes qui "
            "se suivent (pour le 13 de Valentin, le 12 ou le 14, pas son arme) : on "
            "retrouve une carte de vie. La page web ne dit pas combien : une seule, pour "
            "qu'un soin n'efface pas toute une attaque.",
            "Instead of attacking you may heal, but only with two cards that follow each "
            "other (for Valentin's 13, the 12 or the 14, not his weapon): you get back "
            "one life card. The web page does not say how many: one, so that a heal "
            "does not undo a whole attack.",
            lines="29"),
        alternatives=(_r(
            "combination", "exemple, 4e tour (« se soigner »)",
            "Toute combinaison soigne, d'autant de cartes de vie qu'elle en prendrait ; "
            "s'écarte de « le 12 ou le 14 » : le 11, l'arme de Valentin, irait aussi "
            "avec son 13.",
            "Any combination heals, by as many life cards as it would take; it departs "
            "from \"the 12 or the 14\": the 11, Valentin's weapon, would do with his 13 "
            "as well.",
            lines="29"),),
    ),
    RuleOption(
        name="other_supports",
        title={"fr": "Les soutiens de l'autre maison", "en": "The other house's supports"},
        default=_r(
            "barred", "« 0 cartes si cette carte est utilisé par l'autre maison (y compris "
            "lors des assemblages de 3 cartes) » ; exemple, 2e tour (la carte 6 « qu'il ne "
            "peut utiliser pour attaquer »)",
            "Les soutiens 4 et 6 sont à la civilisation : toute combinaison de la nature "
            "qui en contient un ne vaut rien, même une suite.",
            "The supports 4 and 6 belong to civilisation: any nature combination holding "
            "one is worth nothing, even a sequence.",
            lines="20, 27"),
        alternatives=(_r(
            "bonus_only", "« -3 cartes si les 2 soutiens 4 et 6 sont posés ensemble » ; "
            "« 0 cartes si cette carte est utilisé par l'autre maison »",
            "Seul le bonus des soutiens est réservé à la civilisation : 4 et 6 ensemble ne "
            "valent rien pour la nature, mais elle peut les jouer dans une suite ou deux "
            "cartes qui se suivent. S'écarte de « y compris lors des assemblages de 3 "
            "cartes », mais rend la partie équilibrée.",
            "Only the supports' bonus is civilisation's: 4 and 6 together are worth "
            "nothing to nature, but nature may play them in a sequence or in two cards "
            "that follow each other. It departs from \"including in 3-card "
            "assemblies\", but evens the game.",
            lines="19-20"),),
    ),
    RuleOption(
        name="third_player",
        title={"fr": "À trois : qui peut gagner", "en": "Three players: who can win"},
        default=_r(
            "no_win", "« Le gagnant sera le dernier joueur à posséder des cartes de vie "
            "encore actives » ; « Le 3ème joueur n'aura pas de point de vie »",
            "Le troisième joueur n'a pas de cartes de vie : il ne peut pas gagner. La "
            "maison qui garde des cartes de vie gagne, même quand c'est lui qui prend la "
            "dernière de l'autre.",
            "The third player has no life cards, so cannot win. The house that keeps "
            "life cards wins, even when the third player takes the other's last one.",
            lines="23, 31"),
        alternatives=(_r(
            "spoiler", "« Le 3ème joueur n'aura pas de point de vie »",
            "Le troisième joueur gagne seul s'il prend la dernière carte de vie d'une "
            "maison ; s'écarte de « le dernier joueur à posséder des cartes de vie », "
            "mais lui donne de quoi jouer pour lui.",
            "The third player wins alone by taking a house's last life card; it departs "
            "from \"the last player holding life cards\", but gives them something to "
            "play for.",
            lines="31"),),
    ),
)

OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}


INTERPRETATIONS: tuple[RuleOption, ...] = (
    Interpretation(
        "combination_from_hand",
        {"fr": "D'où viennent les cartes d'une attaque", "en": "Where an attack's cards come from"},
        _r("hand", "« Les cartes manquantes seront remplacées par celles de la pioche »",
           "Une combinaison se joue avec les cartes de sa main, qu'on complète ensuite à "
           "4 cartes depuis la pioche.",
           "A combination is played from your hand, which you then refill to 4 cards from "
           "the draw pile.",
           lines="21"),
        _r("with_reserve", "",
           "Les cartes visibles de la réserve pourraient compléter une combinaison ; "
           "écarté : la réserve ne sert qu'aux échanges.",
           "Face-up reserve cards could complete a combination; set aside: the reserve "
           "is only for exchanges."),
    ),
    Interpretation(
        "run",
        {"fr": "Ce qu'est une suite", "en": "What a sequence is"},
        _r("consecutive", "« constituer des suites de 3 cartes » ; exemple, 4e tour (19 et "
           "20, « espère faire une suite »)",
           "Une suite est faite de cartes dont les numéros se suivent (18, 19, 20), "
           "quelles que soient leurs maisons ; elle prend 3 cartes de vie.",
           "A sequence is cards whose numbers follow each other (18, 19, 20), whatever "
           "their houses; it takes 3 life cards.",
           lines="13, 29"),
        _r("same_house", "",
           "Des cartes d'une même maison qui se suivent (16, 18, 20) ; écarté : "
           "l'exemple attend le 18 pour compléter 19 et 20.",
           "Cards of one house in order (16, 18, 20); set aside: the example waits for "
           "the 18 to complete 19 and 20."),
    ),
    Interpretation(
        "lost_list",
        {"fr": "La liste perdue des combinaisons de 3 cartes",
         "en": "The lost list of three-card combinations"},
        _r("table", "« qui permettront de réduire d'un certain nombre de cartes les points "
           "de vie » (liste perdue)",
           "Seules les suites de 3 cartes attaquent à trois, pour 3 ; si la liste perdue "
           "est retrouvée, ses lignes s'ajoutent au tableau des attaques.",
           "Only three-card sequences attack with three cards, for 3; if the lost list is "
           "ever found, its lines join the attack table.",
           lines="13"),
        _r("invented", "",
           "Inventer des combinaisons de 3 cartes ; écarté : rien dans la page web ne dit "
           "lesquelles.",
           "Invent three-card combinations; set aside: nothing on the web page says which."),
    ),
    Interpretation(
        "weapon_partner",
        {"fr": "L'autre carte d'une attaque avec une arme",
         "en": "The other card of a weapon attack"},
        _r("own_house", "« Il est possible d'attaquer avec seulement 2 cartes, si l'une des "
           "cartes est : » ; exemple, 1er tour (A attaque avec le 11 et le 12)",
           "Une arme se joue avec une carte de la maison du joueur (pour Adèle, le 11 "
           "avec le 12, pair).",
           "A weapon attacks together with a card of your own house (for Adèle, the 11 "
           "with the even 12).",
           lines="14, 26"),
        _r("any", "",
           "N'importe quelle carte ; écarté : toute main avec une arme attaquerait.",
           "Any card; set aside: every hand holding a weapon could attack."),
    ),
    Interpretation(
        "pair_line",
        {"fr": "Deux cartes qui se suivent", "en": "Two cards that follow each other"},
        _r("any_cards", "« -2 avec 2 cartes qui se suivent » ; « Les 2 ou 3 cartes "
           "constituant une suite » ; exemple, 4e tour (le 13 avec « le 12 ou le 14 »)",
           "N'importe quelles deux cartes dont les numéros se suivent prennent 2 cartes "
           "de vie (le 16 et le 17, par exemple) : la page web appelle « suite » deux "
           "cartes comme trois, et son exemple compte le 12 ou le 14 avec le 13, sans "
           "arme ni soutien.",
           "Any two cards whose numbers follow each other take 2 life cards (the 16 and "
           "the 17, say): the web page calls two cards a sequence as well as three, and "
           "its example counts the 12 or the 14 with the 13, with no weapon or support.",
           lines="18, 21, 29"),
        _r("with_support", "« Il est possible d'attaquer avec seulement 2 cartes, si "
           "l'une des cartes est : » ; « -2 avec 2 cartes qui se suivent » suivi de « -3 "
           "cartes si les 2 soutiens 4 et 6 sont posés ensemble »",
           "La ligne, sous « si l'une des cartes est » et juste avant celle des deux "
           "soutiens, viserait un soutien avec une carte voisine (le 4 et le 5, le 5 et "
           "le 6) ; le 11 et le 12 ne prendraient alors qu'1 carte sans ordre des lignes. "
           "Écarté : le 12 ou le 14 avec le 13 ne compteraient plus.",
           "The line, under \"if one of the cards is\" and just before the two "
           "supports' line, would mean a support with a card next to it (the 4 and the "
           "5, the 5 and the 6); the 11 and the 12 would then take 1 with no order of "
           "lines. Set aside: the 12 or the 14 with the 13 would no longer count.",
           lines="14, 18-19"),
    ),
    Interpretation(
        "first_line_pays",
        {"fr": "Quand plusieurs lignes du tableau s'appliquent",
         "en": "When several lines of the table apply"},
        _r("first", "« -2 avec 2 cartes qui se suivent » contre l'exemple, 1er tour (11 et "
           "12 : « elle marque 1 point »)",
           "La première ligne du tableau qui s'applique compte ; les lignes des armes "
           "passent avant « deux cartes qui se suivent » : 11 et 12 prennent 1 carte.",
           "The first line of the table that applies counts; the weapon lines come "
           "before \"two cards that follow each other\": 11 and 12 take 1 card.",
           lines="18, 26"),
        _r("best", "",
           "La ligne la plus forte compte ; écarté : 11 et 12 prendraient 2 cartes, "
           "contre l'exemple.",
           "The strongest line counts; set aside: 11 and 12 would take 2 cards, against "
           "the example."),
    ),
    Interpretation(
        "other_house_weapon",
        {"fr": "L'arme de l'autre maison", "en": "The other house's weapon"},
        _r("works_for_one", "« -1 carte si l'arme est de l'autre maison » ; « 0 cartes si "
           "cette carte est utilisé par l'autre maison »",
           "L'arme de l'autre maison reste utilisable, pour 1 ; le « 0 » ne vise que les "
           "soutiens (voir la règle des soutiens).",
           "The other house's weapon still works, for 1; the \"0\" is about the "
           "supports only (see the supports ruling).",
           lines="15, 20"),
        _r("all_roles", "",
           "Toute carte à rôle de l'autre maison vaudrait 0 ; écarté : contredit « -1 "
           "carte si l'arme est de l'autre maison ».",
           "Every role card of the other house would be worth 0; set aside: it "
           "contradicts \"-1 card if the weapon is the other house's\"."),
    ),
    Interpretation(
        "no_stacking",
        {"fr": "Cumuler les combinaisons", "en": "Adding combinations up"},
        _r("one_line", "« Les autres combinaisons n'apporteront pas plus de points (par "
           "exemple 7, 8, 9 et 10) »",
           "Une attaque se fait avec 2 ou 3 cartes et rapporte une seule ligne du "
           "tableau ; 4 cartes qui se suivent ne rapportent pas plus.",
           "An attack uses 2 or 3 cards and pays one line of the table; 4 cards in a row "
           "pay no more.",
           lines="22"),
        _r("add_up", "",
           "Ajouter les lignes qui s'appliquent ; écarté : la page web l'exclut.",
           "Add up every line that applies; set aside: the web page rules it out."),
    ),
    Interpretation(
        "life_cards",
        {"fr": "Perdre et retrouver des cartes de vie", "en": "Losing and regaining life cards"},
        _r("hide_highest", "exemple, 1er tour : « V cache sa carte 35 sous la carte 33 »",
           "On perd sa plus haute carte de vie encore visible en la cachant sous la "
           "suivante ; se soigner fait revenir d'abord la dernière cachée. Les cartes de "
           "vie ne quittent jamais leur colonne.",
           "You lose your highest life card still showing by hiding it under the next "
           "one; healing brings back the last one hidden first. Life cards never leave "
           "their column.",
           lines="26"),
        _r("discard", "",
           "Défausser les cartes de vie perdues ; écarté : l'exemple les cache, et "
           "se soigner doit pouvoir les rendre.",
           "Discard lost life cards; set aside: the example hides them, and healing "
           "must be able to bring them back."),
    ),
    Interpretation(
        "heal_limit",
        {"fr": "Limite des soins", "en": "How far healing goes"},
        _r("lost_only", "exemple, 4e tour (« se soigner »)",
           "On ne se soigne que si l'on a perdu des cartes de vie, et jamais au-delà de "
           "sa colonne de départ.",
           "You heal only when you have lost life cards, and never beyond your starting "
           "column.",
           lines="29"),
        _r("beyond", "",
           "Dépasser ses 8 cartes de vie ; écarté : il n'y a pas d'autres cartes de vie.",
           "Go above your 8 life cards; set aside: there are no other life cards."),
    ),
    Interpretation(
        "reserve_secrecy",
        {"fr": "La réserve : ce qu'on peut regarder", "en": "The reserve: what you may look at"},
        _r("blind", "« qu'il repose au choix face visible ou face cachée » ; exemple, 2e tour "
           "(« pour qu'A ne puisse surtout pas la repérer ») et 3e tour (« pour ne pas avoir "
           "à la mémoriser »)",
           "Personne ne regarde les cartes cachées de la réserve : on prend une carte "
           "cachée sans la voir d'abord, et l'on se souvient seulement de celles qu'on "
           "a posées soi-même. Une carte prise va dans la main, quelle que soit sa face.",
           "Nobody looks at the reserve's face-down cards: you take a face-down card "
           "without seeing it first, and you only remember the ones you laid yourself. "
           "A card taken goes to your hand, whichever way up it was.",
           lines="12, 27-28"),
        _r("peek", "",
           "Regarder une carte cachée avant de l'échanger ; écarté : poser face cachée "
           "n'aurait plus de sens.",
           "Look at a face-down card before exchanging it; set aside: laying a card face "
           "down would mean nothing."),
    ),
    Interpretation(
        "refill",
        {"fr": "Compléter sa main", "en": "Refilling the hand"},
        _r("at_once", "« Les cartes manquantes seront remplacées par celles de la pioche. "
           "Lorsque la pioche est vide, la défausse sera battue »",
           "Après une attaque ou un soin, on complète aussitôt sa main à 4 cartes ; si la "
           "pioche s'épuise en cours, on bat la défausse (cartes qu'on vient de jouer "
           "comprises) pour faire la nouvelle pioche.",
           "After an attack or a heal you refill your hand to 4 cards at once; if the "
           "draw pile runs out meanwhile, shuffle the discard (the cards just played "
           "included) into a new draw pile.",
           lines="21"),
        _r("next_turn", "",
           "Compléter au début de son tour suivant ; écarté : l'exemple pioche dans le "
           "même tour (« A pioche 4 et 7 »).",
           "Refill at the start of your next turn; set aside: the example draws in the "
           "same turn (\"A draws 4 and 7\")."),
    ),
    Interpretation(
        "end",
        {"fr": "Fin de partie", "en": "End of the game"},
        _r("last_life", "« Le gagnant sera le dernier joueur à posséder des cartes de vie "
           "encore actives »",
           "La partie s'arrête dès qu'une maison n'a plus de carte de vie visible ; "
           "l'autre gagne. Une partie qui dure 200 tours s'arrête : la maison qui a le "
           "plus de vie gagne ; à égalité, la victoire est partagée.",
           "The game stops as soon as a house has no life card showing; the other wins. "
           "A game that lasts 200 turns stops: the house with more life wins; with "
           "equal life, both share the victory.",
           lines="23"),
        _r("endless", "",
           "Jouer sans limite ; écarté : deux joueurs prudents pourraient échanger sans "
           "fin.",
           "Play with no limit; set aside: two cautious players could exchange forever."),
    ),
    Interpretation(
        "three_players",
        {"fr": "À trois joueurs", "en": "Three players"},
        _r("houseless", "« Le 3ème joueur n'aura pas de point de vie, il n'aura pas les "
           "bonus de parité, mais pas non plus les malus »",
           "Le troisième joueur joue après les deux maisons et n'a ni vie ni maison : "
           "chaque arme vaut pour lui celle de l'autre maison (1), avec toute carte, et "
           "les soutiens ne lui sont pas interdits. Il choisit la maison qu'il attaque "
           "et ne se soigne pas.",
           "The third player plays after both houses and has no life and no house: "
           "every weapon counts as the other house's for them (1), with any card, and "
           "the supports are not barred to them. They choose which house to attack and "
           "never heal.",
           lines="31"),
        _r("a_house", "",
           "Le rattacher à la maison de son arme ; écarté : il n'a « pas les bonus de "
           "parité, mais pas non plus les malus ».",
           "Tie them to their weapon's house; set aside: they have \"no parity bonus, "
           "and no malus either\"."),
    ),
    Interpretation(
        "four_players",
        {"fr": "À quatre joueurs", "en": "Four players"},
        _r("teams", "« Les joueurs pairs auront leurs points de vie en commun, les joueurs "
           "impairs feront de même »",
           "Deux équipes assises en alternance : les 1er et 3e à jouer sont de la "
           "maison qui commence, les 2e et 4e de l'autre ; chaque équipe partage une "
           "colonne de vie et gagne ou perd ensemble. Les mains sont de 3 cartes, pour "
           "que les 20 cartes suffisent.",
           "Two teams seated alternately: the 1st and 3rd to play are of the house "
           "that starts, the 2nd and 4th of the other; each team shares one life column "
           "and wins or loses together. Hands are 3 cards, so that the 20 cards go round.",
           lines="32"),
        _r("four_columns", "",
           "Une colonne par joueur ; écarté : il n'y a que 16 cartes de vie.",
           "One column per player; set aside: there are only 16 life cards."),
    ),
)


@dataclass(frozen=True)
class Options(OptionSet):
    """The rule options in force for one game (hashable, cheap to compare)."""
    RULES = RULE_OPTIONS
    first_player: str = "civilisation"
    turn: str = "either"
    heal: str = "pair_one"
    other_supports: str = "barred"
    third_player: str = "no_win"



Options.check_fields()
