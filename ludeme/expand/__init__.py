"""Expansion: options, rulesets, variant files and defines, before checking."""

from ludeme.expand.description import Description, Option, OptionItem, Ruleset, expand

__all__ = ["Description", "Option", "OptionItem", "Ruleset", "expand"]
