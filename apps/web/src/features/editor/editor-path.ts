/** The editor's address: /documents/{id}/edit (the page's entry looks for it before loading anything of the editor). */
export const EDITOR_PATH = /^\/documents\/([0-9a-f-]{36})\/edit$/i;
