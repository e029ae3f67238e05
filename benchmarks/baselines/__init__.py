"""Hand-written pure-Python reference implementations of the four games (speed baselines and perft oracles)."""
