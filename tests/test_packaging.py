"""What `pip install .` installs: every Python package of the source tree.

setuptools installs the packages pyproject.toml lists and no other, so a
new folder of modules (the generic look, a game's look) that is not listed
works from the source tree and is missing from every installed Herald."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_the_tree_is_installed():
    tool = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(tool["packages"])
    found = set()
    # the code's folders (templates/ holds a game package's files to copy,
    # __init__.py among them: data, installed as such)
    for name in ("herald.engine", "herald.generator"):
        folder = tool["package-dir"][name]
        for init in (ROOT / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / folder).parts
            if "__pycache__" not in parts:
                found.add(".".join((name, *parts)))
    assert sorted(found - listed) == []
