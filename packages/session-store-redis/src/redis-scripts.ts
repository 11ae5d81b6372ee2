/**
 * The Lua scripts of `RedisSessionStore`. Each touches the keys of one session only (one hash tag,
 * so one Cluster slot) or the project index only, and runs atomically on the server.
 */

/**
 * A consistent snapshot for the client-side fold: the session's summary version, its summary, and
 * for each uuid in ARGV whether the transcript already holds it.
 * KEYS: meta, summary, seen. ARGV: uuids.
 */
export const READ_STATE = `
local seen = {}
for i = 1, #ARGV do seen[i] = redis.call('SISMEMBER', KEYS[3], ARGV[i]) end
return { redis.call('HGET', KEYS[1], 'v') or '0', redis.call('GET', KEYS[2]) or '', seen }
`;

/**
 * Appends entries (dedupe by uuid through the seen set), stamps the transcript's mtime from the
 * server's TIME (strictly increasing), and for the main transcript writes the summary folded by the
 * client, but only if the summary version is still the one the client folded from (else -1: retry).
 * Refreshes the TTL of every key of the session.
 * KEYS: log, seen, meta, summary, subs.
 * ARGV: transcript token, subpath ('' = main), expected version (-1 = sub-agent, no summary),
 * summary data JSON, ttl seconds (0 = none), key base, then uuid ('' = none) and JSON per entry.
 */
export const APPEND = `
local token, subpath, expected, ttl, base = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[5]), ARGV[6]
if expected >= 0 and tonumber(redis.call('HGET', KEYS[3], 'v') or '0') ~= expected then return { -1, 0 } end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local mtime = math.max(now, tonumber(redis.call('HGET', KEYS[3], token) or '0') + 1)
local added, batch = 0, {}
for i = 7, #ARGV, 2 do
  if ARGV[i] == '' or redis.call('SADD', KEYS[2], ARGV[i]) == 1 then
    batch[#batch + 1] = ARGV[i + 1]
    added = added + 1
    if #batch == 1000 then
      redis.call('RPUSH', KEYS[1], unpack(batch))
      batch = {}
    end
  end
end
if #batch > 0 then redis.call('RPUSH', KEYS[1], unpack(batch)) end
redis.call('HSET', KEYS[3], token, string.format('%d', mtime))
if subpath ~= '' then redis.call('HSET', KEYS[5], subpath, token) end
if expected >= 0 then
  redis.call('HINCRBY', KEYS[3], 'v', 1)
  redis.call('SET', KEYS[4], '{"mtime":' .. string.format('%d', mtime) .. ',"data":' .. ARGV[4] .. '}')
end
if ttl > 0 then
  for i = 1, 5 do redis.call('EXPIRE', KEYS[i], ttl) end
  redis.call('EXPIRE', base .. ':log:m', ttl)
  redis.call('EXPIRE', base .. ':seen:m', ttl)
  for _, other in ipairs(redis.call('HVALS', KEYS[5])) do
    redis.call('EXPIRE', base .. ':log:' .. other, ttl)
    redis.call('EXPIRE', base .. ':seen:' .. other, ttl)
  end
end
return { mtime, added }
`;

/** Indexes a session in its project (score = mtime, never lowered). KEYS: index. ARGV: mtime, session id, ttl. */
export const INDEX = `
redis.call('ZADD', KEYS[1], 'GT', ARGV[1], ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

/**
 * The sessions of a project with their mtimes, after dropping those idle longer than the TTL.
 * KEYS: index. ARGV: ttl seconds (0 = none).
 */
export const LIST = `
local ttl = tonumber(ARGV[1])
if ttl > 0 then
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%d', now - ttl * 1000))
end
return redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
`;

/** The entries of a transcript. KEYS: log. */
export const LOAD = `return redis.call('LRANGE', KEYS[1], 0, -1)`;

/** One value: a string key's (GET) or a hash's fields (HKEYS). KEYS: key. ARGV: 'get' or 'hkeys'. */
export const READ = `
if ARGV[1] == 'get' then return redis.call('GET', KEYS[1]) or '' end
return redis.call('HKEYS', KEYS[1])
`;

/**
 * Deletes a transcript. A main one (ARGV[1] = 'm') takes every key of the session, sub-agents
 * included; a sub-agent's only its own. KEYS: log, seen, meta, summary, subs. ARGV: token, subpath, base.
 */
export const DELETE = `
local token, subpath, base = ARGV[1], ARGV[2], ARGV[3]
if token == 'm' then
  for _, other in ipairs(redis.call('HVALS', KEYS[5])) do
    redis.call('DEL', base .. ':log:' .. other, base .. ':seen:' .. other)
  end
  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
else
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('HDEL', KEYS[3], token)
  redis.call('HDEL', KEYS[5], subpath)
end
return 1
`;

/** Removes a session from its project index. KEYS: index. ARGV: session id. */
export const UNINDEX = `return redis.call('ZREM', KEYS[1], ARGV[1])`;
