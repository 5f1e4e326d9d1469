"""Each game's look: one sub-package per game (schema, faces, backs, diagrams,
quick reference), found through :mod:`herald.generator.kits`."""
