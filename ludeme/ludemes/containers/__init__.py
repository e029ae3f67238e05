"""Containers besides the board: hands that hold pieces off the board."""
