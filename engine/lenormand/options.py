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


def _r(value: str, section: str, fr: str, *, lines: str = "") -> Reading:
    """A reading of 004: ``section`` quotes it, ``lines`` are those words' lines
    in the 004 file (1-based, like "12, 27-28"; tests/test_lenormand_cites.py
    checks every quote against them)."""
    return Reading(value, SOURCE, section, {"fr": fr}, lines=lines)


RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="first_player",
        title={"fr": "Qui commence"},
        default=_r(
            "civilisation", "« Disposer les cartes paires de 22 à 36 en colonnes pour le "
            "premier joueur » ; « Adèle (A) est de la maison humaine (nombres pairs) » ; "
            "exemple, 1er tour (Adèle joue la première)",
            "La civilisation (cartes paires) commence : la page web donne les cartes "
            "paires au premier joueur, et dans son exemple Adèle, de la civilisation, "
            "joue le premier tour.",
            lines="7, 24, 26"),
        alternatives=(_r(
            "nature", "« pour le premier joueur » (lu comme la place des cartes paires, "
            "non l'ordre du jeu)",
            "La nature (cartes impaires) commence : cela compense un peu les soutiens "
            "qu'elle n'a pas.",
            lines="7"),),
    ),
    RuleOption(
        name="turn",
        title={"fr": "Ce que l'on fait à son tour"},
        default=_r(
            "either", "« chacun des joueurs échange une de ses cartes […] avec une des 6 "
            "cartes de la réserve » ; exemple, 1er tour (« A peut attaquer avec les cartes "
            "11 et 12 »)",
            "À son tour, on fait une seule chose : soit on attaque (ou on se soigne) avec "
            "une combinaison de sa main, soit on échange une carte avec la réserve.",
            lines="12, 26"),
        alternatives=(_r(
            "exchange_then_attack", "« À tour de rôle, chacun des joueurs échange une de ses "
            "cartes »",
            "À son tour, on échange d'abord une carte avec la réserve, puis on peut "
            "attaquer (ou se soigner) avec la main obtenue.",
            lines="12"),),
    ),
    RuleOption(
        name="heal",
        title={"fr": "Se soigner"},
        default=_r(
            "pair_one", "exemple, 4e tour : « Il ne veut pas l'utiliser pour se soigner "
            "maintenant parce qu'il lui faudrait le 12 ou le 14 »",
            "Au lieu d'attaquer, on peut se soigner, mais seulement avec deux cartes qui "
            "se suivent (pour le 13 de Valentin, le 12 ou le 14, pas son arme) : on "
            "retrouve une carte de vie. La page web ne dit pas combien : une seule, pour "
            "qu'un soin n'efface pas toute une attaque.",
            lines="29"),
        alternatives=(_r(
            "combination", "exemple, 4e tour (« se soigner »)",
            "Toute combinaison soigne, d'autant de cartes de vie qu'elle en prendrait ; "
            "s'écarte de « le 12 ou le 14 » : le 11, l'arme de Valentin, irait aussi "
            "avec son 13.",
            lines="29"),),
    ),
    RuleOption(
        name="other_supports",
        title={"fr": "Les soutiens de l'autre maison"},
        default=_r(
            "barred", "« 0 cartes si cette carte est utilisé par l'autre maison (y compris "
            "lors des assemblages de 3 cartes) » ; exemple, 2e tour (la carte 6 « qu'il ne "
            "peut utiliser pour attaquer »)",
            "Les soutiens 4 et 6 sont à la civilisation : toute combinaison de la nature "
            "qui en contient un ne vaut rien, même une suite.",
            lines="20, 27"),
        alternatives=(_r(
            "bonus_only", "« -3 cartes si les 2 soutiens 4 et 6 sont posés ensemble » ; "
            "« 0 cartes si cette carte est utilisé par l'autre maison »",
            "Seul le bonus des soutiens est réservé à la civilisation : 4 et 6 ensemble ne "
            "valent rien pour la nature, mais elle peut les jouer dans une suite ou deux "
            "cartes qui se suivent. S'écarte de « y compris lors des assemblages de 3 "
            "cartes », mais rend la partie équilibrée.",
            lines="19-20"),),
    ),
    RuleOption(
        name="third_player",
        title={"fr": "À trois : qui peut gagner"},
        default=_r(
            "no_win", "« Le gagnant sera le dernier joueur à posséder des cartes de vie "
            "encore actives » ; « Le 3ème joueur n'aura pas de point de vie »",
            "Le troisième joueur n'a pas de cartes de vie : il ne peut pas gagner. La "
            "maison qui garde des cartes de vie gagne, même quand c'est lui qui prend la "
            "dernière de l'autre.",
            lines="23, 31"),
        alternatives=(_r(
            "spoiler", "« Le 3ème joueur n'aura pas de point de vie »",
            "Le troisième joueur gagne seul s'il prend la dernière carte de vie d'une "
            "maison ; s'écarte de « le dernier joueur à posséder des cartes de vie », "
            "mais lui donne de quoi jouer pour lui.",
            lines="31"),),
    ),
)

OPTIONS_BY_NAME = {o.name: o for o in RULE_OPTIONS}


INTERPRETATIONS: tuple[RuleOption, ...] = (
    Interpretation(
        "combination_from_hand",
        {"fr": "D'où viennent les cartes d'une attaque"},
        _r("hand", "« Les cartes manquantes seront remplacées par celles de la pioche »",
           "Une combinaison se joue avec les cartes de sa main, qu'on complète ensuite à "
           "4 cartes depuis la pioche.",
           lines="21"),
        _r("with_reserve", "",
           "Les cartes visibles de la réserve pourraient compléter une combinaison ; "
           "écarté : la réserve ne sert qu'aux échanges."),
    ),
    Interpretation(
        "run",
        {"fr": "Ce qu'est une suite"},
        _r("consecutive", "« constituer des suites de 3 cartes » ; exemple, 4e tour (19 et "
           "20, « espère faire une suite »)",
           "Une suite est faite de cartes dont les numéros se suivent (18, 19, 20), "
           "quelles que soient leurs maisons ; elle prend 3 cartes de vie.",
           lines="13, 29"),
        _r("same_house", "",
           "Des cartes d'une même maison qui se suivent (16, 18, 20) ; écarté : "
           "l'exemple attend le 18 pour compléter 19 et 20."),
    ),
    Interpretation(
        "lost_list",
        {"fr": "La liste perdue des combinaisons de 3 cartes"},
        _r("table", "« qui permettront de réduire d'un certain nombre de cartes les points "
           "de vie » (liste perdue)",
           "Seules les suites de 3 cartes attaquent à trois, pour 3 ; si la liste perdue "
           "est retrouvée, ses lignes s'ajoutent au tableau des attaques.",
           lines="13"),
        _r("invented", "",
           "Inventer des combinaisons de 3 cartes ; écarté : rien dans la page web ne dit "
           "lesquelles."),
    ),
    Interpretation(
        "weapon_partner",
        {"fr": "L'autre carte d'une attaque avec une arme"},
        _r("own_house", "« Il est possible d'attaquer avec seulement 2 cartes, si l'une des "
           "cartes est : » ; exemple, 1er tour (A attaque avec le 11 et le 12)",
           "Une arme se joue avec une carte de la maison du joueur (pour Adèle, le 11 "
           "avec le 12, pair).",
           lines="14, 26"),
        _r("any", "",
           "N'importe quelle carte ; écarté : toute main avec une arme attaquerait."),
    ),
    Interpretation(
        "pair_line",
        {"fr": "Deux cartes qui se suivent"},
        _r("any_cards", "« -2 avec 2 cartes qui se suivent » ; « Les 2 ou 3 cartes "
           "constituant une suite » ; exemple, 4e tour (le 13 avec « le 12 ou le 14 »)",
           "N'importe quelles deux cartes dont les numéros se suivent prennent 2 cartes "
           "de vie (le 16 et le 17, par exemple) : la page web appelle « suite » deux "
           "cartes comme trois, et son exemple compte le 12 ou le 14 avec le 13, sans "
           "arme ni soutien.",
           lines="18, 21, 29"),
        _r("with_support", "« Il est possible d'attaquer avec seulement 2 cartes, si "
           "l'une des cartes est : » ; « -2 avec 2 cartes qui se suivent » suivi de « -3 "
           "cartes si les 2 soutiens 4 et 6 sont posés ensemble »",
           "La ligne, sous « si l'une des cartes est » et juste avant celle des deux "
           "soutiens, viserait un soutien avec une carte voisine (le 4 et le 5, le 5 et "
           "le 6) ; le 11 et le 12 ne prendraient alors qu'1 carte sans ordre des lignes. "
           "Écarté : le 12 ou le 14 avec le 13 ne compteraient plus.",
           lines="14, 18-19"),
    ),
    Interpretation(
        "first_line_pays",
        {"fr": "Quand plusieurs lignes du tableau s'appliquent"},
        _r("first", "« -2 avec 2 cartes qui se suivent » contre l'exemple, 1er tour (11 et "
           "12 : « elle marque 1 point »)",
           "La première ligne du tableau qui s'applique compte ; les lignes des armes "
           "passent avant « deux cartes qui se suivent » : 11 et 12 prennent 1 carte.",
           lines="18, 26"),
        _r("best", "",
           "La ligne la plus forte compte ; écarté : 11 et 12 prendraient 2 cartes, "
           "contre l'exemple."),
    ),
    Interpretation(
        "other_house_weapon",
        {"fr": "L'arme de l'autre maison"},
        _r("works_for_one", "« -1 carte si l'arme est de l'autre maison » ; « 0 cartes si "
           "cette carte est utilisé par l'autre maison »",
           "L'arme de l'autre maison reste utilisable, pour 1 ; le « 0 » ne vise que les "
           "soutiens (voir la règle des soutiens).",
           lines="15, 20"),
        _r("all_roles", "",
           "Toute carte à rôle de l'autre maison vaudrait 0 ; écarté : contredit « -1 "
           "carte si l'arme est de l'autre maison »."),
    ),
    Interpretation(
        "no_stacking",
        {"fr": "Cumuler les combinaisons"},
        _r("one_line", "« Les autres combinaisons n'apporteront pas plus de points (par "
           "exemple 7, 8, 9 et 10) »",
           "Une attaque se fait avec 2 ou 3 cartes et rapporte une seule ligne du "
           "tableau ; 4 cartes qui se suivent ne rapportent pas plus.",
           lines="22"),
        _r("add_up", "",
           "Ajouter les lignes qui s'appliquent ; écarté : la page web l'exclut."),
    ),
    Interpretation(
        "life_cards",
        {"fr": "Perdre et retrouver des cartes de vie"},
        _r("hide_highest", "exemple, 1er tour : « V cache sa carte 35 sous la carte 33 »",
           "On perd sa plus haute carte de vie encore visible en la cachant sous la "
           "suivante ; se soigner fait revenir d'abord la dernière cachée. Les cartes de "
           "vie ne quittent jamais leur colonne.",
           lines="26"),
        _r("discard", "",
           "Défausser les cartes de vie perdues ; écarté : l'exemple les cache, et "
           "se soigner doit pouvoir les rendre."),
    ),
    Interpretation(
        "heal_limit",
        {"fr": "Limite des soins"},
        _r("lost_only", "exemple, 4e tour (« se soigner »)",
           "On ne se soigne que si l'on a perdu des cartes de vie, et jamais au-delà de "
           "sa colonne de départ.",
           lines="29"),
        _r("beyond", "",
           "Dépasser ses 8 cartes de vie ; écarté : il n'y a pas d'autres cartes de vie."),
    ),
    Interpretation(
        "reserve_secrecy",
        {"fr": "La réserve : ce qu'on peut regarder"},
        _r("blind", "« qu'il repose au choix face visible ou face cachée » ; exemple, 2e tour "
           "(« pour qu'A ne puisse surtout pas la repérer ») et 3e tour (« pour ne pas avoir "
           "à la mémoriser »)",
           "Personne ne regarde les cartes cachées de la réserve : on prend une carte "
           "cachée sans la voir d'abord, et l'on se souvient seulement de celles qu'on "
           "a posées soi-même. Une carte prise va dans la main, quelle que soit sa face.",
           lines="12, 27-28"),
        _r("peek", "",
           "Regarder une carte cachée avant de l'échanger ; écarté : poser face cachée "
           "n'aurait plus de sens."),
    ),
    Interpretation(
        "refill",
        {"fr": "Compléter sa main"},
        _r("at_once", "« Les cartes manquantes seront remplacées par celles de la pioche. "
           "Lorsque la pioche est vide, la défausse sera battue »",
           "Après une attaque ou un soin, on complète aussitôt sa main à 4 cartes ; si la "
           "pioche s'épuise en cours, on bat la défausse (cartes qu'on vient de jouer "
           "comprises) pour faire la nouvelle pioche.",
           lines="21"),
        _r("next_turn", "",
           "Compléter au début de son tour suivant ; écarté : l'exemple pioche dans le "
           "même tour (« A pioche 4 et 7 »)."),
    ),
    Interpretation(
        "end",
        {"fr": "Fin de partie"},
        _r("last_life", "« Le gagnant sera le dernier joueur à posséder des cartes de vie "
           "encore actives »",
           "La partie s'arrête dès qu'une maison n'a plus de carte de vie visible ; "
           "l'autre gagne. Une partie qui dure 200 tours s'arrête : la maison qui a le "
           "plus de vie gagne ; à égalité, la victoire est partagée.",
           lines="23"),
        _r("endless", "",
           "Jouer sans limite ; écarté : deux joueurs prudents pourraient échanger sans "
           "fin."),
    ),
    Interpretation(
        "three_players",
        {"fr": "À trois joueurs"},
        _r("houseless", "« Le 3ème joueur n'aura pas de point de vie, il n'aura pas les "
           "bonus de parité, mais pas non plus les malus »",
           "Le troisième joueur joue après les deux maisons et n'a ni vie ni maison : "
           "chaque arme vaut pour lui celle de l'autre maison (1), avec toute carte, et "
           "les soutiens ne lui sont pas interdits. Il choisit la maison qu'il attaque "
           "et ne se soigne pas.",
           lines="31"),
        _r("a_house", "",
           "Le rattacher à la maison de son arme ; écarté : il n'a « pas les bonus de "
           "parité, mais pas non plus les malus »."),
    ),
    Interpretation(
        "four_players",
        {"fr": "À quatre joueurs"},
        _r("teams", "« Les joueurs pairs auront leurs points de vie en commun, les joueurs "
           "impairs feront de même »",
           "Deux équipes assises en alternance : les 1er et 3e à jouer sont de la "
           "maison qui commence, les 2e et 4e de l'autre ; chaque équipe partage une "
           "colonne de vie et gagne ou perd ensemble. Les mains sont de 3 cartes, pour "
           "que les 20 cartes suffisent.",
           lines="32"),
        _r("four_columns", "",
           "Une colonne par joueur ; écarté : il n'y a que 16 cartes de vie."),
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
