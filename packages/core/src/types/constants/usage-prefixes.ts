/** Beginnings of the texts the CLI reports when a usage limit is reached. */
export const USAGE_LIMIT_ERROR_PREFIXES = [
  "You've hit your",
  "You've reached your",
  "You're out of usage credits",
  'Your org is out of usage · add funds to continue',
  'Your org is out of usage · contact your admin',
  "Your seat type doesn't include usage credits",
  "Your seat type doesn't include usage",
  'Your usage allocation has been disabled by your admin',
  "Your group's usage limit is set to $0",
  'Fable 5 requires usage credits',
  "You're out of extra usage",
  "Your seat type doesn't include extra usage",
] as const;

/** Beginnings of the texts the CLI reports when a usage limit is near. */
export const USAGE_WARNING_PREFIXES = ["You've used", "You're close to"] as const;

/** Beginnings of the texts the CLI reports when usage moves to credits or another allocation. */
export const USAGE_TRANSITION_PREFIXES = [
  "You're now using usage credits",
  "You're now using your usage allocation",
  'Now using your usage allocation',
  'Now using usage credits',
  'Now using credits',
  "You're now using extra usage",
  'Now using extra usage',
] as const;

/** Beginnings of the texts the CLI reports when an organization policy disables the service. */
export const ORG_POLICY_LIMIT_PREFIXES = ['This service is disabled for your org'] as const;
