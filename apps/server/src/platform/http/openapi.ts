import { API_PREFIX } from '@esign/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas the routes use, and served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'eSign API', version: '1.0.0' },
      servers: [{ url: API_PREFIX }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          signAccessToken: { type: 'apiKey', in: 'header', name: 'x-sign-access-token' },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      return { ...result, url: result.url.startsWith(API_PREFIX) ? result.url.slice(API_PREFIX.length) : result.url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
