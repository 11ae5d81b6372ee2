import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Handler } from './handler.js';

/**
 * Serves `handler` over node:http, for trying the function locally (or on a platform that runs a
 * server, like a container): each request becomes a Web `Request`, the `Response` is written back.
 * Prints `serverless-handler listening on http://host:port` once it listens.
 */
export function serveLocally(handler: Handler, port: number, host: string): Server {
  const server = createServer((incoming, outgoing) => {
    void toRequest(incoming, host)
      .then(handler)
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        outgoing.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': body.length });
        outgoing.end(body);
      })
      .catch((error: unknown) => {
        outgoing.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
  });
  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    console.log(`serverless-handler listening on http://${address.address}:${address.port}`);
  });
  return server;
}

async function toRequest(incoming: IncomingMessage, host: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  const method = incoming.method ?? 'GET';
  return new Request(new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? host}`), {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
  });
}
