/**
 * anthropics/claude-agent-sdk-demos `simple-chatapp`: the whole chat server (Express REST API and
 * a `ws` WebSocket endpoint), started as its `npm start` does (`tsx server/server.ts`) and driven
 * as its browser client does. Each chat is a long-lived `query()` over an async queue of user
 * messages that never ends while the chat lives (streaming input kept open across turns); two
 * chats run side by side, and a chat's later messages go into the same open session.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import WebSocket from 'ws';
import { attempt, report, scenario, testing } from './kit.mjs';

const { text, toolUse, byPrompt } = testing;
const program = process.cwd();

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Start the server in its own process group; resolves once it says it listens. */
async function startServer(env, cwd) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(program, 'node_modules/tsx/dist/cli.mjs'), join(program, 'server/server.ts')],
    {
      cwd,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let log = '';
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      log += chunk;
      if (log.includes('Server running at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    log: () => log,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

/** A browser-like client: one WebSocket, the messages of each chat in arrival order. */
async function connect(base) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  const byChat = new Map();
  const waiters = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const list = byChat.get(message.chatId) ?? [];
    list.push(message);
    byChat.set(message.chatId, list);
    for (const waiter of [...waiters]) waiter();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const results = (chatId) => (byChat.get(chatId) ?? []).filter((message) => message.type === 'result').length;
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    /** Resolves once `chatId` has seen `count` results. */
    results: (chatId, count) =>
      new Promise((resolve) => {
        const check = () => {
          if (results(chatId) >= count) {
            waiters.splice(waiters.indexOf(check), 1);
            resolve();
          }
        };
        waiters.push(check);
        check();
      }),
    seen: (chatId) =>
      (byChat.get(chatId) ?? []).map((message) =>
        message.type === 'result'
          ? `result success=${message.success}`
          : `${message.type}${message.content !== undefined ? `:${message.content}` : ''}${message.toolName ? `:${message.toolName}` : ''}`,
      ),
    close: () => socket.close(),
  };
}

const post = async (base, path, body) =>
  (
    await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

const results = {};

// The two chats' first requests race, so what the model saw is compared as a set.
await attempt(results, 'two chats, three turns in one, a Write tool call', async () => {
  const outcome = await scenario(
    byPrompt({
      'alpha one': { content: [text('Hello alpha')] },
      'beta one': { content: [text('Hello beta')] },
      'alpha two': { content: [text('Still alpha')] },
      'alpha notes': (request) => {
        const cwd = /Primary working directory: (\S+)/.exec(JSON.stringify(request.body.system))?.[1];
        return { content: [toolUse('Write', { file_path: join(cwd ?? '.', 'notes.txt'), content: 'alpha notes' })] };
      },
      'tool_result:': { content: [text('Saved the notes')] },
    }),
    async ({ server, env, cwd }) => {
      const chatServer = await startServer(env, cwd);
      try {
        const alpha = await post(chatServer.base, '/api/chats', { title: 'alpha' });
        const beta = await post(chatServer.base, '/api/chats', { title: 'beta' });
        const client = await connect(chatServer.base);
        client.send({ type: 'chat', chatId: alpha.id, content: 'alpha one' });
        client.send({ type: 'chat', chatId: beta.id, content: 'beta one' });
        await Promise.all([client.results(alpha.id, 1), client.results(beta.id, 1)]);
        client.send({ type: 'chat', chatId: alpha.id, content: 'alpha two' });
        await client.results(alpha.id, 2);
        client.send({ type: 'chat', chatId: alpha.id, content: 'alpha notes' });
        await client.results(alpha.id, 3);
        const stored = await (await fetch(`${chatServer.base}/api/chats/${alpha.id}/messages`)).json();
        client.close();
        const requests = server.requests.filter((request) => request.kind === 'main');
        return {
          alpha: client.seen(alpha.id),
          beta: client.seen(beta.id),
          stored: stored.map((message) => `${message.role}:${message.content}`),
          wrote: existsSync(join(cwd, 'notes.txt')) ? readFileSync(join(cwd, 'notes.txt'), 'utf8') : null,
          // Per request, how many messages it carried: one open session per chat keeps the history.
          history: requests.map((request) => request.body.messages?.length).sort(),
          serverErrors: chatServer.log().includes('Error in session'),
        };
      } finally {
        await chatServer.stop();
      }
    },
  );
  return { ...outcome, modelSaw: outcome.modelSaw.sort() };
});

report(results);
