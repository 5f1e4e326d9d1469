"""jinja2 expressions in a layout: ``"{{ name }}"``, ``"{{ cost }} :coin:"``,
``"art/{{ family }}.svg"``, ``when: "{{ power > 2 }}"``.

A layout may come from a stranger: templates run in jinja2's
:class:`~jinja2.sandbox.SandboxedEnvironment` (no attribute of Python's
internals, no file, no import), with undefined names an error, ``*`` and
``**`` bounded so that one expression cannot build a string of gigabytes,
and each result cut off at :data:`MAX_OUTPUT` characters. No autoescaping:
the result goes to Herald's own text markup, never to HTML.
"""
from __future__ import annotations

from functools import lru_cache

from jinja2 import StrictUndefined, TemplateSyntaxError, meta
from jinja2.exceptions import SecurityError, TemplateError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment

MAX_OUTPUT = 20_000
_MAX_REPEAT = 10_000


class _Env(SandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context, operator, left, right):
        if operator == "**":
            if isinstance(right, (int, float)) and abs(right) > 64:
                raise SecurityError("an exponent above 64")
            return left ** right
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int) \
                    and times * max(len(seq), 1) > _MAX_REPEAT:
                raise SecurityError(f"a repetition longer than {_MAX_REPEAT}")
        return left * right


ENV = _Env(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)


class ExpressionError(ValueError):
    """A template that does not parse or does not render; the message is one line."""


def is_template(text: str) -> bool:
    return "{{" in text or "{%" in text


@lru_cache(maxsize=4096)
def _compiled(text: str):
    try:
        return ENV.from_string(text), frozenset(meta.find_undeclared_variables(ENV.parse(text)))
    except TemplateSyntaxError as e:
        raise ExpressionError(f"{e.message}") from None


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
    except (TemplateError, ArithmeticError, TypeError, ValueError) as e:
        raise ExpressionError(f"{type(e).__name__}: {e}") from None
    if len(out) > MAX_OUTPUT:
        raise ExpressionError(f"the result is longer than {MAX_OUTPUT} characters")
    return out


def truthy(text: str) -> bool:
    """A ``when:`` result: empty, false, no, 0 and none are false."""
    return text.strip().lower() not in ("", "false", "no", "0", "none")

