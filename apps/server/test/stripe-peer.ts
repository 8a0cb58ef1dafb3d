import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface PeerRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/**
 * A local HTTP peer that speaks the part of Stripe's REST protocol the driver uses (form-encoded bodies, Bearer
 * secret key, Idempotency-Key replay, card errors as 402 `card_error`): customers, payment methods with Stripe's
 * documented test numbers (4000000000000002 declined, 4000000000000341 attaches but its charges decline), attach,
 * and confirmed PaymentIntents.
 */
export async function startStripePeer(secretKey: string) {
  const requests: PeerRequest[] = [];
  const methods = new Map<string, { last4: string; declinesCharges: boolean }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const cardError = (message: string, code: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code, decline_code: 'generic_decline', message } },
  });

  function answer(request: PeerRequest): { status: number; body: unknown } {
    if (request.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (request.method === 'POST' && request.path === '/v1/customers') {
      return { status: 200, body: { id: id('cus'), object: 'customer', email: request.body.get('email') } };
    }
    if (request.method === 'POST' && request.path === '/v1/payment_methods') {
      const number = request.body.get('card[number]') ?? '';
      if (number === '4000000000000002') return cardError('Your card was declined.', 'card_declined');
      if (number === '4000000000000069') return cardError('Your card has expired.', 'expired_card');
      const method = { last4: number.slice(-4), declinesCharges: number === '4000000000000341' };
      const methodId = id('pm');
      methods.set(methodId, method);
      return {
        status: 200,
        body: {
          id: methodId,
          object: 'payment_method',
          type: 'card',
          card: {
            brand: number.startsWith('5') ? 'mastercard' : 'visa',
            last4: method.last4,
            exp_month: Number(request.body.get('card[exp_month]')),
            exp_year: Number(request.body.get('card[exp_year]')),
          },
        },
      };
    }
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(request.path);
    if (request.method === 'POST' && attach) {
      return { status: 200, body: { id: attach[1], object: 'payment_method', customer: request.body.get('customer') } };
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const method = methods.get(request.body.get('payment_method') ?? '');
      if (!method)
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      if (method.declinesCharges) return cardError('Your card was declined.', 'card_declined');
      return {
        status: 200,
        body: {
          id: id('pi'),
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(request.body.get('amount')),
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
  }

  const server: Server = createServer(async (incoming: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: PeerRequest = {
      method: incoming.method ?? 'GET',
      path: (incoming.url ?? '/').split('?')[0] ?? '/',
      body: new URLSearchParams(Buffer.concat(chunks).toString()),
      idempotencyKey: incoming.headers['idempotency-key'] as string | undefined,
      authorization: incoming.headers.authorization,
    };
    requests.push(request);
    const key = request.idempotencyKey ? `${request.path} ${request.idempotencyKey}` : undefined;
    const reply = (key && replies.get(key)) || answer(request);
    if (key) replies.set(key, reply);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
