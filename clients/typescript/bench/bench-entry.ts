// Runs in Chromium (scripts/run-bench.mjs): decode throughput of the generated Pack decoders, JSON.parse (plus the
// conversions JSON needs for the same values: 64-bit integers to bigint) and @msgpack/msgpack, on W4/W5/W6/H2; then
// encode throughput of the generated Pack encoders, JSON.stringify (of the camel-cased plain value) and @msgpack/msgpack.
import { Decoder, encode as msgpackEncode } from "@msgpack/msgpack";
import { decodeListOfMember, decodeOrganization, encodeListOfMember, encodeOrganization } from "../test/generated/sample-api.js";
import { decodeListOfVectorPoint3, decodeVectorSmallObject, encodeListOfVectorPoint3, encodeVectorSmallObject } from "../test/generated/vectors.js";
import { organization, smallObject, vectors } from "./workloads.js";

interface Workload {
  id: string;
  pack: Uint8Array;
  json: string;
  msgpack: Uint8Array;
  decodePack: (b: Uint8Array) => unknown;
  decodeJson: (s: string) => unknown;
  encodePack: () => Uint8Array;
  encodeJson: () => string;
  encodeMsgpack: () => Uint8Array;
}

const camel = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? Number(x) : x)), (_k, x: unknown) => {
    if (x !== null && typeof x === "object" && !Array.isArray(x)) {
      const o: Record<string, unknown> = {};
      for (const [key, val] of Object.entries(x as Record<string, unknown>)) o[key[0]!.toLowerCase() + key.slice(1)] = val;
      return o;
    }
    return x;
  });

interface JsonMember { id: number; name: string | null; description: string | null; address: string | null; value: number; updateTime: number | bigint }
const membersFromJson = (members: JsonMember[]) => {
  for (const m of members) m.updateTime = BigInt(m.updateTime as number);
  return members;
};

const w4 = organization(1000);
const h2 = organization(100).Members!;
const w5 = vectors();
const w6 = smallObject();

const msgpackDecoder = new Decoder({ useBigInt64: true });
// JSON encodes the camel-cased plain value (made once, outside the timing), as a JSON API would send it.
const camelOf = new Map<unknown, unknown>([w4, w5, w6, h2].map((v) => [v, camel(v)]));
const msgpackOf = (plain: unknown) => msgpackEncode(plain, { useBigInt64: true });

const workloads: Workload[] = [
  {
    id: "W4_Organization (1,000 members)",
    pack: encodeOrganization(w4),
    encodePack: () => encodeOrganization(w4),
    encodeJson: () => JSON.stringify(camelOf.get(w4)),
    encodeMsgpack: () => msgpackOf(w4),
    json: JSON.stringify(camel(w4)),
    msgpack: msgpackOf(w4),
    decodePack: decodeOrganization,
    decodeJson: (s) => {
      const o = JSON.parse(s) as { members: JsonMember[] };
      membersFromJson(o.members);
      return o;
    },
  },
  {
    id: "W5_Vector3Array (10,000)",
    pack: encodeListOfVectorPoint3(w5),
    encodePack: () => encodeListOfVectorPoint3(w5),
    encodeJson: () => JSON.stringify(camelOf.get(w5)),
    encodeMsgpack: () => msgpackOf(w5),
    json: JSON.stringify(camel(w5)),
    msgpack: msgpackOf(w5),
    decodePack: decodeListOfVectorPoint3,
    decodeJson: (s) => JSON.parse(s),
  },
  {
    id: "W6_SmallObject",
    pack: encodeVectorSmallObject(w6),
    encodePack: () => encodeVectorSmallObject(w6),
    encodeJson: () => JSON.stringify(camelOf.get(w6)),
    encodeMsgpack: () => msgpackOf(w6),
    json: JSON.stringify(camel(w6)),
    msgpack: msgpackOf(w6),
    decodePack: decodeVectorSmallObject,
    decodeJson: (s) => JSON.parse(s),
  },
  {
    id: "H2_List100 (List<Member>, 100)",
    pack: encodeListOfMember(h2),
    encodePack: () => encodeListOfMember(h2),
    encodeJson: () => JSON.stringify(camelOf.get(h2)),
    encodeMsgpack: () => msgpackOf(h2),
    json: JSON.stringify(camel(h2)),
    msgpack: msgpackOf(h2),
    decodePack: decodeListOfMember,
    decodeJson: (s) => membersFromJson(JSON.parse(s) as JsonMember[]),
  },
];

let sink: unknown;
function opsPerSecond(run: () => unknown, ms: number): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 8; i++) sink = run();
    n += 8;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;

async function main() {
  const rows = [];
  for (const [direction, w] of [...workloads.map((w) => ["decode", w] as const), ...workloads.map((w) => ["encode", w] as const)]) {
    const runs: [string, () => unknown][] =
      direction === "decode"
        ? [
            ["pack", () => w.decodePack(w.pack)],
            ["json", () => w.decodeJson(w.json)],
            ["msgpack", () => msgpackDecoder.decode(w.msgpack)],
          ]
        : [
            ["pack", w.encodePack],
            ["json", w.encodeJson],
            ["msgpack", w.encodeMsgpack],
          ];
    for (const [, run] of runs) opsPerSecond(run, 300); // warm-up (optimizing tiers)
    // Interleaved rounds, so a change in the machine's load hits the three decoders alike; the median round counts.
    const samples: Record<string, number[]> = { pack: [], json: [], msgpack: [] };
    for (let round = 0; round < 7; round++) {
      for (const [name, run] of runs) samples[name]!.push(opsPerSecond(run, 250));
      await new Promise((r) => setTimeout(r, 0));
    }
    rows.push({
      id: `${w.id} ${direction}`,
      packBytes: w.pack.length,
      jsonBytes: new TextEncoder().encode(w.json).length,
      msgpackBytes: w.msgpack.length,
      pack: median(samples["pack"]!),
      json: median(samples["json"]!),
      msgpack: median(samples["msgpack"]!),
      ratioJson: median(samples["pack"]!.map((p, i) => p / samples["json"]![i]!)),
      ratioMsgpack: median(samples["pack"]!.map((p, i) => p / samples["msgpack"]![i]!)),
    });
  }
  return { rows, userAgent: navigator.userAgent, hardwareConcurrency: navigator.hardwareConcurrency, sink: typeof sink };
}

(globalThis as { packBench?: Promise<unknown> }).packBench = main();
