/**
 * The Lua scripts of `RedisStepStore`. Every key is under one hash tag, `<prefix>{steps}` (ARGV[1],
 * the base): a step record `<base>:s:<session>:<tool use>` (hash: `v` version, `j` the record's JSON)
 * and a session's index `<base>:ss:<session>` (sorted set: tool use ids scored by their start). The
 * ids are URI-encoded, so `:` cannot occur in them. Each script runs atomically.
 */

/** Saves a record at version 1 unless the call has one. ARGV: base, session, tool use, startedAt, JSON. Returns { created (1/0), version, JSON }. */
export const CREATE_STEP = `
local key = ARGV[1] .. ':s:' .. ARGV[2] .. ':' .. ARGV[3]
local v = redis.call('HGET', key, 'v')
if v then return { 0, tonumber(v), redis.call('HGET', key, 'j') } end
redis.call('HSET', key, 'v', 1, 'j', ARGV[5])
redis.call('ZADD', ARGV[1] .. ':ss:' .. ARGV[2], tonumber(ARGV[4]), ARGV[3])
return { 1, 1, ARGV[5] }
`;

/** One record. ARGV: base, session, tool use. Returns { version, JSON } or an empty list. */
export const GET_STEP = `
local key = ARGV[1] .. ':s:' .. ARGV[2] .. ':' .. ARGV[3]
local v = redis.call('HGET', key, 'v')
if not v then return {} end
return { tonumber(v), redis.call('HGET', key, 'j') }
`;

/** Compare-and-set. ARGV: base, session, tool use, expected version, startedAt, JSON. Returns { version, JSON } or an empty list. */
export const REPLACE_STEP = `
local key, expected = ARGV[1] .. ':s:' .. ARGV[2] .. ':' .. ARGV[3], tonumber(ARGV[4])
local v = redis.call('HGET', key, 'v')
if not v or tonumber(v) ~= expected then return {} end
redis.call('HSET', key, 'v', expected + 1, 'j', ARGV[6])
redis.call('ZADD', ARGV[1] .. ':ss:' .. ARGV[2], tonumber(ARGV[5]), ARGV[3])
return { expected + 1, ARGV[6] }
`;

/** A session's records, oldest start first (ties by tool use id). ARGV: base, session. Returns their JSON. */
export const LIST_STEPS = `
local out = {}
for _, id in ipairs(redis.call('ZRANGE', ARGV[1] .. ':ss:' .. ARGV[2], 0, -1)) do
  local j = redis.call('HGET', ARGV[1] .. ':s:' .. ARGV[2] .. ':' .. id, 'j')
  if j then out[#out + 1] = j end
end
return out
`;
