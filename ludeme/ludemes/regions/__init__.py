"""Regions: sets of sites, fixed at compile time or read from the state."""
