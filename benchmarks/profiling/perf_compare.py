#!/usr/bin/env python3
"""Compare perf profiles of small-call cells (from profile-small-call.sh) per request: where each side's CPU goes.

Usage:
    python3 benchmarks/profiling/perf_compare.py DIR LABEL [LABEL ...] [--side server|client] [--match REGEX]
        [--mode inclusive|leaf|module] [--top N]

Each LABEL names DIR/LABEL.txt (perf script output) and DIR/LABEL.cell (server pid, RPS, seconds). Samples are split
into the server process and the client process (everything else that ran, which is the load client when the machine is
otherwise idle) and normalised to samples per 1,000 requests; at perf's 999 Hz one sample per 1,000 requests is about
one microsecond of CPU per request. `inclusive` counts every sample a frame is on the stack of (a method and all it
calls), `leaf` the frame that was running, `module` the running frame's module (JIT-compiled code is "jit").
The first label is the baseline; rows are sorted by the last label's difference to it.
"""

import argparse
import collections
import os
import re
import sys

HEADER = re.compile(r"^(.*?)\s+(\d+)/(\d+)\s")
OFFSET = re.compile(r"\+0x[0-9a-f]+")
TIER = re.compile(r"\[(OptimizedTier1OSR|OptimizedTier1|Optimized|Tier1|Tier0|PreJIT|QuickJitted)\]")
MAP = re.compile(r"\s*\(/tmp/perf-\d+\.map\)")
MODULE = re.compile(r"\(([^()]*)\)$")


def read_cell(path):
    values = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            key, _, value = line.strip().partition("=")
            values[key] = value
    return values["server_pid"], float(values["rps"]) * float(values["seconds"])


def stacks(path, server_pid):
    """Yields (side, frames leaf first, the running frame's module) for every sample."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        block = []
        for line in handle:
            if line.strip():
                block.append(line.rstrip("\n"))
                continue
            if block:
                yield from parse(block, server_pid)
            block = []
        if block:
            yield from parse(block, server_pid)


def parse(block, server_pid):
    match = HEADER.match(block[0])
    if not match:
        return
    side = "server" if match.group(2) == server_pid else "client"
    frames = []
    module = None
    for row in block[1:]:
        parts = row.strip().split(" ", 1)
        if len(parts) == 2:
            if module is None:
                # The running frame's module: perf prints it in the row's last parentheses (a JIT frame's is its perf map).
                found = MODULE.search(parts[1])
                module = "jit" if found is None or found.group(1).startswith("/tmp/perf-") else os.path.basename(found.group(1))
            frames.append(MAP.sub("", TIER.sub("", OFFSET.sub("", parts[1]))).strip())
    yield side, frames, module


def count(path, server_pid, side, mode):
    """(samples per frame or module, the side's sample count), in one pass over the file."""
    counter = collections.Counter()
    total = 0
    for sample_side, frames, module in stacks(path, server_pid):
        if sample_side != side:
            continue
        total += 1
        if not frames:
            continue
        if mode == "leaf":
            counter[frames[0]] += 1
        elif mode == "module":
            counter[module] += 1
        else:
            for frame in set(frames):
                counter[frame] += 1
    return counter, total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory")
    parser.add_argument("labels", nargs="+")
    parser.add_argument("--side", choices=["server", "client"], default="server")
    parser.add_argument("--match", default="")
    parser.add_argument("--mode", choices=["inclusive", "leaf", "module"], default="inclusive")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()

    pattern = re.compile(args.match) if args.match else None
    columns = []
    for label in args.labels:
        server_pid, requests = read_cell(os.path.join(args.directory, label + ".cell"))
        counter, total = count(os.path.join(args.directory, label + ".txt"), server_pid, args.side, args.mode)
        columns.append((label, counter, requests, total))

    print(f"{args.side}, {args.mode}: samples per 1,000 requests (about µs of CPU per request)")
    print("| " + " | ".join(f"{label} ({total / requests * 1000:.2f} total)" for label, _, requests, total in columns) + " | frame |")
    print("|" + "---:|" * len(columns) + "---|")
    keys = set()
    for _, counter, _, _ in columns:
        keys.update(k for k in counter if pattern is None or pattern.search(k))
    rows = []
    for key in keys:
        values = [counter[key] / requests * 1000 for _, counter, requests, _ in columns]
        rows.append((values[-1] - values[0] if len(values) > 1 else values[0], values, key))
    rows.sort(key=lambda row: (-abs(row[0]) if len(columns) > 1 else -row[0]))
    for _, values, key in rows[: args.top]:
        name = re.sub(r"^.*?\] ", "", key)
        print("| " + " | ".join(f"{v:.3f}" for v in values) + f" | `{name[:150].replace('|', '/')}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
