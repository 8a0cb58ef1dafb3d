// Cause (issue 33): every part, PDF or office file, went through one queue run one job at a time, in the order
// sent, and an office file's zip was never looked at: one account's DOCX bomb (68 MB of XML in 199 KB) held
// LibreOffice for 120 s a try, four tries, while every other account's PDFs and office files waited behind it.
import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { corpusDir, corpusFile, documentClient } from '../../../test/documents.js';
import { docxOfParagraphs, paragraphBombDocx, randomWordsDocx } from '../../../test/office-bombs.js';
import { OfficeConverter } from '../../platform/office/office-converter.js';
import { CONVERSION_MESSAGES } from '../../platform/pdf/conversion-error.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * An office converter whose conversions wait until the test releases them, one at a time, and that records the
 * files it was given (by the labels the test gave their bytes), in the order their conversions started.
 */
class HeldOffice extends OfficeConverter {
  readonly order: string[] = [];
  private readonly labels = new Map<string, string>();
  private readonly held: (() => void)[] = [];
  private readonly onStart: (() => void)[] = [];

  constructor() {
    super(tmpdir(), pino({ level: 'silent' }));
  }

  /** A small DOCX of its own bytes, known by `label` when it is converted. */
  docx(label: string): Buffer {
    const bytes = Buffer.from(docxOfParagraphs(3, (index) => `${label} paragraph ${index}`));
    this.labels.set(sha(bytes), label);
    return bytes;
  }

  override isInstalled(): boolean {
    return true;
  }

  override async convert(input: string, output: string): Promise<void> {
    this.order.push(this.labels.get(sha(await readFile(input))) ?? 'unknown');
    for (const notify of this.onStart.splice(0)) notify();
    await new Promise<void>((resolve) => this.held.push(resolve));
    await copyFile(join(corpusDir, 'pdf/scanned_image_only_epson_A4.pdf'), output);
  }

  /** Resolves once `count` conversions have started. */
  async started(count: number): Promise<void> {
    while (this.order.length < count) await new Promise<void>((resolve) => this.onStart.push(resolve));
  }

  /** Lets the conversion that has waited longest finish. */
  release(): void {
    this.held.shift()?.();
  }

  override async stop(): Promise<void> {
    for (const release of this.held.splice(0)) release();
  }
}

/** The job rows of a part's conversion: one try ended (completed) is a failure that was not tried again. */
async function conversionJobsOf(t: TestApp, partId: string) {
  const result = (await t.app.platform.database.db.execute(
    sql`select state, retry_count as "retryCount" from pgboss.job where data->>'partId' = ${partId}`,
  )) as unknown as { rows: { state: string; retryCount: number }[] };
  return result.rows;
}

describe('conversions: one account cannot hold another', () => {
  let t: TestApp;
  let office: HeldOffice;
  let alice: ReturnType<typeof documentClient>;
  let bob: ReturnType<typeof documentClient>;
  beforeAll(async () => {
    office = new HeldOffice();
    t = await createTestApp({ office });
    const auth = authClient(t.app);
    alice = documentClient(t.app, (await auth.loggedInUser()).accessToken);
    bob = documentClient(t.app, (await auth.loggedInUser()).accessToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("converts another account's PDF while an office file converts", async () => {
    const held = await alice.create();
    await alice.uploadOk(held.id, 'long.docx', office.docx('alice-long'));
    await office.started(1);

    const pdf = await bob.create();
    await bob.uploadOk(pdf.id, 'one-page.pdf', corpusFile('pdf/scanned_image_only_epson_A4.pdf'));
    const converted = await bob.waitUntilFinished(pdf.id, 30_000);
    expect(converted.parts).toEqual([expect.objectContaining({ errorText: null, pagesTotal: 1 })]);
    // Alice's file is still converting: Bob's PDF did not wait for it.
    expect((await alice.conversion(held.id)).isFinished).toBe(false);

    office.release();
    expect((await alice.waitUntilFinished(held.id)).parts[0]?.errorText).toBeNull();
  });

  it("takes turns between accounts: one account's queued files hold another's for one conversion", async () => {
    const start = office.order.length;
    const mine = await alice.create();
    await alice.uploadOk(mine.id, 'a1.docx', office.docx('alice-1'));
    await office.started(start + 1);
    // While Alice's first converts, she queues two more, then Bob one.
    await alice.uploadOk(mine.id, 'a2.docx', office.docx('alice-2'));
    await alice.uploadOk(mine.id, 'a3.docx', office.docx('alice-3'));
    const his = await bob.create();
    await bob.uploadOk(his.id, 'b1.docx', office.docx('bob-1'));

    for (let next = start + 2; next <= start + 4; next++) {
      office.release();
      await office.started(next);
    }
    office.release();
    expect(office.order.slice(start)).toEqual(['alice-1', 'bob-1', 'alice-2', 'alice-3']);
    await alice.waitUntilFinished(mine.id);
    await bob.waitUntilFinished(his.id);
  });

  it('refuses the DOCX bomb before LibreOffice sees it, in one try, with a sentence the user understands', async () => {
    const conversionsBefore = office.order.length;
    const document = await alice.create();
    const part = await alice.uploadOk(document.id, 'bomb.docx', Buffer.from(paragraphBombDocx()));
    const finished = await alice.waitUntilFinished(document.id);
    expect(finished.parts[0]?.errorText).toBe(CONVERSION_MESSAGES.officeArchiveTooLarge);
    expect(office.order.length).toBe(conversionsBefore);
    expect(await conversionJobsOf(t, part.id)).toEqual([{ state: 'completed', retryCount: 0 }]);
  });
});

const isInstalled = new OfficeConverter(tmpdir(), pino({ level: 'silent' })).isInstalled();

describe.runIf(isInstalled)('conversions: LibreOffice bounded during a conversion', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A bound a long document of random words passes in seconds (LibreOffice starts at about 92 MB).
    t = await createTestApp({ config: { officeRecycling: { maxConversions: 50, maxResidentMb: 250 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends a file that passes the zip check but takes LibreOffice past its memory bound, in one try', async () => {
    const docs = documentClient(t.app, (await authClient(t.app).loggedInUser()).accessToken);
    const document = await docs.create();
    const part = await docs.uploadOk(document.id, 'long.docx', Buffer.from(randomWordsDocx(300_000)));
    const finished = await docs.waitUntilFinished(document.id, 170_000);
    expect(finished.parts[0]?.errorText).toBe(CONVERSION_MESSAGES.officeTooMuchMemory);
    expect(await conversionJobsOf(t, part.id)).toEqual([{ state: 'completed', retryCount: 0 }]);
  });
});
