"""Moves: the decisions a player makes (adding, stepping, sliding, hopping, leaping,
shooting, selecting, swapping, promoting, removing) and the ways to combine them."""
