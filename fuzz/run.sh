#!/usr/bin/env bash
# Coverage-guided fuzzing of Pack with AFL++ and SharpFuzz.
#
#   fuzz/run.sh TARGET SECONDS            one target: span | sequence | stream | http
#   fuzz/run.sh all TOTAL_SECONDS         every target in turn, TOTAL_SECONDS split evenly
#
# Builds fuzz/Pack.Fuzz (Release), instruments Pack.dll (and Pack.AspNetCore.dll for http) with sharpfuzz, runs one
# afl-fuzz instance per target from fuzz/corpus/TARGET, then checks the crash and hang folders itself (afl-fuzz exits 0
# even when it found crashes), replays every finding to print its exception, and writes a summary
# (PACK_FUZZ_SUMMARY, default fuzz/findings/summary.md). Exit status 1 when anything was found.
# PACK_FUZZ_SAVE=1 copies the new inputs AFL kept (up to 4 KB each) into fuzz/corpus/TARGET/ for dotnet test to replay.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

target="${1:?usage: fuzz/run.sh TARGET|all SECONDS}"
seconds="${2:?usage: fuzz/run.sh TARGET|all SECONDS}"
# PACK_FUZZ_TARGETS narrows "all" (e.g. PACK_FUZZ_TARGETS="span sequence").
read -r -a all_targets <<< "${PACK_FUZZ_TARGETS:-span sequence stream http}"
if [ "$target" = all ]; then
  targets=("${all_targets[@]}")
else
  targets=("$target")
fi
per_target=$(( seconds / ${#targets[@]} ))
[ "$per_target" -ge 10 ] || { echo "at least 10 s per target" >&2; exit 2; }

out="$root/fuzz/findings"
bin="$out/bin"
summary="${PACK_FUZZ_SUMMARY:-$out/summary.md}"
mkdir -p "$out" "$(dirname "$summary")"

command -v afl-fuzz >/dev/null 2>&1 || { echo "afl-fuzz not found: run fuzz/install.sh" >&2; exit 2; }
dotnet tool restore >/dev/null

echo "== build and instrument"
rm -rf "$bin" "$bin.plain"
dotnet publish fuzz/Pack.Fuzz -c Release -o "$bin" --nologo -v q >/dev/null
# An uninstrumented copy replays findings: instrumented code only runs inside SharpFuzz's runner.
rm -rf "$bin.plain" && cp -r "$bin" "$bin.plain"
dotnet tool run sharpfuzz "$bin/Pack.dll" >/dev/null
dotnet tool run sharpfuzz "$bin/Pack.AspNetCore.dll" >/dev/null

export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_AUTORESUME=0 AFL_FORKSRV_INIT_TMOUT=60000 DOTNET_TieredPGO=0

stat() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$2"; }

{
  echo "| Target | Seconds | Execs | Execs/s | Corpus | Edges found | Map density | Crashes | Hangs |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$summary.tmp"
found=0
for t in "${targets[@]}"; do
  dir="$out/$t"
  rm -rf "$dir"
  echo "== afl-fuzz $t for ${per_target}s"
  # -t: a hang is an input over 5 s (the harness itself fails an input over 1 s + 1 us/byte); -m none: .NET reserves
  # far more virtual memory than it uses, the harness checks allocation itself.
  afl-fuzz -i "fuzz/corpus/$t" -o "$dir" -V "$per_target" -t 5000 -m none -- dotnet "$bin/Pack.Fuzz.dll" "$t" \
    > "$dir.log" 2>&1 || { echo "afl-fuzz failed for $t; see $dir.log" >&2; tail -20 "$dir.log" >&2; exit 2; }
  stats="$dir/default/fuzzer_stats"
  crashes=$(find "$dir/default/crashes" -type f ! -name README.txt | wc -l)
  hangs=$(find "$dir/default/hangs" -type f | wc -l)
  echo "| $t | $per_target | $(stat execs_done "$stats") | $(stat execs_per_sec "$stats") | $(stat corpus_count "$stats") | $(stat edges_found "$stats") of $(stat total_edges "$stats") | $(stat bitmap_cvg "$stats") | $crashes | $hangs |" >> "$summary.tmp"
  if [ "$((crashes + hangs))" -gt 0 ]; then
    found=1
    echo "!! $t: $crashes crashes, $hangs hangs in $dir/default; replaying them:"
    dotnet "$bin.plain/Pack.Fuzz.dll" replay "$t" "$dir/default/crashes" "$dir/default/hangs" | grep -E "^(VIOLATION|replay|   at Pack)" | head -60 || true
  fi
  if [ "${PACK_FUZZ_SAVE:-0}" = 1 ]; then
    find "$dir/default/queue" -maxdepth 1 -type f -size -4k | while read -r input; do
      # AFL's queue holds the starting corpus too (as links to it): copy only what is not there yet.
      dest="fuzz/corpus/$t/afl-$(sha1sum "$input" | cut -c1-12)"
      [ -e "$dest" ] || cmp -s "$input" "fuzz/corpus/$t/$(basename "$input" | sed -n 's/.*orig:\(.*\)/\1/p')" 2>/dev/null || cp "$input" "$dest"
    done
  fi
done

{
  echo "Coverage-guided fuzzing, $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, AFL++ $( (afl-fuzz -h 2>&1 || true) | grep -o 'afl-fuzz++[0-9.a-z]*' | sed -n 1p), one instance at a time"
  echo
  cat "$summary.tmp"
} > "$summary"
rm -f "$summary.tmp"
cat "$summary"
if [ "$found" -ne 0 ]; then
  echo "FAIL: the fuzzer found crashes or hangs (inputs under $out/*/default/{crashes,hangs})" >&2
  exit 1
fi
echo "OK: no crashes, no hangs"
