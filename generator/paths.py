"""Where Herald's data lives: next to the generator in the repository and, once
installed, as herald/assets and herald/templates beside herald/generator."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
TEMPLATES = ROOT / "templates"
DEFAULT_OUTPUT = Path("output")


def game_assets(game: str) -> Path:
    """The folder of ``game``'s database, worked examples and catalogs: the one
    its package names (the game object's ``assets``), else ``assets/<game>``
    here, where Herald's own games keep theirs."""
    from herald.engine.games import GAMES
    own = getattr(GAMES[game], "assets", None) if game in GAMES else None
    return Path(own) if own else ASSETS / game


def display(path: Path) -> str:
    """A path as a person would type it: relative to the current folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
