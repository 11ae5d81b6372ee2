import type { InboundMessage, OutboundMessage } from '@hexagent/core';
import type { FakeCliTransport } from './fake-cli-transport.js';
import type { CaptureLine, CaptureSdkToCliLine } from './load-capture.js';

/** Options of {@link replayCapture}. */
export interface ReplayCaptureOptions {
  /** How long to wait for each message the SDK is expected to send; default 5000 ms. */
  timeoutMs?: number;
  /** Call `cli.finish()` after the last line (the CLI exits); default `true`. */
  finish?: boolean;
}

/**
 * Plays the CLI's side of a recorded transcript on a {@link FakeCliTransport}. `cli->sdk` lines are
 * emitted in order; before each one, the `sdk->cli` lines recorded before it must have been sent by
 * the SDK under test (matched by `type`, plus `request.subtype` for control requests and
 * `request_id` for answers to the CLI's requests), except that a `control_response` to an SDK
 * request only waits for that request, so an SDK that waits for the `initialize` answer before
 * writing the user message replays as well as one that does not. The SDK's request ids differ from
 * the recorded ones: answers are rewritten to the live ids. Extra messages the SDK sends are
 * ignored. Rejects when an expected message does not arrive in time.
 *
 * @example
 * ```ts
 * const cli = new FakeCliTransport();
 * const replay = replayCapture(cli, loadCapture('test/fixtures/01-sdk-mcp-tool-call.jsonl'));
 * const messages = await collect(runSdkUnderTest(cli)); // your code
 * await replay;
 * ```
 */
export async function replayCapture(
  cli: FakeCliTransport,
  capture: readonly CaptureLine[],
  options: ReplayCaptureOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const pending: CaptureSdkToCliLine[] = [];
  const liveIds = new Map<string, string>();

  const await_ = async (line: CaptureSdkToCliLine): Promise<void> => {
    const live = await cli.nextSent((message) => matches(message, line.msg), timeoutMs);
    const recordedId = requestIdOf(line.msg);
    const liveId = requestIdOf(live);
    if (line.msg.type === 'control_request' && recordedId !== undefined && liveId !== undefined) {
      liveIds.set(recordedId, liveId);
    }
  };

  for (const line of capture) {
    if (line.dir === 'argv') continue;
    if (line.dir === 'sdk->cli') {
      pending.push(line);
      continue;
    }
    const answered = answeredRequestId(line.msg);
    const request = answered === undefined ? undefined : pending.find((p) => requestIdOf(p.msg) === answered);
    if (request !== undefined) {
      pending.splice(pending.indexOf(request), 1);
      await await_(request);
    } else if (answered === undefined || !liveIds.has(answered)) {
      for (const expected of pending.splice(0)) await await_(expected);
    }
    cli.emit(rewriteAnswer(line.msg, liveIds));
  }
  if (options.finish !== false) cli.finish();
}

function matches(live: OutboundMessage, recorded: OutboundMessage): boolean {
  if (live.type !== recorded.type) return false;
  if (recorded.type === 'control_request') return subtypeOf(live) === subtypeOf(recorded);
  if (recorded.type === 'control_response') return answeredRequestId(live) === answeredRequestId(recorded);
  return true;
}

function subtypeOf(message: { [key: string]: unknown }): unknown {
  return (message['request'] as { subtype?: unknown } | undefined)?.subtype;
}

function requestIdOf(message: { [key: string]: unknown }): string | undefined {
  const id = message['request_id'];
  return typeof id === 'string' ? id : undefined;
}

function answeredRequestId(message: { type: string; [key: string]: unknown }): string | undefined {
  if (message.type !== 'control_response') return undefined;
  const id = (message['response'] as { request_id?: unknown } | undefined)?.request_id;
  return typeof id === 'string' ? id : undefined;
}

function rewriteAnswer(message: InboundMessage, liveIds: ReadonlyMap<string, string>): InboundMessage {
  const answered = answeredRequestId(message);
  const liveId = answered === undefined ? undefined : liveIds.get(answered);
  if (liveId === undefined) return message;
  const response = message['response'] as Record<string, unknown>;
  return { ...message, response: { ...response, request_id: liveId } };
}
