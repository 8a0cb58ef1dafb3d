import { getUser } from '@esign/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/http/authenticate.js';
import { toUserDto } from './repository.js';

export const userRoutes: FastifyPluginAsyncZod<{ requireUser: preHandlerAsyncHookHandler }> = async (
  app,
  { requireUser },
) => {
  app.get(
    getUser.path,
    {
      preHandler: requireUser,
      schema: { tags: ['user'], security: [{ bearer: [] }], response: { 200: getUser.response } },
    },
    async (request) => toUserDto(currentUser(request)),
  );
};
