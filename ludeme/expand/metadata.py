"""Metadata as plain data (dicts, lists, strings and numbers) for tools and display.

Metadata never stops a game from loading, so nothing here raises: a placeholder left
unexpanded is kept as None.
"""

from __future__ import annotations

from ludeme.syntax.ast import Angle, Array, Form, Named, Node, Str


def plain_metadata(form: Form) -> dict:
    """Metadata as plain data: ``{"info": {"description": "...", "useFor": [...]}, ...}``.

    Unknown entries are kept as they are; a key given twice becomes a list.
    """

    def merge(into: dict, key: str, value) -> None:
        if key == "useFor":
            into.setdefault(key, []).append(value)
        elif key in into:
            old = into[key]
            into[key] = (old if isinstance(old, list) and key in repeated else [old]) + [value]
            repeated.add(key)
        else:
            into[key] = value

    repeated: set[str] = set()

    def data(node: Node):
        if isinstance(node, Form):
            if node.head == "useFor" and node.args:
                first = node.args[0]
                names = first.items if isinstance(first, Array) else (first,)
                entry: dict = {"for": [n.value for n in names if isinstance(n, Str)]}
                for rest in node.args[1:]:
                    d = data(rest)
                    if isinstance(d, dict):
                        entry.update(d)
                return {"useFor": entry}
            values = [data(a) for a in node.args]
            if len(values) == 1 and not isinstance(node.args[0], Named):
                return {node.head: values[0]}
            return {node.head: values}
        if isinstance(node, Array):
            if all(isinstance(i, Form) for i in node.items):
                merged: dict = {}
                for i in node.items:
                    for k, v in data(i).items():
                        merge(merged, k, v)
                return merged
            return [data(i) for i in node.items]
        if isinstance(node, Named):
            return {node.name: data(node.value)}
        if isinstance(node, Angle):
            return None
        return getattr(node, "value", None)

    out: dict = {}
    for a in form.args:
        d = data(a)
        if isinstance(d, dict):
            for k, v in d.items():
                if isinstance(out.get(k), dict) and isinstance(v, dict):
                    out[k].update(v)
                else:
                    merge(out, k, v)
    return out
