import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blankField, type Document, type DocumentField, type DocumentPart } from '@esign/shared';
import type { FastifyInstance } from 'fastify';

/** The shared corpus of real-world files (read in place, never copied into the project). */
export const corpusDir = join(import.meta.dirname, '../../../../shared/fixtures/real-world');
export const corpusFile = (path: string) => readFileSync(join(corpusDir, path));

/** A field as the editor saves it (PATCH documents/{id}): a required signature at the top left unless told. */
export const fieldInput = (values: Partial<DocumentField> = {}): DocumentField =>
  blankField({ id: randomUUID(), type: 'signature', coordinateX: 10, coordinateY: 10, ...values });

export function documentClient(app: FastifyInstance, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };

  async function create(type = 'me_and_other') {
    const response = await app.inject({ method: 'POST', url: '/api/v1/documents', headers, payload: { type } });
    if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
    return response.json<Document>();
  }

  function upload(documentId: string, fileName: string, content: Buffer, field = 'upload') {
    const form = new FormData();
    form.append(field, new Blob([content]), fileName);
    return app.inject({ method: 'POST', url: `/api/v1/documents/${documentId}/file_upload`, headers, payload: form });
  }

  async function uploadOk(documentId: string, fileName: string, content: Buffer) {
    const response = await upload(documentId, fileName, content);
    if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
    return response.json<DocumentPart>();
  }

  async function conversion(documentId: string) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/documents/${documentId}/convertion_data`,
      headers,
    });
    return response.json<{ isFinished: boolean; parts: Pick<DocumentPart, 'id' | 'errorText' | 'pagesTotal'>[] }>();
  }

  /** Polls the conversion as the web app does, until it is finished. */
  async function waitUntilFinished(documentId: string, timeoutMs = 60_000) {
    // Loaded here: a child process outside Vitest (crash-child.ts) imports this file too.
    const { vi } = await import('vitest');
    return vi.waitFor(
      async () => {
        const data = await conversion(documentId);
        if (!data.isFinished) throw new Error(`document ${documentId} did not finish converting`);
        return data;
      },
      { timeout: timeoutMs, interval: 100 },
    );
  }

  async function get(documentId: string) {
    const response = await app.inject({ method: 'GET', url: `/api/v1/documents/${documentId}`, headers });
    return response;
  }

  function patch(documentId: string, payload: object) {
    return app.inject({ method: 'PATCH', url: `/api/v1/documents/${documentId}`, headers, payload });
  }

  /** A draft of this type with a converted two-page PDF, ready for signers and fields. */
  async function createReady(type = 'me_and_other') {
    const document = await create(type);
    await uploadOk(document.id, 'contract.pdf', corpusFile('pdf/pdf20_latex_2p.pdf'));
    await waitUntilFinished(document.id);
    return (await get(document.id)).json<Document>();
  }

  return { headers, create, upload, uploadOk, conversion, waitUntilFinished, get, patch, createReady };
}
