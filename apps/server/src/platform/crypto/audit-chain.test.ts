import { describe, expect, it } from 'vitest';
import { activityHash, type ChainedRow, checkChain } from './audit-chain.js';

function chain(count: number): ChainedRow[] {
  const rows: ChainedRow[] = [];
  let previous: string | null = null;
  for (let n = 0; n < count; n++) {
    const content = {
      documentId: 'd',
      type: n === 0 ? 'create' : 'view',
      userId: null,
      signerIds: [`s${n}`],
      sourceIp: '203.0.113.7',
      userAgent: 'UA',
      details: { b: '2', a: '1' },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    };
    const hash = activityHash(content, previous);
    rows.push({ ...content, id: `r${n}`, previousHash: previous, hash });
    previous = hash;
  }
  return rows;
}

describe('the audit trail hash chain', () => {
  it('holds for rows written in order; details are hashed by sorted key', () => {
    const rows = chain(4);
    expect(checkChain(rows)).toEqual({ isIntact: true, count: 4, finalHash: rows[3]?.hash });
    const [first] = rows;
    if (!first) throw new Error('row');
    expect(activityHash({ ...first, details: { a: '1', b: '2' } }, null)).toBe(first.hash);
  });

  it('breaks at a rewritten row, a removed row and a moved instant', () => {
    const rewritten = chain(4).map((row, n) => (n === 2 ? { ...row, sourceIp: '198.51.100.1' } : row));
    expect(checkChain(rewritten)).toMatchObject({ isIntact: false, brokenAt: 2, rowId: 'r2' });
    const removed = chain(4).filter((_, n) => n !== 1);
    expect(checkChain(removed)).toMatchObject({ isIntact: false, brokenAt: 1, rowId: 'r2' });
    const moved = chain(3).map((row, n) => (n === 0 ? { ...row, createdAt: new Date(0) } : row));
    expect(checkChain(moved)).toMatchObject({ isIntact: false, brokenAt: 0 });
  });

  it('skips rows older than the chain at the start only', () => {
    const legacy = { ...chain(1)[0], id: 'old', previousHash: null, hash: null } as ChainedRow;
    expect(checkChain([legacy, ...chain(2)])).toMatchObject({ isIntact: true, count: 2 });
    expect(checkChain([...chain(2), legacy])).toMatchObject({ isIntact: false, brokenAt: 2 });
  });
});
