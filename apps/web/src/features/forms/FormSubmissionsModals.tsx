import { Anchor, Loader, Modal, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { StatusBadge } from '../documents/DocumentsTable';
import { useFormContracts, useRegisteredUsers } from './api';

interface ModalProps {
  formId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Submitted Contracts': each submission's name, e-mail and document status, each opening its preview. */
export function SubmittedContractsModal({ formId, opened, onClose }: ModalProps) {
  const { t } = useTranslation();
  const contracts = useFormContracts(formId, opened);
  const rows = contracts.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('forms.contracts.title')} size="lg">
      {contracts.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {contracts.isSuccess && rows.length === 0 ? <Text size="sm">{t('forms.contracts.empty')}</Text> : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table data-testid="submitted-contracts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forms.contracts.name')}</Table.Th>
                <Table.Th>{t('forms.contracts.email')}</Table.Th>
                <Table.Th>{t('forms.contracts.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/documents/${row.document.id}/preview`}
                      aria-label={t('forms.contracts.open', { name: row.name })}
                    >
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.document.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}

/** 'Registered Users': the distinct people who submitted the form, each with their count of submissions. */
export function RegisteredUsersModal({ formId, opened, onClose }: ModalProps) {
  const { t } = useTranslation();
  const users = useRegisteredUsers(formId, opened);
  const rows = users.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={t('forms.registeredUsers.title')} size="lg">
      {users.isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
      {users.isSuccess && rows.length === 0 ? <Text size="sm">{t('forms.registeredUsers.empty')}</Text> : null}
      {rows.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table data-testid="registered-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forms.contracts.name')}</Table.Th>
                <Table.Th>{t('forms.contracts.email')}</Table.Th>
                <Table.Th>{t('forms.registeredUsers.submissions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.email}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{row.submissions}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}
