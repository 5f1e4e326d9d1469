"""L'Ordre d'Asèt's own booklet pages, drawn for ``<figure name="…"/>``:

* ``families``: what each family holds (copies, values, points), from the database;
* ``order``: the Order at the start of a game;
* ``decrees``: every decree in its card's words, with a before/after picture
  of the Order for each effect the database describes, computed by the engine;
* ``scoring``: the scoring in the player aid's sentences;
* ``endgame``: a duel endgame (``assets/aset/booklet.yaml``) solved exactly by
  the simultaneous-move solver: the value and each side's mixed strategy;
* ``score_table``: 003's scoring table, from the example that holds its
  treasures, each line counted by the engine;
* ``errata``: built from the worked examples ``herald verify`` reports as
  errata of the rulebook, so that the page cannot drift from the engine.
"""
from __future__ import annotations

from fractions import Fraction

from babel import Locale
from babel.lists import format_list
from herald.engine.aset.decrees import apply_steps
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from ...errors import InputError
from ...render.booklet import Keep
from ...render.fonts import register_fonts
from ...render.numbers import decimal, percent, whole
from ...render.text import typography
from . import look as L
from .aids import scoring_lines
from .describe import catalog, decree_text, plural
from .diagram import RANK_GAP, RANK_H, RANK_W, draw_order

RULE = colors.HexColor("#C9BBA0")


def booklet_figure(builder, el):
    name = el.get("name")
    draw = FIGURES.get(name)
    return draw(builder) if draw else []


def _words(builder) -> dict:
    return builder.text["figures"]


def _table(builder, rows, widths, header=True, align_numbers=()):
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style = [*builder.table_font, ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE),
             ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
             ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]
    if header:
        style.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, L.NIGHT))
    for col in align_numbers:
        style.append(("ALIGN", (col, 0), (col, -1), "CENTER"))
    table.setStyle(TableStyle(style))
    return table


def _cell(builder, text, bold=False):
    return builder.para(f"**{text}**" if bold and text != "" else str(text), builder.st.cell)


# -- the families and the Order ------------------------------------------------------

def families(builder):
    db, loc = builder.db, builder.locale
    head = [""] + [f.name[loc] for f in db.families]
    rows = [[_cell(builder, h, True) for h in head]]
    for card in db.cards:
        row = [_cell(builder, f"**{card.value}** {card.name[loc]}")]
        for f in db.families:
            n = f.cards.get(card.id, 0)
            if f.special == card.id:     # the family's special card, in bold
                pts = plural(loc, catalog(loc)["numbered"]["points"], db.scoring.special_points)
                row.append(_cell(builder, f"**{n}** ({pts})"))
            else:
                row.append(_cell(builder, n))
        rows.append(row)
    total = [_cell(builder, "Σ", True)] + [_cell(builder, sum(f.cards.values()), True)
                                          for f in db.families]
    rows.append(total)
    # The card column as wide as its longest name, never more than 30 %: the
    # family columns get the rest, so a long colour ("Amarillo") stays whole.
    fonts, size = register_fonts(), builder.st.cell.fontSize
    w = builder.width
    longest = max(stringWidth(f"{card.value} ", fonts.bold, size)
                  + stringWidth(card.name[loc], fonts.regular, size) for card in db.cards)
    first = min(w * 0.3, longest + 8)
    table = _table(builder, rows, [first] + [(w - first) / len(db.families)] * len(db.families),
                   align_numbers=range(1, len(db.families) + 1))
    return [table, Spacer(1, 4)]


class OrderRow(Flowable):
    """One Order (or a before → after pair) drawn with the diagrams' art."""

    def __init__(self, orders, moved=(), scale=1.0, words=None, labels=None):
        super().__init__()
        self.orders, self.moved, self.scale = orders, moved, scale
        self.words, self.labels = words, labels
        row = 7 * RANK_W * scale + 6 * RANK_GAP * scale
        self.row = row
        self.width = row * len(orders) + (len(orders) - 1) * 12 * mm
        self.height = RANK_H * scale + (9 * mm if words else 5 * mm if labels else 0)

    def draw(self):
        fonts = register_fonts()
        c = self.canv
        y = self.height - RANK_H * self.scale
        for i, order in enumerate(self.orders):
            x = i * (self.row + 12 * mm)
            moved = self.moved if i == len(self.orders) - 1 else ()
            draw_order(c, order, x, y, fonts, moved=moved, scale=self.scale, words=self.words)
            if self.labels:
                c.setFillColor(L.MUTED)
                c.setFont(fonts.italic, 7.5)
                c.drawString(x, y - 3.4 * mm, self.labels[i])
            if i:
                c.setFillColor(L.GOLD)
                c.setFont(fonts.bold, 13)
                c.drawCentredString(x - 6 * mm, y + RANK_H * self.scale / 2 - 4, "→")


def order(builder):
    words = {k: typography(v, builder.locale) for k, v in builder.text["diagram"].items()}
    return [Spacer(1, 3), OrderRow([builder.db.setup.order], words=words), Spacer(1, 6)]


# -- decrees ------------------------------------------------------------------------

def _example_order(start, steps):
    """The first Order, from ``start`` then each turn of it (the first value
    moved to the end), where ``steps`` change something; with the result."""
    candidates = [tuple(start[k:] + start[:k]) for k in range(7)]
    for order in candidates:
        after = apply_steps(order, steps)
        if after != order:
            return order, after
    return None


def decrees(builder):
    db, loc = builder.db, builder.locale
    words = _words(builder)
    cat = catalog(loc)["decree"]
    cfg = db.setup_config()
    start = tuple(db.setup.order)
    out = [builder.para(words["decrees_intro"].format(
        start="→".join(map(str, start))), builder.st.small)]
    unknown = []
    for i, d in enumerate(db.decrees):
        text = decree_text(d, loc)
        if text.effect1 is None and text.effect2 is None and not text.lasting \
                and not text.after:       # nothing known but the name: listed together
            unknown.append(text.name)
            continue
        marks = ([cat["discardable"]] if text.discardable else []) \
            + ([cat["herald_credit"]] if d.deck == "herald" else [])
        mark = "".join(f" — *{m}*" for m in marks)
        block = [builder.subheading(f"{text.name}{mark}")]
        for note in text.lasting:
            block.append(builder.para(f"*{note}*", builder.st.small))
        effects = [(cat["effect1"], text.effect1, cfg.decrees[i].effect1)]
        if text.has_effect2:
            effects.append((cat["effect2"], text.effect2, cfg.decrees[i].effect2))
        for head, sentences, steps in effects:
            if sentences is None:
                # Only a decree every set deals has a card in every kit (with
                # room to write the text); the box's own are left out of
                # Herald's set, the default kit's.
                missing = words["decrees_missing_box" if d.deck == "box"
                                else "decrees_missing"]
                block.append(builder.para(f"**{head}.** *{missing}*", builder.st.small))
                continue
            block.append(builder.para(f"**{head}.** " + " ".join(sentences), builder.st.small))
            # Herald's own decrees go without the picture: the compendium plays
            # each in a worked example, and the booklet keeps to 20 pages
            pair = _example_order(start, steps) if steps and d.deck != "herald" else None
            if pair:
                before, after = pair
                moved = {v for v in after if before.index(v) != after.index(v)}
                block.append(OrderRow([before, after], moved, scale=0.5,
                                      labels=[words["decree_before"], words["decree_after"]]))
                block.append(Spacer(1, 3))
        for note in text.after:
            block.append(builder.para(f"*{note}*", builder.st.small))
        out.append(Keep(block))
    if unknown:
        out.append(builder.para(words["decrees_unknown"].format(
            names=", ".join(unknown)), builder.st.small))
    return out


def scoring(builder):
    lines = [t for t, _ in scoring_lines(builder.db, builder.locale)]
    return [builder.bullets(lines, builder.st.body)]


# -- the solved duel endgame -------------------------------------------------------------

def endgame(builder):
    from herald.engine.games import GAMES
    from herald.engine.simultaneous import solve_joint
    spec = builder.booklet_cfg.get("endgame")
    if not spec:
        return []
    game = GAMES["aset"]
    state = game.from_spec(spec, log=False)
    result = solve_joint(state)
    words = _words(builder)
    from .narration import Teller
    teller = Teller(builder.db, builder.locale, state)
    out = [builder.para(words["endgame_intro"])]
    for p, name in enumerate(state.players):
        hand = teller.cards(state.hands[p])
        out.append(builder.para(words["endgame_hands"].format(player=teller.player(name),
                                                              cards=hand), builder.st.small))
    tables = []
    for p, strategy in enumerate(result.strategies):
        head = [typography(h.format(player=teller.player(state.players[p])), builder.locale)
                for h in words["endgame_headers"]]
        rows = [[_cell(builder, h, True) for h in head]]
        for decision, prob in strategy:
            card = decision[1]
            rows.append([_cell(builder, teller.card(card)),
                         # the locale's percent ("27 %" in German, French, Spanish)
                         _cell(builder, f"{_fraction(prob)} "
                                        f"({percent(float(prob), builder.locale, 0)})")])
        tables.append(_table(builder, rows, [builder.width * 0.22, builder.width * 0.26]))
    out.append(Table([tables], colWidths=[builder.width / 2] * 2,
                     style=TableStyle([*builder.table_font,
                                       ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 0)])))
    value = result.value
    leader = 0 if value >= 0 else 1
    if value == 0:
        out.append(builder.para(words["endgame_even"], builder.st.small))
    else:
        out.append(builder.para(words["endgame_value"].format(
            player=teller.player(state.players[leader]),
            value=f"{_fraction(abs(value))} ≈ " + decimal(float(abs(value)), builder.locale, 2)),
            builder.st.small))
    out.append(builder.para(words["endgame_nodes"].format(
        nodes=whole(result.nodes, builder.locale)), builder.st.small))
    return out


def _fraction(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


# -- the rulebook's scoring table, and errata --------------------------------------------

def errata_outcomes(examples) -> list:
    """(example, outcome) of every example marked as an erratum, from the
    game's verified examples (``Verified.every``: no document prints them as
    worked examples)."""
    return [(v.example, v.outcome) for v in examples.every if v.outcome.erratum is not None]


def breakdown(state, p) -> dict:
    """Player ``p``'s score line by line, by the engine's own scoring rules:
    cards worth 1, Assassins and Commanders (the cards worth more, which 003
    calls « solos »), special cards, the combinations 003's table counts as
    « Malus », and the pairs of solos it leaves out of that row (l.159-164)."""
    cfg = state.config
    counts = [0] * 8
    lines = {"single": 0, "solos": 0, "special": 0, "malus": 0, "solo_pairs": 0}
    for c in state.treasure[p]:
        v = c & 7
        counts[v] += 1
        if cfg.special[c >> 3] == v:
            lines["special"] += cfg.special_points
        elif cfg.points[v - 1] == 1:
            lines["single"] += 1
        else:
            lines["solos"] += cfg.points[v - 1]
    once = state.options.combinations == "once"
    for a, b, malus in cfg.combinations:
        k = counts[a] // 2 if a == b else min(counts[a], counts[b])
        solos = cfg.points[a - 1] > 1 and cfg.points[b - 1] > 1
        lines["solo_pairs" if solos else "malus"] += malus * (min(k, 1) if once else k)
    lines["total"] = lines["single"] + lines["solos"] + lines["special"] - lines["malus"] \
        - lines["solo_pairs"]
    assert lines["total"] == state.points(p), "the breakdown must be the engine's score"
    return lines


def score_table(builder):
    """003's scoring table (the example ``booklet.yaml`` names), its lines
    counted by the engine: the example holds, so each total is the printed one."""
    wanted = builder.booklet_cfg["scoring_table"]
    verified = builder.examples.find(wanted)
    if verified is None:
        raise InputError(f"aset: booklet.yaml: scoring_table: no example {wanted!r}")
    example, outcome = verified.example, verified.outcome
    if not outcome.ok:
        raise InputError(f"aset: the scoring table's example {example.id} does not verify: "
                         f"{outcome.problems[0]}")
    state = outcome.state
    words = _words(builder)
    from .narration import Teller
    teller = Teller(builder.db, builder.locale, state)
    players = list(state.players)
    lines = [breakdown(state, p) for p in range(len(players))]
    head = [""] + [teller.player(p) for p in players] + [words["score_rule"]]
    rows = [[_cell(builder, h, True) for h in head]]
    for key in ("single", "solos", "special", "malus", "solo_pairs", "total"):
        sign = "−" if key in ("malus", "solo_pairs") else ""
        bold = key == "total"
        rows.append([_cell(builder, words["score_lines"][key], bold)]
                    + [_cell(builder, f"{sign}{ln[key]}", bold) for ln in lines]
                    + [_cell(builder, f"*{words['score_rules'][key]}*")])
    w = builder.wide
    n = len(players)
    first, rule = w * 0.26, w * 0.3
    table = _table(builder, rows, [first] + [(w - first - rule) / n] * n + [rule],
                   align_numbers=range(1, n + 1))
    # the row 003's table lacks, and the totals it prints
    table.setStyle(TableStyle([("BACKGROUND", (0, 5), (-1, 5), colors.HexColor("#F3E3DA")),
                               ("BACKGROUND", (0, 6), (-1, 6), colors.HexColor("#E6EEDB"))]))
    return [builder.wide_flowable(table), Spacer(1, 4)]


def errata(builder):
    words = _words(builder)
    loc = builder.locale
    db = builder.db
    names = {c.id: c.name[loc] for c in db.cards}
    babel = Locale.parse(loc.replace("-", "_"))
    out = []
    for example, outcome in errata_outcomes(builder.examples):
        err = outcome.erratum
        out.append(builder.subheading(example.title(loc)))
        printed, corrected = err["printed"].get("material"), err["corrected"].get("material")
        if isinstance(printed, dict):       # copies of some kinds of card
            for key, count in printed.items():
                kinds = format_list([names[k] for k in key.split("+")], locale=babel)
                out.append(builder.para(words["material_kinds"].format(
                    kinds=kinds, printed=count, corrected=corrected[key]), builder.st.small))
        elif printed is not None:           # the whole count of numbered cards
            out.append(builder.para(words["material"].format(
                printed=printed, corrected=corrected,
                families=len(db.families), size=db.setup.family_size), builder.st.small))
        note = err.get("note")
        if note:
            text = note.get(loc) if isinstance(note, dict) else note
            out.append(builder.para(f"*{text}*", builder.st.small))
    return out


def table(builder):
    """The whole table at set-up (:mod:`.setup_picture`)."""
    from .setup_picture import table_figure
    return table_figure(builder)


FIGURES = {"families": families, "order": order, "decrees": decrees, "scoring": scoring,
           "score_table": score_table, "endgame": endgame, "errata": errata, "table": table}


def checklist(db, locale: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """The kit's card checklist (render/checklist.py): each family's numbered
    cards, the decrees of the kit's pile and its blank ones, the Order cards
    and the aids."""
    from ...documents import rules_text
    words = rules_text(db.game, locale)["checklist"]
    names = {card.id: card.name[locale] for card in db.cards}
    groups = [(family.name[locale], [names[cid] for cid, count in family.cards.items()
                                     for _ in range(count)])
              for family in db.families]
    printed = [d.name[locale] for d in db.decrees if d.deck != "box"]
    from .decrees import BLANK_CARDS
    groups.append((words["decrees"], printed + [words["blank"]] * BLANK_CARDS))
    groups.append((words["order"], [str(v) for v in range(7, 0, -1)]))
    groups.append((words["aids"], [family.name[locale] for family in db.families]))
    return words, groups
