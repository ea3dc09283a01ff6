"""One package per game, each with the same shape (see `tablefeast.kernel.ruleset.Ruleset`)."""
