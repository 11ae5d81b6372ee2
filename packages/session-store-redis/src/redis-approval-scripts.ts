/**
 * The Lua scripts of `RedisApprovalStore`. Every key is under one hash tag, `<prefix>{approvals}`
 * (ARGV[1], the base): a record `<base>:r:<id>` (hash: `v` version, `s` status, `sid` session id,
 * `at` requestedAt, `j` the record's JSON), the index of all records `<base>:all`, one per status
 * `<base>:s:<status>` and one per session `<base>:sid:<session>` (sorted sets, score requestedAt).
 * Each script runs atomically, so a record and its indexes never disagree.
 */

/**
 * Saves a record at version 1 unless its id exists. ARGV: base, id, session id (encoded), status,
 * requestedAt, JSON. Returns { created (1/0), version, JSON }.
 */
export const CREATE = `
local base, id, sid, status, at, json = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local rec = base .. ':r:' .. id
if redis.call('EXISTS', rec) == 1 then
  return { 0, tonumber(redis.call('HGET', rec, 'v')), redis.call('HGET', rec, 'j') }
end
redis.call('HSET', rec, 'v', 1, 's', status, 'sid', sid, 'at', at, 'j', json)
redis.call('ZADD', base .. ':all', at, id)
redis.call('ZADD', base .. ':s:' .. status, at, id)
redis.call('ZADD', base .. ':sid:' .. sid, at, id)
return { 1, 1, json }
`;

/** One record. ARGV: base, id. Returns { version, JSON } or an empty list. */
export const GET = `
local rec = ARGV[1] .. ':r:' .. ARGV[2]
local v = redis.call('HGET', rec, 'v')
if not v then return {} end
return { tonumber(v), redis.call('HGET', rec, 'j') }
`;

/**
 * Compare-and-set: replaces the record if its version is ARGV[3], moving it between status indexes.
 * ARGV: base, id, expected version, new status, JSON. Returns { version, JSON } or an empty list.
 */
export const REPLACE = `
local base, id, expected, status, json = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5]
local rec = base .. ':r:' .. id
local v = redis.call('HGET', rec, 'v')
if not v or tonumber(v) ~= expected then return {} end
local old = redis.call('HGET', rec, 's')
redis.call('HSET', rec, 'v', expected + 1, 's', status, 'j', json)
if old ~= status then
  local at = redis.call('HGET', rec, 'at')
  redis.call('ZREM', base .. ':s:' .. old, id)
  redis.call('ZADD', base .. ':s:' .. status, at, id)
end
return { expected + 1, json }
`;

/**
 * The records of one index, oldest first, filtered. ARGV: base, limit, session id ('' = any), then
 * the statuses wanted (none = any). Reads the smallest index that applies. Returns the JSONs.
 */
export const LIST = `
local base, limit, sid = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local wanted = {}
local statuses = {}
for i = 4, #ARGV do wanted[ARGV[i]] = true; statuses[#statuses + 1] = ARGV[i] end
local ids = {}
if sid ~= '' then
  ids = redis.call('ZRANGE', base .. ':sid:' .. sid, 0, -1)
elseif #statuses == 1 then
  ids = redis.call('ZRANGE', base .. ':s:' .. statuses[1], 0, -1)
else
  ids = redis.call('ZRANGE', base .. ':all', 0, -1)
end
local out = {}
for _, id in ipairs(ids) do
  if #out >= limit then break end
  local rec = base .. ':r:' .. id
  local s = redis.call('HGET', rec, 's')
  if s and (#statuses == 0 or wanted[s]) then out[#out + 1] = redis.call('HGET', rec, 'j') end
end
return out
`;

/**
 * Deletes the records in the given statuses requested before a time. ARGV: base, before, then the
 * statuses. Returns how many went.
 */
export const DELETE_ENDED = `
local base, before = ARGV[1], ARGV[2]
local count = 0
for i = 3, #ARGV do
  local set = base .. ':s:' .. ARGV[i]
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', set, '-inf', '(' .. before)) do
    local rec = base .. ':r:' .. id
    local sid = redis.call('HGET', rec, 'sid')
    if sid then redis.call('ZREM', base .. ':sid:' .. sid, id) end
    redis.call('ZREM', base .. ':all', id)
    redis.call('ZREM', set, id)
    redis.call('DEL', rec)
    count = count + 1
  end
end
return count
`;

/** The server's clock in epoch ms. */
export const NOW = `
local time = redis.call('TIME')
return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;
