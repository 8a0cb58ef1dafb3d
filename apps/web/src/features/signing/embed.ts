import type { EmbedEvent } from '@esign/shared';

/**
 * Embedded signing: when this page is framed, each event goes to the parent once per allowed origin of the
 * document (its API key's), with that origin as the target: a parent of any other origin receives nothing.
 */
export function postToEmbedder(origins: readonly string[], event: Omit<EmbedEvent, 'source'>): void {
  if (origins.length === 0 || window.parent === window) return;
  for (const origin of origins) window.parent.postMessage({ source: 'esign', ...event } satisfies EmbedEvent, origin);
}
