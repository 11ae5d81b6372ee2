/**
 * `sessionStore` with a transport whose CLI runs on another host: the transport reports where that
 * CLI keeps its transcripts (`cliConfigDir`), and the mirror maps the paths the CLI reports under it,
 * not under this machine's config dir.
 */
import { InMemorySessionStore, type Options } from '@hexagent/core';
import { FakeCliTransport } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../src/container.js';
import { TRANSPORT_FACTORY } from '../../src/index.js';
import { query } from '../../src/query.js';

const SID = '3a71bb1f-1592-41d8-94d2-8371184414f5';
const REMOTE = '/home/relay/.claude';

/** A query whose fake CLI reports `cliConfigDir` (when given) and mirrors one entry to `filePath`. */
async function mirrorOnce(filePath: string, cliConfigDir: string | undefined) {
  const store = new InMemorySessionStore();
  const warnings: string[] = [];
  const onWarning = (warning: Error & { code?: string }) => {
    if (warning.code === 'HEXAGENT_SESSION_MIRROR_DROPPED') warnings.push(warning.message);
  };
  process.on('warning', onWarning);
  const container = createContainer();
  container.register(TRANSPORT_FACTORY, {
    useValue: (_options: Options) => {
      const fake = new FakeCliTransport({
        autoInitialize: true,
        onSend: (message, cli) => {
          if (message.type !== 'user') return;
          cli.emit({ type: 'transcript_mirror', filePath, entries: [{ type: 'user', uuid: 'u1' }] });
          cli.emit({
            type: 'result',
            subtype: 'success',
            is_error: false,
            result: 'ok',
            session_id: SID,
            num_turns: 1,
          });
        },
        onEndInput: (cli) => cli.finish(),
      });
      if (cliConfigDir !== undefined) Object.defineProperty(fake, 'cliConfigDir', { value: cliConfigDir });
      return fake;
    },
  });
  try {
    for await (const _ of query(
      { prompt: 'hi', options: { sessionStore: store, env: { CLAUDE_CONFIG_DIR: '/local/.claude' } } },
      container,
    )) {
      // drain
    }
  } finally {
    // process.emitWarning dispatches on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
  }
  return { stored: await store.load({ projectKey: '-srv-work', sessionId: SID }), warnings };
}

describe('sessionStore with a transport that reports its CLI config dir', () => {
  it('mirrors what the remote CLI writes under its own config dir', async () => {
    const { stored, warnings } = await mirrorOnce(`${REMOTE}/projects/-srv-work/${SID}.jsonl`, REMOTE);
    expect(stored).toEqual([{ type: 'user', uuid: 'u1' }]);
    expect(warnings).toEqual([]);
  });

  it("without it, the same frame is not under this machine's config dir: dropped, with the warning", async () => {
    const { stored, warnings } = await mirrorOnce(`${REMOTE}/projects/-srv-work/${SID}.jsonl`, undefined);
    expect(stored).toBeNull();
    expect(warnings.join('\n')).toContain('is not under /local/.claude/projects');
  });
});
