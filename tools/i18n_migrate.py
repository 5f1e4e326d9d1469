"""Move every non-French text of the tree into PO files (re-runnable).

    PYTHONPATH=<shim> python tools/i18n_migrate.py [--worklists DIR] [--dry-run]

French is Herald's source language; every other locale lives only in PO files
(``assets/<game>/locales/<lang>.po``, ``assets/locales/<lang>.po``; see
generator/translations.py). This script brings a tree that still carries
other locales inline (``en:`` beside ``fr:`` in a card database or an example,
``locales/en/*.yaml`` catalogs, ``"en":`` in the engine's readings or in the
generator's printed words) to that state, and is safe to run again after a
merge brings in new inline texts:

1. every source string is listed by the same walk ``herald i18n extract``
   uses (so the contexts match what the loaders look up);
2. each locale's translation is taken from, in this order: the text the tree
   carries inline, the translators' worklist of the same game
   (``DIR/<lang>/<game>.yaml``: a list of {ctx, fr, <lang>}, matched by
   French text, and by context where one French text has two translations),
   the existing PO file (its fuzzy marks kept), the other worklists;
3. the PO files and templates are written (deterministic order and bytes);
4. the inline texts are removed: YAML files are edited line by line (and
   checked: the file must read back as the same data without them), catalogs
   of other locales keep only their narration ``grammar``, Python sources lose
   their ``"en": …`` entries and the ``en`` parameters of the helpers that
   build them;
5. the worklists' narration grammars (``DIR/<lang>/<game>-grammar.yaml``)
   become ``assets/<game>/locales/<lang>/narration.yaml``.
"""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

import yaml
from herald.generator import translations as tr
from herald.generator.i18n import extract
from herald.generator.paths import ASSETS, ROOT
from herald.generator.yamlfile import load_yaml

LANG_KEY = tr.LOCALE_CODE


# -- 1-2: what each locale has ----------------------------------------------------

def catalog_inline(game: str, entries: list[tr.Entry]) -> None:
    """Attach the texts of ``locales/<lang>/<name>.yaml`` (a catalog written
    whole in another locale) to the entries of the same context."""
    by_ctx = {e.ctx: e for e in entries}
    root = ASSETS / game / "locales"
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and p.name != tr.SOURCE):
        for path in sorted(folder.glob("*.yaml")):
            data = load_yaml(path)[0]
            if not isinstance(data, dict):
                continue
            body = {k: v for k, v in data.items() if k != "grammar"}
            for ctx, text in tr.leaves(body, f"{path.stem} catalog"):
                if ctx in by_ctx:
                    by_ctx[ctx].inline.setdefault(folder.name, text)


def load_worklists(folder: Path | None) -> dict[str, dict[str, dict[str, list]]]:
    """lang -> group (a game, generic) -> French key -> [(ctx, translation)]
    from the translators' lists (``<group>.yaml`` or ``<group>.partN.yaml``)."""
    out: dict[str, dict[str, dict[str, list]]] = {}
    if folder is None or not folder.is_dir():
        return out
    for lang_dir in sorted(p for p in folder.iterdir()
                           if p.is_dir() and LANG_KEY.fullmatch(p.name)
                           and p.name not in (tr.SOURCE, "en")):
        lang = lang_dir.name
        for path in sorted(lang_dir.glob("*.yaml")):
            if path.stem.endswith("-grammar"):
                continue
            items = yaml.safe_load(path.read_text(encoding="utf-8")) or []
            for item in items if isinstance(items, list) else []:
                if not (isinstance(item, dict) and item.get(lang) and item.get("fr")):
                    continue
                # a block (a list of clarifications, an aid) is matched text by text
                ctx = str(item.get("ctx", ""))
                for where, fr in tr.leaves(item["fr"], ctx):
                    value = tr._inline({lang: item[lang]}, where[len(ctx):])
                    if value.get(lang):
                        group = path.name.split(".")[0]
                        out.setdefault(lang, {}).setdefault(group, {}).setdefault(
                            tr._key(fr), []).append((where, value[lang]))
    return out


def from_worklist(lists: dict[str, list], e: tr.Entry):
    found = lists.get(tr._key(e.source))
    if not found:
        return None
    values = {yaml.safe_dump(v) for _, v in found}
    if len(values) > 1:
        for ctx, value in found:
            if ctx == e.ctx:
                return value
    return found[0][1]


def as_string(value, e: tr.Entry, lang: str):
    """A translation as Babel's msgstr: a text, or the plural forms."""
    if e.plural:
        if isinstance(value, str):
            value = {"one": value, "other": value}
        forms = tr.plural_string(value, lang)
        if forms and "zero" in e.source:
            forms = (*forms, value.get("zero") or value.get("other") or "")
        return forms
    return value if isinstance(value, str) else None


def old_entries(domain: str, lang: str) -> dict:
    """(ctx, first msgid) -> Babel message of the existing PO file."""
    path = tr.po_path(domain, lang)
    if not path.is_file():
        return {}
    out = {}
    for m in tr.read_po(path, lang):
        if m.id:
            out[(m.context, m.id[0] if isinstance(m.id, tuple) else m.id)] = m
    return out


def write_po(domain: str, lang: str, entries, worklist, dry: bool) -> tuple[int, int]:
    old = old_entries(domain, lang)
    catalog = tr.new_catalog(domain, lang)
    done = 0
    for e in entries:
        first = e.msgid()[0] if e.plural else e.source
        string, fuzzy = None, False
        if lang in e.inline:
            string = as_string(e.inline[lang], e, lang)
        if not string:          # the translators' list of this game first
            found = from_worklist(worklist.get(domain, {}), e)
            if found is not None:
                string = as_string(found, e, lang)
        m = old.get((e.ctx, first))
        if not string and m is not None and m.string and (
                isinstance(m.string, str) or all(m.string)):
            string, fuzzy = m.string, m.fuzzy
            if e.plural and "zero" in e.source and isinstance(string, tuple):
                zero = old.get((f"{e.ctx}.zero", e.source["zero"]))
                string = (*string, zero.string if zero is not None else "")
        for group in sorted(worklist):      # then the others' (generic words in a game…)
            if not string and group != domain:
                found = from_worklist(worklist[group], e)
                if found is not None:
                    string = as_string(found, e, lang)
        if string:
            done += 1
        tr.add_entry(catalog, e, string, fuzzy=fuzzy)
    used = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog}
    for key, m in old.items():        # nothing translated is lost: kept as obsolete
        if key not in used and m.string:
            catalog.obsolete[(m.id, m.context)] = m
    if done and not dry:
        tr.write_catalog(tr.po_path(domain, lang), catalog)
    return done, len(entries)


# -- 4: taking the inline texts out -------------------------------------------------

def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _strip_yaml_text(text: str) -> str:
    """``text`` without the non-French keys of its ``{fr: …}`` mappings."""
    root = yaml.compose(text)
    spans: list[tuple[int, int]] = []

    def walk(node):
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value]
            if "fr" in keys and all(isinstance(k, str) and LANG_KEY.fullmatch(k)
                                    for k in keys):
                for i, (k, v) in enumerate(node.value):
                    if k.value == "fr":
                        continue
                    if node.flow_style:
                        if i > 0:
                            spans.append((node.value[i - 1][1].end_mark.index,
                                          v.end_mark.index))
                        else:
                            spans.append((k.start_mark.index,
                                          node.value[1][0].start_mark.index))
                    else:
                        spans.append(_block_span(text, k, v))
                return
            for _, v in node.value:
                walk(v)
        elif isinstance(node, yaml.SequenceNode):
            for v in node.value:
                walk(v)

    if root is not None:
        walk(root)
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + text[b:]
    return text


def _block_span(text: str, key, value) -> tuple[int, int]:
    """The lines of a block-style ``key: value`` (its key line and every line
    below indented deeper, blank lines inside included)."""
    start = _line_start(text, key.start_mark.index)
    indent = key.start_mark.column
    pos = text.find("\n", key.start_mark.index) + 1 or len(text)
    end = pos
    while pos < len(text):
        nl = text.find("\n", pos)
        line = text[pos:nl if nl >= 0 else len(text)]
        stripped = line.lstrip(" ")
        depth = len(line) - len(stripped)
        if stripped and (depth <= indent and not (
                depth == indent and stripped.startswith("- ")
                and isinstance(value, yaml.SequenceNode)
                and value.start_mark.column == indent)):
            break
        pos = nl + 1 if nl >= 0 else len(text)
        if stripped:
            end = pos
    return start, end


def _without_other_locales(data):
    if tr.is_localized(data):
        return {"fr": _without_other_locales(data["fr"])}
    if isinstance(data, dict):
        return {k: _without_other_locales(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_without_other_locales(v) for v in data]
    return data


def strip_yaml(path: Path, dry: bool, database: bool = False) -> bool:
    text = path.read_text(encoding="utf-8")
    new = _strip_yaml_text(text)
    want = _without_other_locales(yaml.safe_load(text))
    if database:
        import re
        new = re.sub(r"(?m)^locales:.*$", "locales: [fr]", new, count=1)
        want["locales"] = ["fr"]
    if new == text:
        return False
    if yaml.safe_load(new) != want:
        raise SystemExit(f"{path}: taking the other locales out would change its data; "
                         "edit it by hand")
    if not dry:
        path.write_text(new, encoding="utf-8")
    return True


def grammar_only(path: Path, dry: bool) -> bool:
    """A catalog of another locale reduced to its ``grammar:`` block (removed
    when it has none)."""
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict) or set(data) <= {"grammar"}:
        return False
    lines = text.splitlines(keepends=True)
    block, inside = [], False
    for line in lines:
        top = line[:1] not in (" ", "\t", "\n", "#", "") and ":" in line
        if top:
            inside = line.startswith("grammar:")
        if inside:
            block.append(line)
    if not dry:
        if block:
            head = (f"# The {path.parent.name} narration grammar (genders, determiners): "
                    "locale data, not\n# translations. The narration's texts are in "
                    f"../{path.parent.name}.po.\n")
            path.write_text(head + "".join(block).rstrip() + "\n", encoding="utf-8")
        else:
            path.unlink()
            if not any(path.parent.iterdir()):
                path.parent.rmdir()
    return True


def strip_python(path: Path, dry: bool, only_source_texts: bool) -> bool:
    """Remove ``"en": …`` (any locale but French) from the dict literals that
    hold per-locale texts, and the ``en``/``en_*`` parameters of the helpers
    that build them (with the matching arguments of their calls)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    offsets = [0]
    for line in text.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))

    def pos(node, end=False) -> int:
        line = node.end_lineno if end else node.lineno
        col = node.end_col_offset if end else node.col_offset
        raw = text[offsets[line - 1]:offsets[line]].encode("utf-8")
        return offsets[line - 1] + len(raw[:col].decode("utf-8"))

    def const(node):
        return node.value if isinstance(node, ast.Constant) else None

    spans: list[tuple[int, int]] = []

    def strip_dict(d: ast.Dict) -> None:
        keys = [const(k) for k in d.keys]
        if "fr" not in keys:
            return
        for i, k in enumerate(keys):
            if k == "fr" or not (isinstance(k, str) and LANG_KEY.fullmatch(k)):
                continue
            if i > 0:
                spans.append((pos(d.values[i - 1], True), pos(d.values[i], True)))
            else:
                spans.append((pos(d.keys[0]), pos(d.keys[1])))

    if only_source_texts:
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "source_texts" \
                    and len(node.args) == 3 and isinstance(node.args[2], ast.Dict):
                strip_dict(node.args[2])
    else:
        helpers: dict[str, list[tuple[int, str]]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                strip_dict(node)
            elif isinstance(node, ast.FunctionDef):
                args = node.args.posonlyargs + node.args.args
                params = [(i, a.arg) for i, a in enumerate(args)
                          if a.arg == "en" or a.arg.startswith("en_")]
                if params:
                    helpers[node.name] = params
                    for i, _ in params:
                        if i == 0:
                            raise SystemExit(f"{path}:{node.lineno}: en as first parameter")
                        spans.append((pos(args[i - 1], True), pos(args[i], True)))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in helpers:
                for i, name in helpers[node.func.id]:
                    if i < len(node.args):
                        spans.append((pos(node.args[i - 1], True), pos(node.args[i], True)))
                    for j, kw in enumerate(node.keywords):
                        if kw.arg == name:
                            before = node.keywords[j - 1].value if j else node.args[-1]
                            spans.append((pos(before, True), pos(kw.value, True)))
    if not spans:
        return False
    kept: list[tuple[int, int]] = []
    for a, b in sorted(set(spans)):
        if kept and a < kept[-1][1]:          # inside a span already removed
            continue
        kept.append((a, b))
    for a, b in reversed(kept):
        text = text[:a] + text[b:]
    ast.parse(text)
    if not dry:
        path.write_text(text, encoding="utf-8")
    return True


# -- the whole step -------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worklists", type=Path, default=None,
                        help="the translators' folder (DIR/<lang>/*.yaml)")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    dry = args.dry_run
    games = sorted(p.parent.name for p in ASSETS.glob("*/database.yaml"))
    worklists = load_worklists(args.worklists)

    # 1-3: the PO files, before anything inline is removed
    for domain in [*games, tr.GENERIC]:
        entries = tr.source_entries(domain)
        if domain != tr.GENERIC:
            catalog_inline(domain, entries)
        langs = sorted({lang for e in entries for lang in e.inline}
                       | set(tr.po_locales(domain)) | set(worklists))
        for lang in langs:
            done, total = write_po(domain, lang, entries, worklists.get(lang, {}), dry)
            print(f"{domain} {lang}: {done}/{total} translated", file=sys.stderr)
        if not dry:
            extract(domain)

    # 4: the inline texts out
    changed = []
    for game in games:
        if strip_yaml(ASSETS / game / "database.yaml", dry, database=True):
            changed.append(ASSETS / game / "database.yaml")
        for path in sorted((ASSETS / game / "examples").glob("*.yaml")):
            if strip_yaml(path, dry):
                changed.append(path)
        for path in sorted((ASSETS / game / "locales").glob("*/*.yaml")):
            if path.parent.name != tr.SOURCE and grammar_only(path, dry):
                changed.append(path)
    for path in sorted((ROOT / "engine").rglob("*.py")):
        if strip_python(path, dry, only_source_texts=False):
            changed.append(path)
    for path in sorted((ROOT / "generator").rglob("*.py")):
        if strip_python(path, dry, only_source_texts=True):
            changed.append(path)

    # 5: the translators' narration grammars
    if args.worklists is not None:
        for path in sorted(args.worklists.glob("*/*-grammar.yaml")):
            lang, game = path.parent.name, path.stem[:-len("-grammar")]
            if game not in games or not LANG_KEY.fullmatch(lang):
                continue
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or "grammar" not in data:
                data = {"grammar": data}
            target = ASSETS / game / "locales" / lang / "narration.yaml"
            head = "".join(line for line in path.read_text(encoding="utf-8").splitlines(
                keepends=True) if line.startswith("#"))
            body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
            if not dry:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(head + body, encoding="utf-8")
            changed.append(target)
    for path in changed:
        print(f"edited {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
