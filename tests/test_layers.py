"""The generator's layers, measured from its code: ``render/`` receives data
(document blocks, drawings, fonts, boxes) and imports none of the modules
that find games, examples, databases or translations; and no import cycle
joins the generator's modules, counting the imports made inside functions
and the ones made by name (:func:`herald.generator.kits.lazy`, a game's look
loaded by :func:`herald.generator.kits.kit`, ``importlib.import_module``).

Like ``tests/test_registry.py``, it reads the source (``ast``), not what one
run happens to import.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from herald.engine.games import GAMES
from herald.generator.kits import GENERIC_LOOK
from herald.generator.paths import ROOT

PACKAGE = "herald.generator"
GENERATOR = ROOT / "generator"

# render/ may not import these (nor anything under them)
# (what finds a game's files: its rules catalog, booklet.yaml, the documents
# made from them; render receives their contents, render/sources.py)
ABOVE_RENDER = ("kits", "examples", "database", "translations", "catalogs", "booklet_plan",
                "documents")

# Imports by a name the code computes: where each is, and what it may load.
# A new one fails test_every_import_by_name_is_accounted_for until it is
# listed here with the modules it reaches.
LOOKS = "the looks the registry names"
BY_NAME = {
    # kit(game): the module a game object's ``look`` names, or the generic look
    "kits": LOOKS,
    # a font package installed beside Herald (fonts.py's FONT_SOURCES)
    "render.fonts": (),
    # lazy(package, module, name): each call site is read as an import of
    # package.module where it is written (imports())
    "lazy": (),
    # the modules of a game's engine (herald.engine.<game>.*), for its readings
    "translate": (),
    # before its workers fork: render/'s modules (which import nothing above
    # them) and the modules of each look's package
    "cmd_build": LOOKS,
}


def _modules() -> dict[str, Path]:
    """Every module of the generator, by dotted name (``herald.generator.x.y``)."""
    found = {}
    for path in sorted(GENERATOR.rglob("*.py")):
        parts = list(path.relative_to(GENERATOR).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join([PACKAGE, *parts])] = path
    return found


MODULES = _modules()


def _looks() -> set[str]:
    """The modules of the looks the registry names (``package.module:Class``)."""
    named = {getattr(g, "look", None) or "" for g in GAMES.values()} | {GENERIC_LOOK}
    return {n.partition(":")[0] for n in named} & set(MODULES)


def _package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rsplit(".", 1)[0]


def _resolve(name: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _package_of(name).split(".")
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _module(target: str) -> set[str]:
    """``target`` when it is a module of the generator. Importing ``a.b.c``
    runs the package ``a.b`` first, but that is no edge of its own: a
    package's ``__init__`` that names its modules lazily (:func:`lazy`) would
    otherwise be in a cycle with each of them by construction."""
    return {target} if target in MODULES and target != PACKAGE else set()


def _constants(tree: ast.Module) -> dict[str, str]:
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def _string(node: ast.AST, name: str, consts: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values \
            and isinstance(node.values[0], ast.Constant) \
            and not str(node.values[0].value).startswith(PACKAGE):
        return str(node.values[0].value)    # f"herald.engine.{game}": not the generator's
    if isinstance(node, ast.Name):
        return name if node.id == "__name__" else consts.get(node.id)
    return None


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def imports(name: str) -> tuple[set[str], list[int]]:
    """The generator modules ``name`` imports, anywhere in its code and by
    name; and the lines of the imports by a computed name it could not read."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    consts = _constants(tree)
    found: set[str] = set()
    unread: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found |= _module(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, node)
            for alias in node.names:        # a module of the package, else a name in it
                found |= _module(f"{base}.{alias.name}") or _module(base)
        elif isinstance(node, ast.Call) and _call_name(node) == "lazy" and len(node.args) >= 2:
            package, module = (_string(a, name, consts) for a in node.args[:2])
            if package and module:
                found |= _module(f"{package}.{module}")
            else:
                unread.append(node.lineno)
        elif isinstance(node, ast.Call) and _call_name(node) == "import_module" and node.args:
            target = _string(node.args[0], name, consts)
            if target is not None:
                found |= _module(target)
            else:
                unread.append(node.lineno)
    return found - {name}, unread


def graph() -> dict[str, set[str]]:
    """Module -> the generator modules it imports, a kit loader's looks included."""
    edges = {}
    looks = _looks()
    for name in MODULES:
        found, unread = imports(name)
        short = name.removeprefix(PACKAGE + ".")
        if unread and BY_NAME.get(short) == LOOKS:
            found |= looks
        edges[name] = found
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_graph_sees_imports_inside_functions_and_by_name():
    """The measure itself: an import in a function body, a lazy() kit function
    and kit()'s looks are edges (else the cycle test could pass blind)."""
    edges = graph()
    oriflamme = "herald.generator.games.oriflamme"
    assert f"{oriflamme}.faces" in edges[f"{oriflamme}.cards"]  # print_cards' local import
    assert f"{oriflamme}.narration" in edges[oriflamme]        # narrate = lazy(...)
    assert _looks() <= edges[f"{PACKAGE}.kits"]                # kit(game)
    assert oriflamme in _looks() and GENERIC_LOOK.partition(":")[0] in _looks()


def test_every_import_by_name_is_accounted_for():
    for name in MODULES:
        short = name.removeprefix(PACKAGE + ".")
        _, unread = imports(name)
        assert not unread or short in BY_NAME, \
            f"{short}: an import by a computed name (lines {unread}); list what it loads in BY_NAME"


def test_render_imports_nothing_above_it():
    edges = graph()
    above = [f"{PACKAGE}.{m}" for m in ABOVE_RENDER]
    wrong = sorted(f"{src} -> {dst}" for src, dsts in edges.items()
                   if src.startswith(f"{PACKAGE}.render")
                   for dst in dsts if any(dst == a or dst.startswith(a + ".") for a in above))
    assert not wrong, "render/ receives data; it imports:\n" + "\n".join(wrong)


def test_a_booklet_is_laid_out_from_the_text_and_tree_it_is_given(tmp_path):
    """render/'s write_booklet prints the rules text, the document's tree and
    the cover's notes it is handed (cmd_rules.write_document reads them,
    through documents.py): it cannot read them itself, as
    test_render_imports_nothing_above_it holds."""
    import pypdfium2
    from herald.generator import documents
    from herald.generator.database import database_path, load_database
    from herald.generator.kits import kit
    from herald.generator.render import booklet
    from herald.generator.render.geometry import PAPERS
    look, db = kit("lenormand"), load_database(database_path("lenormand"))
    given = documents.sources(look, db, "en", [])
    text = {**given.text, "title": "A Title Given"}
    root = documents.document_xml("rules", "lenormand", "en", text)
    root.find("cover").set("title", "A Tree Given")
    cover = replace(given.cover, credits=["Credits Given"])
    path = tmp_path / "rules.pdf"
    booklet.write_booklet(path, look, db, "en", PAPERS["a4"], 0.95, [], "rules",
                          sources=replace(given, text=text, cover=cover), root=root)
    pdf = pypdfium2.PdfDocument(path)
    assert pdf.get_metadata_dict()["Title"] == "A Title Given"
    first = pdf[0].get_textpage().get_text_range()
    assert "A Tree Given" in first and "Credits Given" in first


def test_no_import_cycle_among_the_generators_modules():
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(
        f"{len(c)} modules: {', '.join(m.removeprefix(PACKAGE + '.') for m in c)}"
        for c in found)


def test_loading_a_database_imports_no_drawing_code():
    """Every command loads a database: that stays a few of Herald's modules
    (the schema, the YAML reader, the translations of its texts), without
    reportlab, render/'s drawing code or a look's (its printed words are data:
    :mod:`herald.generator.words`)."""
    code = ("import sys\n"
            "from herald.generator.database import database_path, load_database\n"
            "load_database(database_path('oriflamme'))\n"
            "print('\\n'.join(sorted(sys.modules)))\n")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=120).stdout.split()
    herald = [m for m in loaded if m.startswith(PACKAGE)]
    drawing = [m for m in loaded if m.split(".")[0] == "reportlab"
               or m.startswith(f"{PACKAGE}.render.") and m.rsplit(".", 1)[1] not in DATA_RENDER
               or m.startswith(f"{PACKAGE}.games.") and m.rsplit(".", 1)[1] not in DATA_LOOK]
    assert not drawing, drawing
    assert len(herald) <= 30, f"{len(herald)} of Herald's modules: {herald}"


# what of render/ and of a look loading a database may import: data, no drawing
DATA_RENDER = ("words", "dates", "emphasis", "plurals", "lru")
DATA_LOOK = ("oriflamme", "aset", "lenormand", "schema", "words", "deck", "cards")


def test_every_look_is_a_look_with_the_capabilities_it_declares():
    """A look is a class derived from Look (generator/looks.py): every
    built-in look and the generic one is, made once per game, and offers
    nothing the base class does not declare (a new hook is declared there,
    typed, with its default, before a command may ask for it)."""
    from herald.generator.kits import kit
    from herald.generator.look import GenericLook
    from herald.generator.looks import CAPABILITIES, Look
    looks = {name: kit(name) for name in sorted(GAMES) if getattr(GAMES[name], "look", None)}
    assert {"oriflamme", "aset", "lenormand"} <= set(looks)
    for name, look in [*looks.items(), ("generic", GenericLook("oriflamme"))]:
        assert isinstance(look, Look), name
        own = [n for n in vars(type(look)) if not n.startswith("_") and n not in CAPABILITIES]
        assert own == [], f"{name}: undeclared {own}"
    assert all(kit(name) is look for name, look in looks.items())
    # what a look lacks is None, not missing: Asèt's deck has no cover notes
    assert looks["aset"].cover_notes is None and looks["oriflamme"].cover_notes is not None
