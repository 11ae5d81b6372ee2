import type { SDKSettingsParseError } from '../settings/setting-source.js';

/** A permission rule described for display. */
export type SDKPermissionRuleDescription = {
  prefix: string;
  emphasis?: string;
  suffix?: string;
};

/** One permission rule in effect, with where it comes from. */
export type SDKPermissionRuleEntry = {
  behavior: 'allow' | 'deny' | 'ask';
  source:
    | 'userSettings'
    | 'projectSettings'
    | 'localSettings'
    | 'flagSettings'
    | 'policySettings'
    | 'cliArg'
    | 'command'
    | 'session'
    | 'mcpMount'
    | 'toolsNarrowing'
    | 'mcpServerPolicy'
    | 'hostCredential';
  rule: string;
  description?: SDKPermissionRuleDescription;
  editability: 'persistent' | 'session' | 'readonly';
  notInEffect?: boolean;
};

/** A directory the session may access. */
export type SDKPermissionWorkspaceDirectory = {
  path: string;
  source: string;
};

/** The permission rules and directories in effect. */
export type SDKControlPermissionRulesState = {
  rules: SDKPermissionRuleEntry[];
  workspaceDirectories: SDKPermissionWorkspaceDirectory[];
  originalCwd: string;
  managedOnly: boolean;
  errors?: SDKSettingsParseError[];
  withheld?: boolean;
};

/** The answer to a `list_permission_rules` control request. */
export type SDKControlListPermissionRulesResponse = {
  state: SDKControlPermissionRulesState;
};
