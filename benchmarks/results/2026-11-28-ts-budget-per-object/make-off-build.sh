#!/bin/sh
# Copies clients/typescript/build to /tmp/pack-build-off with PackReader.charge emptied: the budget's checks gone,
# everything else the same (as ../2026-11-28-ts-allocation-budget/make-off-build.sh; with this change, the prepaid
# charges and the given-back estimates of absent members go through charge too, so all of them are gone).
set -e
rm -rf /tmp/pack-build-off
cp -r "$(dirname "$0")/../../../clients/typescript/build" /tmp/pack-build-off
python3 - <<'PY'
import re
p = "/tmp/pack-build-off/src/reader.js"
s = open(p).read()
s2 = re.sub(r"charge\(bytes\) \{\n        if \(\(this\.allocationLeft -= bytes\) < 0\) \{\n            this\.overBudget\(\);\n        \}\n    \}", "charge(bytes) { }", s)
assert s2 != s, "charge() not found"
open(p, "w").write(s2)
PY
