"""Boggle: dice, board, solver, round, tournament, robots."""
