import { describe, expect, it } from 'vitest';
import { RecordingControls } from '../../test/helpers/recording-controls.js';
import { ControlRequestError } from '../errors/control-request-error.js';
import type { QueryControls } from './query-controls.js';

describe('QUERY_CONTROLS: files', () => {
  it.each<[string, (controls: QueryControls) => Promise<unknown>, string, Record<string, unknown> | undefined]>([
    ['readFile(path)', (c) => c.readFile('WRITTEN.txt'), 'read_file', { path: 'WRITTEN.txt' }],
    [
      'readFile(path, {maxBytes, encoding})',
      (c) => c.readFile('WRITTEN.txt', { maxBytes: 4, encoding: 'base64' }),
      'read_file',
      { path: 'WRITTEN.txt', max_bytes: 4, encoding: 'base64' },
    ],
    ['rewindFiles(id)', (c) => c.rewindFiles('u-1'), 'rewind_files', { user_message_id: 'u-1' }],
    [
      'rewindFiles(id, {dryRun})',
      (c) => c.rewindFiles('u-1', { dryRun: true }),
      'rewind_files',
      { user_message_id: 'u-1', dry_run: true },
    ],
    [
      'seedReadState(path, mtime)',
      (c) => c.seedReadState('/work/a.ts', 1795449209027),
      'seed_read_state',
      { path: '/work/a.ts', mtime: 1795449209027 },
    ],
  ])('%s sends %s with its payload', async (_name, call, subtype, payload) => {
    const controls = new RecordingControls();
    await call(controls);
    expect(controls.sent).toEqual([[subtype, payload]]);
  });

  it('readFile() resolves with the answer, and with null on any error', async () => {
    const file = { contents: 'hello file', absPath: '/cwd/WRITTEN.txt', lossy: false, requested_path: 'WRITTEN.txt' };
    expect(await new RecordingControls({ read_file: file }).readFile('WRITTEN.txt')).toEqual(file);
    const denied = new ControlRequestError({ subtype: 'read_file', cliMessage: 'read denied: missing.txt' });
    expect(await new RecordingControls({ read_file: denied }).readFile('missing.txt')).toBeNull();
    expect(await new RecordingControls({ read_file: new Error('closed') }).readFile('x')).toBeNull();
  });

  it('rewindFiles() resolves with the answer; seedReadState() with nothing', async () => {
    const dryRun = { canRewind: true, filesChanged: ['/cwd/WRITTEN.txt'], insertions: 0, deletions: 1 };
    expect(await new RecordingControls({ rewind_files: dryRun }).rewindFiles('u', { dryRun: true })).toEqual(dryRun);
    expect(await new RecordingControls({ seed_read_state: { x: 1 } }).seedReadState('/a', 1)).toBeUndefined();
  });

  it('rewindFiles() rejects with the CLI error', async () => {
    const error = new ControlRequestError({
      subtype: 'rewind_files',
      cliMessage: 'No file checkpoint found for this message.',
    });
    await expect(new RecordingControls({ rewind_files: error }).rewindFiles('nope')).rejects.toBe(error);
  });
});
