class InputError(Exception):
    """Bad input: reported as one line, exit code 2."""
