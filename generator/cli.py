"""The ``herald`` command line.

Each command lives in its own ``cmd_*`` module; this file only gathers them and
turns Herald's input errors into one line on stderr with exit code 2.
"""
from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, version

import click

from .errors import InputError


def _version() -> str:
    try:
        return version("herald")
    except PackageNotFoundError:
        return "0+unknown"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), "--version", prog_name="herald",
                      message="%(prog)s %(version)s")
def cli():
    """Herald: printable card decks, rules booklets and a rules engine that
    verifies every worked example they print.

    Built-in game: Oriflamme (3-5 players, and the official two-player
    variant). Run 'herald COMMAND --help' for each command.
    """


def _register():
    from .cmd_build import build
    from .cmd_cards import cards
    from .cmd_diagram import diagram
    from .cmd_i18n import i18n
    from .cmd_play import play
    from .cmd_rules import rules
    from .cmd_solve import solve
    from .cmd_verify import verify
    for command in (verify, solve, play, cards, rules, build, i18n, diagram):
        cli.add_command(command)


_register()


def main(argv=None) -> None:
    try:
        code = cli.main(args=argv, prog_name="herald", standalone_mode=False)
    except InputError as e:
        click.echo(f"herald: error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("herald: aborted", err=True)
        sys.exit(1)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    sys.exit(code or 0)


if __name__ == "__main__":
    main()
