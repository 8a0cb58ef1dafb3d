import { z } from 'zod';
import { defineJob } from '../src/platform/jobs.js';

/** What the crash tests upload (crash-child.ts `convert`) and write back for the conversion run again. */
export const CRASH_IMAGE = 'images/png_rgba_semitransparent_dice.png';

/** The job crash-child.ts `queue` runs; the test's own queue registers the same definition with its own handler. */
export function crashJob(handler: (jobId: string) => Promise<void>) {
  return defineJob({
    name: 'test.crash',
    payload: z.object({ jobId: z.string() }),
    retryDelay: 1,
    // Far beyond the test's bound: a run again comes from the recovery of an ended process's jobs, not from expiry.
    expireInSeconds: 600,
    handler: ({ jobId }) => handler(jobId),
  });
}
