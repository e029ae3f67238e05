"""Rules: the shape of a description (game, players, equipment, rules, phases, start,
play, end), turns, starting positions and heuristics."""
