import { Anchor, Loader, Modal, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type TranslationKey, useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../documents/DocumentsTable';
import { useFormContracts, useRegisteredUsers } from './api';

interface ModalProps {
  formId: string;
  opened: boolean;
  onClose: () => void;
}

/** A form's people in a modal: a table of the rows `query` answers while open, or its empty sentence. */
function PeopleModal<Row>(props: {
  opened: boolean;
  onClose: () => void;
  title: TranslationKey;
  empty: TranslationKey;
  testId: string;
  query: UseQueryResult<Row[]>;
  columns: { header: TranslationKey; cell: (row: Row) => ReactNode }[];
  rowKey: (row: Row) => string;
}) {
  const { t } = useTranslation();
  const rows = props.query.data ?? [];
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t(props.title)} size="lg">
      {props.query.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {props.query.isSuccess && rows.length === 0 ? <Text size="sm">{t(props.empty)}</Text> : null}
      {rows.length > 0 ? (
        <DataTable
          minWidth={420}
          data-testid={props.testId}
          rows={rows}
          rowKey={props.rowKey}
          columns={props.columns.map((column) => ({ key: column.header, header: t(column.header), cell: column.cell }))}
        />
      ) : null}
    </Modal>
  );
}

/** 'Submitted Contracts': each submission's name, e-mail and document status, each opening its preview. */
export function SubmittedContractsModal({ formId, opened, onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <PeopleModal
      opened={opened}
      onClose={onClose}
      title="forms.contracts.title"
      empty="forms.contracts.empty"
      testId="submitted-contracts"
      query={useFormContracts(formId, opened)}
      rowKey={(row) => row.id}
      columns={[
        {
          header: 'forms.contracts.name',
          cell: (row) => (
            <Anchor
              component={Link}
              to={`/documents/${row.document.id}/preview`}
              aria-label={t('forms.contracts.open', { name: row.name })}
            >
              {row.name}
            </Anchor>
          ),
        },
        { header: 'forms.contracts.email', cell: (row) => row.email },
        { header: 'forms.contracts.status', cell: (row) => <StatusBadge status={row.document.status} /> },
      ]}
    />
  );
}

/** 'Registered Users': the distinct people who submitted the form, each with their count of submissions. */
export function RegisteredUsersModal({ formId, opened, onClose }: ModalProps) {
  return (
    <PeopleModal
      opened={opened}
      onClose={onClose}
      title="forms.registeredUsers.title"
      empty="forms.registeredUsers.empty"
      testId="registered-users"
      query={useRegisteredUsers(formId, opened)}
      rowKey={(row) => row.email}
      columns={[
        { header: 'forms.contracts.name', cell: (row) => row.name },
        { header: 'forms.contracts.email', cell: (row) => row.email },
        { header: 'forms.registeredUsers.submissions', cell: (row) => row.submissions },
      ]}
    />
  );
}
