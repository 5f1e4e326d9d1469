"""YAML reading that remembers where each field is, for one-line error messages."""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError


class _Loader(yaml.SafeLoader):
    pass


def load_yaml(path: Path) -> tuple[object, dict]:
    """Read ``path``; return the data and a map from field path to line number.

    Field paths are tuples of keys and 1-based list indexes, the same shape as
    :class:`herald.engine.interface.SpecError` paths.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read: {e}") from None
    try:
        node = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise InputError(f"{path}{line}: YAML syntax error: {problem}") from None
    lines: dict = {}
    if node is not None:
        _index(node, (), lines)
    return data, lines


def _index(node, path, lines):
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value
            lines[path + (k,)] = key.start_mark.line + 1
            _index(value, path + (k,), lines)
            lines[path + (k,)] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, path + (i + 1,), lines)


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
