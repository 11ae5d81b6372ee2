// @anthropic-ai/claude-agent-sdk, served by hexagent: every name @hexagent/sdk exports, the official
// ones among them. `query` is declared here, by that name: instrumentations that rewrite the
// official `sdk.mjs` at load time (Braintrust's) look for a function declaration called `query`.
import { query as hexagentQuery } from '@hexagent/sdk';

export * from '@hexagent/sdk';

/** `query()` of `@hexagent/sdk`: see its documentation. */
function query(params, container) {
  return hexagentQuery(params, container);
}

export { query };
