// The runtime's codecs built from descriptors (src/codec-for.ts): caching per descriptor, absent members (defaults,
// zero values, the non-null rule), what they charge the allocation budget, non-null checks both ways. The generated
// modules' decoders and encoders go through the same code (test/generated-checks.ts runs the golden vectors on them).
import assert from "node:assert/strict";
import { test } from "node:test";
import { codecFor, decodeDescribed, encodeDescribed } from "../../build/src/codegen.js";
import { AllocationBudget, DEFAULT_MAX_ALLOCATION_RATIO, PackDecodeError, PackEncodeError } from "../../build/src/index.js";
import { COLLECTION_BYTES, DATETIMEOFFSET_BYTES, MEMBER_BYTES, OBJECT_BYTES, TYPED_ARRAY_BYTES } from "../../build/src/allocation-budget.js";

const i32 = { kind: "primitive", primitive: "i32" };
const str = { kind: "primitive", primitive: "string" };
// an object with no members, as an older writer of the types below would send it
const EMPTY_BODY = encodeDescribed({ kind: "object", nullable: true, members: [] }, {});

function charged(descriptor, bytes) {
  const budget = new AllocationBudget(DEFAULT_MAX_ALLOCATION_RATIO);
  const start = budget.left + DEFAULT_MAX_ALLOCATION_RATIO * bytes.length;
  decodeDescribed(descriptor, bytes, { allocationBudget: budget });
  return start - budget.left;
}

test("codecFor builds once per descriptor object and keeps it", () => {
  const a = { kind: "object", nullable: true, members: [{ name: "X", type: i32 }] };
  const b = { kind: "object", nullable: true, members: [{ name: "X", type: i32 }] };
  assert.equal(codecFor(a), codecFor(a));
  assert.notEqual(codecFor(a), codecFor(b));
});

test("a non-null member without a default is a decode error when absent, at the member", () => {
  // record Person(string Name, List<string?> Tags)
  const person = {
    kind: "object",
    nullable: true,
    members: [
      { name: "Name", type: str, nonNull: true },
      { name: "Tags", type: { kind: "list", element: str, nullable: true }, nonNull: true },
    ],
  };
  assert.throws(() => decodeDescribed(person, EMPTY_BODY), (e) => e instanceof PackDecodeError && /absent/.test(e.message) && e.path === "$.Name");
  // with a default, the same payload reads
  const withDefaults = { ...person, members: person.members.map((m, i) => ({ ...m, default: i === 0 ? "" : [] })) };
  const v = decodeDescribed(withDefaults, EMPTY_BODY);
  assert.deepEqual(v, { Name: "", Tags: [] });
  // each read gets an array of its own
  assert.notEqual(decodeDescribed(withDefaults, EMPTY_BODY).Tags, v.Tags);
});

test("null in a non-null member or element is rejected both ways", () => {
  const order = {
    kind: "object",
    nullable: true,
    members: [{ name: "Lines", type: { kind: "list", element: str, nullable: true, elementNonNull: true }, nonNull: true }],
  };
  assert.throws(() => encodeDescribed(order, { Lines: null }), PackEncodeError);
  assert.throws(() => encodeDescribed(order, { Lines: ["a", null] }), PackEncodeError);
  const loose = { kind: "object", nullable: true, members: [{ name: "Lines", type: { kind: "list", element: str, nullable: true } }] };
  assert.throws(() => decodeDescribed(order, encodeDescribed(loose, { Lines: ["a", null] })), (e) => e instanceof PackDecodeError && e.path === "$.Lines[1]");
  assert.deepEqual(decodeDescribed(order, encodeDescribed(loose, { Lines: ["a"] })), { Lines: ["a"] });
});

test("an absent struct member whose zero value holds a forbidden null is an error; one with nullable references is its zero value", () => {
  // class Holder { int A; Named Inner; Loose Loose; } struct Named { string! Name; } struct Loose { string? Note; }
  const named = { kind: "object", nullable: false, members: [{ name: "Name", type: str, nonNull: true }] };
  const loose = { kind: "object", nullable: false, members: [{ name: "Note", type: str }] };
  const holder = {
    kind: "object",
    nullable: true,
    members: [
      { name: "A", type: i32 },
      { name: "Inner", type: () => named },
      { name: "Loose", type: () => loose },
    ],
  };
  const older = { kind: "object", nullable: true, members: holder.members.slice(0, 2) };
  const oldest = { kind: "object", nullable: true, members: holder.members.slice(0, 1) };
  assert.deepEqual(decodeDescribed(holder, encodeDescribed(older, { A: 1, Inner: { Name: "n" } })), { A: 1, Inner: { Name: "n" }, Loose: { Note: null } });
  assert.throws(() => decodeDescribed(holder, encodeDescribed(oldest, { A: 1 })), (e) => e instanceof PackDecodeError && e.path === "$.Inner");
});

test("absent members are charged what their values allocate; prepaid reads are given back", () => {
  // class Holder { int A; Named Inner; DateTimeOffset At; List<int>? Ids = []; } struct Named { Pair P; int N; } struct Pair { int X; int Y; }
  const pair = { kind: "object", nullable: false, members: [{ name: "X", type: i32 }, { name: "Y", type: i32 }] };
  const named = { kind: "object", nullable: false, members: [{ name: "P", type: () => pair }, { name: "N", type: i32 }] };
  const holder = {
    kind: "object",
    nullable: true,
    members: [
      { name: "A", type: i32 },
      { name: "Inner", type: () => named },
      { name: "At", type: { kind: "primitive", primitive: "datetimeoffset" } },
      { name: "Ids", type: { kind: "list", element: i32, nullable: true }, default: new Int32Array(0) },
    ],
  };
  const object = (n) => OBJECT_BYTES + n * MEMBER_BYTES;
  const expected = object(4) + 2 * object(2) + object(2) + TYPED_ARRAY_BYTES;
  assert.equal(charged(holder, EMPTY_BODY), expected);
  const v = decodeDescribed(holder, EMPTY_BODY);
  assert.deepEqual(v, { A: 0, Inner: { P: { X: 0, Y: 0 }, N: 0 }, At: { ticks: 0n, offsetMinutes: 0 }, Ids: new Int32Array(0) });
  // present, At's fixed estimate is charged once with the object
  const bytes = encodeDescribed(holder, v);
  assert.equal(charged(holder, bytes), object(4) + 2 * object(2) + DATETIMEOFFSET_BYTES + TYPED_ARRAY_BYTES);
  assert.ok(COLLECTION_BYTES > 0);
});

test("a type that holds itself is built once and reads through its own codec", () => {
  const node = { kind: "object", nullable: true, members: [{ name: "V", type: i32 }, { name: "Next", type: () => node }] };
  const value = { V: 1, Next: { V: 2, Next: { V: 3, Next: null } } };
  assert.deepEqual(decodeDescribed(node, encodeDescribed(node, value)), value);
});

test("a member named __proto__ is an own property, not the prototype", () => {
  const d = { kind: "object", nullable: true, members: [{ name: "__proto__", type: i32 }] };
  const v = decodeDescribed(d, encodeDescribed(d, JSON.parse('{"__proto__": 5}')));
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(v, "__proto__")?.value, 5);
});
