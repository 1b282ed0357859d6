"""An HTTP client over the standard library (``http.client``): unary calls, server streams read item by item,
client-streamed uploads, deadlines (``Pack-Timeout``), problem+json errors as typed exceptions, the schema checks of
docs/schema.md §5.1 (responses) and §5.2 (request bodies), and a JSON fallback when a server answers JSON."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from .codec import Reader, decode, encode, reader_for, run_reader
from .descriptors import Descriptor
from .errors import PackApiError, PackDeadlineExceededError, PackIncompatibleSchemaError, PackSchemaError
from .schema import Schema, SchemaSet, check_compatibility, parse_schema, parse_schema_set
from .stream import StreamReader, write_item, end_frame
from .webjson import from_web_json

T = TypeVar("T")

PACK = "application/x-pack"
PACK_STREAM = "application/x-pack-stream"
_HEX16 = frozenset("0123456789abcdef")
NOT_SERVED = "urn:pack:problem:schema-not-served"
LOOKUP_ATTEMPTS = 4
LOOKUP_ATTEMPT_SECONDS = 10.0
LOOKUP_TOTAL_SECONDS = 20.0
LOOKUP_MAX_BYTES = 16 * 1024 * 1024
LOOKUP_QUIET_SECONDS = 60.0
_URI_SAFE = "!~*'()"  # encodeURIComponent's unreserved marks (quote keeps letters, digits and -_.~)


class Payload(Generic[T]):
    """A root type of a schema set: its descriptor, fingerprints (§2.3) and contract text (§2.1)."""

    __slots__ = ("label", "descriptor", "wire", "contract", "schema_text", "_schema", "_read")

    def __init__(self, label: str, descriptor: Descriptor, *, wire: str, contract: str, schema: str) -> None:
        self.label = label
        self.descriptor = descriptor
        self.wire = wire
        self.contract = contract
        self.schema_text = schema
        self._schema: Schema | None = None
        self._read: Callable[[Reader], Any] | None = None

    @property
    def schema(self) -> Schema:
        """The parsed schema (parsed once)."""
        if self._schema is None:
            self._schema = parse_schema(self.schema_text)
        return self._schema

    def encode(self, value: T) -> bytes:
        """One payload of the value."""
        return encode(self.descriptor, value)

    def decode(self, data: bytes) -> T:
        """The value of one payload."""
        read = self._read
        if read is None:
            read = self._read = reader_for(self.descriptor, True)
        value: T = run_reader(read, Reader(data if type(data) is bytes else bytes(data)))
        return value


def _is_fingerprint(value: str | None) -> bool:
    return value is not None and len(value) == 16 and set(value) <= _HEX16


def param_text(value: object) -> str:
    """A route or query parameter's invariant text (docs/schema.md §5.3 step 3)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value)


def build_path(route: str, path: Sequence[tuple[str, object, str, bool]], query: Sequence[tuple[str, object, str]]) -> str:
    """The relative URL of an endpoint: each ``{name}`` percent-encoded, a catch-all by pieces, then the query."""
    url = route
    for name, value, _type, catch_all in path:
        text = "" if value is None else param_text(value)
        if catch_all:
            encoded = "/".join(urllib.parse.quote(piece, safe=_URI_SAFE) for piece in text.split("/"))
        else:
            encoded = urllib.parse.quote(text, safe=_URI_SAFE)
        url = url.replace("{" + name + "}", encoded)
    url = url.lstrip("/")
    pairs = [f"{urllib.parse.quote(n, safe=_URI_SAFE)}={urllib.parse.quote(param_text(v), safe=_URI_SAFE)}"
             for n, v, _t in query if v is not None]
    return url + ("?" + "&".join(pairs) if pairs else "")


def timeout_header(seconds: float) -> str:
    """A ``Pack-Timeout`` value (docs/operations.md): whole milliseconds, at least one."""
    return f"{max(1, int(seconds * 1000))}m"


class PackClient:
    """Calls a Pack API. ``base_url`` is the app's root (``http://127.0.0.1:5000/``)."""

    def __init__(self, base_url: str, *, timeout: float | None = None, headers: dict[str, str] | None = None,
                 check_schema: bool = True, send_request_schema: bool = True,
                 schema_endpoint: str = "/pack/schema", prefer_json: bool = False,
                 when_unavailable: str = "read", when_not_served: str = "fail") -> None:
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {base_url}")
        self._scheme = parts.scheme
        self._host = parts.hostname
        self._port = parts.port or (443 if parts.scheme == "https" else 80)
        self._base = parts.path if parts.path.endswith("/") else parts.path + "/"
        self.timeout = timeout
        self.headers = dict(headers or {})
        self.check_schema = check_schema
        self.send_request_schema = send_request_schema
        self.schema_endpoint = schema_endpoint
        # §5.1 step 8: no schema endpoint (read by default) / an endpoint that serves no such schema (fail).
        if when_unavailable not in ("read", "fail") or when_not_served not in ("read", "fail"):
            raise ValueError('when_unavailable and when_not_served are "read" or "fail"')
        self.when_unavailable = when_unavailable
        self.when_not_served = when_not_served
        self.prefer_json = prefer_json  # ask for JSON only (the fallback path, as a server without Pack answers)
        self._verdicts: dict[tuple[str, str], list[str]] = {}
        self._served: dict[str, Schema] = {}
        self._failures: dict[str, tuple[float, str]] = {}
        self._etag: str | None = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------------------------------------------ connection

    def _connect(self, timeout: float | None) -> http.client.HTTPConnection:
        if self._scheme == "https":
            return http.client.HTTPSConnection(self._host, self._port, timeout=timeout)
        return http.client.HTTPConnection(self._host, self._port, timeout=timeout)

    def _target(self, relative: str) -> str:
        if relative.startswith("/"):
            return relative
        return self._base + relative

    def _send(self, method: str, target: str, headers: dict[str, str], body: bytes | Iterable[bytes] | None,
              timeout: float | None, stream_body: bool) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        conn = self._connect(timeout)
        all_headers = {**self.headers, **headers}
        try:
            if stream_body:
                all_headers["Transfer-Encoding"] = "chunked"
                conn.request(method, target, body=body, headers=all_headers, encode_chunked=True)
            else:
                conn.request(method, target, body=body, headers=all_headers)
            return conn, conn.getresponse()
        except (socket.timeout, TimeoutError):
            conn.close()
            raise PackDeadlineExceededError(f"{method} {target}: the deadline passed") from None

    # ------------------------------------------------------------------------------------------------------ calls

    def call(self, method: str, route: str, *, response: Payload[T], path: Sequence[tuple[str, object, str, bool]] = (),
             query: Sequence[tuple[str, object, str]] = (), request: Payload[Any] | None = None, body: object = None,
             request_stream: bool = False, timeout: float | None = None) -> T:
        """A unary call whose response body is one value of ``response``."""
        conn, resp = self._exchange(method, route, path, query, request, body, request_stream, timeout,
                                    f"{PACK}, application/json;q=0.9")
        try:
            data = self._read_all(resp, timeout)
            ctype = _media_type(resp)
            if ctype == PACK:
                self._check_response(resp, response, conn_timeout=timeout)
                return response.decode(data)
            if ctype in ("application/json", "text/json") or ctype.endswith("+json"):
                value: T = from_web_json(response.descriptor, json.loads(data))
                return value
            raise PackApiError(resp.status, None, f"unexpected content type {ctype!r}")
        finally:
            conn.close()

    def call_empty(self, method: str, route: str, *, path: Sequence[tuple[str, object, str, bool]] = (),
                   query: Sequence[tuple[str, object, str]] = (), request: Payload[Any] | None = None,
                   body: object = None, request_stream: bool = False, timeout: float | None = None) -> None:
        """A call whose success has no body the client reads."""
        conn, resp = self._exchange(method, route, path, query, request, body, request_stream, timeout, "*/*")
        try:
            self._read_all(resp, timeout)
        finally:
            conn.close()

    def call_stream(self, method: str, route: str, *, response: Payload[T],
                    path: Sequence[tuple[str, object, str, bool]] = (), query: Sequence[tuple[str, object, str]] = (),
                    request: Payload[Any] | None = None, body: object = None, request_stream: bool = False,
                    timeout: float | None = None) -> Iterator[T]:
        """A call whose response is a stream: the items are yielded one by one as their frames arrive."""
        conn, resp = self._exchange(method, route, path, query, request, body, request_stream, timeout,
                                    f"{PACK_STREAM}, application/json;q=0.9")
        return self._items(conn, resp, response, timeout)

    def _items(self, conn: http.client.HTTPConnection, resp: http.client.HTTPResponse, response: Payload[T],
               timeout: float | None) -> Iterator[T]:
        try:
            ctype = _media_type(resp)
            if ctype == PACK_STREAM:
                self._check_response(resp, response, conn_timeout=timeout)
                deadline = None if timeout is None else time.monotonic() + timeout
                read = resp.read1 if hasattr(resp, "read1") else resp.read

                def chunk(n: int) -> bytes:
                    if deadline is not None and time.monotonic() > deadline:
                        raise PackDeadlineExceededError("the deadline passed while the stream was read")
                    try:
                        return read(n)
                    except (socket.timeout, TimeoutError):
                        raise PackDeadlineExceededError("the deadline passed while the stream was read") from None
                for item in StreamReader(response.descriptor, chunk):
                    yield item
                return
            if ctype == PACK:  # a whole Pack array read item by item (§5.1 step 1: the reader type is list<T>)
                from .descriptors import ListType
                for item in decode(ListType(response.descriptor), self._read_all(resp, timeout)) or []:
                    yield item
                return
            data = json.loads(self._read_all(resp, timeout))
            for item in data if isinstance(data, list) else [data]:
                yield from_web_json(response.descriptor, item)
        finally:
            conn.close()

    def _exchange(self, method: str, route: str, path: Sequence[tuple[str, object, str, bool]],
                  query: Sequence[tuple[str, object, str]], request: Payload[Any] | None, body: object,
                  request_stream: bool, timeout: float | None, accept: str
                  ) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        timeout = timeout if timeout is not None else self.timeout
        target = self._target(build_path(route, path, query))
        headers = {"Accept": "application/json" if self.prefer_json and accept != "*/*" else accept}
        if timeout is not None:
            headers["Pack-Timeout"] = timeout_header(timeout)
        payload: bytes | Iterable[bytes] | None = None
        if request is not None:
            headers["Content-Type"] = PACK_STREAM if request_stream else PACK
            if self.send_request_schema:
                headers["Pack-Schema"] = request.wire
            if request_stream:
                payload = _frames(request, body)  # type: ignore[arg-type]
            else:
                payload = request.encode(body)
        for attempt in (1, 2):
            conn, resp = self._send(method, target, headers, payload, timeout, request is not None and request_stream)
            if resp.status < 400:
                return conn, resp
            problem = _problem(resp)
            conn.close()
            if (attempt == 1 and resp.status == 412 and request is not None and problem is not None
                    and problem.get("type") == "urn:pack:problem:request-schema-unknown"
                    and isinstance(problem.get("schemaEndpoint"), str)):
                registered = self._register(problem["schemaEndpoint"], request, timeout)
                if registered and not request_stream:
                    continue
            if resp.status == 504 and problem is not None and problem.get("type") == "urn:pack:deadline-exceeded":
                raise PackDeadlineExceededError(f"{method} {target}: the server's deadline passed (504)")
            raise PackApiError(resp.status, problem)
        raise AssertionError("unreachable")

    def _register(self, endpoint: str, request: Payload[Any], timeout: float | None) -> bool:
        """§5.2 step 2: POST the body type's schema set to the server's endpoint, on the request's origin only."""
        parts = urllib.parse.urlsplit(endpoint)
        if parts.scheme or parts.netloc:
            if (parts.scheme, parts.hostname, parts.port or (443 if parts.scheme == "https" else 80)) != \
                    (self._scheme, self._host, self._port):
                return False
        target = parts.path + ("?" + parts.query if parts.query else "")
        text = SchemaSet.of([(request.label, request.schema)]).to_json().encode("utf-8")
        conn, resp = self._send("POST", target, {"Content-Type": "application/json"}, text, timeout, False)
        try:
            resp.read()
            return resp.status == 200
        finally:
            conn.close()

    # --------------------------------------------------------------------------------------- §5.1 response check

    def _check_response(self, resp: http.client.HTTPResponse, payload: Payload[Any], conn_timeout: float | None) -> None:
        header = resp.getheader("Pack-Schema")
        if not self.check_schema or not _is_fingerprint(header) or header == payload.wire:
            return
        assert header is not None
        key = (payload.wire, header)
        verdict = self._verdicts.get(key)
        if verdict is None:
            with self._lock:  # one lookup at a time; calls that need it meanwhile use its result
                verdict = self._verdicts.get(key)
                if verdict is None:
                    outcome, writer = self._lookup(header)
                    if writer is None:
                        if (self.when_unavailable if outcome == "unavailable" else self.when_not_served) == "read":
                            return
                        raise PackIncompatibleSchemaError(
                            f"the server wrote {payload.label} with the contract {header}, which its schema endpoint "
                            f"{'cannot be reached at' if outcome == 'unavailable' else 'does not serve at'} "
                            f"{self.schema_endpoint}", [])
                    verdict = [repr(v) for v in check_compatibility(payload.schema, writer)]
                    self._verdicts[key] = verdict
        if verdict:
            raise PackIncompatibleSchemaError(
                f"the server wrote {payload.label} with the contract {header}, which this client's ({payload.wire}) "
                f"cannot read: {'; '.join(verdict)}", verdict)

    def _lookup(self, fingerprint: str) -> tuple[str, Schema | None]:
        """§5.1 step 5: the writer's schema from the schema endpoint, asking again (up to 4 attempts, without
        If-None-Match) while replicas answer without it; ("found" | "unavailable" | "not-served", the schema)."""
        known = self._served.get(fingerprint)
        if known is not None:
            return "found", known
        failed = self._failures.get(fingerprint)
        if failed is not None and time.monotonic() - failed[0] < LOOKUP_QUIET_SECONDS:
            return failed[1], None
        answered = False
        started = time.monotonic()
        for attempt in range(LOOKUP_ATTEMPTS):
            left = LOOKUP_TOTAL_SECONDS - (time.monotonic() - started)
            if left <= 0:
                break
            headers = {"Accept": "application/json"}
            if attempt == 0 and self._etag:
                headers["If-None-Match"] = self._etag
            if "Authorization" in self.headers:
                headers["Authorization"] = self.headers["Authorization"]
            try:
                conn, resp = self._send("GET", f"{self.schema_endpoint}?wire={fingerprint}", headers, None,
                                        min(LOOKUP_ATTEMPT_SECONDS, left), False)
                try:
                    data = resp.read(LOOKUP_MAX_BYTES + 1)
                finally:
                    conn.close()
            except (OSError, http.client.HTTPException, PackDeadlineExceededError):
                break  # not a replica's answer: retrying an unreachable endpoint only adds latency
            if resp.status == 200:
                if len(data) > LOOKUP_MAX_BYTES:
                    break
                try:
                    served = parse_schema_set(data)
                except PackSchemaError:
                    break
                self._served.update(served.by_wire)
                self._etag = resp.getheader("ETag")
                answered = True
            elif resp.status == 304:
                answered = True
            elif resp.status == 404 and _not_served(data):
                answered = True
            else:
                break
            found = self._served.get(fingerprint)
            if found is not None:
                return "found", found
        outcome = "not-served" if answered else "unavailable"
        self._failures[fingerprint] = (time.monotonic(), outcome)
        return outcome, None

    @staticmethod
    def _read_all(resp: http.client.HTTPResponse, timeout: float | None) -> bytes:
        try:
            return resp.read()
        except (socket.timeout, TimeoutError):
            raise PackDeadlineExceededError("the deadline passed while the response was read") from None


def _frames(request: Payload[Any], items: Iterable[Any]) -> Iterator[bytes]:
    for item in items:
        yield write_item(request.descriptor, item)
    yield end_frame()


def _media_type(resp: http.client.HTTPResponse) -> str:
    return (resp.getheader("Content-Type") or "").split(";")[0].strip().lower()


def _problem(resp: http.client.HTTPResponse) -> dict[str, Any] | None:
    try:
        data = resp.read()
    except (OSError, http.client.HTTPException):
        return None
    if "json" not in _media_type(resp):
        return None
    try:
        value = json.loads(data)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _not_served(data: bytes) -> bool:
    try:
        value = json.loads(data)
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("type") == NOT_SERVED
