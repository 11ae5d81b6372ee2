/**
 * A permission mode of the CLI: `default`, `acceptEdits`, `bypassPermissions` (every tool runs
 * without asking; the CLI refuses it as root outside a sandbox), `plan`, `dontAsk` or `auto`. A
 * newer CLI may know more; options pass any mode on, and the CLI decides.
 */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

/** Every {@link PermissionMode}, for reading a mode off the wire. */
export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
  'auto',
];

/** What a permission rule does to matching tool calls. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/** A permission rule: a tool name and an optional rule content (e.g. a command prefix). */
export type PermissionRuleValue = {
  toolName: string;
  ruleContent?: string;
};

/** A change to the permission rules or mode, as the CLI suggests it and accepts it back. */
export type PermissionUpdate =
  | {
      type: 'addRules';
      rules: PermissionRuleValue[];
      behavior: PermissionBehavior;
      destination: PermissionUpdateDestination;
    }
  | {
      type: 'replaceRules';
      rules: PermissionRuleValue[];
      behavior: PermissionBehavior;
      destination: PermissionUpdateDestination;
    }
  | {
      type: 'removeRules';
      rules: PermissionRuleValue[];
      behavior: PermissionBehavior;
      destination: PermissionUpdateDestination;
    }
  | {
      type: 'setMode';
      mode: PermissionMode;
      destination: PermissionUpdateDestination;
    }
  | {
      type: 'addDirectories';
      directories: string[];
      destination: PermissionUpdateDestination;
    }
  | {
      type: 'removeDirectories';
      directories: string[];
      destination: PermissionUpdateDestination;
    };

/** Where a permission update is stored. */
export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';
