/**
 * `tool()` with an app whose zod is another copy than hexagent's (the workspace's zod 4.6.7, which
 * the MCP SDK's types use): zod 4.1, zod 3.25's `zod/v4` subpath and zod 3.25 itself, installed
 * under aliases as a real app installs its own zod. The handler's arguments are inferred as the
 * official SDK's single signature infers them (no `unknown`, TS18046), and a wrong annotation key
 * is reported on that key (the `@ts-expect-error` lines sit on the property, not on the call).
 */
import { createSdkMcpServer, tool } from '@hexagent/sdk';
import { z as zod3 } from 'zod-3-25';
import { z as zod3v4 } from 'zod-3-25/v4';
import { z as zod41 } from 'zod-4-1';
import type { Equals, Expect } from './helpers/equals.js';

export const addOn41 = tool('add', 'Add two numbers', { a: zod41.number(), b: zod41.number() }, async ({ a, b }) => {
  type _A = Expect<Equals<typeof a, number>>;
  return { content: [{ type: 'text', text: String(a + b) }] };
});

export const addOn3v4 = tool(
  'add',
  'Add two numbers',
  { a: zod3v4.number(), b: zod3v4.number().optional() },
  async ({ a, b }) => {
    type _B = Expect<Equals<typeof b, number | undefined>>;
    return { content: [{ type: 'text', text: String(a + (b ?? 0)) }] };
  },
);

export const addOn3 = tool(
  'add',
  'Add two numbers',
  { a: zod3.number(), tags: zod3.array(zod3.string()) },
  async ({ a, tags }) => {
    type _Tags = Expect<Equals<typeof tags, string[]>>;
    return { content: [{ type: 'text', text: `${a}: ${tags.join(',')}` }] };
  },
);

export const readOnly = tool(
  'add',
  'Add two numbers',
  { a: zod41.number() },
  async ({ a }) => ({ content: [{ type: 'text', text: String(a) }] }),
  {
    annotations: {
      // @ts-expect-error a key ToolAnnotations does not have is reported here, as by the official SDK
      readOnlyHnt: true,
    },
  },
);

export const wrongExtra = tool('add', 'Add two numbers', { a: zod3v4.number() }, async () => ({ content: [] }), {
  // @ts-expect-error an unknown extra is reported on that key too
  alwaysLoaded: true,
});

export const server = createSdkMcpServer({ name: 'calc', tools: [addOn41, addOn3v4, addOn3, readOnly, wrongExtra] });
