// A schema document is Unicode text, in every string too (docs/schema.md §1.5): an unpaired surrogate, written as
// itself in the UTF-16 text or escaped, is a PackSchemaFormatError, as it is a FormatException in .NET
// (tests/Pack.Schema.Tests/PackSchemaDuplicateMemberTests.cs); a pair, raw or escaped, and every other escape are read.
// JSON.parse alone accepts all of them. A raw unpaired surrogate cannot be written in the UTF-8 vector files, so it is
// tested here; the escaped ones are also in docs/vectors/schemas.json.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PackSchemaFormatError, canonicalText, parseSchemaSet, parseSchemaText } from "../../build/src/index.js";

const I32 = '{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}';
const named = (name) => `{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"${name}","members":[{"name":"a","type":1}]},${I32}]}`;

const rejects = (text) => {
  for (const read of [parseSchemaText, parseSchemaSet]) {
    assert.throws(() => read(text), (e) => {
      assert.ok(e instanceof PackSchemaFormatError, `${e?.constructor?.name}: ${e?.message}`);
      assert.ok(e.message.startsWith("not JSON text this reader accepts: "), e.message);
      assert.match(e.message, /surrogate/);
      return true;
    });
  }
};

for (const [name, text] of [
  ["a raw high surrogate at the end of a name", named("D\ud800")],
  ["a raw low surrogate alone", named("D\udc00x")],
  ["raw surrogates in reverse order", named("\ude00\ud83d")],
  ["a raw high surrogate before an escaped low one", named("\ud83d\\ude00")],
  ["an escaped high surrogate before a raw low one", named("\\ud83d\ude00")],
  ["a raw surrogate in a member name nobody reads", `{"format":"pack-schema/1","types":[${I32}],"x\udfff":1}`],
]) {
  test(`schema text: ${name}: PackSchemaFormatError`, () => rejects(text));
}

for (const [name, escaped] of [
  ["an escaped high surrogate alone", "D\\ud800"],
  ["an escaped low surrogate alone", "D\\udc00x"],
  ["escaped surrogates in reverse order", "\\ude00\\ud83d"],
  ["an escaped high surrogate before another escape", "\\ud83d\\u0041"],
  ["an escaped high surrogate in upper case alone", "\\uDBFF"],
]) {
  test(`schema text: ${name}: PackSchemaFormatError`, () => rejects(named(escaped)));
  test(`schema text: ${name} in a member name and in a default: PackSchemaFormatError`, () => {
    rejects(`{"format":"pack-schema/1","types":[${I32}],"${escaped}":1}`);
    rejects(`{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"D","members":[{"name":"a","type":1,"default":"${escaped}"}]},{"kind":"primitive","nullable":true,"primitive":"string"}]}`);
  });
}

test("schema text: surrogate pairs, raw or escaped in either case, and every other escape are read", () => {
  const cases = [
    ["\ud83d\ude00", "\u{1F600}"],
    ["\\ud83d\\ude00", "\u{1F600}"],
    ["\\uD83D\\uDE00", "\u{1F600}"],
    ['\\"\\\\\\/\\b\\f\\n\\r\\t', '"\\/\b\f\n\r\t'],
    ["\\u0041\\u00e9\\u00E9\\u0000\\u001f", "A\u00e9\u00e9\u0000\u001f"],
    ["\\\\ud800", "\\ud800"], // an escaped backslash, then the letters: no surrogate at all
  ];
  for (const [written, read] of cases) {
    const text = named(written);
    assert.equal(parseSchemaText(text).types[0].name, read, written);
    assert.equal(parseSchemaSet(text)[0].schema.types[0].name, read, written);
    assert.equal(parseSchemaText(canonicalText(parseSchemaText(text))).types[0].name, read, written);
  }
});

test("schema text: a byte order mark before the document is not JSON; JSON whitespace around it is", () => {
  for (const read of [parseSchemaText, parseSchemaSet]) {
    assert.throws(() => read("\ufeff" + named("A")), PackSchemaFormatError);
    assert.throws(() => read(named("A") + "\u00a0"), PackSchemaFormatError);
    read(" \t\r\n" + named("A") + "\r\n\t ");
  }
});
