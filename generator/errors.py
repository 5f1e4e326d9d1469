"""Errors the command line reports as one line with exit code 2."""


class InputError(Exception):
    """Bad input: reported as one line, exit code 2."""
