"""Pack streams (wire-format.md §10): frames of Item, End and Error, read and written."""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

from . import _budget as B
from .codec import DecodeOptions, Reader, Writer, read_payload, write_payload
from .descriptors import I32, STRING, Member, ObjectType
from .errors import PackDecodeError, PackStreamError

ITEM = 1
END = 2
ERROR = 3

_HEADER = struct.Struct("<Bi")


class _StreamError:
    __slots__ = ("status", "type", "title", "detail", "trace_id")

    def __init__(self, status: int, type: str | None, title: str | None, detail: str | None, trace_id: str | None) -> None:
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.trace_id = trace_id


STREAM_ERROR = ObjectType("Pack.Streaming.PackStreamError", _StreamError, [
    Member("Status", "status", I32), Member("Type", "type", STRING), Member("Title", "title", STRING),
    Member("Detail", "detail", STRING), Member("TraceId", "trace_id", STRING),
])


def frame(kind: int, payload: bytes) -> bytes:
    """One frame's bytes."""
    return _HEADER.pack(kind, len(payload)) + payload


def write_item(descriptor: Any, value: Any) -> bytes:
    """An Item frame holding one payload of the item type."""
    w = Writer()
    write_payload(descriptor, w, value)
    return frame(ITEM, bytes(w.buf))


def end_frame() -> bytes:
    """The End frame."""
    return b"\x02\0\0\0\0"


def error_frame(status: int, title: str | None = None, detail: str | None = None, type: str | None = None,
                trace_id: str | None = None) -> bytes:
    """An Error frame (a writer always writes a PackStreamError object, never a null payload)."""
    w = Writer()
    write_payload(STREAM_ERROR, w, _StreamError(status, type, title, detail, trace_id))
    return frame(ERROR, bytes(w.buf))


def write_stream(descriptor: Any, items: Iterable[Any]) -> Iterator[bytes]:
    """The frames of a complete stream: an Item per value, then End."""
    for item in items:
        yield write_item(descriptor, item)
    yield end_frame()


class StreamReader:
    """Reads a stream frame by frame from a source of bytes, as they arrive (a socket, a response, a file).

    ``read`` is called with a byte count and returns up to that many bytes, or ``b""`` at the end. The allocation
    budget covers the stream as a whole (§10.1): the ratio × the bytes received so far, plus one allowance.
    """

    def __init__(self, descriptor: Any, read: Callable[[int], bytes], options: DecodeOptions | None = None,
                 max_payload_length: int = B.MAX_PAYLOAD_LENGTH) -> None:
        self._descriptor = descriptor
        self._read = read
        self._options = options or DecodeOptions()
        self._max = max_payload_length
        self._offset = 0
        self._spent = 0
        self._done = False

    def _exactly(self, n: int) -> bytes:
        chunks = []
        need = n
        while need:
            chunk = self._read(need)
            if not chunk:
                break
            chunks.append(chunk)
            need -= len(chunk)
        data = b"".join(chunks)
        return data

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        if self._done:
            raise StopIteration
        start = self._offset
        header = self._exactly(5)
        self._offset += len(header)
        if len(header) < 5:
            self._done = True
            raise PackDecodeError("the stream stops without an End or Error frame" if not header
                                  else "the stream stops inside a frame header", self._offset)
        kind, length = _HEADER.unpack(header)
        if kind not in (ITEM, END, ERROR):
            self._done = True
            raise PackDecodeError(f"unknown frame kind {kind}", start)
        if length < 0 or length > self._max or (kind == END and length != 0):
            self._done = True
            raise PackDecodeError(f"invalid frame length {length}", start + 1)
        if kind == END:
            self._done = True
            raise StopIteration
        payload = self._exactly(length)
        self._offset += len(payload)
        if len(payload) < length:
            self._done = True
            raise PackDecodeError("the stream stops inside a frame's payload", self._offset)
        o = self._options
        budget = o.max_allocation_ratio * self._offset + o.allocation_allowance - self._spent
        r = Reader(payload, o, budget)
        try:
            value = read_payload(self._descriptor if kind == ITEM else STREAM_ERROR, r)
        except PackDecodeError as e:
            self._done = True
            e.offset += start + 5
            raise
        self._spent += budget - r.budget
        if kind == ERROR:
            self._done = True
            if value is None:
                raise PackStreamError(500, None, None, None, None)
            raise PackStreamError(value.status, value.type, value.title, value.detail, value.trace_id)
        return value


def read_stream(descriptor: Any, data: bytes | BinaryIO, options: DecodeOptions | None = None) -> Iterator[Any]:
    """The items of a stream from bytes or a binary file object; raises at a malformed stream or an Error frame."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        view = memoryview(bytes(data))
        pos = 0

        def read(n: int) -> bytes:
            nonlocal pos
            chunk = bytes(view[pos:pos + n])
            pos += len(chunk)
            return chunk
        return StreamReader(descriptor, read, options)
    return StreamReader(descriptor, data.read, options)
