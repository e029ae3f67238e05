"""Numbers: counts, arithmetic, the pieces on sites, groups and lists of numbers."""
