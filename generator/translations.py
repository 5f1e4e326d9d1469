"""Translations: French is the source, every other locale is a PO file.

A game package (a game whose object names its own ``assets`` folder) has the
source language its ``database.yaml`` declares (``language: en``): its PO
files are ``<assets>/locales/<lang>.po`` and its texts are listed by
:mod:`.look.texts`; Herald's own games and generic words stay French.

Where each text lives:

* the French, where it always was: the card database, the worked examples,
  the catalogs ``assets/<game>/locales/fr/*.yaml``, the engine's readings
  (``{"fr": …}``) and the generator's own printed words (:func:`source_texts`);
* every other locale, only in gettext PO files read and written with Babel:
  ``assets/<game>/locales/<lang>.po`` for a game's texts and
  ``assets/locales/<lang>.po`` for the generic ones (covers, calibration,
  imposition). ``msgid`` is the French text, ``msgctxt`` says where it
  appears (``card database cards.archer.name``,
  ``example ambush-opponent-soldier, title``), a plural is a
  ``msgid_plural``;
* a locale's narration grammar (genders, determiners) is locale data, not a
  translation of a French string: ``assets/<game>/locales/<lang>/narration.yaml``
  holds it (for French, beside the French narration it serves).

Translation happens at the loading boundary: the database loader, the
example loader, the catalog loader and the engine's readings get their other
locales filled in from the PO files (:func:`fill`), so that the code
downstream keeps reading ``card.name[locale]`` and catalogs by key. A text a
file still carries inline in another locale (a designer's own deck) wins over
the PO file.

The same walk lists the source strings for ``herald i18n extract`` and fills
the translations at load time, so a context can never differ between the
template and the lookup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .filecache import ContentCache
from .paths import ASSETS
from .translate import (  # noqa: F401  the lookup half, read through this module too
    _ELISION,
    _EPOCH,
    _NPLURALS,
    GENERIC,
    LOCALE_CODE,
    MAX_PLURALS,
    MAX_PO_BYTES,
    PACKAGE_SOURCE,
    PLACEHOLDER,
    PLURAL_CATEGORIES,
    SOURCE,
    Entry,
    Table,
    _bad_utf8_line,
    _bare_problem,
    _clip,
    _engine_dicts,
    _entries,
    _inline,
    _read_po_once,
    _translated,
    _visible,
    babel_locale,
    catalog_entries,
    catalog_in,
    database_entries,
    determiners,
    domain_root,
    engine_dicts,
    example_entries,
    fill,
    fill_engine,
    fillable,
    game_locales,
    grammar_determiners,
    grammar_files,
    is_localized,
    is_plural,
    leaves,
    locale_texts,
    localized,
    package_assets,
    placeholders,
    plural_categories,
    po_folder,
    po_locales,
    po_path,
    pot_path,
    read_po,
    source_language,
    table,
    translate_tree,
    translation_problems,
)
from .words import code_entries as _code_entries


def generic_words() -> tuple:
    """Herald's generic printed words, every block listed (data modules:
    importing them draws nothing)."""
    from . import generic_words
    from .render import words
    return (*words.ALL, *generic_words.ALL)


def code_entries(domain: str) -> list[Entry]:
    """The printed words of the generator's code: the generic ones
    (:func:`generic_words`), a game's those its look lists in ``WORDS``."""
    if domain == GENERIC:
        return _code_entries(generic_words())
    from .kits import kit
    return _code_entries(kit(domain).WORDS)


# -- every source string of a domain ---------------------------------------------

def source_entries(domain: str) -> list[Entry]:
    """Every translatable string of a game (or of the generic domain), in a
    fixed order: database, catalogs, examples, engine, code. Read once per
    version of the files' contents (a build asks for them several times)."""
    entries = _ENTRIES.get(domain, _source_files(domain), lambda: _entries_of(domain))
    return [Entry(e.ctx, e.source, dict(e.inline)) for e in entries]


_ENTRIES: ContentCache[tuple[Entry, ...]] = ContentCache(16)


def _source_files(domain: str) -> list[Path]:
    if domain == GENERIC:
        return []
    if package_assets(domain) is not None:
        from .look.strings import package_files
        return package_files(domain)
    return [p for p in (ASSETS / domain / "database.yaml",) if p.is_file()] + _yaml_in(
        ASSETS / domain / "locales" / SOURCE) + _yaml_in(ASSETS / domain / "examples")


def _yaml_in(folder: Path) -> list[Path]:
    """The YAML files of ``folder``, by name (sorted as strings: quicker than
    paths, and a build lists them often)."""
    return [folder / name for name in sorted(p.name for p in folder.glob("*.yaml"))]


def _read_fast(path: Path):
    """A built-in YAML file read with libyaml, for listing its texts: ten times
    quicker than the hardened reader, which still reads (and judges) every
    file a command uses; an alias, the one construct that could blow up here,
    sends the file to the hardened reader, which refuses it with its line."""
    import yaml

    from .yamlfile import MAX_BYTES, load_yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    text = path.read_bytes()
    if len(text) > MAX_BYTES or any(isinstance(e, yaml.AliasEvent)
                                    for e in yaml.parse(text, Loader=loader)):
        return load_yaml(path)[0]
    return yaml.load(text, Loader=loader)


def _entries_of(domain: str) -> tuple[Entry, ...]:
    load_yaml = _read_fast
    out: list[Entry] = []
    if package_assets(domain) is not None:
        # a game package: its own texts in its own language (look/texts.py)
        from .look.strings import package_entries
        return tuple(_unique(package_entries(domain)))
    if domain != GENERIC:
        db = ASSETS / domain / "database.yaml"
        if db.is_file():
            out += database_entries(load_yaml(db))
        for path in sorted((ASSETS / domain / "locales" / SOURCE).glob("*.yaml")):
            out += catalog_entries(path.stem, load_yaml(path))
        for path in sorted((ASSETS / domain / "examples").glob("*.yaml")):
            out += example_entries(path.stem, load_yaml(path))
        for ctx, mapping in engine_dicts(domain):
            out.append(Entry(ctx, mapping[SOURCE],
                             {k: v for k, v in mapping.items() if k != SOURCE and v}))
    out += code_entries(domain)
    return tuple(_unique(out))


def _unique(entries: list[Entry]) -> list[Entry]:
    """One entry per (context, French)."""
    seen: dict[tuple, Entry] = {}
    for e in entries:
        key = (e.ctx, _key(e.source))
        if key in seen:
            for lang, text in e.inline.items():
                seen[key].inline.setdefault(lang, text)
        else:
            seen[key] = e
    return list(seen.values())


def _key(source) -> str:
    return source if isinstance(source, str) else repr(sorted(source.items()))


# -- reading PO files ------------------------------------------------------------

@dataclass
class Report:
    domain: str
    lang: str
    translated: int = 0
    fuzzy: list = field(default_factory=list)      # (ctx, msgid)
    missing: list = field(default_factory=list)    # (ctx, msgid)
    mismatches: list = field(default_factory=list)  # one line each

    @property
    def complete(self) -> bool:
        return not (self.fuzzy or self.missing or self.mismatches)


def report(domain: str, lang: str, entries: list[Entry] | None = None) -> Report:
    """What ``lang`` lacks for ``domain``: the strings with no translation
    (neither in the PO file nor inline), the fuzzy ones, and placeholder
    mismatches."""
    entries = source_entries(domain) if entries is None else entries
    rep = Report(domain, lang)
    if lang == source_language(domain):
        # a domain's own language lacks nothing (a package written in French
        # reads Herald's generic words as they are written)
        rep.translated = len(entries)
        return rep
    path = po_path(domain, lang)
    catalog = _read_po_once(path, lang) if path.is_file() else None
    t = table(domain, lang)
    fuzzy = set()
    if catalog is not None:
        fuzzy = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
                 for m in catalog if m.fuzzy and m.id}
    refused = t.refused if t is not None else {}
    rep.mismatches = list(refused.values())
    for e in entries:
        if lang in e.inline:
            rep.translated += 1
            continue
        if (e.ctx, e.msgid()[0] if e.plural else e.source) in refused:
            continue            # listed as refused, not as missing
        if t is not None and t.get(e.ctx, e.source) is not None:
            rep.translated += 1
            continue
        key = (e.ctx, e.msgid()[0] if e.plural else e.source)
        (rep.fuzzy if key in fuzzy else rep.missing).append(
            (e.ctx, e.msgid()[0] if e.plural else e.source))
    return rep


def complete(game: str, lang: str) -> bool:
    """Whether ``lang`` has every string of ``game`` and of the generic domain
    (remembered while the files it is judged from hold the same bytes)."""
    if lang == source_language(game):
        return True
    return _COMPLETE.get((game, lang), translation_files(game, [lang]), lambda: (
        report(game, lang).complete and report(GENERIC, lang).complete))


_COMPLETE: ContentCache[bool] = ContentCache(64)


def translation_files(game: str, langs: list[str]) -> list[Path]:
    """Every file that decides what ``game``'s texts are in ``langs``: the
    game's and the generic PO files, the texts they translate, and the
    narration grammars a translation's placeholders are checked against."""
    source = source_language(game)
    grammars = {lang: grammar_files(game, lang) for lang in (source, *langs)}
    return [*(p for lang in langs for p in (po_path(game, lang), po_path(GENERIC, lang))),
            *_source_files(game), *(p for files in grammars.values() for p in files)]


# -- writing PO files ---------------------------------------------------------------

def new_catalog(domain: str, lang: str | None):
    from babel.messages.catalog import Catalog
    return Catalog(locale=babel_locale(lang), domain=domain, project=f"Herald {domain}",
                   version="1", copyright_holder=None, msgid_bugs_address=None,
                   creation_date=_EPOCH, revision_date=_EPOCH, fuzzy=False,
                   charset="utf-8")


def add_entry(catalog, e: Entry, string=None, *, fuzzy=False, previous=None) -> None:
    """Add one source string to a Babel catalog (a plural's zero form is a
    separate entry, ``<ctx>.zero``, since gettext has no zero category)."""
    comments = [f"Where: {e.ctx}"]
    names = sorted(set(PLACEHOLDER.findall(e.source if isinstance(e.source, str)
                                           else " ".join(e.source.values()))))
    if names:
        comments.append("Keep the placeholders: " + ", ".join("{" + n + "}" for n in names))
    flags = {"fuzzy"} if fuzzy else set()
    if e.plural:
        msgid = e.msgid()
        n = catalog.num_plurals if catalog.locale else 2
        forms = tuple(string) if isinstance(string, (tuple, list)) else ()
        catalog.add(msgid, forms[:n] or None, auto_comments=comments,
                    context=e.ctx, flags=flags, previous_id=previous or ())
        if isinstance(e.source, dict) and "zero" in e.source:
            # the zero form follows the others in ``string``
            add_entry(catalog, Entry(f"{e.ctx}.zero", e.source["zero"]),
                      forms[n] if len(forms) > n else None, fuzzy=fuzzy)
    else:
        catalog.add(e.source, string or "", auto_comments=comments, context=e.ctx,
                    flags=flags, previous_id=previous or ())
    # Herald's placeholders are {names}, whose determiners a translation may
    # change ({dem_card}): no *-format flag, so that msgfmt does not compare them
    m = catalog.get(e.msgid() if e.plural else e.source, e.ctx)
    for flag in ("python-format", "python-brace-format", "c-format"):
        m.flags.discard(flag)


def write_catalog(path: Path, catalog) -> None:
    """Write a Babel catalog atomically, sorted as built (deterministic)."""
    import io

    from babel.messages.pofile import write_po

    from .fileio import write_atomic
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, omit_header=False, sort_output=False,
             include_previous=True, ignore_obsolete=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, buf.getvalue())
