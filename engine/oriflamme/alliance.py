"""Oriflamme Alliance, reconstructed from its scanned rulebook: every reading
Herald plays, where it is written, what the scan shows, and the other reading.

The third box's only rules text is 001 in ../shared/rules-sources/, read by
OCR: words are garbled, icons became stray characters, and the two columns of
the cards' page are interleaved. Each :class:`Reconstruction` below quotes the
scan (``garbled``, with its line numbers), names the reading Herald plays
(``default``), the other plausible reading (``alternatives``) and why
(``reasoning``). Where both readings fit the text, the other one is a rule
option (``option`` names it; its values are in :data:`ALLIANCE_OPTIONS`), as
for the base game. The records have the shape of the rule options
(``title``, ``default``, ``alternatives``), so the booklet prints them in its
rulings table, in player words.

The base rulebook (002) and each card's own clarification lines are the
context a reconstruction leans on.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rulings import Cite, Reading, RuleOption
from .sources import ALLIANCE, PUBLISHER


@dataclass(frozen=True)
class Reconstruction:
    """One card's or rule's text as Herald reads it from the scan."""
    name: str
    title: dict[str, str]
    lines: str                   # lines of 001
    garbled: str                 # what the scan shows there, verbatim (line breaks as " / ")
    default: Reading             # the reading Herald plays
    alternatives: tuple[Reading, ...]
    reasoning: dict[str, str]
    option: str = ""             # the rule option playing the other reading, if any


def _read(value: str, section: str, lines: str, fr: str,
          also: tuple[Cite, ...] = ()) -> Reading:
    return Reading(value, ALLIANCE, section, {"fr": fr}, lines=lines, also=also)


# -- the points where two readings both fit: rule options ------------------------------
ALLIANCE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="swap_card",
        title={"fr": "Alliance : quelle carte s'échange avec une carte de la main"},
        default=_read(
            "informant", "Informatrice", "234-245",
            "L'Informatrice : gagnez autant d'Influence qu'il y en a sur les cartes adverses "
            "face cachée voisines, OU échangez-la avec une carte de votre main."),
        alternatives=(_read(
            "zealot", "Zélote", "229-245",
            "Le Zélote : gagnez 1, et 1 de plus si vous n'avez aucune autre carte révélée "
            "dans la File, OU échangez-le avec une carte de votre main."),),
        reasoning={
            "fr": "Sur la page des cartes, les textes du Zélote et de l'Informatrice sont "
                  "entremêlés. La phrase « OU échangez… » et sa précision suivent le texte de "
                  "l'Informatrice et précèdent le seul « Conseil » de ce bloc : ces règles la "
                  "donnent à l'Informatrice, une espionne qui s'éclipse."},
    ),
    RuleOption(
        name="empress_token",
        title={"fr": "Impératrice : d'où vient l'Influence posée sur la carte adverse"},
        default=_read(
            "supply", "Impératrice", "222-223",
            "Vous gagnez 2 ; l'Influence posée sur la carte adverse face cachée vient de la "
            "réserve."),
        alternatives=(_read(
            "own", "Impératrice", "222-223",
            "Vous gagnez 2, puis posez 1 de vos propres points sur la carte adverse : vous "
            "gagnez 1 en tout."),),
        reasoning={
            "fr": "« Placez 1 » sans autre précision est, dans tout Oriflamme, un point pris "
                  "à la réserve (comme celui posé sur une carte laissée cachée). L'autre "
                  "lecture fait payer la faveur par l'Impératrice."},
    ),
    RuleOption(
        name="diplomat",
        title={"fr": "Diplomate : sur quel Diplomate poser les 2 points"},
        default=_read(
            "another", "Diplomate", "248-262",
            "Gagnez 1 et posez 2 points de la réserve sur un autre Diplomate révélé de la "
            "File (s'il y en a un), OU gagnez les points posés sur votre Diplomate et "
            "défaussez-le."),
        alternatives=(_read(
            "self", "Diplomate", "248-262",
            "Gagnez 1 et posez 2 points de la réserve sur ce Diplomate, OU gagnez les points "
            "posés dessus et défaussez-le."),),
        reasoning={
            "fr": "Le scan garde « Gagnez 1 », « Diplomate », « Gagnez … les … défaussez-la » "
                  "et « Placez 2 … sur un autre ». ces règles lisent « sur un autre "
                  "Diplomate » : les "
                  "Diplomates rivaux se nourrissent l'un l'autre, et c'est pourquoi la "
                  "précision dit qu'un Diplomate révélé peut porter des points. L'autre "
                  "lecture pose les points sur le Diplomate lui-même."},
    ),
    RuleOption(
        name="magistrate_gain",
        title={"fr": "Magistrat : quand il gagne 1"},
        default=_read(
            "first_way", "Magistrat", "272-278",
            "« Gagnez 1 » appartient au premier choix : gagnez 1 et posez un jeton "
            "Condamnation, OU éliminez une carte qui porte un jeton (et gagnez le point de "
            "l'élimination)."),
        alternatives=(_read(
            "always", "Magistrat", "272-278",
            "Gagnez 1 dans tous les cas, puis posez un jeton OU éliminez une carte "
            "condamnée."),),
        reasoning={
            "fr": "« OU » suit la phrase « Gagnez 1. Placez un jeton… » tout entière, et "
                  "l'élimination rapporte déjà son propre point : les deux choix valent "
                  "alors 1."},
    ),
    RuleOption(
        name="condemnation_supply",
        title={"fr": "Magistrat : plus aucun jeton Condamnation disponible"},
        default=_read(
            "gain_only", "Magistrat (5 jetons)", "14, 272-284",
            "Si les 5 jetons sont déjà sur des cartes, le premier choix rapporte 1 sans "
            "poser de jeton."),
        alternatives=(_read(
            "eliminate_only", "Magistrat (5 jetons)", "14, 272-284",
            "Sans jeton disponible, le premier choix est impossible : le Magistrat doit "
            "éliminer une carte condamnée (s'il n'en voit aucune, il gagne 1)."),),
        reasoning={
            "fr": "La boîte contient 5 jetons et le livret ne dit pas ce qui se passe quand "
                  "ils sont tous posés. Comme pour l'Espion face à un joueur sans Influence, "
                  "ces règles appliquent ce qui peut l'être."},
    ),
    RuleOption(
        name="extortion_count",
        title={"fr": "Extorsion : quelles cartes de l'attaquant comptent"},
        default=_read(
            "all", "Extorsion (précision)", "313-318",
            "Chaque carte de l'attaquant dans la File compte, révélée ou non, recouverte "
            "ou non."),
        alternatives=(_read(
            "uncovered", "Extorsion (précision)", "313-318",
            "Seules les cartes du dessus des piles comptent : une carte recouverte n'est "
            "plus prise en compte.",
            also=(Cite(ALLIANCE, "Piles de cartes", "164-168"),)),),
        reasoning={
            "fr": "La précision dit « chaque carte du joueur adverse présente dans la File, "
                  "qu'elle soit révélée ou non », sans exclure les cartes recouvertes, comme "
                  "le départage de fin de partie qui compte les cartes présentes dans la File."},
    ),
    RuleOption(
        name="insurrection_order",
        title={"fr": "Insurrection : dans quel ordre elle élimine ses deux voisines"},
        default=_read(
            "choice", "Insurrection", "293-295",
            "Son propriétaire choisit laquelle de ses deux voisines est éliminée d'abord. "
            "L'ordre compte quand l'une est une Extorsion adverse : éliminée en second, elle "
            "ne compte plus l'autre si celle-ci était à vous.",
            also=(Cite(ALLIANCE, "Phase de résolution", "70-72"),)),
        alternatives=(_read(
            "queue_order", "Insurrection", "293-295",
            "Elle élimine toujours d'abord la voisine qui la précède dans la File, puis "
            "l'autre."),),
        reasoning={
            "fr": "« Éliminez les deux cartes adjacentes » ne donne aucun ordre, et c'est le "
                  "propriétaire qui résout sa carte : l'ordre est à lui. L'autre lecture "
                  "suit le sens de la File, comme la résolution."},
    ),
    RuleOption(
        name="duo_opponents",
        title={"fr": "À deux joueurs : votre autre famille face aux cartes d'Alliance"},
        default=Reading(
            "other_family", PUBLISHER, "Variante à 2 joueurs (« toujours considérées comme "
            "adverse sauf pour l'Embuscade »)", {
                "fr": "Votre autre famille compte comme adverse pour l'Impératrice, "
                      "l'Informatrice et l'Extorsion : l'Impératrice peut poser son point "
                      "sur une de ses cartes cachées, l'Informatrice compte les points de "
                      "ses cartes cachées voisines, et une carte de votre autre famille qui "
                      "élimine votre Extorsion la déclenche (vous gagnez 2 par carte à vous "
                      "dans la File, puis perdez 1 point sur chacune de vos cartes cachées)."},
            lines="449-451",
            also=(Cite(ALLIANCE, "Impératrice", "222-223"),
                  Cite(ALLIANCE, "Informatrice", "234-235"),
                  Cite(ALLIANCE, "Extorsion", "313-315"))),
        alternatives=(Reading(
            "other_player", PUBLISHER, "Variante à 2 joueurs", {
                "fr": "Pour ces cartes, seule une carte de l'autre joueur est adverse : "
                      "elles ignorent votre autre famille."},
            lines="446-447"),),
        reasoning={
            "fr": "La variante à deux dit que vos deux familles sont « toujours » adverses, "
                  "avec la seule exception de l'Embuscade. Alliance n'ajoute aucune "
                  "exception : ces règles appliquent la règle telle quelle, même quand le point "
                  "revient à votre propre réserve. L'autre lecture tient compte de ce que "
                  "vos deux familles partagent vos points."},
    ),
    RuleOption(
        name="duo_swap_family",
        title={"fr": "À deux joueurs : avec quelle carte l'Informatrice s'échange"},
        default=Reading(
            "in_piles", PUBLISHER, "Variante à 2 joueurs (« Il n'est pas possible de faire "
            "une pile mélangeant des cartes de familles différentes »)", {
                "fr": "Seule dans sa pile, l'Informatrice s'échange avec une carte de l'une "
                      "ou l'autre de vos familles ; posée sur une autre carte, seulement "
                      "avec une carte de sa famille."},
            lines="438-442",
            also=(Cite(ALLIANCE, "Informatrice", "240-245"),)),
        alternatives=(Reading(
            "always", PUBLISHER, "Variante à 2 joueurs", {
                "fr": "L'Informatrice ne s'échange qu'avec une carte de sa famille, même "
                      "seule dans sa pile."},
            lines="449-451"),),
        reasoning={
            "fr": "La variante à deux laisse poser une carte de l'une ou l'autre famille et "
                  "n'interdit que les piles mélangées ; la carte échangée prend la place de "
                  "l'Informatrice comme une carte posée. L'autre lecture garde à cette place "
                  "une carte de la même famille, vos deux familles étant adverses."},
    ),
)


_OPTION = {o.name: o for o in ALLIANCE_OPTIONS}


def _rec(name: str, fr_title: str, lines: str, garbled: str, default: Reading,
         alternatives: Iterable[Reading], fr_why: str, option: str = "") -> Reconstruction:
    return Reconstruction(name, {"fr": fr_title}, lines, garbled, default,
                          tuple(alternatives), {"fr": fr_why}, option)


# -- every card and rule, as reconstructed -----------------------------------------------
RECONSTRUCTIONS: tuple[Reconstruction, ...] = (
    _rec("elimination_gain", "Alliance : ce que rapporte une élimination",
         "136-139",
         "il gagne / { 2 par carte éliminée. Cela est rappelé par le / symbole = sur la "
         "capacité de la carte.",
         _read("one", "Éliminer une carte", "136-139",
               "Chaque élimination rapporte 1 à celui qui élimine, quelle que soit la famille "
               "de la carte éliminée.",
               also=(Cite(PUBLISHER, "Éliminer une carte", "160-162"),)),
         [_read("two", "Éliminer une carte", "136-139",
                "Chaque élimination rapporte 2.")],
         "Le chiffre est illisible (« { 2 » suit l'icône d'Influence). La règle de base "
         "donne 1, et les cartes d'Alliance disent « 1 supplémentaire » ou « 2 "
         "supplémentaires » en plus de ce point : 1."),
    _rec("eliminated_face_down", "Alliance : une carte cachée éliminée",
         "141-147",
         "Si la carte éliminée était encore face cachée, les / éventuels T présents dessus "
         "sont perdus et la / carte est révélée.",
         _read("lost_revealed", "Éliminer une carte", "141-147",
               "Les points posés sur une carte cachée éliminée sont perdus ; la carte est "
               "montrée, puis placée face visible devant son propriétaire."),
         [_read("to_eliminator", "Éliminer une carte", "141-147",
                "Les points iraient à celui qui élimine.")],
         "« T » est l'icône d'Influence ; « sont perdus » est net, comme dans la règle de "
         "base où le point sur la carte éliminée est perdu."),
    _rec("compulsory", "Alliance : une capacité révélée est obligatoire",
         "126-129",
         "Il est obligatoire dappliquer la capacite dune carte / révélée, Par exemple, un "
         "Déserteur devra toujours / éliminer une carte adjacente, méme de sa famille.",
         _read("any_neighbour", "Tour de jeu", "126-129",
               "Le Déserteur élimine l'une de ses voisines, même de sa famille, même si une "
               "carte adverse est voisine : son texte ne pose pas la limite « si vous n'avez "
               "pas d'autre choix » du Soldat."),
         [_read("last_resort", "Tour de jeu", "126-129",
                "Comme le Soldat, le Déserteur ne viserait sa famille qu'en dernier recours.",
                also=(Cite(PUBLISHER, "Soldat", "332-335"),))],
         "La phrase est nette ; seule la portée de « même de sa famille » est à lire. Le "
         "texte du Déserteur ne limite pas son choix."),
    _rec("direction_tile", "Alliance : la tuile Sens de résolution",
         "30-35",
         "place la tuile Sens de résolution | 8 [a proximité. / Celfe—ci rappellr.f l:e sens "
         "dans lequelisﬂunt appli- / queées les capacités des cartes pour lensemble de / la "
         "partie",
         _read("fixed", "Mise en place", "30-35",
               "Le premier joueur pose la tuile près de la File ; elle fixe pour toute la "
               "partie le sens dans lequel la File se résout. ce livret écrit toujours la File "
               "dans ce sens : sa première carte est la première résolue.",
               also=(Cite(PUBLISHER, "Mise en place", "40-45"),)),
         [_read("per_round", "Mise en place", "30-35",
                "Le sens changerait à chaque tour avec le premier joueur.")],
         "« pour l'ensemble de la partie » se lit malgré le scan, et la phase de résolution "
         "le redit : « le sens de la File, qui reste le même pour toute la partie » "
         "(l. 67-68)."),
    _rec("deserter_under_pile", "Alliance : un Déserteur sous une pile",
         "191-198",
         "Le Déserteur en dessous redevient | ;mnm*- / diatement ﬂﬁﬁfefapﬁﬁque sa capacité.",
         _read("at_once", "Piles de cartes (conseil)", "191-198",
               "Quand la carte qui le recouvre quitte la File pendant qu'elle agit, le "
               "Déserteur en dessous redevient immédiatement actif et applique sa capacité "
               "(ou, s'il est caché, son propriétaire choisit de le révéler ou non).",
               also=(Cite(PUBLISHER, "Piles de cartes (conseil)", "295-297"),)),
         [_read("next_round", "Piles de cartes (conseil)", "191-198",
                "Le Déserteur n'agirait qu'au tour suivant.")],
         "« redevient immé-diatement [actif et] applique sa capacité » : la même cascade "
         "que l'Assassinat sur une carte dans la règle de base."),
    _rec("empress", "Impératrice", "222-223",
         "5 IMPERATRICE : Gagnez2 - .Placez1 - surune carte / ,‘qu adverse face cachée.",
         _OPTION["empress_token"].default, _OPTION["empress_token"].alternatives,
         "Texte net. Si aucune carte adverse cachée n'est visible (non recouverte), vous "
         "gagnez 2 et rien d'autre. " + _OPTION["empress_token"].reasoning["fr"],
         option="empress_token"),
    _rec("zealot", "Zélote", "229-230, 237-238",
         "*~< ZELOTE : Gagnez 1 / Vo= carterévélée dans laFile, gagneﬂ / … / . Si vous "
         "n'avez aucune autre / * supplémentaire.",
         _read("alone", "Zélote", "229-230, 237-238",
               "Gagnez 1. Si vous n'avez aucune autre carte révélée (non recouverte) dans la "
               "File, gagnez 1 supplémentaire."),
         [_read("per_card", "Zélote", "229-230",
                "Gagnez 1 par carte révélée dans la File.")],
         "La ligne 230 (« Vo[us n'avez aucune autre] carte révélée dans la File, gagne[z] "
         "… ») et les lignes 237-238 (« Si vous n'avez aucune autre … supplémentaire ») sont "
         "les deux moitiés, coupées par la colonne voisine, d'une même phrase du Zélote. "
         "« Vous n'avez » : vos cartes seulement ; une carte recouverte n'est plus prise en "
         "compte."),
    _rec("informant", "Informatrice", "234-235",
         "INFORMATRICE : Gagnez autant de ~ que de / présents sur les cartes adverses face "
         "cachée ad;acentes",
         _read("count", "Informatrice", "234-235",
               "Gagnez, de la réserve, autant de points qu'il y en a sur les cartes adverses "
               "cachées voisines ; ces points restent où ils sont."),
         [_read("take", "Informatrice", "234-235",
                "Prenez ces points sur les cartes voisines.")],
         "« Gagnez autant de … que de … présents » compte les points ; voler se dit "
         "« volez », comme pour l'Espion."),
    _rec("swap", "Informatrice : l'échange avec la main", "240-245",
         "L OU / :1 Echangez cette carte avec une carte face Ead\"ée':le / votre main. / » La "
         "carte ainsi placée ne sera activée qu'au prochain tour.",
         _read("face_down_next_round", "Informatrice", "240-245",
               "Au lieu de gagner, reprenez l'Informatrice en main et posez à sa place, face "
               "cachée, une carte de votre main ; cette carte ne sera résolue qu'au tour "
               "suivant (la résolution passe à la carte suivante). Impossible main vide."),
         [_read("face_up", "Informatrice", "240-245",
                "La carte posée le serait face visible, sans agir ce tour.")],
         "« face cachée » se lit dans « face Ead\"ée » ; « ne sera activée qu'au prochain "
         "tour » dit que la résolution ne revient pas sur elle. " +
         _OPTION["swap_card"].reasoning["fr"],
         option="swap_card"),
    _rec("diplomat", "Diplomate", "248-262",
         ")., DIPLOMATE : Gagnez 1 / %i‘ i Dlplonaﬂtelf .-lE'_ / e ’% Gagnez_ B les / "
         "défaussez-la. / … / . Placez 2 / 1) / * sur un autre",
         _OPTION["diplomat"].default, _OPTION["diplomat"].alternatives,
         _OPTION["diplomat"].reasoning["fr"] + " Sans autre Diplomate révélé, le premier "
         "choix rapporte 1 seulement.",
         option="diplomat"),
    _rec("diplomat_tokens", "Diplomate : ses points", "254-257",
         "» Le Diplomate est la seule carte sur laquelle on  peut placerdes / alors qu'elle "
         "est révéle. Comme pour les cartes face cachée. ces / points restent sur la carte si "
         "elle est recouverte et sont perdus si elle / est éliminée.",
         _read("kept_covered_lost_eliminated", "Diplomate (précision)", "254-257",
               "Un Diplomate révélé garde ses points : recouvert, il les garde ; éliminé, il "
               "les perd ; défaussé par son propre choix, il les rapporte."),
         [_read("lost_covered", "Diplomate (précision)", "254-257",
                "Recouvert, il perdrait ses points.")],
         "Texte net malgré les icônes perdues."),
    _rec("deserter", "Déserteur", "266-270",
         ". DESERTEUR : Ehmlnez une carte adjacente. Si cest un / % Persnnnage gagneﬂ "
         "supplementalre Puis, si cette / == carte nest pas adjacente & un Personnage "
         "révéls, / - défaussez-la",
         _read("itself", "Déserteur", "266-270",
               "Éliminez une carte voisine ; si c'est un Personnage (révélé ou non : une "
               "carte éliminée est montrée), gagnez 1 de plus. Puis, si le Déserteur n'est "
               "voisin d'aucun Personnage révélé, défaussez-le."),
         [_read("revealed_only", "Déserteur", "266-270",
                "Le point de plus ne viendrait que d'un Personnage déjà révélé.")],
         "« cette carte » ne peut être que le Déserteur : la carte éliminée a déjà quitté "
         "la File. Ses voisines se lisent après l'élimination, la File resserrée."),
    _rec("magistrate", "Magistrat", "272-284",
         "¥CF MAGISTRAT : Gagnez 1 . Placez un jeton / 32 ﬁ Condamnation sur une carte "
         "nimporte ot dans la File. / LOU / Eliminez une carte avec un jeton Condamnation.",
         _OPTION["magistrate_gain"].default, _OPTION["magistrate_gain"].alternatives,
         _OPTION["magistrate_gain"].reasoning["fr"] + " Le jeton va sur une carte non recouverte, "
         "n'importe où, le Magistrat compris ; une carte porte au plus un jeton.",
         option="magistrate_gain"),
    _rec("condemnation_tokens", "Jetons Condamnation : partagés, et quand la carte part",
         "14, 20, 282-284",
         "» Les jetons Condamnation sont communs a tous les joueurs. Il est / ainsi possible "
         "que 2 Magistrats rivaux s'associent pour éliminer une / carte adverse.",
         _read("back_to_supply", "Magistrat (précision)", "282-284",
               "Tout Magistrat peut éliminer une carte condamnée par n'importe quel "
               "Magistrat. Un jeton reste sur sa carte recouverte, déplacée ou retournée ; "
               "il retourne à la réserve quand sa carte quitte la File."),
         [_read("spent", "Magistrat (précision)", "282-284",
                "Un jeton dont la carte quitte la File serait retiré de la partie.")],
         "Le livret ne dit pas ce que devient le jeton ; 5 jetons pour toute une partie "
         "s'épuiseraient vite s'ils étaient perdus, et rien ne l'annonce."),
    _rec("condemnation_supply", "Jetons Condamnation : réserve vide", "14, 272-284",
         "-r » 5 jetons Condamnation",
         _OPTION["condemnation_supply"].default, _OPTION["condemnation_supply"].alternatives,
         _OPTION["condemnation_supply"].reasoning["fr"],
         option="condemnation_supply"),
    _rec("insurrection", "Insurrection", "293-302",
         "INSURRECTION : Défaussez 1 \" présent sur cette / \"+ carte pour larévéler. "
         "Eliminez les deux cartes adjacentes / -_-1.-; puis retournez cette carte face "
         "cachée. / … / » Vous devez dépenser 1 seul * présent sur votre Insurection pour la "
         "/ révéler. Si plusieurs - sont présents lorsque vous la révélez, gagnez / lesautres "
         "- normalement",
         _read("needs_a_point", "Insurrection", "293-302",
               "Sans point dessus, elle ne peut pas être révélée. Révélée, elle coûte 1 de "
               "ses points (gagnez les autres) ; elle élimine ses deux voisines (une seule "
               "s'il n'y en a qu'une, 1 point par élimination), puis est retournée face "
               "cachée et reste à sa place."),
         [_read("discarded", "Insurrection", "293-302",
                "Elle serait défaussée après avoir agi, comme une autre Intrigue.",
                also=(Cite(ALLIANCE, "Cartes Intrigue", "290-291"),))],
         "« retournez cette carte face cachée » est net : l'Insurrection est la seule "
         "Intrigue qui reste dans la File. Si elle élimine une Embuscade adverse, le piège "
         "joue : elle est défaussée au lieu d'être retournée."),
    _rec("insurrection_trap", "Insurrection : une Embuscade la défausse", "164-168, 293-295",
         "Eliminez les deux cartes adjacentes / puis retournez cette carte face cachée. / "
         "Tant guelle est recouverte, une carte nest plus / prise en compte lors de la phase "
         "de résolution.",
         _read("other_still_eliminated", "Insurrection", "293-295",
               "Si la première carte qu'elle élimine est une Embuscade dont le piège la "
               "défausse (celle d'un adversaire, ou la vôtre), l'Insurrection élimine quand "
               "même son autre voisine, celle d'avant le piège ; elle ne se retourne pas. "
               "La carte qu'elle recouvrait n'était pas sa voisine : elle n'est pas touchée "
               "et se résout ensuite.",
               also=(Cite(PUBLISHER, "Embuscade", "353-356"),
                     Cite(ALLIANCE, "Piles de cartes", "164-168"))),
         [_read("stops", "Insurrection", "293-295",
                "Défaussée, l'Insurrection s'arrêterait : son autre voisine resterait en "
                "place.")],
         "« Éliminez les deux cartes adjacentes » désigne d'un coup ses deux voisines ; "
         "l'Embuscade défausse l'attaquant sans rien annuler, et une carte recouverte ne "
         "peut être prise pour cible (l. 164-168). S'arrêter laisserait l'ordre des "
         "éliminations décider si la seconde a lieu, alors qu'une capacité révélée "
         "s'applique en entier (l. 126-129). Seul « retournez cette carte » tombe : elle "
         "n'est plus dans la File."),
    _rec("insurrection_order", "Insurrection : l'ordre des deux éliminations", "293-295",
         "Eliminez les deux cartes adjacentes",
         _OPTION["insurrection_order"].default, _OPTION["insurrection_order"].alternatives,
         _OPTION["insurrection_order"].reasoning["fr"],
         option="insurrection_order"),
    _rec("extortion", "Extorsion", "306-318",
         "EXTORSION : Défaussez les / et gagnez 1 / présents sur 'Extorsion / . Défaussez "
         "l'Extorsion. / - S IExtorsion est éliminée par une carte adverse, gagnez / 2 _ par "
         "carte de ce joueur dans la File, puis ce dernier / défausse 1 = surchacune de ses "
         "cartes face cachée.",
         _OPTION["extortion_count"].default, _OPTION["extortion_count"].alternatives,
         "Révélée : ses points sont défaussés, gagnez 1, défaussez-la (comme l'Embuscade). "
         "Éliminée par un adversaire : vous gagnez 2 par carte de cet adversaire dans la "
         "File, puis il perd 1 point sur chacune de ses cartes cachées non recouvertes (qui "
         "en portent). " + _OPTION["extortion_count"].reasoning["fr"],
         option="extortion_count"),
    _rec("reserve", "Pouvoir de Réserve", "332-340",
         "cgcﬂeux cartes Intrigue disposent d'un pouvoir de Réserve o% > / Une carte réservée "
         "est retirée de la File et placée devant son / joueur propriétaire. … / Une carte "
         "Intrigue éliminée n'est pas réservée",
         _read("lasting", "Pouvoir de Réserve", "332-340",
               "Une carte réservée quitte la File et reste devant son propriétaire jusqu'à "
               "la fin ; son pouvoir dure, aucune carte ne l'atteint plus, elle ne compte pas "
               "parmi les cartes de la File. Éliminée, elle n'est pas réservée."),
         [_read("in_queue", "Pouvoir de Réserve", "332-340",
                "Elle compterait encore pour le départage.")],
         "« Ces deux cartes » : l'Infiltration et le Négoce, les deux dernières. Retirée de "
         "la File, la carte ne compte plus parmi celles « présentes dans la File »."),
    _rec("infiltration", "Infiltration", "342-351",
         "INFILTRATION : Placez 1 \" sur chacune de vos cartes / face cachée, Réservez "
         "['Infiltration. / … / \" #Lursque vous éliminez une carte face cachée, / L gagnez 2 "
         ". supplémentaires.",
         _read("uncovered", "Infiltration", "342-351",
               "Posez 1 point de la réserve sur chacune de vos cartes cachées non "
               "recouvertes, puis réservez-la. Réservée : chaque fois qu'une de vos cartes "
               "élimine une carte cachée, gagnez 2 de plus."),
         [_read("covered_too", "Infiltration", "342-343",
                "Les cartes cachées recouvertes recevraient aussi un point.")],
         "Une carte recouverte ne peut « accueillir de points supplémentaires » (l. "
         "164-168)."),
    _rec("trade", "Négoce", "355-362",
         "NEGOCE : Réservez le Négoce en conservant les . / dessus. / : ;%J Dg?qu début de "
         "chaque tour, si vous avez au moins / une carte dans la File, gagnez autant de \" "
         "que / ceux présents sur le Négoce. / » Important:enfindepartie, gagnez les - "
         "présents sur votre Négoce.",
         _read("kept", "Négoce", "355-362",
               "Révélé, le Négoce ne rapporte pas ses points : il est réservé avec eux. Au "
               "début de chaque tour suivant, si vous avez au moins une carte dans la File "
               "(recouverte ou non), gagnez autant que ses points ; à la fin de la partie, "
               "gagnez-les encore."),
         [_read("paid_on_reveal", "Négoce", "355-356",
                "Les points seraient gagnés à la révélation, puis le Négoce réservé vide.")],
         "« en conservant les [points] dessus » : ils ne sont pas gagnés en révélant, sinon "
         "le pouvoir de Réserve ne rapporterait jamais rien."),
    _rec("combination_sheet", "Boîtes mélangées : la fiche Combinaison", "15",
         "1 fiche Combinaison",
         _read("ten_kinds", "Matériel", "9-15",
               "Une partie se joue avec dix sortes de cartes par famille, les mêmes pour "
               "toutes les familles : celles d'une boîte, ou un mélange de dix choisi avant "
               "la partie."),
         [_read("per_family", "Matériel", "9-15",
                "Chaque famille pourrait avoir son propre mélange.")],
         "Le scan ne donne pas le contenu de la fiche ; la règle de base fixe 10 cartes "
         "identiques par famille, et les cartes comme l'Héritier supposent que chaque "
         "famille a les mêmes noms."),
    _rec("mixed_shapeshifter", "Boîtes mélangées : le Changeforme copie une carte d'Alliance", "",
         "",
         Reading("acting_card", PUBLISHER, "Changeforme", {
             "fr": "Le Changeforme applique la capacité copiée comme si elle était écrite sur "
                   "lui : « cette carte » est le Changeforme (un Déserteur copié peut le "
                   "défausser, un Diplomate copié le défausser avec ses points, une "
                   "Informatrice copiée l'échanger)."}, lines="343-348"),
         [Reading("copied_card", PUBLISHER, "Changeforme", {
             "fr": "« Cette carte » resterait la carte copiée."}, lines="343-348")],
         "La règle de base : le Changeforme copie la capacité, pas le nom ; il garde le "
         "sien."),
    _rec("duo_opponents", "Alliance à deux joueurs : les adversaires", "222-223, 234-235, 313-315",
         "5 IMPERATRICE : Gagnez2 - .Placez1 - surune carte / ,‘qu adverse face cachée. / "
         "présents sur les cartes adverses face cachée ad;acentes / - S IExtorsion est "
         "éliminée par une carte adverse, gagnez",
         _OPTION["duo_opponents"].default, _OPTION["duo_opponents"].alternatives,
         _OPTION["duo_opponents"].reasoning["fr"],
         option="duo_opponents"),
    _rec("duo_swap", "Alliance à deux joueurs : l'échange de l'Informatrice", "240-245",
         ":1 Echangez cette carte avec une carte face Ead\"ée':le / votre main.",
         _OPTION["duo_swap_family"].default, _OPTION["duo_swap_family"].alternatives,
         _OPTION["duo_swap_family"].reasoning["fr"],
         option="duo_swap_family"),
)

RECONSTRUCTIONS_BY_NAME = {r.name: r for r in RECONSTRUCTIONS}
assert len(RECONSTRUCTIONS_BY_NAME) == len(RECONSTRUCTIONS)
assert all(r.option in {o.name for o in ALLIANCE_OPTIONS} for r in RECONSTRUCTIONS if r.option)
