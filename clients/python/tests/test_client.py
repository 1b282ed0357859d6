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


if __name__ == "__main__":
    unittest.main()
