/**
 * `fileCheckpointingEnabled: false` from a host's `managedSettings` on the real CLI (2.1.332). The
 * official SDK 0.3.332 lists it among the restrictive settings, yet its `resolveSettings` drops it
 * from `managedSettings` (core's settings fixtures, re-recorded against 0.3.332) and keeps only an
 * administrator's managed file's `false`; both SDKs pass `managedSettings` to the CLI as given
 * (`--managed-settings`), and the CLI keeps checkpointing on: only the managed file turns it off.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AsyncQueue } from '@hexagent/core';
import { query, type SDKUserMessage } from '@hexagent/sdk';
import { type CliHarness, TestScope, text, toolUse } from '@hexagent/testing';
import { afterEach, describe, expect, it } from 'vitest';

let harness: CliHarness | undefined;
const scope = new TestScope();
afterEach(() => scope.cleanup());

describe("a host's managedSettings fileCheckpointingEnabled: false", () => {
  it('leaves enableFileCheckpointing in force: the write can be rewound', async () => {
    harness = await scope.startCliHarness([
      { content: [toolUse('Write', { file_path: 'note.txt', content: 'v1' })] },
      { content: [text('written')] },
    ]);
    const cwd = scope.tempDir('hexagent-checkpoint-');
    const input = new AsyncQueue<SDKUserMessage>();
    const run = query({
      prompt: input,
      options: {
        env: harness.env,
        cwd,
        permissionMode: 'acceptEdits',
        enableFileCheckpointing: true,
        managedSettings: { fileCheckpointingEnabled: false },
      },
    });
    try {
      const uuid = randomUUID();
      input.push({
        type: 'user',
        message: { role: 'user', content: 'write it' },
        uuid,
        parent_tool_use_id: null,
        session_id: '',
      } as SDKUserMessage);
      for (;;) {
        const next = await run.next();
        if (next.done === true || next.value.type === 'result') break;
      }
      expect(await run.rewindFiles(uuid, { dryRun: true })).toMatchObject({
        canRewind: true,
        filesChanged: [join(cwd, 'note.txt')],
      });
    } finally {
      run.close();
    }
  });
});
