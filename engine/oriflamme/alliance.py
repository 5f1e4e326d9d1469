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


def _read(value: str, section: str, lines: str, fr: str, en: str,
          also: tuple[Cite, ...] = ()) -> Reading:
    return Reading(value, ALLIANCE, section, {"fr": fr, "en": en}, lines=lines, also=also)


# -- the points where two readings both fit: rule options ------------------------------
ALLIANCE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="swap_card",
        title={"fr": "Alliance : quelle carte s'échange avec une carte de la main",
               "en": "Alliance: which card swaps with a card from your hand"},
        default=_read(
            "informant", "Informatrice", "234-245",
            "L'Informatrice : gagnez autant d'Influence qu'il y en a sur les cartes adverses "
            "face cachée voisines, OU échangez-la avec une carte de votre main.",
            "The Informant: gain as much influence as lies on neighbouring face-down "
            "opponent cards, OR swap it with a card from your hand."),
        alternatives=(_read(
            "zealot", "Zélote", "229-245",
            "Le Zélote : gagnez 1, et 1 de plus si vous n'avez aucune autre carte révélée "
            "dans la File, OU échangez-le avec une carte de votre main.",
            "The Zealot: gain 1, and 1 more if you have no other revealed card in the "
            "Queue, OR swap it with a card from your hand."),),
        reasoning={
            "fr": "Sur la page des cartes, les textes du Zélote et de l'Informatrice sont "
                  "entremêlés. La phrase « OU échangez… » et sa précision suivent le texte de "
                  "l'Informatrice et précèdent le seul « Conseil » de ce bloc : ces règles la "
                  "donnent à l'Informatrice, une espionne qui s'éclipse.",
            "en": "On the cards' page the Zealot's and the Informant's texts are "
                  "interleaved. The \u201cOR swap\u2026\u201d sentence and its clarification "
                  "follow the Informant's text and come before the block's only \u201cTip\u201d: "
                  "these rules give it to the Informant, a spy slipping away."},
    ),
    RuleOption(
        name="empress_token",
        title={"fr": "Impératrice : d'où vient l'Influence posée sur la carte adverse",
               "en": "Empress: where the influence put on the opponent's card comes from"},
        default=_read(
            "supply", "Impératrice", "222-223",
            "Vous gagnez 2 ; l'Influence posée sur la carte adverse face cachée vient de la "
            "réserve.",
            "You gain 2; the influence put on the face-down opponent card comes from the "
            "supply."),
        alternatives=(_read(
            "own", "Impératrice", "222-223",
            "Vous gagnez 2, puis posez 1 de vos propres points sur la carte adverse : vous "
            "gagnez 1 en tout.",
            "You gain 2, then put 1 of your own points on the opponent's card: you gain 1 "
            "in all."),),
        reasoning={
            "fr": "« Placez 1 » sans autre précision est, dans tout Oriflamme, un point pris "
                  "à la réserve (comme celui posé sur une carte laissée cachée). L'autre "
                  "lecture fait payer la faveur par l'Impératrice.",
            "en": "\u201cPlace 1\u201d with nothing more is, throughout Oriflamme, a point "
                  "taken from the supply (like the one put on a card left hidden). The other "
                  "reading makes the Empress pay for the favour."},
    ),
    RuleOption(
        name="diplomat",
        title={"fr": "Diplomate : sur quel Diplomate poser les 2 points",
               "en": "Diplomat: which Diplomat receives the 2 points"},
        default=_read(
            "another", "Diplomate", "248-262",
            "Gagnez 1 et posez 2 points de la réserve sur un autre Diplomate révélé de la "
            "File (s'il y en a un), OU gagnez les points posés sur votre Diplomate et "
            "défaussez-le.",
            "Gain 1 and put 2 points from the supply on another revealed Diplomat of the "
            "Queue (if there is one), OR gain the points on your Diplomat and discard it."),
        alternatives=(_read(
            "self", "Diplomate", "248-262",
            "Gagnez 1 et posez 2 points de la réserve sur ce Diplomate, OU gagnez les points "
            "posés dessus et défaussez-le.",
            "Gain 1 and put 2 points from the supply on this Diplomat, OR gain the points "
            "on it and discard it."),),
        reasoning={
            "fr": "Le scan garde « Gagnez 1 », « Diplomate », « Gagnez … les … défaussez-la » "
                  "et « Placez 2 … sur un autre ». ces règles lisent « sur un autre Diplomate » : les "
                  "Diplomates rivaux se nourrissent l'un l'autre, et c'est pourquoi la "
                  "précision dit qu'un Diplomate révélé peut porter des points. L'autre "
                  "lecture pose les points sur le Diplomate lui-même.",
            "en": "The scan keeps \u201cGain 1\u201d, \u201cDiplomat\u201d, \u201cGain \u2026 the "
                  "\u2026 discard it\u201d and \u201cPlace 2 \u2026 on another\u201d. these rules "
                  "read \u201con another Diplomat\u201d: rival Diplomats feed each other, which is "
                  "why the clarification says a revealed Diplomat may carry points. The other "
                  "reading puts the points on the Diplomat itself."},
    ),
    RuleOption(
        name="magistrate_gain",
        title={"fr": "Magistrat : quand il gagne 1",
               "en": "Magistrate: when it gains 1"},
        default=_read(
            "first_way", "Magistrat", "272-278",
            "« Gagnez 1 » appartient au premier choix : gagnez 1 et posez un jeton "
            "Condamnation, OU éliminez une carte qui porte un jeton (et gagnez le point de "
            "l'élimination).",
            "\u201cGain 1\u201d belongs to the first choice: gain 1 and put a Condemnation "
            "token, OR eliminate a card that carries a token (and gain the elimination's "
            "point)."),
        alternatives=(_read(
            "always", "Magistrat", "272-278",
            "Gagnez 1 dans tous les cas, puis posez un jeton OU éliminez une carte "
            "condamnée.",
            "Gain 1 either way, then put a token OR eliminate a condemned card."),),
        reasoning={
            "fr": "« OU » suit la phrase « Gagnez 1. Placez un jeton… » tout entière, et "
                  "l'élimination rapporte déjà son propre point : les deux choix valent "
                  "alors 1.",
            "en": "\u201cOR\u201d follows the whole sentence \u201cGain 1. Place a "
                  "token\u2026\u201d, and the elimination already brings its own point: both "
                  "choices are then worth 1."},
    ),
    RuleOption(
        name="condemnation_supply",
        title={"fr": "Magistrat : plus aucun jeton Condamnation disponible",
               "en": "Magistrate: no Condemnation token left"},
        default=_read(
            "gain_only", "Magistrat (5 jetons)", "14, 272-284",
            "Si les 5 jetons sont déjà sur des cartes, le premier choix rapporte 1 sans "
            "poser de jeton.",
            "When all 5 tokens already lie on cards, the first choice gains 1 without "
            "putting a token."),
        alternatives=(_read(
            "eliminate_only", "Magistrat (5 jetons)", "14, 272-284",
            "Sans jeton disponible, le premier choix est impossible : le Magistrat doit "
            "éliminer une carte condamnée (s'il n'en voit aucune, il gagne 1).",
            "With no token available the first choice cannot be made: the Magistrate must "
            "eliminate a condemned card (if it sees none, it gains 1)."),),
        reasoning={
            "fr": "La boîte contient 5 jetons et le livret ne dit pas ce qui se passe quand "
                  "ils sont tous posés. Comme pour l'Espion face à un joueur sans Influence, "
                  "ces règles appliquent ce qui peut l'être.",
            "en": "The box holds 5 tokens and the rulebook does not say what happens when "
                  "all are out. As for the Spy facing a player with no influence, these "
                  "rules apply what can be applied."},
    ),
    RuleOption(
        name="extortion_count",
        title={"fr": "Extorsion : quelles cartes de l'attaquant comptent",
               "en": "Extortion: which of the attacker's cards count"},
        default=_read(
            "all", "Extorsion (précision)", "313-318",
            "Chaque carte de l'attaquant dans la File compte, révélée ou non, recouverte "
            "ou non.",
            "Every card of the attacker in the Queue counts, revealed or not, covered or "
            "not."),
        alternatives=(_read(
            "uncovered", "Extorsion (précision)", "313-318",
            "Seules les cartes du dessus des piles comptent : une carte recouverte n'est "
            "plus prise en compte.",
            "Only the top cards of piles count: a covered card no longer counts.",
            also=(Cite(ALLIANCE, "Piles de cartes", "164-168"),)),),
        reasoning={
            "fr": "La précision dit « chaque carte du joueur adverse présente dans la File, "
                  "qu'elle soit révélée ou non », sans exclure les cartes recouvertes, comme "
                  "le départage de fin de partie qui compte les cartes présentes dans la File.",
            "en": "The clarification says \u201ceach card of the opponent present in the "
                  "Queue, revealed or not\u201d, without leaving out covered cards, like the "
                  "end-of-game tie-break that counts the cards present in the Queue."},
    ),
    RuleOption(
        name="insurrection_order",
        title={"fr": "Insurrection : dans quel ordre elle élimine ses deux voisines",
               "en": "Insurrection: in which order it eliminates its two neighbours"},
        default=_read(
            "choice", "Insurrection", "293-295",
            "Son propriétaire choisit laquelle de ses deux voisines est éliminée d'abord. "
            "L'ordre compte quand l'une est une Extorsion adverse : éliminée en second, elle "
            "ne compte plus l'autre si celle-ci était à vous.",
            "Its owner chooses which of its two neighbours is eliminated first. The order "
            "matters when one is an opponent's Extortion: eliminated second, it no longer "
            "counts the other if that one was yours.",
            also=(Cite(ALLIANCE, "Phase de résolution", "70-72"),)),
        alternatives=(_read(
            "queue_order", "Insurrection", "293-295",
            "Elle élimine toujours d'abord la voisine qui la précède dans la File, puis "
            "l'autre.",
            "It always eliminates first the neighbour before it in the Queue, then the "
            "other."),),
        reasoning={
            "fr": "« Éliminez les deux cartes adjacentes » ne donne aucun ordre, et c'est le "
                  "propriétaire qui résout sa carte : l'ordre est à lui. L'autre lecture "
                  "suit le sens de la File, comme la résolution.",
            "en": "\u201cEliminate the two adjacent cards\u201d gives no order, and the "
                  "owner is the one who resolves their card: the order is theirs. The other "
                  "reading follows the Queue's direction, like the resolution."},
    ),
    RuleOption(
        name="duo_opponents",
        title={"fr": "À deux joueurs : votre autre famille face aux cartes d'Alliance",
               "en": "Two players: your other family and the Alliance cards"},
        default=Reading(
            "other_family", PUBLISHER, "Variante à 2 joueurs (« toujours considérées comme "
            "adverse sauf pour l'Embuscade »)", {
                "fr": "Votre autre famille compte comme adverse pour l'Impératrice, "
                      "l'Informatrice et l'Extorsion : l'Impératrice peut poser son point "
                      "sur une de ses cartes cachées, l'Informatrice compte les points de "
                      "ses cartes cachées voisines, et une carte de votre autre famille qui "
                      "élimine votre Extorsion la déclenche (vous gagnez 2 par carte à vous "
                      "dans la File, puis perdez 1 point sur chacune de vos cartes cachées).",
                "en": "Your other family counts as an opponent for the Empress, the "
                      "Informant and the Extortion: the Empress may put her point on one "
                      "of its face-down cards, the Informant counts the points on its "
                      "neighbouring face-down cards, and a card of your other family that "
                      "eliminates your Extortion springs it (you gain 2 per card of yours in "
                      "the Queue, then lose 1 point from each of your face-down cards)."},
            lines="449-451",
            also=(Cite(ALLIANCE, "Impératrice", "222-223"),
                  Cite(ALLIANCE, "Informatrice", "234-235"),
                  Cite(ALLIANCE, "Extorsion", "313-315"))),
        alternatives=(Reading(
            "other_player", PUBLISHER, "Variante à 2 joueurs", {
                "fr": "Pour ces cartes, seule une carte de l'autre joueur est adverse : "
                      "elles ignorent votre autre famille.",
                "en": "For these cards only the other player's cards are opponents': they "
                      "leave your other family alone."},
            lines="446-447"),),
        reasoning={
            "fr": "La variante à deux dit que vos deux familles sont « toujours » adverses, "
                  "avec la seule exception de l'Embuscade. Alliance n'ajoute aucune "
                  "exception : ces règles appliquent la règle telle quelle, même quand le point "
                  "revient à votre propre réserve. L'autre lecture tient compte de ce que "
                  "vos deux familles partagent vos points.",
            "en": "The two-player variant says your two families are \u201calways\u201d "
                  "opponents, the Ambush being the only exception. Alliance adds no "
                  "exception: these rules apply the rule as it stands, even when the point "
                  "comes back to your own supply. The other reading takes into account "
                  "that your two families share your points."},
    ),
    RuleOption(
        name="duo_swap_family",
        title={"fr": "À deux joueurs : avec quelle carte l'Informatrice s'échange",
               "en": "Two players: which card the Informant swaps with"},
        default=Reading(
            "in_piles", PUBLISHER, "Variante à 2 joueurs (« Il n'est pas possible de faire "
            "une pile mélangeant des cartes de familles différentes »)", {
                "fr": "Seule dans sa pile, l'Informatrice s'échange avec une carte de l'une "
                      "ou l'autre de vos familles ; posée sur une autre carte, seulement "
                      "avec une carte de sa famille.",
                "en": "Alone in its pile, the Informant swaps with a card of either of your "
                      "families; on top of another card, only with a card of its own "
                      "family."},
            lines="438-442",
            also=(Cite(ALLIANCE, "Informatrice", "240-245"),)),
        alternatives=(Reading(
            "always", PUBLISHER, "Variante à 2 joueurs", {
                "fr": "L'Informatrice ne s'échange qu'avec une carte de sa famille, même "
                      "seule dans sa pile.",
                "en": "The Informant swaps only with a card of its own family, even alone "
                      "in its pile."},
            lines="449-451"),),
        reasoning={
            "fr": "La variante à deux laisse poser une carte de l'une ou l'autre famille et "
                  "n'interdit que les piles mélangées ; la carte échangée prend la place de "
                  "l'Informatrice comme une carte posée. L'autre lecture garde à cette place "
                  "une carte de la même famille, vos deux familles étant adverses.",
            "en": "The two-player variant lets you place a card of either family and only "
                  "forbids mixed piles; the card swapped in takes the Informant's place like "
                  "a card placed. The other reading keeps a card of the same family in that "
                  "place, your two families being opponents."},
    ),
)


_OPTION = {o.name: o for o in ALLIANCE_OPTIONS}


def _rec(name, fr_title, en_title, lines, garbled, default, alternatives, fr_why, en_why,
         option=""):
    return Reconstruction(name, {"fr": fr_title, "en": en_title}, lines, garbled, default,
                          tuple(alternatives), {"fr": fr_why, "en": en_why}, option)


# -- every card and rule, as reconstructed -----------------------------------------------
RECONSTRUCTIONS: tuple[Reconstruction, ...] = (
    _rec("elimination_gain", "Alliance : ce que rapporte une élimination",
         "Alliance: what an elimination gains",
         "136-139",
         "il gagne / { 2 par carte éliminée. Cela est rappelé par le / symbole = sur la "
         "capacité de la carte.",
         _read("one", "Éliminer une carte", "136-139",
               "Chaque élimination rapporte 1 à celui qui élimine, quelle que soit la famille "
               "de la carte éliminée.",
               "Each elimination gains the eliminator 1, whatever the family of the card.",
               also=(Cite(PUBLISHER, "Éliminer une carte", "160-162"),)),
         [_read("two", "Éliminer une carte", "136-139",
                "Chaque élimination rapporte 2.", "Each elimination gains 2.")],
         "Le chiffre est illisible (« { 2 » suit l'icône d'Influence). La règle de base "
         "donne 1, et les cartes d'Alliance disent « 1 supplémentaire » ou « 2 "
         "supplémentaires » en plus de ce point : 1.",
         "The figure is unreadable (\u201c{ 2\u201d follows the influence icon). The base "
         "rulebook gives 1, and the Alliance cards speak of \u201c1 more\u201d or \u201c2 "
         "more\u201d on top of that point: 1."),
    _rec("eliminated_face_down", "Alliance : une carte cachée éliminée",
         "Alliance: an eliminated face-down card",
         "141-147",
         "Si la carte éliminée était encore face cachée, les / éventuels T présents dessus "
         "sont perdus et la / carte est révélée.",
         _read("lost_revealed", "Éliminer une carte", "141-147",
               "Les points posés sur une carte cachée éliminée sont perdus ; la carte est "
               "montrée, puis placée face visible devant son propriétaire.",
               "The points on an eliminated face-down card are lost; the card is shown, "
               "then put face up in front of its owner."),
         [_read("to_eliminator", "Éliminer une carte", "141-147",
                "Les points iraient à celui qui élimine.",
                "The points would go to the eliminator.")],
         "« T » est l'icône d'Influence ; « sont perdus » est net, comme dans la règle de "
         "base où le point sur la carte éliminée est perdu.",
         "\u201cT\u201d is the influence icon; \u201care lost\u201d is clear, as in the base "
         "rulebook where the point on the eliminated card is lost."),
    _rec("compulsory", "Alliance : une capacité révélée est obligatoire",
         "Alliance: a revealed ability is compulsory",
         "126-129",
         "Il est obligatoire dappliquer la capacite dune carte / révélée, Par exemple, un "
         "Déserteur devra toujours / éliminer une carte adjacente, méme de sa famille.",
         _read("any_neighbour", "Tour de jeu", "126-129",
               "Le Déserteur élimine l'une de ses voisines, même de sa famille, même si une "
               "carte adverse est voisine : son texte ne pose pas la limite « si vous n'avez "
               "pas d'autre choix » du Soldat.",
               "The Deserter eliminates one of its neighbours, even of its family, even "
               "when an opponent's card is a neighbour: its text sets no \u201cif you have "
               "no other choice\u201d limit like the Soldier's."),
         [_read("last_resort", "Tour de jeu", "126-129",
                "Comme le Soldat, le Déserteur ne viserait sa famille qu'en dernier recours.",
                "Like the Soldier, the Deserter would target its family only as a last "
                "resort.", also=(Cite(PUBLISHER, "Soldat", "332-335"),))],
         "La phrase est nette ; seule la portée de « même de sa famille » est à lire. Le "
         "texte du Déserteur ne limite pas son choix.",
         "The sentence is clear; only the reach of \u201ceven of its family\u201d is to be "
         "read. The Deserter's text does not limit its choice."),
    _rec("direction_tile", "Alliance : la tuile Sens de résolution",
         "Alliance: the Resolution Direction tile",
         "30-35",
         "place la tuile Sens de résolution | 8 [a proximité. / Celfe—ci rappellr.f l:e sens "
         "dans lequelisﬂunt appli- / queées les capacités des cartes pour lensemble de / la "
         "partie",
         _read("fixed", "Mise en place", "30-35",
               "Le premier joueur pose la tuile près de la File ; elle fixe pour toute la "
               "partie le sens dans lequel la File se résout. ce livret écrit toujours la File "
               "dans ce sens : sa première carte est la première résolue.",
               "The first player puts the tile by the Queue; it fixes for the whole game the "
               "direction in which the Queue resolves. this booklet always writes the Queue in "
               "that direction: its first card is the first resolved.",
               also=(Cite(PUBLISHER, "Mise en place", "40-45"),)),
         [_read("per_round", "Mise en place", "30-35",
                "Le sens changerait à chaque tour avec le premier joueur.",
                "The direction would change every round with the first player.")],
         "« pour l'ensemble de la partie » se lit malgré le scan, et la phase de résolution "
         "le redit : « le sens de la File, qui reste le même pour toute la partie » "
         "(l. 67-68).",
         "\u201cfor the whole game\u201d can be read through the scan, and the resolution "
         "phase says it again: \u201cthe Queue's direction, which stays the same for the "
         "whole game\u201d (l. 67-68)."),
    _rec("deserter_under_pile", "Alliance : un Déserteur sous une pile",
         "Alliance: a Deserter under a pile",
         "191-198",
         "Le Déserteur en dessous redevient | ;mnm*- / diatement ﬂﬁﬁfefapﬁﬁque sa capacité.",
         _read("at_once", "Piles de cartes (conseil)", "191-198",
               "Quand la carte qui le recouvre quitte la File pendant qu'elle agit, le "
               "Déserteur en dessous redevient immédiatement actif et applique sa capacité "
               "(ou, s'il est caché, son propriétaire choisit de le révéler ou non).",
               "When the card covering it leaves the Queue while acting, the Deserter "
               "below becomes active at once and applies its ability (or, if it is face "
               "down, its owner chooses whether to reveal it).",
               also=(Cite(PUBLISHER, "Piles de cartes (conseil)", "295-297"),)),
         [_read("next_round", "Piles de cartes (conseil)", "191-198",
                "Le Déserteur n'agirait qu'au tour suivant.",
                "The Deserter would act only in the next round.")],
         "« redevient immé-diatement [actif et] applique sa capacité » : la même cascade "
         "que l'Assassinat sur une carte dans la règle de base.",
         "\u201cbecomes at once [active and] applies its ability\u201d: the same cascade as "
         "the Assassination on a card in the base rulebook."),
    _rec("empress", "Impératrice", "Empress", "222-223",
         "5 IMPERATRICE : Gagnez2 - .Placez1 - surune carte / ,‘qu adverse face cachée.",
         _OPTION["empress_token"].default, _OPTION["empress_token"].alternatives,
         "Texte net. Si aucune carte adverse cachée n'est visible (non recouverte), vous "
         "gagnez 2 et rien d'autre. " + _OPTION["empress_token"].reasoning["fr"],
         "Clear text. When no opponent's face-down card is visible (uncovered), you gain 2 "
         "and nothing more. " + _OPTION["empress_token"].reasoning["en"],
         option="empress_token"),
    _rec("zealot", "Zélote", "Zealot", "229-230, 237-238",
         "*~< ZELOTE : Gagnez 1 / Vo= carterévélée dans laFile, gagneﬂ / … / . Si vous "
         "n'avez aucune autre / * supplémentaire.",
         _read("alone", "Zélote", "229-230, 237-238",
               "Gagnez 1. Si vous n'avez aucune autre carte révélée (non recouverte) dans la "
               "File, gagnez 1 supplémentaire.",
               "Gain 1. If you have no other revealed (uncovered) card in the Queue, gain 1 "
               "more."),
         [_read("per_card", "Zélote", "229-230",
                "Gagnez 1 par carte révélée dans la File.",
                "Gain 1 per revealed card in the Queue.")],
         "La ligne 230 (« Vo[us n'avez aucune autre] carte révélée dans la File, gagne[z] "
         "… ») et les lignes 237-238 (« Si vous n'avez aucune autre … supplémentaire ») sont "
         "les deux moitiés, coupées par la colonne voisine, d'une même phrase du Zélote. "
         "« Vous n'avez » : vos cartes seulement ; une carte recouverte n'est plus prise en "
         "compte.",
         "Line 230 (\u201cYo[u have no other] revealed card in the Queue, gain \u2026\u201d) "
         "and lines 237-238 (\u201cIf you have no other \u2026 more\u201d) are the two halves, "
         "cut by the next column, of one Zealot sentence. \u201cYou have\u201d: your cards "
         "only; a covered card no longer counts."),
    _rec("informant", "Informatrice", "Informant", "234-235",
         "INFORMATRICE : Gagnez autant de ~ que de / présents sur les cartes adverses face "
         "cachée ad;acentes",
         _read("count", "Informatrice", "234-235",
               "Gagnez, de la réserve, autant de points qu'il y en a sur les cartes adverses "
               "cachées voisines ; ces points restent où ils sont.",
               "Gain, from the supply, as many points as lie on the neighbouring face-down "
               "opponent cards; those points stay where they are."),
         [_read("take", "Informatrice", "234-235",
                "Prenez ces points sur les cartes voisines.",
                "Take those points off the neighbouring cards.")],
         "« Gagnez autant de … que de … présents » compte les points ; voler se dit "
         "« volez », comme pour l'Espion.",
         "\u201cGain as many \u2026 as \u2026 present\u201d counts the points; taking them would "
         "say \u201csteal\u201d, as the Spy does."),
    _rec("swap", "Informatrice : l'échange avec la main",
         "Informant: the swap with your hand", "240-245",
         "L OU / :1 Echangez cette carte avec une carte face Ead\"ée':le / votre main. / » La "
         "carte ainsi placée ne sera activée qu'au prochain tour.",
         _read("face_down_next_round", "Informatrice", "240-245",
               "Au lieu de gagner, reprenez l'Informatrice en main et posez à sa place, face "
               "cachée, une carte de votre main ; cette carte ne sera résolue qu'au tour "
               "suivant (la résolution passe à la carte suivante). Impossible main vide.",
               "Instead of gaining, take the Informant back into your hand and put a card "
               "from your hand face down in its place; that card resolves only next round "
               "(resolution moves on to the next card). Impossible with an empty hand."),
         [_read("face_up", "Informatrice", "240-245",
                "La carte posée le serait face visible, sans agir ce tour.",
                "The card put down would be face up, without acting this round.")],
         "« face cachée » se lit dans « face Ead\"ée » ; « ne sera activée qu'au prochain "
         "tour » dit que la résolution ne revient pas sur elle. " +
         _OPTION["swap_card"].reasoning["fr"],
         "\u201cface down\u201d can be read in \u201cface Ead\"ée\u201d; \u201cwill only be "
         "activated next round\u201d says the resolution does not come back to it. " +
         _OPTION["swap_card"].reasoning["en"],
         option="swap_card"),
    _rec("diplomat", "Diplomate", "Diplomat", "248-262",
         ")., DIPLOMATE : Gagnez 1 / %i‘ i Dlplonaﬂtelf .-lE'_ / e ’% Gagnez_ B les / "
         "défaussez-la. / … / . Placez 2 / 1) / * sur un autre",
         _OPTION["diplomat"].default, _OPTION["diplomat"].alternatives,
         _OPTION["diplomat"].reasoning["fr"] + " Sans autre Diplomate révélé, le premier "
         "choix rapporte 1 seulement.",
         _OPTION["diplomat"].reasoning["en"] + " With no other revealed Diplomat, the first "
         "choice gains just 1.",
         option="diplomat"),
    _rec("diplomat_tokens", "Diplomate : ses points", "Diplomat: its points", "254-257",
         "» Le Diplomate est la seule carte sur laquelle on  peut placerdes / alors qu'elle "
         "est révéle. Comme pour les cartes face cachée. ces / points restent sur la carte si "
         "elle est recouverte et sont perdus si elle / est éliminée.",
         _read("kept_covered_lost_eliminated", "Diplomate (précision)", "254-257",
               "Un Diplomate révélé garde ses points : recouvert, il les garde ; éliminé, il "
               "les perd ; défaussé par son propre choix, il les rapporte.",
               "A revealed Diplomat keeps its points: covered, it keeps them; eliminated, it "
               "loses them; discarded by its own choice, it brings them in."),
         [_read("lost_covered", "Diplomate (précision)", "254-257",
                "Recouvert, il perdrait ses points.", "Covered, it would lose its points.")],
         "Texte net malgré les icônes perdues.", "Clear text despite the lost icons."),
    _rec("deserter", "Déserteur", "Deserter", "266-270",
         ". DESERTEUR : Ehmlnez une carte adjacente. Si cest un / % Persnnnage gagneﬂ "
         "supplementalre Puis, si cette / == carte nest pas adjacente & un Personnage "
         "révéls, / - défaussez-la",
         _read("itself", "Déserteur", "266-270",
               "Éliminez une carte voisine ; si c'est un Personnage (révélé ou non : une "
               "carte éliminée est montrée), gagnez 1 de plus. Puis, si le Déserteur n'est "
               "voisin d'aucun Personnage révélé, défaussez-le.",
               "Eliminate a neighbouring card; if it is a Character (revealed or not: an "
               "eliminated card is shown), gain 1 more. Then, if the Deserter is next to no "
               "revealed Character, discard it."),
         [_read("revealed_only", "Déserteur", "266-270",
                "Le point de plus ne viendrait que d'un Personnage déjà révélé.",
                "The extra point would come only from an already revealed Character.")],
         "« cette carte » ne peut être que le Déserteur : la carte éliminée a déjà quitté "
         "la File. Ses voisines se lisent après l'élimination, la File resserrée.",
         "\u201cthis card\u201d can only be the Deserter: the eliminated card has already "
         "left the Queue. Its neighbours are read after the elimination, the Queue closed "
         "up."),
    _rec("magistrate", "Magistrat", "Magistrate", "272-284",
         "¥CF MAGISTRAT : Gagnez 1 . Placez un jeton / 32 ﬁ Condamnation sur une carte "
         "nimporte ot dans la File. / LOU / Eliminez une carte avec un jeton Condamnation.",
         _OPTION["magistrate_gain"].default, _OPTION["magistrate_gain"].alternatives,
         _OPTION["magistrate_gain"].reasoning["fr"] + " Le jeton va sur une carte non recouverte, "
         "n'importe où, le Magistrat compris ; une carte porte au plus un jeton.",
         _OPTION["magistrate_gain"].reasoning["en"] + " The token goes on an uncovered card, "
         "anywhere, the Magistrate included; a card carries at most one token.",
         option="magistrate_gain"),
    _rec("condemnation_tokens", "Jetons Condamnation : partagés, et quand la carte part",
         "Condemnation tokens: shared, and when the card leaves",
         "14, 20, 282-284",
         "» Les jetons Condamnation sont communs a tous les joueurs. Il est / ainsi possible "
         "que 2 Magistrats rivaux s'associent pour éliminer une / carte adverse.",
         _read("back_to_supply", "Magistrat (précision)", "282-284",
               "Tout Magistrat peut éliminer une carte condamnée par n'importe quel "
               "Magistrat. Un jeton reste sur sa carte recouverte, déplacée ou retournée ; "
               "il retourne à la réserve quand sa carte quitte la File.",
               "Any Magistrate may eliminate a card condemned by any Magistrate. A token "
               "stays on its card when it is covered, moved or turned down; it goes back to "
               "the supply when its card leaves the Queue."),
         [_read("spent", "Magistrat (précision)", "282-284",
                "Un jeton dont la carte quitte la File serait retiré de la partie.",
                "A token whose card leaves the Queue would be out of the game.")],
         "Le livret ne dit pas ce que devient le jeton ; 5 jetons pour toute une partie "
         "s'épuiseraient vite s'ils étaient perdus, et rien ne l'annonce.",
         "The rulebook does not say what becomes of the token; 5 tokens for a whole game "
         "would run out fast if they were lost, and nothing says so."),
    _rec("condemnation_supply", "Jetons Condamnation : réserve vide",
         "Condemnation tokens: empty supply", "14, 272-284",
         "-r » 5 jetons Condamnation",
         _OPTION["condemnation_supply"].default, _OPTION["condemnation_supply"].alternatives,
         _OPTION["condemnation_supply"].reasoning["fr"],
         _OPTION["condemnation_supply"].reasoning["en"],
         option="condemnation_supply"),
    _rec("insurrection", "Insurrection", "Insurrection", "293-302",
         "INSURRECTION : Défaussez 1 \" présent sur cette / \"+ carte pour larévéler. "
         "Eliminez les deux cartes adjacentes / -_-1.-; puis retournez cette carte face "
         "cachée. / … / » Vous devez dépenser 1 seul * présent sur votre Insurection pour la "
         "/ révéler. Si plusieurs - sont présents lorsque vous la révélez, gagnez / lesautres "
         "- normalement",
         _read("needs_a_point", "Insurrection", "293-302",
               "Sans point dessus, elle ne peut pas être révélée. Révélée, elle coûte 1 de "
               "ses points (gagnez les autres) ; elle élimine ses deux voisines (une seule "
               "s'il n'y en a qu'une, 1 point par élimination), puis est retournée face "
               "cachée et reste à sa place.",
               "With no point on it, it cannot be revealed. Revealed, it costs 1 of its "
               "points (gain the others); it eliminates both its neighbours (the only one "
               "if there is one, 1 point per elimination), then is turned face down and "
               "stays in place."),
         [_read("discarded", "Insurrection", "293-302",
                "Elle serait défaussée après avoir agi, comme une autre Intrigue.",
                "It would be discarded after acting, like another Intrigue.",
                also=(Cite(ALLIANCE, "Cartes Intrigue", "290-291"),))],
         "« retournez cette carte face cachée » est net : l'Insurrection est la seule "
         "Intrigue qui reste dans la File. Si elle élimine une Embuscade adverse, le piège "
         "joue : elle est défaussée au lieu d'être retournée.",
         "\u201cturn this card face down\u201d is clear: the Insurrection is the only "
         "Intrigue that stays in the Queue. If it eliminates an opponent's Ambush, the "
         "trap springs: it is discarded instead of turned down."),
    _rec("insurrection_trap", "Insurrection : une Embuscade la défausse",
         "Insurrection: an Ambush discards it", "164-168, 293-295",
         "Eliminez les deux cartes adjacentes / puis retournez cette carte face cachée. / "
         "Tant guelle est recouverte, une carte nest plus / prise en compte lors de la phase "
         "de résolution.",
         _read("other_still_eliminated", "Insurrection", "293-295",
               "Si la première carte qu'elle élimine est une Embuscade dont le piège la "
               "défausse (celle d'un adversaire, ou la vôtre), l'Insurrection élimine quand "
               "même son autre voisine, celle d'avant le piège ; elle ne se retourne pas. "
               "La carte qu'elle recouvrait n'était pas sa voisine : elle n'est pas touchée "
               "et se résout ensuite.",
               "If the first card it eliminates is an Ambush whose trap discards it (an "
               "opponent's, or your own), the Insurrection still eliminates its other "
               "neighbour, the one beside it before the trap; it does not turn face down. "
               "The card it covered was not its neighbour: it is not touched, and resolves "
               "next.",
               also=(Cite(PUBLISHER, "Embuscade", "353-356"),
                     Cite(ALLIANCE, "Piles de cartes", "164-168"))),
         [_read("stops", "Insurrection", "293-295",
                "Défaussée, l'Insurrection s'arrêterait : son autre voisine resterait en "
                "place.",
                "Once discarded, the Insurrection would stop: its other neighbour would "
                "stay.")],
         "« Éliminez les deux cartes adjacentes » désigne d'un coup ses deux voisines ; "
         "l'Embuscade défausse l'attaquant sans rien annuler, et une carte recouverte ne "
         "peut être prise pour cible (l. 164-168). S'arrêter laisserait l'ordre des "
         "éliminations décider si la seconde a lieu, alors qu'une capacité révélée "
         "s'applique en entier (l. 126-129). Seul « retournez cette carte » tombe : elle "
         "n'est plus dans la File.",
         "\u201cEliminate the two adjacent cards\u201d names both its neighbours at once; "
         "the Ambush discards the attacker without cancelling anything, and a covered card "
         "cannot be targeted (l. 164-168). Stopping would let the order of the eliminations "
         "decide whether the second happens, whereas a revealed ability applies in full "
         "(l. 126-129). Only \u201cturn this card\u201d lapses: it is no longer in the "
         "Queue."),
    _rec("insurrection_order", "Insurrection : l'ordre des deux éliminations",
         "Insurrection: the order of the two eliminations", "293-295",
         "Eliminez les deux cartes adjacentes",
         _OPTION["insurrection_order"].default, _OPTION["insurrection_order"].alternatives,
         _OPTION["insurrection_order"].reasoning["fr"],
         _OPTION["insurrection_order"].reasoning["en"],
         option="insurrection_order"),
    _rec("extortion", "Extorsion", "Extortion", "306-318",
         "EXTORSION : Défaussez les / et gagnez 1 / présents sur 'Extorsion / . Défaussez "
         "l'Extorsion. / - S IExtorsion est éliminée par une carte adverse, gagnez / 2 _ par "
         "carte de ce joueur dans la File, puis ce dernier / défausse 1 = surchacune de ses "
         "cartes face cachée.",
         _OPTION["extortion_count"].default, _OPTION["extortion_count"].alternatives,
         "Révélée : ses points sont défaussés, gagnez 1, défaussez-la (comme l'Embuscade). "
         "Éliminée par un adversaire : vous gagnez 2 par carte de cet adversaire dans la "
         "File, puis il perd 1 point sur chacune de ses cartes cachées non recouvertes (qui "
         "en portent). " + _OPTION["extortion_count"].reasoning["fr"],
         "Revealed: its points are discarded, gain 1, discard it (like the Ambush). "
         "Eliminated by an opponent: you gain 2 per card of that opponent in the Queue, then "
         "they lose 1 point from each of their uncovered face-down cards (that hold one). " +
         _OPTION["extortion_count"].reasoning["en"],
         option="extortion_count"),
    _rec("reserve", "Pouvoir de Réserve", "Reserve power", "332-340",
         "cgcﬂeux cartes Intrigue disposent d'un pouvoir de Réserve o% > / Une carte réservée "
         "est retirée de la File et placée devant son / joueur propriétaire. … / Une carte "
         "Intrigue éliminée n'est pas réservée",
         _read("lasting", "Pouvoir de Réserve", "332-340",
               "Une carte réservée quitte la File et reste devant son propriétaire jusqu'à "
               "la fin ; son pouvoir dure, aucune carte ne l'atteint plus, elle ne compte pas "
               "parmi les cartes de la File. Éliminée, elle n'est pas réservée.",
               "A reserved card leaves the Queue and lies before its owner to the end; its "
               "power lasts, no card affects it any more, it is not among the cards in the "
               "Queue. Eliminated, it is not reserved."),
         [_read("in_queue", "Pouvoir de Réserve", "332-340",
                "Elle compterait encore pour le départage.",
                "It would still count for the tie-break.")],
         "« Ces deux cartes » : l'Infiltration et le Négoce, les deux dernières. Retirée de "
         "la File, la carte ne compte plus parmi celles « présentes dans la File ».",
         "\u201cThese two cards\u201d: the Infiltration and the Trade, the last two. Taken out "
         "of the Queue, the card is no longer among those \u201cpresent in the Queue\u201d."),
    _rec("infiltration", "Infiltration", "Infiltration", "342-351",
         "INFILTRATION : Placez 1 \" sur chacune de vos cartes / face cachée, Réservez "
         "['Infiltration. / … / \" #Lursque vous éliminez une carte face cachée, / L gagnez 2 "
         ". supplémentaires.",
         _read("uncovered", "Infiltration", "342-351",
               "Posez 1 point de la réserve sur chacune de vos cartes cachées non "
               "recouvertes, puis réservez-la. Réservée : chaque fois qu'une de vos cartes "
               "élimine une carte cachée, gagnez 2 de plus.",
               "Put 1 point from the supply on each of your uncovered face-down cards, then "
               "reserve it. Reserved: each time one of your cards eliminates a face-down "
               "card, gain 2 more."),
         [_read("covered_too", "Infiltration", "342-343",
                "Les cartes cachées recouvertes recevraient aussi un point.",
                "Covered face-down cards would get a point too.")],
         "Une carte recouverte ne peut « accueillir de points supplémentaires » (l. "
         "164-168).",
         "A covered card cannot \u201ctake more points\u201d (l. 164-168)."),
    _rec("trade", "Négoce", "Trade", "355-362",
         "NEGOCE : Réservez le Négoce en conservant les . / dessus. / : ;%J Dg?qu début de "
         "chaque tour, si vous avez au moins / une carte dans la File, gagnez autant de \" "
         "que / ceux présents sur le Négoce. / » Important:enfindepartie, gagnez les - "
         "présents sur votre Négoce.",
         _read("kept", "Négoce", "355-362",
               "Révélé, le Négoce ne rapporte pas ses points : il est réservé avec eux. Au "
               "début de chaque tour suivant, si vous avez au moins une carte dans la File "
               "(recouverte ou non), gagnez autant que ses points ; à la fin de la partie, "
               "gagnez-les encore.",
               "Revealed, the Trade does not pay its points: it is reserved with them. At the "
               "start of each later round, if you have at least one card in the Queue "
               "(covered or not), gain as many as its points; at the end of the game, gain "
               "them once more."),
         [_read("paid_on_reveal", "Négoce", "355-356",
                "Les points seraient gagnés à la révélation, puis le Négoce réservé vide.",
                "The points would be gained on reveal, then the Trade reserved empty.")],
         "« en conservant les [points] dessus » : ils ne sont pas gagnés en révélant, sinon "
         "le pouvoir de Réserve ne rapporterait jamais rien.",
         "\u201ckeeping the [points] on it\u201d: they are not gained on reveal, otherwise "
         "the reserve power would never bring anything."),
    _rec("combination_sheet", "Boîtes mélangées : la fiche Combinaison",
         "Mixed boxes: the Combination sheet", "15",
         "1 fiche Combinaison",
         _read("ten_kinds", "Matériel", "9-15",
               "Une partie se joue avec dix sortes de cartes par famille, les mêmes pour "
               "toutes les familles : celles d'une boîte, ou un mélange de dix choisi avant "
               "la partie.",
               "A game uses ten kinds of card per family, the same for every family: those "
               "of one box, or a mix of ten chosen before the game."),
         [_read("per_family", "Matériel", "9-15",
                "Chaque famille pourrait avoir son propre mélange.",
                "Each family could have its own mix.")],
         "Le scan ne donne pas le contenu de la fiche ; la règle de base fixe 10 cartes "
         "identiques par famille, et les cartes comme l'Héritier supposent que chaque "
         "famille a les mêmes noms.",
         "The scan does not give the sheet's content; the base rules fix 10 identical "
         "cards per family, and cards like the Heir assume every family holds the same "
         "names."),
    _rec("mixed_shapeshifter", "Boîtes mélangées : le Changeforme copie une carte d'Alliance",
         "Mixed boxes: the Shapeshifter copies an Alliance card", "",
         "",
         Reading("acting_card", PUBLISHER, "Changeforme", {
             "fr": "Le Changeforme applique la capacité copiée comme si elle était écrite sur "
                   "lui : « cette carte » est le Changeforme (un Déserteur copié peut le "
                   "défausser, un Diplomate copié le défausser avec ses points, une "
                   "Informatrice copiée l'échanger).",
             "en": "The Shapeshifter applies the copied ability as if written on it: \u201cthis "
                   "card\u201d is the Shapeshifter (a copied Deserter may discard it, a "
                   "copied Diplomat discard it with its points, a copied Informant swap "
                   "it)."}, lines="343-348"),
         [Reading("copied_card", PUBLISHER, "Changeforme", {
             "fr": "« Cette carte » resterait la carte copiée.",
             "en": "\u201cThis card\u201d would stay the copied card."}, lines="343-348")],
         "La règle de base : le Changeforme copie la capacité, pas le nom ; il garde le "
         "sien.",
         "The base rules: the Shapeshifter copies the ability, not the name; it keeps its "
         "own."),
    _rec("duo_opponents", "Alliance à deux joueurs : les adversaires",
         "Alliance with two players: opponents", "222-223, 234-235, 313-315",
         "5 IMPERATRICE : Gagnez2 - .Placez1 - surune carte / ,‘qu adverse face cachée. / "
         "présents sur les cartes adverses face cachée ad;acentes / - S IExtorsion est "
         "éliminée par une carte adverse, gagnez",
         _OPTION["duo_opponents"].default, _OPTION["duo_opponents"].alternatives,
         _OPTION["duo_opponents"].reasoning["fr"], _OPTION["duo_opponents"].reasoning["en"],
         option="duo_opponents"),
    _rec("duo_swap", "Alliance à deux joueurs : l'échange de l'Informatrice",
         "Alliance with two players: the Informant's swap", "240-245",
         ":1 Echangez cette carte avec une carte face Ead\"ée':le / votre main.",
         _OPTION["duo_swap_family"].default, _OPTION["duo_swap_family"].alternatives,
         _OPTION["duo_swap_family"].reasoning["fr"],
         _OPTION["duo_swap_family"].reasoning["en"],
         option="duo_swap_family"),
)

RECONSTRUCTIONS_BY_NAME = {r.name: r for r in RECONSTRUCTIONS}
assert len(RECONSTRUCTIONS_BY_NAME) == len(RECONSTRUCTIONS)
assert all(r.option in {o.name for o in ALLIANCE_OPTIONS} for r in RECONSTRUCTIONS if r.option)
