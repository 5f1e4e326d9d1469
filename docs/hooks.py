"""MkDocs hook: the command pages' help texts keep their <placeholders>.

mkdocs-click sets a command's description (its docstring, as ``--help``
prints it) as Markdown, where ``OUT/<game>/<locale>/`` would be read as HTML
tags and vanish from the page. After mkdocs-click has written its text, every
``<`` outside code (fenced blocks and backtick spans) is escaped; the pages
themselves hold no raw HTML, so nothing else changes.
"""
from __future__ import annotations

import re

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

FENCE = re.compile(r"^\s*(```|~~~)")
# a code span may wrap onto the next line, never across a blank line
CODE_SPAN = re.compile(r"(`+)(?:(?!\n[ \t]*\n).)+?\1", re.DOTALL)
AFTER_MKDOCS_CLICK = 140        # mkdocs-click's preprocessor runs at 141


class _EscapeAngles(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        prose: list[str] = []
        fenced = False
        for line in lines:
            if FENCE.match(line) or fenced:
                if prose:
                    out += _escape("\n".join(prose)).split("\n")
                    prose = []
                out.append(line)
                if FENCE.match(line):
                    fenced = not fenced
            else:
                prose.append(line)
        if prose:
            out += _escape("\n".join(prose)).split("\n")
        return out


def _escape(text: str) -> str:
    """``<`` as ``&lt;`` everywhere but in code spans."""
    parts, at = [], 0
    for span in CODE_SPAN.finditer(text):
        parts += [text[at:span.start()].replace("<", "&lt;"), span.group(0)]
        at = span.end()
    return "".join(parts) + text[at:].replace("<", "&lt;")


class EscapeAngles(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_EscapeAngles(md), "herald_escape_angles", AFTER_MKDOCS_CLICK)


def on_config(config, **kwargs):
    config.markdown_extensions.append(EscapeAngles())
    return config
