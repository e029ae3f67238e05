"""Effects: what a move does besides moving (``(then ...)``, ``(moveAgain)``, captures,
scores)."""
