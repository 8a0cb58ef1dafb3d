import { join } from 'node:path';

/** A file of the shared real-world corpus (../shared/fixtures/real-world, see its SOURCES.md), read in place. */
export const corpus = (path: string) => join(import.meta.dirname, '../../../shared/fixtures/real-world', path);
