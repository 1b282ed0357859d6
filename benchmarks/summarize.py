#!/usr/bin/env python3
"""Summarize BenchmarkDotNet CSV reports as a markdown table: Pack against System.Text.Json and MemoryPack.

Usage:
    python3 benchmarks/summarize.py RESULTS_DIR

For every report (one per workload class) and every [Params] combination, prints Pack's serialize and deserialize
mean, how many times faster it is than System.Text.Json, its time as a multiple of MemoryPack's (below 1 = Pack is
faster), and the payload sizes. Peers are recognised by the method-name suffix (SerializePack, DeserializeJson,
SerializeMemoryPack ...). Standard library only.
"""

import csv
import glob
import os
import re
import sys

UNITS = {"ps": 1e-3, "ns": 1.0, "us": 1e3, "μs": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}
METRICS_START = "Mean"


def nanoseconds(text):
    match = re.match(r"\s*([\d,.]+)\s*(\S+)", text or "")
    if not match:
        return None
    return float(match.group(1).replace(",", "")) * UNITS.get(match.group(2), float("nan"))


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def main(directory):
    print("| workload | params | Pack serialize | vs STJ | vs MemoryPack | Pack deserialize | vs STJ | vs MemoryPack | Pack B | STJ B | MemoryPack B |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path in sorted(glob.glob(os.path.join(directory, "*-report.csv"))):
        workload = os.path.basename(path).replace("-report.csv", "").split(".")[-1]
        with open(path, encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        if not rows:
            continue
        columns = list(rows[0].keys())
        # [Params] columns sit between the job columns and the metrics; BenchmarkDotNet puts them just before "Mean".
        params = [c for c in columns[columns.index("WarmupCount") + 1:columns.index(METRICS_START)]] if "WarmupCount" in columns else []
        groups = {}
        for row in rows:
            key = ", ".join(f"{p}={row[p]}" for p in params)
            groups.setdefault(key, {})[row["Method"]] = row
        for key, methods in groups.items():
            def mean(name):
                row = methods.get(name)
                return nanoseconds(row["Mean"]) if row else None

            def payload(name):
                row = methods.get(name)
                return row.get("Payload", "") if row else ""

            cells = []
            for kind in ("Serialize", "Deserialize"):
                pack, json, memorypack = mean(kind + "Pack"), mean(kind + "Json"), mean(kind + "MemoryPack")
                cells.append(fmt_time(pack) if pack else "–")
                cells.append(f"{json / pack:.1f}x faster" if pack and json else "–")
                cells.append(f"{pack / memorypack:.2f}x" if pack and memorypack else "–")
            print(f"| {workload} | {key or '–'} | " + " | ".join(cells)
                  + f" | {payload('SerializePack')} | {payload('SerializeJson')} | {payload('SerializeMemoryPack')} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "BenchmarkDotNet.Artifacts/results")
