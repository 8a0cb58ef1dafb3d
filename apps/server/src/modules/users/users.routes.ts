import { getUser } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { toUserDto } from './users.repository.js';

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, getUser, { tags: ['user'], auth: 'user' }, async (request) => toUserDto(currentUser(request)));
}
