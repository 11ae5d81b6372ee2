/** `value` with thousands separators and `digits` decimals, or `n/a` when it is not finite. */
export function fmt(value: number, digits = 0): string {
  return Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
}

/** A ratio as `1.25x`, or `n/a` when it is not finite. */
export function times(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a';
}
