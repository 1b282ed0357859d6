// Errors in one module (src/errors.ts): every error the package raises is a PackError whose code names its subclass,
// and the subclasses keep the messages, offsets and paths the vectors and callers check.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  PackContentError,
  PackDeadlineError,
  PackDecodeError,
  PackEncodeError,
  PackError,
  PackErrorCode,
  PackNetworkError,
  PackSchemaFormatError,
  PackSchemaMismatchError,
  PackServerError,
  PackStreamError,
  decode,
  encode,
  int32,
  object,
  parseSchema,
  string,
  uint8,
} from "../../build/src/index.js";

test("each error class has its own code and is a PackError", () => {
  const cases = [
    [new PackDecodeError("bad", 3), PackErrorCode.Decode],
    [new PackEncodeError("bad"), PackErrorCode.Encode],
    [new PackStreamError(500, null, "t", null, null), PackErrorCode.Stream],
    [new PackSchemaFormatError("bad"), PackErrorCode.SchemaFormat],
    [new PackSchemaMismatchError("u", "response", null, "a", "b", [], "d"), PackErrorCode.SchemaMismatch],
    [new PackNetworkError("u", new Error("x")), PackErrorCode.Network],
    [new PackServerError(500, null, "t", null, {}, null, null), PackErrorCode.Server],
    [new PackDeadlineError(10, false), PackErrorCode.DeadlineExceeded],
    [new PackContentError("text/plain", "m"), PackErrorCode.Content],
  ];
  const codes = new Set();
  for (const [error, code] of cases) {
    assert.ok(error instanceof PackError, error.name);
    assert.ok(error instanceof Error, error.name);
    assert.equal(error.code, code, error.name);
    codes.add(error.code);
  }
  assert.deepEqual([...codes].sort(), Object.values(PackErrorCode).sort(), "one code a subclass, every code used");
});

test("a malformed payload is a PackDecodeError with code decode, its offset and path in the message", () => {
  const codec = object([
    { name: "Id", codec: int32 },
    { name: "Name", codec: string },
  ]);
  const bytes = encode(codec, { Id: 1, Name: "ab" });
  assert.throws(
    () => decode(codec, bytes.subarray(0, bytes.length - 1)),
    (e) =>
      e instanceof PackDecodeError &&
      e.code === "decode" &&
      e.name === "PackDecodeError" &&
      e.path === "$.Name" &&
      e.message === `${e.reason} (offset ${e.offset}, path $.Name)`,
  );
});

test("an unwritable value is a PackEncodeError with code encode", () => {
  assert.throws(() => encode(uint8, 300), (e) => e instanceof PackEncodeError && e.code === "encode" && e.name === "PackEncodeError");
});

test("a document that is not a schema is a PackSchemaFormatError with code schema_format", () => {
  assert.throws(() => parseSchema({}), (e) => e instanceof PackSchemaFormatError && e.code === "schema_format" && e.message.includes('"format"'));
});

test("the package root exports no internals (SHA-256, key helpers, the hash-flooding model)", async () => {
  const root = await import("../../build/src/index.js");
  for (const name of ["sha256", "HashFloodGuard", "numberHash", "bigintHash", "unseededHash", "longHash", "HASH_FLOODING", "keyOf", "keyFunctionOf", "decimalKey", "compositeKey"]) {
    assert.equal(name in root, false, `${name} is exported from the package root`);
  }
  assert.equal(typeof root.PackError, "function");
  assert.equal(typeof root.parseSchema, "function");
});
