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


def _namespace(make: Callable[..., Any]) -> dict[str, Any]:
    return {"_GiveUp": _GiveUp, "_I32": struct.Struct("<i").unpack_from, "_U32": struct.Struct("<I").unpack_from,
            "_U16": struct.Struct("<H").unpack_from, "make": make}


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
    lines = ["def fast_many(r, n, out):", " buf = r.buf", " end = r.end", " p = r.pos", " cost = 0", " k = 0",
             " append = out.append", " if r.depth >= r.max_depth: return 0", " s = p", " c0 = 0", " try:",
             "  for k in range(n):",
             "   s = p", "   c0 = cost", "   if p + 4 > end: break", "   h = _I32(buf, p)[0]", "   if h < 0: break",
             "   p += 4", "   e = p + h", "   if e > end: break", f"   cost += {charge}"]
    body = _members(members, kinds, strict, ns, "   ", "break")
    lines += body
    # Malformed text (UnicodeDecodeError) stops it like a break: k and s are the element's, nothing of it appended.
    lines += ["   p = e", f"   append(make({', '.join(f'v{i}' for i in range(len(members)))}))", "  else:",
              "   k = n", "   s = p", " except Exception: pass", " if k < n: cost = c0", " b = r.budget - cost",
              " if b < 0:", "  if k: del out[-k:]", "  return 0", " r.budget = b", " r.pos = s", " return k"]
    # On a break, k is the element that stopped it, s its start and c0 the cost before it (the general reader charges
    # that element itself); an element read whole is appended.
    exec(compile("\n".join(lines), f"<pack fast list reader {d.name}>", "exec"), ns)  # noqa: S102
    fast_many: Callable[[Any, int, list[Any]], int] = ns["fast_many"]
    return fast_many


def compile_leaf_object(d: ObjectType, top: bool, make: Callable[..., Any], charge: int,
                        strict: list[bool]) -> Callable[[Any], Any] | None:
    """A fast reader for an object whose members are all primitives with a struct code, strings or enums; else None."""
    leaf = _leaf(d)
    if leaf is None:
        return None
    members, kinds = leaf
    ns = _namespace(make)
    lines: list[str] = ["def fast(r):", " buf = r.buf", " p = r.pos", " end = r.end",
                        " if p + 4 > end or r.depth >= r.max_depth: raise _GiveUp"]
    if top:
        lines += [" if p + 6 > end or _I32(buf, p)[0] != -2: raise _GiveUp",
                  " count = _U16(buf, p + 4)[0]",
                  f" if count < {len(members)}: raise _GiveUp",
                  " e = end", " p += 6"]
    else:
        lines += [" h = _I32(buf, p)[0]", " if h < 0: raise _GiveUp", " p += 4", " e = p + h",
                  " if e > end: raise _GiveUp"]
    lines.append(f" cost = {charge}")
    lines += _members(members, kinds, strict, ns, " ", "raise _GiveUp")
    names = [f"v{i}" for i in range(len(members))]
    if top:
        lines.append(f" if count > {len(members)}: p = end")
    else:
        lines.append(" p = e")
    lines += [" b = r.budget - cost", " if b < 0: raise _GiveUp", " r.budget = b", " r.pos = p",
              f" return make({', '.join(names)})"]
    exec(compile("\n".join(lines), f"<pack fast reader {d.name}>", "exec"), ns)  # noqa: S102 - the runtime's own text
    fast: Callable[[Any], Any] = ns["fast"]
    return fast


def with_fallback(fast: Callable[[Any], Any], slow: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The fast reader, and on any trouble the general reader from the same position."""
    def read(r: Any) -> Any:
        p = r.pos
        try:
            return fast(r)
        except Exception:  # noqa: BLE001 - whatever it was, the general reader decides (and reports) it
            r.pos = p
            return slow(r)
    return read



def _members(members: tuple[Member, ...], kinds: list[str | None], strict: list[bool], ns: dict[str, Any],
             indent: str, give_up: str) -> list[str]:
    """The statements reading every member into v0, v1 … from ``p`` within the body ending at ``e``."""
    out: list[str] = []
    i = 0
    while i < len(members):
        if kinds[i] == "string":
            v = f"v{i}"
            null = f" {give_up}" if strict[i] else f" {v} = None; p += 4"
            out += [
                "h = _U32(buf, p)[0]",
                "if h < 2147483648:",  # the short form, the empty string included
                " n8 = h >> 15; q = p + 4 + n8",
                f" {v} = buf[p + 4:q].decode('utf-8')",
                # len == n16 also settles n16 == 0, n16 > n8 and n8 > 3 * n16 (no BMP text has those), and a
                # character outside the BMP (its UTF-16 length is 2) makes the reader give up.
                f" ln = len({v})",
                f" if ln != h & 32767 or (n8 != ln and max({v}) > '\\uffff'): {give_up}",
                f" if n8 > 1: cost += {B.STRING} + n8",
                " p = q",
                "elif h == 4294967295:" + null,
                f"else: {give_up}",
            ]
            i += 1
            continue
        # A run of fixed-width members, read with one struct.
        j = i
        codes = []
        while j < len(members) and kinds[j] in ("plain", "enum"):
            t = members[j].type
            prim = t.underlying.name if isinstance(t, EnumType) else t.name  # type: ignore[attr-defined]
            codes.append(_PLAIN[prim])
            j += 1
        run_struct = struct.Struct("<" + "".join(codes))
        ns[f"_S{i}"] = run_struct.unpack_from
        run = [f"v{k}" for k in range(i, j)]
        out += [f"{', '.join(run)}, = _S{i}(buf, p)", f"p += {run_struct.size}"]
        for k in range(i, j):
            t = members[k].type
            if isinstance(t, Primitive) and t.name == "bool":
                out += [f"if v{k} > 1: {give_up}", f"v{k} = v{k} == 1"]
            elif isinstance(t, EnumType) and t.cls is not None:
                ns[f"_E{k}"] = t.cls._value2member_map_.get
                ns[f"_C{k}"] = t.cls
                out += [f"m = _E{k}(v{k})", f"v{k} = m if m is not None else _C{k}(v{k})"]
        i = j
    # No read above checks the end of the body: a read past the buffer raises (struct.error, a decode error), one
    # past the body but within the buffer reads bytes that are not the object's, and this check throws them away.
    out.append(f"if p > e: {give_up}")
    return [indent + line for line in out]
