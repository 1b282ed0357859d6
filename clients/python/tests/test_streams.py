"""docs/vectors/streams.json: valid streams both ways, malformed ones rejected at the offsets §10 fixes."""

from __future__ import annotations

import unittest

from pack_client import PackDecodeError, PackStreamError
from pack_client.jsonmap import from_json, to_json
from pack_client.stream import read_stream, write_stream

from vector_types import VectorTypes, load

TYPES = VectorTypes()
DATA = load("streams.json")


class StreamVectorTests(unittest.TestCase):
    def test_valid_streams_read_to_their_outcome(self) -> None:
        for s in DATA["streams"]:
            with self.subTest(id=s["id"]):
                t = TYPES.get(s["itemType"])
                items = []
                outcome = "end"
                error = None
                try:
                    for item in read_stream(t, bytes.fromhex(s["hex"])):
                        items.append(to_json(t, item))
                except PackStreamError as e:
                    outcome = "error"
                    error = e
                self.assertEqual(outcome, s["outcome"])
                expected = [f["json"] for f in s["frames"] if f["kind"] == "item"]
                self.assertEqual(items, expected)
                if error is not None:
                    ej = next(f for f in s["frames"] if f["kind"] == "error")["json"]
                    self.assertEqual(error.status, 500 if ej is None else ej["Status"])
                    if ej is not None:
                        self.assertEqual((error.title, error.detail), (ej["Title"], ej["Detail"]))

    def test_valid_end_streams_write_their_bytes(self) -> None:
        for s in DATA["streams"]:
            if s["outcome"] != "end" or s.get("direction", "both") != "both":
                continue
            with self.subTest(id=s["id"]):
                t = TYPES.get(s["itemType"])
                values = [from_json(t, f["json"]) for f in s["frames"] if f["kind"] == "item"]
                self.assertEqual(b"".join(write_stream(t, values)).hex(),
                                 "".join(f["hex"] for f in s["frames"]))

    def test_malformed_streams_are_rejected(self) -> None:
        for s in DATA["invalid"]:
            with self.subTest(id=s["id"]):
                t = TYPES.get(s["itemType"])
                data = bytes.fromhex(s["hex"])
                with self.assertRaises(PackDecodeError) as caught:
                    for _ in read_stream(t, data):
                        pass
                if "offset" in s:
                    self.assertEqual(caught.exception.offset, s["offset"], str(caught.exception))
                self.assertTrue(0 <= caught.exception.offset <= len(data))

    def test_stream_read_in_one_byte_chunks(self) -> None:
        t = TYPES.get("int")
        data = b"".join(write_stream(t, [1, 2, 3]))
        chunks = iter([data[i:i + 1] for i in range(len(data))])
        from pack_client.stream import StreamReader
        self.assertEqual(list(StreamReader(t, lambda n: next(chunks, b""))), [1, 2, 3])


if __name__ == "__main__":
    unittest.main()
