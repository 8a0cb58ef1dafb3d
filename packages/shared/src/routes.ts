/**
 * Every API route's method and path, by the name of its contract in `contracts/`. The contracts spread these in
 * and add their zod schemas; this file has no zod, so the browser can call the API without loading zod (the
 * server's serializer already checks every answer against its contract).
 */
export const ROUTES = {
  activateTemplate: { method: 'PATCH', path: '/documents/templates/:id/activate' },
  addTemplateToApi: { method: 'POST', path: '/documents/templates/:id/to-api' },
  availableSigners: { method: 'GET', path: '/document_sign/documents/:id/signers' },
  bulkSend: { method: 'POST', path: '/document_sign/bulk_send' },
  bulkSendStatus: { method: 'GET', path: '/document_sign/bulk_send/:batchId' },
  changePassword: { method: 'POST', path: '/auth/change_password/change' },
  chooseActiveContent: { method: 'PATCH', path: '/documents/:id/parts/:partId/active_content' },
  confirmCode: { method: 'POST', path: '/document_sign/signers/:signerId/document/:documentId/confirm_code' },
  confirmEmail: { method: 'POST', path: '/auth/confirm_email/confirm' },
  conversionData: { method: 'GET', path: '/documents/:id/convertion_data' },
  copyTemplate: { method: 'POST', path: '/documents/templates/:id/copy' },
  createDocument: { method: 'POST', path: '/documents' },
  createDocumentFromTemplate: { method: 'POST', path: '/documents/templates/:id/create-document' },
  createRequisites: { method: 'POST', path: '/requisites' },
  createTemplate: { method: 'POST', path: '/documents/templates' },
  deleteDocuments: { method: 'DELETE', path: '/documents' },
  deleteRequisite: { method: 'DELETE', path: '/requisites/:id' },
  devMail: { method: 'GET', path: '/dev/mail' },
  operatorSetPlan: { method: 'PATCH', path: '/operator/users/plan' },
  disableReminders: { method: 'PATCH', path: '/document_sign/:id/disable-reminders' },
  documentActivities: { method: 'GET', path: '/documents/:id/activities' },
  downloadDocumentsZip: { method: 'POST', path: '/documents/download_zip' },
  fileClean: { method: 'POST', path: '/documents/:id/file_clean' },
  fileUpload: { method: 'POST', path: '/documents/:id/file_upload' },
  getDocument: { method: 'GET', path: '/documents/:id' },
  getSignedDownloadUrl: { method: 'POST', path: '/auth/get_signed_download_url' },
  getSignedUrl: { method: 'POST', path: '/auth/get_signed_url' },
  getSignedUrlsBulk: { method: 'POST', path: '/auth/get_signed_url/bulk' },
  getUser: { method: 'GET', path: '/user' },
  health: { method: 'GET', path: '/health' },
  listDocuments: { method: 'GET', path: '/documents' },
  listLiveTemplates: { method: 'GET', path: '/documents/all/templates' },
  listRequisites: { method: 'GET', path: '/requisites' },
  logout: { method: 'POST', path: '/auth/logout' },
  mergeTemplateReplica: { method: 'POST', path: '/documents/templates/:sourceId/replica/:templateId/merge' },
  putSignedAssetUrl: { method: 'POST', path: '/auth/put_signed_asset_url' },
  putSignedUrl: { method: 'POST', path: '/auth/put_signed_url' },
  refreshToken: { method: 'GET', path: '/auth/refresh-token' },
  removeTemplateFromApi: { method: 'DELETE', path: '/documents/templates/:id/to-api' },
  revertDocument: { method: 'PATCH', path: '/documents/:id/revert' },
  sendConfirmationEmail: { method: 'POST', path: '/auth/confirm_email/send' },
  sendOut: { method: 'PATCH', path: '/document_sign/documents/:id/send_out' },
  sendPasswordResetMail: { method: 'POST', path: '/auth/change_password/send_mail' },
  sendReminders: { method: 'POST', path: '/document_sign/documents/:id/send_reminders' },
  sharedDownload: { method: 'GET', path: '/shared/:id/:signature' },
  shareDocument: { method: 'POST', path: '/document_sign/documents/:id/share' },
  shareUrl: { method: 'GET', path: '/document_sign/documents/:id/share_url' },
  signatoryOpened: { method: 'POST', path: '/document_sign/documents/:id/signers/:signerId/signatory_opened' },
  signDocument: { method: 'PATCH', path: '/document_sign/documents/:id/signers/:signerId/sign' },
  signedDownloadUrlByHash: { method: 'GET', path: '/document_sign/documents/:id/signed_download_url/hash' },
  signedDownloadUrlByToken: { method: 'GET', path: '/document_sign/documents/:id/signed_download_url/jwt' },
  signerDocument: { method: 'GET', path: '/document_sign/signers/:signerId/document/:documentId' },
  signIn: { method: 'POST', path: '/auth/sign_in' },
  signingUrlContract: { method: 'GET', path: '/document_sign/documents/:id/signing_url' },
  signUp: { method: 'POST', path: '/auth/sign_up' },
  templateReplica: { method: 'GET', path: '/documents/templates/:id/replica' },
  updateDocument: { method: 'PATCH', path: '/documents/:id' },
  updateRequisites: { method: 'PATCH', path: '/requisites' },
  updateSignerFields: { method: 'PATCH', path: '/document_sign/documents/:id/signers/:signerId/fields' },
  updateTemplate: { method: 'PATCH', path: '/documents/templates/:id' },
} as const satisfies Record<string, ApiRoute>;

export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
}

export type RouteName = keyof typeof ROUTES;
