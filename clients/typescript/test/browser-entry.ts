// Bundled by scripts/run-chromium.mjs (esbuild) and run in a real Chromium page: the same conformance suite as in
// Node, over the same docs/vectors files (inlined into the bundle by esbuild's JSON loader).
import collections from "../../../docs/vectors/collections.json";
import invalid from "../../../docs/vectors/invalid.json";
import objects from "../../../docs/vectors/objects.json";
import primitives from "../../../docs/vectors/primitives.json";
import streams from "../../../docs/vectors/streams.json";
import strings from "../../../docs/vectors/strings.json";
import types from "../../../docs/vectors/types.json";
import unions from "../../../docs/vectors/unions.json";
import { runConformance } from "./conformance.js";

const files = { collections, invalid, objects, primitives, streams, strings, types, unions };
(globalThis as { packConformance?: Promise<unknown> }).packConformance = runConformance(files);
