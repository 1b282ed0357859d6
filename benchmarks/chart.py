#!/usr/bin/env python3
"""Draw BenchmarkDotNet CSV reports as an SVG bar chart of each benchmark's time relative to System.Text.Json.

Usage:
    python3 benchmarks/chart.py [CSV_OR_DIR ...] [-o OUT.svg]

Inputs default to BenchmarkDotNet.Artifacts/results (every *-report.csv in it); the chart defaults to
ratios.svg beside the first input. Standard library only; the SVG is written by hand.

Rows are grouped as BenchmarkDotNet groups them: by category (Serialize/Deserialize, taken from the method name)
and by [Params] value. Each bar runs from 1.0 (the System.Text.Json baseline of its group) to the benchmark's ratio on
a log scale, so faster-than-JSON bars point left and slower ones right. BenchmarkDotNet's Ratio column is used when it
has a value; otherwise the ratio is computed from Mean. Benchmarks that produced no result are listed as failed.
"""

import argparse
import csv
import html
import math
import os
import re
import sys

TIME_UNITS_NS = {"ps": 1e-3, "ns": 1.0, "us": 1e3, "μs": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}
METRIC_COLUMNS_START = "Mean"

BAR_HEIGHT = 16
BAR_GAP = 4
LABEL_WIDTH = 230
PLOT_WIDTH = 520
VALUE_WIDTH = 170
MARGIN = 16
TITLE_HEIGHT = 26
GROUP_HEADER_HEIGHT = 20


def parse_time_ns(text):
    """'29,764.0 μs' -> 29764000.0 nanoseconds; None when there is no value."""
    match = re.match(r"^\s*([0-9.,]+)\s*(\S+)\s*$", text or "")
    if not match or match.group(2) not in TIME_UNITS_NS:
        return None
    return float(match.group(1).replace(",", "")) * TIME_UNITS_NS[match.group(2)]


def parse_number(text):
    try:
        value = float((text or "").replace(",", ""))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def category_of(method):
    if method.startswith("Deserialize"):
        return "Deserialize"
    if method.startswith("RoundTrip"):
        return "RoundTrip"  # G2's first-use round trips.
    return "Serialize"  # W1's seed methods (BitConverterGetBytes, ...) are serialize benchmarks.


def is_baseline(method):
    return method in ("SerializeJson", "DeserializeJson")


def read_report(path):
    """Returns (workload title, groups) where groups is an ordered list of (label, rows)."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        records = list(csv.DictReader(handle))
    if not records:
        return None

    columns = list(records[0].keys())
    if METRIC_COLUMNS_START not in columns:
        raise SystemExit(f"{path}: no '{METRIC_COLUMNS_START}' column; is this a BenchmarkDotNet report?")

    # Everything left of Mean except Method identifies a group (job settings and [Params]); only the columns whose
    # value changes between rows ([Params], or jobs when several run) are worth showing in the label.
    key_columns = [c for c in columns[: columns.index(METRIC_COLUMNS_START)] if c != "Method"]
    varying = [c for c in key_columns if len({r[c] for r in records}) > 1]

    groups = {}
    for record in records:
        method = record["Method"]
        category = category_of(method)
        key = (category,) + tuple(record[c] for c in key_columns)
        label = category + "".join(f"  {c}={record[c]}" for c in varying)
        groups.setdefault(key, (label, []))[1].append(record)

    result = []
    for label, rows in groups.values():
        baseline = next((r for r in rows if is_baseline(r["Method"])), None)
        baseline_ns = parse_time_ns(baseline[METRIC_COLUMNS_START]) if baseline else None
        bars = []
        for row in rows:
            mean_ns = parse_time_ns(row[METRIC_COLUMNS_START])
            ratio = parse_number(row.get("Ratio"))
            if ratio is None and mean_ns is not None and baseline_ns:
                ratio = mean_ns / baseline_ns
            if ratio is not None and ratio <= 0:
                ratio = None
            bars.append({
                "method": row["Method"],
                "ratio": ratio if mean_ns is not None else None,
                "mean": row[METRIC_COLUMNS_START],
                "allocated": row.get("Allocated", ""),
                "payload": row.get("Payload", ""),
                "baseline": is_baseline(row["Method"]),
            })
        result.append((label, bars))

    name = os.path.basename(path).removesuffix("-report.csv")
    return name.rsplit(".", 1)[-1], result


def collect_inputs(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith("-report.csv"))
        else:
            files.append(path)
    return files


def render(reports):
    ratios = [b["ratio"] for _, groups in reports for _, bars in groups for b in bars if b["ratio"]]
    low = min(ratios + [1.0])
    high = max(ratios + [1.0])
    log_low = math.floor(math.log10(low) * 2) / 2 - 0.25
    log_high = math.ceil(math.log10(high) * 2) / 2 + 0.25
    span = log_high - log_low or 1.0
    plot_x = MARGIN + LABEL_WIDTH

    def x_of(ratio):
        return plot_x + (math.log10(ratio) - log_low) / span * PLOT_WIDTH

    width = MARGIN * 2 + LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH
    parts = []
    y = MARGIN
    parts.append(f'<text x="{MARGIN}" y="{y + 16}" class="title">Time relative to System.Text.Json (log scale; left of 1× is faster)</text>')
    y += TITLE_HEIGHT + 4

    # Gridlines at 1, 2 and 5 times each power of ten, drawn once the height is known.
    grid_top = y
    ticks = [m * 10.0 ** e for e in range(math.floor(log_low), math.ceil(log_high) + 1) for m in (1, 2, 5)]
    ticks = [t for t in ticks if log_low <= math.log10(t) <= log_high]

    for workload, groups in reports:
        parts.append(f'<text x="{MARGIN}" y="{y + 15}" class="workload">{html.escape(workload)}</text>')
        y += TITLE_HEIGHT
        for label, bars in groups:
            parts.append(f'<text x="{MARGIN + 8}" y="{y + 14}" class="group">{html.escape(label)}</text>')
            y += GROUP_HEADER_HEIGHT
            for bar in bars:
                text_y = y + BAR_HEIGHT - 4
                parts.append(f'<text x="{plot_x - 8}" y="{text_y}" class="label" text-anchor="end">{html.escape(bar["method"])}</text>')
                if bar["ratio"] is None:
                    parts.append(f'<text x="{x_of(1.0) + 6}" y="{text_y}" class="failed">failed / no result</text>')
                else:
                    x1, x2 = sorted((x_of(1.0), x_of(bar["ratio"])))
                    css = "baseline" if bar["baseline"] else ("faster" if bar["ratio"] < 1 else "slower")
                    tooltip = f'{bar["method"]}: {bar["mean"]}, allocated {bar["allocated"]}, payload {bar["payload"]} B'
                    parts.append(
                        f'<rect x="{x1:.1f}" y="{y}" width="{max(x2 - x1, 1.5):.1f}" height="{BAR_HEIGHT}" class="{css}">'
                        f'<title>{html.escape(tooltip)}</title></rect>')
                    detail = f'{bar["ratio"]:.3g}×  {bar["mean"]}'
                    parts.append(f'<text x="{plot_x + PLOT_WIDTH + 8}" y="{text_y}" class="value">{html.escape(detail)}</text>')
                y += BAR_HEIGHT + BAR_GAP
            y += 6
        y += 6

    grid = []
    for tick in ticks:
        x = x_of(tick)
        grid.append(f'<line x1="{x:.1f}" y1="{grid_top}" x2="{x:.1f}" y2="{y}" class="{"one" if math.isclose(tick, 1.0) else "grid"}"/>')
        grid.append(f'<text x="{x:.1f}" y="{y + 14}" class="tick" text-anchor="middle">{tick:.3g}×</text>')
    y += 24

    style = """
      text { font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; fill: #222; }
      .title { font-size: 15px; font-weight: 600; }
      .workload { font-size: 14px; font-weight: 600; }
      .group { font-size: 12px; fill: #555; }
      .label, .value, .failed { font-size: 11px; }
      .failed { fill: #b00; }
      .tick { font-size: 10px; fill: #666; }
      .grid { stroke: #ddd; stroke-width: 1; }
      .one { stroke: #333; stroke-width: 1.2; }
      .faster { fill: #2b8a3e; }
      .slower { fill: #c92a2a; }
      .baseline { fill: #868e96; }
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" viewBox="0 0 {width} {y}">\n'
        f'<style>{style}</style>\n<rect width="100%" height="100%" fill="white"/>\n'
        + "\n".join(grid + parts)
        + "\n</svg>\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*", default=["BenchmarkDotNet.Artifacts/results"],
                        help="*-report.csv files or folders holding them")
    parser.add_argument("-o", "--output", help="the SVG to write (default: ratios.svg beside the first input)")
    args = parser.parse_args()

    files = collect_inputs(args.inputs)
    if not files:
        sys.exit(f"no *-report.csv found in {', '.join(args.inputs)}")
    reports = [r for r in (read_report(f) for f in files) if r]
    if not reports:
        sys.exit("the reports hold no rows")

    first = args.inputs[0]
    output = args.output or os.path.join(first if os.path.isdir(first) else os.path.dirname(first) or ".", "ratios.svg")
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(render(reports))
    print(f"wrote {output} ({sum(len(g) for _, g in reports)} groups from {len(files)} reports)")


if __name__ == "__main__":
    main()
