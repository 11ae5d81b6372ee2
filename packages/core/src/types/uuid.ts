/**
 * A UUID string, typed like Node.js's `crypto.UUID` (five dash-separated groups). The CLI stamps
 * one on every message it streams.
 */
export type UUID = `${string}-${string}-${string}-${string}-${string}`;
