/** True when `value` is an object carrying `marker` set to `true` (a cross-bundle `instanceof`). */
export function hasMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
