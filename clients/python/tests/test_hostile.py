"""Hostile payloads against the budgets of wire-format.md §12, and mutated vectors: only PackDecodeError escapes."""

from __future__ import annotations

import random
import struct
import unittest
import uuid
from decimal import Decimal
from typing import Any

from pack_client import DecodeOptions, PackBudgetError, PackDecodeError, decode, encode
from pack_client import descriptors as d

from test_vectors import FILES, vector_bytes
from vector_types import VectorTypes, load

TYPES = VectorTypes()
P = (1 << 61) - 1  # CPython hashes an int n as n mod P


def _set_of_i128(keys: list[int]) -> bytes:
    return struct.pack("<i", len(keys)) + b"".join(k.to_bytes(16, "little", signed=True) for k in keys)


class BudgetTests(unittest.TestCase):
    def test_colliding_int128_set_elements_are_rejected(self) -> None:
        payload = _set_of_i128([k * P for k in range(20_000)])
        with self.assertRaises(PackBudgetError):
            decode(d.SetType(d.I128), payload)

    def test_colliding_guid_keys_are_rejected(self) -> None:
        keys = [uuid.UUID(int=k * P) for k in range(20_000)]
        payload = struct.pack("<i", len(keys)) + b"".join(k.bytes_le + b"\0" for k in keys)
        with self.assertRaises(PackBudgetError):
            decode(d.MapType(d.GUID, d.U8), payload)

    def test_colliding_decimal_keys_are_rejected(self) -> None:
        # A Decimal hashes as its value mod P: k * P for every k share one hash (a 96-bit mantissa holds 2**35 of them).
        keys = [Decimal(k * P) for k in range(1, 20_000)]
        payload = encode(d.SetType(d.DECIMAL), keys)
        with self.assertRaises(PackBudgetError):
            decode(d.SetType(d.DECIMAL), payload)

    def test_ordinary_wide_keys_are_accepted(self) -> None:
        keys = list(range(-10_000, 10_000, 3))
        self.assertEqual(decode(d.SetType(d.I128), _set_of_i128(keys)), set(keys))
        guids = {uuid.UUID(int=random.Random(5).getrandbits(128) + k): k % 256 for k in range(5000)}
        self.assertEqual(decode(d.MapType(d.GUID, d.U8), encode(d.MapType(d.GUID, d.U8), guids)), guids)

    def test_many_empty_sets_exceed_the_allocation_budget(self) -> None:
        payload = struct.pack("<i", 200_000) + b"\0\0\0\0" * 200_000
        with self.assertRaises(PackBudgetError):
            decode(d.ListType(d.SetType(d.I32)), payload)

    def test_honest_collections_near_the_budget_pass(self) -> None:
        empty_lists = [[] for _ in range(200_000)]
        t = d.ListType(d.ListType(d.I32))
        self.assertEqual(len(decode(t, encode(t, empty_lists))), 200_000)
        strings = ["ab"] * 200_000
        s = d.ListType(d.STRING)
        self.assertEqual(decode(s, encode(s, strings)), strings)

    def test_huge_count_is_rejected_before_allocating(self) -> None:
        with self.assertRaises(PackDecodeError):
            decode(d.ListType(d.STRING), struct.pack("<i", 0x7FFFFFFF) + b"\0" * 64)

    def test_deep_nesting_is_rejected_not_a_recursion_error(self) -> None:
        t: d.ListType = d.ListType(d.I32)
        for _ in range(200):
            t = d.ListType(t)
        payload = struct.pack("<i", 1) * 200 + struct.pack("<i", 0)
        with self.assertRaises(PackDecodeError):
            decode(t, payload)


def _unordered(t: d.Descriptor, j: Any) -> Any:
    """The §14 JSON with every set's elements sorted: a set has no order, and a Python set's iteration order depends
    on the order its elements went in when their hashes share slots (so a re-decoded set may list them otherwise)."""
    if j is None:
        return None
    if isinstance(t, d.SetType):
        return sorted((_unordered(t.element, x) for x in j), key=repr)
    if isinstance(t, (d.ListType, d.NullableType)):
        return [_unordered(t.element, x) for x in j] if isinstance(t, d.ListType) else _unordered(t.element, j)
    if isinstance(t, d.MapType):
        return [[_unordered(t.key, k), _unordered(t.value, x)] for k, x in j]
    if isinstance(t, (d.ObjectType, d.FrozenStructType)):
        return {m.name: _unordered(m.type, j[m.name]) for m in t.members}
    if isinstance(t, d.UnionType):
        case = next(c for c in t.cases if c.tag == j["tag"])
        return {**j, "value": _unordered(case.type, j["value"])}
    return j


class MutationTests(unittest.TestCase):
    def test_mutated_vectors_raise_only_pack_decode_errors(self) -> None:
        rnd = random.Random(47)
        vectors = [v for f in FILES for v in load(f)["vectors"] if "hex" in v] + load("invalid.json")["vectors"]
        runs = 0
        for v in vectors:
            t = TYPES.get(v["type"])
            original = bytearray(vector_bytes(v))
            for _ in range(16):
                data = bytearray(original)
                op = rnd.randrange(4)
                if op == 0 and data:
                    data[rnd.randrange(len(data))] = rnd.randrange(256)
                elif op == 1 and data:
                    del data[rnd.randrange(len(data)):]
                elif op == 2:
                    data.insert(rnd.randrange(len(data) + 1), rnd.randrange(256))
                elif data:
                    i = rnd.randrange(len(data))
                    data[i:i + 4] = struct.pack("<i", rnd.choice([-2, -1, 0, 1, 0x7FFFFFFF, -0x80000000]))
                try:
                    value = decode(t, bytes(data))
                except PackDecodeError as e:
                    self.assertTrue(0 <= e.offset <= len(data), f"{v['id']}: {e}")
                else:
                    # What decodes must encode again and decode to the same JSON (a lossless model).
                    from pack_client.jsonmap import to_json
                    # (with room to nest: a Memory read from -1 at level 64 is written as count 0, level 65, §9)
                    again = decode(t, encode(t, value, max_depth=1000), DecodeOptions(max_depth=1000))
                    self.assertEqual(repr(_unordered(t, to_json(t, again))), repr(_unordered(t, to_json(t, value))), v["id"])
                runs += 1
        self.assertGreater(runs, 4_000)


if __name__ == "__main__":
    unittest.main()
