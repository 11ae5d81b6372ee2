import { UnserializableOptionError } from './unserializable-option-error.js';

/** Options a worker owns or that hold live objects, refused by name with the way out. */
const REFUSED: Record<string, string> = {
  abortController: 'cancel the job instead (run.cancel())',
  canUseTool: 'a callback; use permissionMode / allowedTools',
  hooks: 'callbacks; register hooks on the worker',
  sessionStore: 'the worker owns the session store (createAgentWorker({ sessionStore }))',
  resume: 'give sessionId to enqueueAgentRun',
  sessionId: 'give sessionId to enqueueAgentRun',
  continue: 'give sessionId to enqueueAgentRun',
  stderr: 'a callback',
  spawnClaudeCodeProcess: 'a callback',
  onElicitation: 'a callback',
  transport:
    'a transport factory, a live object; give it to the worker (createAgentWorker({ options: { transport } })) or its pool',
};

/**
 * Throws `UnserializableOptionError` unless `options` survives a JSON round trip unchanged in
 * meaning: plain objects, arrays, strings, finite numbers, booleans and null only; `mcpServers`
 * must be a list of server names.
 */
export function checkSerializableOptions(options: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const reason = REFUSED[key];
    if (reason !== undefined) throw new UnserializableOptionError({ path: `options.${key}`, reason });
  }
  const servers = options.mcpServers;
  if (servers !== undefined && (!Array.isArray(servers) || servers.some((name) => typeof name !== 'string'))) {
    throw new UnserializableOptionError({
      path: 'options.mcpServers',
      reason: 'give server names (strings) and register the servers on the worker (createAgentWorker({ servers }))',
    });
  }
  checkValue(options, 'options');
}

function checkValue(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnserializableOptionError({ path, reason: 'not a finite number' });
    return;
  }
  if (typeof value === 'function') throw new UnserializableOptionError({ path, reason: 'a function' });
  if (typeof value !== 'object') throw new UnserializableOptionError({ path, reason: `a ${typeof value}` });
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) checkValue(item, `${path}[${index}]`);
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new UnserializableOptionError({ path, reason: `an instance of ${proto?.constructor?.name ?? 'a class'}` });
  }
  for (const [key, item] of Object.entries(value)) checkValue(item, `${path}.${key}`);
}
