"""The descriptor vocabulary: what generated code (and a caller who knows a type only at run time) says about a type.

It mirrors the kinds of the schema model (docs/schema.md §1.1): ``primitive``, ``enum``, ``nullable``, ``list``,
``set``, ``map``, ``object``, ``frozen-struct`` and ``union``. A descriptor holds facts only; the runtime
(:mod:`pack_client.codec`) builds a reader and a writer for each one on first use and caches them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, Union

__all__ = [
    "Descriptor", "Primitive", "EnumType", "NullableType", "ListType", "SetType", "MapType", "Member",
    "ObjectType", "FrozenStructType", "UnionCase", "UnionType", "PackEnum", "PRIMITIVES",
    "BOOL", "U8", "I8", "U16", "I16", "CHAR", "U32", "I32", "U64", "I64", "U128", "I128", "F16", "F32", "F64",
    "DECIMAL", "GUID", "DATETIME", "DATETIMEOFFSET", "TIMESPAN", "DATEONLY", "TIMEONLY", "STRING",
]


class Descriptor:
    """A type, as the schema model has it: a ``kind`` and whether its encoding has a null."""

    __slots__ = ("kind", "nullable", "__weakref__")
    kind: str
    nullable: bool


class Primitive(Descriptor):
    """A primitive of docs/schema.md §1.1 (``i32``, ``string``, ``datetime`` …)."""

    __slots__ = ("name", "width", "signed")

    def __init__(self, name: str, width: int | None, signed: bool | None = None) -> None:
        self.kind = "primitive"
        self.name = name
        self.width = width
        self.signed = signed
        self.nullable = name == "string"

    def __repr__(self) -> str:
        return self.name


def _integer(name: str, width: int) -> Primitive:
    return Primitive(name, width, name.startswith("i"))


BOOL = Primitive("bool", 1)
U8 = _integer("u8", 1)
I8 = _integer("i8", 1)
U16 = _integer("u16", 2)
I16 = _integer("i16", 2)
CHAR = Primitive("char", 2)
U32 = _integer("u32", 4)
I32 = _integer("i32", 4)
U64 = _integer("u64", 8)
I64 = _integer("i64", 8)
U128 = _integer("u128", 16)
I128 = _integer("i128", 16)
F16 = Primitive("f16", 2)
F32 = Primitive("f32", 4)
F64 = Primitive("f64", 8)
DECIMAL = Primitive("decimal", 16)
GUID = Primitive("guid", 16)
DATETIME = Primitive("datetime", 8)
DATETIMEOFFSET = Primitive("datetimeoffset", 10)
TIMESPAN = Primitive("timespan", 8)
DATEONLY = Primitive("dateonly", 4)
TIMEONLY = Primitive("timeonly", 8)
STRING = Primitive("string", None)

PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    BOOL, U8, I8, U16, I16, CHAR, U32, I32, U64, I64, U128, I128, F16, F32, F64, DECIMAL, GUID, DATETIME,
    DATETIMEOFFSET, TIMESPAN, DATEONLY, TIMEONLY, STRING)}


class PackEnum(enum.IntEnum):
    """Base of generated enums: any integer is a value (wire-format.md §3), named or not."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, int):
            return None
        member = int.__new__(cls, value)
        member._name_ = f"{cls.__name__}({value})"
        member._value_ = value
        return member


class EnumType(Descriptor):
    """An enum: its name, integer underlying primitive, values, and the Python class decoded values are."""

    __slots__ = ("name", "underlying", "values", "cls")

    def __init__(self, name: str, underlying: Primitive, values: Sequence[tuple[str, int]],
                 cls: type[enum.IntEnum] | None = None) -> None:
        self.kind = "enum"
        self.nullable = False
        self.name = name
        self.underlying = underlying
        self.values = tuple(values)
        self.cls = cls


class NullableType(Descriptor):
    """.NET ``Nullable<T>``: a presence byte, then the element."""

    __slots__ = ("element",)

    def __init__(self, element: Descriptor) -> None:
        self.kind = "nullable"
        self.nullable = True
        self.element = element


class ListType(Descriptor):
    """A sequence (decoded as a ``list``); ``nullable=False`` for ``Memory<T>``, which reads −1 as empty."""

    __slots__ = ("element",)

    def __init__(self, element: Descriptor, nullable: bool = True) -> None:
        self.kind = "list"
        self.nullable = nullable
        self.element = element


class SetType(Descriptor):
    """A set (decoded as a ``set``): repeated elements are rejected (wire-format.md §5.1)."""

    __slots__ = ("element",)

    def __init__(self, element: Descriptor, nullable: bool = True) -> None:
        self.kind = "set"
        self.nullable = nullable
        self.element = element


class MapType(Descriptor):
    """A dictionary (decoded as a ``dict``): keys are never null and never repeat."""

    __slots__ = ("key", "value")

    def __init__(self, key: Descriptor, value: Descriptor, nullable: bool = True) -> None:
        self.kind = "map"
        self.nullable = nullable
        self.key = key
        self.value = value


class Member:
    """A member of an object or frozen struct: its contract name, the Python attribute, its type."""

    __slots__ = ("name", "attr", "type", "default", "nullability")

    def __init__(self, name: str, attr: str, type: Descriptor, default: Any = None,
                 nullability: str | None = None, *, has_default: bool = False) -> None:
        self.name = name
        self.attr = attr
        self.type = type
        # The member's `default` in the §14 JSON mapping (docs/schema.md §1.1), or None for the type's zero value.
        self.default = default if (has_default or default is not None) else None
        self.nullability = nullability


Members = Union[Sequence[Member], Callable[[], Sequence[Member]]]


class _Composite(Descriptor):
    __slots__ = ("name", "cls", "_members", "_resolved", "tuple_form")

    def __init__(self, name: str, cls: Any, members: Members, tuple_form: bool) -> None:
        self.name = name
        self.cls = cls
        self._members = members
        self._resolved: tuple[Member, ...] | None = None
        self.tuple_form = tuple_form

    @property
    def members(self) -> tuple[Member, ...]:
        """The members in wire order (a callable given for recursive types is called once)."""
        if self._resolved is None:
            m = self._members
            self._resolved = tuple(m() if callable(m) else m)
        return self._resolved


class ObjectType(_Composite):
    """An object: a class (``nullable=True``) or a struct with a header. ``tuple_form``: decoded as a Python ``tuple``."""

    __slots__ = ()

    def __init__(self, name: str, cls: Any, members: Members, nullable: bool = True, tuple_form: bool = False) -> None:
        super().__init__(name, cls, members, tuple_form)
        self.kind = "object"
        self.nullable = nullable


class FrozenStructType(_Composite):
    """A fixed struct: members back to back with no header (wire-format.md §7)."""

    __slots__ = ("width",)

    def __init__(self, name: str, cls: Any, members: Members, width: int, tuple_form: bool = False) -> None:
        super().__init__(name, cls, members, tuple_form)
        self.kind = "frozen-struct"
        self.nullable = False
        self.width = width


class UnionCase:
    """A case of a union: its tag and its type (an object or frozen struct)."""

    __slots__ = ("tag", "type")

    def __init__(self, tag: int, type: ObjectType | FrozenStructType) -> None:
        self.tag = tag
        self.type = type


class UnionType(Descriptor):
    """A union: a u16 tag, then the case's value (wire-format.md §8)."""

    __slots__ = ("name", "_cases", "_resolved")

    def __init__(self, name: str, cases: Sequence[UnionCase] | Callable[[], Sequence[UnionCase]]) -> None:
        self.kind = "union"
        self.nullable = True
        self.name = name
        self._cases = cases
        self._resolved: tuple[UnionCase, ...] | None = None

    @property
    def cases(self) -> tuple[UnionCase, ...]:
        """The cases by ascending tag."""
        if self._resolved is None:
            c = self._cases
            self._resolved = tuple(c() if callable(c) else c)
        return self._resolved
