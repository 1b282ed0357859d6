"""The HTTP client's pieces that need no server: URLs (§5.3 step 3), Pack-Timeout, the JSON fallback's mapping."""

from __future__ import annotations

import unittest
import uuid
from decimal import Decimal

from pack_client import PackDateTimeOffset
from pack_client.client import build_path, timeout_header
from pack_client.webjson import from_web_json

import generated.sample_api as api


class ClientPieceTests(unittest.TestCase):
    def test_route_parameters_are_percent_encoded_and_catch_alls_by_piece(self) -> None:
        self.assertEqual(build_path("/api/orders/{id}", [("id", 42, "i32", False)], [("notify", True, "bool")]),
                         "api/orders/42?notify=true")
        self.assertEqual(build_path("/files/{path}", [("path", "docs/a b", "string", True)], []), "files/docs/a%20b")
        self.assertEqual(build_path("/x/{k}", [("k", "a/b?c", "string", False)], [("q", None, "i32")]), "x/a%2Fb%3Fc")
        self.assertEqual(build_path("/g/{id}", [("id", uuid.UUID(int=1), "guid", False)], [("f", 1.5, "f64")]),
                         "g/00000000-0000-0000-0000-000000000001?f=1.5")

    def test_timeout_header_is_whole_milliseconds_at_least_one(self) -> None:
        self.assertEqual(timeout_header(1.5), "1500m")
        self.assertEqual(timeout_header(0.0001), "1m")

    def test_web_json_builds_the_same_dataclasses(self) -> None:
        order = from_web_json(api.ORDER_TYPE, {
            "id": 7, "customer": "Ada", "status": 1, "lines": [{"sku": "P-1", "quantity": 2, "unitPrice": 9.99}],
            "total": 19.98, "createdAt": "2026-12-01T10:00:00.1234567+01:00"})
        self.assertEqual(order, api.Order(7, "Ada", api.OrderStatus.PAID, [api.OrderLine("P-1", 2, Decimal("9.99"))],
                                          Decimal("19.98"), PackDateTimeOffset(639317160001234567, 60)))

    def test_web_json_union_cases_are_chosen_by_their_discriminator(self) -> None:
        import generated.vectors as gv
        from pack_client import PackDecodeError
        self.assertEqual(from_web_json(gv.VECTOR_DRAWING_TYPE, {"shape": {"$type": 1, "side": 4}, "layer": 2}),
                         gv.VectorDrawing(gv.VectorSquare(4), 2))
        self.assertEqual(from_web_json(gv.VECTOR_DRAWING_TYPE, {"shape": {"$type": "vectorCircle", "radius": 1.5},
                                                                 "layer": 0}),
                         gv.VectorDrawing(gv.VectorCircle(1.5), 0))
        self.assertEqual(from_web_json(gv.VECTOR_DRAWING_TYPE, {"shape": None, "layer": 1}), gv.VectorDrawing(None, 1))
        for shape in ({"$type": 7, "side": 1}, {"side": 1}, {"$type": True, "side": 1}, [1]):
            with self.assertRaises(PackDecodeError, msg=repr(shape)):
                from_web_json(gv.VECTOR_DRAWING_TYPE, {"shape": shape, "layer": 2})


if __name__ == "__main__":
    unittest.main()


import json as _json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pack_client import PackIncompatibleSchemaError
from pack_client.client import PackClient
from pack_client.schema import SchemaSet, parse_schema


class _Replicas(BaseHTTPRequestHandler):
    """Answers /member with a Pack body whose Pack-Schema is a newer, compatible Member (an appended member), and
    /pack/schema like a fleet during a rolling deploy: `misses` answers without the fingerprint, then the set."""

    misses = 0
    asked: list[str] = []
    endpoint = True

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        newer = parse_schema(api.MEMBER_PAYLOAD.schema_text.replace(
            '{"name":"UpdateTime","type":4}]', '{"name":"UpdateTime","type":4},{"name":"Extra","type":1}]'))
        if self.path.startswith("/member"):
            body = api.MEMBER_PAYLOAD.encode(api.Member(1, "a", None, None, 2.0, 3))
            self._answer(200, "application/x-pack", body, {"Pack-Schema": newer.wire_fingerprint})
            return
        _Replicas.asked.append(self.headers.get("If-None-Match") or "")
        if not _Replicas.endpoint:
            self._answer(404, "text/plain", b"no")
        elif len(_Replicas.asked) <= _Replicas.misses:
            problem = {"type": "urn:pack:problem:schema-not-served", "status": 404}
            self._answer(404, "application/problem+json", _json.dumps(problem).encode())
        else:
            text = SchemaSet.of([(newer.label, newer)]).to_json().encode()
            self._answer(200, "application/json", text, {"ETag": '"e"'})

    def _answer(self, status: int, ctype: str, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)


class SchemaLookupTests(unittest.TestCase):
    def setUp(self) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Replicas)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        _Replicas.asked = []
        _Replicas.endpoint = True

    def tearDown(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _get(self, client: PackClient) -> api.Member | None:
        return client.call("GET", "/member", response=api.MEMBER_PAYLOAD)

    def test_replicas_without_the_schema_are_asked_again_up_to_four_times(self) -> None:
        _Replicas.misses = 3
        member = self._get(PackClient(self.url))
        self.assertEqual(member, api.Member(1, "a", None, None, 2.0, 3))  # compatible: read
        self.assertEqual(len(_Replicas.asked), 4)

    def test_a_schema_no_replica_serves_fails_and_is_not_asked_again_at_once(self) -> None:
        _Replicas.misses = 10
        client = PackClient(self.url)
        with self.assertRaises(PackIncompatibleSchemaError):
            self._get(client)
        with self.assertRaises(PackIncompatibleSchemaError):
            self._get(client)
        self.assertEqual(len(_Replicas.asked), 4)
        self.assertEqual(self._get(PackClient(self.url, when_not_served="read")).id, 1)

    def test_no_schema_endpoint_reads_by_default_or_fails_when_asked(self) -> None:
        _Replicas.endpoint = False
        self.assertEqual(self._get(PackClient(self.url)).id, 1)  # type: ignore[union-attr]
        with self.assertRaises(PackIncompatibleSchemaError):
            self._get(PackClient(self.url, when_unavailable="fail"))
