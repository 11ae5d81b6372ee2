/**
 * The sandbox settings (`settings.sandbox`, `options.sandbox`). The official SDK derives these
 * from its zod schemas, which is why every optional field also admits `undefined`.
 */
export type SandboxSettings = {
  [key: string]: unknown;
  enabled?: boolean | undefined;
  failIfUnavailable?: boolean | undefined;
  autoAllowBashIfSandboxed?: boolean | undefined;
  allowUnsandboxedCommands?: boolean | undefined;
  network?: SandboxNetworkConfig | undefined;
  filesystem?: SandboxFilesystemConfig | undefined;
  credentials?: SandboxCredentialsConfig | undefined;
  ignoreViolations?: SandboxIgnoreViolations | undefined;
  enableWeakerNestedSandbox?: boolean | undefined;
  allowNestedUserNamespaces?: boolean | undefined;
  enableWeakerNetworkIsolation?: boolean | undefined;
  allowAppleEvents?: boolean | undefined;
  excludedCommands?: string[] | undefined;
  ripgrep?: { command: string; args?: string[] | undefined } | undefined;
  bwrapPath?: string | undefined;
  socatPath?: string | undefined;
};

/** Network rules of the sandbox: allowed and denied domains, sockets, proxy ports. */
export type SandboxNetworkConfig = {
  allowedDomains?: string[] | undefined;
  deniedDomains?: string[] | undefined;
  strictAllowlist?: boolean | undefined;
  allowManagedDomainsOnly?: boolean | undefined;
  allowUnixSockets?: string[] | undefined;
  allowAllUnixSockets?: boolean | undefined;
  allowLocalBinding?: boolean | undefined;
  allowMachLookup?: string[] | undefined;
  httpProxyPort?: number | undefined;
  socksProxyPort?: number | undefined;
  tlsTerminate?: { caCertPath?: string | undefined; caKeyPath?: string | undefined } | undefined;
};

/** Filesystem rules of the sandbox: paths it may read and write. */
export type SandboxFilesystemConfig = {
  allowWrite?: string[] | undefined;
  denyWrite?: string[] | undefined;
  denyRead?: string[] | undefined;
  allowRead?: string[] | undefined;
  allowManagedReadPathsOnly?: boolean | undefined;
  disabled?: boolean | undefined;
};

/** How the sandbox withholds or masks credentials in files and environment variables. */
export type SandboxCredentialsConfig = {
  files?: SandboxCredentialFileRule[] | undefined;
  envVars?: SandboxCredentialEnvVarRule[] | undefined;
  allowPlaintextInject?: boolean | undefined;
  awsPairs?: { accessKeyIdVar: string; secretAccessKeyVar: string; sessionTokenVar?: string | undefined }[] | undefined;
  sigv4?:
    | {
        streaming?: 'deny' | 'passthrough' | undefined;
        presigned?: 'deny' | 'passthrough' | undefined;
        sigv4a?: 'deny' | 'passthrough' | undefined;
      }
    | undefined;
};

/** A credentials rule for a file. */
export type SandboxCredentialFileRule = {
  path: string;
  mode: 'deny' | 'mask';
  extract?: string | undefined;
  onExtractNoMatch?: 'deny' | 'error' | 'warn' | undefined;
  decode?: 'jwt' | undefined;
  maskClaims?: string[] | undefined;
  maskDuplicates?: boolean | undefined;
  injectHosts?: string[] | undefined;
};

/** A credentials rule for an environment variable. */
export type SandboxCredentialEnvVarRule = {
  name: string;
  mode: 'deny' | 'mask';
  extract?: string | undefined;
  onExtractNoMatch?: 'deny' | 'error' | 'warn' | undefined;
  decode?: 'jwt' | undefined;
  maskClaims?: string[] | undefined;
  injectHosts?: string[] | undefined;
};

/** Sandbox violations to ignore: command patterns by violation kind. */
export type SandboxIgnoreViolations = Record<string, string[]>;
