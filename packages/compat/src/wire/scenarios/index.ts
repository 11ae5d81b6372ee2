import type { Scenario } from '../scenario.js';
import { backgroundAgent } from './background-scenarios.js';
import { interrupt, streamingInputControls } from './control-scenarios.js';
import {
  canUseToolAndHooks,
  maxTurns,
  mcpToolCall,
  permissionDeny,
  plainPrompt,
  settingSources,
} from './query-scenarios.js';
import { prewarmClaim, sessionStoreMirror, startup } from './session-scenarios.js';

/** Every scenario of the wire comparison, in report order. */
export const SCENARIOS: readonly Scenario[] = [
  plainPrompt,
  mcpToolCall,
  canUseToolAndHooks,
  permissionDeny,
  interrupt,
  streamingInputControls,
  maxTurns,
  settingSources,
  sessionStoreMirror,
  startup,
  prewarmClaim,
  backgroundAgent,
];
