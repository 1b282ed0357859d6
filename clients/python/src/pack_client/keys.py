"""Key equality of dictionary keys and set elements (wire-format.md §5.1), by the key's declared type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .descriptors import (
    Descriptor, EnumType, FrozenStructType, ListType, MapType, NullableType, ObjectType, Primitive, SetType, UnionType,
)

KeyFn = Callable[[Any], Any]

_FLOATS = ("f16", "f32", "f64")
# Keys whose hash an attacker controls: Python's int hash is n mod 2**61-1, so types wider than 61 bits (and those
# hashed through such ints: UUID, Decimal, floats, tuples of them) can be chosen to collide. Strings are seeded.
_PREDICTABLE = ("u64", "i64", "u128", "i128", "guid", "decimal", "f16", "f32", "f64", "timespan", "timeonly",
                "datetime", "datetimeoffset")


class _NaN:
    """All NaNs are one key (§5.1)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NaN"


NAN_KEY = _NaN()


def _float_key(v: Any) -> Any:
    return NAN_KEY if v != v else v


def key_function(d: Descriptor) -> KeyFn | None:
    """A function mapping a decoded key to a value whose Python equality is §5.1's; None when the key itself is."""
    if isinstance(d, Primitive):
        n = d.name
        if n in _FLOATS:
            return _float_key
        if n == "datetime":
            return lambda v: v.ticks  # the kind is ignored
        if n == "datetimeoffset":
            return lambda v: v.utc_ticks  # the instant
        return None  # ints, bool, char, string (ordinal), Guid (bytes), Decimal (numeric), dates, ticks
    if isinstance(d, EnumType):
        return int
    if isinstance(d, NullableType):
        inner = key_function(d.element)
        if inner is None:
            return None
        f = inner
        return lambda v: None if v is None else f(v)
    if isinstance(d, (ObjectType, FrozenStructType)):
        parts = [key_function(m.type) or (lambda x: x) for m in d.members]
        if d.tuple_form:
            return lambda v: None if v is None else tuple(f(x) for f, x in zip(parts, v))
        attrs = [m.attr for m in d.members]
        # The type's own equality (§5.1, other objects): this runtime compares objects member by member.
        return lambda v: None if v is None else (type(v), tuple(f(getattr(v, a)) for f, a in zip(parts, attrs)))
    if isinstance(d, UnionType):
        subs = {c.type.cls: key_function(c.type) for c in d.cases}
        return lambda v: None if v is None else (subs[type(v)] or (lambda x: x))(v)
    if isinstance(d, (ListType, SetType, MapType)):
        return id  # no equality for collections as keys: two are never equal
    return None


def normalizes_zero(d: Descriptor) -> bool:
    """Whether a zero key of this type is +0.0 on both sides (§5.1, zero keys): a float, or a Nullable of one."""
    if isinstance(d, NullableType):
        d = d.element
    return isinstance(d, Primitive) and d.name in _FLOATS


def flooding_guard_needed(d: Descriptor) -> bool:
    """Whether keys of this type can be chosen to share a hash value (wire-format.md §12)."""
    if isinstance(d, NullableType):
        return flooding_guard_needed(d.element)
    if isinstance(d, Primitive):
        return d.name in _PREDICTABLE
    if isinstance(d, EnumType):
        return d.underlying.name in _PREDICTABLE
    return isinstance(d, (ObjectType, FrozenStructType, UnionType))
