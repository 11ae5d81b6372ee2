const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a session id the CLI would have written: a UUID, any case. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
