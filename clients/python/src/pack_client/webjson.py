"""The JSON fallback: values from the JSON an ASP.NET Core app writes by default (System.Text.Json's web defaults:
camelCase members, enums as numbers, ISO 8601 dates), built into the same Python values as the Pack decoder's."""

from __future__ import annotations

import datetime as _dt
import re
import uuid
from decimal import Decimal
from typing import Any

from .descriptors import (
    Descriptor, EnumType, FrozenStructType, ListType, MapType, NullableType, ObjectType, Primitive, SetType, UnionType,
)
from .errors import PackDecodeError
from .values import TICKS_PER_SECOND, DateTimeKind, PackDateTime, PackDateTimeOffset

_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|[+-]\d{2}:\d{2})?")
_SPAN = re.compile(r"(-)?(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?")
_BASE = _dt.date(1, 1, 1).toordinal()


def _clock_ticks(m: re.Match[str]) -> int:
    y, mo, d, h, mi, s = (int(m.group(k)) for k in range(1, 7))
    days = _dt.date(y, mo, d).toordinal() - _BASE
    fraction = int((m.group(7) or "").ljust(7, "0"))
    return (days * 86_400 + h * 3600 + mi * 60 + s) * TICKS_PER_SECOND + fraction


def _camel(name: str) -> str:
    return name[:1].lower() + name[1:]


def from_web_json(d: Descriptor, j: Any) -> Any:
    """The value of the described type from web JSON."""
    try:
        return _value(d, j)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise PackDecodeError(f"the JSON body does not hold the expected value: {e}", 0) from None


def _value(d: Descriptor, j: Any) -> Any:
    if j is None:
        if isinstance(d, (ObjectType, FrozenStructType)) and not d.nullable:
            raise ValueError(f"null for the struct {d.name}")
        return None
    if isinstance(d, Primitive):
        n = d.name
        if n == "string":
            return str(j)
        if n == "bool":
            return bool(j)
        if n in ("f16", "f32", "f64"):
            return float(j)
        if n == "decimal":
            return Decimal(str(j))
        if n == "char":
            return str(j)
        if n == "guid":
            return uuid.UUID(j)
        if n == "dateonly":
            return _dt.date.fromisoformat(j)
        if n in ("datetime", "datetimeoffset"):
            m = _ISO.fullmatch(j)
            if not m:
                raise ValueError(f"not an ISO 8601 date and time: {j!r}")
            ticks = _clock_ticks(m)
            zone = m.group(8)
            minutes = 0 if zone in (None, "Z") else (1 if zone[0] == "+" else -1) * (int(zone[1:3]) * 60 + int(zone[4:6]))
            if n == "datetimeoffset":
                return PackDateTimeOffset(ticks, minutes)
            if zone is None:
                return PackDateTime(ticks, DateTimeKind.UNSPECIFIED)
            return PackDateTime(ticks - minutes * 600_000_000, DateTimeKind.UTC if zone == "Z" else DateTimeKind.LOCAL)
        if n in ("timespan", "timeonly"):
            m = _SPAN.fullmatch(j)
            if not m:
                raise ValueError(f"not a time span: {j!r}")
            total = ((int(m.group(2) or 0) * 24 + int(m.group(3))) * 3600 + int(m.group(4)) * 60 + int(m.group(5)))
            ticks = total * TICKS_PER_SECOND + int((m.group(6) or "").ljust(7, "0"))
            return -ticks if m.group(1) else ticks
        return int(j)
    if isinstance(d, EnumType):
        return d.cls(int(j)) if d.cls is not None else int(j)
    if isinstance(d, NullableType):
        return _value(d.element, j)
    if isinstance(d, ListType):
        return [_value(d.element, x) for x in j]
    if isinstance(d, SetType):
        return {_value(d.element, x) for x in j}
    if isinstance(d, MapType):
        return {_value(d.key, k): _value(d.value, v) for k, v in j.items()}
    if isinstance(d, (ObjectType, FrozenStructType)):
        values = []
        for member in d.members:
            key = _camel(member.name)
            values.append(_value(member.type, j[key] if key in j else j.get(member.name)))
        return tuple(values) if d.tuple_form else d.cls(*values)
    if isinstance(d, UnionType):
        return _union(d, j)
    raise TypeError(d)


def _union(d: UnionType, j: Any) -> Any:
    """A union value as System.Text.Json writes it: the case's members with a ``"$type"`` discriminator. An integer
    discriminator is the case's tag (wire-format.md §8: ``[JsonDerivedType(typeof(Case), n)]``); a string one is taken
    to be the case's type name (its last dotted part, any case), since the schema holds no other name for it."""
    if not isinstance(j, dict) or "$type" not in j:
        raise ValueError(f"the JSON of the union {d.name} has no \"$type\" discriminator")
    t = j["$type"]
    for c in d.cases:
        if type(t) is int and c.tag == t or (
                isinstance(t, str) and c.type.name.rsplit(".", 1)[-1].lower() == t.lower()):
            return _value(c.type, j)
    raise ValueError(f"the discriminator {t!r} names no case of the union {d.name}")
