"""Chance: dice and random events."""
