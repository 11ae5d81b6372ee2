import type { Options } from '@hexagent/core';
import { buildTransportLaunch } from '@hexagent/transport-kit';
import { CliTransport } from '../../src/cli-transport.js';
import type { CliTransportSettings } from '../../src/cli-transport-settings.js';

/** A `CliTransport` for `options`, through the launch builder the facade runs before every transport. */
export function transportFor(options: Options = {}, settings?: CliTransportSettings): CliTransport {
  return new CliTransport(buildTransportLaunch(options), settings);
}
