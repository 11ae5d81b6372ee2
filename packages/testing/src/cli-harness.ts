import { hermeticCliEnv } from './hermetic-cli-env.js';
import type { ModelScript } from './model-script.js';
import { ScriptedModelServer } from './scripted-model-server.js';

/** A scripted model server and a hermetic environment pointing the real CLI at it, torn down together. */
export interface CliHarness {
  /** The scripted Messages API server on 127.0.0.1 (what the model received: `server.requests`). */
  readonly server: ScriptedModelServer;
  /** The CLI's whole environment for `options.env` (see {@link hermeticCliEnv}). */
  readonly env: Record<string, string | undefined>;
  /** `CLAUDE_CONFIG_DIR` of the temporary home: the CLI's settings and transcripts. */
  readonly configDir: string;
  /** Stops the server and removes the temporary home. Idempotent; never rejects. */
  dispose(): Promise<void>;
}

/**
 * Starts a scripted model server and builds the environment that points the real CLI at it
 * (loopback only, a fresh temporary home): the setup of an end-to-end test.
 *
 * @example
 * ```ts
 * const harness = await startCliHarness([{ content: [text('hi')] }]);
 * try {
 *   for await (const m of query({ prompt: 'hello', options: { env: harness.env } })) console.log(m.type);
 * } finally {
 *   await harness.dispose();
 * }
 * ```
 */
export async function startCliHarness(script: ModelScript): Promise<CliHarness> {
  const server = await ScriptedModelServer.start(script);
  const hermetic = await hermeticCliEnv({ baseUrl: server.url }).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  let disposed: Promise<void> | undefined;
  return {
    server,
    env: hermetic.env,
    configDir: hermetic.configDir,
    dispose() {
      disposed ??= Promise.allSettled([server.close(), hermetic.cleanup()]).then(() => undefined);
      return disposed;
    },
  };
}
