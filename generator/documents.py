"""The rules documents' sources, read from the game's files: its rules text,
the XML tree of each document (a template filled with that text), where its
examples print (``booklet.yaml``) and what its cover lists.

This is the loading side of the booklet and the web edition: render/
receives what is read here (:class:`.render.sources.Sources` and the trees)
and opens no file of a game itself.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache
from pathlib import Path

import jinja2

from .booklet_plan import load_plan
from .catalogs import load_catalog
from .errors import InputError
from .paths import TEMPLATES, display
from .render.cover import CoverNotes
from .render.sources import Sources

# each document a template: the rules booklet, the compendium of examples
TEMPLATES_OF = {"rules": "rules.xml.j2", "examples": "examples.xml.j2"}


def rules_text(game: str, locale: str) -> dict:
    """The locale's rules text (the French ``rules.yaml``, translated from the
    game's PO file in another locale)."""
    return load_catalog(game, locale, "rules")


@cache
def _environment(folder: str) -> jinja2.Environment:
    """The documents' templates in ``folder`` (Herald's own; the rules text
    they are filled with is data, escaped as it is written in)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folder),
                              autoescape=True, undefined=jinja2.StrictUndefined,
                              keep_trailing_newline=True)


def render_template(name: str, context: dict) -> str:
    try:
        return _environment(str(TEMPLATES)).get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as e:
        where = display(Path(e.filename)) if e.filename else name
        raise InputError(f"{where}:{e.lineno}: template syntax error: {e.message}") from None
    except jinja2.UndefinedError as e:
        raise InputError(f"{display(TEMPLATES / name)}: template error: {e.message}") \
            from None


def document_xml(document: str, game: str, locale: str, text: dict) -> ET.Element:
    """The XML tree of ``document`` ("rules" or "examples"): its template
    filled with the rules text, which the PDF's builder and the web
    edition's renderer each read."""
    template = TEMPLATES_OF[document]
    xml = render_template(template, {"text": text, "game": game, "locale": locale})
    try:
        return ET.fromstring(xml)
    except ET.ParseError as e:
        raise InputError(f"{display(TEMPLATES / template)}: the rendered template is not "
                         f"well-formed XML: {e}") from None


def _plain(text: str) -> str:
    """Rules markup (**bold**, *italic*) removed."""
    return re.sub(r"\*\*?([^*]+)\*\*?", r"\1", text)


def components(game: str, locale: str) -> list[str]:
    """The items of the rules' ``components`` section (counts included), as
    plain text: what a game's box holds, in the rules' own words."""
    rules = load_catalog(game, locale, "rules")
    return [_plain(item) for section in rules.get("sections", [])
            if section.get("id") == "components"
            for block in section.get("blocks", []) for item in block.get("list", [])]


def cover_notes(look, db, locale: str, **options) -> CoverNotes:
    """What a cover of ``db``'s game lists: the contents its ``look``'s
    ``cover_notes`` gives for the deck ``options`` deal, else the components
    of its rules; and the credits of its rules catalog (``credits``: the
    game's authors and the source the rules follow), which every game has."""
    game = db.game
    own = look.cover_notes(db, locale, **options) \
        if look.cover_notes is not None else CoverNotes(contents=[])
    credits = load_catalog(game, locale, "rules").get("credits") or []
    return replace(own, contents=own.contents or components(game, locale),
                   credits=[*credits, *own.credits])


def sources(look, db, locale: str, examples) -> Sources:
    """Everything a rules document of ``db``'s game in ``locale`` is made
    from but its examples: the rules text, the plan of where ``examples``
    print (its sections checked against the rules') and the cover's notes."""
    text = rules_text(db.game, locale)
    # its ids were checked by verify_examples; without a booklet.yaml, every
    # example prints, by id
    plan = load_plan(db.game, None, {v.example.id for v in examples})
    plan.check_sections([s["id"] for s in text.get("sections", [])], db.game)
    return Sources(text=text, plan=plan, cover=cover_notes(look, db, locale))


def ready_locales(db) -> list[str]:
    """The locales a game's editions exist in (the language switcher): the
    card database's complete locales (a locale still being translated is set
    aside by the loader, as for the PDFs) whose rules text loads (the French
    ``rules.yaml``, or its translation in the game's PO file)."""
    out = []
    for loc in db.locales:
        try:
            rules_text(db.game, loc)
        except InputError:
            continue
        out.append(loc)
    return out
