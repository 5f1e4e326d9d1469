"""Translating a text: the PO files of a domain (a game, a game package or
Herald's generic words) read once per version, and a text, a plural or a
block of texts looked up in them (:func:`translate_tree`, :func:`fill`).

This is the half of :mod:`.translations` that a look, a catalog or the
database loader calls at run time; it reads files and imports no drawing
code and no look, so that anything may use it. Listing every source string
of a domain (``herald i18n extract``) and judging a locale complete are
:mod:`.translations`.
"""
from __future__ import annotations

import gettext
import importlib
import pkgutil
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, is_dataclass
from dataclasses import fields as dc_fields
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from . import paths
from .errors import InputError
from .filecache import ContentCache
from .paths import display
from .render.plurals import is_plural
from .translation_checks import VARIANTS, Translation, text_problem

SOURCE = "fr"
GENERIC = "generic"
LOCALE_CODE = re.compile(r"[a-z]{2,3}(-[A-Z]{2}|_[A-Z]{2})?")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
MAX_PO_BYTES = 8 * 1024 * 1024
MAX_PLURALS = len(PLURAL_CATEGORIES)
_NPLURALS = re.compile(rb"nplurals\s*=\s*([0-9]+)")
# the header dates of written PO/POT files: fixed, so that the same strings
# give the same bytes (a translator's tool rewrites them anyway)
_EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclass
class Entry:
    """One source string: where it appears, its French, the other locales a
    file still carries inline."""
    ctx: str
    source: str | dict           # a text, or a plural mapping {one:…, other:…}
    inline: dict = field(default_factory=dict)   # lang -> text the file carries

    @property
    def plural(self) -> bool:
        return isinstance(self.source, dict)

    def msgid(self):
        """Babel's id: the text, or (one, other) for a plural."""
        s = self.source
        if isinstance(s, dict):     # plural
            return (s.get("one", s.get("other", "")), s.get("other", s.get("one", "")))
        return self.source


# -- where PO files are ---------------------------------------------------------

def package_assets(domain: str) -> Path | None:
    """The assets folder of a game package (its game object's ``assets``);
    None for Herald's own games, whose files are under ``assets/<game>``, and
    for the generic domain."""
    if domain == GENERIC:
        return None
    from .paths import game_assets
    path = game_assets(domain)
    return None if path == paths.ASSETS / domain else path


def domain_root(domain: str) -> Path:
    """Where a game keeps its database, examples and ``locales/``."""
    return package_assets(domain) or paths.ASSETS / domain


# A package that does not say its language is taken to be written in English.
PACKAGE_SOURCE = "en"


def source_language(domain: str) -> str:
    """The language a domain's texts are written in: French for Herald's own
    games and words; for a game package, the ``language:`` of its
    ``database.yaml`` (its rules, cards, examples and database are in it,
    every other language comes from its PO files)."""
    root = package_assets(domain)
    if root is None:
        return SOURCE
    path = root / "database.yaml"
    if not path.is_file():
        return PACKAGE_SOURCE
    return _LANGUAGES.get(path, [path], lambda: _declared_language(path))


_LANGUAGES: ContentCache[str] = ContentCache(16)


def _declared_language(path: Path) -> str:
    from .yamlfile import line_of, load_yaml
    data, lines = load_yaml(path)
    lang = data.get("language", PACKAGE_SOURCE) if isinstance(data, dict) else PACKAGE_SOURCE
    if not isinstance(lang, str) or not LOCALE_CODE.fullmatch(lang):
        line = line_of(lines, ("language",)) or 1
        raise InputError(f"{display(path)}:{line}: language: {lang!r} is not a locale code "
                         "like en, fr or pt-BR")
    return lang


def po_folder(domain: str) -> Path:
    return paths.ASSETS / "locales" if domain == GENERIC else domain_root(domain) / "locales"


def po_path(domain: str, lang: str) -> Path:
    if not LOCALE_CODE.fullmatch(lang or ""):
        raise InputError(f"--lang: {lang!r} is not a locale code like de, es or pt-BR")
    return po_folder(domain) / f"{lang}.po"


def pot_path(domain: str) -> Path:
    return po_folder(domain) / f"{domain}.pot"


def po_locales(domain: str) -> list[str]:
    """The locales with a PO file for ``domain`` (sorted)."""
    folder = po_folder(domain)
    return sorted(p.stem for p in folder.glob("*.po") if LOCALE_CODE.fullmatch(p.stem)) \
        if folder.is_dir() else []


def game_locales(game: str) -> list[str]:
    """The game's source language (French for Herald's own) and every
    locale with a PO file for the game."""
    source = source_language(game)
    return [source] + [x for x in po_locales(game) if x != source]


# -- walking the source ---------------------------------------------------------

def is_localized(value, source: str = SOURCE) -> bool:
    """A mapping of locale codes to texts with the source: ``{fr: …}``."""
    return (isinstance(value, dict) and source in value
            and all(isinstance(k, str) and LOCALE_CODE.fullmatch(k) for k in value))


def localized(value, where: str = "", source: str = SOURCE) -> Iterator[tuple[str, dict]]:
    """(where, mapping) for each ``{fr: …}`` mapping in a YAML tree (``{en: …}``
    for a domain written in English); a list item is named by its ``id`` when
    it has one, like the database's fields."""
    if is_localized(value, source):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from localized(v, f"{where}.{k}" if where else str(k), source)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            label = item.get("id", i) if isinstance(item, dict) else i
            yield from localized(item, f"{where}.{label}", source)


def leaves(value, ctx: str) -> Iterator[tuple[str, str | dict]]:
    """(ctx, text) for each translatable text of a French value: a text, a
    plural mapping, or a block of them (mapping or list); empty texts and
    numbers are not translated."""
    if isinstance(value, str):
        if value.strip():
            yield ctx, value
    elif is_plural(value):
        if all(isinstance(v, str) for v in value.values()):
            yield ctx, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{ctx}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{ctx}.{i}")


def database_entries(data, source: str = SOURCE) -> list[Entry]:
    return _entries(localized(data, source=source), "card database ", source)


def example_entries(stem: str, spec, source: str = SOURCE) -> list[Entry]:
    return _entries(localized(spec, source=source), f"example {stem}, ", source)


def _entries(found, prefix: str, source: str = SOURCE) -> list[Entry]:
    out = []
    for where, mapping in found:
        for ctx, text in leaves(mapping[source], prefix + where):
            out.append(Entry(ctx, text, _inline(mapping, ctx[len(prefix + where):], source)))
    return out


def _inline(mapping: dict, path: str, source: str = SOURCE) -> dict:
    """The texts other locales carry inline at ``path`` (``.abilities.archer``)."""
    out = {}
    for lang, value in mapping.items():
        if lang == source:
            continue
        for part in path.split(".")[1:]:
            if isinstance(value, dict) and not is_plural(value):
                value = value.get(part)
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                value = None
                break
        if value:
            out[lang] = value
    return out


def catalog_entries(name: str, catalog) -> list[Entry]:
    """A French catalog's texts, but its ``grammar`` (locale data)."""
    if not isinstance(catalog, dict):
        return []
    body = {k: v for k, v in catalog.items() if k != "grammar"}
    return [Entry(ctx, text) for ctx, text in leaves(body, f"{name} catalog")]


def engine_dicts(game: str) -> list[tuple[str, dict]]:
    """(ctx, mapping) for every ``{"fr": …}`` text of the game's engine: its
    rule options, readings and rulings, found in the upper-case constants of
    every module of ``herald.engine.<game>``. The engine names no locale but
    French; the generator fills the others in (:func:`fill_engine`)."""
    return list(_engine_dicts(game))


@cache
def _engine_dicts(game: str) -> tuple[tuple[str, dict], ...]:
    package = importlib.import_module(f"herald.engine.{game}")
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__))
    seen: set[int] = set()
    out: list[tuple[str, dict]] = []

    def walk(obj, where: str, depth: int = 0) -> None:
        if depth > 8 or isinstance(obj, (str, bytes, int, float, bool, type(None))) \
                or id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            if SOURCE in obj and isinstance(obj[SOURCE], str):
                out.append((f"rulings {where}", obj))
                return
            for k, v in obj.items():
                walk(v, f"{where}.{k}", depth + 1)
        elif isinstance(obj, (list, tuple)):
            if obj and isinstance(obj[0], (str, bytes, int, float)):
                return              # a table of numbers or names: no texts in it
            for i, v in enumerate(obj):
                name = getattr(v, "name", None) or getattr(v, "value", None) or i
                walk(v, f"{where}.{name}", depth + 1)
        elif is_dataclass(obj) and not isinstance(obj, type):
            for f in dc_fields(obj):
                walk(getattr(obj, f.name), f"{where}.{f.name}", depth + 1)

    for name in names:
        module = importlib.import_module(f"{package.__name__}.{name}")
        for const, value in sorted(vars(module).items()):
            if const.isupper() and not const.startswith("_"):
                walk(value, f"{name}.{const}")
    return tuple(out)


# -- the generator's own printed words ---------------------------------------------

@dataclass
class Table:
    """The usable translations of one PO file: (ctx, msgid) -> text or the
    list of plural forms (fuzzy and empty ones left out)."""
    path: Path
    lang: str
    texts: dict
    categories: dict        # CLDR category -> index of msgstr
    # (ctx, msgid) -> the line that says why its translation is not used
    refused: dict = field(default_factory=dict)

    def get(self, ctx: str, source):
        if isinstance(source, dict):
            s = source
            one = s.get("one", s.get("other", ""))
            forms = self.texts.get((ctx, one))
            if not isinstance(forms, tuple):
                return None
            out = {cat: forms[i] for cat, i in self.categories.items() if i < len(forms)}
            if "zero" in s:
                zero = self.texts.get((f"{ctx}.zero", s["zero"]))
                if not isinstance(zero, str):
                    return None
                out["zero"] = zero
            return out
        value = self.texts.get((ctx, source))
        return value if isinstance(value, str) else None


def babel_locale(lang: str | None) -> str | None:
    """A locale code as Babel spells it: ``pt-BR`` (Herald's, the schema's)
    is Babel's ``pt_BR``."""
    return lang.replace("-", "_") if lang else lang


def read_po(path: Path, lang: str | None = None):
    """A PO file read with Babel; any problem is one line naming the file
    (and the line, where Babel says which). A byte order mark, which some
    editors write, is skipped."""
    import io
    import stat

    from babel.messages.pofile import PoFileError
    from babel.messages.pofile import read_po as babel_read
    shown = display(path)
    # a stranger's locales/ folder: a link out of it would print another
    # file's first line in the error, a FIFO would hang the read
    if path.resolve().parent != path.parent.resolve():
        raise InputError(f"{shown}: a link to a file outside its folder")
    st = path.stat()
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"{shown}: not a regular file")
    if st.st_size > MAX_PO_BYTES:
        raise InputError(f"{shown}: larger than {MAX_PO_BYTES // (1024 * 1024)} MB")
    with open(path, "rb") as f:
        data = f.read(MAX_PO_BYTES + 1)
    data = data.removeprefix(b"\xef\xbb\xbf")
    # Babel makes a list of nplurals forms for every plural entry: a header
    # asking for 200 million would take gigabytes (CLDR has 6 categories)
    for m in _NPLURALS.finditer(data):
        n = m.group(1).decode()
        if len(n) > 2 or int(n) > MAX_PLURALS:
            line = data[:m.start()].count(b"\n") + 1
            raise InputError(f"{shown}:{line}: Plural-Forms: nplurals={_visible(n, 20)} is "
                             f"more than the {MAX_PLURALS} plural forms a language has")
    try:
        return babel_read(io.BytesIO(data), locale=babel_locale(lang), abort_invalid=True)
    except PoFileError as e:
        what = _visible(str(e).removesuffix(f" on {e.lineno}"))
        raise InputError(f"{shown}:{e.lineno + 1}: not a readable PO file: {what}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{shown}{_bad_utf8_line(data)}: not a readable PO file: "
                         f"{e.reason} ({e.encoding})") from None
    except (ValueError, LookupError) as e:
        raise InputError(f"{shown}: not a readable PO file: {_visible(str(e))}") from None


def _visible(text: str, n: int = 200) -> str:
    """Babel's message, which quotes the file, as one short line: its control
    characters shown as escapes, the rest clipped."""
    text = re.sub("[\x00-\x1f\x7f-\x9f]", lambda m: repr(m.group())[1:-1], text)
    return text if len(text) <= n else text[:n - 1] + "…"


def _bad_utf8_line(data: bytes) -> str:
    """``:N``, the line of the first byte that is not UTF-8 (Babel decodes
    line by line and does not say which); empty when every byte is."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        return f":{line}"
    return ""


def _read_po_once(path: Path, lang: str):
    """:func:`read_po`, parsed once per version of the file (the caller only
    reads it)."""
    return _CATALOGS.get((path, lang), [path], lambda: read_po(path, lang))


_CATALOGS: ContentCache = ContentCache(64)
_TABLES: ContentCache[Table] = ContentCache(64)


def _table(path: Path, lang: str, own_dets: frozenset, source_dets: frozenset) -> Table:
    catalog = _read_po_once(path, lang)     # the completeness report reads it too
    refused = translation_problems(path, catalog, set(own_dets), set(source_dets))
    shown = display(path)
    texts: dict = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        where = f"{shown}:{m.lineno}"
        if isinstance(m.id, tuple):
            forms = tuple(Translation(s, where) for s in m.string or ())
            if forms and all(forms) and (m.context, m.id[0]) not in refused:
                texts[(m.context, m.id[0])] = forms
        elif m.string and (m.context, m.id) not in refused:
            texts[(m.context, m.id)] = Translation(m.string, where)
    return Table(path, lang, texts, plural_categories(lang), refused)


def table(domain: str, lang: str) -> Table | None:
    """The translations of ``domain`` in ``lang`` that may be printed: a
    refused one (:func:`translation_problems`) is never handed out, so no
    template from a PO file reaches ``str.format`` or a paragraph unchecked."""
    path = po_path(domain, lang)
    if not path.is_file():
        return None
    source = source_language(domain)
    # what it is made from: the PO file and both narration grammars
    files = [path, *grammar_files(domain, lang), *grammar_files(domain, source)]
    return _TABLES.get((path, lang), files, lambda: _table(
        path, lang, frozenset(grammar_determiners(domain, lang)),
        frozenset(grammar_determiners(domain, source))))


@cache
def plural_categories(lang: str) -> dict[str, int]:
    """Which msgstr index holds each CLDR plural category of ``lang``: the PO
    header's Plural-Forms (Babel's) evaluated against Babel's CLDR rule."""
    from babel import Locale
    from babel.messages.plurals import get_plural
    locale = Locale.parse(lang.replace("-", "_"))
    index = gettext.c2py(get_plural(locale).plural_expr)
    out: dict[str, int] = {}
    # CLDR's "many" of French and Spanish starts at a million
    for n in [*range(0, 1001), *(10 ** k for k in range(4, 10)), 2_000_000]:
        out.setdefault(locale.plural_form(n), index(n))
    return out


def translate_tree(domain: str, lang: str, ctx: str, source):
    """``source`` (a text, plural or block) in ``lang``, or None when one of
    its texts has no translation."""
    return _tree_in(table(domain, lang), ctx, source)


def _tree_in(t: Table | None, ctx: str, source):
    """:func:`translate_tree` with the translations at hand (a caller walking
    many texts looks the table up once)."""
    if t is None:
        return None
    missing = False

    def tr(value, where):
        nonlocal missing
        if isinstance(value, str):
            if not value.strip():
                return value
            got = t.get(where, value)
        elif is_plural(value):
            got = t.get(where, value)
        elif isinstance(value, dict):
            return {k: tr(v, f"{where}.{k}") for k, v in value.items()}
        elif isinstance(value, list):
            return [tr(v, f"{where}.{i}") for i, v in enumerate(value)]
        else:
            return value
        if got is None:
            missing = True
        return got

    out = tr(source, ctx)
    return None if missing else out


# -- filling the other locales in, at load time ------------------------------------

class _Tables(dict):
    """A domain's tables by locale, each looked up when first needed: a walk
    over many texts reads each PO file's version once, not once a text."""

    def __init__(self, domain: str):
        super().__init__()
        self.domain = domain

    def __missing__(self, lang: str) -> Table | None:
        self[lang] = found = table(self.domain, lang)
        return found


def fill(data, domain: str, langs, prefix: str) -> None:
    """Add ``langs`` to every ``{fr: …}`` mapping of a YAML tree (``{en: …}``
    in a domain written in English), from the domain's PO files, where a
    translation exists (in place)."""
    source = source_language(domain)
    tables = _Tables(domain)
    for where, mapping in localized(data, source=source):
        for lang in langs:
            if lang != source and lang not in mapping:
                value = _tree_in(tables[lang], prefix + where, mapping[source])
                if value is not None:
                    mapping[lang] = value


def fillable(data, domain: str, lang: str, prefix: str) -> bool:
    """Whether every ``{fr: …}`` mapping of a YAML tree has ``lang`` inline or
    in the domain's PO file."""
    source = source_language(domain)
    tables = _Tables(domain)
    return all(lang in mapping or _tree_in(tables[lang], prefix + where,
                                           mapping[source]) is not None
               for where, mapping in localized(data, source=source))


def fill_engine(game: str, langs) -> None:
    """The engine's readings in ``langs`` (in place, where translated); a
    game package's engine carries no such readings."""
    if package_assets(game) is not None:
        return
    tables = _Tables(game)
    for ctx, mapping in engine_dicts(game):
        for lang in langs:
            if lang != SOURCE and lang not in mapping:
                value = _tree_in(tables[lang], ctx, mapping[SOURCE])
                if value is not None:
                    mapping[lang] = value


def catalog_in(game: str, lang: str, name: str, source: dict) -> dict:
    """The French catalog ``source`` in ``lang``: every text from the PO file
    (the French where a text has none: :func:`missing` lists those), and the
    locale's own narration grammar."""
    from .yamlfile import load_yaml
    body = {k: v for k, v in source.items() if k != "grammar"}
    out = _translated(game, lang, f"{name} catalog", body)
    if "grammar" in source:
        path = domain_root(game) / "locales" / lang / f"{name}.yaml"
        own, lines = load_yaml(path) if path.is_file() else (None, {})
        if not isinstance(own, dict) or "grammar" not in own:
            raise InputError(f"{display(path)}: no narration grammar for locale {lang!r} "
                             f"(genders and determiners, like {source_language(game)}/"
                             f"{name}.yaml's grammar)")
        out["grammar"] = locale_texts(path, own["grammar"], lines, ("grammar",))
    return out


# a grammar's elision rule: an anchor and one class of letters, ^[AEIOU…]
# (matched against every card's name: no pattern that could backtrack)
_ELISION = re.compile(r"\^?\[[^\[\]\\]{1,200}\]")


def locale_texts(path: Path, tree, lines: dict, keys: tuple = (), source=None,
                 dets: tuple[set[str], set[str]] = (set(), set())):
    """A tree of texts a locale's own YAML file gives (its narration grammar,
    or a catalog written whole in that language), checked as a PO file's
    translations are (:func:`.translation_checks.text_problem`, against
    ``source``, the same tree in the source language, where it has the
    text; ``dets``: the determiners of the locale's grammar and of the
    source's) and each text made a :class:`Translation` that names its line; a
    problem is one line naming the file, the line and the key."""
    from .yamlfile import line_of

    def where(at: tuple) -> str:
        return f"{display(path)}:{line_of(lines, at) or 1}"

    def walk(value, at: tuple, src):
        if isinstance(value, dict):
            return {k: walk(v, (*at, k), src.get(k) if isinstance(src, dict) else None)
                    for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, (*at, i + 1), src[i] if isinstance(src, list) and i < len(src)
                         else None) for i, v in enumerate(value)]
        if not isinstance(value, str):
            return value
        key = ".".join(map(str, at))
        if at and at[-1] == "elision" and not _ELISION.fullmatch(value):
            raise InputError(f"{where(at)}: {key}: an elision rule is one class of "
                             "letters, like ^[AEIOU]")
        sources = tuple(src.values()) if is_plural(src) else (src,) if isinstance(src, str) \
            else None
        # with no source text: the limits, and placeholders that are plain
        # names of any field (the code that fills it says if one is unknown)
        problem = text_problem(sources, value, *dets) if sources else _bare_problem(value)
        if problem:
            raise InputError(f"{where(at)}: {key}: the text {problem}")
        return Translation(value, where(at))

    return walk(tree, keys, source)


def _bare_problem(text: str) -> str | None:
    from .translation_checks import fields
    try:
        names = {name for name, _, _ in fields(text)}
    except ValueError:
        names = set()
    return text_problem(("{" + "} {".join(sorted(names)) + "}" if names else "",), text,
                        set(), set())


def _translated(domain, lang, ctx, value):
    return _texts_in(table(domain, lang), ctx, value)


def _texts_in(t: Table | None, ctx: str, value):
    if isinstance(value, str) or is_plural(value):
        got = t.get(ctx, value) if t is not None and value else None
        return value if got is None else got
    if isinstance(value, dict):
        return {k: _texts_in(t, f"{ctx}.{k}", v) for k, v in value.items()}
    if isinstance(value, list):
        return [_texts_in(t, f"{ctx}.{i}", v) for i, v in enumerate(value)]
    return value


# -- completeness and checks --------------------------------------------------------

def determiners(domain: str, lang: str) -> set[str]:
    """The determiner names the narration grammars of French and ``lang``
    define (``the``, ``their``; German ``den``, ``dem``…): ``{den_card}`` in a
    translation stands for ``{the_card}`` in the French."""
    return grammar_determiners(domain, source_language(domain)) | \
        grammar_determiners(domain, lang)


def grammar_determiners(domain: str, locale: str) -> set[str]:
    """The determiner names ``locale``'s own narration grammar defines: the
    ones its narration fills in (``{den_card}`` in German, not ``{the_card}``)."""
    paths = grammar_files(domain, locale)
    # Remembered by the files' contents: a build asks for every (game, locale)
    # report several times, and parsing the YAML again each time cost seconds.
    return set(_DETERMINERS.get(tuple(paths), paths, lambda: _determiners(paths)))


def grammar_files(domain: str, locale: str) -> list[Path]:
    """The catalogs of ``locale`` a narration grammar may be in."""
    if domain == GENERIC:
        return []
    folder = domain_root(domain) / "locales" / locale
    return [folder / name for name in sorted(p.name for p in folder.glob("*.yaml"))]


_DETERMINERS: ContentCache[frozenset[str]] = ContentCache(64)


def _determiners(paths: list[Path]) -> frozenset[str]:
    from .yamlfile import load_yaml
    out: set[str] = set()
    for path in paths:
        data = load_yaml(path)[0]
        grammar = data.get("grammar") if isinstance(data, dict) else None
        if isinstance(grammar, dict) and isinstance(grammar.get("determiners"), dict):
            out |= {str(k) for k in grammar["determiners"]}
    return frozenset(out)




def placeholders(text: str, dets: set[str]) -> set[str]:
    """The fields a text's ``{name}`` placeholders stand for: ``{the_card}``,
    ``{den_card}`` and ``{card}`` all stand for ``card`` (a determiner of
    either grammar before it, a variant suffix after it)."""
    out = set()
    for name in PLACEHOLDER.findall(text or ""):
        head, _, rest = name.partition("_")
        if rest and head in dets:
            name = rest
        for suffix in VARIANTS:
            name = name.removesuffix(suffix)
        out.add(name)
    return out


def translation_problems(path: Path, catalog, own_dets: set[str],
                         source_dets: set[str]) -> dict[tuple, str]:
    """(msgctxt, msgid) -> one line naming the file, the line and the msgid,
    for each translation that may not be printed: one that
    :func:`.translation_checks.text_problem` refuses (too long, a control
    character, a placeholder that is not a plain name of its source's,
    unbalanced braces, overlapping emphasis) or that drops a field of its
    msgid. A plural's forms may leave out a field (English "one card" needs
    no {count}) but add none."""
    dets = own_dets | source_dets
    out: dict[tuple, str] = {}
    for m in catalog:
        if not m.id or m.fuzzy or not m.string:
            continue
        plural = isinstance(m.id, tuple)
        ids = tuple(m.id) if plural else (m.id,)
        strings = [s for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
        if not strings:
            continue
        what = next((p for p in (text_problem(ids, s, own_dets, source_dets)
                                 for s in strings) if p), None)
        if what is None and not plural:
            lost = placeholders(ids[0], dets) - placeholders(strings[0], dets)
            if lost:
                what = f"drops {', '.join('{' + x + '}' for x in sorted(lost))}"
        if what is not None:
            out[(m.context, ids[0])] = (f"{display(path)}:{m.lineno}: msgid "
                                        f"{_clip(ids[0])!r}: the translation {what}")
    return out


def _clip(text: str, n: int = 200) -> str:
    """A msgid as an error line shows it: a stranger's may be megabytes."""
    return text if len(text) <= n else text[:n - 1] + "…"


