"""The one YAML reader for every file Herald reads (card databases, worked
examples, catalogs, booklet plans), hardened against broken and hostile files.

Every problem is one :class:`InputError` line ``file:line: field: message``.
What plain YAML would accept but Herald refuses, and why:

* a key written twice in one mapping: YAML keeps the last one silently, so a
  typo would go unnoticed;
* aliases (``*name``): no Herald file needs them, and expanding them is how a
  1 KB file becomes gigabytes ("billion laughs") or a loop (``&a [*a]``);
* nesting deeper than :data:`MAX_DEPTH`: the composer is recursive and would
  end in a RecursionError;
* an integer longer than :data:`MAX_DIGITS` digits (Python refuses to convert
  more than 4,300 digits, and no Herald field needs more than a few);
* a key that is not plain text (a list or a mapping used as a key);
* a file larger than :data:`MAX_BYTES` or not in UTF-8 (the line is named).

It also remembers the line of every field, so that later checks (the engine's
:class:`~herald.engine.interface.SpecError`, the database schema) can point at
the line too.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from .errors import InputError

MAX_DEPTH = 64
MAX_DIGITS = 100
MAX_BYTES = 8 * 1024 * 1024

__all__ = ["load_yaml", "line_of", "dump_yaml", "MAX_DEPTH", "MAX_DIGITS", "MAX_BYTES"]


class _Refused(yaml.MarkedYAMLError):
    """A YAML construct Herald refuses, with the field it was found in."""

    def __init__(self, message: str, mark, field: tuple):
        super().__init__(None, None, message, mark)
        self.field = field


if TYPE_CHECKING:     # what _Composing's methods use, from the loaders it is mixed into
    from yaml.parser import Parser

    class _Reader(Parser, Composer, SafeConstructor, Resolver):
        pass
else:
    _Reader = object


class _Composing(_Reader):
    """What Herald's loaders add to YAML's composer: aliases, duplicate keys
    and deep nesting refused, and the line of each field recorded while
    composing (one pass, no alias graph to walk)."""

    herald_path: list           # field path of the node being composed
    herald_lines: dict
    herald_depth: int           # nodes being composed, keys included

    def _herald_start(self) -> None:
        self.herald_path, self.herald_lines, self.herald_depth = [], {}, 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        part = _part(parent, index)
        if part is not None:
            self.herald_path.append(part)
        self.herald_depth += 1
        try:
            field = tuple(self.herald_path)
            if isinstance(event, yaml.AliasEvent):
                raise _Refused(f"YAML aliases (*{event.anchor}) are not allowed in Herald "
                               "files; write the value out", event.start_mark, field)
            if self.herald_depth > MAX_DEPTH:
                raise _Refused(f"nested more than {MAX_DEPTH} levels deep",
                               event.start_mark, field)
            if parent is None or not (isinstance(parent, MappingNode) and index is None):
                self.herald_lines.setdefault(field, event.start_mark.line + 1)
            return super().compose_node(parent, index)
        except yaml.MarkedYAMLError as e:
            if not hasattr(e, "field"):     # where a syntax error broke
                e.field = tuple(self.herald_path)
            raise
        finally:
            self.herald_depth -= 1
            if part is not None:
                self.herald_path.pop()

    def compose_mapping_node(self, anchor):
        # As Composer.compose_mapping_node, checking each key as it comes.
        start = self.get_event()
        tag = start.tag
        if tag is None or tag == "!":
            tag = self.resolve(MappingNode, None, start.implicit)
        node = MappingNode(tag, [], start.start_mark, None, flow_style=start.flow_style)
        if anchor is not None:
            self.anchors[anchor] = node
        seen: dict = {}
        where = tuple(self.herald_path)
        while not self.check_event(yaml.MappingEndEvent):
            key = self.compose_node(node, None)
            if not isinstance(key, ScalarNode):
                raise _Refused("a key must be plain text, not a list or a mapping",
                               key.start_mark, where)
            field = where + (key.value,)
            if key.value in seen:
                raise _Refused(f"key written twice (first at line {seen[key.value]}); "
                               "YAML would silently keep only the last", key.start_mark,
                               field)
            seen[key.value] = key.start_mark.line + 1
            # A field's line is its key's line, even when the value starts below.
            self.herald_lines[field] = key.start_mark.line + 1
            value = self.compose_node(node, key)
            node.value.append((key, value))
        node.end_mark = self.get_event().end_mark
        return node

    def construct_yaml_int(self, node):
        digits = sum(ch.isalnum() for ch in str(node.value))
        if digits > MAX_DIGITS:
            raise ConstructorError(None, None, f"a number of {digits} digits is too long "
                                   f"(at most {MAX_DIGITS})", node.start_mark)
        return super().construct_yaml_int(node)

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, OverflowError, ArithmeticError) as e:
            # e.g. a date like 2024-13-45, or !!binary that is not base64
            raise ConstructorError(None, None, f"cannot read this value: {e}",
                                   node.start_mark) from None


class _Loader(_Composing, yaml.SafeLoader):
    """PyYAML's own reader, in Python: the one whose errors Herald reports."""

    def __init__(self, stream):
        super().__init__(stream)
        self._herald_start()


_Loader.add_constructor("tag:yaml.org,2002:int", _Composing.construct_yaml_int)


# libyaml (PyYAML's wheels carry it): its parser, in C, with Herald's composing
_FAST: type | None = None
if yaml.__with_libyaml__:
    from yaml.cyaml import CParser

    class _FastLoader(_Composing, Composer, CParser, SafeConstructor, Resolver):
        """The same composing over libyaml's parser, for Herald's own files
        (:func:`_shipped`): the same data and lines, several times faster. A
        file it fails on is read again by :class:`_Loader`, whose messages
        Herald prints."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._herald_start()

    _FastLoader.add_constructor("tag:yaml.org,2002:int", _Composing.construct_yaml_int)
    _FAST = _FastLoader


def _part(parent, index):
    """The field-path part of a child of ``parent``: a mapping value's key, a
    list item's 1-based index; None for the root and for keys themselves."""
    if isinstance(parent, SequenceNode) and isinstance(index, int):
        return index + 1
    if isinstance(parent, MappingNode) and isinstance(index, ScalarNode):
        return index.value
    return None


def load_yaml(path: Path) -> tuple[object, dict]:
    """Read ``path``; return the data and a map from field path to line number.

    Field paths are tuples of keys and 1-based list indexes, the same shape as
    :class:`herald.engine.interface.SpecError` paths.
    """
    from .paths import display
    shown = display(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{shown}: is a folder, not a file") from None
    except OSError as e:
        raise InputError(f"{shown}: cannot read: {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:
        raise InputError(f"{shown}: larger than {MAX_BYTES // (1024 * 1024)} MiB; not a "
                         "Herald file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(_bad_utf8(shown, raw, e)) from None
    return _parse(shown, text, fast=_shipped(path))


def _shipped(path: Path) -> bool:
    """Whether ``path`` is one of Herald's own files (its assets), which
    libyaml may read: tests/test_yamlfile.py checks that it reads every one
    of them as PyYAML's reader does. A file from anyone else (a deck, an
    example, a game package) is read by PyYAML's reader alone, which refuses
    what libyaml lets through (a tab before a value, a ``?`` in a list)."""
    from .paths import ASSETS
    try:
        return Path(path).resolve().is_relative_to(ASSETS.resolve())
    except (OSError, RuntimeError):
        return False


def _parse(shown: str, text: str, fast: bool = False) -> tuple[object, dict]:
    if fast and _FAST is not None:
        try:
            return _read(_FAST, text)
        except Exception:       # noqa: BLE001, S110 - told below, by the reader Herald quotes
            pass
    # a file libyaml refuses (or that Herald refuses): read again by PyYAML's
    # own reader, whose messages (and marks) are the ones Herald prints
    loader = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except _Refused as e:
        field = _field(e.field)
        raise InputError(f"{shown}:{e.problem_mark.line + 1}: {field}: {e.problem}") from None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, e.position) + 1
        what = f"character U+{e.character:04X}" if isinstance(e.character, int) \
            else "character"
        field = _field(_field_at(loader.herald_lines, line) if loader else ())
        raise InputError(f"{shown}:{line}: {field}: {what} not allowed in YAML "
                         f"({e.reason})") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        if isinstance(e, ComposerError) and e.context:   # "expected a single document…"
            problem = f"{e.context} {problem}"
        if mark is None:
            raise InputError(f"{shown}: YAML error: {problem}") from None
        line = mark.line + 1
        if isinstance(e, (ComposerError, ConstructorError)):
            field = _field(_field_at(loader.herald_lines, line) if loader else ())
            raise InputError(f"{shown}:{line}: {field}: {problem}") from None
        # A syntax error: name the field being read when it broke.
        near = _field(getattr(e, "field", ()))
        near = "" if near == "(top)" else near
        near = f" near {near}:" if near else ""
        raise InputError(" ".join(f"{shown}:{line}:{near} YAML syntax error: "
                                  f"{problem}".split())) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, loader.herald_lines


def _read(kind: type, text: str) -> tuple[object, dict]:
    """The data of ``text`` and the line of each field, read by ``kind``."""
    loader = kind(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        return data, loader.herald_lines
    finally:
        loader.dispose()


def _bad_utf8(shown: str, raw: bytes, e: UnicodeDecodeError) -> str:
    line = raw.count(b"\n", 0, e.start) + 1
    column = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
    field = "(top)"
    try:   # the field, when the rest of the file reads with the byte replaced
        _, lines = _parse(shown, raw.decode("utf-8", errors="replace"))
        field = _field(_field_at(lines, line))
    except InputError:
        pass
    return (f"{shown}:{line}: {field}: not valid UTF-8 (byte 0x{raw[e.start]:02x} at "
            f"column {column}); save the file as UTF-8")


def _field(path: tuple) -> str:
    """A field path as text, shortened when it is very long (deep nesting)."""
    parts = [str(p) for p in path]
    if len(parts) > 8:
        parts = parts[:4] + ["…"] + parts[-2:]
    text = ".".join(parts) or "(top)"
    return text if len(text) <= 120 else text[:117] + "…"


def _field_at(lines: dict, line: int) -> tuple:
    """The deepest field that starts on ``line`` (else the last before it)."""
    best, best_line = (), 0
    for path, at in lines.items():
        if at <= line and (at > best_line or (at == best_line and len(path) > len(best))):
            best, best_line = path, at
    return best


def line_of(lines: dict, path) -> int | None:
    """The line of ``path``, or of its nearest parent that has one."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return lines.get(())


def dump_yaml(data) -> str:
    """YAML in a stable, readable form (keys in the given order, short lists inline)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     width=100, default_flow_style=None)


class _Dumper(yaml.SafeDumper):
    pass


def _str_list_flow(dumper, data):
    flow = all(isinstance(x, (str, int, list)) for x in data) and len(data) <= 12 and \
        all(not isinstance(x, list) or len(x) <= 6 for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _str_list_flow)
