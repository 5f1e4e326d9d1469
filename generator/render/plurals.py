"""The plural form of a sentence: which of a template's CLDR forms a count
takes in a locale (Babel's plural rules)."""
from __future__ import annotations

# CLDR's plural categories: a catalog template that is a mapping of these is
# one sentence in several forms, chosen by a count.
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})


def is_plural(value) -> bool:
    return isinstance(value, dict) and bool(value) and set(value) <= PLURAL_CATEGORIES


def plural(template, count: int, babel_locale) -> str:
    """The form of ``template`` for ``count``: Babel's plural rule for the
    locale, else ``other``. A ``zero`` form is taken for 0 whenever the catalog
    gives one, as ICU's "=0": English and French have no zero category (French
    counts 0 as "one"), yet "no life card left" reads better than "0 life
    cards left". A template that is not plural is returned as it is."""
    if not is_plural(template):
        return template or ""
    if count == 0 and "zero" in template:
        return template["zero"]
    return template.get(babel_locale.plural_form(count), template.get("other", ""))
