"""Printed words of the print-shop pages render/ draws (the covers of the
card sheets, the calibration page, the imposed sheets' marks): data only, so
that listing them for translation imports no drawing code."""
from __future__ import annotations

from ..translate import GENERIC
from ..words import source_texts

COVER = source_texts(GENERIC, "cover", {
    "fr": {
        "kit": "Kit \u00e0 imprimer",
        "contents": "Contenu du kit",
        "printing": "Impression",
        # The paper of the pages this kit holds: card stock for two-sided or
        # one-sided sheets, thinner paper for sheets folded and glued (the
        # cover never names a layout the kit does not have).
        "paper": "Papier\u00a0: bristol de 200 \u00e0 250\u00a0g/m\u00b2 (mat ou "
                 "satin\u00e9).",
        "paper_fold": "Papier\u00a0: papier de 120 \u00e0 160\u00a0g/m\u00b2\u00a0; "
                      "pli\u00e9e et coll\u00e9e, chaque feuille a l\u2019\u00e9paisseur "
                      "d\u2019une carte.",
        "pages": "Imprimez les pages {first} \u00e0 {last} \u00e0 100\u00a0% (taille r\u00e9elle, "
                 "sans \u00ab\u00a0ajuster \u00e0 la page\u00a0\u00bb).",
        "duplex": "Imprimez en recto verso, retournement bord {edge}\u00a0: chaque page de rectos "
                  "est suivie de ses versos. Si les versos sortent d\u00e9cal\u00e9s, imprimez "
                  "d\u2019abord la feuille de calibrage\u00a0: elle mesure le d\u00e9calage "
                  "et dit comment le corriger dans les r\u00e9glages de l\u2019imprimante.",
        "long": "long", "short": "court",
        "fold": "Imprimez en recto seul. Pliez chaque feuille sur les pointill\u00e9s, face "
                "imprim\u00e9e dehors\u00a0; collez les deux moiti\u00e9s avec une couche fine et "
                "r\u00e9guli\u00e8re de colle en b\u00e2ton jusqu\u2019aux bords\u00a0; laissez "
                "s\u00e9cher \u00e0 plat sous un livre, puis coupez les deux \u00e9paisseurs.",
        "none": "Imprimez en recto seul\u00a0: les cartes n\u2019ont pas de verso "
                "imprim\u00e9\u00a0; des prot\u00e8ge-cartes \u00e0 dos opaque le cachent.",
        "cutting": "D\u00e9coupe",
        "margin": "Rien n\u2019est imprim\u00e9 \u00e0 moins de {margin}\u00a0mm des bords de la "
                  "feuille\u00a0: aucune imprimante ne perd de trait de coupe.",
        "cut_rows": "Coupez d\u2019abord chaque rang\u00e9e, le long des lignes qui joignent ses "
                    "traits de coupe \u00e0 gauche et \u00e0 droite (ou, quand les cartes occupent "
                    "toute la largeur, les traits entre les cartes)\u00a0; puis coupez "
                    "chaque bande en cartes le long des lignes qui joignent les traits du "
                    "haut et du bas. Entre deux cartes, faites les deux coupes\u00a0: la "
                    "fine bande entre elles est une chute. Un massicot \u00e0 molette, ou "
                    "un cutter et une r\u00e8gle en m\u00e9tal, donnent les bords les plus "
                    "nets.",
        "cut_columns": "Coupez d\u2019abord chaque colonne, le long des lignes qui joignent "
                       "les traits de coupe entre les rang\u00e9es\u00a0; puis coupez chaque "
                       "bande en cartes le long des lignes qui joignent les traits \u00e0 "
                       "gauche et \u00e0 droite. Entre deux cartes, faites les deux "
                       "coupes\u00a0: la fine bande entre elles est une chute. Un massicot "
                       "\u00e0 molette, ou un cutter et une r\u00e8gle en m\u00e9tal, donnent "
                       "les bords les plus nets.",
        "cut_size": "Cartes de {size}\u00a0mm",
        "cut_tokens": "Apr\u00e8s les cartes, d\u00e9coupez les pi\u00e8ces qui portent "
                      "plusieurs jetons ou tuiles le long de leurs fins traits imprim\u00e9s.",
        "sleeves": "Prot\u00e8ge-cartes\u00a0: pour cartes de {size}\u00a0mm.",
        "credits": "Cr\u00e9dits",
        "notice": "Pour un usage personnel uniquement\u00a0: ne vendez ni exemplaires "
                  "imprim\u00e9s ni ces fichiers. Le jeu, son nom et ses r\u00e8gles "
                  "appartiennent \u00e0 leurs auteurs et \u00e0 leur \u00e9diteur\u00a0; ce "
                  "kit n\u2019utilise aucune illustration originale.",
        "made": "Fabriqu\u00e9 avec Herald {version} le {date}.",
    },
})


CALIBRATION = source_texts(GENERIC, "calibration", {
    "fr": {
        "title": "Calibrage recto verso",
        "steps": [
            "1. Imprimez cette feuille en recto verso \u00e0 100 % (taille r\u00e9elle, sans "
            "\u00ab ajuster \u00e0 la page \u00bb), retournement bord {edge}, avec le papier et "
            "les r\u00e9glages des cartes.",
            "2. Tenez-la devant une fen\u00eatre ou une lampe, ce c\u00f4t\u00e9 face \u00e0 vous.",
            "3. \u00c0 chaque cible, lisez les r\u00e8gles de ce c\u00f4t\u00e9 l\u00e0 "
            "o\u00f9 les traits "
            "de la croix du verso les coupent : X sur la r\u00e8gle horizontale ({xdir}), Y sur la "
            "r\u00e8gle verticale ({ydir}). Les cinq cibles devraient concorder ; en cas de petit "
            "\u00e9cart, prenez celle du centre.",
            "4. Reportez X et Y dans le r\u00e9glage d\u2019alignement du verso de votre "
            "imprimante (dans la fen\u00eatre d\u2019impression ou le menu de l\u2019imprimante, "
            "souvent \u00ab alignement recto verso \u00bb, \u00ab d\u00e9calage du verso \u00bb ou "
            "\u00ab d\u00e9calage de l\u2019image \u00bb), en d\u00e9pla\u00e7ant le verso dans le "
            "sens oppos\u00e9 \u00e0 celui o\u00f9 sa cible est apparue, puis imprimez de nouveau "
            "cette feuille pour v\u00e9rifier. Si les versos de cette feuille \u00e9taient "
            "d\u00e9j\u00e0 d\u00e9plac\u00e9s (voir plus bas), ajoutez-y votre lecture. Sans un "
            "tel r\u00e9glage\u00a0: jusqu\u2019\u00e0 1\u00a0mm, le d\u00e9calage ne se "
            "voit gu\u00e8re une fois les cartes coup\u00e9es\u00a0; au-del\u00e0, "
            "imprimez les rectos seuls (pages 3, 5, 7\u2026 du fichier des cartes) et "
            "glissez les cartes dans des prot\u00e8ge-cartes \u00e0 dos opaque.",
        ],
        "xdir": {"long": "positif quand la cible du verso appara\u00eet \u00e0 droite",
                 "short": "positif quand la cible du verso appara\u00eet \u00e0 gauche"},
        "ydir": {"long": "positif quand elle appara\u00eet plus bas",
                 "short": "positif quand elle appara\u00eet plus haut"},
        "long": "long", "short": "court",
        "bar": "Cette barre mesure 100 mm \u00e0 taille r\u00e9elle.",
        "used": "Versos de ce fichier d\u00e9plac\u00e9s de X {x}, Y {y} mm ({paper}).",
        "unmoved": "Versos de ce fichier non d\u00e9plac\u00e9s ({paper}).",
        "back": "Verso, dispos\u00e9 pour un retournement bord {edge}. Lisez les r\u00e8gles "
                "de l\u2019autre c\u00f4t\u00e9.",
        "doc_title": "Herald\u00a0: calibrage recto verso",
        "subject": "Test de rep\u00e9rage recto verso sur {paper}, retournement bord {edge}, "
                   "d\u00e9calage du verso {x}\u00a0; {y} mm",
    },
})


IMPOSITION = source_texts(GENERIC, "imposition", {
    "fr": {
        "sheet": "feuille {i}/{n}",
        "front": "recto \u00b7 imprimer \u00e0 100 % (taille r\u00e9elle, sans \u00ab ajuster "
                 "\u00e0 la page \u00bb), recto verso, retournement bord {edge}",
        "long": "long", "short": "court",
        "back": "verso (derri\u00e8re la feuille {i}/{n})",
        "fold": "imprimer en recto seul \u00e0 100 % (taille r\u00e9elle) \u00b7 plier sur les "
                "pointill\u00e9s, face imprim\u00e9e dehors, puis couper les deux "
                "\u00e9paisseurs aux traits de coupe",
        "none": "recto seul \u00b7 imprimer \u00e0 100 % (taille r\u00e9elle, sans \u00ab ajuster "
                "\u00e0 la page \u00bb) \u00b7 couper aux traits de coupe",
        "fold_label": "plier",
        "subject_sheets": "{n} cartes, {sizes}, \u00e0 imprimer chez soi sur {paper}, "
                          "{backs}, fond perdu {bleed} mm",
        "subject_printshop": "{n} cartes, {sizes} au format fini, fond perdu {bleed} mm\u00a0: "
                             "tous les rectos, puis tous les versos dans le m\u00eame ordre",
        "subject_interleaved": "{n} cartes, {sizes} au format fini, fond perdu {bleed} mm\u00a0: "
                               "chaque recto suivi de son verso",
        "subject_pieces": "{n} pi\u00e8ces \u00e0 d\u00e9couper \u00e0 l\u2019emporte-pi\u00e8ce "
                          "({copies} exemplaires), \u00e0 taille r\u00e9elle, fond perdu "
                          "{bleed} mm, trac\u00e9 de d\u00e9coupe en ton direct {die}\u00a0: "
                          "tous les rectos, puis tous les versos dans le m\u00eame ordre",
        "piece_slug": "{side} \u00b7 {shape} \u00b7 quantit\u00e9\u00a0: {count}",
        "piece_front": "recto", "piece_back": "verso",
        "round": "rond, \u00d8 {d} mm",
        "rect": "rectangle {w} \u00d7 {h} mm",
        "backs": {"duplex-long": "recto verso, retournement bord long",
                  "duplex-short": "recto verso, retournement bord court",
                  "fold": "rectos et versos pli\u00e9s ensemble", "none": "rectos seuls"},
    },
})


WEB = source_texts(GENERIC, "web", {
    "fr": {
        "reference": "Aide-mémoire",
        "print": "À imprimer",
        "figure": "Figure (défile de côté sur un écran étroit)",
        "skip": "Aller au texte",
        "contents": "Sommaire",
        "rules": "Règles",
        "examples": "Exemples commentés",
        "cards": "Cartes",
        "language": "Langue",
        "search": "Chercher dans les règles",
        "search_placeholder": "Une carte, un mot…",
        "results_none": "Aucun résultat.",
        "results_one": "1 résultat.",
        "results_many": "{n} résultats.",
        "back_to_rule": "↑ Retour à la règle",
        "in_words": "La position en mots",
        "diagram": "Schéma (défile de côté sur un écran étroit)",
        "gallery_link": "Voir toutes les cartes dans la galerie.",
        "sections": "Sections",
        "top": "Retour en haut",
        "kind_section": "Section",
        "kind_example": "Exemple",
        "kind_card": "Carte",
        "kind_ruling": "Point de règle",
        "made": "Fait avec Herald : chaque exemple commenté est rejoué par son moteur de règles.",
        "permalink": "Lien vers cette section",
        "clarifications": "Précisions",
        "card_rulings": "Points de règle",
        "see_ruling": "Voir le point de règle",
        "card_examples": "Exemples commentés avec cette carte",
        "all_examples": "Tous les exemples commentés de cette règle",
        "diagram_key": "Légende des schémas",
        "step_prev": "Étape précédente",
        "step_next": "Étape suivante",
        "step_of": "Étape {n} sur {total}",
        "all_steps": "Toutes les étapes",
        "enlarge": "Agrandir le schéma",
    },
})

# every block above, for `herald i18n extract`
ALL = (COVER, CALIBRATION, IMPOSITION, WEB)
