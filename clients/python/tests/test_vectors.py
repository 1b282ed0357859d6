"""Every golden vector of docs/vectors (read from the repository, not copied), both ways, byte for byte."""

from __future__ import annotations

import hashlib
import unittest
from typing import Any

from pack_client import PackDecodeError, PackError, decode, encode
from pack_client import descriptors as d
from pack_client.jsonmap import from_json, to_json

from vector_types import VectorTypes, load

TYPES = VectorTypes()
FILES = ["primitives.json", "strings.json", "collections.json", "objects.json", "unions.json"]


def vector_bytes(v: dict[str, Any]) -> bytes:
    if "hex" in v:
        return bytes.fromhex(v["hex"])
    data = b"".join(bytes.fromhex(p["hex"]) * p.get("repeat", 1) for p in v["hexParts"])
    assert len(data) == v["length"] and hashlib.sha256(data).hexdigest() == v["sha256"], v["id"]
    return data


def _expand(j: Any) -> Any:
    if isinstance(j, dict) and set(j) == {"repeat", "count"}:
        return j["repeat"] * j["count"]
    return j


def same_json(t: d.Descriptor, expected: Any, actual: Any) -> bool:
    """§14 equality: strings in either form, any two NaNs of one width alike, sets in any order."""
    if isinstance(t, d.Primitive):
        if t.name in ("f16", "f32", "f64") and isinstance(expected, str) and isinstance(actual, str):
            return expected == actual or (_is_nan(t.name, expected) and _is_nan(t.name, actual))
        return _expand(expected) == actual
    if expected is None or actual is None:
        return expected is None and actual is None
    if isinstance(t, d.EnumType):
        return same_json(t.underlying, expected, actual)
    if isinstance(t, d.NullableType):
        return same_json(t.element, expected, actual)
    if isinstance(t, d.ListType):
        return len(expected) == len(actual) and all(same_json(t.element, e, a) for e, a in zip(expected, actual))
    if isinstance(t, d.SetType):
        left = list(actual)
        for e in expected:
            match = next((k for k, a in enumerate(left) if same_json(t.element, e, a)), None)
            if match is None:
                return False
            left.pop(match)
        return not left
    if isinstance(t, d.MapType):
        return len(expected) == len(actual) and all(
            same_json(t.key, e[0], a[0]) and same_json(t.value, e[1], a[1]) for e, a in zip(expected, actual))
    if isinstance(t, (d.ObjectType, d.FrozenStructType)):
        return all(same_json(m.type, expected[m.name], actual[m.name]) for m in t.members)
    if isinstance(t, d.UnionType):
        case = next(c for c in t.cases if c.tag == expected["tag"])
        return expected["tag"] == actual["tag"] and same_json(case.type, expected["value"], actual["value"])
    raise TypeError(t)


def _is_nan(name: str, hexbits: str) -> bool:
    bits = int(hexbits, 16)
    exp, frac = {"f16": (0x7C00, 0x3FF), "f32": (0x7F800000, 0x7FFFFF), "f64": (0x7FF0000000000000, (1 << 52) - 1)}[name]
    return bits & exp == exp and bits & frac != 0


class GoldenVectorTests(unittest.TestCase):
    def test_decode_every_vector(self) -> None:
        count = 0
        for name in FILES:
            for v in load(name)["vectors"]:
                with self.subTest(id=v["id"]):
                    t = TYPES.get(v["type"])
                    value = decode(t, vector_bytes(v))
                    self.assertTrue(same_json(t, v["json"], to_json(t, value)), f"{v['id']}: {to_json(t, value)!r}")
                    count += 1
        self.assertGreater(count, 190)

    def test_encode_every_both_vector(self) -> None:
        count = 0
        for name in FILES:
            for v in load(name)["vectors"]:
                if v["direction"] != "both":
                    continue
                with self.subTest(id=v["id"]):
                    t = TYPES.get(v["type"])
                    self.assertEqual(encode(t, from_json(t, v["json"], ordered_sets=True)).hex(), vector_bytes(v).hex())
                    count += 1
        self.assertGreater(count, 150)

    def test_decode_vectors_encode_back(self) -> None:
        """A decoded value of a `both` vector writes the same bytes (sets of one element or fewer: order is free)."""
        for name in FILES:
            for v in load(name)["vectors"]:
                t = TYPES.get(v["type"])
                if v["direction"] != "both" or isinstance(t, d.SetType):
                    continue
                with self.subTest(id=v["id"]):
                    self.assertEqual(encode(t, decode(t, vector_bytes(v))), vector_bytes(v))

    def test_reject_every_invalid_vector(self) -> None:
        vectors = load("invalid.json")["vectors"]
        for v in vectors:
            with self.subTest(id=v["id"]):
                t = TYPES.get(v["type"])
                data = vector_bytes(v)
                with self.assertRaises(PackDecodeError) as caught:
                    decode(t, data)
                self.assertTrue(0 <= caught.exception.offset <= len(data), caught.exception)
        self.assertGreater(len(vectors), 70)

    def test_empty_payload_is_truncated_at_offset_zero(self) -> None:
        with self.assertRaises(PackDecodeError) as caught:
            decode(d.I32, b"")
        self.assertEqual(caught.exception.offset, 0)
        self.assertIn("truncated", caught.exception.reason)

    def test_errors_are_one_family(self) -> None:
        self.assertTrue(issubclass(PackDecodeError, PackError))


if __name__ == "__main__":
    unittest.main()
