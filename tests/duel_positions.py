"""Named two-player Asèt positions for the exact solver's tests and benchmarks."""

# The duel issue 19 reported at 31 s and 934 MB when allowed (its value is
# asserted in tests/test_simultaneous.py).
RAND5_4 = {"game": "aset", "id": "rand5-4", "variant": "duel",
           "players": {"arthur": "blue", "brunehaut": "green"}, "meneur": "brunehaut",
           "round": 6, "phase": "combat", "order": [5, 2, 3, 7, 4, 1, 6],
           "council": ["unnamed_10", "unnamed_11", "the_call"],
           "decrees": ["mystic_repulsion", "anti_parity", "rise_of_pairs", "unnamed_18",
                       "unnamed_22", "unnamed_12"],
           "hands": {"arthur": [1, 2, 4, 5, 7], "brunehaut": [2, 3, 5, 6, 7]},
           "renforts": {"arthur": 6, "brunehaut": 1}, "prison": ["green 5", "green 3"],
           "treasures": {"arthur": ["green 2"], "brunehaut": []}}

# The hardest duel with 5 cards each found in trials (the most nodes): the
# Palindrome on top of the pile, drawn at once under a Council of 2, and the
# Meneur chooses where to put it back. Before the solver banked the cards won
# and merged decrees that play alike: 6,284,658 nodes, 96 s of CPU, 1 GB.
PALINDROME_ON_TOP = {"game": "aset", "id": "palindrome-on-top", "variant": "duel",
                     "players": {"arthur": "green", "brunehaut": "red"}, "meneur": "arthur",
                     "round": 6, "phase": "decree", "order": [1, 5, 4, 3, 6, 2, 7],
                     "council": ["the_call", "mystic_repulsion"],
                     "decrees": ["palindrome", "anti_parity", "unnamed_12", "rise_of_pairs",
                                 "unnamed_15", "unnamed_14", "unnamed_13", "unnamed_11"],
                     "hands": {"arthur": [1, 3, 4, 6, 7], "brunehaut": [2, 3, 4, 6, 7]},
                     "renforts": {"arthur": 2, "brunehaut": 1},
                     "options": {"underdog": "last_rank"}}
