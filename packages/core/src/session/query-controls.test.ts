import { describe, expect, it } from 'vitest';
import { sessionHarness } from '../../test/helpers/session-harness.js';
import type { OutboundMessage } from '../types/control.js';
import { QUERY_CONTROLS } from './control-table.js';
import { callQueryControl, forwardQueryControls, QUERY_CONTROL_NAMES } from './forward-query-controls.js';
import type { QueryControlName, QueryControls } from './query-controls.js';

const { runningSession } = sessionHarness();

/** Arguments for each control method (the compiler keeps this complete and well typed). */
const ARGS: { [Name in QueryControlName]: Parameters<QueryControls[Name]> } = {
  interrupt: [],
  setPermissionMode: ['plan'],
  setMcpPermissionModeOverride: ['ext', 'auto'],
  setModel: ['sonnet'],
  setMaxThinkingTokens: [1000],
  applyFlagSettings: [{ model: null }],
  updateSettings: ['localSettings', { outputStyle: 'Explanatory' }],
  initializationResult: [],
  reinitialize: [],
  supportedCommands: [],
  supportedModels: [],
  supportedAgents: [],
  mcpServerStatus: [],
  getContextUsage: [],
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET: [],
  readFile: ['a.txt'],
  reloadPlugins: [],
  reloadSkills: [],
  reloadOutputStyles: [],
  accountInfo: [],
  rewindFiles: ['u1'],
  seedReadState: ['a.txt', 1],
  reconnectMcpServer: ['ext'],
  toggleMcpServer: ['ext', false],
  readMcpResource: ['ext', 'ui://w'],
  setMcpServers: [{}],
  stopTask: ['t1'],
  backgroundTasks: [],
};

const isControlRequest = (message: OutboundMessage) => message.type === 'control_request';

// biome-ignore lint/correctness/noUnusedVariables: merged with the class below, whose methods come from forwardQueryControls
interface Forwarder extends QueryControls {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods come from forwardQueryControls
class Forwarder {
  readonly label = 'own';
  async supportedModels() {
    return [];
  }
}

describe('QUERY_CONTROLS, the control surface as data', () => {
  it.each(QUERY_CONTROL_NAMES)('a session sends what the table says for %s', async (name) => {
    const { session, transport } = await runningSession();
    const before = transport.sent.filter(isControlRequest).length;
    const result = callQueryControl(session, name, ARGS[name]);
    const { subtype } = QUERY_CONTROLS[name];
    if (subtype === null) {
      await result;
      expect(transport.sent.filter(isControlRequest)).toHaveLength(before);
      return;
    }
    const sent = (await transport.waitForSent(
      (message) => isControlRequest(message) && transport.sent.filter(isControlRequest).indexOf(message) >= before,
    )) as unknown as { request_id: string; request: { subtype: string } };
    expect(sent.request.subtype).toBe(subtype);
    transport.emit({
      type: 'control_response',
      response: { subtype: 'success', request_id: sent.request_id, response: {} },
    });
    await result;
  });

  it('forwardQueryControls gives a class every method it lacks, routed with its name, arguments and spec', async () => {
    const routed: Array<[QueryControlName, readonly unknown[], boolean]> = [];
    forwardQueryControls(Forwarder, function (name, args, spec) {
      routed.push([name, args, spec.changesState]);
      return Promise.resolve(this.label);
    });
    const forwarder = new Forwarder();
    expect(await forwarder.setModel('opus')).toBe('own');
    expect(await forwarder.stopTask('t9')).toBe('own');
    expect(await forwarder.readFile('b.txt', { maxBytes: 4 })).toBe('own');
    expect(await forwarder.supportedModels()).toEqual([]);
    expect(routed).toEqual([
      ['setModel', ['opus'], true],
      ['stopTask', ['t9'], true],
      ['readFile', ['b.txt', { maxBytes: 4 }], false],
    ]);
    for (const name of QUERY_CONTROL_NAMES) expect(typeof forwarder[name]).toBe('function');
  });
});
