"""Herald's generic printed words outside render/: `herald balance`'s
report, a designer's own deck's cover, the generic look's diagrams and a
package's booklet. Data only, so that listing them for translation imports
no drawing code."""
from __future__ import annotations

from .translate import GENERIC
from .words import source_texts

BALANCE_REPORT = source_texts(GENERIC, "balance_report", {
    "fr": {
        "title": "Équilibre de {game}",
        "lead": "{games} parties en {matches} à {players} joueurs, les places tournant "
                "pour que chaque bot joue chaque place aussi souvent ; bots : {bots}. Les "
                "intervalles sont à 95 %. Résultats bruts : {csv}.",
        "seats.title": "Victoires par place",
        "seats.text": "À {players} joueurs : la première place gagne {first} (intervalle à "
                      "95 % de {lo} à {hi}) de {games} parties, la dernière {last} ; la part "
                      "équitable est {fair}. {verdict}",
        "fair": "Aucune place n'est sûrement avantagée : chaque intervalle contient la part "
                "équitable.",
        "unfair": "L'intervalle de la place {seat} exclut la part équitable : la place "
                  "compte.",
        "bots.title": "Victoires par bot",
        "bots.text": "Part des victoires de chaque bot, toutes places confondues, face à la "
                     "part équitable de sa table (tirets). {best}",
        "bots.best": "{bot} gagne {rate} (intervalle à 95 % de {lo} à {hi}) de {games} "
                     "parties à {players} joueurs.",
        "options.title": "Victoires selon les options de règle et les cartes",
        "options.text": "Part des victoires de la première place selon chaque lecture des "
                        "règles ou jeu de cartes, {games} parties au moins chacune. {verdict}",
        "options.same": "Les intervalles se chevauchent : ces parties ne départagent pas les "
                        "lectures.",
        "options.differ": "Avec le réglage {a}, la première place gagne {ra} ; avec le {b}, "
                          "{rb} : les intervalles sont disjoints.",
        "scores.title": "Scores finaux",
        "scores.text": "Répartition du score final ({score}), place par place, sur {games} "
                       "parties à {players} joueurs ; moyennes {means} (chacune ± son intervalle à "
                       "95 %).",
        "length.title": "Durée des parties",
        "length.text": "Décisions par partie, décisions forcées comprises : médiane {median}, "
                       "de {low} à {high}, moyenne {mean} ± {half} (95 %), sur {games} parties.",
        "colon": " : ",
        "tags.text": "«\u202f{best}\u202f» est en tête avec {rate} (intervalle à 95 % de "
                     "{lo} à {hi}, {games} {unit}) ; «\u202f{worst}\u202f» est dernier avec "
                     "{wrate}. Seuls les cas vus dans {min} parties au moins sont tracés.",
        "seat": "place {n}",
        "units": {"seat": "parties de joueur", "game": "parties"},
        "matches": {"one": "{n} rencontre", "other": "{n} rencontres"},
        "games": "parties",
        "share": "part des victoires",
        "share_games": "part des parties",
        "decisions": "décisions",
        "closing": "Fait par herald balance à partir de la graine {seed} : la même "
                   "commande donne les mêmes résultats.",
    },
})


# The words of a game scored in payoffs, and the sentence that says what the
# figures are; translated inline (no PO entry needed) since they are few.
BALANCE_PAYOFFS = source_texts(GENERIC, "balance_payoffs", {
    "fr": {
        "kind_wins": "Les chiffres sont des victoires : une partie gagnée compte 1, une "
                     "victoire partagée entre k places 1/k.",
        "kind_payoffs": "Les chiffres sont des gains ({score}) : ce que chaque place gagne "
                        "ou perd en moyenne par partie.",
        "seats_title": "Gains par place",
        "seats_text": "À {players} joueurs, sur {games} parties : la première place gagne "
                      "en moyenne {first} par partie (intervalle à 95 % de {lo} à {hi}), la "
                      "dernière {last} ; le gain moyen d'une place est {fair}. {verdict}",
        "fair": "Aucune place n'est sûrement avantagée : chaque intervalle contient le "
                "gain moyen d'une place.",
        "unfair": "L'intervalle de la place {seat} exclut le gain moyen d'une place : la "
                  "place compte.",
        "bots_title": "Gains par bot",
        "bots_text": "Gain moyen par partie de chaque bot, toutes places confondues : {means}.",
        "axis": "gain moyen par partie",
    },
    "en": {
        "kind_wins": "The figures are wins: a game won counts 1, a win shared by k seats "
                     "1/k.",
        "kind_payoffs": "The figures are payoffs ({score}): what each seat wins or loses "
                        "a game, on average.",
        "seats_title": "Payoff by seat",
        "seats_text": "{players} players, {games} games: the first seat wins {first} a "
                      "game on average (95% interval {lo} to {hi}), the last {last}; a "
                      "seat's mean payoff is {fair}. {verdict}",
        "fair": "No seat is surely favoured: every interval contains a seat's mean payoff.",
        "unfair": "The interval of seat {seat} leaves out a seat's mean payoff: the seat "
                  "matters.",
        "bots_title": "Payoff by bot",
        "bots_text": "Each bot's mean payoff a game, every seat together: {means}.",
        "axis": "mean payoff a game",
    },
    "de": {
        "kind_wins": "Die Zahlen sind Siege: Eine gewonnene Partie zählt 1, ein von k "
                     "Plätzen geteilter Sieg 1/k.",
        "kind_payoffs": "Die Zahlen sind Gewinne ({score}): was jeder Platz im Schnitt je "
                        "Partie gewinnt oder verliert.",
        "seats_title": "Gewinn nach Platz",
        "seats_text": "{players} Spieler, {games} Partien: Der erste Platz gewinnt im "
                      "Schnitt {first} je Partie (95-%-Intervall {lo} bis {hi}), der letzte "
                      "{last}; der mittlere Gewinn eines Platzes ist {fair}. {verdict}",
        "fair": "Kein Platz ist sicher im Vorteil: Jedes Intervall enthält den mittleren "
                "Gewinn eines Platzes.",
        "unfair": "Das Intervall von Platz {seat} schließt den mittleren Gewinn eines "
                  "Platzes aus: Der Platz zählt.",
        "bots_title": "Gewinn nach Bot",
        "bots_text": "Mittlerer Gewinn je Partie jedes Bots, alle Plätze zusammen: {means}.",
        "axis": "mittlerer Gewinn je Partie",
    },
    "es": {
        "kind_wins": "Las cifras son victorias: una partida ganada cuenta 1, una victoria "
                     "compartida por k puestos 1/k.",
        "kind_payoffs": "Las cifras son ganancias ({score}): lo que cada puesto gana o "
                        "pierde por partida, en promedio.",
        "seats_title": "Ganancia por puesto",
        "seats_text": "{players} jugadores, {games} partidas: el primer puesto gana en "
                      "promedio {first} por partida (intervalo del 95 % de {lo} a {hi}), el "
                      "último {last}; la ganancia media de un puesto es {fair}. {verdict}",
        "fair": "Ningún puesto está claramente favorecido: cada intervalo contiene la "
                "ganancia media de un puesto.",
        "unfair": "El intervalo del puesto {seat} excluye la ganancia media de un puesto: "
                  "el puesto importa.",
        "bots_title": "Ganancia por bot",
        "bots_text": "Ganancia media por partida de cada bot, todos los puestos juntos: "
                     "{means}.",
        "axis": "ganancia media por partida",
    },
})


# The bots' names in the report's words (the command line's names are ids).
BALANCE_BOTS = source_texts(GENERIC, "balance_bots", {
    "fr": {"random": "hasard", "greedy": "glouton", "solver": "solveur (voit toutes les cartes)",
           "ismcts": "IS-MCTS", "regret": "regret"},
})


OWN_DECK = source_texts(GENERIC, "own_deck", {
    "fr": {"cards": "{n} cartes\u00a0: {kinds}", "kind": "{count} \u00d7 {name}",
           "made": "Con\u00e7u avec Herald \u00e0 partir de {files}."},
})


LOOK = source_texts(GENERIC, "look", {
    "fr": {
        "table": "Sur la table",
        "none": "rien",
        "down": {"one": "{n} carte face cachée", "other": "{n} cartes face cachée"},
        "to_move": {"one": "À {player} de décider.", "other": "À {player} de décider."},
        "decision": "{player} : {decision}.",
        "added": "{where} : {cards} en plus.",
        "now": "{where} : désormais {cards}.",
        "added_down": "{where} : {down} en plus.",
        "score": "{where} : {old} → {new}.",
        "owned": "{player}, {zone}",
        "zone": "{zone} : {content}",
        "band": "{who} — {zones}.",
        "key_title": "Lire les schémas",
        "key_up": "Une carte face visible : sa valeur et son nom.",
        "key_down": "Une carte face cachée ; le nombre dit combien il y en a.",
        "key_new": "Cerclée : arrivée là à cette étape.",
        "key_score": "Un score ; en couleur, ce que l’étape lui a ajouté.",
        "key_mover": "Le joueur qui doit décider.",
        "key_empty": "Une place vide.",
    },
})


# The words a package's booklet, compendium and quick reference print besides
# its own rules (the same keys as a built-in game's rules.yaml).
PACKAGE_RULES = source_texts("generic", "package rules", {
    "fr": {
        "contents": "Sommaire",
        "examples_title": "Exemples commentés",
        "examples_intro": "Chaque exemple part d'une position et donne, dans l'ordre, les "
                          "décisions des joueurs et ce qui en découle.",
        "examples_checked": "Chaque exemple de ce livret a été rejoué et vérifié par un "
                            "moteur de règles : ses positions et ses coups sont ceux d'une "
                            "vraie partie.",
        "rulings_title": "Lectures",
        "rulings_intro": "Sur chaque point que les règles laissent ouvert, ce livret suit "
                         "une lecture, donnée ci-dessous avec l'autre lecture possible.",
        "rulings_headers": ["Point", "Ce livret", "Autre lecture", "Source"],
        "page": "Page",
        "unverified_warning": "Cet exemple n'a pas pu être vérifié par le moteur : il peut "
                              "contenir une erreur.",
        "step_label": "Coup",
        "start_label": "Position de départ",
        "solved": "Toutes les cartes connues, le moteur a examiné toutes les décisions "
                  "jusqu'à {depth} ({mode}) ; en "
                  "jouant au mieux, la partie vaut : {values}.",
        "solve_depths": {"phase": "la fin de la phase", "round": "la fin de la manche",
                         "game": "la fin de la partie"},
        "solve_modes": {"maxn": "chacun pour soi", "paranoid": "tous contre {player}",
                        "exact": "en stratégies mixtes exactes"},
        "solved_strategies": "Stratégie optimale de {player} : {choices}.",
        "compendium": {
            "checked": "Chaque exemple de ce recueil a été rejoué et vérifié par un moteur "
                       "de règles : ses positions et ses coups sont ceux d'une vraie partie.",
            "subtitle": "Tous les exemples commentés, rejoués par le moteur de règles",
            "more": "Autres exemples",
            "count": {"one": "{count} exemple", "other": "{count} exemples"},
        },
        "reference_title": "Aide-mémoire",
    },
})

# every block above, for `herald i18n extract`
ALL = (BALANCE_REPORT, BALANCE_PAYOFFS, BALANCE_BOTS, OWN_DECK, LOOK, PACKAGE_RULES)
