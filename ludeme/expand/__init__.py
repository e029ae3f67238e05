"""Expansion: options, rulesets, variant files and defines, before checking."""

from ludeme.expand.description import Description, expand
from ludeme.expand.options import Option, OptionItem, Ruleset

__all__ = ["Description", "Option", "OptionItem", "Ruleset", "expand"]
