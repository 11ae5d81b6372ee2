import { readFileSync } from 'node:fs';
import type { InboundMessage, OutboundMessage } from '@hexagent/core';

/** The command line the SDK started the CLI with (first line of a capture). */
export interface CaptureArgvLine {
  dir: 'argv';
  argv: string[];
}

/** A message the SDK wrote to the CLI. */
export interface CaptureSdkToCliLine {
  dir: 'sdk->cli';
  msg: OutboundMessage;
}

/** A message the CLI wrote to the SDK. */
export interface CaptureCliToSdkLine {
  dir: 'cli->sdk';
  msg: InboundMessage;
}

/** One line of a recorded transcript (`captures/*.jsonl`). */
export type CaptureLine = CaptureArgvLine | CaptureSdkToCliLine | CaptureCliToSdkLine;

/**
 * Reads a recorded transcript: one JSON object per line,
 * `{"dir":"argv","argv":[...]}` or `{"dir":"sdk->cli"|"cli->sdk","msg":{...}}`. Blank lines are
 * skipped; a malformed line throws with its line number.
 *
 * @example
 * ```ts
 * const capture = loadCapture('test/fixtures/01-sdk-mcp-tool-call.jsonl');
 * const fromCli = capture.filter((line) => line.dir === 'cli->sdk');
 * ```
 */
export function loadCapture(path: string): CaptureLine[] {
  const lines: CaptureLine[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, number) => {
      if (line.trim() === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (error) {
        throw new Error(`${path}:${number + 1}: not JSON`, { cause: error });
      }
      if (!isCaptureLine(parsed)) throw new Error(`${path}:${number + 1}: not a capture line`);
      lines.push(parsed);
    });
  return lines;
}

function isCaptureLine(value: unknown): value is CaptureLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as { dir?: unknown; argv?: unknown; msg?: unknown };
  if (line.dir === 'argv') return Array.isArray(line.argv);
  if (line.dir !== 'sdk->cli' && line.dir !== 'cli->sdk') return false;
  return typeof line.msg === 'object' && line.msg !== null && typeof (line.msg as { type?: unknown }).type === 'string';
}
