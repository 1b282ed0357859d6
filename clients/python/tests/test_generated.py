"""The modules `pack py` generated (tests/generated) read and write the golden vectors of their root types, and
their payload constants carry the fingerprints of their own schema text (docs/schema.md §2.3)."""

from __future__ import annotations

import unittest
from typing import Any

import generated.sample_api as api
import generated.vectors as gv
from pack_client.client import Payload

from test_vectors import FILES, vector_bytes
from vector_types import load

NS = "Pack.Tests.GoldenVectors.Types."
PRIMS = {"int": "i32", "string": "string", "bool": "bool", "byte": "u8", "decimal": "decimal", "float": "f32",
         "double": "f64", "char": "char", "Guid": "guid", "DateTime": "datetime", "Int128": "i128", "Half": "f16",
         "TimeOnly": "timeonly", "DateTimeOffset": "datetimeoffset"}


def payloads(module: Any) -> dict[str, Payload[Any]]:
    return {p.label: p for p in vars(module).values() if isinstance(p, Payload)}


def label(type_name: str) -> str | None:
    t = type_name.replace(" ", "")
    if t.endswith("[]"):
        inner = label(t[:-2])
        return None if inner is None else f"list<{inner}>"
    for prefix in ("List<", "HashSet<"):
        if t.startswith(prefix) and t.endswith(">"):
            inner = label(t[len(prefix):-1])
            return None if inner is None else f"{'list' if prefix == 'List<' else 'set'}<{inner}>"
    if t.endswith("?"):
        inner = label(t[:-1])
        return None if inner is None else f"nullable<{inner}>"
    if t in PRIMS:
        return PRIMS[t]
    return NS + t if t.startswith(("Vector", "IVector")) else None


class GeneratedModuleTests(unittest.TestCase):
    def test_payload_fingerprints_are_their_schema_texts(self) -> None:
        for module in (api, gv):
            for p in payloads(module).values():
                with self.subTest(label=p.label):
                    self.assertEqual(p.schema.wire_fingerprint, p.wire)
                    self.assertEqual(p.schema.contract_fingerprint, p.contract)
                    self.assertEqual(p.schema.label, p.label)

    def test_generated_descriptors_read_and_write_the_vectors_of_their_roots(self) -> None:
        from vector_types import VectorTypes
        from test_vectors import same_json
        from pack_client.jsonmap import to_json
        roots = payloads(gv)
        interpreted = VectorTypes()
        count = 0
        for name in FILES:
            for v in load(name)["vectors"]:
                p = roots.get(label(v["type"]) or "")
                if p is None:
                    continue
                with self.subTest(id=v["id"]):
                    data = vector_bytes(v)
                    value = p.decode(data)
                    # The generated classes are not the interpreter's: compare through the §14 JSON.
                    self.assertTrue(same_json(interpreted.get(v["type"]), v["json"], to_json(p.descriptor, value)))
                    if v["direction"] == "both" and not label(v["type"]).startswith("set<"):  # type: ignore[union-attr]
                        self.assertEqual(p.encode(value), data)
                    count += 1
        self.assertGreater(count, 60)

    def test_non_nullable_member_null_is_a_decode_error_with_its_path(self) -> None:
        from pack_client import PackDecodeError
        order = api.Order(1, "Ada", api.OrderStatus.PAID, [], __import__("decimal").Decimal(1),
                          api._p.PackDateTimeOffset(0, 0))
        data = bytearray(api.ORDER_PAYLOAD.encode(order))
        data[10:14] = b"\xff\xff\xff\xff"  # Customer (`!`): null
        with self.assertRaises(PackDecodeError) as caught:
            api.ORDER_PAYLOAD.decode(bytes(data))
        self.assertEqual(caught.exception.path, "$.Customer")

    def test_enums_keep_unnamed_values(self) -> None:
        self.assertEqual(int(api.OrderStatus(42)), 42)
        order = api.Order(1, "Ada", api.OrderStatus(42), [], __import__("decimal").Decimal(1), api._p.PackDateTimeOffset(0, 0))
        self.assertEqual(api.ORDER_PAYLOAD.decode(api.ORDER_PAYLOAD.encode(order)), order)


if __name__ == "__main__":
    unittest.main()


class FastPathTests(unittest.TestCase):
    """The specialised readers hand every unusual element to the general reader, which decides it."""

    def _members(self) -> list[api.Member | None]:
        return [api.Member(k, f"名字{k}", None, "", float(k), 1700000000000 + k) for k in range(50)]

    def test_list_with_an_older_and_a_newer_element_reads_both(self) -> None:
        from pack_client import descriptors as d
        from pack_client import decode, encode
        t = d.ListType(api.MEMBER_TYPE)
        items = self._members()
        data = bytearray(encode(t, items))
        # Element 10: cut its last member (UpdateTime, 8 bytes), as an older writer would; element 30 gains 3 bytes.
        offsets = []
        p = 4
        for _ in range(50):
            offsets.append(p)
            p += 4 + int.from_bytes(data[p:p + 4], "little", signed=True)
        o30 = offsets[30]
        n30 = int.from_bytes(data[o30:o30 + 4], "little")
        data[o30:o30 + 4] = (n30 + 3).to_bytes(4, "little")
        data[o30 + 4 + n30:o30 + 4 + n30] = b"\x01\x02\x03"
        o10 = offsets[10]
        n10 = int.from_bytes(data[o10:o10 + 4], "little")
        data[o10:o10 + 4] = (n10 - 8).to_bytes(4, "little")
        del data[o10 + 4 + n10 - 8:o10 + 4 + n10]
        decoded = decode(t, bytes(data))
        expected = list(items)
        older = items[10]
        assert older is not None
        expected[10] = api.Member(older.id, older.name, older.description, older.address, older.value, 0)
        self.assertEqual(decoded, expected)

    def test_bad_element_is_reported_at_its_index(self) -> None:
        from pack_client import descriptors as d
        from pack_client import PackDecodeError, decode, encode
        t = d.ListType(api.MEMBER_TYPE)
        data = bytearray(encode(t, self._members()))
        data[-20] = 0xFF  # inside the last element's strings or numbers
        try:
            decode(t, bytes(data))
        except PackDecodeError as e:
            self.assertTrue(e.path.startswith("$[49]"), e.path)
        else:
            self.fail("the damaged last element decoded")

    def test_malformed_utf8_in_an_element_is_the_general_readers_error(self) -> None:
        from pack_client import descriptors as d
        from pack_client import PackDecodeError, decode, encode
        t = d.ListType(api.MEMBER_TYPE)
        data = bytearray(encode(t, self._members()))
        p = 4
        for _ in range(20):
            p += 4 + int.from_bytes(data[p:p + 4], "little", signed=True)
        name = p + 4 + 4 + 4  # element 20: its length, Id (i32), the string header of Name
        data[name] = 0xFF
        with self.assertRaises(PackDecodeError) as caught:
            decode(t, bytes(data))
        self.assertIn("invalid UTF-8", str(caught.exception))
        self.assertEqual(caught.exception.offset, name)
        self.assertTrue(caught.exception.path.startswith("$[20]"), caught.exception.path)
