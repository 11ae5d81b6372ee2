/**
 * Zed's ACP adapter, its newest npm release (`@zed-industries/claude-agent-acp`; the earlier
 * `claude-code-acp` row ran a GitHub commit by hand): a long-lived agent process that an editor
 * drives over ACP on its stdio. Each ACP session is one `query()` over streaming input kept open
 * across prompts, with partial messages, `canUseTool` turned into the editor's permission
 * requests, the CLI's session-state events (`CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS`), `interrupt`,
 * `setPermissionMode`, and the session functions (`listSessions`, loading a session's history).
 * Driven here as an editor does (`@agentclientprotocol/sdk`'s `ClientSideConnection`), without file
 * system or terminal capabilities.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { ClientSideConnection, ndJsonStream } from '@agentclientprotocol/sdk';
import { attempt, describeError, report, scenario, stable, testing } from './kit.mjs';

const { text, toolUse, byPrompt } = testing;
const program = process.cwd();

/** Start the adapter and connect as an editor whose permission answers come from `decide`. */
async function startAdapter(env, cwd, decide) {
  const child = spawn(
    process.execPath,
    [join(program, 'node_modules/@zed-industries/claude-agent-acp/dist/index.js')],
    {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const updates = [];
  const permissions = [];
  let commandsAnnounced = 0;
  const client = {
    async requestPermission(params) {
      const choice = decide(params);
      permissions.push(`${params.toolCall.title} -> ${choice}`);
      const option = params.options.find((candidate) => candidate.kind === choice) ?? params.options[0];
      return { outcome: { outcome: 'selected', optionId: option.optionId } };
    },
    async sessionUpdate(params) {
      // Sent once the CLI's commands are known, whenever that is: counted, not placed in order.
      if (params.update.sessionUpdate === 'available_commands_update') commandsAnnounced += 1;
      else updates.push(params.update);
    },
    async writeTextFile() {
      return {};
    },
    async readTextFile() {
      return { content: '' };
    },
  };
  const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const connection = new ClientSideConnection(() => client, stream);
  await connection.initialize({ protocolVersion: 1, clientCapabilities: {} });
  return {
    connection,
    /** The updates since the last call, each `kind` (`agent_message_chunk:<text>` for text), repeats folded. */
    drainUpdates() {
      const out = [];
      for (const update of updates.splice(0)) {
        const kind =
          update.sessionUpdate === 'agent_message_chunk' && update.content?.type === 'text'
            ? `agent_message_chunk:${update.content.text}`
            : update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'
              ? `${update.sessionUpdate}:${update.status ?? ''}`
              : update.sessionUpdate;
        if (out.at(-1) !== kind) out.push(kind);
      }
      return out;
    },
    permissions,
    commandsAnnounced: () => commandsAnnounced,
    /** What it logged; read after `stop()`, as stderr and the ACP stream (stdout) are not ordered. */
    stderr: () =>
      stable(stderr.replaceAll(cwd, '<cwd>').replace(/.*HEXAGENT_EXECUTABLE_IGNORED.*\n(.*--trace-warnings.*\n)?/, ''))
        .split('\n')
        .filter(Boolean),
    stop() {
      const closed = new Promise((resolve) => (child.stderr.closed ? resolve() : child.stderr.once('close', resolve)));
      child.stdin.end();
      child.kill('SIGTERM');
      return closed;
    },
  };
}

const outcomeOf = (promise) =>
  promise.then(
    (value) => ({ stopReason: value.stopReason }),
    (error) => ({ threw: describeError(error).message ?? String(error) }),
  );

const results = {};

await attempt(results, 'two prompts in one session, a Write allowed and one rejected', () =>
  scenario(
    byPrompt({
      'first prompt': { content: [text('Hello from the model')] },
      'second prompt': { content: [text('Still here')] },
      'write allowed': (request) => {
        const cwd = /Primary working directory: (\S+)/.exec(JSON.stringify(request.body.system))?.[1] ?? '.';
        return {
          content: [toolUse('Write', { file_path: join(cwd, 'allowed.txt'), content: 'yes' }, 'toolu_allowed')],
        };
      },
      'tool_result:allowed': { content: [text('Wrote it')] },
      'write rejected': (request) => {
        const cwd = /Primary working directory: (\S+)/.exec(JSON.stringify(request.body.system))?.[1] ?? '.';
        return {
          content: [toolUse('Write', { file_path: join(cwd, 'rejected.txt'), content: 'no' }, 'toolu_rejected')],
        };
      },
      'tool_result:rejected': { content: [text('Understood, not writing')] },
    }),
    async ({ server, env, cwd }) => {
      const adapter = await startAdapter(env, cwd, (params) =>
        params.toolCall.title.includes('rejected') ? 'reject_once' : 'allow_once',
      );
      try {
        const { sessionId } = await adapter.connection.newSession({ cwd, mcpServers: [] });
        const prompts = {};
        for (const words of ['first prompt', 'second prompt', 'write allowed', 'write rejected']) {
          const outcome = await outcomeOf(
            adapter.connection.prompt({ sessionId, prompt: [{ type: 'text', text: words }] }),
          );
          prompts[words] = { ...outcome, updates: adapter.drainUpdates() };
        }
        const listed = await adapter.connection.listSessions({ cwd }).then(
          (answer) => answer.sessions.map((session) => session.sessionId === sessionId),
          (error) => `threw:${describeError(error).message}`,
        );
        return {
          prompts,
          permissions: adapter.permissions,
          files: ['allowed.txt', 'rejected.txt'].filter((file) => existsSync(join(cwd, file))),
          allowed: existsSync(join(cwd, 'allowed.txt')) ? readFileSync(join(cwd, 'allowed.txt'), 'utf8') : null,
          listed,
          history: server.requests
            .filter((request) => request.kind === 'main')
            .map((request) => request.body.messages?.length),
          commandsAnnounced: adapter.commandsAnnounced(),
          stderr: await adapter.stop().then(() => adapter.stderr()),
        };
      } finally {
        await adapter.stop();
      }
    },
  ),
);

await attempt(results, 'cancel while the model replies, then mode change and another prompt', () => {
  let asked;
  const requested = new Promise((resolve) => {
    asked = resolve;
  });
  return scenario(
    byPrompt({
      'take your time': () => {
        asked();
        return { content: [text('too late')], delayMs: 60_000 };
      },
      'after cancel': { content: [text('Back again')] },
    }),
    async ({ env, cwd }) => {
      const adapter = await startAdapter(env, cwd, () => 'allow_once');
      try {
        const { sessionId } = await adapter.connection.newSession({ cwd, mcpServers: [] });
        const slow = outcomeOf(
          adapter.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'take your time' }] }),
        );
        await requested;
        await adapter.connection.cancel({ sessionId });
        const cancelled = await slow;
        adapter.drainUpdates();
        const mode = await adapter.connection.setSessionMode({ sessionId, modeId: 'acceptEdits' }).then(
          () => 'ok',
          (error) => `threw:${describeError(error).message}`,
        );
        const after = await outcomeOf(
          adapter.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'after cancel' }] }),
        );
        return {
          cancelled,
          mode,
          after: { ...after, updates: adapter.drainUpdates() },
          commandsAnnounced: adapter.commandsAnnounced(),
          stderr: await adapter.stop().then(() => adapter.stderr()),
        };
      } finally {
        await adapter.stop();
      }
    },
  );
});

await attempt(results, 'a new adapter process loads the session and replays it', () =>
  scenario(
    [{ content: [text('Remember the number 7')] }, { content: [text('It was 7')] }],
    async ({ server, env, cwd }) => {
      const first = await startAdapter(env, cwd, () => 'allow_once');
      let sessionId;
      try {
        ({ sessionId } = await first.connection.newSession({ cwd, mcpServers: [] }));
        await first.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'Remember 7' }] });
      } finally {
        await first.stop();
      }
      const second = await startAdapter(env, cwd, () => 'allow_once');
      try {
        const loaded = await second.connection.loadSession({ sessionId, cwd, mcpServers: [] }).then(
          () => 'ok',
          (error) => `threw:${describeError(error).message}`,
        );
        const replayed = second.drainUpdates();
        const next = await outcomeOf(
          second.connection.prompt({ sessionId, prompt: [{ type: 'text', text: 'Which number?' }] }),
        );
        return {
          loaded,
          replayed,
          next: { ...next, updates: second.drainUpdates() },
          history: server.requests
            .filter((request) => request.kind === 'main')
            .map((request) => request.body.messages?.length),
          commandsAnnounced: second.commandsAnnounced(),
          stderr: await second.stop().then(() => second.stderr()),
        };
      } finally {
        await second.stop();
      }
    },
  ),
);

report(results);
