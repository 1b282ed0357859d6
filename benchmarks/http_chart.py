#!/usr/bin/env python3
"""Draw the small-call cells (H1_Small) of an HTTP load table (http-load.md from `--http`) as an SVG bar chart:
requests per second for each peer, one group per (HTTP version, requests in flight), with Pack's ratios to JSON
(minimal APIs and MVC) and to the faster gRPC peer written beside the group.

Usage:
    python3 benchmarks/http_chart.py RESULTS_DIR/http-load.md [-o OUT.svg] [--workload H1_Small] [--subtitle TEXT]

Standard library only; the SVG is written by hand. The table's row for a cell is used as it is: with `--rounds N` it is
the cell's median round.
"""

import argparse
import html
import os
import sys

from http_summary import number, rows  # the same table reader as the summary (this directory is on sys.path)

BAR_HEIGHT = 14
BAR_GAP = 3
GROUP_GAP = 18
LABEL_WIDTH = 150
PLOT_WIDTH = 460
VALUE_WIDTH = 70
NOTE_WIDTH = 250
MARGIN = 16
TITLE_HEIGHT = 44

PEERS = [
    ("json", "minimal", "JSON, minimal API", "#9e9e9e"),
    ("pack", "minimal", "Pack, minimal API", "#1565c0"),
    ("json", "mvc", "JSON, MVC", "#bdbdbd"),
    ("pack", "mvc", "Pack, MVC", "#42a5f5"),
    ("grpc", "-", "gRPC (Grpc.AspNetCore)", "#ef6c00"),
    ("grpc-codefirst", "-", "gRPC (protobuf-net.Grpc)", "#ffa726"),
]


def read_rows(path, workload):
    return (row for row in rows(path) if row.get("workload") == workload)


def groups(table_rows):
    """{(http, in flight): {(format, api): rps}} in table order."""
    result = {}
    for row in table_rows:
        key = (row["HTTP"], row["in flight"])
        rps = number(row.get("RPS"))
        if rps:
            result.setdefault(key, {})[(row["format"], row["api"])] = rps
    return result


def ratio(a, b):
    return f"{a / b:.2f}x" if a and b else "–"


def notes(cells):
    json_min, pack_min = cells.get(("json", "minimal")), cells.get(("pack", "minimal"))
    json_mvc, pack_mvc = cells.get(("json", "mvc")), cells.get(("pack", "mvc"))
    grpc = max([v for k, v in cells.items() if k[0].startswith("grpc")] or [0]) or None
    lines = [f"minimal: Pack/JSON {ratio(pack_min, json_min)}", f"MVC: Pack/JSON {ratio(pack_mvc, json_mvc)}"]
    if grpc:
        lines.append(f"Pack/gRPC: minimal {ratio(pack_min, grpc)}, MVC {ratio(pack_mvc, grpc)}")
    return lines


def draw(data, title, subtitle):
    peak = max((v for cells in data.values() for v in cells.values()), default=1)
    width = MARGIN * 2 + LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH + NOTE_WIDTH
    y = MARGIN + TITLE_HEIGHT
    parts = []
    for (http, flight), cells in data.items():
        present = [peer for peer in PEERS if (peer[0], peer[1]) in cells]
        group_top = y
        parts.append(f'<text x="{MARGIN}" y="{y + 11}" font-weight="bold">HTTP/{html.escape(http)}{" (h2c)" if http == "2" else ""}, {html.escape(flight)} in flight</text>')
        y += 16
        for fmt, api, label, colour in present:
            rps = cells[(fmt, api)]
            length = max(1, PLOT_WIDTH * rps / peak)
            parts.append(f'<text x="{MARGIN + LABEL_WIDTH - 6}" y="{y + 11}" text-anchor="end">{html.escape(label)}</text>')
            parts.append(f'<rect x="{MARGIN + LABEL_WIDTH}" y="{y}" width="{length:.1f}" height="{BAR_HEIGHT}" fill="{colour}"/>')
            parts.append(f'<text x="{MARGIN + LABEL_WIDTH + length + 4:.1f}" y="{y + 11}">{rps:,.0f}</text>')
            y += BAR_HEIGHT + BAR_GAP
        for index, line in enumerate(notes(cells)):
            parts.append(f'<text x="{MARGIN + LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH}" y="{group_top + 30 + index * 16}">{html.escape(line)}</text>')
        y += GROUP_GAP
    height = y + MARGIN
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 12}" font-size="15" font-weight="bold">{html.escape(title)}</text>',
        f'<text x="{MARGIN}" y="{MARGIN + 30}" fill="#555">{html.escape(subtitle)}</text>',
    ]
    return "\n".join(head + parts + ["</svg>", ""])


SUBTITLE = "Requests per second, closed loop, client and server as separate processes on one 2-core machine (more is better)"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", help="http-load.md")
    parser.add_argument("-o", "--out", help="the SVG to write (default: small-calls.svg beside the table)")
    parser.add_argument("--workload", default="H1_Small")
    parser.add_argument("--subtitle", default=SUBTITLE, help="the line under the title: how the run was set up")
    args = parser.parse_args()
    data = groups(read_rows(args.table, args.workload))
    if not data:
        print(f"no {args.workload} rows in {args.table}", file=sys.stderr)
        return 1
    out = args.out or os.path.join(os.path.dirname(os.path.abspath(args.table)), "small-calls.svg")
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(draw(data, f"{args.workload}: one small object (W6, 52 B Pack) per call", args.subtitle))
    print(f"Written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
