/**
 * The Lua scripts of `RedisRunControlStore`. Every key is under one hash tag, `<prefix>{runs}`
 * (ARGV[1], the base): a control record `<base>:c:<run>` (hash: `v` version, `j` the record's JSON);
 * a run's spend entries `<base>:sp:<run>` (hash: `c:<entry>` the cost, `t:<entry>` the tenant and
 * day it counts for, `''` without a tenant); the totals `<base>:run` (hash run → dollars) and
 * `<base>:tenant` (hash `<tenant>|<day>` → dollars). Each script runs atomically, so an entry and
 * the totals never disagree.
 */

/** Saves a record at version 1 unless the run has one. ARGV: base, run, JSON. Returns { created (1/0), version, JSON }. */
export const CREATE_RUN = `
local key = ARGV[1] .. ':c:' .. ARGV[2]
local v = redis.call('HGET', key, 'v')
if v then return { 0, tonumber(v), redis.call('HGET', key, 'j') } end
redis.call('HSET', key, 'v', 1, 'j', ARGV[3])
return { 1, 1, ARGV[3] }
`;

/** One record. ARGV: base, run. Returns { version, JSON } or an empty list. */
export const GET_RUN = `
local key = ARGV[1] .. ':c:' .. ARGV[2]
local v = redis.call('HGET', key, 'v')
if not v then return {} end
return { tonumber(v), redis.call('HGET', key, 'j') }
`;

/** Compare-and-set. ARGV: base, run, expected version, JSON. Returns { version, JSON } or an empty list. */
export const REPLACE_RUN = `
local key, expected = ARGV[1] .. ':c:' .. ARGV[2], tonumber(ARGV[3])
local v = redis.call('HGET', key, 'v')
if not v or tonumber(v) ~= expected then return {} end
redis.call('HSET', key, 'v', expected + 1, 'j', ARGV[4])
return { expected + 1, ARGV[4] }
`;

/**
 * Writes a spend entry: its cost becomes the larger of the two, and the totals grow by the
 * difference (the tenant and day stay the first write's). ARGV: base, run, entry, `<tenant>|<day>`
 * or '', cost. Returns 1 when the cost grew, else 0.
 */
export const RECORD_SPEND = `
local base, run, entry, where, cost = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
local sp = base .. ':sp:' .. run
local old = redis.call('HGET', sp, 'c:' .. entry)
if old then
  old = tonumber(old)
  if cost <= old then return 0 end
  where = redis.call('HGET', sp, 't:' .. entry)
else
  old = 0
  redis.call('HSET', sp, 't:' .. entry, where)
end
redis.call('HSET', sp, 'c:' .. entry, ARGV[5])
local delta = string.format('%.17g', cost - old)
redis.call('HINCRBYFLOAT', base .. ':run', run, delta)
if where ~= '' then redis.call('HINCRBYFLOAT', base .. ':tenant', where, delta) end
return 1
`;

/** A total. ARGV: base, `run` or `tenant`, the field. Returns the dollars as a string ('0' when none). */
export const TOTAL = `
return redis.call('HGET', ARGV[1] .. ':' .. ARGV[2], ARGV[3]) or '0'
`;
