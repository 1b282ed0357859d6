/**
 * Reading a response body with a bound: what a server sends is never buffered past the limit the caller chose.
 * @internal
 */

/**
 * The body's bytes as they arrive, joined once; `null` (the rest cancelled) when more than `max` arrive, or with
 * `truncate` the first `max` bytes.
 */
export async function readUpTo(response: Response, max: number, truncate = false): Promise<Uint8Array | null> {
  if (response.body === null) {
    return new Uint8Array(0);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    if (total + value.length > max) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) {
        return null;
      }
      chunks.push(value.subarray(0, max - total));
      total = max;
      break;
    }
    chunks.push(value);
    total += value.length;
  }
  return chunks.length === 1 ? chunks[0]! : concat(chunks, total);
}

/** `parts` joined into one array of `length` bytes (their total), copied once. */
export function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
