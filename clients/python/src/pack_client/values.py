"""Value types for the .NET types Python has no exact equivalent for (100-nanosecond ticks)."""

from __future__ import annotations

import datetime as _dt
import enum
from dataclasses import dataclass

TICKS_PER_SECOND = 10_000_000
TICKS_PER_DAY = 864_000_000_000
MAX_TICKS = 3_155_378_975_999_999_999
UNIX_EPOCH_TICKS = 621_355_968_000_000_000


class DateTimeKind(enum.IntEnum):
    """The kind bits of a .NET ``DateTime`` (wire-format.md §2)."""

    UNSPECIFIED = 0
    UTC = 1
    LOCAL = 2


@dataclass(frozen=True, slots=True)
class PackDateTime:
    """A .NET ``DateTime``: ticks (100 ns since 0001-01-01) and its kind."""

    ticks: int
    kind: DateTimeKind = DateTimeKind.UNSPECIFIED

    @staticmethod
    def from_datetime(value: _dt.datetime) -> PackDateTime:
        """A ``datetime`` (aware ones become UTC; naive ones Unspecified)."""
        if value.tzinfo is not None:
            value = value.astimezone(_dt.timezone.utc).replace(tzinfo=None)
            kind = DateTimeKind.UTC
        else:
            kind = DateTimeKind.UNSPECIFIED
        delta = value - _dt.datetime(1, 1, 1)
        return PackDateTime((delta.days * 86_400 + delta.seconds) * TICKS_PER_SECOND + delta.microseconds * 10, kind)

    def to_datetime(self) -> _dt.datetime:
        """The ``datetime`` (microsecond precision; Utc values are aware)."""
        value = _dt.datetime(1, 1, 1) + _dt.timedelta(microseconds=self.ticks // 10)
        return value.replace(tzinfo=_dt.timezone.utc) if self.kind == DateTimeKind.UTC else value


@dataclass(frozen=True, slots=True)
class PackDateTimeOffset:
    """A .NET ``DateTimeOffset``: clock ticks (local date and time) and the offset in minutes."""

    ticks: int
    offset_minutes: int = 0

    @property
    def utc_ticks(self) -> int:
        """The instant, in UTC ticks (what key equality compares, wire-format.md §5.1)."""
        return self.ticks - self.offset_minutes * 600_000_000

    def to_datetime(self) -> _dt.datetime:
        """An aware ``datetime`` (microsecond precision)."""
        tz = _dt.timezone(_dt.timedelta(minutes=self.offset_minutes))
        return (_dt.datetime(1, 1, 1) + _dt.timedelta(microseconds=self.ticks // 10)).replace(tzinfo=tz)


def day_number(value: _dt.date) -> int:
    """A ``DateOnly``'s day number (days since 0001-01-01)."""
    return value.toordinal() - 1

