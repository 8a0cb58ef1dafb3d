import { describe, expect, it } from 'vitest';
import { certificateSigners } from './evidence.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
const row = (
  type: 'send' | 'view' | 'sign' | 'approve' | 'reject' | 'acknowledge' | 'correct' | 'reassign',
  signerIds: string[],
  minute: number,
  extra: object = {},
) => ({
  type,
  signerIds,
  sourceIp: null,
  userAgent: null,
  details: null,
  createdAt: at(minute),
  ...extra,
});

describe('certificateSigners', () => {
  const people = [
    { id: 'b', name: 'Bob', email: 'bob@example.com', order: 2, isPreparer: false },
    { id: 'a', name: 'Ann', email: 'ann@example.com', order: 1, isPreparer: false },
    { id: 'p', name: 'Pat', email: 'pat@example.com', order: -1, isPreparer: true },
  ];

  it('takes the first recorded send, view and sign of each signer, with the signing IP, agent and consent', () => {
    const result = certificateSigners(people, [
      row('sign', ['a'], 30, { sourceIp: '198.51.100.2', userAgent: 'UA-sign', details: { consent: 'I agree' } }),
      row('view', ['a'], 20, { sourceIp: '198.51.100.1', userAgent: 'UA-view' }),
      row('view', ['a'], 25, { sourceIp: '198.51.100.9' }),
      row('send', ['a', 'b'], 10),
      row('sign', ['p'], 5),
    ]);
    expect(result.map((signer) => signer.name)).toEqual(['Pat', 'Ann', 'Bob']);
    expect(result[1]).toEqual({
      role: 'signer',
      actedAt: null,
      rejection: null,
      name: 'Ann',
      email: 'ann@example.com',
      ipAddress: '198.51.100.2',
      userAgent: 'UA-sign',
      sentAt: at(10),
      viewedAt: at(20),
      signedAt: at(30),
      consent: 'I agree',
    });
  });

  it('invents nothing: a signer with no recorded view or signature has nulls there', () => {
    const result = certificateSigners(people, [row('send', ['a', 'b'], 10)]);
    expect(result[2]).toEqual({
      role: 'signer',
      actedAt: null,
      rejection: null,
      name: 'Bob',
      email: 'bob@example.com',
      ipAddress: null,
      userAgent: null,
      sentAt: at(10),
      viewedAt: null,
      signedAt: null,
      consent: null,
    });
    // The sender is never mailed: their document was sent with the first send.
    expect(result[0]?.sentAt).toEqual(at(10));
  });

  it('gives each recipient its role and what it did: an approval, a rejection and its reason, an acknowledgement', () => {
    const recipients = [
      {
        id: 'ap',
        name: 'Ada',
        email: 'ada@example.com',
        order: 1,
        isPreparer: false,
        recipientRole: 'approver' as const,
      },
      {
        id: 'vi',
        name: 'Vic',
        email: 'vic@example.com',
        order: 2,
        isPreparer: false,
        recipientRole: 'viewer' as const,
      },
      { id: 'cc', name: 'Cy', email: 'cy@example.com', order: 3, isPreparer: false, recipientRole: 'cc' as const },
    ];
    const result = certificateSigners(recipients, [
      row('reject', ['ap'], 11, { details: { reason: 'Wrong price' } }),
      row('approve', ['ap'], 12, { sourceIp: '198.51.100.3', userAgent: 'UA-approve' }),
      row('acknowledge', ['vi'], 13),
    ]);
    expect(result.map(({ role, actedAt, rejection }) => ({ role, actedAt, rejection }))).toEqual([
      { role: 'approver', actedAt: at(12), rejection: { at: at(11), reason: 'Wrong price' } },
      { role: 'viewer', actedAt: at(13), rejection: null },
      { role: 'cc', actedAt: null, rejection: null },
    ]);
    expect(result[0]?.ipAddress).toBe('198.51.100.3');
  });

  it('lists each person who held a place in turn, with the hand-over, a correction and a signature in person', () => {
    const change = (from: string, to: string, reason?: string) => ({
      details: {
        fromName: from,
        fromEmail: `${from.toLowerCase()}@example.com`,
        toName: to,
        toEmail: `${to.toLowerCase()}@example.com`,
        ...(reason ? { reason } : {}),
      },
    });
    const result = certificateSigners(
      [{ id: 'a', name: 'Nina', email: 'nina@example.com', order: 1, isPreparer: false }],
      [
        row('send', ['a'], 1),
        row('correct', ['a'], 2, change('Wrong', 'Olga')),
        row('send', ['a'], 2),
        row('view', ['a'], 3, { sourceIp: '198.51.100.3' }),
        row('reassign', ['a'], 4, change('Olga', 'Nina', 'Nina signs for us')),
        row('send', ['a'], 4),
        row('view', ['a'], 5, { details: { hostedBy: 'Pat' } }),
        row('sign', ['a'], 6, { userAgent: 'Tablet', details: { consent: 'I agree', hostedBy: 'Pat' } }),
      ],
    );
    expect(result.map((signer) => [signer.name, signer.sentAt, signer.viewedAt, signer.signedAt])).toEqual([
      ['Wrong', at(1), null, null],
      ['Olga', at(2), at(3), null],
      ['Nina', at(4), at(5), at(6)],
    ]);
    expect(result[0]?.notes).toEqual([
      "Replaced by the sender's correction on 2026-01-01 10:02:00 UTC (+00:00) with Olga (olga@example.com)",
    ]);
    expect(result[1]?.notes).toEqual([
      "Named by the sender's correction on 2026-01-01 10:02:00 UTC (+00:00), replacing Wrong (wrong@example.com)",
      'Reassigned to Nina (nina@example.com) on 2026-01-01 10:04:00 UTC (+00:00). Reason: Nina signs for us',
    ]);
    expect(result[2]).toMatchObject({ userAgent: 'Tablet', consent: 'I agree' });
    expect(result[2]?.notes).toEqual([
      'Took over from Olga (olga@example.com), who reassigned it on 2026-01-01 10:04:00 UTC (+00:00)',
      'Signed in person, hosted by Pat',
    ]);
  });
});
