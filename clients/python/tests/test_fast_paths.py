"""The specialised readers (pack_client._fast) against the general reader of pack_client.codec: on honest and on
mutated payloads both give the same value, or the same error (class, message, offset and path), and they leave the
allocation budget where the other would (a tight budget fails at the same point or not at all)."""

from __future__ import annotations

import dataclasses
import random
import struct
import sys
import unittest
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import generated.sample_api as api
import generated.vectors as gv
from pack_client import PackDecodeError, codec, encode
from pack_client import _fast
from pack_client import descriptors as d
from pack_client.codec import DecodeOptions

from pack_client.jsonmap import to_json
from test_hostile import _unordered
from test_vectors import FILES, vector_bytes
from vector_types import VectorTypes, load


@dataclasses.dataclass(slots=True)
class Leaf:
    flag: bool
    color: Any
    tag: str | None
    small: int
    half: float
    name: str
    count: int


LEAF_TYPE = d.ObjectType("Test.Leaf", Leaf, lambda: [
    d.Member("Flag", "flag", d.BOOL),
    d.Member("Color", "color", gv.VECTOR_COLOR_TYPE),
    d.Member("Tag", "tag", d.STRING, nullability="?"),
    d.Member("Small", "small", d.U8),
    d.Member("Half", "half", d.F16),
    d.Member("Name", "name", d.STRING, nullability="!"),
    d.Member("Count", "count", d.I64),
], nullable=True)


@dataclasses.dataclass(slots=True)
class Holder:
    first: Leaf | None
    leaves: list[Leaf] | None
    members: list[api.Member | None] | None


HOLDER_TYPE = d.ObjectType("Test.Holder", Holder, lambda: [
    d.Member("First", "first", LEAF_TYPE),
    d.Member("Leaves", "leaves", d.ListType(LEAF_TYPE)),
    d.Member("Members", "members", d.ListType(api.MEMBER_TYPE)),
], nullable=True)

TEXTS = ["", "a", "é", "ab", "hello", "测试名字", "\U0001f600", "a\U0001f600b", "名\U0001f600", "x" * 40, "é" * 20]


def _leaf(rnd: random.Random) -> Leaf:
    return Leaf(rnd.random() < 0.5, gv.VectorColor(rnd.choice([1, 2, 3])), rnd.choice(TEXTS + [None]),
                rnd.randrange(256), rnd.choice([0.0, 1.5, -2.0]), rnd.choice(TEXTS), rnd.randrange(-2**63, 2**63))


def _member(rnd: random.Random, k: int) -> api.Member:
    return api.Member(k, rnd.choice(TEXTS + [None]), rnd.choice(TEXTS + [None]), rnd.choice(TEXTS), rnd.random(),
                      rnd.randrange(2**40))


def _cases(rnd: random.Random) -> list[tuple[d.Descriptor, bytes]]:
    """Honest payloads of leaf objects at top level, nested and in lists."""
    out: list[tuple[d.Descriptor, bytes]] = []
    for _ in range(6):
        leaves = [_leaf(rnd) for _ in range(rnd.randrange(1, 6))]
        members: list[api.Member | None] = [_member(rnd, k) for k in range(rnd.randrange(1, 6))]
        out.append((HOLDER_TYPE, encode(HOLDER_TYPE, Holder(_leaf(rnd), leaves, members))))
        out.append((LEAF_TYPE, encode(LEAF_TYPE, _leaf(rnd))))
        out.append((d.ListType(LEAF_TYPE), encode(d.ListType(LEAF_TYPE), leaves)))
        out.append((d.ListType(api.MEMBER_TYPE), encode(d.ListType(api.MEMBER_TYPE), members)))
        org = api.Organization(7, ["t", "标签"], members)
        out.append((api.ORGANIZATION_TYPE, encode(api.ORGANIZATION_TYPE, org)))
        small = gv.VectorSmallObject(1, 2, 3, rnd.choice(TEXTS), rnd.choice(TEXTS + [None]))
        out.append((gv.VECTOR_SMALL_OBJECT_TYPE, encode(gv.VECTOR_SMALL_OBJECT_TYPE, small)))
    return out


def _mutate(rnd: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    op = rnd.randrange(6)
    if op == 0 and b:
        b[rnd.randrange(len(b))] = rnd.randrange(256)
    elif op == 1 and b:
        del b[rnd.randrange(len(b)):]
    elif op == 2:
        b.insert(rnd.randrange(len(b) + 1), rnd.randrange(256))
    elif op == 3 and b:
        i = rnd.randrange(len(b))
        b[i:i + 4] = struct.pack("<i", rnd.choice([-2, -1, 0, 1, 2, 3, 0x7FFFFFFF, -0x80000000]))
    elif op == 4 and b:
        # a string header that lies: the UTF-16 count one off, or the long form, or a count that fits a wide text
        i = rnd.randrange(len(b))
        n8 = rnd.randrange(8)
        n16 = max(0, n8 + rnd.choice([-2, -1, 0, 1]))
        b[i:i + 4] = struct.pack("<I", (n8 << 15) | n16 if rnd.random() < 0.8 else 0x80000000 | n8)
    elif b:
        i = rnd.randrange(len(b))
        b[i:i] = rnd.choice(["\U0001f600", "é", "\udc00"]).encode("utf-8", "surrogatepass")
    return bytes(b)


def _outcome(t: d.Descriptor, data: bytes, options: DecodeOptions | None = None,
             unordered: bool = False) -> tuple[str, Any]:
    try:
        value = codec.decode(t, data, options)
    except PackDecodeError as e:
        return "error", (type(e).__name__, str(e), e.offset, e.path)
    if unordered:  # a set's iteration order may differ between two equal sets (NaN hashes by identity)
        return "value", (type(value).__name__, repr(_unordered(t, to_json(t, value))))
    return "value", (type(value).__name__, repr(value))


@contextmanager
def _general_only() -> Iterator[None]:
    """Decodes within use readers built without any specialised reader (a cache of their own)."""
    saved = codec._reader_cache, codec.compile_leaf_list, codec.compile_leaf_object
    codec._reader_cache = codec._Cache(codec._build_reader)
    none: Callable[..., None] = lambda *args: None  # noqa: E731
    codec.compile_leaf_list, codec.compile_leaf_object = none, none  # type: ignore[assignment]
    try:
        yield
    finally:
        codec._reader_cache, codec.compile_leaf_list, codec.compile_leaf_object = saved


def _budget_options(t: d.Descriptor, data: bytes) -> list[DecodeOptions]:
    """Budgets around the one the payload needs: the allowance is what is left after 16 × its length."""
    need = 0
    with_allowance = DecodeOptions(max_allocation_ratio=0, allocation_allowance=10**9)
    r = codec.Reader(data, with_allowance)
    try:
        codec.read_payload(t, r)
        need = 10**9 - r.budget
    except PackDecodeError:
        return []
    return [DecodeOptions(max_allocation_ratio=0, allocation_allowance=a)
            for a in sorted({max(0, need + k) for k in (-200, -60, -49, -8, -1, 0, 1, 50)})]


class FastPathTests(unittest.TestCase):
    def test_the_fast_readers_are_the_ones_used(self) -> None:
        # Otherwise the comparisons below would compare the general reader with itself.
        self.assertTrue(codec.reader_for(LEAF_TYPE).__code__.co_filename.startswith("<pack fast reader"))
        self.assertTrue(codec.reader_for(gv.VECTOR_SMALL_OBJECT_TYPE, True).__code__.co_filename.startswith("<pack fast"))
        self.assertIsNotNone(codec.compile_leaf_list(api.MEMBER_TYPE, api.Member, 0, [False] * 6))
        with _general_only():
            self.assertFalse(codec.reader_for(LEAF_TYPE).__code__.co_filename.startswith("<pack"))

    def test_only_a_plain_dataclass_is_built_from_its_slots(self) -> None:
        self.assertEqual(_fast._slots(Leaf, 7), ["flag", "color", "tag", "small", "half", "name", "count"])
        self.assertIsNone(_fast._slots(Leaf, 6))

        @dataclasses.dataclass(slots=True)
        class Post:
            a: int

            def __post_init__(self) -> None:
                self.a += 1

        @dataclasses.dataclass(slots=True, frozen=True)
        class Frozen:
            a: int

        @dataclasses.dataclass(slots=True, init=False)
        class OwnInit:
            a: int

            def __init__(self, a: int) -> None:
                self.a = a * 2

        @dataclasses.dataclass
        class NoSlots:
            a: int

        for cls in (Post, Frozen, OwnInit, NoSlots, tuple):
            self.assertIsNone(_fast._slots(cls, 1), cls)
        # and the object a call would have built, where the class does something of its own
        t = d.ObjectType("Test.Post", Post, lambda: [d.Member("A", "a", d.I32)], nullable=True)
        self.assertEqual(codec.decode(d.ListType(t), encode(d.ListType(t), [Post(1)])), [Post(2)])

    def test_wide_text_check(self) -> None:
        if sys.implementation.name == "cpython":
            self.assertIn("__sizeof__", _fast.WIDE_CHECK)  # the constant-time check holds on this interpreter
        wide = eval("lambda v, ln: " + _fast.WIDE_CHECK.format(v="v"))  # noqa: S307 - the runtime's own text
        for s in ["é", "测试", "\U0001f600", "ab\U0001f600", "é" * 300, "测" * 5000 + "\U00010000", "\uffff" * 9]:
            s = s.encode("utf-8").decode("utf-8")
            self.assertEqual(wide(s, len(s)), max(s) > "\uffff", repr(s[:5]))

    def test_same_values_and_errors_on_mutated_payloads(self) -> None:
        rnd = random.Random(4747)
        honest = _cases(rnd)
        inputs: list[tuple[d.Descriptor, bytes]] = list(honest)
        for t, data in honest:
            for _ in range(60):
                inputs.append((t, _mutate(rnd, data)))
            # every byte once as 2 (a bool that is not one, a length or count off) and as 0xFF (a bad lead byte)
            for i in range(len(data)):
                for x in (2, 0xFF):
                    if data[i] != x:
                        inputs.append((t, data[:i] + bytes([x]) + data[i + 1:]))
        fast = [_outcome(t, data) for t, data in inputs]
        with _general_only():
            general = [_outcome(t, data) for t, data in inputs]
        errors = 0
        for (t, data), a, b in zip(inputs, fast, general):
            self.assertEqual(a, b, f"{getattr(t, 'name', t)} {data.hex()}")
            errors += a[0] == "error"
        self.assertGreater(errors, len(inputs) // 4)  # the mutations do reach the error paths
        self.assertGreater(len(inputs) - errors, len(honest))  # and some mutated payloads still decode

    def test_a_header_that_miscounts_wide_text_is_the_general_readers_error(self) -> None:
        # "a😀b" is 4 UTF-16 units in 3 characters: a header saying 3 matches len() and must still be refused. (An
        # honest header of wide text sends the whole object to the general reader, so the other strings are not.)
        text = "a\U0001f600b"
        leaf = Leaf(True, gv.VectorColor(2), "测", 1, 1.0, text, 5)
        member = api.Member(1, "x", "测试", text, 1.0, 2)
        inputs = [(LEAF_TYPE, encode(LEAF_TYPE, leaf)), (d.ListType(LEAF_TYPE), encode(d.ListType(LEAF_TYPE), [leaf])),
                  (d.ListType(api.MEMBER_TYPE), encode(d.ListType(api.MEMBER_TYPE), [member, member])),
                  (gv.VECTOR_SMALL_OBJECT_TYPE, encode(gv.VECTOR_SMALL_OBJECT_TYPE, gv.VectorSmallObject(1, 2, 3, "é", text)))]
        raw = text.encode("utf-8")
        lying = []
        for t, data in inputs:
            i = data.rindex(raw) - 4
            lying.append((t, data[:i] + struct.pack("<I", (len(raw) << 15) | len(text)) + data[i + 4:]))
        fast = [_outcome(t, data) for t, data in inputs + lying]
        with _general_only():
            general = [_outcome(t, data) for t, data in inputs + lying]
        self.assertEqual(fast, general)
        self.assertEqual([a[0] for a in fast], ["value"] * len(inputs) + ["error"] * len(lying))

    def test_same_values_and_errors_on_every_mutated_golden_vector(self) -> None:
        rnd = random.Random(470)
        types = VectorTypes()
        vectors = [v for f in FILES for v in load(f)["vectors"] if "hex" in v] + load("invalid.json")["vectors"]
        inputs: list[tuple[d.Descriptor, bytes]] = []
        for v in vectors:
            t = types.get(v["type"])
            data = vector_bytes(v)
            inputs.append((t, data))
            inputs += [(t, _mutate(rnd, data)) for _ in range(12)]
        fast = [_outcome(t, data, unordered=True) for t, data in inputs]
        with _general_only():
            general = [_outcome(t, data, unordered=True) for t, data in inputs]
        for (t, data), a, b in zip(inputs, fast, general):
            self.assertEqual(a, b, f"{getattr(t, 'name', t)} {data.hex()}")
        self.assertGreater(len(inputs), 3_000)

    def test_same_verdict_at_every_budget_and_depth(self) -> None:
        rnd = random.Random(47)
        runs: list[tuple[d.Descriptor, bytes, DecodeOptions]] = []
        for t, data in _cases(rnd):
            runs += [(t, data, o) for o in _budget_options(t, data)]
            runs += [(t, data, DecodeOptions(max_depth=k)) for k in (0, 1, 2, 3)]
        fast = [_outcome(t, data, o) for t, data, o in runs]
        with _general_only():
            general = [_outcome(t, data, o) for t, data, o in runs]
        self.assertEqual(fast, general)
        kinds = {a[1][0] for a in fast if a[0] == "error"}
        self.assertIn("PackBudgetError", kinds)
        self.assertTrue(any(a[0] == "value" for a in fast))


if __name__ == "__main__":
    unittest.main()
