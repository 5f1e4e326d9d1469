"""The printed words written in Herald's code (a cover's headings, a
diagram's labels), each block in French with its translations read from the
domain's PO file.

A block is data: it is defined in a words module (``render/words.py``, a
look's ``words.py``) that imports no drawing code, and listed where
``herald i18n extract`` looks for it: :data:`herald.generator.translations.GENERIC_WORDS`
for Herald's generic words, a look's ``words`` for a game's. Nothing is
registered as a side effect of importing a module.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from .translate import SOURCE, Entry, _inline, leaves, po_locales, translate_tree


class SourceTexts(Mapping):
    """A block of printed words written in the generator's code, in French;
    ``texts[lang]`` is the block in ``lang``, translated from the domain's PO
    file (``KeyError`` when that locale lacks a translation). ``name`` makes
    its PO context (``code <name>``)."""

    def __init__(self, domain: str, name: str, texts: dict):
        self.domain, self.name = domain, name
        self.source = texts[SOURCE]
        self.inline = {k: v for k, v in texts.items() if k != SOURCE}

    @property
    def ctx(self) -> str:
        return f"code {self.name}"

    def __getitem__(self, lang: str):
        if lang == SOURCE:
            return self.source
        if lang in self.inline:
            return self.inline[lang]
        value = translate_tree(self.domain, lang, self.ctx, self.source)
        if value is None:
            raise KeyError(lang)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([SOURCE, *self.inline, *po_locales(self.domain)]))

    def __len__(self) -> int:
        return len(list(iter(self)))

    def entries(self) -> list[Entry]:
        return [Entry(ctx, text, _inline({SOURCE: self.source, **self.inline},
                                         ctx[len(self.ctx):]))
                for ctx, text in leaves(self.source, self.ctx)]


def source_texts(domain: str, name: str, texts: dict) -> SourceTexts:
    return SourceTexts(domain, name, texts)


def code_entries(blocks) -> list[Entry]:
    """The entries of ``blocks`` (one per name, the first), sorted by name so
    that where a block is defined never reorders the PO file."""
    seen: dict[str, SourceTexts] = {}
    for block in blocks:
        seen.setdefault(block.name, block)
    return [e for name in sorted(seen) for e in seen[name].entries()]
