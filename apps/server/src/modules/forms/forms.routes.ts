import {
  createFormDocument,
  createFormRequest,
  disableForm,
  enableForm,
  formContracts,
  formRegisteredUsers,
  publicForm,
  updateFormRequest,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { FormService } from './forms.service.js';

const asUser = { tags: ['forms'], auth: 'user' } as const;
/** The public form page's calls: anyone, logged in or not. */
const asVisitor = { tags: ['forms'], auth: 'none' } as const;

export async function formRoutes(app: FastifyInstance, { forms }: { forms: FormService }) {
  defineRoute(app, createFormRequest, asUser, async (request) =>
    forms.createForm({ userId: currentUser(request).id, ...request.body, sourceIp: request.ip }),
  );

  defineRoute(app, updateFormRequest, asUser, async (request) =>
    forms.updateForm({ userId: currentUser(request).id, formId: request.params.id, changes: request.body }),
  );

  defineRoute(app, disableForm, asUser, async (request) =>
    forms.disableForm({ userId: currentUser(request).id, formId: request.params.id }),
  );

  defineRoute(app, enableForm, asUser, async (request) =>
    forms.enableForm({ userId: currentUser(request).id, formId: request.params.id }),
  );

  defineRoute(app, formContracts, asUser, async (request) =>
    forms.listContracts({ userId: currentUser(request).id, formId: request.params.id }),
  );

  defineRoute(app, formRegisteredUsers, asUser, async (request) =>
    forms.listRegisteredUsers({ userId: currentUser(request).id, formId: request.params.id }),
  );

  defineRoute(app, publicForm, asVisitor, async (request) => forms.publicForm({ formId: request.params.id }));

  defineRoute(app, createFormDocument, asVisitor, async (request) =>
    forms.submitForm({ formId: request.params.templateId, request: request.body, ip: request.ip }),
  );
}
