import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';

/** A route's contract from packages/shared: its method and path, and the zod schemas it has. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** A line for the OpenAPI document. */
  summary?: string;
}

/**
 * Who may call a route, asked before anything else:
 * - `user`: a logged-in user's bearer token (`requireUser` runs first; `currentUser(request)` reads the user);
 * - `accountOwner`: a logged-in user who runs the account's settings (an account alone, or a team's owner: company,
 *   API, billing, plan); a team's admins and users get 404, as if the route were not there for them;
 * - `signer`: a signing link's token in its header, which the service checks first (signing.service authenticate);
 * - `userOrSigner`: either; the route names the pre-handler that decides (`preHandler`) or its service does;
 * - `bearerKey`: a bearer token that is not a user's, which the handler checks itself (a refresh token, the
 *   outbox's key);
 * - `apiKey`: a developer API key as the bearer (`requireApiKey` runs first): the key acts as its owner, so
 *   `currentUser(request)` is the owner and the services ask the same access policy as for the web app;
 * - `none`: anyone (sign-in, the mailed links' own tokens, health).
 */
export type RouteAuth = 'user' | 'accountOwner' | 'signer' | 'userOrSigner' | 'bearerKey' | 'apiKey' | 'none';

export interface RouteOptions {
  tags: readonly string[];
  auth: RouteAuth;
  /** Runs after the auth check of `user`, or as the check itself for `userOrSigner` (from the headers alone). */
  preHandler?: preHandlerAsyncHookHandler;
  bodyLimit?: number;
  consumes?: string[];
  /** The success status when it is not 200 (an empty 204, say); the contract's response is then not declared. */
  status?: number;
  /**
   * Calls one client address may make in `perMinutes` minutes (held by each node, @fastify/rate-limit): for routes
   * open to anyone that cost the server real work (a file checked); past it 429 TOO_MANY_REQUESTS with Retry-After.
   */
  perAddress?: { max: number; perMinutes: number };
}

const SECURITY: Record<RouteAuth, Record<string, string[]>[] | undefined> = {
  user: [{ bearer: [] }],
  accountOwner: [{ bearer: [] }],
  signer: [{ signAccessToken: [] }],
  userOrSigner: [{ signAccessToken: [] }, { bearer: [] }],
  bearerKey: [{ bearer: [] }],
  apiKey: [{ apiKey: [] }],
  none: undefined,
};

type Parsed<C, K extends string> = C extends { [key in K]: z.ZodType } ? z.output<C[K]> : unknown;
type Answer<C> = C extends { response: z.ZodType } ? z.input<C['response']> : unknown;

export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Parsed<C, 'params'>;
  Querystring: Parsed<C, 'querystring'>;
  Body: Parsed<C, 'body'>;
}>;

export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C> | FastifyReply | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The pre-handler of `auth: 'user'` routes (decorated once by buildApp). */
    requireUser: preHandlerAsyncHookHandler;
    /**
     * After `requireUser`, the pre-handler of `auth: 'accountOwner'` routes (decorated once by buildApp: the access
     * policy's `account.settings`); a teammate gets 404 ('Oops! You don't have access.' page).
     */
    requireAccountOwner: preHandlerAsyncHookHandler;
    /** The pre-handler of `auth: 'apiKey'` routes (decorated by the public API's scope). */
    requireApiKey: preHandlerAsyncHookHandler;
  }
}

/**
 * Declares a route from its contract: method, path, schemas (requests are parsed and answers serialised through
 * them), the OpenAPI tags and security, and who may call it. Every route of every module is declared this way.
 */
export function defineRoute<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  options: RouteOptions,
  handler: ContractHandler<C>,
): void {
  // Who is asking is checked first, on the request's headers, before its body is read or validated: an anonymous
  // caller gets 401, never a validation answer about the body, and a large body is not read for nobody.
  const authChecks = [
    ...(options.auth === 'user' ? [app.requireUser] : []),
    ...(options.auth === 'accountOwner' ? [app.requireUser, app.requireAccountOwner] : []),
    ...(options.auth === 'apiKey' ? [app.requireApiKey] : []),
    ...(options.preHandler ? [options.preHandler] : []),
  ];
  const status = options.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.perAddress
      ? { config: { rateLimit: { max: options.perAddress.max, timeWindow: options.perAddress.perMinutes * 60_000 } } }
      : {}),
    ...(authChecks.length > 0 ? { onRequest: authChecks } : {}),
    schema: {
      tags: [...options.tags],
      ...(contract.summary ? { summary: contract.summary } : {}),
      ...(SECURITY[options.auth] ? { security: SECURITY[options.auth] } : {}),
      ...(options.consumes ? { consumes: options.consumes } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.response && status === 200 ? { response: { 200: contract.response } } : {}),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as ContractRequest<C>, reply);
      return status === 200 ? answer : reply.status(status).send(answer);
    },
  });
}
