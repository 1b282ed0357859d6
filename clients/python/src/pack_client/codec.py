"""The Pack codec (docs/wire-format.md): one reader and one writer per descriptor, built on first use and cached.

Every rule of the wire format lives here (and in :mod:`pack_client.keys`): generated code only describes types.
"""

from __future__ import annotations

import operator
import struct
import uuid
import weakref
from collections.abc import Callable
from decimal import Decimal
from itertools import starmap
from typing import Any, Generic, TypeVar

from . import _budget as B
from .descriptors import (
    Descriptor, EnumType, FrozenStructType, ListType, MapType, Member, NullableType, ObjectType, Primitive, SetType,
    UnionType,
)
from ._fast import compile_leaf_list, compile_leaf_object
from .errors import PackBudgetError, PackDecodeError, PackEncodeError, PackError
from .keys import flooding_guard_needed, key_function, normalizes_zero
from .values import MAX_TICKS, TICKS_PER_DAY, DateTimeKind, PackDateTime, PackDateTimeOffset

import datetime as _dt

__all__ = ["decode", "encode", "Reader", "Writer", "reader_for", "writer_for", "DecodeOptions", "zero_value"]

T = TypeVar("T")

_I32 = struct.Struct("<i").unpack_from
_U32 = struct.Struct("<I").unpack_from
_U16 = struct.Struct("<H").unpack_from
_I32P = struct.Struct("<i").pack
_U16P = struct.Struct("<H").pack
_PACK_I32_INTO = struct.Struct("<i").pack_into
_DEC = struct.Struct("<iiiI").unpack_from
_DECP = struct.Struct("<IIII").pack
_DTO = struct.Struct("<qh").unpack_from
_DTOP = struct.Struct("<qh").pack
_Q = struct.Struct("<Q").unpack_from
_QP = struct.Struct("<Q").pack

# Plain primitives: struct codes whose unpacked value is the Python value (bool is checked for 0/1 first).
_PLAIN: dict[str, str] = {
    "bool": "B", "u8": "B", "i8": "b", "u16": "H", "i16": "h", "u32": "I", "i32": "i", "u64": "Q", "i64": "q",
    "f16": "e", "f32": "f", "f64": "d",
}
# What one decoded value of a fixed-width primitive costs beyond its pointer (the container charges it).
_VALUE_BYTES: dict[str, int] = {
    "bool": 0, "u8": 0, "i8": 0, "u16": B.INT, "i16": B.INT, "char": 0, "u32": B.INT, "i32": B.INT,
    "u64": B.BIG_INT, "i64": B.BIG_INT, "u128": B.BIG_INT, "i128": B.BIG_INT, "f16": B.FLOAT, "f32": B.FLOAT,
    "f64": B.FLOAT, "decimal": B.DECIMAL, "guid": B.UUID, "datetime": B.DATETIME, "datetimeoffset": B.DATETIME,
    "timespan": B.BIG_INT, "dateonly": B.DATETIME, "timeonly": B.BIG_INT,
}


class DecodeOptions:
    """Limits of one decode (wire-format.md §9, §12)."""

    __slots__ = ("max_depth", "max_allocation_ratio", "allocation_allowance")

    def __init__(self, max_depth: int = B.MAX_DEPTH, max_allocation_ratio: int = B.MAX_ALLOCATION_RATIO,
                 allocation_allowance: int = B.ALLOCATION_ALLOWANCE) -> None:
        self.max_depth = max_depth
        self.max_allocation_ratio = max_allocation_ratio
        self.allocation_allowance = allocation_allowance


_DEFAULT_OPTIONS = DecodeOptions()


class Reader:
    """The state of one decode: the bytes, the position, the end of the current body, depth and budget."""

    __slots__ = ("buf", "pos", "end", "depth", "max_depth", "budget")

    def __init__(self, buf: bytes, options: DecodeOptions = _DEFAULT_OPTIONS, budget: int | None = None) -> None:
        self.buf = buf
        self.pos = 0
        self.end = len(buf)
        self.depth = 0
        self.max_depth = options.max_depth
        self.budget = (options.max_allocation_ratio * len(buf) + options.allocation_allowance) if budget is None else budget


class Writer:
    """The state of one encode: the output and the depth."""

    __slots__ = ("buf", "depth", "max_depth")

    def __init__(self, max_depth: int = B.MAX_DEPTH) -> None:
        self.buf = bytearray()
        self.depth = 0
        self.max_depth = max_depth


ReadFn = Callable[[Reader], Any]
WriteFn = Callable[[Writer, Any], None]


# ---------------------------------------------------------------------------------------------------------- errors

def _truncated(r: Reader, need: int) -> PackDecodeError:
    return PackDecodeError(f"truncated: {need} bytes needed, {r.end - r.pos} remain", r.pos)


def _over_budget(r: Reader, at: int) -> PackBudgetError:
    return PackBudgetError("the payload would allocate more than the decoder's allocation budget (wire-format.md §12)", at)


def _too_deep(r: Reader, at: int) -> PackDecodeError:
    return PackDecodeError(f"the payload nests deeper than MaxDepth ({r.max_depth})", at)


def _with_path(e: PackDecodeError | PackEncodeError, step: str) -> None:
    e.path = "$" + step + e.path[1:]


# ---------------------------------------------------------------------------------------------------------- decode

def decode(descriptor: Descriptor, data: bytes | bytearray | memoryview, options: DecodeOptions | None = None) -> Any:
    """Decodes one payload of the described type: the value must take the bytes exactly (wire-format.md §1)."""
    buf = bytes(data)
    r = Reader(buf, options or _DEFAULT_OPTIONS)
    return read_payload(descriptor, r)


def read_payload(descriptor: Descriptor, r: Reader) -> Any:
    """Reads one whole payload from ``r.pos`` to ``r.end`` (a stream frame's payload, or a whole body)."""
    return run_reader(reader_for(descriptor, True), r)


def run_reader(read: ReadFn, r: Reader) -> Any:
    """Runs a top-level reader (``reader_for(descriptor, True)``) over the whole of ``r``: what it raises becomes a
    :class:`PackDecodeError`, and bytes left over are one."""
    try:
        value = read(r)
    except PackError:
        raise
    except RecursionError:
        raise PackDecodeError("the payload nests too deeply for this interpreter's stack", r.pos) from None
    except Exception as e:  # a value the runtime could not build (an unhashable key type...)
        raise PackDecodeError(f"cannot build the decoded value: {e}", r.pos) from None
    if r.pos != r.end:
        raise PackDecodeError(f"{r.end - r.pos} bytes left over after the value", r.pos)
    return value


F = TypeVar("F", bound=Callable[..., Any])


class _Cache(Generic[F]):
    """Built functions per (descriptor, top level or nested), built once; a recursive edge met while its own
    function is being built gets a trampoline that calls the finished one."""

    def __init__(self, build: Callable[[Descriptor, bool], F]) -> None:
        self._build = build
        self._built: weakref.WeakKeyDictionary[Descriptor, list[F | None]] = weakref.WeakKeyDictionary()
        self._building: set[tuple[int, bool]] = set()

    def get(self, descriptor: Descriptor, top: bool) -> F:
        entry = self._built.get(descriptor)
        if entry is None:
            entry = [None, None]
            self._built[descriptor] = entry
        slot = 1 if top else 0
        fn = entry[slot]
        if fn is not None:
            return fn
        key = (id(descriptor), top)
        if key in self._building:
            cell = entry

            def trampoline(*args: Any) -> Any:
                f = cell[slot]
                assert f is not None
                return f(*args)
            return trampoline  # type: ignore[return-value]
        self._building.add(key)
        try:
            fn = self._build(descriptor, top)
        finally:
            self._building.discard(key)
        entry[slot] = fn
        return fn


def reader_for(descriptor: Descriptor, top: bool = False) -> ReadFn:
    """The cached reader of a descriptor, at top level (``top``) or nested."""
    return _reader_cache.get(descriptor, top)


def _build_reader(d: Descriptor, top: bool) -> ReadFn:
    if isinstance(d, Primitive):
        return _primitive_reader(d)
    if isinstance(d, EnumType):
        return _enum_reader(d)
    if isinstance(d, NullableType):
        return _nullable_reader(d, top)
    if isinstance(d, (ListType, SetType)):
        return _sequence_reader(d)
    if isinstance(d, MapType):
        return _map_reader(d)
    if isinstance(d, FrozenStructType):
        return _frozen_reader(d)
    if isinstance(d, ObjectType):
        return _object_reader(d, top)
    if isinstance(d, UnionType):
        return _union_reader(d, top)
    raise TypeError(f"not a descriptor: {d!r}")


def _fixed(width: int, unpack: Callable[[bytes, int], tuple[Any, ...]]) -> ReadFn:
    def read(r: Reader) -> Any:
        p = r.pos
        q = p + width
        if q > r.end:
            raise _truncated(r, width)
        r.pos = q
        return unpack(r.buf, p)[0]
    return read


def _check_bool(r: Reader, p: int) -> bool:
    b = r.buf[p]
    if b > 1:
        raise PackDecodeError(f"a bool must be 00 or 01, not {b:02x}", p)
    return b == 1


def _read_bool(r: Reader) -> bool:
    p = r.pos
    if p + 1 > r.end:
        raise _truncated(r, 1)
    v = _check_bool(r, p)
    r.pos = p + 1
    return v


def _read_char(r: Reader) -> str:
    p = r.pos
    if p + 2 > r.end:
        raise _truncated(r, 2)
    r.pos = p + 2
    return chr(_U16(r.buf, p)[0])


def _read_u128(r: Reader) -> int:
    p = r.pos
    if p + 16 > r.end:
        raise _truncated(r, 16)
    r.pos = p + 16
    return int.from_bytes(r.buf[p:p + 16], "little")


def _read_i128(r: Reader) -> int:
    p = r.pos
    if p + 16 > r.end:
        raise _truncated(r, 16)
    r.pos = p + 16
    return int.from_bytes(r.buf[p:p + 16], "little", signed=True)


def _read_decimal(r: Reader) -> Decimal:
    p = r.pos
    if p + 16 > r.end:
        raise _truncated(r, 16)
    lo, mid, hi, flags = _DEC(r.buf, p)
    scale = (flags >> 16) & 0xFF
    if flags & 0x7F00FFFF or scale > 28:
        raise PackDecodeError(f"invalid decimal flags {flags:08x}", p + 12)
    r.pos = p + 16
    mantissa = (lo & 0xFFFFFFFF) | ((mid & 0xFFFFFFFF) << 32) | ((hi & 0xFFFFFFFF) << 64)
    return Decimal((1 if flags >> 31 else 0, tuple(map(int, str(mantissa))), -scale))


def _read_guid(r: Reader) -> uuid.UUID:
    p = r.pos
    if p + 16 > r.end:
        raise _truncated(r, 16)
    r.pos = p + 16
    return uuid.UUID(bytes_le=r.buf[p:p + 16])


def _read_datetime(r: Reader) -> PackDateTime:
    p = r.pos
    if p + 8 > r.end:
        raise _truncated(r, 8)
    raw = _Q(r.buf, p)[0]
    kind = raw >> 62
    ticks = raw & 0x3FFFFFFFFFFFFFFF
    if kind == 3 or ticks > MAX_TICKS:
        raise PackDecodeError("invalid DateTime (kind 3 or ticks above DateTime.MaxValue)", p)
    r.pos = p + 8
    return PackDateTime(ticks, DateTimeKind(kind))


def _read_datetimeoffset(r: Reader) -> PackDateTimeOffset:
    p = r.pos
    if p + 10 > r.end:
        raise _truncated(r, 10)
    ticks, minutes = _DTO(r.buf, p)
    if not (0 <= ticks <= MAX_TICKS) or not (-840 <= minutes <= 840) or not (0 <= ticks - minutes * 600_000_000 <= MAX_TICKS):
        raise PackDecodeError("invalid DateTimeOffset (ticks, offset or instant out of range)", p)
    r.pos = p + 10
    return PackDateTimeOffset(ticks, minutes)


_DATE_BASE = _dt.date(1, 1, 1).toordinal()


def _read_dateonly(r: Reader) -> _dt.date:
    p = r.pos
    if p + 4 > r.end:
        raise _truncated(r, 4)
    n = _I32(r.buf, p)[0]
    if not 0 <= n <= 3_652_058:
        raise PackDecodeError(f"invalid DateOnly day number {n}", p)
    r.pos = p + 4
    return _dt.date.fromordinal(n + _DATE_BASE)


_read_i64 = _fixed(8, struct.Struct("<q").unpack_from)


def _read_timeonly(r: Reader) -> int:
    p = r.pos
    t = _read_i64(r)
    if not 0 <= t < TICKS_PER_DAY:
        raise PackDecodeError(f"invalid TimeOnly ticks {t}", p)
    return int(t)


def _read_string(r: Reader) -> str | None:
    p = r.pos
    buf = r.buf
    if p + 4 > r.end:
        raise _truncated(r, 4)
    h = _U32(buf, p)[0]
    if h == 0xFFFFFFFF:
        r.pos = p + 4
        return None
    if h == 0:
        r.pos = p + 4
        return ""
    if h & 0x80000000:
        if p + 8 > r.end:
            r.pos = p + 4
            raise _truncated(r, 4)
        n8 = h & 0x7FFFFFFF
        n16 = _I32(buf, p + 4)[0]
        q = p + 8
    else:
        n16 = h & 0x7FFF
        n8 = h >> 15
        q = p + 4
    if not 0 < n16 <= n8 <= 3 * n16:
        raise PackDecodeError(f"invalid string header: {n16} UTF-16 units in {n8} UTF-8 bytes", p)
    e = q + n8
    if e > r.end:
        r.pos = q
        raise _truncated(r, n8)
    if n8 > 1:
        r.budget -= B.STRING + n8
        if r.budget < 0:
            raise _over_budget(r, p)
    try:
        s = buf[q:e].decode("utf-8")
    except UnicodeDecodeError as ex:
        raise PackDecodeError(f"invalid UTF-8 in a string: {ex.reason}", q + ex.start) from None
    n = len(s)
    if n != n8:  # not ASCII: count the UTF-16 units (a character above U+FFFF takes two)
        if max(s) > "\uffff":
            n = len(s.encode("utf-16-le")) >> 1
    if n != n16:
        raise PackDecodeError(f"the string has {n} UTF-16 units, its header says {n16}", p)
    r.pos = e
    return s


def _primitive_reader(d: Primitive) -> ReadFn:
    name = d.name
    code = _PLAIN.get(name)
    if name == "bool":
        return _read_bool
    if code is not None:
        return _fixed(d.width or 0, struct.Struct("<" + code).unpack_from)
    table: dict[str, ReadFn] = {
        "char": _read_char, "u128": _read_u128, "i128": _read_i128, "decimal": _read_decimal, "guid": _read_guid,
        "datetime": _read_datetime, "datetimeoffset": _read_datetimeoffset, "timespan": _read_i64,
        "dateonly": _read_dateonly, "timeonly": _read_timeonly, "string": _read_string,
    }
    return table[name]


def _enum_reader(d: EnumType) -> ReadFn:
    base = _primitive_reader(d.underlying)
    if d.cls is None:
        return base
    cls: Callable[[Any], Any] = d.cls

    def read(r: Reader) -> Any:
        return cls(base(r))
    return read


def _nullable_reader(d: NullableType, top: bool) -> ReadFn:
    inner = reader_for(d.element, top)

    def read(r: Reader) -> Any:
        p = r.pos
        if p + 1 > r.end:
            raise _truncated(r, 1)
        b = r.buf[p]
        if b == 0:
            r.pos = p + 1
            return None
        if b != 1:
            raise PackDecodeError(f"a Nullable's presence byte must be 00 or 01, not {b:02x}", p)
        r.pos = p + 1
        return inner(r)
    return read


def min_length(d: Descriptor) -> int:
    """The minimum encoded length of a value (wire-format.md §5: what a count is checked against)."""
    if isinstance(d, Primitive):
        return d.width if d.width is not None else 4
    if isinstance(d, EnumType):
        return d.underlying.width or 1
    if isinstance(d, NullableType):
        return 1
    if isinstance(d, FrozenStructType):
        return d.width
    if isinstance(d, UnionType):
        return 2
    return 4


def _value_bytes(d: Descriptor) -> int:
    """What a container charges per element beyond the pointer, when the element type alone fixes it."""
    if isinstance(d, Primitive):
        return _VALUE_BYTES.get(d.name, 0)
    if isinstance(d, EnumType):
        return B.OBJECT if d.cls is not None else _VALUE_BYTES.get(d.underlying.name, 0)
    if isinstance(d, FrozenStructType):
        return B.OBJECT + sum(B.POINTER + _value_bytes(m.type) for m in d.members)
    return 0


def _plain_format(d: FrozenStructType) -> str | None:
    codes = []
    for m in d.members:
        t = m.type
        if isinstance(t, Primitive) and t.name in _PLAIN and t.name != "bool":
            codes.append(_PLAIN[t.name])
        else:
            return None
    return "".join(codes)


def _count(r: Reader, element_min: int, what: str) -> int:
    """Reads a collection count: −1 is returned as is; a count whose elements cannot fit is rejected (§5)."""
    p = r.pos
    if p + 4 > r.end:
        raise _truncated(r, 4)
    n: int = _I32(r.buf, p)[0]
    if n < -1:
        raise PackDecodeError(f"invalid {what} count {n}", p)
    if n > 0 and n * element_min > r.end - p - 4:
        raise PackDecodeError(f"the {what} count {n} cannot fit in the {r.end - p - 4} bytes that remain", p)
    r.pos = p + 4
    return n


def _enter(r: Reader, at: int, charge: int) -> None:
    depth = r.depth + 1
    if depth > r.max_depth:
        raise _too_deep(r, at)
    r.depth = depth
    r.budget -= charge
    if r.budget < 0:
        raise _over_budget(r, at)


def _sequence_reader(d: ListType | SetType) -> ReadFn:
    el = d.element
    is_set = isinstance(d, SetType)
    what = "set" if is_set else "list"
    elmin = min_length(el)
    per = B.POINTER + _value_bytes(el) + (B.SET_ENTRY if is_set else 0)
    base = B.SET if is_set else B.LIST
    nullable = d.nullable
    read_el = reader_for(el)
    plain: str | None = None
    unpack_struct: struct.Struct | None = None
    check_bool = False
    if isinstance(el, Primitive) and el.name in _PLAIN:
        plain = _PLAIN[el.name]
        check_bool = el.name == "bool"
    elif isinstance(el, EnumType) and el.cls is None and el.underlying.name in _PLAIN:
        plain = _PLAIN[el.underlying.name]
    elif isinstance(el, FrozenStructType) and not el.tuple_form:
        fmt = _plain_format(el)
        if fmt is not None:
            unpack_struct = struct.Struct("<" + fmt)
    cls = el.cls if isinstance(el, FrozenStructType) else None
    many = None
    if isinstance(el, ObjectType) and not el.tuple_form:
        many = compile_leaf_list(el, _constructor(el), _object_charge(el), _member_null_checks(el.members))
    keyf = key_function(el) if is_set else None
    zero_norm = is_set and normalizes_zero(el)
    guard = is_set and flooding_guard_needed(el)

    def read(r: Reader) -> Any:
        start = r.pos
        n = _count(r, elmin, what)
        if n == -1:
            return None if nullable else []
        _enter(r, start, base + n * per)
        p = r.pos
        if plain is not None:
            q = p + n * elmin
            if check_bool and r.buf[p:q].translate(None, b"\x00\x01"):
                for i in range(p, q):
                    _check_bool(r, i)
            items: Any = list(struct.unpack_from(f"<{n}{plain}", r.buf, p))
            if check_bool:
                items = [x == 1 for x in items]
            r.pos = q
        elif unpack_struct is not None:
            q = p + n * elmin
            items = list(starmap(cls, unpack_struct.iter_unpack(r.buf[p:q])))
            r.pos = q
        else:
            items = []
            append = items.append
            i = many(r, n, items) if many is not None else 0
            try:
                while i < n:  # the general reader decides an element the fast one stopped at
                    append(read_el(r))
                    i += 1
                    if many is not None and i < n:
                        i += many(r, n - i, items)
            except (PackDecodeError, PackEncodeError) as e:
                _with_path(e, f"[{i}]")
                raise
        r.depth -= 1
        if not is_set:
            return items
        if zero_norm:
            items = [0.0 if x == 0 else x for x in items]
        if guard:
            _flooding_guard(r, start, items if keyf is None else list(map(keyf, items)))
        result = set(items)
        if len(result) != n or (keyf is not None and len(set(map(keyf, items))) != n):
            raise PackDecodeError("a set element repeats (wire-format.md §5.1)", start)
        return result
    return read


def _flooding_guard(r: Reader, at: int, keys: list[Any]) -> None:
    """Rejects keys chosen to share hash values (CPython's number hashing is not seeded; wire-format.md §12)."""
    n = len(keys)
    if n < 64:
        return
    hashes = list(map(hash, keys))
    distinct = len(set(hashes))
    if distinct == n:
        return
    counts: dict[int, int] = {}
    for h in hashes:
        counts[h] = counts.get(h, 0) + 1
    steps = sum(c * (c - 1) // 2 for c in counts.values())
    if steps > B.COLLISION_STEPS_PER_KEY * n + B.COLLISION_ALLOWANCE:
        raise PackBudgetError(f"{n} keys share hash values ({steps} collision steps): keys chosen to collide", at)


def _map_reader(d: MapType) -> ReadFn:
    elmin = min_length(d.key) + min_length(d.value)
    per = B.DICT_ENTRY + _value_bytes(d.key) + _value_bytes(d.value)
    read_k = reader_for(d.key)
    read_v = reader_for(d.value)
    nullable = d.nullable
    keyf = key_function(d.key)
    zero_norm = normalizes_zero(d.key)
    guard = flooding_guard_needed(d.key)

    def read(r: Reader) -> Any:
        start = r.pos
        n = _count(r, elmin, "dictionary")
        if n == -1:
            return None if nullable else {}
        _enter(r, start, B.DICT + n * per)
        keys: list[Any] = []
        values: list[Any] = []
        i = 0
        try:
            for i in range(n):
                kp = r.pos
                k = read_k(r)
                if k is None:
                    raise PackDecodeError("a dictionary key is null", kp)
                if zero_norm and k == 0:
                    k = 0.0
                keys.append(k)
                values.append(read_v(r))
        except (PackDecodeError, PackEncodeError) as e:
            _with_path(e, f"[{i}]")
            raise
        r.depth -= 1
        if guard:
            _flooding_guard(r, start, keys if keyf is None else list(map(keyf, keys)))
        result = dict(zip(keys, values))
        if len(result) != n or (keyf is not None and len(set(map(keyf, keys))) != n):
            raise PackDecodeError("a dictionary key repeats (wire-format.md §5.1)", start)
        return result
    return read


def _constructor(d: ObjectType | FrozenStructType) -> Callable[..., Any]:
    if d.tuple_form:
        return lambda *values: values
    cls = d.cls
    assert cls is not None, f"{d.name} has no class"
    return cls  # type: ignore[no-any-return]


def _absent_value(m: Member, owner: str) -> Callable[[], Any]:
    """What a member a payload lacks gets (wire-format.md §11): its default, else its type's zero value."""
    if m.default is not None:
        from .jsonmap import from_json
        value = from_json(m.type, m.default)
        return lambda: value
    t = m.type
    if isinstance(t, (ListType, SetType, MapType)) and not t.nullable:
        empty: Callable[[], Any] = list if isinstance(t, ListType) else set if isinstance(t, SetType) else dict
        return empty
    z = zero_value(t)
    if z is None and m.nullability is not None and m.nullability[:1] == "!":
        def fail() -> Any:
            raise PackDecodeError(f"the non-nullable member {m.name} of {owner} is absent and has no default", -1)
        return fail
    if isinstance(t, (ObjectType, FrozenStructType)) and not t.nullable:
        return lambda: zero_value(t)
    return lambda: z


def zero_value(t: Descriptor) -> Any:
    """The zero value of a type: null for nullable encodings, 0, false, the zero struct (wire-format.md §11)."""
    if isinstance(t, Primitive):
        n = t.name
        if n == "string":
            return None
        if n == "bool":
            return False
        if n in ("f16", "f32", "f64"):
            return 0.0
        if n == "char":
            return "\0"
        if n == "decimal":
            return Decimal(0)
        if n == "guid":
            return uuid.UUID(int=0)
        if n == "datetime":
            return PackDateTime(0, DateTimeKind.UNSPECIFIED)
        if n == "datetimeoffset":
            return PackDateTimeOffset(0, 0)
        if n == "dateonly":
            return _dt.date(1, 1, 1)
        return 0
    if isinstance(t, EnumType):
        return t.cls(0) if t.cls is not None else 0
    if isinstance(t, ListType) and not t.nullable:
        return []
    if isinstance(t, (ObjectType, FrozenStructType)) and not t.nullable:
        return _constructor(t)(*[zero_value(m.type) for m in t.members])
    return None


def _member_null_checks(members: tuple[Member, ...]) -> list[bool]:
    return [m.nullability is not None and m.nullability[:1] == "!" for m in members]


def _object_charge(d: ObjectType) -> int:
    return B.OBJECT + sum(B.POINTER + _value_bytes(m.type) for m in d.members)


def _object_reader(d: ObjectType, top: bool) -> ReadFn:
    members = d.members
    n = len(members)
    readers = [reader_for(m.type) for m in members]
    names = [m.name for m in members]
    absent = [_absent_value(m, d.name) for m in members]
    strict = _member_null_checks(members)
    any_strict = any(strict)
    make = _constructor(d)
    nullable = d.nullable
    charge = _object_charge(d)

    def fill(values: list[Any], start: int, at: int) -> None:
        for j in range(start, n):
            try:
                values.append(absent[j]())
            except PackDecodeError as e:
                e.offset = at
                _with_path(e, "." + names[j])
                raise

    def check_nulls(values: list[Any], r: Reader, at: int) -> None:
        for j in range(n):
            if strict[j] and values[j] is None:
                e = PackDecodeError(f"null in the non-nullable member {names[j]}", at)
                _with_path(e, "." + names[j])
                raise e

    if top:
        def read_top(r: Reader) -> Any:
            p = r.pos
            if p + 4 > r.end:
                raise _truncated(r, 4)
            h = _I32(r.buf, p)[0]
            if h == -1:
                if nullable:
                    r.pos = p + 4
                    return None
                raise PackDecodeError(f"a struct ({d.name}) cannot be null", p)
            if h != -2:
                raise PackDecodeError(f"a top-level object has the header -2, not {h}", p)
            if p + 6 > r.end:
                r.pos = p + 4
                raise _truncated(r, 2)
            count = _U16(r.buf, p + 4)[0]
            r.pos = p + 6
            _enter(r, p, charge)
            known = count if count < n else n
            values: list[Any] = []
            append = values.append
            i = 0
            try:
                for i in range(known):
                    append(readers[i](r))
            except (PackDecodeError, PackEncodeError) as e:
                _with_path(e, "." + names[i])
                raise
            if known < n:
                fill(values, known, r.pos)
            elif count > n:
                r.pos = r.end  # a newer writer's members (§6.2): skipped
            if any_strict:
                check_nulls(values, r, p)
            r.depth -= 1
            return make(*values)
        fast_top = compile_leaf_object(d, True, make, charge, strict, read_top)
        return read_top if fast_top is None else fast_top

    def read_nested(r: Reader) -> Any:
        p = r.pos
        if p + 4 > r.end:
            raise _truncated(r, 4)
        h = _I32(r.buf, p)[0]
        if h < 0:
            if h == -1:
                if nullable:
                    r.pos = p + 4
                    return None
                raise PackDecodeError(f"a struct ({d.name}) cannot be null", p)
            raise PackDecodeError(f"invalid nested object header {h}", p)
        body = p + 4
        end = body + h
        saved = r.end
        if end > saved:
            raise PackDecodeError(f"the object's length {h} exceeds the {saved - body} bytes that remain", p)
        _enter(r, p, charge)
        r.pos = body
        r.end = end
        values: list[Any] = []
        append = values.append
        i = 0
        try:
            for i in range(n):
                if r.pos == end:
                    fill(values, i, end)
                    break
                append(readers[i](r))
        except (PackDecodeError, PackEncodeError) as e:
            if len(values) == i:
                _with_path(e, "." + names[i])
            raise
        if any_strict:
            check_nulls(values, r, p)
        r.pos = end  # members a newer writer appended (§11) are skipped
        r.end = saved
        r.depth -= 1
        return make(*values)
    fast = compile_leaf_object(d, False, make, charge, strict, read_nested)
    return read_nested if fast is None else fast


def _frozen_reader(d: FrozenStructType) -> ReadFn:
    make = _constructor(d)
    fmt = _plain_format(d)
    width = d.width
    if fmt is not None:
        s = struct.Struct("<" + fmt)
        unpack = s.unpack_from

        def read_plain(r: Reader) -> Any:
            p = r.pos
            q = p + width
            if q > r.end:
                raise _truncated(r, width)
            r.pos = q
            return make(*unpack(r.buf, p))
        return read_plain
    readers = [reader_for(m.type) for m in d.members]
    names = [m.name for m in d.members]

    def read(r: Reader) -> Any:
        if r.pos + width > r.end:
            raise _truncated(r, width)
        values = []
        i = 0
        try:
            for i, rd in enumerate(readers):
                values.append(rd(r))
        except PackDecodeError as e:
            _with_path(e, "." + names[i])
            raise
        return make(*values)
    return read


def _union_reader(d: UnionType, top: bool) -> ReadFn:
    cases: dict[int, tuple[ReadFn, bool]] = {}

    def resolve() -> dict[int, tuple[ReadFn, bool]]:
        if not cases:
            for c in d.cases:
                cases[c.tag] = (reader_for(c.type, top), isinstance(c.type, FrozenStructType))
        return cases

    def read(r: Reader) -> Any:
        p = r.pos
        if p + 2 > r.end:
            raise _truncated(r, 2)
        tag = _U16(r.buf, p)[0]
        r.pos = p + 2
        if tag == 0xFFFF:
            return None
        case = (cases or resolve()).get(tag)
        if case is None:
            raise PackDecodeError(f"unknown union tag {tag} for {d.name}", p)
        at = r.pos
        value = case[0](r)
        if value is None:
            raise PackDecodeError(f"a union case after tag {tag} is null", at)
        return value
    return read


# ---------------------------------------------------------------------------------------------------------- encode

def encode(descriptor: Descriptor, value: Any, max_depth: int = B.MAX_DEPTH) -> bytes:
    """Encodes one value of the described type as a payload."""
    w = Writer(max_depth)
    write_payload(descriptor, w, value)
    return bytes(w.buf)


def write_payload(descriptor: Descriptor, w: Writer, value: Any) -> None:
    """Appends one payload to ``w``."""
    write = writer_for(descriptor, True)
    try:
        write(w, value)
    except PackError:
        raise
    except RecursionError:
        raise PackEncodeError("the value nests too deeply (a reference cycle?)") from None
    except (struct.error, TypeError, ValueError, AttributeError, OverflowError, KeyError) as e:
        raise PackEncodeError(f"cannot write the value: {e}") from None


def writer_for(descriptor: Descriptor, top: bool = False) -> WriteFn:
    """The cached writer of a descriptor."""
    return _writer_cache.get(descriptor, top)


def _build_writer(d: Descriptor, top: bool) -> WriteFn:
    if isinstance(d, Primitive):
        return _primitive_writer(d)
    if isinstance(d, EnumType):
        return _primitive_writer(d.underlying)
    if isinstance(d, NullableType):
        inner = writer_for(d.element, top)

        def write_nullable(w: Writer, v: Any) -> None:
            if v is None:
                w.buf.append(0)
            else:
                w.buf.append(1)
                inner(w, v)
        return write_nullable
    if isinstance(d, (ListType, SetType)):
        return _sequence_writer(d)
    if isinstance(d, MapType):
        return _map_writer(d)
    if isinstance(d, FrozenStructType):
        return _frozen_writer(d)
    if isinstance(d, ObjectType):
        return _object_writer(d, top)
    if isinstance(d, UnionType):
        return _union_writer(d, top)
    raise TypeError(f"not a descriptor: {d!r}")


def _packer(code: str) -> WriteFn:
    pack = struct.Struct("<" + code).pack

    def write(w: Writer, v: Any) -> None:
        w.buf += pack(v)
    return write


def _write_bool(w: Writer, v: Any) -> None:
    if v is True:
        w.buf.append(1)
    elif v is False:
        w.buf.append(0)
    else:
        raise PackEncodeError(f"a bool must be True or False, not {v!r}")


def _write_char(w: Writer, v: Any) -> None:
    if not isinstance(v, str) or len(v) != 1 or ord(v) > 0xFFFF:
        raise PackEncodeError(f"a char is one UTF-16 code unit, not {v!r}")
    w.buf += _U16P(ord(v))


def _write_int128(signed: bool) -> WriteFn:
    def write(w: Writer, v: Any) -> None:
        w.buf += int(v).to_bytes(16, "little", signed=signed)
    return write


def _write_decimal(w: Writer, v: Any) -> None:
    if not isinstance(v, Decimal):
        v = Decimal(v)
    sign, digits, exponent = v.as_tuple()
    if not isinstance(exponent, int):
        raise PackEncodeError(f"a decimal cannot be {v}")
    mantissa = int("".join(map(str, digits))) if digits else 0
    if exponent > 0:
        mantissa *= 10 ** exponent
        exponent = 0
    scale = -exponent
    if scale > 28 or mantissa >= 1 << 96:
        raise PackEncodeError(f"{v} does not fit a .NET decimal (96-bit mantissa, scale 0-28)")
    flags = (scale << 16) | (0x80000000 if sign else 0)
    w.buf += _DECP(mantissa & 0xFFFFFFFF, (mantissa >> 32) & 0xFFFFFFFF, mantissa >> 64, flags)


def _write_guid(w: Writer, v: Any) -> None:
    w.buf += v.bytes_le


def _write_datetime(w: Writer, v: Any) -> None:
    if not isinstance(v, PackDateTime):
        v = PackDateTime.from_datetime(v)
    if not 0 <= v.ticks <= MAX_TICKS or int(v.kind) not in (0, 1, 2):
        raise PackEncodeError(f"{v} is not a DateTime")
    w.buf += _QP(v.ticks | int(v.kind) << 62)


def _write_datetimeoffset(w: Writer, v: Any) -> None:
    if not 0 <= v.ticks <= MAX_TICKS or not -840 <= v.offset_minutes <= 840 or not 0 <= v.utc_ticks <= MAX_TICKS:
        raise PackEncodeError(f"{v} is not a DateTimeOffset")
    w.buf += _DTOP(v.ticks, v.offset_minutes)


def _write_dateonly(w: Writer, v: Any) -> None:
    w.buf += _I32P(v.toordinal() - _DATE_BASE)


_write_i64 = _packer("q")


def _write_timeonly(w: Writer, v: Any) -> None:
    if not 0 <= v < TICKS_PER_DAY:
        raise PackEncodeError(f"{v} ticks is not a time of day")
    _write_i64(w, v)


def _write_string(w: Writer, v: Any) -> None:
    buf = w.buf
    if v is None:
        buf += b"\xff\xff\xff\xff"
        return
    if not isinstance(v, str):
        raise PackEncodeError(f"not a string: {v!r}")
    if not v:
        buf += b"\0\0\0\0"
        return
    try:
        data = v.encode("utf-8")
    except UnicodeEncodeError:
        raise PackEncodeError("a string holding a lone surrogate cannot be written (wire-format.md §4)") from None
    n8 = len(data)
    n16 = len(v)
    if n8 != n16 and max(v) > "\uffff":
        n16 = len(v.encode("utf-16-le")) >> 1
    if n16 <= 21845:
        buf += _U32P(n16 | n8 << 15)
    else:
        buf += _U32P(0x80000000 | n8)
        buf += _I32P(n16)
    buf += data


_U32P = struct.Struct("<I").pack


def _primitive_writer(d: Primitive) -> WriteFn:
    name = d.name
    if name == "bool":
        return _write_bool
    code = _PLAIN.get(name)
    if code is not None:
        return _packer(code)
    table: dict[str, WriteFn] = {
        "char": _write_char, "u128": _write_int128(False), "i128": _write_int128(True), "decimal": _write_decimal,
        "guid": _write_guid, "datetime": _write_datetime, "datetimeoffset": _write_datetimeoffset,
        "timespan": _write_i64, "dateonly": _write_dateonly, "timeonly": _write_timeonly, "string": _write_string,
    }
    return table[name]


def _enter_w(w: Writer) -> None:
    w.depth += 1
    if w.depth > w.max_depth:
        raise PackEncodeError(f"the value nests deeper than MaxDepth ({w.max_depth}); a reference cycle?")


def _sequence_writer(d: ListType | SetType) -> WriteFn:
    el = d.element
    write_el = writer_for(el)
    nullable = d.nullable
    plain = _PLAIN.get(el.name) if isinstance(el, Primitive) else None
    if plain == "B" and isinstance(el, Primitive) and el.name == "bool":
        plain = "?"
    zero_norm = isinstance(d, SetType) and normalizes_zero(el)

    def write(w: Writer, v: Any) -> None:
        buf = w.buf
        if v is None:
            if not nullable:
                buf += b"\0\0\0\0"  # a Memory<T> is never null: written as empty
                return
            buf += b"\xff\xff\xff\xff"
            return
        items = list(v)
        if zero_norm:
            items = [0.0 if x == 0 else x for x in items]
        _enter_w(w)
        buf += _I32P(len(items))
        if plain is not None:
            if plain == "?" and any(x is not True and x is not False for x in items):
                raise PackEncodeError("a bool must be True or False")
            buf += struct.pack(f"<{len(items)}{plain}", *items)
        else:
            i = 0
            try:
                for i, x in enumerate(items):
                    write_el(w, x)
            except PackEncodeError as e:
                _with_path(e, f"[{i}]")
                raise
        w.depth -= 1
    return write


def _map_writer(d: MapType) -> WriteFn:
    wk = writer_for(d.key)
    wv = writer_for(d.value)
    nullable = d.nullable
    zero_norm = normalizes_zero(d.key)

    def write(w: Writer, v: Any) -> None:
        buf = w.buf
        if v is None:
            buf += b"\xff\xff\xff\xff" if nullable else b"\0\0\0\0"
            return
        _enter_w(w)
        items = list(v.items())
        buf += _I32P(len(items))
        i = 0
        try:
            for i, (k, x) in enumerate(items):
                if k is None:
                    raise PackEncodeError("a dictionary key cannot be null")
                wk(w, 0.0 if zero_norm and k == 0 else k)
                wv(w, x)
        except PackEncodeError as e:
            _with_path(e, f"[{i}]")
            raise
        w.depth -= 1
    return write


def _getters(d: ObjectType | FrozenStructType) -> list[Callable[[Any], Any]]:
    if d.tuple_form:
        return [operator.itemgetter(i) for i in range(len(d.members))]
    return [operator.attrgetter(m.attr) for m in d.members]


def _frozen_writer(d: FrozenStructType) -> WriteFn:
    fmt = _plain_format(d)
    if fmt is not None and not d.tuple_form:
        pack = struct.Struct("<" + fmt).pack
        attrs = [m.attr for m in d.members]
        if len(attrs) == 3:
            a0, a1, a2 = attrs

            def write3(w: Writer, v: Any) -> None:
                w.buf += pack(getattr(v, a0), getattr(v, a1), getattr(v, a2))
            return write3

        def write_plain(w: Writer, v: Any) -> None:
            w.buf += pack(*[getattr(v, a) for a in attrs])
        return write_plain
    getters = _getters(d)
    writers = [writer_for(m.type) for m in d.members]
    names = [m.name for m in d.members]

    def write(w: Writer, v: Any) -> None:
        if v is None:
            raise PackEncodeError(f"a struct ({d.name}) cannot be null")
        i = 0
        try:
            for i in range(len(writers)):
                writers[i](w, getters[i](v))
        except PackEncodeError as e:
            _with_path(e, "." + names[i])
            raise
    return write


def _object_writer(d: ObjectType, top: bool) -> WriteFn:
    getters = _getters(d)
    writers = [writer_for(m.type) for m in d.members]
    names = [m.name for m in d.members]
    strict = _member_null_checks(d.members)
    n = len(writers)
    nullable = d.nullable

    def body(w: Writer, v: Any) -> None:
        i = 0
        try:
            for i in range(n):
                x = getters[i](v)
                if x is None and strict[i]:
                    raise PackEncodeError(f"null in the non-nullable member {names[i]}")
                writers[i](w, x)
        except PackEncodeError as e:
            _with_path(e, "." + names[i])
            raise

    def write(w: Writer, v: Any) -> None:
        buf = w.buf
        if v is None:
            if not nullable:
                raise PackEncodeError(f"a struct ({d.name}) cannot be null")
            buf += b"\xff\xff\xff\xff"
            return
        _enter_w(w)
        if top:
            buf += b"\xfe\xff\xff\xff"
            buf += _U16P(n)
            body(w, v)
        else:
            at = len(buf)
            buf += b"\0\0\0\0"
            body(w, v)
            _PACK_I32_INTO(buf, at, len(buf) - at - 4)
        w.depth -= 1
    return write


def _union_writer(d: UnionType, top: bool) -> WriteFn:
    by_class: dict[type, tuple[bytes, WriteFn]] = {}

    def resolve() -> dict[type, tuple[bytes, WriteFn]]:
        if not by_class:
            for c in d.cases:
                by_class[c.type.cls] = (_U16P(c.tag), writer_for(c.type, top))
        return by_class

    def write(w: Writer, v: Any) -> None:
        if v is None:
            w.buf += b"\xff\xff"
            return
        case = (by_class or resolve()).get(type(v))
        if case is None:
            raise PackEncodeError(f"{type(v).__name__} is not a case of the union {d.name}")
        w.buf += case[0]
        case[1](w, v)
    return write


_reader_cache: _Cache[ReadFn] = _Cache(_build_reader)
_writer_cache: _Cache[WriteFn] = _Cache(_build_writer)
