/**
 * The harness of the CliTransport tests: transports over the stand-in CLI, each closed after its
 * test, which then checks that no process it started is left running.
 */
import type { Options } from '@hexagent/core';
import { isRunning } from '@hexagent/testing';
import type { StandInScenario } from '@hexagent/testing/stand-in-cli';
import { afterAll, afterEach, expect } from 'vitest';
import type { CliTransport } from '../../src/cli-transport.js';
import type { CliTransportSettings } from '../../src/cli-transport-settings.js';
import { standInCli } from './stand-in.js';
import { removeTempDirs } from './temp-dirs.js';
import { transportFor } from './transport-for.js';

const transports: CliTransport[] = [];
const pids: number[] = [];

/** Registers the hooks that close every transport after each test and remove the temporary files. */
export function useCliTransportCleanup(): void {
  afterEach(async () => {
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
    for (const pid of pids.splice(0)) expect(isRunning(pid)).toBe(false);
  });
  afterAll(() => {
    removeTempDirs();
  });
}

/** Has `transport` closed after the test. */
export function track(transport: CliTransport): CliTransport {
  transports.push(transport);
  return transport;
}

/** A transport over the stand-in CLI playing `scenario`, closed (and checked to leave no process) after each test. */
export function transportOver(
  scenario: StandInScenario,
  options: Options = {},
  settings: CliTransportSettings = {},
): CliTransport {
  return track(transportFor({ pathToClaudeCodeExecutable: standInCli(scenario), ...options }, settings));
}

/** Starts `transport` and has its process checked after the test. */
export async function started(transport: CliTransport): Promise<CliTransport> {
  await transport.start();
  if (transport.pid !== undefined) pids.push(transport.pid);
  return transport;
}

/** One line of JSON, as the CLI writes it. */
export function line(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
