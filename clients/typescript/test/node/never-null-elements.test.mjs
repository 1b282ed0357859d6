// A null element of a list whose elements are never null, on both of the runtime's list codecs: the compiled one
// (`new Function`) and the closures a page whose Content-Security-Policy forbids `new Function` gets
// (setCompiledCodecs(false)). Both must reject where .NET does (docs/vectors/invalid.json,
// invalid.collection.struct-element-null: the element's offset, 17; tests/Pack.Tests asserts the same offset), with the
// same error; and a null element of a `!` element type (docs/schema.md §6), which .NET's reader does not check, the same
// way on both.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { decodeDescribed, setCompiledCodecs } from "../../build/src/codec-for.js";
import { PackDecodeError } from "../../build/src/index.js";

const invalid = JSON.parse(readFileSync(new URL("../../../../docs/vectors/invalid.json", import.meta.url), "utf8"));
const vector = invalid.vectors.find((x) => x.id === "invalid.collection.struct-element-null");
const bytes = Uint8Array.from(vector.hex.match(/../g), (h) => parseInt(h, 16));

// The vector types (docs/vectors/types.json), made anew for each codec: a codec is built once per descriptor object,
// so a shared one would be read by the codec of whichever mode built it first.
const str = () => ({ kind: "primitive", primitive: "string" });
const i32 = () => ({ kind: "primitive", primitive: "i32" });
const namedValue = () => ({ kind: "object", name: "VectorNamedValue", nullable: false, members: [{ name: "Name", type: str() }, { name: "Value", type: i32() }] });
const smallObject = () => ({
  kind: "object",
  name: "VectorSmallObject",
  nullable: true,
  members: [{ name: "A", type: i32() }, { name: "B", type: i32() }, { name: "C", type: i32() }, { name: "S1", type: str() }, { name: "S2", type: str() }],
});

/** The error the compiled and then the interpreted codec of `describe()` raises for `input` (or what it reads). */
function errors(describe, input) {
  return [true, false].map((compiled) => {
    setCompiledCodecs(compiled);
    try {
      return { compiled, accepted: decodeDescribed(describe(), input) };
    } catch (e) {
      assert.ok(e instanceof PackDecodeError, String(e));
      return { compiled, offset: e.offset, path: e.path, message: e.message };
    } finally {
      setCompiledCodecs(true);
    }
  });
}

test("the vector is a VectorNamedValue[] whose second element is null", () => {
  assert.equal(vector.type, "VectorNamedValue[]");
  assert.deepEqual(decodeDescribed({ kind: "list", element: namedValue(), nullable: true }, bytes.subarray(0, 17).with(0, 1)), [
    { Name: "n", Value: 5 },
  ]);
});

for (const [name, nullable] of [["list<VectorNamedValue>", true], ["memory<VectorNamedValue>", false]]) {
  test(`${name}: a null struct element is rejected at its offset by the compiled and the interpreted codec alike`, () => {
    const [compiled, interpreted] = errors(() => ({ kind: "list", element: namedValue(), nullable }), bytes);
    assert.deepEqual({ ...interpreted, compiled: true }, compiled);
    assert.equal(compiled.offset, 17);
    assert.equal(compiled.path, "$[1]");
    assert.match(compiled.message, /cannot be null/);
  });
}

test("list<VectorSmallObject!>: a null element of a `!` element type is rejected at its offset by both codecs", () => {
  // The same framing with a class element: one empty body, then null; the class may be null on the wire, the `!` forbids it.
  const input = Uint8Array.from([2, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);
  const [compiled, interpreted] = errors(() => ({ kind: "list", element: smallObject(), nullable: true, elementNonNull: true }), input);
  assert.deepEqual({ ...interpreted, compiled: true }, compiled);
  assert.equal(compiled.offset, 8);
  assert.equal(compiled.path, "$[1]");
  const [plainCompiled, plainInterpreted] = errors(() => ({ kind: "list", element: smallObject(), nullable: true }), input);
  assert.equal(plainCompiled.accepted?.[1], null);
  assert.equal(plainInterpreted.accepted?.[1], null);
});
