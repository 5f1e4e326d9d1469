"""jinja2 expressions in a layout: ``"{{ name }}"``, ``"{{ cost }} :coin:"``,
``"art/{{ family }}.svg"``, ``when: "{{ power > 2 }}"``.

A layout may come from a stranger, so an expression is bounded in time and
memory, not only kept from Python's internals:

* templates run in jinja2's immutable sandbox (no attribute of Python's
  internals, no file, no import, nothing changed in place), with undefined
  names an error and no autoescaping (the result goes to Herald's own text
  markup, never to HTML);
* only expressions and ``{% if %}`` are accepted: no loop, assignment,
  macro or block (:data:`STATEMENTS`), so the work is proportional to the
  expression's length (at most :data:`MAX_SOURCE` characters);
* every value an operator, a filter or a call makes is at most
  :data:`MAX_VALUE` in size (a string's characters, a list's items with what
  they hold), checked *before* the value is built where it could be large
  (``*``, ``~``, ``+``, ``join``, ``replace``), and an integer at most
  :data:`MAX_BITS` bits (``**`` and ``*`` are checked before computing);
* only the filters in :data:`FILTERS` and the string and mapping methods in
  :data:`METHODS` can be called, and ``range`` makes at most
  :data:`MAX_VALUE` numbers; ``%`` formatting and ``format`` are not offered
  (a field width is an allocation).
"""
from __future__ import annotations

import functools
from functools import lru_cache
from itertools import islice

from jinja2 import StrictUndefined, TemplateSyntaxError, Undefined, meta, nodes
from jinja2.compiler import CodeGenerator
from jinja2.defaults import DEFAULT_FILTERS
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_OUTPUT = 20_000      # characters of one expression's result
MAX_VALUE = 20_000       # size of any value made on the way (see _weight)
MAX_BITS = 16_384        # bits of an integer (about 4,900 digits)
MAX_SOURCE = 10_000      # characters of one expression
_MAX_REPEAT = 10_000     # characters or items of ``"ab" * n``

# the statements a layout may use; anything else ({% for %}, {% set %}...) is refused
STATEMENTS = (nodes.Template, nodes.Output, nodes.If, nodes.TemplateData)
FILTERS = frozenset({
    "abs", "capitalize", "count", "d", "default", "first", "float", "int", "join", "last",
    "length", "list", "lower", "map", "max", "min", "reject", "rejectattr", "replace",
    "reverse", "round", "select", "selectattr", "sort", "string", "striptags", "sum",
    "title", "trim", "truncate", "unique", "upper", "wordcount"})
METHODS = {
    str: frozenset({"upper", "lower", "title", "capitalize", "casefold", "swapcase", "strip",
                    "lstrip", "rstrip", "split", "rsplit", "startswith", "endswith",
                    "replace", "join", "find", "rfind", "count", "removeprefix",
                    "removesuffix", "isdigit", "isnumeric", "isdecimal", "isalpha",
                    "isalnum", "isspace", "islower", "isupper"}),
    dict: frozenset({"get", "keys", "values", "items"}),
}


def _range(*args):
    numbers = range(*args)
    if len(numbers) > MAX_VALUE:
        raise SecurityError(f"a range of more than {MAX_VALUE} numbers")
    return numbers


GLOBALS = {"range": _range, "dict": dict}


def _weight(value, budget: int = MAX_VALUE, seen: dict | None = None) -> int:
    """The size of ``value`` as text would be (a string's length, an
    integer's digits, a list's items with what each holds, a value held twice
    counted twice), counted only as far as ``budget`` (a larger result says
    "too large"): linear in the distinct objects, however they are shared."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, bool) or value is None:
        return 5
    if isinstance(value, int):
        return value.bit_length() // 3 + 1
    if isinstance(value, float):
        return 24
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        seen = {} if seen is None else seen
        key = id(value)
        if key in seen:
            return seen[key]
        total = len(value)
        items = value.items() if isinstance(value, dict) else value
        for item in items:
            total += _weight(item, budget, seen) + 2
            if total > budget:
                break
        seen[key] = total
        return total
    if isinstance(value, range):
        return len(value)
    return 1      # an iterator (a filter's lazy result) or an undefined name: checked when used


def _bounded(value, what: str = "a value"):
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_BITS:
        raise SecurityError(f"{what}: a number of more than {MAX_BITS} bits")
    if _weight(value) > MAX_VALUE:
        raise SecurityError(f"{what}: larger than {MAX_VALUE} characters or items")
    return value


def _join_size(items: list, separator: str) -> int:
    seen: dict = {}
    return sum(_weight(x, MAX_VALUE, seen) for x in items) + len(items) * len(separator)


def _replace_size(text: str, old: str, new: str, count=None) -> int:
    times = len(text) // len(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * len(new)


def _check_arguments(name: str, args: tuple, kwargs: dict) -> tuple:
    """Refuse a filter's or method's arguments that would build something
    larger than the limits; return ``args`` (an iterable made a list)."""
    for value in (*args, *kwargs.values()):
        _bounded(value, name)
    if name == "join" and args:
        items = list(islice(iter(args[0]), MAX_VALUE + 1))
        if len(items) > MAX_VALUE:
            raise SecurityError(f"join: more than {MAX_VALUE} items")
        separator = args[1] if len(args) > 1 else kwargs.get("d", "")
        if _join_size(items, str(separator)) > MAX_VALUE:
            raise SecurityError(f"join: a result longer than {MAX_VALUE} characters")
        args = (items, *args[1:])
    elif name == "replace" and len(args) >= 3 and all(isinstance(a, str) for a in args[:3]):
        text, old, new = args[:3]
        if _replace_size(text, old, new, args[3] if len(args) > 3 else kwargs.get("count")) \
                > MAX_VALUE:
            raise SecurityError(f"replace: a result longer than {MAX_VALUE} characters")
    elif name == "sum" and args:
        items = list(islice(iter(args[0]), MAX_VALUE + 1))
        if len(items) > MAX_VALUE or not all(isinstance(x, (int, float)) for x in items):
            raise SecurityError(f"sum: adds at most {MAX_VALUE} numbers")
        args = (items, *args[1:])
    return args


def _guarded_filter(name: str, function):
    # a filter marked pass_context (or eval_context, environment) takes that first
    lead = 1 if getattr(function, "jinja_pass_arg", None) is not None else 0

    @functools.wraps(function)      # keeps that mark for jinja2's compiler
    def guarded(*args, **kwargs):
        rest = _check_arguments(name, args[lead:], kwargs)
        return _bounded(function(*args[:lead], *rest, **kwargs), name)
    return guarded


class _Generator(CodeGenerator):
    """``a ~ b`` goes through the environment's check, like ``+`` and ``*``."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.concatenate((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _Env(ImmutableSandboxedEnvironment):
    code_generator_class = _Generator
    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

    def concatenate(self, parts: tuple) -> str:
        seen: dict = {}
        if sum(_weight(p, MAX_VALUE, seen) for p in parts) > MAX_VALUE:
            raise SecurityError(f"~: a text longer than {MAX_VALUE} characters")
        return "".join(str(p) for p in parts)

    def call_binop(self, context, operator, left, right):
        _bounded(left, operator)
        _bounded(right, operator)
        ints = all(isinstance(v, int) for v in (left, right))
        if operator == "**" and ints and right > 0 and \
                max(left.bit_length(), 1) * right > MAX_BITS:
            raise SecurityError(f"**: a number of more than {MAX_BITS} bits")
        if operator == "*":
            if ints and left.bit_length() + right.bit_length() > MAX_BITS:
                raise SecurityError(f"*: a number of more than {MAX_BITS} bits")
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                        and times * max(len(seq), 1) > _MAX_REPEAT:
                    raise SecurityError(f"a repetition longer than {_MAX_REPEAT}")
        if operator == "%" and isinstance(left, str):
            raise SecurityError("% formatting is not offered (write the text out)")
        if operator == "+" and isinstance(left, (str, list, tuple)) and \
                isinstance(right, type(left)) and len(left) + len(right) > MAX_VALUE:
            raise SecurityError(f"+: larger than {MAX_VALUE} characters or items")
        return _bounded(self.binop_table[operator](left, right), operator)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja2's own signature)
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(__obj, Undefined) or any(__obj is g for g in GLOBALS.values()):
            pass        # an undefined name says so when called
        elif not any(isinstance(owner, kind) and name in allowed
                     for kind, allowed in METHODS.items()):
            raise SecurityError(f"calling {name or 'this'} is not offered")
        else:
            _bounded(owner, name)
            if name in ("join", "replace"):
                args = _check_arguments(name, (owner, *args) if name == "replace" else
                                        (args[0] if args else (), owner), kwargs)
                args = args[1:] if name == "replace" else (args[0],)
        for value in (*args, *kwargs.values()):
            _bounded(value, name)
        return _bounded(__context.call(__obj, *args, **kwargs), name)


ENV = _Env(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False,
           optimized=False, finalize=lambda value: _bounded(value, "the result"))
ENV.globals.clear()
ENV.globals.update(GLOBALS)
ENV.filters = {name: _guarded_filter(name, DEFAULT_FILTERS[name]) for name in FILTERS}


class ExpressionError(ValueError):
    """A template that does not parse or does not render; the message is one line."""


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


def _check_statements(tree: nodes.Template) -> None:
    for node in tree.find_all(nodes.Stmt):
        if not isinstance(node, STATEMENTS):
            word = type(node).__name__.lower()
            word = {"assign": "set", "assignblock": "set", "filterblock": "filter",
                    "callblock": "call", "fromimport": "from"}.get(word, word)
            raise ExpressionError(f"refused: {{% {word} %}} (a layout's expressions take "
                                  "only values and {% if %})")


@lru_cache(maxsize=4096)
def _compiled(text: str):
    if len(text) > MAX_SOURCE:
        raise ExpressionError(f"an expression longer than {MAX_SOURCE} characters")
    try:
        tree = ENV.parse(text)
        _check_statements(tree)
        return ENV.from_string(tree), frozenset(meta.find_undeclared_variables(tree))
    except TemplateSyntaxError as e:
        raise ExpressionError(f"{e.message}") from None
    except (RecursionError, MemoryError, SyntaxError):   # nested past the parser's depth
        raise ExpressionError("nested too deep") from None


def names_used(text: str) -> frozenset[str]:
    """The variables (columns, variation values...) ``text`` refers to."""
    if not is_template(text):
        return frozenset()
    return _compiled(text)[1]


def render(text: str, context: dict) -> str:
    if not is_template(text):
        return text
    template = _compiled(text)[0]
    try:
        out = template.render(context)
    except UndefinedError as e:
        raise ExpressionError(str(e.message)) from None
    except SecurityError as e:
        raise ExpressionError(f"refused: {e}") from None
    except RecursionError:
        raise ExpressionError("nested too deep") from None
    except (TemplateError, ArithmeticError, TypeError, ValueError) as e:
        raise ExpressionError(f"{type(e).__name__}: {e}") from None
    if len(out) > MAX_OUTPUT:
        raise ExpressionError(f"the result is longer than {MAX_OUTPUT} characters")
    return out


def truthy(text: str) -> bool:
    """A ``when:`` result: empty, false, no, 0 and none are false."""
    return text.strip().lower() not in ("", "false", "no", "0", "none")

