"""Test-only: descriptors built from a golden vector's declared C# type (``Dictionary<(int, string), int>``,
``VectorPoint3?``, ``int[][]``) and the ``Vector*`` types of docs/vectors/types.json.

The C# type-name parsing exists only for the vectors, so it lives here and not in the package; what it builds is
the package's own descriptor vocabulary, read and written by the package's runtime.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import make_dataclass
from typing import Any

from pack_client import descriptors as d

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
VECTORS = os.path.join(REPO, "docs", "vectors")


def load(name: str) -> Any:
    with open(os.path.join(VECTORS, name), encoding="utf-8") as f:
        return json.load(f)


_PRIMS = {
    "bool": d.BOOL, "byte": d.U8, "sbyte": d.I8, "short": d.I16, "ushort": d.U16, "char": d.CHAR, "int": d.I32,
    "uint": d.U32, "long": d.I64, "ulong": d.U64, "Int128": d.I128, "UInt128": d.U128, "Half": d.F16,
    "float": d.F32, "double": d.F64, "decimal": d.DECIMAL, "Guid": d.GUID, "DateTime": d.DATETIME,
    "DateTimeOffset": d.DATETIMEOFFSET, "TimeSpan": d.TIMESPAN, "DateOnly": d.DATEONLY, "TimeOnly": d.TIMEONLY,
    "string": d.STRING,
}
_LISTS = {"List", "IReadOnlyList", "IList", "IEnumerable", "ICollection", "IReadOnlyCollection", "ImmutableArray",
          "ImmutableList", "IImmutableList", "ArraySegment"}
_NEVER_NULL_LISTS = {"Memory", "ReadOnlyMemory"}
_VALUE_LISTS = {"Memory", "ReadOnlyMemory", "ImmutableArray", "ArraySegment"}


def parse_type(text: str) -> Any:
    """A C# type name as a tree: ('named', name, args) | ('tuple', items) | ('array', el) | ('nullable', inner)."""
    i = 0

    def ws() -> None:
        nonlocal i
        while i < len(text) and text[i] == " ":
            i += 1

    def items(close: str) -> list[Any]:
        nonlocal i
        out = [parse()]
        ws()
        while text[i] == ",":
            i += 1
            out.append(parse())
            ws()
        assert text[i] == close, text
        i += 1
        return out

    def parse() -> Any:
        nonlocal i
        ws()
        if text[i] == "(":
            i += 1
            node: Any = ("tuple", items(")"))
        else:
            m = re.compile(r"[A-Za-z0-9_.]+").match(text, i)
            assert m, text
            i = m.end()
            args = []
            if i < len(text) and text[i] == "<":
                i += 1
                args = items(">")
            node = ("named", m.group(0), args)
        while True:
            if text.startswith("[]", i):
                i += 2
                node = ("array", node)
            elif i < len(text) and text[i] == "?":
                i += 1
                node = ("nullable", node)
            else:
                return node

    t = parse()
    assert i == len(text), text
    return t


class VectorTypes:
    """The descriptors of types.json and of any declared type spelled from them."""

    def __init__(self) -> None:
        self.defs = {t["name"]: t for t in load("types.json")["types"]}
        self.named: dict[str, d.Descriptor] = {}
        self.classes: dict[str, type] = {}
        self._cache: dict[str, d.Descriptor] = {}

    def get(self, text: str) -> d.Descriptor:
        if text not in self._cache:
            self._cache[text] = self.build(parse_type(text))
        return self._cache[text]

    def is_value_type(self, node: Any) -> bool:
        kind = node[0]
        if kind == "tuple":
            return True
        if kind != "named":
            return False
        name = node[1]
        if name in _PRIMS:
            return name != "string"
        if name in _VALUE_LISTS or name == "KeyValuePair":
            return True
        t = self.defs.get(name)
        return t is not None and (t["kind"] == "enum" or "struct" in t["kind"])

    def build(self, node: Any) -> d.Descriptor:
        kind = node[0]
        if kind == "array":
            return d.ListType(self.build(node[1]))
        if kind == "nullable":
            inner = self.build(node[1])
            return d.NullableType(inner) if self.is_value_type(node[1]) else inner
        if kind == "tuple":
            return self.tuple_type(node[1], struct=True)
        name, args = node[1], node[2]
        if name in _PRIMS:
            return _PRIMS[name]
        if name in _LISTS:
            return d.ListType(self.build(args[0]))
        if name in _NEVER_NULL_LISTS:
            return d.ListType(self.build(args[0]), nullable=False)
        if name in ("HashSet", "ISet", "IReadOnlySet"):
            return d.SetType(self.build(args[0]))
        if name in ("Dictionary", "IDictionary", "IReadOnlyDictionary"):
            return d.MapType(self.build(args[0]), self.build(args[1]))
        if name == "KeyValuePair":
            return self.composite("System.Collections.Generic.KeyValuePair", [("Key", args[0]), ("Value", args[1])],
                                  struct=True, tuple_form=True)
        if name == "Tuple":
            return self.composite("System.Tuple", [(f"Item{k + 1}", a) for k, a in enumerate(args)], struct=False,
                                  tuple_form=True)
        return self.vector_type(name)

    def tuple_type(self, items: list[Any], struct: bool) -> d.Descriptor:
        members = [(f"Item{k + 1}", a) for k, a in enumerate(items[:7])]
        if len(items) == 8:
            members.append(("Rest", items[7]))
        return self.composite("System.ValueTuple", members, struct=struct, tuple_form=True)

    def width(self, t: d.Descriptor) -> int | None:
        if isinstance(t, d.Primitive):
            return t.width
        if isinstance(t, d.EnumType):
            return t.underlying.width
        if isinstance(t, d.FrozenStructType):
            return t.width
        return None

    def composite(self, name: str, members: list[tuple[str, Any]], struct: bool, tuple_form: bool,
                  cls: Any = None) -> d.Descriptor:
        built = [d.Member(n, n, self.build(t)) for n, t in members]
        widths = [self.width(m.type) for m in built]
        if struct and built and all(w is not None for w in widths):
            return d.FrozenStructType(name, cls, built, sum(w for w in widths if w is not None), tuple_form=tuple_form)
        return d.ObjectType(name, cls, built, nullable=not struct, tuple_form=tuple_form)

    def vector_type(self, name: str) -> d.Descriptor:
        if name in self.named:
            return self.named[name]
        t = self.defs[name]
        full = "Pack.Tests.GoldenVectors.Types." + name
        if t["kind"] == "enum":
            e = d.EnumType(full, _PRIMS[t["underlying"]], [(k, int(v)) for k, v in t["values"].items()])
            self.named[name] = e
            return e
        if t["kind"] == "union":
            u = d.UnionType(full, lambda: [d.UnionCase(c["tag"], self.vector_type(c["type"])) for c in t["cases"]])
            self.named[name] = u
            return u
        members = t["members"]
        cls = make_dataclass(name, [m["name"] for m in members], slots=True, frozen=True)
        self.classes[name] = cls
        if t["kind"].startswith("fixed struct"):
            width = int(re.search(r"\((\d+) bytes", t["kind"]).group(1))  # type: ignore[union-attr]
            desc: d.Descriptor = d.FrozenStructType(full, cls, lambda: self.members(members), width)
        else:
            desc = d.ObjectType(full, cls, lambda: self.members(members), nullable=t["kind"].startswith("class"))
        self.named[name] = desc
        return desc

    def members(self, members: list[Any]) -> list[d.Member]:
        out = []
        for m in members:
            default = m.get("default")
            out.append(d.Member(m["name"], m["name"], self.get(m["type"]),
                                default["json"] if default else None, has_default=default is not None))
        return out
