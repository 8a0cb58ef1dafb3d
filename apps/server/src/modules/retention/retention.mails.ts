import { LANGUAGES } from '@esign/shared';
import { z } from 'zod';
import { findRetentionSettings } from '../../data/retention.js';
import { findUserById } from '../../data/users.js';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { renderMail } from '../../platform/mail/template.js';
import { signerMailText } from '../../platform/mail/texts.js';

/**
 * The retention run's summary to each account owner whose documents it removed: how many, their titles (the first
 * ones), in the language most of those documents were sent in (owners have no language of their own).
 */
export function retentionMailJobs(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  const summaryMail = defineJob({
    name: 'retention.summary-mail',
    payload: z.object({
      accountId: z.string().uuid(),
      count: z.number().int(),
      titles: z.array(z.string()),
      language: z.enum(LANGUAGES).nullable(),
    }),
    async handler({ accountId, count, titles, language }) {
      const owner = await findUserById(deps.db, accountId);
      if (!owner) return;
      const settings = await findRetentionSettings(deps.db, accountId);
      const shown = titles.map((title) => title || signerMailText(language, 'common.untitledDocument'));
      const rest = count - shown.length;
      await deps.mailer.send(
        renderMail({
          to: owner.email,
          subject: signerMailText(language, 'retention.subject'),
          greeting: signerMailText(language, 'common.greeting', { name: owner.name }),
          paragraphs: [
            signerMailText(language, 'retention.body', {
              count: String(count),
              days: String(settings?.retentionDays ?? ''),
            }),
            signerMailText(language, 'retention.removed', {
              titles: `${shown.join(', ')}${rest > 0 ? ` (+${rest})` : ''}`,
            }),
          ],
          action: { label: signerMailText(language, 'retention.action'), url: `${deps.appUrl}/settings/retention` },
        }),
      );
    },
  });
  return { summaryMail };
}
export type RetentionMailJobs = ReturnType<typeof retentionMailJobs>;
