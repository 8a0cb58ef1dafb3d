import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

export interface ReceivedWebhook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; sequence: number; documentId: string | null; data: unknown };
}

/**
 * A webhook receiver as an integrator writes one: a local HTTP server that answers what `answer` says, and records
 * every request it got (`all`) and the ones it accepted (`accepted`).
 */
export async function webhookReceiver(options: { answer?: (request: ReceivedWebhook) => number } = {}) {
  const all: ReceivedWebhook[] = [];
  const accepted: ReceivedWebhook[] = [];
  let answer = options.answer ?? (() => 200);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const received: ReceivedWebhook = {
        id: String(request.headers['webhook-id']),
        headers: request.headers,
        body,
        payload: JSON.parse(body),
      };
      all.push(received);
      const status = answer(received);
      if (status >= 200 && status < 300) accepted.push(received);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    all,
    accepted,
    setAnswer(next: (request: ReceivedWebhook) => number) {
      answer = next;
    },
    /** Verifies a request's signature with the `standardwebhooks` package, as a receiver would; throws if it fails. */
    verify(received: ReceivedWebhook, secret: string) {
      return new Webhook(secret).verify(received.body, received.headers as Record<string, string>);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Polls until `check` holds (tests only; deliveries are jobs). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
