// @vitest-environment happy-dom
import { MESSAGES, type TeamMember } from '@esign/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { watchUnhandledRejections } from '../../test/rejections';
import { renderWithProviders } from '../../test/render';
import { TeamPage } from './TeamPage';

const MEMBERS = 'GET /teams/members';
const INVITE = 'POST /teams/members';
const REMOVE = 'DELETE /teams/members';
const TEAM_ID = '00000000-0000-4000-8000-0000000000aa';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const member = (n: number, role: TeamMember['role'], values: Partial<TeamMember> = {}): TeamMember => ({
  id: id(n),
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  avatarUrl: null,
  role,
  isPending: false,
  ...values,
});

const OWNER = member(1, 'owner', { name: 'Olive Owner' });
const ADMIN = member(2, 'admin', { name: 'Adam Admin' });
const USER = member(3, 'user', { name: 'Uma User' });
const INVITED = member(4, 'user', { name: '', email: 'new@example.com', isPending: true });

/** The signed-in user as GET /user answers it (only what the page reads). */
const viewer = (who: TeamMember, values: Record<string, unknown> = {}) => ({
  body: {
    id: who.id,
    email: who.email,
    name: who.name,
    teamId: TEAM_ID,
    role: who.role,
    isBusinessAccount: false,
    plan: { type: 'business', duration: 'monthly' },
    ...values,
  },
});

const members = (items: TeamMember[]) => ({ body: { teamId: TEAM_ID, items } });

beforeEach(() => {
  localStorage.setItem('esign.accessToken', 'access-1');
  localStorage.setItem('esign.refreshToken', 'refresh-1');
});

describe('TeamPage', () => {
  it('lists the members with their roles, the pending invitation marked, sorted by role descending first', async () => {
    const api = mockApi({ 'GET /user': viewer(OWNER), [MEMBERS]: members([OWNER, ADMIN, USER, INVITED]) });
    renderWithProviders(<TeamPage />);
    const rows = await screen.findAllByTestId('team-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Olive Owner'),
      expect.stringContaining('Adam Admin'),
      expect.stringContaining('Uma User'),
      expect.stringContaining('new@example.com'),
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Owner')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Invited')).toBeInTheDocument();
    const [first] = api.sent(MEMBERS);
    expect(first?.query.get('orderingKey')).toBe('role');
    expect(first?.query.get('orderingDirection')).toBe('DESC');
  });

  it('sorts by another column ascending, then descending, asking the server each time', async () => {
    const api = mockApi({ 'GET /user': viewer(OWNER), [MEMBERS]: members([OWNER, USER]) });
    const { user } = renderWithProviders(<TeamPage />);
    await screen.findAllByTestId('team-row');
    await user.click(screen.getByRole('button', { name: 'Sort by EMAIL' }));
    await waitFor(() => expect(api.sent(MEMBERS)).toHaveLength(2));
    expect(api.sent(MEMBERS)[1]?.query.toString()).toBe('orderingKey=email&orderingDirection=ASC');
    await user.click(screen.getByRole('button', { name: 'Sort by EMAIL' }));
    await waitFor(() => expect(api.sent(MEMBERS)).toHaveLength(3));
    expect(api.sent(MEMBERS)[2]?.query.toString()).toBe('orderingKey=email&orderingDirection=DESC');
  });

  it('lets the owner select anyone but the owner, and an admin only users', async () => {
    mockApi({ 'GET /user': viewer(OWNER), [MEMBERS]: members([OWNER, ADMIN, USER]) });
    renderWithProviders(<TeamPage />);
    await screen.findAllByTestId('team-row');
    expect(screen.queryByRole('checkbox', { name: 'Select Olive Owner' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Adam Admin' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Uma User' })).toBeInTheDocument();
  });

  it('gives an admin no checkbox on another admin nor on themself, and no role menu', async () => {
    const other = member(5, 'admin', { name: 'Ada Admin' });
    mockApi({ 'GET /user': viewer(ADMIN), [MEMBERS]: members([OWNER, ADMIN, other, USER]) });
    renderWithProviders(<TeamPage />);
    await screen.findAllByTestId('team-row');
    expect(screen.queryByRole('checkbox', { name: 'Select Adam Admin' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Ada Admin' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Uma User' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions of/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Team Member' })).toBeEnabled();
  });

  it("upgrades a user to admin and downgrades an admin, by their ids, from the owner's row menus", async () => {
    const api = mockApi({
      'GET /user': viewer(OWNER),
      [MEMBERS]: members([OWNER, ADMIN, USER, INVITED]),
      'POST /teams/:userId/upgrade_to_admin': { body: { message: 'Upgraded to admin' } },
      'POST /teams/:userId/downgrade_to_user': { body: { message: 'Downgraded to user' } },
    });
    const { user } = renderWithProviders(<TeamPage />);
    await screen.findAllByTestId('team-row');
    // Neither the owner nor a pending invitation has role actions.
    expect(screen.queryByRole('button', { name: 'Actions of Olive Owner' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions of new@example.com' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions of Uma User' }));
    expect(screen.queryByRole('menuitem', { name: 'Downgrade to user' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Upgrade to admin' }));
    expect(await screen.findByText('Upgraded to admin')).toBeInTheDocument();
    expect(api.sent(`POST /teams/${USER.id}/upgrade_to_admin`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions of Adam Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Downgrade to user' }));
    expect(await screen.findByText('Downgraded to user')).toBeInTheDocument();
    expect(api.sent(`POST /teams/${ADMIN.id}/downgrade_to_user`)).toHaveLength(1);
  });

  it('removes the selected members after the confirmation', async () => {
    const api = mockApi({
      'GET /user': viewer(OWNER),
      [MEMBERS]: members([OWNER, ADMIN, USER]),
      [REMOVE]: { body: { message: 'Team members removed' } },
    });
    const { user } = renderWithProviders(<TeamPage />);
    await screen.findAllByTestId('team-row');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Adam Admin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Uma User' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete team members?' });
    expect(api.sent(REMOVE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Team members removed')).toBeInTheDocument();
    expect(api.sent(REMOVE).map((request) => request.body)).toEqual([{ ids: [ADMIN.id, USER.id] }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull());
  });

  it('invites the typed e-mails, one row each, and shows the price of the seats', async () => {
    const api = mockApi({
      'GET /user': viewer(OWNER),
      [MEMBERS]: members([OWNER]),
      'GET /teams/seats': {
        body: { people: 3, covered: 3, nextSeat: { perSeatCents: 1000, chargeCents: 500, label: '/mo' } },
      },
      [INVITE]: { body: { message: 'Invites sent' } },
    });
    const { user } = renderWithProviders(<TeamPage />);
    expect(await screen.findByText('Start adding team members!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team Member' });
    expect(await within(dialog).findByTestId('seat-note')).toHaveTextContent(
      'Your plan covers 3 users. Each member beyond them adds $10.00/mo; $5.00 each is charged now for the rest of this period.',
    );
    await user.type(within(dialog).getByLabelText('Email 1'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add team member' }));
    await user.type(within(dialog).getByLabelText('Email 2'), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('Invites sent')).toBeInTheDocument();
    expect(api.sent(INVITE).map((request) => request.body)).toEqual([
      { emails: ['ann@example.com', 'bob@example.com'] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the invite modal and its e-mails when the server refuses them, and lets no error go unhandled', async () => {
    // The cause: the modal's send handler awaited the invitation without a catch, so a refusal (the toast shown by the
    // mutation cache) was also an unhandled rejection.
    const rejections = watchUnhandledRejections();
    mockApi({
      'GET /user': viewer(OWNER),
      [MEMBERS]: members([OWNER]),
      'GET /teams/seats': { body: { people: 1, covered: 3, nextSeat: null } },
      [INVITE]: { status: 500, body: { code: 'INTERNAL', message: MESSAGES.somethingWentWrong } },
    });
    const { user } = renderWithProviders(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team Member' });
    await user.type(within(dialog).getByLabelText('Email 1'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    await rejections.settled();
    expect(rejections.reasons).toEqual([]);
    expect(within(dialog).getByLabelText('Email 1')).toHaveValue('ann@example.com');
  });

  it('refuses identical or invalid e-mails in the invite modal without a request', async () => {
    const api = mockApi({
      'GET /user': viewer(OWNER),
      [MEMBERS]: members([OWNER]),
      'GET /teams/seats': { body: { people: 1, covered: 3, nextSeat: null } },
    });
    const { user } = renderWithProviders(<TeamPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Team Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team Member' });
    await user.type(within(dialog).getByLabelText('Email 1'), 'ann@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add team member' }));
    await user.type(within(dialog).getByLabelText('Email 2'), 'ANN@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.emailsIdentical);

    const [, second] = within(dialog).getAllByRole('button', { name: 'Remove this email' });
    await user.click(second as HTMLElement);
    expect(within(dialog).queryByLabelText('Email 2')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Email 1'));
    await user.type(within(dialog).getByLabelText('Email 1'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.invalidEmail);
    expect(within(dialog).queryByTestId('seat-note')).toBeNull();
    expect(api.sent(INVITE)).toEqual([]);
  });

  it("offers 'Upgrade to Business' and no invitations on another plan", async () => {
    mockApi({
      'GET /user': viewer(OWNER, { teamId: null, plan: { type: 'personal', duration: 'monthly' } }),
      [MEMBERS]: members([OWNER]),
    });
    renderWithProviders(<TeamPage />);
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Business' });
    expect(upgrade).toHaveAttribute('href', '/settings/billing/plan');
    expect(screen.getByText('Business Feature')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Team Member' })).toBeDisabled();
  });

  it('lets a plain member of a Business team add nobody', async () => {
    mockApi({ 'GET /user': viewer(USER), [MEMBERS]: members([OWNER, USER]) });
    renderWithProviders(<TeamPage />);
    expect(await screen.findByRole('button', { name: 'Add Team Member' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Upgrade to Business' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
