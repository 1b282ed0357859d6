#!/usr/bin/env python3
"""Tables from cost-rounds.txt: per payload and build the median and the range (min-max) over rounds, and the median
of the per-round ratios (after/before, after/off, before/off; each round's builds ran back to back). Usage:
python3 summarize.py cost-rounds.txt"""
import re, statistics, sys
from collections import defaultdict

data = defaultdict(lambda: defaultdict(dict))  # name -> build -> round -> ms
sizes = {}
order = []
cur = None
for line in open(sys.argv[1]):
    m = re.match(r"## round (\d+) (\w+)", line)
    if m:
        cur = (int(m.group(1)), m.group(2))
        continue
    m = re.match(r"\| (.+?) \| ([\d,]+) \| ([\d.]+) \|", line)
    if m and cur:
        name = m.group(1)
        if name not in sizes:
            order.append(name)
        sizes[name] = m.group(2)
        data[name][cur[1]][cur[0]] = float(m.group(3))

def med(xs): return statistics.median(xs)
def pct(x): return f"{(x - 1) * 100:+.0f} %"
def ratios(name, a, b):
    ra = data[name][a]; rb = data[name][b]
    return [ra[r] / rb[r] for r in ra if r in rb and rb[r] > 0]

rounds = len(data[order[0]]["after"])
print(f"{rounds} rounds\n")
print("| payload | bytes | off: median (min-max) ms | before: median (min-max) | after: median (min-max) | after vs before (median of round ratios) | before vs off | after vs off |")
print("|---|---:|---|---|---|---:|---:|---:|")
for name in order:
    if ": JSON.parse" in name or ": Pack" in name:
        continue
    cells = []
    for b in ("off", "before", "after"):
        xs = list(data[name][b].values())
        cells.append(f"{med(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})")
    print(f"| {name} | {sizes[name]} | {' | '.join(cells)} | {pct(med(ratios(name, 'after', 'before')))} | {pct(med(ratios(name, 'before', 'off')))} | {pct(med(ratios(name, 'after', 'off')))} |")

print()
print("| workload | Pack bytes | JSON bytes | Pack after: median (min-max) ms | Pack before | JSON.parse (all runs) | JSON.parse / Pack after (median of per-process ratios) |")
print("|---|---:|---:|---|---|---|---:|")
for name in order:
    if not name.endswith(": Pack (generated)"):
        continue
    base = name[: -len(": Pack (generated)")]
    jname = base + ": JSON.parse"
    pa = list(data[name]["after"].values()); pb = list(data[name]["before"].values())
    js = [v for b in ("off", "before", "after") for v in data[jname][b].values()]
    rr = [data[jname]["after"][r] / data[name]["after"][r] for r in data[name]["after"]]
    print(f"| {base} | {sizes[name]} | {sizes[jname]} | {med(pa):.2f} ({min(pa):.2f}-{max(pa):.2f}) | {med(pb):.2f} ({min(pb):.2f}-{max(pb):.2f}) | {med(js):.2f} ({min(js):.2f}-{max(js):.2f}) | {med(rr):.2f}× |")
