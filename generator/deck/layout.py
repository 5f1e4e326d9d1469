"""The layout file (YAML): the card's size, its faces' backgrounds and elements.

    extends: base.yaml          # another layout file of the folder, merged under this one
    title: Tidewrack            # or per locale: {fr: Laisse de mer, en: Tidewrack}
    size: poker                 # a name (units.SIZES) or "2.5x3.5 in", "63x88 mm"
    safe: 3mm                   # no text closer than this to the trim (a warning)
    cards: cards.csv            # default: the first of cards.csv, cards.xlsx, cards.yaml
    colors: {ink: "#2b2118"}    # named colours, usable wherever a colour is
    icons: {coin: icons/coin.svg}   # :coin: in a text (default: icons/<name>.svg, .png...)
    fonts: {body: fonts/Lora.ttf}   # a TrueType file of the folder: font: body (deck/fonts.py)
    variations:                 # values that depend on a column's value
      family: {tide: {accent: "#2e6fa8"}, reef: {accent: "#c0392b"}}
    layout_column: layout       # the column naming each card's layout
    layouts:
      creature:
        background: "{{ accent }}"        # a colour, or an image of the folder
        elements: [{type: text, text: "{{ name }}", x: 3mm, y: 3mm, ...}, ...]
      spell:                            # the creature's elements, then these
        extends: creature
        change: {title: {y: 12mm}}      # an inherited element, by its id: keys changed
        remove: [badge]                 # inherited elements left out, by id
        back: {background: ...}         # this kind's own back (default: back: below)
        elements: [...]
    back: {background: ..., elements: [...]}
    export: {dpi: 150, corners: 3mm, hand: [dawn, noon], sheet: {columns: 2, gap: 2mm}}

Every string may be a jinja2 expression (:mod:`.templating`) over the
card's columns and its variation's values. The models reject unknown keys;
:func:`load_layout` turns the first problem into one line naming the file,
the line and the key.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import InputError
from ..paths import display
from . import files, units
from .files import inside

Length = float | str
FONTS = {"serif": "Garamond", "serif-medium": "Garamond-Medium",
         "serif-semibold": "Garamond-SemiBold", "serif-bold": "Garamond-Bold",
         "serif-italic": "Garamond-Italic", "title": "Cinzel", "title-bold": "Cinzel-Bold"}
MAX_ELEMENTS = 200
MAX_EXTENDS = 8
MAX_BYTES = 1024 * 1024      # of one layout file
MAX_VALUES = 50_000          # ":", "-" and ",": where a YAML value may begin
ID = r"^[a-z0-9_-]+$"        # an element's id: what change: and remove: name


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Box(_Model):
    id: str | None = Field(None, max_length=40, pattern=ID)
    x: Length = 0
    y: Length = 0
    width: Length = "100%"
    height: Length = "100%"
    when: str | None = None          # drawn only when this expression is true


class _Shape(_Box):
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Length = "0.6pt"


class Rect(_Shape):
    type: Literal["rect"]
    radius: Length = 0
    bleed: bool = False     # sides on the trim run on to the bleed edge


class Ellipse(_Shape):
    type: Literal["ellipse"]


class Polygon(_Shape):
    type: Literal["polygon"]
    sides: int = Field(6, ge=3, le=24)
    star: bool = False
    rotation: float = 0.0


class Line(_Model):
    type: Literal["line"]
    id: str | None = Field(None, max_length=40, pattern=ID)
    x: Length = 0
    y: Length = 0
    x2: Length = 0
    y2: Length = 0
    stroke: str = "#000000"
    stroke_width: Length = "0.6pt"
    dash: list[float] | None = None
    when: str | None = None


class Text(_Box):
    type: Literal["text"]
    text: str
    font: str = Field("serif", max_length=40)   # FONTS or the layout's fonts: (checked below)
    size: float = Field(10.0, gt=0, le=200)
    min_size: float | None = Field(None, ge=4, le=200)
    color: str = "#000000"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: float = Field(1.18, ge=0.8, le=3)
    hyphenate: bool = True


class Image(_Box):
    type: Literal["image"]
    src: str
    fit: Literal["contain", "cover", "stretch"] = "contain"


Element = Annotated[Rect | Ellipse | Polygon | Line | Text | Image, Field(discriminator="type")]
ELEMENT_TYPES = ("rect", "ellipse", "polygon", "line", "text", "image")


class Face(_Model):
    extends: str | None = None
    background: str | None = None
    elements: list[Element] = Field(default_factory=list, max_length=MAX_ELEMENTS)


class Kind(Face):
    """A kind of card's face: with ``extends``, the elements it inherits may be
    changed (``change``: by id, the keys to change) or left out (``remove``);
    ``back`` is the kind's own back (inherited too), instead of the deck's."""
    change: dict[Annotated[str, Field(max_length=40, pattern=ID)],
                 dict[Annotated[str, Field(max_length=40)], Any]] = Field(
        default_factory=dict, max_length=MAX_ELEMENTS)
    remove: list[Annotated[str, Field(max_length=40, pattern=ID)]] = Field(
        default_factory=list, max_length=MAX_ELEMENTS)
    back: Face | None = None


class Sheet(_Model):
    """The home sheets' grid: at most this many columns and rows of cards
    (as many as fit by default), with a white ``gap`` between their bleeds."""
    columns: int | None = Field(None, ge=1, le=20)
    rows: int | None = Field(None, ge=1, le=20)
    gap: Length = 0


class Export(_Model):
    """Images for a screen, a shop page or a rules sheet (:mod:`.export`): each
    card cut at its trim at ``dpi``, its corners rounded by ``corners``, and
    a fanned ``hand`` of chosen cards."""
    dpi: int = Field(300, ge=72, le=1200)
    corners: Length = 0
    hand: list[Annotated[str, Field(max_length=60)]] = Field(default_factory=list,
                                                             max_length=12)
    sheet: Sheet = Sheet.model_validate({})


class LayoutFile(_Model):
    extends: str | None = None
    title: str | dict[str, str] = "My deck"
    size: str = "poker"
    safe: Length = 3
    lang: str = "en"
    cards: str | None = None
    colors: dict[str, str] = Field(default_factory=dict)
    icons: dict[str, str] = Field(default_factory=dict)
    fonts: dict[str, str] = Field(default_factory=dict)     # name -> .ttf file (deck/fonts.py)
    variations: dict[str, dict[str, dict[str, str]]] = Field(default_factory=dict)
    layout_column: str = "layout"
    layouts: dict[str, Kind]
    back: Face = Field(default_factory=Face)
    export: Export = Export.model_validate({})


@dataclass(frozen=True)
class FaceSpec:
    """A face with its ``extends`` unfolded; each part with its key path in the
    layout file (1-based list indexes), so that a message can point at it."""
    background: str | None
    background_at: tuple
    elements: list[tuple[Any, tuple]]     # (element model, key path)
    back: FaceSpec | None = None          # a kind's own back (None: the deck's)


@dataclass(frozen=True)
class Source:
    """One file of the extends chain, for locating a key."""
    shown: str
    data: dict
    lines: dict


@dataclass
class Layout:
    folder: Path
    model: LayoutFile
    sources: list[Source]
    size: tuple[float, float]
    faces: dict[str, FaceSpec] = field(default_factory=dict)     # extends resolved
    back: FaceSpec | None = None

    def where(self, path: tuple) -> str:
        """"layout.yaml:12" for a key path (1-based list indexes), from the
        file of the chain that spells it."""
        return locate(self.sources, path)

    def every_face(self) -> list[FaceSpec]:
        """Every face the layout draws: each kind's, each kind's own back, the back."""
        faces = [*self.faces.values(), *(f.back for f in self.faces.values() if f.back)]
        return faces + ([self.back] if self.back else [])

    def title(self, locale: str) -> str:
        t = self.model.title
        if isinstance(t, str):
            return t
        return t.get(locale) or next(iter(t.values()), "")


def locate(sources: list[Source], path: tuple) -> str:
    from ..yamlfile import line_of
    for source in sources:
        if tuple(path) in source.lines:
            return f"{source.shown}:{source.lines[tuple(path)]}"
    first = sources[0]
    line = line_of(first.lines, path)
    return f"{first.shown}:{line}" if line else first.shown


def _merge(base, over):
    """``over`` laid over ``base``: mappings merged key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base[key], value) if key in base else value
        return out
    return over


def _chain(folder: Path, path: Path) -> list[Source]:
    from ..yamlfile import load_yaml
    sources: list[Source] = []
    seen: set[Path] = set()
    path = inside(folder, path.absolute(), files.shown(path), "layout file")
    while True:
        shown = display(path)
        if path in seen:
            raise InputError(f"{shown}: extends: a layout cannot extend itself, even "
                             "through others")
        if len(sources) >= MAX_EXTENDS:
            raise InputError(f"{shown}: extends: more than {MAX_EXTENDS} files deep")
        seen.add(path)
        raw = files.read(path, shown, MAX_BYTES)       # bounded before PyYAML parses it
        if files.yaml_values(raw) > MAX_VALUES:
            raise InputError(f"{shown}: more than {MAX_VALUES} values; not a layout file")
        data, lines = load_yaml(path)
        if not isinstance(data, dict):
            raise InputError(f"{shown}: a layout file is a YAML mapping (size, layouts, back...)")
        sources.append(Source(shown, data, lines))
        parent = data.get("extends")
        if parent is None:
            return sources
        if not isinstance(parent, str):
            raise InputError(f"{shown}:{lines.get(('extends',), '')}: extends: the name of "
                             "another layout file of the folder")
        path = inside(folder, parent, f"{shown}:{lines.get(('extends',), '')}", "extends")
        if not path.is_file():
            raise InputError(f"{shown}:{lines.get(('extends',))}: extends: no such file "
                             f"{parent!r}")


def _one_line(sources: list[Source], e: ValidationError) -> str:
    errors = e.errors(include_url=False)
    err = errors[0]
    loc = [p for i, p in enumerate(err["loc"])
           if not (p in ELEMENT_TYPES and i and isinstance(err["loc"][i - 1], int))]
    path = tuple(p + 1 if isinstance(p, int) else p for p in loc)
    kind = err["type"]
    if kind == "extra_forbidden":
        message = "unknown key"
    elif kind == "missing":
        message = "field required"
    elif kind == "union_tag_invalid" or kind == "union_tag_not_found":
        message = f"type: expected one of {', '.join(ELEMENT_TYPES)}"
    else:
        message = err["msg"][:1].lower() + err["msg"][1:]
    key = ".".join(str(p) for p in path) or "(top)"
    more = len(errors) - 1
    tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
    return f"{locate(sources, path)}: {key}: {message}{tail}"


def load_layout(path: Path) -> Layout:
    """The layout file ``path`` with its ``extends`` chain merged and checked;
    every file of the chain inside ``path``'s folder (:func:`.files.inside`)."""
    folder = path.parent
    if not path.is_file() and not path.is_symlink():
        raise InputError(f"{display(path)}: no such file")
    sources = _chain(folder, path)
    merged: dict = {}
    for source in reversed(sources):
        merged = _merge(merged, {k: v for k, v in source.data.items() if k != "extends"})
    try:
        model = LayoutFile.model_validate(merged)
    except ValidationError as e:
        raise InputError(_one_line(sources, e)) from None
    try:
        size = units.card_size(model.size)
    except units.LengthError as e:
        raise InputError(f"{locate(sources, ('size',))}: size: {e}") from None
    layout = Layout(folder, model, sources, size)
    layout.faces = {name: _resolved(layout, name, []) for name in model.layouts}
    back = model.back
    if back.extends is not None:
        raise InputError(f"{layout.where(('back', 'extends'))}: back.extends: the back "
                         "extends no layout")
    layout.back = FaceSpec(back.background, ("back", "background"),
                           [(el, ("back", "elements", i)) for i, el in enumerate(back.elements, 1)])
    _check_fonts(layout)
    return layout


def _check_fonts(layout: Layout) -> None:
    """Every text's font is one of Herald's or one the layout names (``fonts:``)."""
    known = [*FONTS, *layout.model.fonts]
    for face in layout.every_face():
        for el, at in face.elements:
            if isinstance(el, Text) and el.font not in known:
                key = ".".join(map(str, at))
                raise InputError(f"{layout.where(at + ('font',))}: {key}.font: unknown font "
                                 f"{el.font!r} (fonts: {', '.join(known)})")


def _back_of(layout: Layout, name: str) -> FaceSpec | None:
    back = layout.model.layouts[name].back
    if back is None:
        return None
    at = ("layouts", name, "back")
    if back.extends is not None:
        raise InputError(f"{layout.where(at + ('extends',))}: layouts.{name}.back.extends: "
                         "a back extends no layout")
    return FaceSpec(back.background, at + ("background",),
                    [(el, at + ("elements", i)) for i, el in enumerate(back.elements, 1)])


def _ids(layout: Layout, elements: list[tuple[Any, tuple]]) -> dict[str, int]:
    """{id: index} of ``elements``; an id given twice is refused at the second."""
    found: dict[str, int] = {}
    for i, (el, at) in enumerate(elements):
        if el.id is None:
            continue
        if el.id in found:
            raise InputError(f"{layout.where(at + ('id',))}: {'.'.join(map(str, at))}.id: "
                             f"{el.id!r} is already the id of another element of the face")
        found[el.id] = i
    return found


def _changed(layout: Layout, name: str, parent: FaceSpec) -> list[tuple[Any, tuple]]:
    """The parent's elements with ``remove`` left out and ``change`` applied, each
    change checked as the element it makes (its keys, types and bounds)."""
    face = layout.model.layouts[name]
    elements = list(parent.elements)
    ids = _ids(layout, elements)
    known = ", ".join(ids) or "none"
    for key, what in (("change", list(face.change)), ("remove", face.remove)):
        for n, ident in enumerate(what, 1):
            at = ("layouts", name, key) + ((ident,) if key == "change" else (n,))
            if ident not in ids:
                raise InputError(f"{layout.where(at)}: layouts.{name}.{key}: {face.extends!r} "
                                 f"has no element with id {ident!r} (ids: {known})")
    for ident, keys in face.change.items():
        at = ("layouts", name, "change", ident)
        index = ids[ident]
        element = elements[index][0]
        for key in keys:
            if key in ("type", "id"):
                raise InputError(f"{layout.where(at + (key,))}: layouts.{name}.change."
                                 f"{ident}.{key}: an element's {key} cannot be changed "
                                 "(remove it and add another)")
        try:
            new = type(element).model_validate({**element.model_dump(exclude_unset=True),
                                                **keys})
        except ValidationError as e:
            err = e.errors(include_url=False)[0]
            field = str(err["loc"][0]) if err["loc"] else "(all)"   # not the union's member
            message = "unknown key" if err["type"] == "extra_forbidden" else \
                err["msg"][:1].lower() + err["msg"][1:]
            raise InputError(f"{layout.where(at + tuple(err['loc'][:1]))}: layouts.{name}."
                             f"change.{ident}.{field}: {message}") from None
        elements[index] = (new, at)
    gone = {ids[i] for i in face.remove}
    return [e for i, e in enumerate(elements) if i not in gone]


def _resolved(layout: Layout, name: str, stack: list[str]) -> FaceSpec:
    """Layout ``name`` with its own ``extends`` unfolded: the parent's elements first."""
    face = layout.model.layouts[name]
    own = [(el, ("layouts", name, "elements", i)) for i, el in enumerate(face.elements, 1)]
    back = _back_of(layout, name)
    if face.extends is None:
        if face.change or face.remove:
            key = "change" if face.change else "remove"
            raise InputError(f"{layout.where(('layouts', name, key))}: layouts.{name}.{key}: "
                             "changes an inherited element; this layout extends none")
        _ids(layout, own)
        return FaceSpec(face.background, ("layouts", name, "background"), own, back)
    if face.extends not in layout.model.layouts:
        raise InputError(f"{layout.where(('layouts', name, 'extends'))}: layouts.{name}."
                         f"extends: no layout {face.extends!r} (layouts: "
                         f"{', '.join(layout.model.layouts)})")
    if face.extends in stack or face.extends == name:
        raise InputError(f"{layout.where(('layouts', name, 'extends'))}: layouts.{name}."
                         "extends: a layout cannot extend itself, even through others")
    if len(stack) >= MAX_EXTENDS:
        raise InputError(f"{layout.where(('layouts', name, 'extends'))}: layouts.{name}."
                         f"extends: more than {MAX_EXTENDS} layouts deep")
    parent = _resolved(layout, face.extends, stack + [name])
    if len(parent.elements) + len(own) > MAX_ELEMENTS:     # each card draws them all
        raise InputError(f"{layout.where(('layouts', name, 'extends'))}: layouts.{name}: "
                         f"more than {MAX_ELEMENTS} elements with those it extends")
    elements = [*_changed(layout, name, parent), *own]
    ids = _ids(layout, [e for e in elements if e[1][:3] != ("layouts", name, "elements")])
    for el, at in own:
        if el.id is not None and el.id in ids:
            raise InputError(f"{layout.where(at + ('id',))}: {'.'.join(map(str, at))}.id: "
                             f"{el.id!r} is an element of {face.extends!r}: change it with "
                             f"change: {{{el.id}: {{...}}}}")
    _ids(layout, elements)
    back = back or parent.back
    if face.background is None:
        return FaceSpec(parent.background, parent.background_at, elements, back)
    return FaceSpec(face.background, ("layouts", name, "background"), elements, back)
