/** Where the field editor of a template opens (after its title, roles and files). */
export function templateFieldsPath(templateId: string, isForApi: boolean) {
  return `/templates/${templateId}/edit/fields${isForApi ? '?status=api' : ''}`;
}
