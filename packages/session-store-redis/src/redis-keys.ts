import { InvalidOptionError, type SessionKey } from '@hexagent/core';

/** The keys of one transcript and of its session, all under the session's hash tag. */
export interface RedisTranscriptKeys {
  /** The common start of the session's keys: `<prefix>{<project>:<session>}`. */
  base: string;
  /** `m` for the main transcript, `s:<encoded subpath>` for a sub-agent's. */
  token: string;
  /** The transcript's entries, a list of JSON strings. */
  log: string;
  /** The uuids the transcript holds, a set. */
  seen: string;
  /** The session's hash: the summary version `v` and each transcript's mtime. */
  meta: string;
  /** The session's summary, a JSON string `{ mtime, data }`. */
  summary: string;
  /** The session's sub-agent transcripts, a hash subpath → token. */
  subs: string;
}

/**
 * Percent-encodes the characters that would make keys ambiguous (`:`, `{`, `}`, `/`, `%`, ...),
 * so `a:b` + `c` and `a` + `b:c` never share a key and a key holds exactly one hash tag.
 */
function encode(part: string): string {
  return encodeURIComponent(part);
}

/** Validates a key prefix: it must not contain braces, which would change the Cluster hash tag. */
export function checkPrefix(prefix: string): string {
  if (/[{}]/.test(prefix)) {
    throw new InvalidOptionError({ option: 'prefix', message: `"${prefix}" must not contain { or }` });
  }
  return prefix;
}

/** The keys of `key`'s transcript and session. */
export function transcriptKeys(prefix: string, key: SessionKey): RedisTranscriptKeys {
  const base = `${prefix}{${encode(key.projectKey)}:${encode(key.sessionId)}}`;
  const token = key.subpath === undefined ? 'm' : `s:${encode(key.subpath)}`;
  return {
    base,
    token,
    log: `${base}:log:${token}`,
    seen: `${base}:seen:${token}`,
    meta: `${base}:meta`,
    summary: `${base}:summary`,
    subs: `${base}:subs`,
  };
}

/** The project's index of main transcripts (a sorted set, score = mtime), under its own hash tag. */
export function projectIndexKey(prefix: string, projectKey: string): string {
  return `${prefix}{${encode(projectKey)}}:sessions`;
}
