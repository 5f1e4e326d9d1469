"""Herald's generator: the command line, card databases, example files and rendering."""
