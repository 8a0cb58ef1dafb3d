import { type DocumentType, MESSAGES } from '@esign/shared';
import type { TranslationKey } from '../../i18n';

/**
 * The two kinds of template the setup, the editor's template mode and the list share: templates (/templates) and
 * forms (/form-requests, a template anyone fills in from its public link). One record each, looked up by type.
 */
export interface TemplateKind {
  type: 'template' | 'form_request';
  listPath: '/templates' | '/form-requests';
  /** The signers are roles the user names (templates), or fixed: 'Me (Now)' and SIGNER (forms). */
  hasRoles: boolean;
  texts: Readonly<
    Record<
      | 'setupTitle'
      | 'editTitle'
      | 'title'
      | 'prepare'
      | 'editorTitle'
      | 'save'
      | 'validationTitle'
      | 'back'
      | 'readyText',
      TranslationKey
    >
  >;
  /** The server's sentences the editor shows: saved, ready, has validation errors. */
  messages: Readonly<Record<'saved' | 'ready' | 'validationErrors', string>>;
}

export const TEMPLATE_KINDS: Readonly<Record<TemplateKind['type'], TemplateKind>> = {
  template: {
    type: 'template',
    listPath: '/templates',
    hasRoles: true,
    texts: {
      setupTitle: 'templates.setupTitle',
      editTitle: 'templates.editTitle',
      title: 'templates.templateTitle',
      prepare: 'templates.prepare',
      editorTitle: 'templates.editorTitle',
      save: 'templates.save',
      validationTitle: 'templates.validationTitle',
      back: 'templates.backToTemplates',
      readyText: 'templates.readyText',
    },
    messages: {
      saved: MESSAGES.templateSaved,
      ready: MESSAGES.templateReady,
      validationErrors: MESSAGES.templateHasValidationErrors,
    },
  },
  form_request: {
    type: 'form_request',
    listPath: '/form-requests',
    hasRoles: false,
    texts: {
      setupTitle: 'forms.setupTitle',
      editTitle: 'forms.editTitle',
      title: 'forms.formTitle',
      prepare: 'forms.prepare',
      editorTitle: 'forms.editorTitle',
      save: 'forms.save',
      validationTitle: 'forms.validationTitle',
      back: 'forms.backToForms',
      readyText: 'forms.readyText',
    },
    messages: {
      saved: MESSAGES.formSaved,
      ready: MESSAGES.formReady,
      validationErrors: MESSAGES.formHasValidationErrors,
    },
  },
};

/** The kind of a template-like document; undefined for any other document. */
export function templateKindOf(type: DocumentType): TemplateKind | undefined {
  return type === 'template' || type === 'form_request' ? TEMPLATE_KINDS[type] : undefined;
}

/** Where the field editor of a template or form opens (after its title, roles and files). */
export function templateFieldsPath(kind: TemplateKind, templateId: string, isForApi: boolean) {
  return `${kind.listPath}/${templateId}/edit/fields${isForApi ? '?status=api' : ''}`;
}
