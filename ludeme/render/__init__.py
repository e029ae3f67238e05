"""Rendering states: plain text diagrams (and rich colour for the terminal)."""
