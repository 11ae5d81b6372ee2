import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InvalidOptionError } from '@hexagent/core';
import type { RelayConfig } from './relay-config.js';

/** The configuration file's shape: a {@link RelayConfig} with files in place of secrets. */
interface RelayConfigFile extends Omit<RelayConfig, 'token' | 'tls'> {
  /** A file holding the token (its first line); else `HEXAGENT_RELAY_TOKEN`. */
  tokenFile?: string;
  /** PEM files of the certificate and key, for `wss://`. */
  tlsCertFile?: string;
  tlsKeyFile?: string;
}

/**
 * The relay's configuration from a JSON file (paths in it relative to the file) and the
 * environment: the token from `tokenFile` or `HEXAGENT_RELAY_TOKEN` (never from the command line,
 * where other users can read it), `HEXAGENT_RELAY_PORT` / `HEXAGENT_RELAY_HOST` over the file's.
 *
 * @throws InvalidOptionError when the file cannot be read or parsed, or no token is given.
 */
export function loadRelayConfig(
  file: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RelayConfig {
  let parsed: RelayConfigFile = {};
  const base = file === undefined ? process.cwd() : path.dirname(path.resolve(file));
  if (file !== undefined) {
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8')) as RelayConfigFile;
    } catch (error) {
      throw new InvalidOptionError({ option: 'config', message: `cannot read ${file}: ${String(error)}` });
    }
  }
  const at = (name: string): string => path.resolve(base, name);
  const { tokenFile, tlsCertFile, tlsKeyFile, ...rest } = parsed;
  const token =
    tokenFile !== undefined ? readFileSync(at(tokenFile), 'utf8').split('\n')[0]?.trim() : env['HEXAGENT_RELAY_TOKEN'];
  if (token === undefined || token === '') {
    throw new InvalidOptionError({
      option: 'token',
      message: 'set HEXAGENT_RELAY_TOKEN or tokenFile in the configuration',
    });
  }
  const config: RelayConfig = { ...rest, token };
  if (rest.cliPath !== undefined) config.cliPath = at(rest.cliPath);
  if (rest.cwdRoots !== undefined) config.cwdRoots = rest.cwdRoots.map(at);
  if (rest.cwd !== undefined) config.cwd = at(rest.cwd);
  if (tlsCertFile !== undefined && tlsKeyFile !== undefined) {
    config.tls = { cert: readFileSync(at(tlsCertFile)), key: readFileSync(at(tlsKeyFile)) };
  }
  if (env['HEXAGENT_RELAY_PORT'] !== undefined) config.port = Number(env['HEXAGENT_RELAY_PORT']);
  if (env['HEXAGENT_RELAY_HOST'] !== undefined) config.host = env['HEXAGENT_RELAY_HOST'];
  return config;
}
