/**
 * Property: the CLI's requests to the SDK (`mcp_message`, `can_use_tool`, `hook_callback`, ...)
 * are answered exactly as their handlers' fates say, whatever the interleaving of their arrival,
 * the handlers settling (with any value thrown), the CLI withdrawing them and the engine closing.
 * The outbound side has its own property in `control-protocol-engine.test.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors/abort-error.js';
import type { OutboundMessage } from '../types/control.js';
import { errorMessage } from '../util/error-message.js';
import { ControlProtocolEngine } from './control-protocol-engine.js';

type Fate =
  | { kind: 'resolve'; value: Record<string, unknown> | undefined }
  | { kind: 'reject'; error: unknown }
  | { kind: 'throwSync'; error: unknown }
  | { kind: 'hang' };

type Step = { kind: 'deliver' | 'settle' | 'cancel'; index: number } | { kind: 'close' };

const thrown = fc.oneof(
  fc.string().map((message) => new Error(message)),
  fc.string(),
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const fate: fc.Arbitrary<Fate> = fc.oneof(
  fc.record({
    kind: fc.constant('resolve' as const),
    value: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
      nil: undefined,
    }),
  }),
  fc.record({ kind: fc.constant('reject' as const), error: thrown }),
  fc.record({ kind: fc.constant('throwSync' as const), error: thrown }),
  fc.constant<Fate>({ kind: 'hang' }),
);

/** Fates plus an interleaving of their deliver/settle/cancel steps and, maybe, one close. */
const scenario = fc
  .record({
    fates: fc.array(fate, { minLength: 1, maxLength: 8 }),
    cancels: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    withClose: fc.boolean(),
  })
  .chain(({ fates, cancels, withClose }) => {
    const steps: Step[] = [];
    fates.forEach((f, index) => {
      steps.push({ kind: 'deliver', index });
      if (f.kind === 'resolve' || f.kind === 'reject') steps.push({ kind: 'settle', index });
      if (cancels[index]) steps.push({ kind: 'cancel', index });
    });
    if (withClose) steps.push({ kind: 'close' });
    return fc.record({ fates: fc.constant(fates), order: fc.shuffledSubarray(steps, { minLength: steps.length }) });
  });

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ControlProtocolEngine — property: inbound requests are answered as their handlers decide', () => {
  it('holds for random handler fates, cancellations and a close, in random order', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ fates, order }) => {
        const sent: OutboundMessage[] = [];
        const engine = new ControlProtocolEngine({
          send: async (message) => {
            sent.push(message);
          },
        });
        const settlers = fates.map(() => ({ settled: false, resolve: (_: unknown) => {}, reject: (_: unknown) => {} }));
        const promises = settlers.map(
          (settler) =>
            new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
              settler.resolve = resolve as (value: unknown) => void;
              settler.reject = reject;
            }),
        );
        // Unsettled promises of handlers never called must not count as unhandled.
        for (const promise of promises) promise.catch(() => {});
        const signals: Array<AbortSignal | undefined> = fates.map(() => undefined);
        const called = fates.map(() => false);
        engine.handle('work', (request, context) => {
          signals[request.index as number] = context.signal;
          const index = request.index as number;
          called[index] = true;
          const f = fates[index] as Fate;
          if (f.kind === 'throwSync') throw f.error;
          return promises[index] as Promise<Record<string, unknown> | undefined>;
        });

        let closedAt = Number.POSITIVE_INFINITY;
        const deliveredAt: number[] = fates.map(() => Number.POSITIVE_INFINITY);
        const settledAt: number[] = fates.map(() => Number.POSITIVE_INFINITY);
        const cancelledAt: number[] = fates.map(() => Number.POSITIVE_INFINITY);
        const closeReason = new Error('engine closed');
        for (const [position, step] of order.entries()) {
          if (step.kind === 'close') {
            engine.close(closeReason);
            closedAt = position;
          } else if (step.kind === 'deliver') {
            expect(
              engine.receive({
                type: 'control_request',
                request_id: `cli_${step.index}`,
                request: { subtype: 'work', index: step.index },
              }),
            ).toBe(true);
            deliveredAt[step.index] = position;
          } else if (step.kind === 'settle') {
            const f = fates[step.index] as Fate;
            const settler = settlers[step.index] as (typeof settlers)[number];
            if (f.kind === 'resolve') settler.resolve(f.value);
            if (f.kind === 'reject') settler.reject(f.error);
            settledAt[step.index] = position;
          } else {
            engine.receive({ type: 'control_cancel_request', request_id: `cli_${step.index}` });
            cancelledAt[step.index] = position;
          }
          // Each message from the CLI arrives on its own tick.
          await flush();
        }
        await flush();

        const answers = new Map<string, Array<Record<string, unknown>>>();
        for (const message of sent) {
          expect(message.type).toBe('control_response');
          const response = message.response as Record<string, unknown>;
          const id = response.request_id as string;
          answers.set(id, [...(answers.get(id) ?? []), response]);
        }
        for (const [index, f] of fates.entries()) {
          const id = `cli_${index}`;
          const got = answers.get(id) ?? [];
          expect(got.length).toBeLessThanOrEqual(1);
          const delivered = deliveredAt[index] as number;
          if (delivered > closedAt) {
            // Arrived after close: refused without running the handler.
            expect(called[index]).toBe(false);
            expect(got).toEqual([{ subtype: 'error', request_id: id, error: 'The session is closing' }]);
            continue;
          }
          expect(called[index]).toBe(true);
          // Settled (before or after it was delivered) while the engine was open: answered once.
          const settledInTime =
            f.kind === 'throwSync' ||
            ((f.kind === 'resolve' || f.kind === 'reject') && (settledAt[index] as number) < closedAt);
          if (settledInTime) {
            if (f.kind === 'resolve') {
              expect(got).toEqual([{ subtype: 'success', request_id: id, response: f.value ?? {} }]);
            } else {
              const error = f.kind === 'reject' || f.kind === 'throwSync' ? f.error : undefined;
              expect(got).toEqual([{ subtype: 'error', request_id: id, error: errorMessage(error) }]);
            }
          } else {
            // Still running (at close, or at the end): no answer; a close aborted the handler's signal.
            expect(got).toEqual([]);
            if (closedAt !== Number.POSITIVE_INFINITY) expect(signals[index]?.aborted).toBe(true);
          }
          const cancelled = cancelledAt[index] as number;
          const stillRunningAtCancel =
            cancelled > delivered &&
            cancelled < closedAt &&
            !(settledInTime && (settledAt[index] as number) < cancelled);
          if (stillRunningAtCancel && f.kind !== 'throwSync') {
            expect(signals[index]?.aborted).toBe(true);
            expect(AbortError.isInstance(signals[index]?.reason)).toBe(true);
          }
        }
        if (closedAt !== Number.POSITIVE_INFINITY) {
          expect(engine.runningCount).toBe(0);
          // Handlers that settle after the close are never answered.
          const before = sent.length;
          for (const settler of settlers) settler.resolve(undefined);
          await flush();
          expect(sent.length).toBe(before);
        }
      }),
      { numRuns: 200 },
    );
  });
});
