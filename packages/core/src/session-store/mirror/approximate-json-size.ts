/**
 * About how many characters `JSON.stringify(value)` would write, without building the string:
 * the lengths of strings and keys plus a few characters of punctuation each. Used for the mirror's
 * byte threshold, which needs a size for every frame but no exact one (escapes are not counted).
 *
 * @example
 * ```ts
 * approximateJsonSize({ type: 'user', uuid: 'u1' }); // 28 (JSON.stringify writes 27)
 * ```
 */
export function approximateJsonSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return String(value).length;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      let size = 2;
      if (Array.isArray(value)) {
        for (const item of value) size += approximateJsonSize(item) + 1;
        return size;
      }
      for (const key in value) {
        size += key.length + 4 + approximateJsonSize((value as Record<string, unknown>)[key]);
      }
      return size;
    }
    default:
      return 0;
  }
}
