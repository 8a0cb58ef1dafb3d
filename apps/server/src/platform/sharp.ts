import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: Buffer | Uint8Array, options?: SharpOptions) => Sharp;

let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips, about 11 MB resident once loaded) is loaded at the first image, so a server that converts
 * none does not hold it. Its cache of recent operations is turned off: every image here is converted once, so
 * the cache (up to 50 MB by default) would only keep decoded pixels in memory.
 */
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
