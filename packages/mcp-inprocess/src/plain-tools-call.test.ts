import { describe, expect, it } from 'vitest';
import { isPlainTextResult, isPlainToolsCall } from './plain-tools-call.js';

describe('isPlainToolsCall', () => {
  it.each([
    ['a name only', { name: 'add' }],
    ['arguments', { name: 'add', arguments: { a: 1 } }],
    ['the CLI’s _meta', { name: 'add', _meta: { 'claudecode/toolUseId': 'toolu_1', progressToken: 3 } }],
    ['a string progress token', { name: 'add', _meta: { progressToken: 'p' } }],
  ])('is true for %s', (_, params) => {
    expect(isPlainToolsCall(params)).toBe(true);
  });

  it.each([
    ['no params', undefined],
    ['no name', { arguments: {} }],
    ['a task', { name: 'add', task: { ttl: 1 } }],
    ['_meta that is not an object', { name: 'add', _meta: 'x' }],
    ['a related task', { name: 'add', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } }],
    ['a fractional progress token', { name: 'add', _meta: { progressToken: 1.5 } }],
    ['an object progress token', { name: 'add', _meta: { progressToken: {} } }],
  ])('is false for %s (the MCP SDK answers those)', (_, params) => {
    expect(isPlainToolsCall(params)).toBe(false);
  });
});

describe('isPlainTextResult', () => {
  it.each([
    ['no content', { content: [] }],
    [
      'text blocks',
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: '' },
        ],
      },
    ],
    ['isError', { content: [{ type: 'text', text: 'no' }], isError: true }],
  ])('is true for %s', (_, result) => {
    expect(isPlainTextResult(result)).toBe(true);
  });

  it.each([
    ['a non-object', 'text'],
    ['an array', [{ content: [] }]],
    ['an extra key', { content: [], structuredContent: {} }],
    ['an image block', { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] }],
    ['a text block with an extra key', { content: [{ type: 'text', text: 'a', annotations: {} }] }],
    ['text that is not a string', { content: [{ type: 'text', text: 1 }] }],
    ['content that is not an array', { content: 'a' }],
    ['a non-boolean isError', { content: [], isError: 'yes' }],
    ['a class instance', new (class Result {})()],
  ])('is false for %s (checked with the MCP SDK schema instead)', (_, result) => {
    expect(isPlainTextResult(result)).toBe(false);
  });
});
