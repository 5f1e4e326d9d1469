"""Text from a file or a command line, made safe to print: a title holding
``ESC ] 0 ; … BEL`` would retitle the user's terminal, a carriage return
would overwrite the line before it, a right-to-left override would reorder
what follows. Every command that echoes text it was given prints it through
:func:`visible`."""
from __future__ import annotations

import re

# C0 and C1 controls, DEL, and the bidirectional overrides and isolates
# (U+202A to U+202E, U+2066 to U+2069); a tab or a line end is kept where the
# caller keeps it (``keep``).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible(text: object, keep: str = "\n") -> str:
    """``text`` with each control character written as ``\\u001b`` (the JSON
    and Python spelling, so that JSON stays valid): shown, never obeyed."""
    # a name that is not UTF-8 (a file name's undecodable bytes, kept by
    # Python as lone surrogates) is shown as its escapes, not refused by the
    # terminal's encoder
    text = str(text).encode("utf-8", "backslashreplace").decode("utf-8")
    return _CONTROL.sub(lambda m: m.group() if m.group() in keep else f"\\u{ord(m.group()):04x}",
                        text)


def echo(message: object = "", err: bool = False) -> None:
    """``click.echo`` of :func:`visible` text: what every command prints."""
    import click
    click.echo(visible(message), err=err)
