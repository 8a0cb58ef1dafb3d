import {
  addTeamMembersRequest,
  canAddTeamMembers,
  canChangeTeamRole,
  canRemoveTeamRow,
  formatMoney,
  type TeamMember,
  type TeamOrderingKey,
} from '@esign/shared';
import { Avatar, Badge, Button, Card, Checkbox, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifySuccess } from '../../api/notify';
import { afterSuccess } from '../../api/query-client';
import { useTranslation } from '../../i18n';
import { SortableTh } from '../../layouts/SortableTh';
import { DataTable } from '../../ui/DataTable';
import { useCurrentUser } from '../auth/api';
import { ConfirmModal, EmailRowsModal } from '../documents/ActionModals';
import { RowMenu } from '../documents/RowMenu';
import { type TeamSorting, useTeamActions, useTeamMembers, useTeamSeats } from './api';

type Viewer = { id: string; teamId: string | null; role: TeamMember['role'] | null };

/**
 * /team: the members (and pending invitations) of the user's team, sortable by name, e-mail and role (role
 * descending first); the owner on Business and admins add members, the owner changes roles, the checkbox rule says
 * who may be removed. Other plans see 'Upgrade to Business'.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  const [sorting, setSorting] = useState<TeamSorting>({ key: 'role', direction: 'DESC' });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'add' | 'delete' | null>(null);
  const members = useTeamMembers(sorting);
  const actions = useTeamActions();
  const seats = useTeamSeats(dialog === 'add').data;
  if (!user) return null;

  const viewer: Viewer = { id: user.id, teamId: user.teamId, role: user.role ?? (user.teamId ? null : 'owner') };
  // The team's plan is its owner's: a member sees what the owner bought (a teammate's own plan is not asked).
  // A lifetime deal is Business whatever plan.type says (isBusinessAccount).
  const isBusiness = user.isBusinessAccount || (user.teamId !== null && user.role !== 'owner');
  const mayAdd = canAddTeamMembers(viewer, isBusiness ? 'business' : user.plan.type);
  const rows = members.data?.items ?? [];
  const isEmpty = members.data !== undefined && rows.every((row) => row.id === user.id);
  const close = () => setDialog(null);

  const removeSelected = async () => {
    const answer = await actions.remove.mutateAsync(selected);
    notifySuccess(answer.message);
    setSelected([]);
    close();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t('team.title')}</Title>
        <Group gap="xs">
          {!isBusiness ? (
            <>
              <Badge color="grape" variant="light">
                {t('team.businessFeature')}
              </Badge>
              <Button component={Link} to="/settings/billing/plan" variant="light">
                {t('team.upgradeToBusiness')}
              </Button>
            </>
          ) : null}
          {selected.length > 0 ? (
            <Button color="red" variant="light" onClick={() => setDialog('delete')}>
              {t('team.delete')}
            </Button>
          ) : null}
          <Button disabled={!mayAdd} onClick={() => setDialog('add')}>
            {t('team.add')}
          </Button>
        </Group>
      </Group>
      {isEmpty ? (
        <Text c="dimmed">{t('team.empty')}</Text>
      ) : isMobile ? (
        <MemberCards rows={rows} viewer={viewer} selected={selected} onSelect={setSelected} />
      ) : (
        <MemberTable
          rows={rows}
          viewer={viewer}
          sorting={sorting}
          onSort={setSorting}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {dialog === 'add' ? (
        <EmailRowsModal
          opened
          onClose={close}
          title={t('team.addTitle')}
          rowLabel={(number) => t('team.emailLabel', { number })}
          removeLabel={() => t('team.removeRow')}
          addLabel={t('team.addRow')}
          sendLabel={t('team.send')}
          isBusy={actions.invite.isPending}
          note={
            seats?.nextSeat ? (
              <Text size="sm" c="dimmed" data-testid="seat-note">
                {t('team.seatNote', {
                  count: seats.covered,
                  price: `$${formatMoney(seats.nextSeat.perSeatCents)}${seats.nextSeat.label}`,
                  now: `$${formatMoney(seats.nextSeat.chargeCents)}`,
                })}
              </Text>
            ) : null
          }
          check={(emails) => {
            const parsed = addTeamMembersRequest.safeParse({ emails });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
          }}
          onSend={(emails) =>
            afterSuccess(actions.invite.mutateAsync(emails), (answer) => {
              notifySuccess(answer.message);
              close();
            })
          }
        />
      ) : null}
      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('team.deleteTitle')}
        text={t('team.deleteText')}
        confirmLabel={t('team.delete')}
        isBusy={actions.remove.isPending}
        onClose={close}
        onConfirm={() => void removeSelected().catch(() => {})}
      />
    </Stack>
  );
}

interface RowsProps {
  rows: TeamMember[];
  viewer: Viewer;
  selected: string[];
  onSelect: (ids: string[]) => void;
}

function toggle(selected: string[], id: string) {
  return selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id];
}

/** A row's checkbox: only for the rows the viewer may remove (the spec's checkbox rule). */
function RowCheckbox(props: RowsProps & { row: TeamMember }) {
  const { t } = useTranslation();
  if (!canRemoveTeamRow(props.viewer, props.row)) return null;
  return (
    <Checkbox
      aria-label={t('team.selectMember', { name: props.row.name || props.row.email })}
      checked={props.selected.includes(props.row.id)}
      onChange={() => props.onSelect(toggle(props.selected, props.row.id))}
    />
  );
}

function MemberName({ row }: { row: TeamMember }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={row.avatarUrl} alt="" radius="xl" size="sm" name={row.name || row.email} />
      <Text size="sm" fw={600}>
        {row.name || row.email}
      </Text>
      {row.isPending ? (
        <Badge variant="light" color="gray" size="sm">
          {t('team.pending')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The owner's role actions on a member (pending invitations have none). */
function RoleActions({ row, viewer }: { row: TeamMember; viewer: Viewer }) {
  const { t } = useTranslation();
  const actions = useTeamActions();
  if (row.isPending || !canChangeTeamRole(viewer, row)) return null;
  const change = async (action: typeof actions.upgrade) => notifySuccess((await action.mutateAsync(row.id)).message);
  return (
    <RowMenu title={row.name || row.email}>
      {row.role === 'user' ? (
        <Menu.Item onClick={() => void change(actions.upgrade).catch(() => {})}>{t('team.upgrade')}</Menu.Item>
      ) : (
        <Menu.Item onClick={() => void change(actions.downgrade).catch(() => {})}>{t('team.downgrade')}</Menu.Item>
      )}
    </RowMenu>
  );
}

function SortHeader(props: { column: TeamOrderingKey; sorting: TeamSorting; onSort: (sorting: TeamSorting) => void }) {
  const { t } = useTranslation();
  const isActive = props.sorting.key === props.column;
  const label = t(`team.columns.${props.column === 'name' ? 'member' : props.column}`);
  const next: TeamSorting = {
    key: props.column,
    direction: isActive && props.sorting.direction === 'ASC' ? 'DESC' : 'ASC',
  };
  return (
    <SortableTh
      label={label}
      sortLabel={t('team.sortBy', { column: label })}
      direction={isActive ? (props.sorting.direction === 'ASC' ? 'ascending' : 'descending') : null}
      onSort={() => props.onSort(next)}
    />
  );
}

function MemberTable(props: RowsProps & { sorting: TeamSorting; onSort: (sorting: TeamSorting) => void }) {
  const { t } = useTranslation();
  return (
    <DataTable
      minWidth={640}
      verticalSpacing="sm"
      highlightOnHover
      rows={props.rows}
      rowKey={(row) => row.id}
      rowProps={() => ({ 'data-testid': 'team-row' })}
      columns={[
        { key: 'select', headerProps: { w: 40 }, cell: (row) => <RowCheckbox {...props} row={row} /> },
        {
          key: 'name',
          renderHeader: () => <SortHeader column="name" sorting={props.sorting} onSort={props.onSort} />,
          cell: (row) => <MemberName row={row} />,
        },
        {
          key: 'email',
          renderHeader: () => <SortHeader column="email" sorting={props.sorting} onSort={props.onSort} />,
          cell: (row) => <Text size="sm">{row.email}</Text>,
        },
        {
          key: 'role',
          renderHeader: () => <SortHeader column="role" sorting={props.sorting} onSort={props.onSort} />,
          cell: (row) => <Text size="sm">{t(`team.roles.${row.role}`)}</Text>,
        },
        {
          key: 'actions',
          header: t('team.columns.actions'),
          cell: (row) => <RoleActions row={row} viewer={props.viewer} />,
        },
      ]}
    />
  );
}

/** The mobile list: one card a member. */
function MemberCards(props: RowsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {props.rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" data-testid="team-row">
          <Group justify="space-between" wrap="nowrap" align="start">
            <Group gap="sm" wrap="nowrap" align="start">
              <RowCheckbox {...props} row={row} />
              <Stack gap={2}>
                <MemberName row={row} />
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {row.email} · {t(`team.roles.${row.role}`)}
                </Text>
              </Stack>
            </Group>
            <RoleActions row={row} viewer={props.viewer} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
