/** The contract sends every timestamp as a string of epoch milliseconds. */
export function timestamp(ms: number): string;
export function timestamp(ms: number | null): string | null;
export function timestamp(ms: number | null): string | null {
  return ms === null ? null : String(ms);
}
