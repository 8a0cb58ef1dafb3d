import { renderPdfPages } from '../../platform/pdf/render-pages.js';
import type { Storage } from '../../platform/storage/storage.js';

/** What a rendered file's folder holds: its pages' pictures, listed in `pages.json` once all are stored. */
export interface PageManifest {
  pages: { pageNumber: number; key: string; width: number; height: number }[];
}

/** Renders running in this process, by folder: two calls at once for one file render it once. */
const running = new Map<string, Promise<PageManifest>>();

/**
 * The pages of a stored PDF as pictures under `folder`: read from the folder's manifest when rendered before,
 * else rendered now, the pictures stored first and the manifest last (so a manifest only names stored pictures).
 */
export function renderPreviewPages(
  storage: Storage,
  input: { fileKey: string; folder: string },
): Promise<PageManifest> {
  const manifestKey = `${input.folder}/pages.json`;
  const existing = running.get(input.folder);
  if (existing) return existing;
  const work = (async () => {
    if (await storage.exists(manifestKey)) {
      return JSON.parse((await storage.getBuffer(manifestKey)).toString('utf8')) as PageManifest;
    }
    const rendered = await renderPdfPages(await storage.getBuffer(input.fileKey));
    const manifest: PageManifest = { pages: [] };
    for (const page of rendered) {
      const key = `page-${page.pageNumber}.jpg`;
      await storage.put(`${input.folder}/${key}`, page.jpeg, 'image/jpeg');
      manifest.pages.push({ pageNumber: page.pageNumber, key, width: page.width, height: page.height });
    }
    await storage.put(manifestKey, Buffer.from(JSON.stringify(manifest)), 'application/json');
    return manifest;
  })().finally(() => running.delete(input.folder));
  running.set(input.folder, work);
  return work;
}
