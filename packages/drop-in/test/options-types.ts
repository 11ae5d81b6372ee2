/**
 * hexagent's `Options` against the official one: every official field is there, each with the same
 * type but two that accept more; the only fields more are hexagent's own ({@link Hex.HexagentOptions}).
 */
import type * as Official from '@anthropic-ai/claude-agent-sdk';
import type * as Hex from '@hexagent/sdk';
import type { Equals, Expect, Extends } from './helpers/equals.js';

/** hexagent's fields beyond the official ones. */
type HexagentOnly = Exclude<keyof Hex.Options, keyof Official.Options>;
/** The official fields whose hexagent type accepts more (see below). */
type Wider = 'mcpServers' | 'spawnClaudeCodeProcess';

type _HexagentOnly = Expect<Equals<HexagentOnly, keyof Hex.HexagentOptions>>;
type _NoOfficialFieldMissing = Expect<Equals<Exclude<keyof Official.Options, keyof Hex.Options>, never>>;
type _SameFields = Expect<Equals<Omit<Hex.Options, HexagentOnly | Wider>, Omit<Official.Options, Wider>>>;
// Every official options object is a hexagent one: code written for the official SDK compiles.
type _OfficialAccepted = Expect<Extends<Official.Options, Hex.Options>>;

// `mcpServers`: an in-process server's `instance` is `unknown` in hexagent (see official-types.ts).
type _McpServers = Expect<Extends<Official.Options['mcpServers'], Hex.Options['mcpServers']>>;
// @ts-expect-error `instance` is wider in hexagent
type _McpServersSame = Expect<Equals<Hex.Options['mcpServers'], Official.Options['mcpServers']>>;

// `spawnClaudeCodeProcess` may return any object with a ChildProcess's members (core declares it
// without Node.js's types); the official `SpawnedProcess`, which `@hexagent/sdk` exports as is, is one.
type _SpawnedProcess = Expect<Equals<Hex.SpawnedProcess, Official.SpawnedProcess>>;
type _SpawnedProcessLike = Expect<Extends<Official.SpawnedProcess, Hex.SpawnedProcessLike>>;
type _Spawn = Expect<Extends<Official.Options['spawnClaudeCodeProcess'], Hex.Options['spawnClaudeCodeProcess']>>;
// @ts-expect-error the return type is wider in hexagent
type _SpawnSame = Expect<Equals<Hex.Options['spawnClaudeCodeProcess'], Official.Options['spawnClaudeCodeProcess']>>;
type _SpawnOptions = Expect<Equals<Hex.SpawnOptions, Official.SpawnOptions>>;

// The SessionStore shapes; `sessionStore`, `sessionStoreFlush` and `loadTimeoutMs` are checked with the rest of `Options`.
type _SessionKey = Expect<Equals<Hex.SessionKey, Official.SessionKey>>;
type _SessionStore = Expect<Equals<Hex.SessionStore, Official.SessionStore>>;
type _SessionStoreEntry = Expect<Equals<Hex.SessionStoreEntry, Official.SessionStoreEntry>>;
type _SessionStoreFlush = Expect<Equals<Hex.SessionStoreFlush, Official.SessionStoreFlush>>;
type _SessionSummaryEntry = Expect<Equals<Hex.SessionSummaryEntry, Official.SessionSummaryEntry>>;
