import { filterEscalatingDefaultMode, matchDeniedModels, query, resolveSettings } from '@hexagent/sdk';

/** Settings: what a query would see, the mode to trust, and which models the policy denies. */
export async function settings(cwd: string): Promise<void> {
  const resolved = await resolveSettings({ cwd, settingSources: ['user', 'project', 'local'] });
  for (const [key, entry] of Object.entries(resolved.provenance)) console.log(key, entry?.source, entry?.path);
  if (resolved.machinePolicy?.didNotLoad) console.warn('policy not loaded:', resolved.machinePolicy.didNotLoad);
  const trusted = filterEscalatingDefaultMode(resolved);
  const model = 'claude-opus-4-1';
  const { denied, warnings } = await matchDeniedModels([model], trusted.deniedModels);
  for (const warning of warnings) console.warn(warning);
  if (denied[0]) return;
  const options = {
    cwd,
    model,
    ...(trusted.permissions?.defaultMode && { permissionMode: trusted.permissions.defaultMode }),
  };
  for await (const message of query({ prompt: 'Hello', options })) console.log(message.type);
}
