#!/usr/bin/env python3
"""Medians over the interleaved runs (before-1, after-1, before-2, …) of each row's Pack/JSON and Pack/msgpack ratios
(each itself the median of 7 in-page rounds) and of Pack's ops/s. Usage: python3 summarize.py > summary.md"""
import glob, json, os, statistics
here = os.path.dirname(os.path.abspath(__file__))
runs = {s: [json.load(open(p)) for p in sorted(glob.glob(os.path.join(here, f'{s}-*.json')))] for s in ('before', 'after')}
ids = [r['id'] for r in runs['before'][0]['rows']]
def med(side, rid, key):
    return statistics.median(next(r for r in run['rows'] if r['id'] == rid)[key] for run in runs[side])
print('| workload | Pack ops/s before | after | after/before | Pack/JSON before | after | Pack/msgpack before | after |')
print('|---|---|---|---|---|---|---|---|')
for rid in ids:
    b, a = med('before', rid, 'pack'), med('after', rid, 'pack')
    print(f"| {rid} | {b:,.0f} | {a:,.0f} | {a / b:.2f} | {med('before', rid, 'ratioJson'):.2f}x | {med('after', rid, 'ratioJson'):.2f}x | "
          f"{med('before', rid, 'ratioMsgpack'):.2f}x | {med('after', rid, 'ratioMsgpack'):.2f}x |")
print()
for side in ('before', 'after'):
    for i, run in enumerate(runs[side], 1):
        print(f"- {side}-{i}: {run['date']}; {run['machine']}")
