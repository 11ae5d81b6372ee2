import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchDeniedModels } from './match-denied-models.js';

interface Recorded {
  models: string[];
  lists: { deniedModels: string[]; denied: boolean[]; warnings: string[] }[];
  odd: { models: unknown; deniedModels: unknown; denied: boolean[]; warnings: string[] }[];
}

// Answers of the official SDK's matchDeniedModels (0.3.330), recorded on these inputs.
const recorded = JSON.parse(
  readFileSync(new URL('./__fixtures__/match-denied-models.json', import.meta.url), 'utf8'),
) as Recorded;
const fromRecording = (value: unknown): unknown =>
  value === '__undefined__' ? undefined : Array.isArray(value) ? value.map(fromRecording) : value;

describe('matchDeniedModels, against recorded answers', () => {
  it.each(recorded.lists.map((c) => [JSON.stringify(c.deniedModels), c] as const))('deniedModels %s', async (_, c) => {
    expect(await matchDeniedModels(recorded.models, c.deniedModels)).toEqual({
      denied: c.denied,
      warnings: c.warnings,
    });
  });

  it.each(recorded.odd.map((c) => [JSON.stringify(c.models), JSON.stringify(c.deniedModels), c] as const))(
    'models %s, deniedModels %s',
    async (_, __, c) => {
      const answer = await matchDeniedModels(
        fromRecording(c.models) as string[],
        fromRecording(c.deniedModels) as string[] | undefined,
      );
      expect(answer).toEqual({ denied: c.denied, warnings: c.warnings });
    },
  );
});

describe('matchDeniedModels', () => {
  it('blocks a family by name, a version with its snapshots, and an exact custom name', async () => {
    const { denied } = await matchDeniedModels(
      ['claude-opus-4-1-20250805', 'claude-sonnet-4-5', 'my-model', 'claude-haiku-4-5'],
      ['opus', 'claude-haiku-4', 'my-model'],
    );
    expect(denied).toEqual([true, false, true, true]);
  });

  it('never throws', async () => {
    await expect(matchDeniedModels(42 as never, 7 as never)).resolves.toEqual({
      denied: [],
      warnings: [
        '"deniedModels" was present but is not a list of model names, so it was ignored and blocks no models until it is fixed.',
        '"models" is not a list of model names, so nothing was matched.',
      ],
    });
  });
});
