/**
 * A variable name that says its value is a credential: one ending in (or made of) a key, token,
 * secret, password or credential word (`ANTHROPIC_API_KEY`, `CLAUDE_CODE_OAUTH_TOKEN`,
 * `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`, `GOOGLE_APPLICATION_CREDENTIALS`), not a count such as
 * `MAX_TOKENS`.
 */
const SECRET_NAME =
  /(?:^|_)(?:API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|SECRET|SECRET_ACCESS_KEY|TOKEN|AUTH_TOKEN|PASSWORD|PASSWD|CREDENTIALS?|AUTHORIZATION)$|(?:^|_)SECRET(?:_|$)/i;

/** Counts and limits whose names end like a secret's (`MAX_OUTPUT_TOKENS` ends in `TOKENS`, not `TOKEN`). */
const NOT_SECRET = /(?:^|_)(?:MAX|MIN|COUNT|LIMIT)_/i;

/**
 * The names in `env` whose values are to be kept off command lines (and out of logs): variables
 * named like credentials ({@link isSecretEnvName}) with a non-empty value, sorted. A transport that
 * runs the CLI through a command (ssh, `docker exec`) passes these in an environment, over the
 * CLI's input before it starts, or in a file only its user can read, never as arguments: a command
 * line is readable by every user of the host (`ps`).
 *
 * @example
 * ```ts
 * secretEnvNames({ PATH: '/bin', ANTHROPIC_API_KEY: 'sk-ant-...', MAX_TOKENS: '10' }); // ['ANTHROPIC_API_KEY']
 * ```
 */
export function secretEnvNames(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.keys(env)
    .filter((name) => env[name] !== undefined && env[name] !== '' && isSecretEnvName(name))
    .sort();
}

/** Whether a variable named `name` holds a credential, by its name (`ANTHROPIC_API_KEY`: yes; `PATH`: no). */
export function isSecretEnvName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET.test(name);
}
