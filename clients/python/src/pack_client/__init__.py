"""Pack for Python: the codec of docs/wire-format.md, streams, schemas and an HTTP client, standard library only."""

from .codec import DecodeOptions, decode, encode
from .errors import (
    PackApiError, PackBudgetError, PackDeadlineExceededError, PackDecodeError, PackEncodeError, PackError,
    PackIncompatibleSchemaError, PackSchemaError, PackStreamError,
)
from .values import DateTimeKind, PackDateTime, PackDateTimeOffset

__all__ = [
    "decode", "encode", "DecodeOptions", "PackError", "PackDecodeError", "PackEncodeError", "PackBudgetError",
    "PackStreamError", "PackSchemaError", "PackApiError", "PackIncompatibleSchemaError", "PackDeadlineExceededError",
    "DateTimeKind", "PackDateTime", "PackDateTimeOffset",
]
