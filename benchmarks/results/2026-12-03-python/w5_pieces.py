"""W5's pieces: what the 10,000 VectorPoint3 objects cost beside reading the floats (a row per step, markdown).

    flock /work/wt/bench.lock taskset -c 0 nice -n 10 /usr/bin/python3 benchmarks/results/2026-12-03-python/w5_pieces.py
"""
import json
import os
import struct
import sys
import timeit
from itertools import starmap

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "clients", "python")
sys.path[:0] = [os.path.join(CLIENT, d) for d in ("src", "tests", "bench")]
import bench
import generated.vectors as gv
name, payload, value, plain, build = bench.workloads()[1]
data = payload.encode(value)
text = json.dumps(plain, separators=(",", ":")).encode()
S = struct.Struct("<fff")
P = gv.VectorPoint3
n = 10000
def t(f):
    return min(timeit.repeat(f, "gc.enable()", number=20, repeat=9)) / 20 * 1e3
rows = [
    ("json.loads + 10,000 VectorPoint3", lambda: build(json.loads(text))),
    ("Pack decode (Payload.decode)", lambda: payload.decode(data)),
    ("list(iter_unpack) only: 10,000 tuples, no objects", lambda: list(S.iter_unpack(data[4:4 + 12 * n]))),
    ("list(starmap(VectorPoint3, iter_unpack))", lambda: list(starmap(P, S.iter_unpack(data[4:4 + 12 * n])))),
    ("unpack_from(30,000 f) + map(VectorPoint3, 3 columns)", lambda: (lambda v: list(map(P, v[0::3], v[1::3], v[2::3])))(struct.unpack_from(f"<{3*n}f", data, 4))),
]
j = None
for label, f in rows:
    ms = t(f)
    j = j or ms
    print(f"| {label} | {ms:.2f} ms | {j / ms:.1f}x |")
