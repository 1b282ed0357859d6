"""Specialised readers for leaf objects (members that are primitives, strings and enums only), compiled once per
descriptor from Python source the runtime writes itself (no generated module holds any of this).

A fast reader takes the common path only: every member present, strings in the short form and valid, no null where
the contract forbids one, within the budget. Anything else (an absent member, a malformed byte, a null object, the
budget) makes it give up, and the general reader of :mod:`pack_client.codec` reads the same bytes again from the same
position, so every verdict, error offset and path is the general reader's. The fast reader touches the reader's
state only when it succeeds, and it reads no nested object or collection, so a retry costs at most the object's own
bytes once more.
"""

from __future__ import annotations

import dataclasses
import keyword
import struct
from collections.abc import Callable
from typing import Any

from . import _budget as B
from .descriptors import EnumType, Member, ObjectType, Primitive

_PLAIN: dict[str, str] = {
    "bool": "B", "u8": "B", "i8": "b", "u16": "H", "i16": "h", "u32": "I", "i32": "i", "u64": "Q", "i64": "q",
    "f16": "e", "f32": "f", "f64": "d",
}
_VALUE_BYTES = {"u16": B.INT, "i16": B.INT, "u32": B.INT, "i32": B.INT, "u64": B.BIG_INT, "i64": B.BIG_INT,
                "f16": B.FLOAT, "f32": B.FLOAT, "f64": B.FLOAT}


class _GiveUp(Exception):
    pass


def _leaf_kind(t: Any) -> str | None:
    if isinstance(t, Primitive):
        if t.name == "string":
            return "string"
        if t.name in _PLAIN:
            return "plain"
        return None
    if isinstance(t, EnumType) and t.underlying.name in _PLAIN:
        return "enum"
    return None


_OBJECT_NEW: Any = object.__new__


def _namespace(make: Callable[..., Any]) -> dict[str, Any]:
    return {"_GiveUp": _GiveUp, "make": make, "_new": object.__new__}


def _slots(make: Callable[..., Any], n: int) -> list[str] | None:
    """The attribute names ``make(v0, …)`` assigns in order, when ``make`` is a plain slotted dataclass whose
    ``__init__`` is the one :mod:`dataclasses` wrote (``self.f = f`` for each field, nothing else): then
    ``object.__new__`` and those assignments build the same object, faster than the call (about 135 against 215 ns
    for six fields on CPython 3.11). Anything else (its own ``__init__`` or ``__new__``, ``__post_init__``, frozen,
    an ``InitVar``, no slots) is called as it is."""
    cls: Any = make
    if not isinstance(cls, type) or not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        return None
    params = cls.__dict__.get("__dataclass_params__")
    init = cls.__dict__.get("__init__")
    if params is None or not params.init or params.frozen or hasattr(cls, "__post_init__"):
        return None
    if cls.__new__ is not _OBJECT_NEW or init is None or getattr(init, "__qualname__", "") != f"{cls.__qualname__}.__init__":
        return None
    code = getattr(init, "__code__", None)
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    if code is None or code.co_filename != "<string>" or code.co_argcount != n + 1 or len(names) != n:
        return None
    if code.co_varnames[1:n + 1] != tuple(names) or code.co_kwonlyargcount or not all(f.init for f in fields):
        return None
    if not all(x.isidentifier() and not keyword.iskeyword(x) for x in names):
        return None
    return names


def _build(make: Callable[..., Any], n: int, ns: dict[str, Any], indent: str, target: str) -> list[str]:
    """The statements setting ``target`` to ``make(v0, …, v{n-1})``."""
    names = _slots(make, n)
    if names is None:
        return [f"{indent}{target} = make({', '.join(f'v{i}' for i in range(n))})"]
    return [f"{indent}{target} = _new(make)"] + [f"{indent}{target}.{x} = v{i}" for i, x in enumerate(names)]


def _leaf(d: ObjectType) -> tuple[tuple[Member, ...], list[str | None]] | None:
    members: tuple[Member, ...] = d.members
    kinds = [_leaf_kind(m.type) for m in members]
    if not members or any(k is None for k in kinds) or len(members) > 200:
        return None
    return members, kinds


def compile_leaf_list(d: ObjectType, make: Callable[..., Any], charge: int,
                      strict: list[bool]) -> Callable[[Any, int, list[Any]], int] | None:
    """For a list of leaf objects: ``fast_many(r, n, out)`` reads up to ``n`` elements into ``out`` and returns how
    many; it stops (at that element's start) at the first one it does not read on the fast path."""
    leaf = _leaf(d)
    if leaf is None:
        return None
    members, kinds = leaf
    ns = _namespace(make)
    lines = ["", " buf = r.buf", " end = r.end", " p = r.pos", " cost = 0", " k = 0",
             " append = out.append", " if r.depth >= r.max_depth: return 0", " s = p", " c0 = 0", " try:",
             "  for k in range(n):",
             "   s = p", "   c0 = cost"]
    # The element's length is read with its first members; a negative one, or one past the end, stops the loop
    # before anything of the element is used (h >= 0 also makes e > end cover a length that is itself cut off).
    head = ("i", "hd", ["if hd < 0: break", "e = p + 4 + hd", "if e > end: break"])
    lines += _members(members, kinds, strict, ns, "   ", "break", head, by_position=True)
    # Malformed text (UnicodeDecodeError) or a read past the buffer (struct.error) stops it like a break: k and s
    # are the element's, nothing of it appended.
    # An element's strings cost (STRING + n8) each, but not one of n8 <= 1 (nor null): its n8 are its bytes less
    # the fixed ones and the string headers, so the element is charged by position and those strings give it back.
    strings = kinds.count("string")
    fixed = sum(struct.calcsize("<" + _code(m.type)) for m, kind in zip(members, kinds) if kind != "string")
    per_element = charge + (B.STRING - 4) * strings - 4 - fixed
    lines += ["   cost += p - s", "   p = e"] + _build(make, len(members), ns, "   ", "o") + ["   append(o)", "  else:",
              "   k = n", "   s = p", " except Exception: pass", " if k < n: cost = c0",
              # every element read whole costs `charge` besides its strings: k of them, charged once here
              f" cost += {per_element} * k", " b = r.budget - cost",
              " if b < 0:", "  if k: del out[-k:]", "  return 0", " r.budget = b", " r.pos = s", " return k"]
    # What the loop calls, bound as defaults: locals are read faster than globals.
    lines[0] = f"def fast_many(r, n, out, {', '.join(f'{x}={x}' for x in ns if x.startswith(('_S', '_E', '_C')))}, make=make, _new=_new):"
    # On a break, k is the element that stopped it, s its start and c0 the cost before it (the general reader charges
    # that element itself); an element read whole is appended.
    exec(compile("\n".join(lines), f"<pack fast list reader {d.name}>", "exec"), ns)  # noqa: S102
    fast_many: Callable[[Any, int, list[Any]], int] = ns["fast_many"]
    return fast_many


def compile_leaf_object(d: ObjectType, top: bool, make: Callable[..., Any], charge: int,
                        strict: list[bool], slow: Callable[[Any], Any]) -> Callable[[Any], Any] | None:
    """A reader for an object whose members are all primitives with a struct code, strings or enums (else None): the
    fast path, and on any trouble ``slow``, the general reader, from the same position."""
    leaf = _leaf(d)
    if leaf is None:
        return None
    members, kinds = leaf
    ns = _namespace(make)
    ns["slow"] = slow
    # r is untouched until the fast path has succeeded, so the general reader starts where this one did.
    lines: list[str] = ["def read(r):", " p = r.pos", " try:", "  buf = r.buf", "  end = r.end",
                        "  if r.depth >= r.max_depth: raise _GiveUp"]
    if top:
        head = ("iH", "hd, count",
                ["if hd != -2: raise _GiveUp", f"if count < {len(members)}: raise _GiveUp", "e = end"])
    else:
        head = ("i", "hd", ["if hd < 0: raise _GiveUp", "e = p + 4 + hd", "if e > end: raise _GiveUp"])
    lines.append(f"  cost = {charge}")
    lines += _members(members, kinds, strict, ns, "  ", "raise _GiveUp", head)
    if top:
        lines.append(f"  if count > {len(members)}: p = end")
    else:
        lines.append("  p = e")
    lines += ["  b = r.budget - cost", "  if b < 0: raise _GiveUp", " except Exception:",
              # whatever it was, the general reader decides (and reports) it from the same position
              "  return slow(r)", " r.budget = b", " r.pos = p"] + _build(make, len(members), ns, " ", "o") + [" return o"]
    exec(compile("\n".join(lines), f"<pack fast reader {d.name}>", "exec"), ns)  # noqa: S102 - the runtime's own text
    read: Callable[[Any], Any] = ns["read"]
    return read


def _wide_check() -> str:
    """The expression (over ``{v}`` and its length ``ln``) that is true when a decoded non-ASCII string holds a
    character outside the BMP (two UTF-16 units, so the header's count is not ``len``).

    ``max(v) > '\\uffff'`` says it exactly but walks the string (about 0.5 µs for a 10-character one). CPython stores
    a string with 1, 2 or 4 bytes per character, 4 exactly when one is outside the BMP, and ``__sizeof__`` tells which
    in constant time (a header + (len + 1) × width). That is an implementation detail, so it is checked here against
    ``max`` on strings of every width and many lengths; where it does not hold (another interpreter), ``max`` it is.
    """
    exact = "max({v}) > '\\uffff'"
    try:
        four = "\U00010000".__sizeof__() - 8  # the header of a 4-byte-wide string of length 1
        samples = ["é", "测", "\U0001f600", "a\U0001f600", "测\U0001f600", "é测", "\U0001f600é"]
        for n in range(1, 100):
            for s in samples:
                v = (s * n)[:n]
                v = v.encode("utf-8").decode("utf-8")  # as the readers make them
                if ((v.__sizeof__() - (len(v) << 2)) >= four + 4) != (max(v) > "\uffff"):
                    return exact
    except Exception:  # noqa: BLE001 - no __sizeof__ worth the name: the exact walk
        return exact
    return "{v}.__sizeof__() - (ln << 2) >= " + str(four + 4)


WIDE_CHECK = _wide_check()


def _code(t: Any) -> str:
    """The struct code of a fixed-width leaf member (a primitive or an enum's underlying one)."""
    return _PLAIN[t.underlying.name if isinstance(t, EnumType) else t.name]


def _members(members: tuple[Member, ...], kinds: list[str | None], strict: list[bool], ns: dict[str, Any],
             indent: str, give_up: str, head: tuple[str, str, list[str]], by_position: bool = False) -> list[str]:
    """The statements reading the object's header (``head``: its struct codes, the names they go to and the
    statements checking them, which set ``e``, the body's end) and every member into v0, v1 … from ``p``.

    One ``struct`` read takes every fixed-width value between two strings together with the next string's header
    (the first one also the object's header), so an object of k strings takes k + 1 reads at most."""
    out: list[str] = []
    codes = head[0]
    names = [head[1]]
    checks = list(head[2])
    after: list[str] = []  # conversions of the values just read (bool, enum)
    count = 0

    def flush(string_next: bool) -> None:
        nonlocal codes, names, checks, after, count
        if not codes:
            return
        s = struct.Struct("<" + codes)
        ns[f"_S{count}"] = s.unpack_from
        out.append(f"{', '.join(names)}, = _S{count}(buf, p)")
        out.extend(checks)
        # A string's header is read here but the string's own code starts at it (p stays on the header).
        step = s.size - 4 if string_next else s.size
        if step:
            out.append(f"p += {step}")
        out.extend(after)
        count += 1
        codes, names, checks, after = "", [], [], []

    wide = WIDE_CHECK
    for i, kind in enumerate(kinds):
        v = f"v{i}"
        if kind == "string":
            codes += "I"
            names.append("h")
            flush(True)
            null = f" {give_up}" if strict[i] else f" {v} = None; p += 4" + (f"; cost -= {B.STRING}" if by_position else "")
            out += [
                "if h < 2147483648:",  # the short form, the empty string included
                " n8 = h >> 15; p += 4; q = p + n8",
                f" {v} = buf[p:q].decode()",
                # len == n16 also settles n16 == 0, n16 > n8 and n8 > 3 * n16 (no BMP text has those), and a
                # character outside the BMP (its UTF-16 length is 2) makes the reader give up.
                f" ln = len({v})",
                f" if ln != h & 32767 or (n8 != ln and {wide.format(v=v)}): {give_up}",
                f" if n8 < 2: cost -= {B.STRING} + n8" if by_position else f" if n8 > 1: cost += {B.STRING} + n8",
                " p = q",
                "elif h == 4294967295:" + null,
                f"else: {give_up}",
            ]
            continue
        t = members[i].type
        codes += _code(t)
        names.append(v)
        if isinstance(t, Primitive) and t.name == "bool":
            after += [f"if {v} > 1: {give_up}", f"{v} = {v} == 1"]
        elif isinstance(t, EnumType) and t.cls is not None:
            ns[f"_E{i}"] = t.cls._value2member_map_.get
            ns[f"_C{i}"] = t.cls
            after += [f"m = _E{i}({v})", f"{v} = m if m is not None else _C{i}({v})"]
    flush(False)
    # No read above checks the end of the body: a read past the buffer raises (struct.error, a decode error), one
    # past the body but within the buffer reads bytes that are not the object's, and this check throws them away.
    out.append(f"if p > e: {give_up}")
    return [indent + line for line in out]
