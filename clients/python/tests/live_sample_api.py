"""The live sample API (samples/WebApi), called through the clients `pack py` generated from its served set.

Run by tests/Pack.Python.Tests (LiveSampleApiTests), which starts the API on 127.0.0.1 and passes its address in
PACK_SAMPLE_URL; not a `test_*` module, so that a plain `unittest discover` does not run it without a server.
"""

from __future__ import annotations

import os
import unittest
from decimal import Decimal

import generated.sample_api as api
from pack_client import (
    PackApiError, PackDateTimeOffset, PackDeadlineExceededError, PackIncompatibleSchemaError,
)
from pack_client import descriptors as d
from pack_client.client import PackClient, Payload
from pack_client.schema import parse_schema

URL = os.environ["PACK_SAMPLE_URL"]


def client(**options: object) -> PackClient:
    return PackClient(URL, timeout=30, **options)  # type: ignore[arg-type]


def new_order(customer: str = "Ada") -> api.CreateOrderRequest:
    return api.CreateOrderRequest(customer, [api.OrderLine("PACK-1", 2, Decimal("9.99"))], api.OrderStatus.PAID)


class SampleApiTests(unittest.TestCase):
    def test_orders_every_endpoint(self) -> None:
        orders = api.OrdersClient(client())
        created = orders.create(new_order())
        assert created is not None
        self.assertEqual((created.customer, created.total), ("Ada", Decimal("19.98")))
        self.assertEqual(orders.get(created.id), created)
        self.assertIn(created, orders.list() or [])
        replaced = orders.replace(created.id, new_order("Grace"))
        assert replaced is not None
        self.assertEqual(replaced.customer, "Grace")
        self.assertEqual(orders.delete(created.id), replaced)
        with self.assertRaises(PackApiError) as caught:
            orders.get(created.id)
        self.assertEqual(caught.exception.status, 404)

    def test_minimal_every_endpoint(self) -> None:
        minimal = api.MinimalClient(client())
        created = minimal.create_order(new_order("Lin"))
        assert created is not None
        self.assertEqual(minimal.get_order(created.id), created)
        org = minimal.get_organization(3)
        assert org is not None and org.members is not None
        self.assertEqual(len(org.members), 3)
        self.assertEqual(minimal.get_cached_organization(3), org)

    def test_organizations_and_shipments(self) -> None:
        orgs = api.OrganizationsClient(client())
        org = orgs.get(5)
        assert org is not None and org.members is not None
        self.assertEqual(len(org.members), 5)
        self.assertEqual(orgs.get_cached(5), org)
        shipments = api.ShipmentsClient(client())
        shipment = shipments.get(1)
        assert shipment is not None
        self.assertEqual(shipments.echo(shipment), shipment)
        sent = api.Shipment(9, "DHL", Decimal("1.25"), api.ShipmentStatus.IN_TRANSIT,
                            PackDateTimeOffset(638397614451234567, -300), ["a", "b"], None)
        self.assertEqual(shipments.echo(sent), sent)

    def test_server_stream_item_by_item(self) -> None:
        items = api.MembersClient(client()).stream(count=25)
        first = next(items)
        assert first is not None
        self.assertEqual(first.id, 1)
        rest = list(items)
        self.assertEqual([m.id for m in rest if m is not None], list(range(2, 26)))

    def test_client_stream_upload(self) -> None:
        readings = api.ReadingsClient(client())
        sent = [api.Reading(k % 3, 1_700_000_000_000 + k, float(k)) for k in range(1000)]
        summary = readings.upload(iter(sent))
        assert summary is not None
        self.assertEqual((summary.count, summary.total, summary.max), (1000, float(sum(range(1000))), 999.0))
        # A bidirectional call needs HTTP/2, which http.client does not speak: the server says so as a problem.
        with self.assertRaises(PackApiError) as caught:
            list(readings.scale(iter(sent[:50]), factor=2.0))
        self.assertEqual(caught.exception.status, 400)

    def test_deadline(self) -> None:
        ops = api.OperationsClient(client())
        with self.assertRaises(PackDeadlineExceededError):
            ops.slow(delay_ms=5000, timeout=0.3)
        done = ops.slow(delay_ms=1)
        assert done is not None
        self.assertEqual(done.name, "finished in time")

    def test_validation_error_is_a_typed_problem(self) -> None:
        with self.assertRaises(PackApiError) as caught:
            api.MinimalClient(client()).get_organization(-1)
        self.assertEqual(caught.exception.status, 400)
        assert caught.exception.problem is not None
        self.assertIn("members", caught.exception.problem["errors"])
        with self.assertRaises(PackApiError) as invalid:
            api.OrdersClient(client()).create(api.CreateOrderRequest("", [], api.OrderStatus.PENDING))
        self.assertEqual(invalid.exception.status, 400)

    def test_json_fallback_reads_the_same_values(self) -> None:
        pack = api.OrganizationsClient(client()).get(4)
        json = api.OrganizationsClient(client(prefer_json=True)).get(4)
        self.assertEqual(json, pack)
        streamed = list(api.MembersClient(client(prefer_json=True)).stream(count=3))
        self.assertEqual([m.id for m in streamed if m is not None], [1, 2, 3])


def _incompatible_shipment() -> Payload[api.Shipment | None]:
    """This client's Shipment with WeightKg a double: the server's (decimal) cannot be read with it."""
    text = api.SHIPMENT_PAYLOAD.schema_text.replace('"primitive":"decimal","width":16', '"primitive":"f64","width":8')
    schema = parse_schema(text)
    members = [d.Member(m.name, m.attr, d.F64 if m.name == "WeightKg" else m.type, m.default,
                        m.nullability) for m in api.SHIPMENT_TYPE.members]
    descriptor = d.ObjectType(api.SHIPMENT_TYPE.name, api.Shipment, members)
    return Payload(api.SHIPMENT_PAYLOAD.label, descriptor, wire=schema.wire_fingerprint,
                   contract=schema.contract_fingerprint, schema=schema.canonical_text)


class ContractTests(unittest.TestCase):
    def test_response_of_an_incompatible_contract_is_refused(self) -> None:
        with self.assertRaises(PackIncompatibleSchemaError) as caught:
            client().call("GET", "/api/shipments/{id}", path=[("id", 1, "i32", False)], response=_incompatible_shipment())
        self.assertTrue(any("MEMBER_RETYPED at $.WeightKg" in v for v in caught.exception.violations), caught.exception)

    def test_request_of_an_incompatible_contract_is_refused_by_the_server(self) -> None:
        payload = _incompatible_shipment()
        sent = api.Shipment(3, "UPS", 1.5, api.ShipmentStatus.PACKED, PackDateTimeOffset(0, 0), [], None)  # type: ignore[arg-type]
        with self.assertRaises(PackApiError) as caught:
            client(check_schema=False).call("POST", "/api/shipments", request=payload, body=sent, response=payload)
        self.assertEqual(caught.exception.status, 409)


if __name__ == "__main__":
    unittest.main()
