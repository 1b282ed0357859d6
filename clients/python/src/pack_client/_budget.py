"""The decoder's resource budgets (wire-format.md §12), over this runtime's own estimate of what CPython allocates.

The allocation budget is ``max_allocation_ratio`` (16) × the payload's length plus ``allocation_allowance``
(256 KiB), as in .NET and TypeScript, charged before anything is allocated. The estimates below are CPython 3.11's
object sizes, rounded down (an estimate must never make an honest payload fail where the real memory would not).
"""

MAX_ALLOCATION_RATIO = 16
ALLOCATION_ALLOWANCE = 256 * 1024
MAX_DEPTH = 64
MAX_PAYLOAD_LENGTH = 128 * 1024 * 1024

POINTER = 8
OBJECT = 32          # a slotted dataclass instance: GC header + object header (its slots are POINTER each)
LIST = 56
DICT = 64
DICT_ENTRY = 40      # hash, key and value in the entries table, plus the index slot
SET = 64
SET_ENTRY = 16
STRING = 49          # an ASCII str's header; each UTF-8 byte is at most one byte of storage (rounded down)
INT = 28             # an int outside the small-int cache
BIG_INT = 32
FLOAT = 24
DECIMAL = 104
UUID = 72
DATETIME = 56        # PackDateTime / PackDateTimeOffset / datetime.date
TUPLE = 40

# Hash flooding (§12): keys whose hash an attacker can predict (CPython's int hash is not randomised) are counted
# by their hash values before they go into a dict or set. Keys sharing one hash value cost a comparison with each
# other on every insert; the payload is rejected when those comparisons exceed this many per key (ordinary keys
# take none) plus a constant allowance.
COLLISION_STEPS_PER_KEY = 8
COLLISION_ALLOWANCE = 4096
