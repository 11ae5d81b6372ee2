import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { APPROVAL_STATUSES, ApprovalDecisionError, type ApprovalLedger } from '@hexagent/core';
import { type AgentJobQueue, agentRun, decideAndResume, enqueueAgentRun } from '@hexagent/queue';
import { approvalsPage } from './approvals-page.js';

/** What {@link createApprovalsServer} takes. */
export interface ApprovalsServerConfig {
  /** The queue runs and resumes go on (workers run them). */
  queue: AgentJobQueue;
  /** The approvals every instance shares. */
  ledger: ApprovalLedger;
  /** The in-process servers a run may use (their names travel with the job). */
  mcpServers: string[];
}

const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The approvals web server, stateless (every instance serves every run):
 * - `GET /` the page of pending calls, with Approve and Deny buttons (HTML forms).
 * - `GET /approvals?status=pending` the approvals as JSON; `GET /approvals/:id` one.
 * - `POST /approvals/:id/approve` and `/deny` (form or JSON: `digest`, `reason`, `input` to approve
 *   an edited input): decides and queues the run's resume; 409 `{reason}` when the decision is
 *   refused (someone was first, it expired, the input changed). A form post redirects to the page.
 * - `POST /runs {prompt}` queues a run: `{runId, sessionId}`; `GET /runs/:id` its state and output.
 * Who decides is the `X-Forwarded-User` header your authenticating proxy sets (`anonymous` without).
 */
export function createApprovalsServer(config: ApprovalsServerConfig): Server {
  const { queue, ledger } = config;
  const route = async (
    request: IncomingMessage,
    url: URL,
  ): Promise<[number, unknown] | ['html', string] | ['redirect', string]> => {
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'GET' && parts.length === 0) {
      const notice = url.searchParams.get('notice') ?? undefined;
      return ['html', approvalsPage(await ledger.list({ status: 'pending' }), notice)];
    }
    if (parts[0] === 'approvals') {
      if (request.method === 'GET' && parts.length === 1) {
        const status = APPROVAL_STATUSES.find((s) => s === url.searchParams.get('status'));
        return [200, await ledger.list(status === undefined ? {} : { status })];
      }
      const id = parts[1] ?? '';
      if (request.method === 'GET' && parts.length === 2) {
        const record = await ledger.get(id);
        return record === null ? [404, { error: `no approval ${id}` }] : [200, record];
      }
      if (request.method === 'POST' && parts.length === 3 && (parts[2] === 'approve' || parts[2] === 'deny')) {
        const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
        const body = await readBody(request, form);
        const by = String(request.headers['x-forwarded-user'] ?? 'anonymous');
        const common = { by, ...(typeof body.digest === 'string' ? { expectedDigest: body.digest } : {}) };
        try {
          const { run } =
            parts[2] === 'approve'
              ? await decideAndResume(queue, ledger, id, {
                  kind: 'approve',
                  ...common,
                  ...(isRecord(body.input) ? { input: body.input } : {}),
                })
              : await decideAndResume(queue, ledger, id, {
                  kind: 'deny',
                  ...common,
                  reason: typeof body.reason === 'string' && body.reason !== '' ? body.reason : 'denied',
                });
          if (form)
            return ['redirect', `/?notice=${encodeURIComponent(`${parts[2]}d: the run resumes as job ${run.id}`)}`];
          return [200, { approval: await ledger.get(id), resumeJobId: run.id }];
        } catch (error) {
          if (!ApprovalDecisionError.isInstance(error)) throw error;
          if (form) return ['redirect', `/?notice=${encodeURIComponent(`not ${parts[2]}d: ${error.message}`)}`];
          return [
            error.reason === 'not-found' ? 404 : 409,
            { reason: error.reason, error: error.message, approval: error.record },
          ];
        }
      }
    }
    if (parts[0] === 'runs') {
      if (request.method === 'POST' && parts.length === 1) {
        const { prompt } = await readBody(request, false);
        if (typeof prompt !== 'string' || prompt.trim() === '')
          throw new HttpError(400, 'prompt must be a non-empty string');
        const run = await enqueueAgentRun(queue, { prompt, options: { mcpServers: config.mcpServers } });
        return [202, { runId: run.id, sessionId: run.sessionId }];
      }
      if (request.method === 'GET' && parts.length === 2) {
        const state = await agentRun(queue, parts[1] ?? '', '').state();
        return state === null ? [404, { error: `no run ${parts[1]}` }] : [200, state];
      }
    }
    return [404, { error: 'not found' }];
  };
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    route(request, url).then(
      (answer) => reply(response, answer),
      (error: unknown) =>
        reply(response, [
          error instanceof HttpError ? error.status : 500,
          { error: String((error as Error)?.message ?? error) },
        ]),
    );
  });
}

function reply(
  response: ServerResponse,
  [kind, body]: [number, unknown] | ['html', string] | ['redirect', string],
): void {
  if (kind === 'redirect') {
    response.writeHead(303, { location: body as string }).end();
  } else if (kind === 'html') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  } else {
    response.writeHead(kind, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

async function readBody(request: IncomingMessage, form: boolean): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (form) return Object.fromEntries(new URLSearchParams(text));
  if (text === '') return {};
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {}
  throw new HttpError(400, 'the body must be a JSON object');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
