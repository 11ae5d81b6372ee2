import type { SDKControlReadFileResponse } from '../types/control/sdk-control-responses.js';
import type { RewindFilesResult } from '../types/rewind-files-result.js';
import { SettingsControls } from './settings-controls.js';

/**
 * The control methods about files in the session's working directory: read one as the Read tool
 * may, rewind the files the tools changed, seed the CLI's record of files read. See
 * {@link SessionControls} for how the control classes build on one another.
 */
export abstract class FileControls extends SettingsControls {
  /**
   * Read a file (relative to the session's cwd, or absolute) under the Read tool's permission
   * rules. Resolves with `null` on any failure (denied, missing, a closed session), as the official
   * SDK does.
   */
  async readFile(
    path: string,
    options?: { maxBytes?: number; encoding?: 'utf-8' | 'base64' },
  ): Promise<SDKControlReadFileResponse | null> {
    try {
      return (await this.request('read_file', {
        path,
        ...(options?.maxBytes !== undefined && { max_bytes: options.maxBytes }),
        ...(options?.encoding !== undefined && { encoding: options.encoding }),
      })) as SDKControlReadFileResponse;
    } catch {
      return null;
    }
  }

  /**
   * Restore the files changed by Write, Edit and NotebookEdit to their state at the user message
   * `userMessageId` (the `uuid` it was sent with, or replayed with). Needs the
   * `enableFileCheckpointing` option. `dryRun` reports what would change and changes nothing.
   */
  async rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<RewindFilesResult> {
    return (await this.request('rewind_files', {
      user_message_id: userMessageId,
      ...(options?.dryRun !== undefined && { dry_run: options.dryRun }),
    })) as RewindFilesResult;
  }

  /**
   * Tell the CLI that a file was read at `mtime` (floored milliseconds), so an Edit after the Read
   * left the context does not fail with "file not read yet". Skipped by the CLI when the file
   * changed since.
   */
  async seedReadState(path: string, mtime: number): Promise<void> {
    await this.request('seed_read_state', { path, mtime });
  }
}
