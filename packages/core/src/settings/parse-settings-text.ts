/** What a settings file's text holds: nothing, something that is not settings, or a JSON object. */
export type ParsedSettingsText =
  | { readonly kind: 'empty' }
  | { readonly kind: 'unreadable' }
  | { readonly kind: 'object'; readonly value: Record<string, unknown> };

/**
 * Reads a settings file's text as the CLI does: strict JSON (no comments, no trailing commas), a
 * leading byte-order mark allowed, an empty or blank file the same as no file. Anything but a JSON
 * object is `unreadable`.
 */
export function parseSettingsText(text: string): ParsedSettingsText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { kind: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { kind: 'unreadable' };
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { kind: 'object', value: value as Record<string, unknown> }
    : { kind: 'unreadable' };
}
