#!/usr/bin/env bash
# Publishes samples/WebApi.Aot as a Native AOT binary (zero AOT/trim warnings, or it fails), starts it on 127.0.0.1
# on a free port, runs the demo against it (`samples/Demo -- --url`: exit 0 only when every JSON and Pack comparison
# matched), sends it hostile request bodies (each must be a 400 problem+json), reads its schema endpoint and stops it. Used by .ci/steps; OUT (default artifacts/publish/WebApi.Aot) receives the binary and the logs.
set -euo pipefail
cd "$(dirname "$0")/../.."

out="${OUT:-$PWD/artifacts/publish/WebApi.Aot}"
mkdir -p "$out"
bash samples/WebApi.Aot/ensure-native-toolchain.sh
linker=()
if ! command -v clang >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1 && command -v clang-14 >/dev/null 2>&1; then
  linker=(-p:CppCompilerAndLinker=clang-14)
fi

log="$out/publish.log"
# PublishAot=true comes from the project file. Passed as -p:PublishAot=true it would be a global property that also reaches
# the netstandard2.0 source generator (a project reference of Pack), whose restore then fails with NETSDK1207.
status=0
dotnet publish samples/WebApi.Aot/WebApi.Aot.csproj -c Release -r linux-x64 "${linker[@]}" \
  -o "$out/bin" --nologo -v q > "$log" 2>&1 || status=$?
# Trim (IL2xxx) and AOT (IL3xxx) analysis warnings; TreatWarningsAsErrors makes them fail the publish too.
if [ "$status" -ne 0 ] || grep -Eq 'warning (IL[23][0-9]{3}|IL[0-9]{4})' "$log"; then
  cat "$log"
  echo "Native AOT publish failed or warned (exit $status)" >&2
  exit 1
fi
binary="$out/bin/Pack.Samples.WebApi.Aot"
echo "native binary: $binary ($(du -k "$binary" | cut -f1) KiB)"

# A free port: the first of a few random ones that nothing answers on.
port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
    port=$candidate
    break
  fi
done
[ -n "$port" ] || { echo "no free port found" >&2; exit 1; }

url="http://127.0.0.1:$port"
ASPNETCORE_URLS="$url" "$binary" > "$out/server.log" 2>&1 &
server=$!
stop_server() {
  if kill -0 "$server" 2>/dev/null; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
}
trap stop_server EXIT

# Ready when /healthz answers 200 (bash's /dev/tcp: the CI image has no curl), at most 30 s.
ready=0
for _ in $(seq 1 300); do
  if ! kill -0 "$server" 2>/dev/null; then
    break
  fi
  if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
    printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    status_line=$(head -n 1 <&3 || true)
    exec 3>&- 3<&-
    if [[ "$status_line" == *" 200"* ]]; then
      ready=1
      break
    fi
  fi
  sleep 0.1
done
if [ "$ready" -ne 1 ]; then
  cat "$out/server.log"
  echo "the native sample did not become ready on $url" >&2
  exit 1
fi
echo "native sample ready on $url"

demo_status=0
dotnet run --project samples/Demo -c Release -- --url "$url" --iterations 20 || demo_status=$?

# Hostile bodies against the native binary: each must be a 400 problem+json, never a 500. Under Native AOT the
# decoders' exceptions carry no reflection metadata, so this is where the body reader's fallback is proven.
probe() {
  local name=$1 encoding=$2 file=$3 response status_line
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  {
    printf 'POST /minimal/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-pack\r\n'
    if [ -n "$encoding" ]; then printf 'Content-Encoding: %s\r\n' "$encoding"; fi
    printf 'Content-Length: %s\r\nConnection: close\r\n\r\n' "$(stat -c %s "$file")"
    cat "$file"
  } >&3
  response=$(cat <&3 || true)
  exec 3>&- 3<&-
  status_line=${response%%$'\r'*}
  echo "  $name -> $status_line"
  [[ $status_line == *' 400 '* && ${response,,} == *'content-type: application/problem+json'* ]]
}
probes="$out/probes"
mkdir -p "$probes"
printf '\xff\xff\xff\xff\x01\x02\x03\x04\x05\x06\x07\x08' > "$probes/garbage"
printf '\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x4b\x4c' > "$probes/truncated-gzip"
probe_status=0
echo "hostile request bodies (each must be 400 problem+json):"
probe "malformed Pack" "" "$probes/garbage" || probe_status=1
probe "br, not Brotli" br "$probes/garbage" || probe_status=1
probe "gzip, not gzip" gzip "$probes/garbage" || probe_status=1
probe "deflate, not zlib" deflate "$probes/garbage" || probe_status=1
probe "gzip, truncated" gzip "$probes/truncated-gzip" || probe_status=1
# Hostile headers on a GET: any answer but a 5xx.
probe_header() {
  local name=$1 header=$2 status_line=""
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET /minimal/orders/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\nConnection: close\r\n\r\n' "$header" >&3
  # The status line only: a Pack body holds NUL bytes, which a bash variable cannot.
  IFS= read -r status_line <&3 || true
  exec 3>&- 3<&-
  status_line=${status_line%$'\r'}
  echo "  $name -> $status_line"
  [[ $status_line == 'HTTP/1.1 '[1-4]* ]]
}
echo "hostile request headers (any answer but a 5xx):"
probe_header "Accept with an empty q" 'Accept: application/x-pack;q=' || probe_status=1
probe_header "Accept with a bad parameter" 'Accept: application/x-pack;;=;q=abc, */*;q=' || probe_status=1
probe_header "Pack-Timeout garbage" 'Pack-Timeout: 99999999999999999999H' || probe_status=1

# The Pack-Schema response header (docs/schema.md §5): under Native AOT it comes from AppPackContext's compile-time
# schema constants (PackSchema.For needs reflection), so a Pack response must carry a wire fingerprint.
schema_status=0
schema_header=""
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET /minimal/orders/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-pack\r\nConnection: close\r\n\r\n' >&3
# The head only: a Pack body holds NUL bytes, which a bash variable cannot.
endpoint_header=""
while IFS= read -r line <&3; do
  line=${line%$'\r'}
  [ -n "$line" ] || break
  if [[ ${line,,} == pack-schema:* ]]; then
    schema_header=${line#*:}
    schema_header=${schema_header# }
  elif [[ ${line,,} == pack-schema-endpoint:* ]]; then
    endpoint_header=${line#*:}
    endpoint_header=${endpoint_header# }
  fi
done
exec 3>&- 3<&-
echo "Pack-Schema of GET /minimal/orders/1 (application/x-pack): ${schema_header:-none}; Pack-Schema-Endpoint: ${endpoint_header:-none}"
[[ $schema_header =~ ^[0-9a-f]{16}$ ]] || schema_status=1
# The schema endpoint (docs/schema.md §5), mapped from the same constants (MapPackSchema(AppPackContext.Default)):
# advertised on Pack responses, it serves the set, and ?wire= with the fingerprint the response carried answers 200.
[ "$endpoint_header" = "/pack/schema" ] || schema_status=1
get_json() {
  local target=$1 response
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n\r\n' "$target" >&3
  response=$(cat <&3 || true)
  exec 3>&- 3<&-
  printf '%s' "$response"
}
set_response=$(get_json /pack/schema)
echo "GET /pack/schema -> ${set_response%%$'\r'*} (${#set_response} bytes)"
format_pattern='"format":[[:space:]]*"pack-schema-set/1"'
wire_pattern="\"wire\":[[:space:]]*\"$schema_header\""
[[ ${set_response%%$'\r'*} == *' 200 '* && ${set_response,,} == *'content-type: application/json'* \
  && $set_response =~ $format_pattern && $set_response =~ $wire_pattern ]] || schema_status=1
wire_response=$(get_json "/pack/schema?wire=$schema_header")
echo "GET /pack/schema?wire=$schema_header -> ${wire_response%%$'\r'*}"
[[ ${wire_response%%$'\r'*} == *' 200 '* && $wire_response =~ $wire_pattern ]] || schema_status=1
unknown_response=$(get_json "/pack/schema?wire=0123456789abcdef")
echo "GET /pack/schema?wire=0123456789abcdef -> ${unknown_response%%$'\r'*}"
[[ ${unknown_response%%$'\r'*} == *' 404 '* && ${unknown_response,,} == *'content-type: application/problem+json'* ]] || schema_status=1

stop_server
trap - EXIT
if [ "$demo_status" -ne 0 ] || [ "$probe_status" -ne 0 ] || [ "$schema_status" -ne 0 ]; then
  echo "--- server log"
  cat "$out/server.log"
  if [ "$demo_status" -ne 0 ]; then
    echo "the demo against the native sample failed (exit $demo_status: 1 = a JSON/Pack comparison did not match)" >&2
  fi
  if [ "$probe_status" -ne 0 ]; then
    echo "a hostile request body was not answered with 400 problem+json, or a hostile header with a status below 500, by the native sample" >&2
  fi
  if [ "$schema_status" -ne 0 ]; then
    echo "the native sample's Pack response carried no Pack-Schema wire fingerprint or Pack-Schema-Endpoint, or its schema endpoint did not serve the set, the ?wire= lookup or the 404 problem of an unknown fingerprint" >&2
  fi
  exit 1
fi
echo "the demo matched every endpoint against the Native AOT sample, every hostile body was a 400 and no hostile header a 5xx, Pack responses carry Pack-Schema, and the schema endpoint serves the generated set"
