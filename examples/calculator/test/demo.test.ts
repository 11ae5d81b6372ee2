import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('the calculator demo', () => {
  it('runs through the real CLI with the scripted model and prints the conversation', async () => {
    const env = { ...process.env };
    delete env.ANTHROPIC_API_KEY;
    const { stdout } = await run(process.execPath, [main], { env, timeout: 60_000 });
    expect(stdout).toContain('ANTHROPIC_API_KEY is not set');
    expect(stdout).toContain('tool call › mcp__calc__add {"a":15,"b":27}');
    expect(stdout).toContain('tool call › mcp__calc__multiply {"a":6,"b":7}');
    expect(stdout).toContain('tool result › mcp__calc__add › 42');
    expect(stdout).toContain('tool result › mcp__calc__multiply › 42');
    expect(stdout).toContain('tool result › mcp__calc__divide (error) › Division by zero');
    expect(stdout).toMatch(/result › success: 15 \+ 27 = 42 and 6 × 7 = 42\. 1 ÷ 0 has no answer/);
    expect(stdout).toMatch(/turns=4 cost=\$\d+\.\d{6}/);
    // What looks like a real model's (name, words, cost) is labelled as scripted.
    expect(stdout).toMatch(/· session \S+ \(model name \S+ as the CLI reports it; no real model runs\)/);
    expect(stdout).toContain('scripted model › ');
    expect(stdout).not.toContain('assistant › ');
    expect(stdout).toMatch(/cost=\$\d+\.\d{6} \(scripted: the CLI priced made-up token counts; nothing was billed\)/);
  });
});
