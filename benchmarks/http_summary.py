#!/usr/bin/env python3
"""Condense an HTTP load table (http-load.md from `--http`, or external-load.md from external-load.sh) into the
README's comparison table: per workload, protocol and requests in flight, JSON / Pack / gRPC requests per second for
minimal APIs and MVC controllers, Pack's ratios to JSON and to gRPC, and H1 against the H0 ceiling.

Usage:
    python3 benchmarks/http_summary.py RESULTS_DIR/http-load.md
    python3 benchmarks/http_summary.py RESULTS_DIR/external-load.md

Standard library only. Streaming rows (H5) compare items/s when the table has that column.
"""

import sys


def number(text):
    text = (text or "").replace(",", "").strip()
    try:
        return float(text)
    except ValueError:
        return None


def rows(path):
    header = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("|"):
                header = None if not line.strip() else header
                continue
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
                continue
            if set(cells[0]) <= set("-: "):
                continue
            yield dict(zip(header, cells))


def fmt(value):
    return "" if value is None else f"{value:,.0f}"


def ratio(a, b):
    return "" if a is None or not b else f"{a / b:.2f}x"


def main(path):
    table = {}
    for row in rows(path):
        rate = number(row.get("items/s")) if row["workload"].startswith("H5") and "items/s" in row else number(row.get("RPS"))
        key = (row["workload"], row["HTTP"], row["in flight"])
        table.setdefault(key, {})[(row["format"], row["api"])] = rate
    print("| workload | HTTP | in flight | JSON minimal | Pack minimal | Pack/JSON | JSON MVC | Pack MVC | Pack/JSON | gRPC | gRPC code-first | Pack minimal/gRPC | Pack MVC/gRPC |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (workload, protocol, inflight), cells in table.items():
        if workload.startswith("H0"):
            print(f"| {workload} | {protocol} | {inflight} | {fmt(cells.get(('-', '-')))} (empty 200) | | | | | | | | | |")
            continue
        jm, pm = cells.get(("json", "minimal")), cells.get(("pack", "minimal"))
        jc, pc = cells.get(("json", "mvc")), cells.get(("pack", "mvc"))
        grpc, grpc_cf = cells.get(("grpc", "-")), cells.get(("grpc-codefirst", "-"))
        best_grpc = max([v for v in (grpc, grpc_cf) if v is not None], default=None)
        print(f"| {workload} | {protocol} | {inflight} | {fmt(jm)} | {fmt(pm)} | {ratio(pm, jm)} | {fmt(jc)} | {fmt(pc)} | {ratio(pc, jc)} "
              f"| {fmt(grpc)} | {fmt(grpc_cf)} | {ratio(pm, best_grpc)} | {ratio(pc, best_grpc)} |")
    print()
    print("Pack/gRPC divides by the faster of the two gRPC servers. H1 against the H0 ceiling (Pack, best of minimal and MVC):")
    print()
    for (workload, protocol, inflight), cells in table.items():
        if workload.startswith("H1"):
            ceiling = table.get(("H0_KestrelCeiling", protocol, inflight), {}).get(("-", "-"))
            best = max([v for v in (cells.get(("pack", "minimal")), cells.get(("pack", "mvc"))) if v is not None], default=None)
            if ceiling and best:
                print(f"- HTTP/{protocol}, {inflight} in flight: {best / ceiling:.0%} of H0 ({fmt(best)} vs {fmt(ceiling)} req/s)")


if __name__ == "__main__":
    main(sys.argv[1])
