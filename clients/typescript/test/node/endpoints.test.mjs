// The URL building of generated endpoint functions (docs/schema.md §5.3, step 3): a route value is one URI component,
// a catch-all value keeps its '/' and encodes each segment, query parameters are appended in order, omitted ones left out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { routePathValue, routeValue, withQuery } from "../../build/src/index.js";

test("routeValue encodes the whole text as one URI component, '/' included", () => {
  assert.equal(routeValue("a/b c"), "a%2Fb%20c");
  assert.equal(routeValue(42), "42");
  assert.equal(routeValue(9007199254740993n), "9007199254740993");
});

test("routePathValue (catch-all) keeps '/' and encodes each segment", () => {
  assert.equal(routePathValue("docs/a b/\u00fc.txt"), "docs/a%20b/%C3%BC.txt");
  assert.equal(routePathValue("50%/x?y#z"), "50%25/x%3Fy%23z");
  assert.equal(routePathValue("a//b/"), "a//b/");
  assert.equal(routePathValue("/lead"), "/lead");
  assert.equal(routePathValue(""), "");
  assert.equal(routePathValue("plain"), "plain");
});

test("withQuery appends the parameters that have a value, in order, percent-encoded", () => {
  assert.equal(withQuery("files/a", { "dry-run": 1, q: "a&b", skip: undefined, none: null, flag: false }), "files/a?dry-run=1&q=a%26b&flag=false");
  assert.equal(withQuery("files/a", { skip: undefined }), "files/a");
});
