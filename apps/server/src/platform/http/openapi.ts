import { API_PREFIX, PUBLIC_API_DOCS_PATH, PUBLIC_API_PREFIX } from '@esign/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public API's own OpenAPI document (its routes alone), served at /api/public/docs. */
    publicSwagger: () => Record<string, unknown>;
  }
}

/** An API key as the bearer: the public API's one way in. */
const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'API key (esk_live_… or esk_test_…)',
  description: 'An API key from Settings › API, as `Authorization: Bearer <key>`.',
} as const;

/** The routes of one document: each route's schema from its zod contract, the others hidden, its prefix taken off. */
function transformFor(prefix: string, isOwn: (url: string) => boolean) {
  return (input: Parameters<typeof jsonSchemaTransform>[0]) => {
    const result = jsonSchemaTransform(input);
    const url = result.url.startsWith(prefix) ? result.url.slice(prefix.length) : result.url;
    return { ...result, url, schema: isOwn(input.url) ? result.schema : { ...result.schema, hide: true } };
  };
}

const isPublic = (url: string) => url.startsWith(PUBLIC_API_PREFIX);

/** The text tag syntax (issue 37; parser: packages/shared text-tags.ts), told in both documents. */
const TEXT_TAGS =
  '\n\n**Fields found in uploaded files.** A PDF or office file whose text holds tags such as `{{signature:1}}`, ' +
  '`{{date:2;required}}` or `{{dropdown:1;options=Basic|Pro|Team}}` gets those fields placed over the tags, which ' +
  'are covered in the file that is signed. Syntax: `{{type:signer;option;...}}`: `type` is one of signature, ' +
  'initials, date, text, checkbox, number, name, email, company, dropdown, radio, phone, url; `signer` is the ' +
  "signer's number (1 = the first signer after the sender, or a template's first role), assigned when that " +
  'signer exists; options are `required` (the default) or `optional`, `name=Plan` and, for dropdown and radio ' +
  "(which need them), `options=A|B|C`. A PDF's own form fields (text, checkbox, radio group, choice list, " +
  'signature) arrive as fields of the matching type with their names and options, and its widgets are removed. ' +
  "A tag not understood, or a form field of no matching type, is listed in the part's `unplacedFields`.";

/**
 * Two OpenAPI documents generated from the same zod schemas the routes use: the web app's API at /api/docs, and the
 * public API (API keys, /api/public/v1) at /api/public/docs, each without the other's routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'eSign API', version: '1.0.0', description: `The web app's API.${TEXT_TAGS}` },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          signAccessToken: { type: 'apiKey', in: 'header', name: 'x-sign-access-token' },
          apiKey: API_KEY_SCHEME,
        },
      },
    },
    transform: transformFor(API_PREFIX, (url) => !isPublic(url)),
  });
  await app.register(swagger, {
    decorator: 'publicSwagger',
    openapi: {
      info: {
        title: 'eSign public API',
        version: '1.0.0',
        description:
          'Send API templates to signers and follow their documents from your own systems. Errors are JSON ' +
          '`{statusCode, code, message, requestId}`. Every POST accepts an `Idempotency-Key` header (24 hours). ' +
          'Each key may make a limited number of calls a second (429 with `Retry-After`; `RateLimit-*` headers on ' +
          'every answer). `esk_test_` keys make test documents: free, not legally binding.' +
          TEXT_TAGS,
      },
      servers: [{ url: PUBLIC_API_PREFIX }],
      components: { securitySchemes: { apiKey: API_KEY_SCHEME } },
    },
    transform: transformFor(PUBLIC_API_PREFIX, isPublic),
  });
  // The public document's UI first, in its own scope (its own CSP decoration), then the web app's API's.
  await app.register(async (scope) => {
    await scope.register(swaggerUi, {
      routePrefix: PUBLIC_API_DOCS_PATH,
      staticCSP: true,
      transformSpecification: () => app.publicSwagger(),
      transformSpecificationClone: false,
    });
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
