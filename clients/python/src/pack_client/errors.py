"""The one exception family of the Pack client: every failure is a :class:`PackError`."""

from __future__ import annotations

from typing import Any


class PackError(Exception):
    """The base of every error the Pack client raises."""


class PackDecodeError(PackError):
    """Malformed, truncated or over-budget bytes: what was wrong, at which byte offset, and at which value path."""

    def __init__(self, message: str, offset: int, path: str = "$") -> None:
        super().__init__(message)
        self.reason = message
        self.offset = offset
        self.path = path

    def __str__(self) -> str:
        return f"{self.reason} (at offset {self.offset}, {self.path})"


class PackBudgetError(PackDecodeError):
    """A payload asked for more work than the decoder's resource budgets allow (wire-format.md §12)."""


class PackEncodeError(PackError):
    """A value that cannot be written (a lone surrogate, a value out of range, a case that is not declared...)."""

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.reason = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.reason} ({self.path})"


class PackStreamError(PackError):
    """The producer of a stream reported an error in-band (an Error frame, wire-format.md §10)."""

    def __init__(self, status: int, type: str | None, title: str | None, detail: str | None, trace_id: str | None) -> None:
        super().__init__(title or detail or f"the stream's producer failed with status {status}")
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.trace_id = trace_id


class PackSchemaError(PackError):
    """A schema document or set that breaks a rule of docs/schema.md §1.5, §2.4 or §5.3."""


class PackApiError(PackError):
    """A non-success HTTP status, with the problem details (RFC 9457) the server sent, if any."""

    def __init__(self, status: int, problem: dict[str, Any] | None, message: str | None = None) -> None:
        title = problem.get("title") if problem else None
        super().__init__(message or (f"HTTP {status}: {title}" if title else f"HTTP {status}"))
        self.status = status
        self.problem = problem

    @property
    def type(self) -> str | None:
        """The problem's ``type`` URI."""
        value = self.problem.get("type") if self.problem else None
        return value if isinstance(value, str) else None


class PackIncompatibleSchemaError(PackError):
    """The server wrote a response with a contract this client's type cannot read (docs/schema.md §5.1)."""

    def __init__(self, message: str, violations: list[str]) -> None:
        super().__init__(message)
        self.violations = violations


class PackDeadlineExceededError(PackError):
    """The call's deadline passed (``Pack-Timeout``, docs/operations.md)."""
