"""The compiler: checked ludeme trees -> closures over precomputed board tables."""
