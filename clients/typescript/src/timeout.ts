/** The `Pack-Timeout` header (docs/operations.md, "Deadlines"): gRPC's `grpc-timeout` format. */
export const PACK_TIMEOUT_HEADER = "Pack-Timeout";
/** Set to `true` on the server's 504 when the deadline expired. */
export const PACK_TIMEOUT_EXPIRED_HEADER = "Pack-Timeout-Expired";
/** The problem `type` of an expired deadline. */
export const DEADLINE_EXCEEDED_TYPE = "urn:pack:deadline-exceeded";

const UNITS: readonly (readonly [number, string])[] = [
  [1, "m"],
  [1_000, "S"],
  [60_000, "M"],
  [3_600_000, "H"],
];

/**
 * Formats a timeout in milliseconds as the .NET client does: the finest of milliseconds, seconds, minutes, hours
 * whose amount, rounded up, has at most 8 digits (`1500` → `"1500m"`).
 */
export function formatPackTimeout(milliseconds: number): string {
  if (!(milliseconds > 0)) {
    throw new RangeError(`a timeout must be positive, got ${milliseconds}`);
  }
  for (const [perUnit, unit] of UNITS) {
    const amount = Math.ceil(milliseconds / perUnit);
    if (amount < 100_000_000) {
      return `${amount}${unit}`;
    }
  }
  return "99999999H";
}
