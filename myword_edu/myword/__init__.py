"""The card game MyWord!: cards, spelling, solver, round, game, robots, lessons' deck stacking."""
