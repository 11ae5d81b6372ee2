import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Options } from '@hexagent/core';
import { type InstallStandInCliOptions, installStandInCli, type StandInScenario } from '@hexagent/testing/stand-in-cli';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { type WebSocketTransportSettings, webSocketTransport } from '@hexagent/transport-websocket';
import { type Relay, type RelayConfig, startRelay } from '../../src/index.js';

/** The token of these tests. */
export const TOKEN = 'test-token-0123456789abcdef';

const dirs: string[] = [];

/** A fresh temporary directory, removed by {@link removeTempDirs}. */
export function makeTempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexagent-relay-test-'));
  dirs.push(dir);
  return dir;
}

/** Removes every directory {@link makeTempDir} made. */
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The stand-in CLI playing `scenario`, installed in a temporary directory; its path. */
export function standInCli(scenario: StandInScenario, options: Omit<InstallStandInCliOptions, 'dir'> = {}): string {
  return installStandInCli(scenario, { ...options, dir: makeTempDir() }).path;
}

/**
 * The message types of the stand-in CLI and of the transport conformance suites (`stand_in` drives
 * the stand-in, `echo` and `conformance_busy` its peers): the relays of these tests pass them, as an
 * operator would list an extension's own (`allowedMessageTypes`).
 */
export const STAND_IN_MESSAGE_TYPES = ['stand_in', 'echo', 'conformance_busy'];

/** A relay on a free loopback port running `cliPath`, with `config` on top. */
export function relayFor(cliPath: string, config: Partial<RelayConfig> = {}): Promise<Relay> {
  return startRelay({ token: TOKEN, port: 0, cliPath, allowedMessageTypes: STAND_IN_MESSAGE_TYPES, ...config });
}

/** A transport to `relay` for `options`. */
export function transportTo(relay: Relay, options: Options = {}, settings: Partial<WebSocketTransportSettings> = {}) {
  return webSocketTransport({ url: relay.url, token: TOKEN, ...settings })(buildTransportLaunch(options));
}

/** True while `pid` runs (a zombie waiting for its reaper does not count): the testing kit's `isRunning`. */
export { isRunning as isAlive } from '@hexagent/testing';
