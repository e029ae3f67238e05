"""Conditions: tests on the state (lines, connections, emptiness, owners, comparisons)."""
