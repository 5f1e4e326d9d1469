"""A designer's own deck, with no Python: a card list (CSV, XLSX or YAML), a
layout file (YAML) and the art in one folder, printed through Herald's own
imposition (home sheets, print-shop file, PNG, Tabletop Simulator) and the
print-on-demand presets.

    cards.csv ──┐
    layout.yaml ┼──> PrintCard per copy ──> imposition ──> sheets, print shop, PNG, TTS
    art/ ───────┘

Every file of the folder is reached through :mod:`.files` (nothing outside
the folder is read, links included); :mod:`.data` reads the card list (an
XLSX through :mod:`.xlsx`, its sizes and XML checked first), :mod:`.layout`
the layout file,
:mod:`.units` lengths and card sizes, :mod:`.templating` the jinja2
expressions, :mod:`.richtext` the text boxes, :mod:`.images` the pictures,
:mod:`.faces` turns both into :class:`~herald.generator.render.cards.PrintCard`s,
:mod:`.presets` knows the print-on-demand services, :mod:`.build` writes the
files, :mod:`.scaffold` makes a new deck folder and :mod:`.watch` rebuilds on save.
"""
