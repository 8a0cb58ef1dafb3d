import {
  activateTemplate,
  addTemplateToApi,
  copyTemplate,
  createDocumentFromTemplate,
  createTemplate,
  listLiveTemplates,
  mergeTemplateReplica,
  removeTemplateFromApi,
  templateReplica,
  updateTemplate,
} from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { TemplateService } from './templates.service.js';

const asUser = { tags: ['templates'], auth: 'user' } as const;

export async function templateRoutes(app: FastifyInstance, { templates }: { templates: TemplateService }) {
  defineRoute(app, createTemplate, asUser, async (request) =>
    templates.createTemplate({ userId: currentUser(request).id, ...request.body, sourceIp: request.ip }),
  );

  defineRoute(app, updateTemplate, asUser, async (request) =>
    templates.updateTemplate({ userId: currentUser(request).id, templateId: request.params.id, changes: request.body }),
  );

  defineRoute(app, activateTemplate, asUser, async (request) =>
    templates.activateTemplate({ userId: currentUser(request).id, templateId: request.params.id }),
  );

  defineRoute(app, addTemplateToApi, asUser, async (request) =>
    templates.addToApi({ userId: currentUser(request).id, templateId: request.params.id }),
  );

  defineRoute(app, removeTemplateFromApi, asUser, async (request) =>
    templates.removeFromApi({ userId: currentUser(request).id, templateId: request.params.id }),
  );

  defineRoute(app, copyTemplate, asUser, async (request) =>
    templates.copyTemplate({ userId: currentUser(request).id, templateId: request.params.id, sourceIp: request.ip }),
  );

  defineRoute(app, templateReplica, asUser, async (request) =>
    templates.createReplica({ userId: currentUser(request).id, templateId: request.params.id }),
  );

  defineRoute(app, mergeTemplateReplica, asUser, async (request) =>
    templates.mergeReplica({
      userId: currentUser(request).id,
      sourceId: request.params.sourceId,
      replicaId: request.params.templateId,
      sourceIp: request.ip,
    }),
  );

  defineRoute(app, listLiveTemplates, asUser, async (request) =>
    templates.listLiveTemplates({
      userId: currentUser(request).id,
      teamId: request.query.withTeammateTemplates === 'true' ? currentUser(request).teamId : null,
    }),
  );

  defineRoute(app, createDocumentFromTemplate, asUser, async (request) =>
    templates.createDocument({
      userId: currentUser(request).id,
      templateId: request.params.id,
      request: request.body,
      sourceIp: request.ip,
    }),
  );
}
