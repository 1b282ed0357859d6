"""The Python side of tests/Pack.Python.Tests/DifferentialTests: reads cases written by the .NET codec
({type, hex, outcome, json?}), decodes each with this package and prints every disagreement and a summary line."""

from __future__ import annotations

import json
import sys

from pack_client import PackDecodeError, decode
from pack_client.jsonmap import to_json

from test_vectors import same_json
from vector_types import VectorTypes


def main(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        cases = json.load(f)
    types = VectorTypes()
    disagreements = 0
    for case in cases:
        t = types.get(case["type"])
        data = bytes.fromhex(case["hex"])
        try:
            value = decode(t, data)
            outcome, got = "accepted", to_json(t, value)
        except PackDecodeError as e:
            outcome, got = "rejected", str(e)
        except Exception as e:  # noqa: BLE001 - a crash is a disagreement, reported as such
            outcome, got = "crashed", repr(e)
        same = outcome == case["outcome"] and (outcome != "accepted" or same_json(t, case["json"], got))
        if not same:
            disagreements += 1
            if disagreements <= 20:
                print(f"DISAGREE {case['type']} {case['hex'][:120]}: .NET {case['outcome']} "
                      f"{json.dumps(case.get('json'))[:200]}; Python {outcome} {str(got)[:200]}")
    print(f"{len(cases)} cases, {disagreements} disagreements")
    return 0 if disagreements == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
