"""The ``herald`` command line.

Each command lives in its own ``cmd_*`` module; this file only gathers them and
turns Herald's input errors into one line on stderr with exit code 2.
"""
from __future__ import annotations

import contextlib
import errno
import gc
import os
import sys
from pathlib import Path

import click

from .errors import InputError

HELP_OPTIONS = ["-h", "--help"]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("herald")
    except PackageNotFoundError:
        return "0+unknown"


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    """``herald --version``: the installed version, looked up only when asked
    (importlib.metadata is not every command's import)."""
    if value and not ctx.resilient_parsing:
        click.echo(f"herald {_version()}")
        ctx.exit()


def game_summaries() -> list[tuple[str, str]]:
    """Each installed game as the help lists it: the id a command takes, then
    its printed name and who plays it ("Oriflamme: 3 to 5 players, variant
    for 2"), read from the registry and the game's card database."""
    from herald.engine.games import GAMES

    from .database import database_path, load_database
    from .options import seats_text
    rows = []
    for game_id, game in GAMES.items():
        base, *others = [game.player_counts[v] for v in game.variants]
        seats = f"{seats_text(base)} players" + "".join(
            f", variant for {seats_text(c)}" for c in dict.fromkeys(others) if set(c) != set(base))
        try:
            db = load_database(database_path(game_id))
            name = db.name["en" if "en" in db.locales else db.locales[0]]
        except InputError:      # a broken database must not break --help
            name = game_id
        rows.append((game_id, f"{name}: {seats}"))
    return rows


# Each command and the module that defines it. A command's module is imported
# only when that command runs or its help is shown: ``herald verify`` does not
# pay for the imports of ``herald cards`` (the renderers, reportlab's
# platypus) or ``herald balance``; ``herald --help`` imports them all, for
# each one's line of help.
COMMANDS = {"balance": "cmd_balance", "build": "cmd_build", "cards": "cmd_cards",
            "check": "cmd_check", "diagram": "cmd_diagram", "games": "cmd_games",
            "i18n": "cmd_i18n", "new": "cmd_new", "play": "cmd_play", "rules": "cmd_rules",
            "solve": "cmd_solve", "verify": "cmd_verify"}


def load_command(name: str) -> click.Command:
    """The command ``name``, from its module (``COMMANDS``)."""
    from importlib import import_module
    command: click.Command = getattr(import_module(f".{COMMANDS[name]}", __package__), name)
    # -h on each command itself, not only through the group: the command
    # pages of the documentation (mkdocs-click) build a command's context
    # without its parent's, and must list the options it really takes.
    command.context_settings.setdefault("help_option_names", HELP_OPTIONS)
    return command


class _Herald(click.Group):
    """The command group: its commands loaded on demand (``COMMANDS``), and
    its help ending with the installed games: listed from the registry when
    the help is shown (reading every card database on each command would
    slow them all), so a new game needs no edit here."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, cmd_name):
        return load_command(cmd_name) if cmd_name in COMMANDS else None

    def format_epilog(self, ctx, formatter):
        with formatter.section("Games"):
            formatter.write_dl(game_summaries())
            from herald.engine.games import GAMES
            for name, problem in GAMES.broken.items():
                formatter.write_text(f"{name}: set aside, {problem.split(': ', 1)[1]}")
        super().format_epilog(ctx, formatter)


@click.group(cls=_Herald, context_settings={"help_option_names": HELP_OPTIONS})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version, help="Show the version and exit.")
def cli():
    """Herald: printable card decks, rules booklets and a rules engine that
    verifies every worked example they print.

    Commands that take a GAME expect one of the games listed below (Herald's
    own and any installed game package; 'herald games' says where each comes from).
    Run 'herald COMMAND --help' for each command.
    """


def __getattr__(name: str) -> click.Command:
    """``herald.generator.cli.verify`` and the other commands, as attributes
    of this module (the documentation's command pages name them so)."""
    if name in COMMANDS:
        return load_command(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# New objects between two of Herald's searches for unreachable cycles
# (Python's default: 700). The engine's positions and a page's flowables are
# made by the thousand and mostly live on, and were walked again and again:
# the collector took 1.05 s of ``herald build``'s CPU, 0.4 s so (timed by
# gc.callbacks), for 10 MB more at a build worker's peak; cycles are still
# collected, so memory stays bounded.
GC_THRESHOLD = 10_000


@contextlib.contextmanager
def _fewer_collections():
    """The command (and the workers it forks, which inherit it) looks for
    unreachable cycles every GC_THRESHOLD new objects; the caller's
    thresholds are put back after it (tests run commands in their own
    process)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def main(argv=None) -> None:
    try:
        if os.environ.get("SOURCE_DATE_EPOCH", "").strip():
            # a bad SOURCE_DATE_EPOCH is one line before any work (unset, a
            # build has its fixed date: render.dates, and reportlab, are
            # left to the commands that draw)
            from .render.dates import build_epoch
            build_epoch()
        with _fewer_collections():
            code = cli.main(args=argv, prog_name="herald", standalone_mode=False)
        sys.stdout.flush()          # a full disk under ``> file`` is said here, not at exit
    except InputError as e:
        _error(str(e), 2)
    except click.exceptions.Abort:
        click.echo("herald: aborted", err=True)
        sys.exit(1)
    except click.exceptions.NoArgsIsHelpError as e:
        # ``herald``, ``herald new``: the help, as --help prints it
        _echo_help(e.ctx.get_help() if e.ctx is not None else cli.get_help(click.Context(cli)))
        code = 0
    except click.UsageError as e:
        # click would print a usage block and a hint over three lines; Herald's
        # errors are one line, the command named (``herald play: --seed: …``).
        command = e.ctx.command_path if e.ctx is not None else "herald"
        where = f" ({command} --help for usage)" if command != "herald" else \
            " (herald --help for usage)"
        _error(e.format_message() + where, 2)
    except click.ClickException as e:
        _error(e.format_message(), e.exit_code)
    except Exception as e:
        if isinstance(e, OSError):
            _os_error(e)        # exits when the system's error says it in one line
        # A bug in a game package (its from_spec, check, new_game or
        # parse_decision raising): one line naming the package, not a
        # traceback through Herald. Herald's own faults keep theirs.
        from herald.engine.games import package_fault
        line = package_fault(e)
        if line is None:
            raise
        _error(line, 2)
    sys.exit(code or 0)


def _echo_help(text: str) -> None:
    try:
        click.echo(text)
        sys.stdout.flush()
    except OSError as e:
        _os_error(e)
        raise


def _os_error(e: OSError) -> None:
    """A system error Herald can name in one line: standard output that cannot
    be written (``> /dev/full``, a closed pipe), a path the system refuses
    (a name over 255 bytes), a full disk or a refused permission on a named
    file: each exits with its line. Others return (a game package's fault
    is said as such, Herald's own keep their traceback)."""
    if e.filename is None and e.errno in _OUTPUT_ERRORS and _on_stdout(e):
        _silence_stdout()
        if e.errno == errno.EPIPE:      # ``herald verify | head``: the reader has had enough
            sys.exit(1)
        _error(f"cannot write the output: {e.strerror}", 1)
    if e.filename is None and e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        _error(f"cannot write a file: {e.strerror}", 2)     # a file whose name was lost
    if e.errno == errno.ENAMETOOLONG and e.filename is not None:
        name = os.fsdecode(e.filename)
        _error(f"{name[:60]}…: the path is too long ({len(os.fsencode(name))} bytes; "
               "a file or folder name holds at most 255)", 2)
    if e.filename is not None and e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS,
                                              errno.EACCES, errno.EPERM):
        from .paths import display
        # read or written: the system's words say which way it failed
        _error(f"{display(Path(os.fsdecode(e.filename)))}: {e.strerror}", 2)


# what writing to standard output meets: a full disk, a closed pipe, a device error
_OUTPUT_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EPIPE, errno.EIO)


def _on_stdout(e: OSError) -> bool:
    """Whether ``e`` was met writing standard output: raised by ``echo``
    (click's, which every command's output and the help go through) for
    standard output rather than the error stream, or by the final flush."""
    frame_tb = e.__traceback__
    while frame_tb is not None:
        frame = frame_tb.tb_frame
        if frame.f_code.co_name == "echo" and frame.f_globals.get("__name__") == "click.utils":
            return not frame.f_locals.get("err")
        if frame.f_code is main.__code__ and frame_tb.tb_next is None:
            return True         # sys.stdout.flush() in main itself
        frame_tb = frame_tb.tb_next
    return False


def _silence_stdout() -> None:
    """Point standard output at /dev/null: the text still buffered would fail
    again when Python flushes it on exit, with a traceback of its own."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # no real file behind stdout (a test)
        pass


def _error(message: str, code: int):
    from .terminal import visible
    click.echo("herald: error: " + visible(" ".join(message.split())), err=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
