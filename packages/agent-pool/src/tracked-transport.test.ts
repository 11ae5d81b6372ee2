import { FakeCliTransport } from '@hexagent/testing';
import { describe, expect, it } from 'vitest';
import { TrackedTransport } from './tracked-transport.js';

describe('TrackedTransport', () => {
  it("passes on the inner transport's cliConfigDir (a remote CLI's), so a pooled session mirrors its transcripts", () => {
    const inner = new FakeCliTransport();
    const lifecycle = { started: () => {}, stopped: () => {} };
    expect(new TrackedTransport(inner, lifecycle).cliConfigDir).toBeUndefined();
    Object.defineProperty(inner, 'cliConfigDir', { value: '/home/relay/.claude' });
    expect(new TrackedTransport(inner, lifecycle).cliConfigDir).toBe('/home/relay/.claude');
  });
});
