export * from "./errors.js";
export * from "./values.js";
export * from "./reader.js";
export * from "./writer.js";
export * from "./codecs.js";
export * from "./stream.js";
export * from "./timeout.js";
export * from "./client.js";
