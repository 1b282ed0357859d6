"""Schemas (docs/schema.md): reading and checking documents and sets (§1.5, §2.4, §5.3), canonical text and
fingerprints (§2), and the compatibility check (§3.1)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from typing import Any

from .errors import PackSchemaError

__all__ = ["Schema", "SchemaSet", "Violation", "parse_schema", "parse_schema_set", "check_compatibility",
           "canonical_text", "fingerprint", "parse_json_text"]

MAX_JSON_DEPTH = 64
MAX_CHAIN = 64
MAX_LABEL = 4096
MAX_FROZEN_WIDTH = 1 << 20

_WIDTHS = {"bool": 1, "u8": 1, "i8": 1, "u16": 2, "i16": 2, "char": 2, "u32": 4, "i32": 4, "u64": 8, "i64": 8,
           "u128": 16, "i128": 16, "f16": 2, "f32": 4, "f64": 8, "decimal": 16, "guid": 16, "datetime": 8,
           "datetimeoffset": 10, "timespan": 8, "dateonly": 4, "timeonly": 8, "string": None}
_INTEGERS = {"u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64", "u128", "i128"}
_FIXED_NULLABLE = {"enum": False, "frozen-struct": False, "nullable": True, "union": True}
_KINDS = {"primitive", "enum", "nullable", "list", "set", "map", "object", "frozen-struct", "union"}
_SURROGATE = re.compile("[\ud800-\udfff]")
_ENUM_VALUE = re.compile(r"-?(0|[1-9][0-9]*)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HEX16 = re.compile(r"[0-9a-f]{16}")


# ------------------------------------------------------------------------------------------------------- JSON text

class _Obj(dict[str, Any]):
    """A JSON object that remembers the first name given twice."""

    duplicate: str | None = None


def _pairs(pairs: list[tuple[str, Any]]) -> _Obj:
    o = _Obj()
    for k, v in pairs:
        if k in o and o.duplicate is None:
            o.duplicate = k
        o[k] = v
    return o


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _quote(name: str) -> str:
    if len(name) > 256:
        name = name[:255] + "…"
    return json.dumps(name, ensure_ascii=False)


def _step(path: str, name: str) -> str:
    if _IDENT.fullmatch(name):
        return name if path == "$" else f"{path}.{name}"
    return f"{'' if path == '$' else path}[{_quote(name)}]"


def parse_json_text(text: str | bytes) -> Any:
    """Reads JSON by the text rules of §1.5: RFC 8259, at most 64 levels, no name twice, no unpaired surrogate."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise PackSchemaError("not JSON text this reader accepts: not UTF-8") from None
        if text.startswith("\ufeff"):
            text = text[1:]
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:
        raise PackSchemaError(f"not JSON text this reader accepts: {e}") from None
    # Depth and surrogates first (the text's own rules), then duplicate names, each over the whole text.
    duplicate: tuple[str, str] | None = None
    stack: list[tuple[Any, int, str]] = [(value, 1, "$")]
    while stack:
        v, depth, path = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                raise PackSchemaError("not JSON text this reader accepts: an unpaired surrogate")
        elif isinstance(v, dict):
            if depth > MAX_JSON_DEPTH:
                raise PackSchemaError(f"not JSON text this reader accepts: it nests deeper than {MAX_JSON_DEPTH} levels")
            for k, x in reversed(list(v.items())):
                if _SURROGATE.search(k):
                    raise PackSchemaError("not JSON text this reader accepts: an unpaired surrogate")
                stack.append((x, depth + 1, _step(path, k)))
            if isinstance(v, _Obj) and v.duplicate is not None and duplicate is None:
                duplicate = (path, v.duplicate)
        elif isinstance(v, list):
            if depth > MAX_JSON_DEPTH:
                raise PackSchemaError(f"not JSON text this reader accepts: it nests deeper than {MAX_JSON_DEPTH} levels")
            for i in range(len(v) - 1, -1, -1):
                stack.append((v[i], depth + 1, f"{path}[{i}]"))
    if duplicate is not None:
        raise PackSchemaError(f"{duplicate[0]}: the member {_quote(duplicate[1])} is given twice")
    return value


# --------------------------------------------------------------------------------------------------- canonical text

def canonical_text(value: Any) -> str:
    """The canonical text of §2.1 (RFC 8785 restricted to a schema's values)."""
    return json.dumps(_in_code_unit_order(value), separators=(",", ":"), ensure_ascii=False)


def _utf16(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def _in_code_unit_order(value: Any) -> Any:
    # RFC 8785 orders an object's properties by their names' UTF-16 code units; sort_keys orders by code point, which
    # differs for a name outside the Basic Multilingual Plane against one of U+E000 ... U+FFFF (inside a default).
    # Iterative, as a default may nest as deep as §1.5 allows.
    if not isinstance(value, (dict, list)):
        return value
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(value, root, 0)]
    while stack:
        v, target, slot = stack.pop()
        if isinstance(v, dict):
            out: Any = {}
            target[slot] = out
            for k in sorted(v, key=_utf16):
                out[k] = None
                stack.append((v[k], out, k))
        elif isinstance(v, list):
            out = [None] * len(v)
            target[slot] = out
            for i, x in enumerate(v):
                stack.append((x, out, i))
        else:
            target[slot] = v
    return root[0]


def fingerprint(text: str) -> str:
    """The first 8 bytes of SHA-256 of the text's UTF-8, as 16 lowercase hex digits (§2.3)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# -------------------------------------------------------------------------------------------------------- documents

def _fail(at: str, message: str) -> PackSchemaError:
    return PackSchemaError(f"{at}: {message}" if at else message)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _integer(v: Any, at: str, what: str) -> int:
    if not _is_number(v):
        raise _fail(at, f"{what} must be a number")
    if isinstance(v, float):
        if not v.is_integer():
            raise _fail(at, f"{what} must be an integer")
        v = int(v)
    return int(v)


def _opt(o: dict[str, Any], key: str) -> Any:
    return o.get(key)


class Schema:
    """A checked schema document: its normalized type entries, labels, canonical texts and fingerprints."""

    def __init__(self, types: list[dict[str, Any]]) -> None:
        self.types = types
        self.labels = _labels(types)
        self.document = {"format": "pack-schema/1", "types": types}
        self.canonical_text = canonical_text(self.document)
        self.wire_canonical_text = canonical_text({"format": "pack-schema/1", "types": [_wire(t) for t in types]})
        self.contract_fingerprint = fingerprint(self.canonical_text)
        self.wire_fingerprint = fingerprint(self.wire_canonical_text)

    @property
    def label(self) -> str:
        """The root's label (§1.2)."""
        return self.labels[0]

    def wire_form(self) -> Schema:
        """The wire form (§2.2) as a schema."""
        return Schema([_wire(t) for t in self.types])


def _wire(t: dict[str, Any]) -> dict[str, Any]:
    w = {k: v for k, v in t.items() if k != "name"}
    if "members" in w:
        w["members"] = [{"type": m["type"]} for m in w["members"]]
    if "values" in w:
        w["values"] = [{"value": v["value"]} for v in w["values"]]
    return w


def parse_schema(text: str | bytes | Any) -> Schema:
    """Reads and checks a schema document (text, bytes, or an already parsed JSON value)."""
    doc = parse_json_text(text) if isinstance(text, (str, bytes, bytearray)) else text
    return _document(doc, "")


def _document(doc: Any, prefix: str) -> Schema:
    if not isinstance(doc, dict):
        raise _fail(prefix.rstrip("."), "a schema document is a JSON object")
    if doc.get("format") != "pack-schema/1":
        raise _fail(prefix.rstrip("."), 'the "format" must be "pack-schema/1"')
    types = doc.get("types")
    if not isinstance(types, list):
        raise _fail(prefix.rstrip("."), '"types" must be an array')
    if not types:
        raise _fail(prefix.rstrip("."), '"types" must hold at least the root')
    n = len(types)
    try:
        entries = [_shape(e, i, n) for i, e in enumerate(types)]
        for i in range(n):
            _own_rules(entries, i)
        _references(entries)
        labels = _labels(entries)
        for i, label in enumerate(labels):
            if len(label) > MAX_LABEL:
                raise _fail(f"types[{i}]", f"the label has more than {MAX_LABEL} characters")
        _annotations(entries)
    except PackSchemaError as e:
        if not prefix:
            raise
        # A schema of a set is named from the set (§1.5): schemas[1].schema.types[0].values[0].
        raise PackSchemaError(prefix + str(e)) from None
    return Schema(entries)


def _index(v: Any, at: str, what: str, n: int) -> int:
    i = _integer(v, at, what)
    if not 0 <= i < n:
        raise _fail(at, f"{what} {i} is not an index into types")
    return i


def _objects(v: Any, at: str, what: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The objects of an array with their paths, each checked to be an object when it is reached: a reader reads
    one object's properties before it looks at the next (§1.5 step 3)."""
    if not isinstance(v, list):
        raise _fail(at, f"{what} must be an array")
    for j, x in enumerate(v):
        oat = f"{at}.{what}[{j}]"
        if not isinstance(x, dict):
            raise _fail(oat, "must be an object")
        yield oat, x


def _name(o: dict[str, Any], at: str) -> str | None:
    name = o.get("name")
    if name is not None and not isinstance(name, str):
        raise _fail(at, "a name must be a string")
    return name


def _check_default(v: Any, at: str) -> None:
    if _is_number(v):
        if isinstance(v, float) and not v.is_integer() or abs(v) >= 1 << 53:
            raise _fail(at, "a default holds only integers of magnitude below 2^53")
    elif isinstance(v, dict):
        for x in v.values():
            _check_default(x, at)
    elif isinstance(v, list):
        for x in v:
            _check_default(x, at)


def _normal_default(v: Any) -> Any:
    if isinstance(v, float):
        return int(v)
    if isinstance(v, dict):
        return {k: _normal_default(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_normal_default(x) for x in v]
    return v


def _shape(e: Any, i: int, n: int) -> dict[str, Any]:
    at = f"types[{i}]"
    if not isinstance(e, dict):
        raise _fail(at, "an entry must be an object")
    kind = e.get("kind")
    if not isinstance(kind, str):
        raise _fail(at, "an entry must have a kind")
    if kind not in _KINDS:
        raise _fail(at, f"unknown kind {_quote(kind)}")
    nullable = e.get("nullable")
    if not isinstance(nullable, bool):
        raise _fail(at, "nullable must be true or false")
    out: dict[str, Any] = {"kind": kind, "nullable": nullable}
    if kind in ("enum", "object", "frozen-struct", "union"):
        name = _name(e, at)
        if name is not None:
            out["name"] = name
    if kind == "primitive":
        p = e.get("primitive")
        if not isinstance(p, str):
            raise _fail(at, "primitive must be a string")
        out["primitive"] = p
        if "width" in e and e["width"] is not None:
            out["width"] = _integer(e["width"], at, "width")
        elif "width" in e:
            raise _fail(at, "width must be a number")
        s = e.get("signed")
        if s is not None:
            if not isinstance(s, bool):
                raise _fail(at, "signed must be true or false")
            out["signed"] = s
    elif kind == "enum":
        if "underlying" not in e:
            raise _fail(at, "an enum has underlying")
        out["underlying"] = _index(e["underlying"], at, "underlying", n)
        if "values" not in e:
            raise _fail(at, "an enum has values")
        values = []
        for vat, v in _objects(e["values"], at, "values"):
            item: dict[str, Any] = {}
            name = _name(v, vat)
            if name is not None:
                item["name"] = name
            if "value" not in v or v["value"] is None:
                raise _fail(vat, "an enum value has a value")
            if not isinstance(v["value"], str):
                raise _fail(vat, "an enum value's value is a string of digits")
            item["value"] = v["value"]
            values.append(item)
        out["values"] = values
    elif kind in ("nullable", "list", "set"):
        if "element" not in e:
            raise _fail(at, f"a {kind} has element")
        out["element"] = _index(e["element"], at, "element", n)
    elif kind == "map":
        for part in ("key", "value"):
            if part not in e:
                raise _fail(at, "a map has key and value")
            out[part] = _index(e[part], at, part, n)
    elif kind in ("object", "frozen-struct"):
        if kind == "frozen-struct":
            if "width" not in e:
                raise _fail(at, "a frozen struct has width")
            out["width"] = _integer(e["width"], at, "width")
        if "members" not in e:
            raise _fail(at, f"an {kind} has members")
        members = []
        for mat, m in _objects(e["members"], at, "members"):
            item = {}
            name = _name(m, mat)
            if name is not None:
                item["name"] = name
            if "type" not in m:
                raise _fail(mat, "a member has a type")
            item["type"] = _index(m["type"], mat, "type", n)
            if kind == "object" and m.get("default") is not None:
                _check_default(m["default"], mat)
                item["default"] = _normal_default(m["default"])
            nb = m.get("nullability")
            if nb is not None:
                if not isinstance(nb, str):
                    raise _fail(mat, "nullability must be a string")
                item["nullability"] = nb
            members.append(item)
        out["members"] = members
    elif kind == "union":
        if "cases" not in e:
            raise _fail(at, "a union has cases")
        cases = []
        for cat, c in _objects(e["cases"], at, "cases"):
            if "tag" not in c:
                raise _fail(cat, "a case has a tag")
            tag = _integer(c["tag"], cat, "tag")
            if not 0 <= tag <= 65534:
                raise _fail(cat, f"the tag {tag} is not 0 … 65 534")
            if "type" not in c:
                raise _fail(cat, "a case has a type")
            cases.append({"tag": tag, "type": _index(c["type"], cat, "type", n)})
        out["cases"] = cases
    return out


def _fixed_width(t: list[dict[str, Any]], i: int) -> int | None:
    e = t[i]
    if e["kind"] == "primitive":
        return _WIDTHS.get(e["primitive"])
    if e["kind"] == "enum":
        u = t[e["underlying"]]
        return _WIDTHS.get(u["primitive"]) if u["kind"] == "primitive" else None
    if e["kind"] == "frozen-struct":
        return int(e["width"])
    return None


def _own_rules(t: list[dict[str, Any]], i: int) -> None:
    e = t[i]
    at = f"types[{i}]"
    kind = e["kind"]
    if "name" in e:
        for k in range(i):
            if t[k].get("name") == e["name"]:
                raise _fail(at, f"the type name {_quote(e['name'])} is given twice")
    fixed = _FIXED_NULLABLE.get(kind)
    if fixed is not None and e["nullable"] != fixed:
        raise _fail(at, f"a{'n' if kind[0] in 'aeiou' else ''} {kind} is {'always' if fixed else 'never'} nullable")
    if kind == "primitive":
        p = e["primitive"]
        if p not in _WIDTHS:
            raise _fail(at, f"unknown primitive {_quote(p)}")
        width = _WIDTHS[p]
        if width is None:
            if "width" in e:
                raise _fail(at, "a string has no width")
        elif e.get("width") != width:
            raise _fail(at, f"{p} has the width {width}")
        if "signed" in e:
            if p not in _INTEGERS:
                raise _fail(at, "signed is only for the integer primitives")
            if e["signed"] != p.startswith("i"):
                raise _fail(at, f"{p} is {'signed' if p.startswith('i') else 'unsigned'}")
        elif p in _INTEGERS:
            # The schema as read has signed on every integer primitive, whether or not the document wrote it (§2.1).
            e["signed"] = p.startswith("i")
        if e["nullable"] != (p == "string"):
            raise _fail(at, "only a string among the primitives is nullable")
    elif kind == "enum":
        u = t[e["underlying"]]
        # An integer-like name that is not in the table (i7) is no integer primitive: the enum is named (§1.5).
        if u["kind"] != "primitive" or u["primitive"] not in _INTEGERS:
            raise _fail(at, "underlying must be an integer primitive")
        p = u["primitive"]
        bits = int(p[1:])
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if p.startswith("i") else (0, (1 << bits) - 1)
        names: set[str] = set()
        for j, v in enumerate(e["values"]):
            vat = f"{at}.values[{j}]"
            s = v["value"]
            if not _ENUM_VALUE.fullmatch(s) or s == "-0":
                raise _fail(vat, f"the value {_quote(s)} is not an integer in decimal digits")
            if not lo <= int(s) <= hi:
                raise _fail(vat, f"the value {s} is out of the range of {p}")
            if "name" in v:
                if v["name"] in names:
                    raise _fail(vat, f"the value name {_quote(v['name'])} is given twice")
                names.add(v["name"])
    elif kind == "nullable":
        el = t[e["element"]]
        if el["nullable"] or el["kind"] == "nullable":
            raise _fail(at, "a nullable's element is never null and not a nullable")
    elif kind == "union":
        tags: set[int] = set()
        for j, c in enumerate(e["cases"]):
            cat = f"{at}.cases[{j}]"
            if t[c["type"]]["kind"] not in ("object", "frozen-struct"):
                raise _fail(cat, "a union's cases are objects or frozen structs")
            if c["tag"] in tags:
                raise _fail(cat, f"the tag {c['tag']} is given twice")
            tags.add(c["tag"])
    elif kind in ("object", "frozen-struct"):
        names = set()
        for j, m in enumerate(e["members"]):
            if "name" in m:
                if m["name"] in names:
                    raise _fail(f"{at}.members[{j}]", f"the member {_quote(m['name'])} is given twice")
                names.add(m["name"])


def _leave(t: list[dict[str, Any]], i: int) -> None:
    """What the references walk checks when it leaves an entry, after its parts (§1.5 step 5)."""
    e = t[i]
    if e["kind"] != "frozen-struct":
        return
    at = f"types[{i}]"
    total = 0
    for j, m in enumerate(e["members"]):
        w = _fixed_width(t, m["type"])
        if w is None:
            raise _fail(f"{at}.members[{j}]", "a frozen struct's members have a fixed width")
        total += w
    if total != e["width"]:
        raise _fail(at, f"the width {e['width']} is not the sum of the members' widths ({total})")
    if total > MAX_FROZEN_WIDTH:
        raise _fail(at, "a frozen struct has at most 1 MiB")


def _edges(t: list[dict[str, Any]], i: int) -> list[int]:
    e = t[i]
    k = e["kind"]
    if k in ("nullable", "list", "set"):
        return [e["element"]]
    if k == "map":
        return [e["key"], e["value"]]
    if k == "frozen-struct":
        return [m["type"] for m in e["members"]]
    if k == "object" and not e["nullable"]:
        return [m["type"] for m in e["members"]
                if t[m["type"]]["kind"] in ("object", "frozen-struct") and not t[m["type"]]["nullable"]]
    return []


def _references(t: list[dict[str, Any]]) -> None:
    height: dict[int, int] = {}   # the longest chain of references below a finished entry
    best: dict[int, int] = {}     # the part along that chain
    for root in range(len(t)):
        if root in height:
            continue
        on_stack: set[int] = set()
        # Iterative depth-first walk: (entry, depth, next edge index)
        stack: list[list[int]] = [[root, 0, 0]]
        on_stack.add(root)
        while stack:
            frame = stack[-1]
            node, depth, k = frame
            edges = _edges(t, node)
            if k < len(edges):
                frame[2] += 1
                child = edges[k]
                if child in on_stack:
                    raise _fail(f"types[{child}]", "the references do not end (the entry is reached from itself)")
                if child in height:
                    if depth + 1 + height[child] > MAX_CHAIN:
                        at = child
                        for _ in range(MAX_CHAIN - depth - 1):
                            at = best[at]
                        raise _fail(f"types[{at}]", f"a chain follows more than {MAX_CHAIN} references")
                    continue
                if depth + 1 > MAX_CHAIN:
                    raise _fail(f"types[{child}]", f"a chain follows more than {MAX_CHAIN} references")
                on_stack.add(child)
                stack.append([child, depth + 1, 0])
            else:
                _leave(t, node)
                h = 0
                for c in edges:
                    if height[c] + 1 > h:
                        h = height[c] + 1
                        best[node] = c
                height[node] = h
                on_stack.discard(node)
                stack.pop()


def _labels(t: list[dict[str, Any]]) -> list[str]:
    # Lengths first (memoized, capped), so that a label that doubles at every level is never built.
    n = len(t)
    lengths: dict[int, int] = {}

    def length(i: int, depth: int = 0) -> int:
        if i in lengths:
            return lengths[i]
        e = t[i]
        k = e["kind"]
        if k == "primitive":
            r = len(e["primitive"])
        elif k in ("enum", "object", "frozen-struct", "union"):
            r = len(e["name"]) if "name" in e else 1 + len(str(i))
        elif depth > MAX_CHAIN + 1:
            r = MAX_LABEL + 1
        elif k == "map":
            r = 6 + length(e["key"], depth + 1) + length(e["value"], depth + 1)
        else:
            r = len(k) + 2 + length(e["element"], depth + 1)
        r = min(r, MAX_LABEL + 1)
        lengths[i] = r
        return r

    memo: dict[int, str] = {}

    def label(i: int) -> str:
        if i in memo:
            return memo[i]
        e = t[i]
        k = e["kind"]
        if length(i) > MAX_LABEL:
            s = "…" * (MAX_LABEL + 1)
        elif k == "primitive":
            s = e["primitive"]
        elif k in ("enum", "object", "frozen-struct", "union"):
            s = e["name"] if "name" in e else f"#{i}"
        elif k == "map":
            s = f"map<{label(e['key'])},{label(e['value'])}>"
        else:
            s = f"{k}<{label(e['element'])}>"
        memo[i] = s
        return s

    return [label(i) for i in range(n)]


def positions(t: list[dict[str, Any]], i: int, memo: dict[int, int] | None = None) -> int:
    """The number of reference positions of the type at index ``i`` (§1.4)."""
    memo = {} if memo is None else memo
    if i in memo:
        return memo[i]
    e = t[i]
    k = e["kind"]
    n = 1 if e["nullable"] and k != "nullable" else 0
    if k in ("nullable", "list", "set"):
        n += positions(t, e["element"], memo)
    elif k == "map":
        n += positions(t, e["key"], memo) + positions(t, e["value"], memo)
    memo[i] = n
    return n


def _annotations(t: list[dict[str, Any]]) -> None:
    memo: dict[int, int] = {}
    for i, e in enumerate(t):
        for j, m in enumerate(e.get("members", ())):
            nb = m.get("nullability")
            if nb is None:
                continue
            mat = f"types[{i}].members[{j}]"
            if any(c not in "?!~" for c in nb) or len(nb) != positions(t, m["type"], memo):
                raise _fail(mat, f"the nullability {_quote(nb)} does not have one of ?, !, ~ per reference position")
            if set(nb) == {"~"}:
                del m["nullability"]


# ------------------------------------------------------------------------------------------------------------- sets

class SchemaSet:
    """A checked schema set (§2.4): its schemas by root label and wire fingerprint, and its endpoints (§5.3)."""

    def __init__(self, schemas: list[tuple[str, Schema]], endpoints: list[dict[str, Any]] | None) -> None:
        self.entries = schemas
        self.schemas = [s for _, s in schemas]
        self.endpoints = endpoints
        self.by_label = {s.label: s for s in self.schemas}
        self.by_wire = {s.wire_fingerprint: s for s in self.schemas}

    @property
    def fingerprint(self) -> str:
        """The set's fingerprint (the schema endpoint's ETag, §2.4)."""
        # In the order of the roots' labels (ordinal, UTF-16 code units), as §2.4 says: the order of a set's entries
        # carries no meaning, so a set written in another order has the same fingerprint.
        ordered = sorted(self.schemas, key=lambda s: s.label.encode("utf-16-be", "surrogatepass"))
        text = ",".join(s.contract_fingerprint for s in ordered)
        if self.endpoints is not None:
            text += "," + fingerprint(canonical_text(self.endpoints))
        return fingerprint(text)

    def to_json(self) -> str:
        """The set as JSON text (indented; only each schema's canonical text is hashed)."""
        doc: dict[str, Any] = {"format": "pack-schema-set/1", "schemas": [
            {"type": t, "wire": s.wire_fingerprint, "contract": s.contract_fingerprint, "schema": s.document}
            for t, s in self.entries]}
        return json.dumps(doc, indent=2, ensure_ascii=False)

    @staticmethod
    def of(schemas: list[tuple[str, Schema]]) -> SchemaSet:
        """A set of the given (type, schema) entries, sorted by type."""
        return SchemaSet(sorted(schemas, key=lambda e: e[0].encode("utf-16-be")), None)


def parse_schema_set(text: str | bytes | Any) -> SchemaSet:
    """Reads and checks a schema set (a lone schema document is read as a set of one)."""
    doc = parse_json_text(text) if isinstance(text, (str, bytes, bytearray)) else text
    if isinstance(doc, dict) and doc.get("format") == "pack-schema/1":
        s = _document(doc, "")
        return SchemaSet([(s.label, s)], None)
    if not isinstance(doc, dict) or doc.get("format") != "pack-schema-set/1":
        raise PackSchemaError('a schema set is an object whose "format" is "pack-schema-set/1"')
    raw = doc.get("schemas")
    if not isinstance(raw, list):
        raise PackSchemaError('"schemas" must be an array')
    entries: list[tuple[str, Schema]] = []
    seen: dict[str, Schema] = {}
    for i, e in enumerate(raw):
        at = f"schemas[{i}]"
        if not isinstance(e, dict):
            raise _fail(at, "an entry must be an object")
        s = _document(e.get("schema"), f"{at}.schema.")
        # An entry's type only tells people what the root is (§2.4): readers ignore it and look roots up by label.
        t = e.get("type")
        if not isinstance(t, str):
            t = s.label
        for key, actual in (("wire", s.wire_fingerprint), ("contract", s.contract_fingerprint)):
            recorded = e.get(key)
            if recorded is None:
                continue
            if not isinstance(recorded, str):
                raise _fail(f"{at}.{key}", f"{key} must be a string")
            if recorded != actual:
                raise _fail(at, f"the recorded {key} fingerprint {recorded} is not the schema's ({actual})")
        other = seen.get(s.label)
        if other is not None:
            if other.contract_fingerprint != s.contract_fingerprint:
                raise _fail(at, f"two schemas have the root {_quote(s.label)}")
            continue
        seen[s.label] = s
        entries.append((t, s))
    endpoints = _endpoints(doc.get("endpoints"), set(seen))
    return SchemaSet(entries, endpoints)


def _nonempty(o: dict[str, Any], key: str, at: str) -> None:
    v = o.get(key)
    if not isinstance(v, str) or not v:
        raise _fail(f"{at}.{key}", f"{at}.{key} must be a non-empty string")


def _endpoints(raw: Any, labels: set[str]) -> list[dict[str, Any]] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise PackSchemaError("endpoints must be an array")
    for i, e in enumerate(raw):
        at = f"endpoints[{i}]"
        if not isinstance(e, dict):
            raise _fail(at, f"{at} must be an object")
        params = e.get("parameters")
        if params is not None:
            if not isinstance(params, list):
                raise _fail(f"{at}.parameters", f"{at}.parameters must be an array")
            for j, p in enumerate(params):
                pat = f"{at}.parameters[{j}]"
                if not isinstance(p, dict):
                    raise _fail(pat, "must be an object")
                if p.get("in") not in ("route", "query"):
                    raise _fail(f"{pat}.in", f"{pat}.in must be route or query")
                _nonempty(p, "name", pat)
                _nonempty(p, "type", pat)
                if not isinstance(p.get("optional"), bool):
                    raise _fail(f"{pat}.optional", f"{pat}.optional must be true or false")
                c = p.get("catchAll")
                if c is not None and (not isinstance(c, bool) or (c and p["in"] != "route")):
                    raise _fail(f"{pat}.catchAll", f"{pat}.catchAll must be true only on a route parameter")
        for key in ("group", "name", "method", "route"):
            _nonempty(e, key, at)
        for key in ("request", "response"):
            b = e.get(key)
            if b is None:
                continue
            if not isinstance(b, dict):
                raise _fail(f"{at}.{key}", f"{at}.{key} must be an object")
            _nonempty(b, "type", f"{at}.{key}")
            if not isinstance(b.get("stream"), bool):
                raise _fail(f"{at}.{key}.stream", f"{at}.{key}.stream must be true or false")
    for i, e in enumerate(raw):
        for key in ("request", "response"):
            b = e.get(key)
            if b is not None and b["type"] not in labels:
                raise PackSchemaError(f"endpoints[{i}].{key}.type {_quote(b['type'])} is not a schema of the set")
    return raw


# ---------------------------------------------------------------------------------------------------- compatibility

class Violation:
    """A breaking change found by the compatibility check: a rule ID, a path and a message."""

    __slots__ = ("rule", "path", "message")

    def __init__(self, rule: str, path: str, message: str) -> None:
        self.rule = rule
        self.path = path
        self.message = message

    def __repr__(self) -> str:
        return f"{self.rule} at {self.path}: {self.message}"


def _short(name: str) -> str:
    depth = 0
    cut = 0
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "." and depth == 0:
            cut = i + 1
    return name[cut:]


def _describe(e: dict[str, Any]) -> str:
    return str(e.get("primitive") or e["kind"])


def check_compatibility(reader: Schema, writer: Schema) -> list[Violation]:
    """Can a program with the ``reader`` schema read what one with the ``writer`` schema writes? (§3.1)"""
    rt, wt = reader.types, writer.types
    seen: set[tuple[int, int]] = set()
    out: list[Violation] = []
    reported: set[tuple[str, str]] = set()

    def report(rule: str, path: str, message: str) -> None:
        if (rule, path) not in reported:
            reported.add((rule, path))
            out.append(Violation(rule, path, message))

    def wire_equal(r: int, w: int, busy: set[tuple[int, int]]) -> bool:
        if (r, w) in busy:
            return True
        a, b = rt[r], wt[w]
        if a["kind"] != b["kind"] or a["nullable"] != b["nullable"] or a.get("primitive") != b.get("primitive") \
                or a.get("width") != b.get("width") or len(a.get("members", ())) != len(b.get("members", ())) \
                or len(a.get("cases", ())) != len(b.get("cases", ())):
            return False
        busy = busy | {(r, w)}
        for ma, mb in zip(a.get("members", ()), b.get("members", ())):
            if not wire_equal(ma["type"], mb["type"], busy):
                return False
        for ca, cb in zip(a.get("cases", ()), b.get("cases", ())):
            if ca["tag"] != cb["tag"] or not wire_equal(ca["type"], cb["type"], busy):
                return False
        for part in ("underlying", "element", "key", "value"):  # an enum over i32 is not one over u32 (§3.1)
            if part in a and not wire_equal(a[part], b[part], busy):
                return False
        return True

    def shapes_agree(a: dict[str, Any], b: dict[str, Any]) -> bool:
        ka, kb = a["kind"], b["kind"]
        if ka != kb:
            return {ka, kb} <= {"list", "set"}
        if ka == "primitive":
            return bool(a["primitive"] == b["primitive"])
        if ka == "frozen-struct":
            return bool(a["width"] == b["width"] and len(a["members"]) == len(b["members"]))
        if ka == "enum":
            return bool(rt[a["underlying"]].get("primitive") == wt[b["underlying"]].get("primitive"))
        return True

    def compare(r: int, w: int, path: str, member: bool, level: int = 0) -> None:
        if (r, w) in seen or level > 1000:
            return
        seen.add((r, w))
        a, b = rt[r], wt[w]
        if not shapes_agree(a, b):
            if a["kind"] == b["kind"] == "frozen-struct":
                rule = "FROZEN_STRUCT_CHANGED"
            elif a["kind"] == b["kind"] == "enum":
                rule = "ENUM_UNDERLYING_CHANGED"
            else:
                rule = "MEMBER_RETYPED" if member else "TYPE_CHANGED"
            report(rule, path, f"the writer writes {_describe(b)}, the reader reads {_describe(a)}")
            return
        k = a["kind"]
        if k == "nullable":
            compare(a["element"], b["element"], path, member, level + 1)
        elif k in ("list", "set"):
            compare(a["element"], b["element"], path + "[]", False, level + 1)
        elif k == "map":
            compare(a["key"], b["key"], path + "{key}", False, level + 1)
            compare(a["value"], b["value"], path + "{value}", False, level + 1)
        elif k == "enum":
            for wv in b["values"]:
                if "name" not in wv:
                    continue
                for rv in a["values"]:
                    if rv.get("name") == wv["name"] and rv["value"] != wv["value"]:
                        report("ENUM_VALUE_CHANGED", path, f"{wv['name']} is {wv['value']} in the writer, {rv['value']} in the reader")
        elif k == "union":
            for wc in b["cases"]:
                for rc in a["cases"]:
                    ra, wb = rt[rc["type"]], wt[wc["type"]]
                    if wc["tag"] == rc["tag"]:
                        at = f"{path}({wc['tag']})"
                        if "name" in ra and "name" in wb and _short(ra["name"]) != _short(wb["name"]) \
                                and not wire_equal(rc["type"], wc["type"], set()):
                            report("UNION_TAG_REUSED", at, f"the tag {wc['tag']} is another case in the writer")
                        else:
                            compare(rc["type"], wc["type"], at, False, level + 1)
                    elif "name" in ra and "name" in wb and _short(ra["name"]) == _short(wb["name"]):
                        report("UNION_TAG_CHANGED", path, f"{_short(ra['name'])} has the tag {wc['tag']} in the writer, {rc['tag']} in the reader")
        elif k == "frozen-struct":
            for ma, mb in zip(a["members"], b["members"]):
                if not wire_equal(ma["type"], mb["type"], set()):
                    report("FROZEN_STRUCT_CHANGED", path, "a member of the frozen struct has another wire type")
                    break
        elif k == "object":
            if b["nullable"] and not a["nullable"]:
                report("NULLABILITY_CHANGED", path, "the writer may write null where the reader's struct has none")
            rm, wm = a["members"], b["members"]
            rnames = [m.get("name") for m in rm]
            wnames = [m.get("name") for m in wm]
            common = min(len(rm), len(wm))
            moved = False
            for i in range(common):
                rn, wn = rnames[i], wnames[i]
                at = f"{path}.{rn}" if rn is not None else f"{path}.#{i}"
                if rn is not None and wn is not None and rn != wn and (rn in wnames or wn in rnames):
                    if rn not in wnames:
                        report("MEMBER_REMOVED", at, f"the writer has no member {rn}")
                        moved = True
                    elif wn not in rnames:
                        report("MEMBER_INSERTED", f"{path}.{wn}", f"the writer inserted {wn} before {rn}")
                        moved = True
                    else:
                        report("MEMBER_REORDERED", at, f"{rn} is at another position in the writer")
                    continue
                compare(rm[i]["type"], wm[i]["type"], at, True, level + 1)
            if not moved:
                for i in range(common, len(wm)):
                    if wnames[i] is not None and wnames[i] in rnames[:common]:
                        report("MEMBER_REORDERED", f"{path}.{wnames[i]}", f"{wnames[i]} is at another position in the writer")
                for i in range(common, len(rm)):
                    if rnames[i] is not None and rnames[i] in wnames[:common]:
                        report("MEMBER_REORDERED", f"{path}.{rnames[i]}", f"{rnames[i]} is at another position in the writer")

    compare(0, 0, "$", False)
    return out

