"""Decode speed of the Python client against json.loads + the same dataclasses and msgpack.unpackb + the same
dataclasses, on the workloads of /work/shared/WORKLOADS.md (W4 Organization of 1,000 Members, W5 Vector3[10,000],
W6 small object, H2_List100), in one process. Prints a markdown table.

    bash clients/python/bench/run.sh [--seconds 1.0] [--rounds 5]

run.sh installs the msgpack peer first (Debian's python3-msgpack, C-accelerated); run directly without it, this
script leaves that column out and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "src"), os.path.join(HERE, "..", "tests")]

import generated.sample_api as api  # noqa: E402
import generated.vectors as gv  # noqa: E402
from pack_client import descriptors as d  # noqa: E402
from pack_client.client import Payload  # noqa: E402

try:
    import msgpack  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - reported in the output
    msgpack = None


class DotNetRandom:
    """``new System.Random(seed)``: the seeded subtractive generator, so that W4's data is .NET's."""

    def __init__(self, seed: int) -> None:
        mbig = 2147483647
        self.seed = [0] * 56
        mj = 161803398 - abs(seed)
        self.seed[55] = mj
        mk = 1
        for i in range(1, 55):
            ii = (21 * i) % 55
            self.seed[ii] = mk
            mk = mj - mk
            if mk < 0:
                mk += mbig
            mj = self.seed[ii]
        for _ in range(1, 5):
            for i in range(1, 56):
                self.seed[i] -= self.seed[1 + (i + 30) % 55]
                if self.seed[i] < 0:
                    self.seed[i] += mbig
        self.inext, self.inextp = 0, 21

    def _sample(self) -> int:
        a = self.inext + 1 if self.inext + 1 < 56 else 1
        b = self.inextp + 1 if self.inextp + 1 < 56 else 1
        v = self.seed[a] - self.seed[b]
        if v == 2147483647:
            v -= 1
        if v < 0:
            v += 2147483647
        self.seed[a] = v
        self.inext, self.inextp = a, b
        return v

    def next(self, lo: int, hi: int) -> int:
        return int(self._sample() * (1.0 / 2147483647) * (hi - lo)) + lo


def members(n: int) -> list[api.Member | None]:
    rnd = DotNetRandom(42)
    out: list[api.Member | None] = []
    for i in range(n):
        description = f"测试描述{rnd.next(1, 2147483647)}"
        address = f"测试地址{rnd.next(1, 2147483647)}"
        out.append(api.Member(i, f"测试名字{i}", description, address, float(rnd.next(1, 2147483647)), 1700000000000))
    return out


def organization(n: int) -> api.Organization:
    return api.Organization(1, [f"测试标签{k}" for k in range(5)], members(n))


# What a typed JSON client does after json.loads: build the same dataclasses from the dicts (System.Text.Json's
# web casing, as the sample API writes).
def member_from(m: dict[str, Any]) -> api.Member:
    return api.Member(m["id"], m["name"], m["description"], m["address"], m["value"], m["updateTime"])


def org_from(o: dict[str, Any]) -> api.Organization:
    return api.Organization(o["id"], o["tags"], [member_from(m) for m in o["members"]])


def member_dict(m: api.Member) -> dict[str, Any]:
    return {"id": m.id, "name": m.name, "description": m.description, "address": m.address, "value": m.value,
            "updateTime": m.update_time}


def workloads() -> list[tuple[str, Payload[Any], Any, Any, Callable[[Any], Any]]]:
    org = organization(1000)
    assert org.members is not None
    org_dict = {"id": org.id, "tags": org.tags, "members": [member_dict(m) for m in org.members if m]}
    w5 = [gv.VectorPoint3(10.300000190734863, 40.5, 13411.2998046875) for _ in range(10_000)]
    small = gv.VectorSmallObject(1, 2, 3, "hello", "こんにちは世界")
    h2 = members(100)
    list_point3: Payload[Any] = gv.LIST_VECTOR_POINT3_PAYLOAD
    return [
        ("W4 Organization, 1,000 members", api.ORGANIZATION_PAYLOAD, org, org_dict, org_from),
        ("W5 Vector3[10,000]", list_point3, w5, [{"x": p.x, "y": p.y, "z": p.z} for p in w5],
         lambda ps: [gv.VectorPoint3(p["x"], p["y"], p["z"]) for p in ps]),
        ("W6 small object", gv.VECTOR_SMALL_OBJECT_PAYLOAD, small,
         {"a": 1, "b": 2, "c": 3, "s1": "hello", "s2": "こんにちは世界"},
         lambda o: gv.VectorSmallObject(o["a"], o["b"], o["c"], o["s1"], o["s2"])),
        ("H2_List100 (list<Member> of 100)", api.MEMBER_PAYLOAD, h2, [member_dict(m) for m in h2 if m],
         lambda ms: [member_from(m) for m in ms]),
    ]


def calibrate(fn: Callable[[], Any], seconds: float) -> int:
    """Calls of ``fn`` that take about ``seconds``."""
    n = 1
    while True:  # enough calls for about a tenth of the round
        t = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - t
        if elapsed > seconds / 10:
            return max(1, int(n * seconds / max(elapsed, 1e-9)))
        n *= 2


def ops_per_second(fns: list[Callable[[], Any]], seconds: float, rounds: int) -> list[float]:
    """The median ops/s of each function; the rounds interleave them (a, b, c, a, b, c …) so that a change of the
    machine's load during the run falls on all of them alike."""
    counts = [calibrate(fn, seconds) for fn in fns]
    results: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for fn, n, out in zip(fns, counts, results):
            t = time.perf_counter()
            for _ in range(n):
                fn()
            out.append(n / (time.perf_counter() - t))
    return [statistics.median(r) for r in results]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}, "
          f"msgpack {'%s (C extension: %s)' % (msgpack.version, not msgpack.Unpacker.__module__.endswith('fallback')) if msgpack else 'not installed'}")
    print(f"median of {args.rounds} rounds of about {args.seconds} s each, the peers' rounds interleaved\n")
    print("| workload | Pack decode (ops/s) | json.loads + dataclasses (ops/s) | msgpack.unpackb + dataclasses (ops/s) "
          "| Pack vs JSON | Pack vs msgpack | Pack bytes | JSON bytes | msgpack bytes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, payload, value, plain, build in workloads():
        if name.startswith("H2"):
            payload = Payload("list<Member>", d.ListType(api.MEMBER_TYPE), wire="", contract="", schema="")
        data = payload.encode(value)
        assert payload.decode(data) == value, name
        text = json.dumps(plain, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        assert build(json.loads(text)) == value, name
        peers: list[Callable[[], Any]] = [lambda: payload.decode(data), lambda: build(json.loads(text))]
        if msgpack is not None:
            packed = msgpack.packb(plain, use_bin_type=True)
            assert build(msgpack.unpackb(packed, raw=False)) == value, name
            peers.append(lambda: build(msgpack.unpackb(packed, raw=False)))
        pack_ops, json_ops, *rest = ops_per_second(peers, args.seconds, args.rounds)
        if msgpack is not None:
            mp_ops = rest[0]
            mp = f"{mp_ops:,.0f} | {pack_ops / json_ops:.2f}x | {pack_ops / mp_ops:.2f}x | {len(data):,} | {len(text):,} | {len(packed):,}"
        else:
            mp = f"– | {pack_ops / json_ops:.2f}x | – | {len(data):,} | {len(text):,} | –"
        print(f"| {name} | {pack_ops:,.0f} | {json_ops:,.0f} | {mp} |")


if __name__ == "__main__":
    main()
