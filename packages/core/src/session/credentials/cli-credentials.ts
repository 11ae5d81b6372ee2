import type { FixedCredentialVariable } from '../../errors/credentials-rejected-error.js';
import type { AccountInfo } from '../../types/account-info.js';

/**
 * What the CLI authenticates with, by its own account (the `account` of its `initialize` answer),
 * sorted by what a rejection means: a credential it sends as it is (an `ANTHROPIC_API_KEY` or an
 * `ANTHROPIC_AUTH_TOKEN` from its environment) stays rejected however often it retries; one it
 * renews or reads again (a stored Claude login, `CLAUDE_CODE_OAUTH_TOKEN`, an `apiKeyHelper`, a
 * cloud provider's chain) may be accepted on a retry.
 */
export interface CliCredentials {
  /** The variables holding a credential the CLI sends as it is, in the order the CLI names them. */
  fixed: FixedCredentialVariable[];
  /** The CLI also has a credential it renews or reads again (a login, a key helper, a cloud provider). */
  renewable: boolean;
  /** The CLI reports no credential at all: every query ends in "Not logged in". */
  none: boolean;
}

/** `tokenSource` / `apiKeySource` values that mean "nothing from here". */
const NOTHING = new Set(['none', '']);

/**
 * Sorts the CLI's `account` (recorded from CLI 2.1.332: `apiKeySource: 'ANTHROPIC_API_KEY'` for the
 * key, `tokenSource: 'ANTHROPIC_AUTH_TOKEN'` for the token, `'CLAUDE_CODE_OAUTH_TOKEN'` or
 * `'apiKeyHelper'` for those, `subscriptionType` for a stored login, `tokenSource: 'none'` and
 * nothing else for no credential). Used by the session's watch for rejected credentials and by
 * `hexagent doctor`, so both decide alike.
 */
export function cliCredentialsOf(account: AccountInfo): CliCredentials {
  const fixed: FixedCredentialVariable[] = [];
  let renewable = account.apiProvider !== undefined && account.apiProvider !== 'firstParty';
  const key = account.apiKeySource;
  if (key === 'ANTHROPIC_API_KEY') fixed.push(key);
  else if (key !== undefined && !NOTHING.has(key)) renewable = true;
  const token = account.tokenSource;
  if (token === 'ANTHROPIC_AUTH_TOKEN') fixed.push(token);
  else if (token !== undefined && !NOTHING.has(token)) renewable = true;
  if (account.subscriptionType !== undefined && account.subscriptionType !== '') renewable = true;
  return { fixed, renewable, none: fixed.length === 0 && !renewable };
}
