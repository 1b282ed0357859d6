"""The JSON mapping of wire-format.md §14 (values of the golden vectors, and members' defaults in a schema)."""

from __future__ import annotations

import datetime as _dt
import re
import struct
import uuid
from decimal import Decimal
from typing import Any

from .descriptors import (
    Descriptor, EnumType, FrozenStructType, ListType, MapType, NullableType, ObjectType, Primitive, SetType, UnionType,
)
from .values import DateTimeKind, PackDateTime, PackDateTimeOffset

_FLOAT_CODES = {"f16": ("e", "H", 4), "f32": ("f", "I", 8), "f64": ("d", "Q", 16)}
_DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
_GUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_KINDS = {"Unspecified": DateTimeKind.UNSPECIFIED, "Utc": DateTimeKind.UTC, "Local": DateTimeKind.LOCAL}
_KIND_NAMES = {v: k for k, v in _KINDS.items()}
_DATE_BASE = _dt.date(1, 1, 1).toordinal()


def _string(j: Any) -> str | None:
    if j is None or isinstance(j, str):
        return j
    if isinstance(j, dict) and "repeat" in j:
        unit, count = j["repeat"], j["count"]
        if not isinstance(unit, str) or len(unit) != 1 or 0xD800 <= ord(unit) <= 0xDFFF or count < 65:
            raise ValueError(f"invalid repeat form {j}")
        return str(unit * count)
    if isinstance(j, dict) and "utf16" in j:
        return "".join(map(chr, j["utf16"]))
    raise ValueError(f"not a string: {j!r}")


def from_json(d: Descriptor, j: Any, ordered_sets: bool = False) -> Any:
    """The value of the described type that the §14 JSON ``j`` stands for.

    ``ordered_sets``: sets as lists in their JSON order, so that writing them gives the bytes of that order.
    """
    if isinstance(d, Primitive):
        n = d.name
        if n == "string":
            return _string(j)
        if n == "bool":
            if not isinstance(j, bool):
                raise ValueError(f"not a bool: {j!r}")
            return j
        if n in _FLOAT_CODES:
            code, bits, _ = _FLOAT_CODES[n]
            return struct.unpack("<" + code, struct.pack("<" + bits, int(j, 16)))[0]
        if n == "char":
            return chr(j)
        if n == "decimal":
            if not isinstance(j, str) or not _DECIMAL.fullmatch(j):
                raise ValueError(f"not a decimal: {j!r}")
            return Decimal(j)
        if n == "guid":
            if not isinstance(j, str) or not _GUID.fullmatch(j):
                raise ValueError(f"not a canonical Guid: {j!r}")
            return uuid.UUID(j)
        if n == "datetime":
            return PackDateTime(int(j["ticks"]), _KINDS[j["kind"]])
        if n == "datetimeoffset":
            return PackDateTimeOffset(int(j["ticks"]), int(j["offsetMinutes"]))
        if n == "dateonly":
            return _dt.date.fromordinal(int(j) + _DATE_BASE)
        return int(j)
    if isinstance(d, EnumType):
        v = from_json(d.underlying, j, ordered_sets)
        return d.cls(v) if d.cls is not None else v
    if isinstance(d, NullableType):
        return None if j is None else from_json(d.element, j, ordered_sets)
    if isinstance(d, ListType):
        return None if j is None else [from_json(d.element, x, ordered_sets) for x in j]
    if isinstance(d, SetType):
        if j is None:
            return None
        items = [from_json(d.element, x, ordered_sets) for x in j]
        return items if ordered_sets else set(items)
    if isinstance(d, MapType):
        return None if j is None else {from_json(d.key, k, ordered_sets): from_json(d.value, v, ordered_sets) for k, v in j}
    if isinstance(d, (ObjectType, FrozenStructType)):
        if j is None:
            return None
        values = [from_json(m.type, j[m.name], ordered_sets) for m in d.members]
        return tuple(values) if d.tuple_form else d.cls(*values)
    if isinstance(d, UnionType):
        if j is None:
            return None
        for c in d.cases:
            if c.tag == j["tag"]:
                return from_json(c.type, j["value"], ordered_sets)
        raise ValueError(f"no case with tag {j['tag']} in {d.name}")
    raise TypeError(d)


def to_json(d: Descriptor, v: Any) -> Any:
    """The §14 JSON of a decoded value (the inverse of :func:`from_json`; strings always written out)."""
    if isinstance(d, Primitive):
        n = d.name
        if v is None:
            return None
        if n in _FLOAT_CODES:
            code, bits, digits = _FLOAT_CODES[n]
            return format(struct.unpack("<" + bits, struct.pack("<" + code, v))[0], f"0{digits}x")
        if n in ("u64", "i64", "u128", "i128", "timespan", "timeonly"):
            return str(v)
        if n == "char":
            return ord(v)
        if n == "decimal":
            return _decimal_text(v)
        if n == "guid":
            return str(v)
        if n == "datetime":
            return {"ticks": str(v.ticks), "kind": _KIND_NAMES[DateTimeKind(v.kind)]}
        if n == "datetimeoffset":
            return {"ticks": str(v.ticks), "offsetMinutes": v.offset_minutes}
        if n == "dateonly":
            return v.toordinal() - _DATE_BASE
        return v if n in ("string", "bool") else int(v)
    if isinstance(d, EnumType):
        return to_json(d.underlying, int(v))
    if isinstance(d, NullableType):
        return None if v is None else to_json(d.element, v)
    if isinstance(d, ListType):
        return None if v is None else [to_json(d.element, x) for x in v]
    if isinstance(d, SetType):
        return None if v is None else [to_json(d.element, x) for x in v]
    if isinstance(d, MapType):
        return None if v is None else [[to_json(d.key, k), to_json(d.value, x)] for k, x in v.items()]
    if isinstance(d, (ObjectType, FrozenStructType)):
        if v is None:
            return None
        if d.tuple_form:
            return {m.name: to_json(m.type, x) for m, x in zip(d.members, v)}
        return {m.name: to_json(m.type, getattr(v, m.attr)) for m in d.members}
    if isinstance(d, UnionType):
        if v is None:
            return None
        for c in d.cases:
            if type(v) is c.type.cls:
                return {"tag": c.tag, "case": c.type.name.rsplit(".", 1)[-1], "value": to_json(c.type, v)}
        raise ValueError(f"{type(v).__name__} is not a case of {d.name}")
    raise TypeError(d)


def _decimal_text(v: Decimal) -> str:
    sign, digits, exponent = v.as_tuple()
    assert isinstance(exponent, int)
    text = "".join(map(str, digits)) or "0"
    if exponent > 0:
        text += "0" * exponent
        exponent = 0
    scale = -exponent
    if scale:
        text = text.rjust(scale + 1, "0")
        text = text[:-scale] + "." + text[-scale:]
    return ("-" if sign else "") + text
