"""A look is a class (generator/looks.py): the game object names it
(``look = "package.module:Class"``) and ``kit(game)`` makes one; a game that
still names a module of functions (the form before looks were classes) is
read through ``ModuleLook``; a look that cannot be made is one line."""
from __future__ import annotations

import ast
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import herald.engine.games as games_module
import pytest
from herald.engine.games import GROUP, Registry
from herald.generator import kits
from herald.generator.errors import InputError
from herald.generator.games.oriflamme import OriflammeLook
from herald.generator.looks import REQUIRED, Look, ModuleLook
from herald.generator.paths import ROOT

# the repository (its docs are not installed with Herald)
REPO = Path(__file__).resolve().parents[1]

GAME = """
from herald.engine.oriflamme.game import OriflammeGame

class Mini(OriflammeGame):
    name = {name!r}
    look = {look!r}

GAME = Mini()
"""


@pytest.fixture
def games(tmp_path, monkeypatch):
    """Register each game ``{name: look}`` (Oriflamme's rules, the look
    named), as a package installed beside Herald would be; return kit."""
    monkeypatch.syspath_prepend(str(tmp_path))
    written: list[str] = []

    def register(looks: dict[str, str], modules: dict[str, str]):
        points = []
        for name, look in looks.items():
            (tmp_path / f"game_{name}.py").write_text(GAME.format(name=name, look=look))
            points.append(EntryPoint(name=name, value=f"game_{name}:GAME", group=GROUP))
            written.append(f"game_{name}")
        for module, text in modules.items():
            (tmp_path / f"{module}.py").write_text(textwrap.dedent(text))
            written.append(module)
        for module in written:      # each test's own, not one an earlier test imported
            sys.modules.pop(module, None)
        registry = Registry(points=points)
        monkeypatch.setattr(kits, "GAMES", registry)
        monkeypatch.setattr(games_module, "GAMES", registry)   # what a look reads
        kits._make.cache_clear()
        return kits.kit

    yield register
    kits._make.cache_clear()
    for module in written:
        sys.modules.pop(module, None)


def test_a_look_class_is_made_once_per_game_and_its_overrides_are_its_own(games):
    kit = games({"mini": "mini_look:MiniLook", "other": "mini_look:MiniLook"},
                {"mini_look": """
                    from herald.generator.games.oriflamme import OriflammeLook

                    class MiniLook(OriflammeLook):
                        CARD_OPTIONS = {}
                        def deck_name(self, options):
                            return self.game + "-deck"
                 """})
    look = kit("mini")
    assert type(look).__name__ == "MiniLook" and isinstance(look, OriflammeLook)
    assert kit("mini") is look and kit("other") is not look and kit("other").game == "other"
    assert look.deck_name({}) == "mini-deck"            # its own
    assert look.CARD_OPTIONS == {} and look.cover_notes is not None   # Oriflamme's hook
    assert look.booklet_element("cards") is not None and look.booklet_element("nope") is None


def test_a_look_module_still_prints_through_module_look(games):
    kit = games({"old": "old_look"}, {"old_look": """
        from herald.generator.games.oriflamme.schema import Database
        CARD_OPTIONS = {"size": "small"}
        def print_cards(db, locale, **options):
            return ["card", locale, options]
        def deck_name(options):
            return "old-deck"
    """})
    look = kit("old")
    assert isinstance(look, ModuleLook) and kit("old") is look
    assert look.Database.__name__ == "Database" and look.CARD_OPTIONS == {"size": "small"}
    assert look.print_cards(None, "fr", size="small") == ["card", "fr", {"size": "small"}]
    assert look.deck_name is not None and look.deck_name({}) == "old-deck"
    assert look.cover_notes is None and look.RULE_OPTIONS == ()     # the defaults
    # a function it lacks is one line when asked for, not an AttributeError
    with pytest.raises(InputError, match=r"^game 'old': its look module old_look has no "
                                         r"step_view$"):
        look.step_view(None, None, 0)


@pytest.mark.parametrize("look, module, says", [
    ("bad_look1:NotALook", "class NotALook:\n    pass\n", "is not a class derived from"),
    ("bad_look2:Missing", "x = 1\n", "is not a class derived from"),
    ("bad_look3:Half", "from herald.generator.looks import Look\n"
                      "class Half(Look):\n    pass\n",
     "cannot be made: TypeError: Can't instantiate abstract class Half"),
    ("bad_look4:Raises", "raise RuntimeError('half-written module')\n",
     "cannot be made: RuntimeError: half-written module"),
])
def test_a_look_that_cannot_be_made_is_one_line(games, look, module, says):
    kit = games({"bad": look}, {look.partition(":")[0]: module})
    with pytest.raises(InputError) as caught:
        kit("bad")
    line = str(caught.value)
    assert line.startswith(f"game 'bad': its look {look!r} ") and says in line
    assert "\n" not in line


def test_every_required_capability_is_abstract():
    assert set(REQUIRED) == {"Database", "print_cards", "write_reference", "narrate",
                             "player_names", "step_view", "diagram_size", "draw_diagram",
                             "draw_cover_art", "colour_sets"}
    with pytest.raises(TypeError):
        Look("x")   # type: ignore[abstract]


# calls that would probe a look for what it has, rather than ask its class
PROBES = ("getattr", "hasattr")


def test_no_module_of_the_generator_probes_a_look():
    """What a look has is declared by its class: no ``getattr(look, …)`` or
    ``hasattr(kit, …)`` anywhere in the generator."""
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in PROBES and node.args:
                target = ast.unparse(node.args[0])
                if any(word in target.lower() for word in ("look", "kit")) \
                        or target.startswith("kit("):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)


def test_the_guides_look_is_a_generic_look_with_its_own_cover(games):
    """docs/game-packages.md's example look, as written there."""
    import io
    import re

    from herald.generator.look import GenericLook
    from reportlab.pdfgen.canvas import Canvas
    guide = (REPO / "docs" / "game-packages.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(# herald_mygame/look\.py\n.*?)```", guide, re.S)
    assert code is not None
    kit = games({"mygame": "herald_mygame_look:MyLook"}, {"herald_mygame_look": code[1]})
    look = kit("mygame")
    assert isinstance(look, GenericLook) and type(look).__name__ == "MyLook"
    assert "draw_cover_art" in vars(type(look))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pageCompression=0)
    look.draw_cover_art(canvas, None, 200, 60)
    canvas.save()
    assert b" c\n" in buffer.getvalue()     # the circle's curves
