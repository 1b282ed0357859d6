"""docs/vectors/schemas.json and compatibility.json: canonical texts, fingerprints, the reader's rules, the check."""

from __future__ import annotations

import json
import unittest

from pack_client import PackSchemaError
from pack_client.schema import canonical_text, check_compatibility, parse_schema, parse_schema_set

from vector_types import load

SCHEMAS = load("schemas.json")


def _is_set(v: dict) -> bool:
    if "text" in v:
        return "pack-schema-set/1" in v["text"]
    return isinstance(v["document"], dict) and v["document"].get("format") == "pack-schema-set/1"


def _source(v: dict) -> object:
    return v["text"] if "text" in v else json.dumps(v["document"], ensure_ascii=False)


class SchemaVectorTests(unittest.TestCase):
    def test_every_schema_has_its_canonical_texts_and_fingerprints(self) -> None:
        for v in SCHEMAS["schemas"]:
            with self.subTest(type=v["type"]):
                s = parse_schema(json.dumps(v["schema"]))
                self.assertEqual(s.canonical_text, v["canonical"])
                self.assertEqual(s.wire_canonical_text, v["wireCanonical"])
                self.assertEqual(s.contract_fingerprint, v["contract"])
                self.assertEqual(s.wire_fingerprint, v["wire"])
                self.assertEqual(parse_schema(v["canonical"]).canonical_text, v["canonical"])

    def test_every_invalid_document_is_rejected_at_its_entry(self) -> None:
        for v in SCHEMAS["invalid"]:
            with self.subTest(id=v["id"]):
                with self.assertRaises(PackSchemaError) as caught:
                    if _is_set(v):
                        parse_schema_set(_source(v))
                    else:
                        parse_schema(_source(v))
                if "at" in v:
                    message = str(caught.exception)
                    self.assertTrue(message.startswith(v["at"] + ":") or message.startswith(v["at"] + " "), message)
                if not _is_set(v):  # a reader of sets reads a lone schema as a set of one, and rejects it too
                    with self.assertRaises(PackSchemaError):
                        parse_schema_set(_source(v))

    def test_every_edge_is_accepted(self) -> None:
        for v in SCHEMAS["edges"]:
            with self.subTest(id=v["id"]):
                if _is_set(v):
                    parse_schema_set(_source(v))
                else:
                    parse_schema(_source(v))

    def test_every_normalised_document_reads_as_its_schema(self) -> None:
        # Written otherwise than the canonical text (no signed, 1.0 for 1, null or unknown properties): the schema as
        # read has the canonical texts and fingerprints of the schemas entry named by "as" (docs/schema.md §2.1).
        by_type = {s["type"]: s for s in SCHEMAS["schemas"]}
        for v in SCHEMAS["normalised"]:
            with self.subTest(id=v["id"]):
                expected = by_type[v["as"]]
                for s in (parse_schema(_source(v)), parse_schema_set(_source(v)).schemas[0]):
                    self.assertEqual(s.canonical_text, expected["canonical"])
                    self.assertEqual(s.wire_canonical_text, expected["wireCanonical"])
                    self.assertEqual(s.contract_fingerprint, expected["contract"])
                    self.assertEqual(s.wire_fingerprint, expected["wire"])
        self.assertGreater(len(SCHEMAS["normalised"]), 3)

    def test_canonical_text_orders_names_by_utf16_code_units(self) -> None:
        # RFC 8785 (§2.1): U+1F600 is the surrogate pair D83D DE00, so it sorts before U+FFFD, unlike by code point.
        self.assertEqual(canonical_text({"z": [{"\U0001F600": 1, "\uFFFD": 2, "a": 3}], "b": None}),
                         '{"b":null,"z":[{"a":3,"\U0001F600":1,"\uFFFD":2}]}')

    def test_set_root_twice_with_one_schema_is_one_entry(self) -> None:
        v = next(e for e in SCHEMAS["edges"] if e["id"] == "set-root-twice-same-schema")
        self.assertEqual(len(parse_schema_set(_source(v)).schemas), 1)


class CompatibilityVectorTests(unittest.TestCase):
    def test_every_case_reports_its_violations_in_order(self) -> None:
        cases = load("compatibility.json")["cases"]
        for c in cases:
            with self.subTest(id=c["id"]):
                found = check_compatibility(parse_schema(c["reader"]), parse_schema(c["writer"]))
                self.assertEqual([(x.rule, x.path) for x in found],
                                 [(x["ruleId"], x["path"]) for x in c["violations"]])
                if "reverseViolations" in c:  # the roles swapped: the writer's program reading the reader's payloads
                    back = check_compatibility(parse_schema(c["writer"]), parse_schema(c["reader"]))
                    self.assertEqual([(x.rule, x.path) for x in back],
                                     [(x["ruleId"], x["path"]) for x in c["reverseViolations"]])
        self.assertGreater(len(cases), 30)


if __name__ == "__main__":
    unittest.main()
