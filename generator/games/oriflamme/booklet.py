"""Oriflamme's own pages in the generic rules booklet: the ten cards with their
clarifications and rulings, the families' arms on the cover, the setup picture
and the key to the queue diagrams' marks."""
from __future__ import annotations

from herald.engine.oriflamme.cards import CARDS
from herald.engine.oriflamme.options import RULE_OPTIONS
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from ...render.booklet import CardPicture
from ...render.text import typography
from .arms import draw_arms

# the shortest part of a card block on either side of a page break
CARD_SPLIT = 60


def booklet_cards(builder, el) -> list:
    """``<cards/>``: each card's face beside its ability, clarifications and rulings;
    ``<cards box="alliance"/>``: the cards of that box."""
    out = []
    db, locale = builder.db, builder.locale
    pictures = builder.cards
    if el.get("box"):
        from .faces import print_cards
        db = db.select(el.get("box"))
        pictures = {c.key: c for c in print_cards(db, locale)}
    rulings = builder.booklet_cfg.get("card_rulings", {})
    first = db.families[0].id
    for card in db.cards:
        name = card.name[locale]
        kind = getattr(db.terms[locale], card.kind)
        text = [builder.heading(f"{name} · {kind}", 1),
                builder.para(card.ability[locale]),
                builder.subheading(builder.text["cards_clarifications"]),
                builder.bullets(card.clarifications[locale], builder.st.small)]
        options = [o for o in RULE_OPTIONS if card.id in rulings.get(o.name, [])]
        if options:
            text.append(builder.subheading(builder.text["card_rulings"]))
            text.append(builder.bullets(
                [f"**{o.title[locale]}**: {o.default.summary[locale]}" for o in options],
                builder.st.small))
        # the card hangs in the left margin; its texts take the body's measure
        # and half the right margin (a reference list in small type: about 75
        # characters a line)
        margin = (builder.wide - builder.width) / 2
        picture = CardPicture(pictures[f"{first}-{card.id}"],
                              min(0.42, (margin - 4 * mm) / CardPicture.WIDTH))
        # a card too tall for the rest of a page goes on over the next one
        # (its picture in the first part) rather than leave the space empty
        table = Table([[picture, text, ""]],
                      colWidths=[margin, builder.width + margin / 2, margin / 2],
                      splitInRow=CARD_SPLIT)
        table.setStyle(TableStyle([*builder.table_font, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("ALIGN", (0, 0), (0, 0), "RIGHT"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (0, 0), 4 * mm)]))
        block = builder.wide_flowable(table)
        block.herald_label = _label(builder, card, locale, text)
        out.append(block)
    return out


def _label(builder, card, locale, parts):
    """What a card's block is called when it is taller than a page: the card
    and its tallest field (laid out only then)."""
    fields = ["ability", "clarifications", "rulings"]

    def label():
        heights = [(p.wrap(builder.width, 1e9)[1], name)
                   for p, name in zip(parts[1::2], fields)]
        field = max(heights)[1]
        where = f"cards.{card.id}.{field}.{locale}" if field != "rulings" else \
            f"booklet.yaml card_rulings for {card.id}"
        return f"{builder.game}: card {card.id} ({locale}): {where}"

    return label


def draw_cover_art(canvas, db, width, height) -> None:
    """The five families' coats of arms in a row."""
    n = len(db.families)
    for i, family in enumerate(db.families):
        draw_arms(canvas, family.arms, family.colour, width * (i + 0.5) / n,
                  height / 2, height)


class _Picture(Flowable):
    """A drawing of a fixed size, made by ``draw(canvas)`` from its lower left."""

    def __init__(self, width, height, draw):
        super().__init__()
        self.width, self.height, self._draw = width, height, draw
        self.hAlign = "CENTER"

    def draw(self):
        self._draw(self.canv)


def booklet_figure(builder, el) -> list:
    """``<figure name="setup"/>``: one player's setup, drawn with the diagrams'
    cards; ``<figure name="table"/>``: the whole table at set-up."""
    if el.get("name") == "table":
        return [table_figure(builder)]
    if el.get("name") != "setup":
        return []
    from ...render.fonts import register_fonts
    from . import diagram as D
    from . import icons
    fonts = register_fonts()
    words = {k: typography(v, builder.locale) for k, v in builder.text["setup_figure"].items()}
    db, locale = builder.db, builder.locale
    step = D.CARD_W * 0.62
    hand_w = step * 6 + D.CARD_W
    gap = 9 * mm
    aside_w = D.CARD_W + 2 * 2.2 * mm
    tile_w = 30 * mm
    width = hand_w + gap + aside_w + gap + tile_w
    # the hand steps down by a name's band from card to card: each card's
    # name shows whole above the next one (issue 33: side by side alone, the
    # fan hid "Archer", "Soldat", "Changeforme" under their neighbours)
    stair = 6 * D.PEEK
    height = D.CARD_H + stair + 16 * mm
    scale = min(1.0, builder.wide / width)

    def label(c, x, y, text):
        c.setFillColorRGB(*D.INK)
        c.setFont(fonts.italic, 9.5)
        c.drawCentredString(x, y, text)

    def draw(c):
        c.saveState()
        c.scale(scale, scale)
        base = 9 * mm
        for i in range(7):                       # the hand, fanned
            D._card(c, db, locale, fonts, (0, i, True, 0), i * step, base + (6 - i) * D.PEEK)
        label(c, hand_w / 2, 2 * mm, words["hand"])
        x = hand_w + gap
        for i in range(3):                       # set aside, face down, stacked
            D._card(c, db, locale, fonts, (0, 7 + i, False, 0), x + i * 2.2 * mm,
                    base - i * 1.2 * mm)
        label(c, x + aside_w / 2, 2 * mm, words["aside"])
        x += aside_w + gap
        size = 13.0
        icons.draw_influence(c, x, base + D.CARD_H - 6 * mm, size)
        c.setFont(fonts.regular, 9.5)
        c.drawString(x + icons.influence_width(size) + 1.5 * mm, base + D.CARD_H - 5.5 * mm,
                     words["influence"])
        for row, key in enumerate(("first", "direction")):
            y = base + D.CARD_H - 17 * mm - row * 10 * mm
            c.setFillColorRGB(*D.PARCHMENT)
            c.setStrokeColorRGB(*D.INK)
            c.setLineWidth(0.6)
            c.roundRect(x, y, tile_w, 7.5 * mm, 1.5 * mm, stroke=1, fill=1)
            c.setFillColorRGB(*D.INK)
            c.setFont(fonts.semibold, 8.5)
            c.drawCentredString(x + tile_w / 2, y + 2.6 * mm, words[key])
        c.restoreState()

    return [_Picture(width * scale, height * scale, draw)]


def diagram_key(builder, el) -> list:
    """``<diagram_key/>``: each mark of the queue diagrams, drawn with the
    diagrams' own functions, with its meaning. The Alliance marks are keyed
    only when the booklet's examples can draw them."""
    from ...render.fonts import register_fonts
    from . import diagram as D
    from . import icons
    fonts = register_fonts()
    words = builder.text["diagram_key"]
    db, locale = builder.db, builder.locale
    k = 0.5                                     # the key's cards, half size
    ch = D.CARD_H * k

    def card(up, tokens=0, mark=None, glow=False, seal=False, reserved=False, kind=0):
        def draw(c):
            c.saveState()
            c.translate(1.5 * mm, 1 * mm)
            c.scale(k, k)
            if glow:
                D._glow(c, -1.2 * mm, -1.2 * mm, D.CARD_W + 2.4 * mm, D.CARD_H + 2.4 * mm)
            if reserved:
                D._reserve_frame(c, 0, 0, 1)
            D._card(c, db, locale, fonts, (0, kind, up, tokens), 0, 0)
            if seal:        # where the diagrams put it: the card's top right corner
                D._condemnation(c, D.CARD_W - 1.2 * mm, D.CARD_H - 1.2 * mm)
            if mark:
                D._fade(c, 0, 0, eliminated=mark == "eliminated")
            c.restoreState()
        return draw

    def placeholder(c):
        c.saveState()
        c.translate(1.5 * mm, 1 * mm)
        c.scale(k, k)
        D._placeholder(c, 0, 0)
        c.restoreState()

    def arrow(kind):
        def draw(c):
            colour, width, dash = D._ARROW_STYLE[kind]
            c.saveState()
            c.setStrokeColorRGB(*colour)
            c.setFillColorRGB(*colour)
            c.setLineWidth(width)
            if dash:
                c.setDash(dash)
            y = ch / 2
            c.line(1 * mm, y, 11 * mm, y)
            c.setDash([])
            p = c.beginPath()
            p.moveTo(13.5 * mm, y)
            p.lineTo(11 * mm, y + 1.1 * mm)
            p.lineTo(11 * mm, y - 1.1 * mm)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
            if kind == "steal":
                icons.draw_influence(c, 5 * mm, y + 1 * mm, 7.0)
            c.restoreState()
        return draw

    def letter(c):
        D._label(c, fonts, "A", 6 * mm, ch / 2)

    def gain(c):
        c.setFillColorRGB(*D.RED)
        c.setFont(fonts.bold, 9.5)
        c.drawString(2 * mm, ch / 2 - 3, "+2")

    entries = [(card(False), "face_down"), (card(True), "revealed"),
               (card(True, 2), "tokens"), (card(True, glow=True), "acting"),
               (card(True, mark="eliminated"), "gone"),
               (card(True, mark="discarded"), "discarded"),
               (arrow("eliminate"), "eliminate"), (arrow("steal"), "steal"),
               (arrow("copy"), "copy"), (arrow("move"), "move"),
               (placeholder, "moved_from"), (letter, "letters"), (gain, "gain")]
    marks = alliance_marks(builder.document_examples())
    if "condemned" in marks:
        entries.append((card(True, seal=True), "condemned"))
    if "reserved" in marks:
        entries.append((card(True, reserved=True, kind=CARDS.index("trade")), "reserved"))
    # three marks a row across the frame (the key is a picture legend, not
    # running text: it need not keep the text's measure)
    cell_w, per_row = 16 * mm, 3
    rows = []
    for i in range(0, len(entries), per_row):
        row = []
        for draw, key in entries[i:i + per_row]:
            row += [_Picture(cell_w, ch + 2 * mm, draw), builder.para(words[key], builder.st.small)]
        rows.append(row + [""] * (2 * per_row - len(row)))
    third = builder.wide / per_row
    table = Table(rows, colWidths=[cell_w + 2 * mm, third - cell_w - 2 * mm] * per_row)
    table.setStyle(TableStyle([*builder.table_font, ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 1),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                               ("TOPPADDING", (0, 0), (-1, -1), 1),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return [builder.subheading(words["title"]), builder.wide_flowable(table)]


# The Alliance cards whose play brings a mark into the diagrams.
_CONDEMNING = {CARDS.index("magistrate")}
_RESERVED = {CARDS.index("infiltration"), CARDS.index("trade")}


def alliance_marks(examples) -> set[str]:
    """The Alliance marks the diagrams of these worked examples can draw:
    ``"condemned"`` (the Condemnation seal) when one starts with a condemned
    card or deals the Magistrate, ``"reserved"`` (the reserved cards' frame)
    when one starts with a reserved card or deals the Infiltration or the Trade."""
    marks = set()
    for verified in examples:
        state = verified.outcome.initial
        box = set(getattr(state, "box", ()))
        if getattr(state, "condemned", ()) or box & _CONDEMNING:
            marks.add("condemned")
        if any(getattr(state, "reserve", ())) or box & _RESERVED:
            marks.add("reserved")
    return marks


def checklist(db, locale: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """The kit's card checklist (render/checklist.py): each family's cards,
    then the player aids, one per family."""
    from ...documents import rules_text
    words = rules_text(db.game, locale)["checklist"]
    groups = [(family.name[locale], [card.name[locale] for card in db.cards
                                     for _ in range(card.count)])
              for family in db.families]
    groups.append((db.aids[locale].title, [family.name[locale] for family in db.families]))
    return words, groups


def table_figure(builder, players: int = 4) -> Flowable:
    """The whole table at set-up, seen from above (issue 33: the kits had no
    picture of it): in the middle the room for the Queue, the Resolution
    Direction tile and the influence reserve; at each seat a player's three
    cards set aside, face down in the family's colours, and the player's
    influence point; the First Player tile before the first player, whose
    seat is labelled (the hand is held, not on the table)."""
    from ...render.fonts import register_fonts
    from . import diagram as D
    from . import icons
    fonts = register_fonts()
    words = {k: typography(v, builder.locale) for k, v in builder.text["setup_figure"].items()}
    db, locale = builder.db, builder.locale
    queue = typography(db.terms[locale].queue, locale)
    k = 0.45                                     # the cards, under half the diagrams' size
    cw, ch = D.CARD_W * k, D.CARD_H * k
    gap = 1.5 * mm
    seat_w = 3 * cw + 2 * gap
    width, height = 170 * mm, 84 * mm
    table = (8 * mm, 2 * mm, width - 16 * mm, height - 4 * mm)      # x, y, w, h
    scale = min(1.0, builder.wide / width)

    def label(c, x, y, text, italic=True, size=8.0):
        c.setFillColorRGB(*D.INK)
        c.setFont(fonts.italic if italic else fonts.semibold, size)
        c.drawCentredString(x, y, text)

    def tile(c, x, y, text):
        c.setFillColorRGB(*D.PARCHMENT)
        c.setStrokeColorRGB(*D.INK)
        c.setLineWidth(0.6)
        c.roundRect(x, y, 30 * mm, 7.5 * mm, 1.5 * mm, stroke=1, fill=1)
        c.setFillColorRGB(*D.INK)
        c.setFont(fonts.semibold, 8.0)
        c.drawCentredString(x + 15 * mm, y + 2.6 * mm, text)

    def seat(c, family, cx, y, first=False):
        """A seat's three cards set aside and its influence point, centred on cx."""
        x0 = cx - seat_w / 2
        for i in range(3):
            c.saveState()
            c.translate(x0 + i * (cw + gap), y)
            c.scale(k, k)
            D._card(c, db, locale, fonts, (family, 7 + i, False, 0), 0, 0)
            c.restoreState()
        icons.draw_influence(c, x0 + seat_w + 2 * mm, y + ch / 2 - 2, 11.0)
        label(c, cx, y - 3.6 * mm, db.families[family].name[locale], italic=False)

    def draw(c):
        c.saveState()
        c.scale(scale, scale)
        x, y, w, h = table
        c.setFillColorRGB(0.93, 0.89, 0.80)
        c.setStrokeColorRGB(*D.INK)
        c.setLineWidth(0.6)
        c.roundRect(x, y, w, h, 6 * mm, stroke=1, fill=1)
        cx, cy = x + w / 2, y + h / 2
        # the Queue's room, empty at set-up
        c.saveState()
        c.setStrokeColorRGB(*D.GREY)
        c.setDash([2.2, 2.2])
        c.roundRect(cx - 28 * mm, cy + 1 * mm, 56 * mm, ch + 2 * mm, 2 * mm, stroke=1, fill=0)
        c.restoreState()
        label(c, cx, cy + 1 * mm + (ch + 2 * mm) / 2 - 1, queue)
        tile(c, cx - 33 * mm, cy - 10 * mm, words["direction"])
        for i in range(3):                       # the reserve, a heap of coins
            icons.draw_influence(c, cx + 8 * mm + i * 3.2 * mm, cy - 8.2 * mm + (i % 2) * 1.5,
                                 13.0)
        label(c, cx + 13 * mm, cy - 12.5 * mm, words["reserve"])
        # the seats: the first player at the bottom, the others clockwise
        seats = [(cx, y + 8 * mm), (x + 26 * mm, cy - ch / 2), (cx, y + h - ch - 4 * mm),
                 (x + w - 26 * mm, cy - ch / 2)][:players]
        for n, (sx, sy) in enumerate(seats):
            seat(c, n, sx, sy)
        sx, sy = seats[0]
        tile(c, sx - seat_w / 2 - 34 * mm, sy + 1 * mm, words["first"])
        for n, key in enumerate(("aside", "influence", "hand")):
            label(c, sx + seat_w / 2 + 26 * mm, sy + ch / 2 + 2.6 * mm - n * 3.6 * mm, words[key])
        c.restoreState()

    return _Picture(width * scale, height * scale, draw)
