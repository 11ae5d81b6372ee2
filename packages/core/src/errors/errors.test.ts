import { describe, expect, it } from 'vitest';
import { TransportClosedError } from '../ports/transport-closed-error.js';
import { TransportError } from '../ports/transport-error.js';
import { TransportInputClosedError } from '../ports/transport-input-closed-error.js';
import { TransportStartError } from '../ports/transport-start-error.js';
import { AbortError } from './abort-error.js';
import { ControlRequestError } from './control-request-error.js';
import { ControlTimeoutError } from './control-timeout-error.js';
import { CredentialsRejectedError } from './credentials-rejected-error.js';
import { HexagentError, hasMarker } from './hexagent-error.js';
import { InitializeTimeoutError } from './initialize-timeout-error.js';
import { InvalidOptionError } from './invalid-option-error.js';
import { JsonDecodeError } from './json-decode-error.js';
import { McpServersNotAppliedError } from './mcp-servers-not-applied-error.js';
import { MessageTooLargeError } from './message-too-large-error.js';
import { ProtocolError } from './protocol-error.js';
import { ResultError } from './result-error.js';
import { SessionStoreLoadError } from './session-store-load-error.js';
import { SpareClaimError } from './spare-claim-error.js';

// What another copy of the package would declare: the same registered symbols.
const FOREIGN_BASE_MARKER = Symbol.for('hexagent.error');
const FOREIGN_CLOSED_MARKER = Symbol.for('hexagent.error.TransportClosedError');

interface ErrorClass {
  name: string;
  isInstance(error: unknown): boolean;
}

interface Case {
  cls: ErrorClass;
  make: () => HexagentError;
  code: string;
  /** Classes whose `isInstance` is also true for this error (its base classes). */
  alsoInstanceOf: ErrorClass[];
  /** The error's `name` where it is not the class name (AbortError: `'Error'`, as the official). */
  name?: string;
}

const cases: Case[] = [
  {
    cls: InitializeTimeoutError,
    make: () => new InitializeTimeoutError({ timeoutMs: 5 }),
    code: 'INITIALIZE_TIMEOUT',
    alsoInstanceOf: [],
  },
  {
    cls: SpareClaimError,
    make: () => new SpareClaimError({ reason: 'spare_closed', message: 'closed' }),
    code: 'SPARE_CLAIM_ERROR',
    alsoInstanceOf: [],
  },
  { cls: AbortError, make: () => new AbortError(), code: 'ABORTED', alsoInstanceOf: [], name: 'Error' },
  {
    cls: CredentialsRejectedError,
    make: () => new CredentialsRejectedError({ variables: ['ANTHROPIC_API_KEY'], status: 401 }),
    code: 'CREDENTIALS_REJECTED',
    alsoInstanceOf: [],
  },
  {
    cls: ResultError,
    make: () =>
      new ResultError({
        result: { type: 'result', subtype: 'error_max_turns', is_error: true, errors: ['max'] } as never,
        text: 'max',
        exitCode: 1,
      }),
    code: 'ERROR_RESULT',
    alsoInstanceOf: [],
  },
  {
    cls: ControlRequestError,
    make: () =>
      new ControlRequestError({ subtype: 'set_model', cliMessage: 'bad model', cliErrorCode: 'check_failed' }),
    code: 'CONTROL_REQUEST_ERROR',
    alsoInstanceOf: [],
  },
  {
    cls: ControlTimeoutError,
    make: () => new ControlTimeoutError({ subtype: 'initialize', timeoutMs: 60_000 }),
    code: 'CONTROL_TIMEOUT',
    alsoInstanceOf: [],
  },
  {
    cls: InvalidOptionError,
    make: () => new InvalidOptionError({ option: 'maxTurns', message: 'must be a positive integer' }),
    code: 'INVALID_OPTION',
    alsoInstanceOf: [],
  },
  {
    cls: SessionStoreLoadError,
    make: () => new SessionStoreLoadError({ operation: 'load', timedOut: true, sessionId: 's', message: 'timed out' }),
    code: 'SESSION_STORE_LOAD_FAILED',
    alsoInstanceOf: [],
  },
  {
    cls: ProtocolError,
    make: () => new ProtocolError({ message: 'bad frame' }),
    code: 'PROTOCOL_ERROR',
    alsoInstanceOf: [],
  },
  {
    cls: JsonDecodeError,
    make: () => new JsonDecodeError({ line: '{nope' }),
    code: 'JSON_DECODE_ERROR',
    alsoInstanceOf: [ProtocolError],
  },
  {
    cls: MessageTooLargeError,
    make: () => new MessageTooLargeError({ maxBytes: 1024 }),
    code: 'MESSAGE_TOO_LARGE',
    alsoInstanceOf: [ProtocolError],
  },
  {
    cls: TransportClosedError,
    make: () => new TransportClosedError(),
    code: 'TRANSPORT_CLOSED',
    alsoInstanceOf: [],
  },
  {
    cls: TransportStartError,
    make: () => new TransportStartError({ message: 'spawn failed' }),
    code: 'TRANSPORT_START_FAILED',
    alsoInstanceOf: [],
  },
  {
    cls: TransportInputClosedError,
    make: () => new TransportInputClosedError(),
    code: 'TRANSPORT_INPUT_CLOSED',
    alsoInstanceOf: [],
  },
  {
    cls: McpServersNotAppliedError,
    make: () => new McpServersNotAppliedError({ serverNames: ['echo'], applied: undefined, cliVersion: '2.0.0' }),
    code: 'MCP_SERVERS_NOT_APPLIED',
    alsoInstanceOf: [],
  },
];

describe.each(cases)('$cls.name', ({ cls, make, code, alsoInstanceOf, name }) => {
  it('has its stable code and its class name', () => {
    const error = make();
    expect(error.code).toBe(code);
    expect(error.name).toBe(name ?? cls.name);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(HexagentError);
    expect(error).toBeInstanceOf(cls as unknown as new (...args: never[]) => unknown);
    expect(error.message.length).toBeGreaterThan(0);
    expect(String(error)).toContain(name ?? cls.name);
  });

  it('isInstance: true for its class and HexagentError; false for other hexagent classes', () => {
    const error = make();
    expect(cls.isInstance(error)).toBe(true);
    expect(HexagentError.isInstance(error)).toBe(true);
    for (const other of cases) {
      if (other.cls === cls) continue;
      const expected = alsoInstanceOf.includes(other.cls);
      expect({ class: other.cls.name, result: other.cls.isInstance(error) }).toEqual({
        class: other.cls.name,
        result: expected,
      });
    }
  });

  it('isInstance: false for plain errors and non-errors', () => {
    for (const value of [new Error('x'), new TypeError('y'), { code }, 'ABORTED', null, undefined, 42]) {
      expect(cls.isInstance(value)).toBe(false);
    }
  });

  it('isInstance works across a duplicated bundle (Symbol.for markers, foreign prototype)', () => {
    const original = make();
    // A copy of the class from another bundle: another prototype, the same registered symbols.
    const foreign = Object.create(Error.prototype) as Record<symbol, unknown>;
    for (const key of Object.getOwnPropertySymbols(original)) {
      foreign[key] = (original as unknown as Record<symbol, unknown>)[key];
    }
    expect(foreign).not.toBeInstanceOf(cls as unknown as new (...args: never[]) => unknown);
    expect(cls.isInstance(foreign)).toBe(true);
    expect(HexagentError.isInstance(foreign)).toBe(true);
  });
});

describe('markers', () => {
  it('are registered symbols (Symbol.for), so a second copy of the package recognises them', () => {
    const error = new TransportClosedError();
    const keys = Object.getOwnPropertySymbols(error).map((symbol) => Symbol.keyFor(symbol));
    expect(keys).toEqual(
      expect.arrayContaining([
        'hexagent.error',
        'hexagent.error.TransportError',
        'hexagent.error.TransportClosedError',
      ]),
    );
  });

  it('a hand-made foreign object with only the right Symbol.for markers is recognised', () => {
    class ForeignTransportClosedError extends Error {
      readonly [FOREIGN_BASE_MARKER] = true;
      readonly [FOREIGN_CLOSED_MARKER] = true;
    }
    const foreign = new ForeignTransportClosedError('from another bundle');
    expect(TransportClosedError.isInstance(foreign)).toBe(true);
    expect(HexagentError.isInstance(foreign)).toBe(true);
    expect(TransportStartError.isInstance(foreign)).toBe(false);
    expect(foreign instanceof TransportClosedError).toBe(false);
  });

  it('a marker that is not exactly true does not count', () => {
    expect(HexagentError.isInstance({ [Symbol.for('hexagent.error')]: 'yes' })).toBe(false);
    expect(AbortError.isInstance({ [Symbol.for('hexagent.error.AbortError')]: 1 })).toBe(false);
    // A string key of the same name is not the symbol.
    expect(HexagentError.isInstance({ 'hexagent.error': true })).toBe(false);
  });
});

describe('TransportError, the base of the errors a Transport raises', () => {
  const transportErrors = [new TransportClosedError(), new TransportStartError(), new TransportInputClosedError()];

  it('is true for the transport errors, false for the others', () => {
    for (const error of transportErrors) expect(TransportError.isInstance(error)).toBe(true);
    expect(TransportError.isInstance(new AbortError())).toBe(false);
    expect(TransportError.isInstance(new JsonDecodeError({ line: 'x' }))).toBe(false);
    expect(TransportError.isInstance(new Error('plain'))).toBe(false);
  });

  it('carries the exit code an adapter gives it, and none otherwise', () => {
    class ExitError extends TransportError {
      readonly code = 'TEST_EXIT' as const;
    }
    expect(new ExitError({ message: 'exited', exitCode: 2 }).exitCode).toBe(2);
    for (const error of transportErrors) expect(error.exitCode).toBeUndefined();
  });

  it('has default messages that say what happened, and keeps a custom message and a cause', () => {
    expect(new TransportClosedError().message).toContain('closed');
    expect(new TransportStartError().message).toContain('could not start');
    expect(new TransportInputClosedError().message).toContain('input is closed');
    const cause = new Error('EPIPE');
    const custom = new TransportInputClosedError({ message: 'custom', cause });
    expect(custom.message).toBe('custom');
    expect(custom.cause).toBe(cause);
  });
});

describe('messages and fields', () => {
  it('ControlRequestError carries subtype, cliMessage and cliErrorCode', () => {
    const error = new ControlRequestError({
      subtype: 'set_model',
      cliMessage: 'Unable to validate model: x',
      cliErrorCode: 'check_failed',
    });
    expect(error).toMatchObject({
      subtype: 'set_model',
      cliMessage: 'Unable to validate model: x',
      cliErrorCode: 'check_failed',
    });
    expect(error.message).toContain('set_model');
    expect(error.message).toContain('Unable to validate model: x');
    expect(new ControlRequestError({ subtype: 'a', cliMessage: 'b' }).cliErrorCode).toBeUndefined();
  });

  it('ControlRequestError.errorCode is the CLI code when it is snake case of at most 64 characters', () => {
    const make = (cliErrorCode?: string) => new ControlRequestError({ subtype: 'a', cliMessage: 'b', cliErrorCode });
    expect(make('invalid_mode').errorCode).toBe('invalid_mode');
    expect(make(`a${'b'.repeat(63)}`).errorCode).toBe(`a${'b'.repeat(63)}`);
    expect(make(`a${'b'.repeat(64)}`).errorCode).toBeUndefined();
    expect(make('Not-Snake').errorCode).toBeUndefined();
    expect(make('9lives').errorCode).toBeUndefined();
    expect(make().errorCode).toBeUndefined();
  });

  it('ControlTimeoutError names the subtype and the timeout', () => {
    const error = new ControlTimeoutError({ subtype: 'initialize', timeoutMs: 1234 });
    expect(error).toMatchObject({ subtype: 'initialize', timeoutMs: 1234 });
    expect(error.message).toContain('initialize');
    expect(error.message).toContain('1234');
  });

  it('InvalidOptionError names the option', () => {
    const error = new InvalidOptionError({ option: 'mcpServers.calc', message: 'duplicate server name' });
    expect(error.option).toBe('mcpServers.calc');
    expect(error.message).toContain('mcpServers.calc');
    expect(error.message).toContain('duplicate server name');
  });

  it('McpServersNotAppliedError names the servers, the version, why, and the argv fallback', () => {
    const old = new McpServersNotAppliedError({ serverNames: ['echo', 'db'], applied: undefined, cliVersion: '2.0.1' });
    expect(old.message).toContain('echo, db');
    expect(old.message).toContain('2.0.1');
    expect(old.message).toContain('too old');
    expect(old.message).toContain("mcpServersDelivery: 'argv'");
    expect(old.applied).toBeUndefined();
    const declined = new McpServersNotAppliedError({ serverNames: ['echo'], applied: false });
    expect(declined.message).toContain('mcp_servers_applied: false');
    expect(declined.message).toContain('--await-initialize');
    expect(declined.cliVersion).toBeUndefined();
  });

  it('JsonDecodeError quotes the start of the line, at most 200 characters', () => {
    const short = new JsonDecodeError({ line: '{"a":' });
    expect(short.excerpt).toBe('{"a":');
    expect(short.message).toContain('{\\"a\\":');
    const long = new JsonDecodeError({ line: 'x'.repeat(1000), cause: new SyntaxError('bad') });
    expect(long.excerpt).toBe(`${'x'.repeat(200)}…`);
    expect(long.message.length).toBeLessThan(400);
    expect(long.cause).toBeInstanceOf(SyntaxError);
  });

  it('MessageTooLargeError names the limit and the option to raise it', () => {
    const error = new MessageTooLargeError({ maxBytes: 4096 });
    expect(error.maxBytes).toBe(4096);
    expect(error.message).toContain('4096');
    expect(error.message).toContain('maxMessageBytes');
  });

  it('AbortError has a default message and keeps a cause', () => {
    expect(new AbortError().message).toBe('The operation was aborted');
    const cause = new Error('why');
    const error = new AbortError({ message: 'stopped', cause });
    expect(error.message).toBe('stopped');
    expect(error.cause).toBe(cause);
  });

  it('has no own `cause` property when none is given', () => {
    expect(Object.hasOwn(new AbortError(), 'cause')).toBe(false);
  });

  it('AbortError takes a message string, as the official SDK constructs it', () => {
    const error = new AbortError('the user stopped it');
    expect(error.message).toBe('the user stopped it');
    expect(error.code).toBe('ABORTED');
    expect(AbortError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(Object.hasOwn(error, 'cause')).toBe(false);
  });

  it("AbortError's name is 'Error', as the official's (a program checking name === 'AbortError' sees both alike)", () => {
    expect(new AbortError().name).toBe('Error');
    expect(new AbortError('stopped').name).toBe('Error');
    expect(String(new AbortError('stopped'))).toBe('Error: stopped');
  });
});

describe('hasMarker', () => {
  const marker = Symbol.for('hexagent.test.Marked');

  it('is true only for an object whose marker is true', () => {
    expect(hasMarker({ [marker]: true }, marker)).toBe(true);
    expect(hasMarker(Object.create({ [marker]: true }), marker)).toBe(true);
    expect(hasMarker({ [marker]: 1 }, marker)).toBe(false);
    expect(hasMarker({ [Symbol('hexagent.test.Marked')]: true }, marker)).toBe(false);
    for (const value of [undefined, null, 'x', 1, true]) expect(hasMarker(value, marker)).toBe(false);
  });
});

describe('InitializeTimeoutError', () => {
  it("names the CLI's last start-up mark and its age, in the official SDK's fields", () => {
    const error = new InitializeTimeoutError({ timeoutMs: 5, startupMark: { mark: 'settings_loaded', ageMs: 12 } });
    expect(error).toMatchObject({
      errorClass: 'initialize_timeout',
      startupMark: 'settings_loaded',
      startupMarkAgeMs: 12,
    });
  });

  it("says 'none' and has no age when the CLI reported no mark", () => {
    const error = new InitializeTimeoutError({ timeoutMs: 5 });
    expect(error.startupMark).toBe('none');
    expect('startupMarkAgeMs' in error).toBe(false);
  });
});
