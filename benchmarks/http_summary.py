#!/usr/bin/env python3
"""Condense an HTTP load table (http-load.md from `--http`, or external-load.md from external-load.sh) into the
README's comparison table: per workload, protocol and requests in flight, JSON / Pack / gRPC requests per second for
minimal APIs and MVC controllers, Pack's ratios to JSON and to gRPC, and H1 against the H0 ceiling.

Usage:
    python3 benchmarks/http_summary.py RESULTS_DIR/http-load.md
    python3 benchmarks/http_summary.py RESULTS_DIR/external-load.md

Standard library only. Streaming rows (H5) compare items/s when the table has that column. The streaming calls (H6,
H7) get a table of their own: items/s for H6_Upload100k and H7_Echo100k, p50/p99 per round trip for H7_PingPong1k, with
Pack against the faster gRPC peer and issue 23's goal (Pack >= 1.5x gRPC's items/s, a lower p50 per round trip).
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


def streaming_calls(calls):
    """H6/H7: one row per (workload, HTTP, calls in flight), one column per peer."""
    if not calls:
        return
    print()
    print("Streaming calls (H6 client streaming, H7 bidirectional): items/s, or p50 / p99 ms per round trip for H7_PingPong1k.")
    print()
    print("| workload | HTTP | in flight | Pack minimal | Pack MVC | Pack producer minimal | Pack producer MVC | JSON minimal | gRPC | gRPC code-first | best Pack vs faster gRPC | goal |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    # "pack-producer" (H7_PingPong1k only): StreamPackAsync from an IAsyncEnumerable, beside "pack", the duplex call.
    peers = [("pack", "minimal"), ("pack", "mvc"), ("pack-producer", "minimal"), ("pack-producer", "mvc"), ("json", "minimal"), ("grpc", "-"), ("grpc-codefirst", "-")]
    for (workload, protocol, inflight), cells in calls.items():
        latency = workload.startswith("H7_PingPong")

        def show(cell):
            if cell is None:
                return ""
            return f"{cell['p50']:.3f} / {cell['p99']:.3f}" if latency else fmt(cell["items"])

        values = [show(cells.get(peer)) for peer in peers]
        if latency:
            pack = min([c["p50"] for p, c in cells.items() if p[0].startswith("pack") and c["p50"] is not None], default=None)
            grpc = min([c["p50"] for p, c in cells.items() if p[0].startswith("grpc") and c["p50"] is not None], default=None)
            versus = "" if pack is None or grpc is None else f"p50 {pack:.3f} vs {grpc:.3f} ms"
            goal = "" if not versus else ("met" if pack < grpc else "NOT met") + " (lower p50)"
        else:
            pack = max([c["items"] for p, c in cells.items() if p[0].startswith("pack") and c["items"] is not None], default=None)
            grpc = max([c["items"] for p, c in cells.items() if p[0].startswith("grpc") and c["items"] is not None], default=None)
            versus = ratio(pack, grpc)
            goal = "" if not versus else ("met" if pack >= 1.5 * grpc else "NOT met") + " (>= 1.5x)"
        print(f"| {workload} | {protocol} | {inflight} | " + " | ".join(values) + f" | {versus} | {goal} |")


def request_response(table):
    """H0-H5: requests per second (H5: items/s) per peer."""
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


def main(path):
    table = {}
    calls = {}
    for row in rows(path):
        if row["workload"].startswith(("H6", "H7")):
            key = (row["workload"], row["HTTP"], row["in flight"])
            calls.setdefault(key, {})[(row["format"], row["api"])] = {
                "items": number(row.get("items/s")), "p50": number(row.get("p50 ms")), "p99": number(row.get("p99 ms"))}
            continue
        rate = number(row.get("items/s")) if row["workload"].startswith("H5") and "items/s" in row else number(row.get("RPS"))
        key = (row["workload"], row["HTTP"], row["in flight"])
        table.setdefault(key, {})[(row["format"], row["api"])] = rate
    if table:
        request_response(table)
    streaming_calls(calls)


if __name__ == "__main__":
    main(sys.argv[1])
