import { type ClaimOptions, prewarm, type SpareProcess, startup, type WarmQuery } from '@hexagent/sdk';

/** Starting the CLI ahead of the first prompt. */
export async function warmStart(): Promise<void> {
  const warm = await startup({ options: { model: 'sonnet' } });
  for await (const message of warm.query('Hello')) console.log(message.type);
  warm.close();
}

/** A spare process, claimed when the session's folder is known; a refused claim falls back to query(). */
export async function spareProcess(folder: string): Promise<void> {
  const spare: SpareProcess = await prewarm({ options: { settingSources: [] }, initializeTimeoutMs: 30_000 });
  const options: ClaimOptions = {
    cwd: folder,
    model: 'sonnet',
    permissionMode: 'acceptEdits',
    settings: { effortLevel: 'high' },
  };
  const q = spare.claim({ prompt: 'Hello', options });
  spare.claimed.then(
    (info) => console.log(info.sessionId, info.cwd, info.parkedMs, info.sdkMcpSettled),
    (e: Error) => {
      if (!e.message.startsWith('option_not_applied')) console.log('start with query()');
    },
  );
  for await (const message of q) console.log(message.type);
  await spare.exited;
  spare.close();
}

/** Disposal of both handles. */
export async function disposeWarm(): Promise<void> {
  const warm: WarmQuery = await startup();
  await warm[Symbol.asyncDispose]();
  await using spare = await prewarm();
  void spare;
}
