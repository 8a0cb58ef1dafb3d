import {
  avatar,
  changeEmail,
  confirmEmailChange,
  deleteAvatar,
  deleteUser,
  getUser,
  signersAvatars,
  updateAvatar,
  updateProfile,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { toUserDto } from '../../data/users.js';
import { currentSessionId, currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import { sendPicture } from '../../platform/storage/stored-picture.js';
import type { UserService } from './users.service.js';

const asUser = { tags: ['user'], auth: 'user' } as const;

export async function userRoutes(app: FastifyInstance, { users }: { users: UserService }) {
  defineRoute(app, getUser, asUser, async (request) => toUserDto(currentUser(request)));
  defineRoute(app, updateProfile, asUser, async (request) =>
    users.updateProfile({ user: currentUser(request), sessionId: currentSessionId(request), profile: request.body }),
  );
  defineRoute(app, updateAvatar, asUser, async (request) =>
    users.setAvatar({ user: currentUser(request), key: request.body.key }),
  );
  defineRoute(app, deleteAvatar, asUser, async (request) => users.removeAvatar({ user: currentUser(request) }));
  defineRoute(app, avatar, { tags: ['user'], auth: 'none' }, async (request, reply) =>
    sendPicture(reply, await users.avatarFile(request.params)),
  );
  defineRoute(app, signersAvatars, asUser, async (request) =>
    users.signerAvatars({ userId: currentUser(request).id, documentId: request.params.documentId }),
  );
  defineRoute(app, changeEmail, asUser, async (request) =>
    users.requestEmailChange({ user: currentUser(request), email: request.body.email }),
  );
  defineRoute(app, confirmEmailChange, { tags: ['auth'], auth: 'none' }, async (request) =>
    users.confirmEmailChange(request.body),
  );
  defineRoute(app, deleteUser, asUser, async (request) => users.deleteAccount({ user: currentUser(request) }));
}
