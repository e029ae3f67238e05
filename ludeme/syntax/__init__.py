"""Surface syntax: Ludii-style S-expressions to AST nodes with source spans."""

from ludeme.syntax.ast import (
    Angle,
    Array,
    Atom,
    Bool,
    Float,
    Form,
    Int,
    Name,
    Named,
    Node,
    Param,
    Str,
)
from ludeme.syntax.parser import parse_text

__all__ = ["Angle", "Array", "Atom", "Bool", "Float", "Form", "Int", "Name", "Named", "Node",
           "Param", "Str", "parse_text"]
