#!/bin/sh
# Copies clients/typescript/build to /tmp/pack-build-off with PackReader.charge emptied: the budget's checks gone,
# everything else (the flat Guid and decimal strings included) the same.
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
