"""The Python side of tests/Pack.TypeScript.Tests/SchemaParserDiff, as parse-schema-texts.mjs is the TypeScript one:
reads a JSON array of schema texts and writes, for each, two lines: the verdict of parse_schema, then of
parse_schema_set. A verdict is `accepted` and the result (contract and wire fingerprint and canonical text; or each set
entry's label, wire and contract fingerprint), `rejected` and the PackSchemaError's message, or `crashed` and any other
error. Every UTF-16 code unit outside printable ASCII, and `\\`, is written as \\uXXXX, so the C# side compares exact
UTF-16 text. Usage (clients/python/src on PYTHONPATH): python3 parse_schema_texts.py <input.json> <output.txt>
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from pack_client.errors import PackSchemaError
from pack_client.schema import parse_schema, parse_schema_set


def escape(s: str) -> str:
    units = s.encode("utf-16-le", "surrogatepass")
    out = []
    for k in range(0, len(units), 2):
        u = units[k] | units[k + 1] << 8
        out.append(chr(u) if 0x20 <= u <= 0x7E and u != 0x5C else f"\\u{u:04x}")
    return "".join(out)


def verdict(read: Callable[[], str]) -> str:
    try:
        return "accepted " + read()
    except PackSchemaError as e:
        return "rejected " + escape(str(e))
    except Exception as e:  # noqa: BLE001 - reported as a crash, which the C# side counts as a disagreement
        return "crashed " + escape(f"{type(e).__name__}: {e}")


def main() -> None:
    source, target = sys.argv[1:3]
    with open(source, encoding="utf-8") as f:
        texts = json.load(f)
    lines = []
    for text in texts:
        def schema(text: str = text) -> str:
            s = parse_schema(text)
            return f"{s.contract_fingerprint} {s.wire_fingerprint} {escape(s.canonical_text)}"

        def schema_set(text: str = text) -> str:
            return "\t\t".join(f"{escape(s.label)}\t{s.wire_fingerprint}\t{s.contract_fingerprint}"
                               for s in parse_schema_set(text).schemas)
        lines.append(verdict(schema))
        lines.append(verdict(schema_set))
    with open(target, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
