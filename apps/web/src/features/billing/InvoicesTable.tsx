import { Button, Table, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useUserDates } from '../settings/user-dates';
import { invoiceDownloadUrl, useInvoices } from './api';

/** The account's invoices (of its plans, or of its API plans), newest first; each PDF downloads through a signed URL. */
export function InvoicesTable({ type = 'plan' }: { type?: 'plan' | 'api' }) {
  const { t } = useTranslation();
  const invoices = useInvoices(type);
  const dates = useUserDates();
  if (!invoices.data) return null;
  if (invoices.data.length === 0) {
    return (
      <Text c="dimmed" mt="sm">
        {t('messages.noInvoices')}
      </Text>
    );
  }
  const download = async (pdfKey: string, number: string) => {
    try {
      const url = await invoiceDownloadUrl(pdfKey, `${number}.pdf`);
      notifySuccess(t('billing.fileDownloading'));
      window.location.assign(url);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Table mt="sm" striped withTableBorder aria-label={t('billing.invoices')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.invoiceNumber')}</Table.Th>
          <Table.Th>{t('billing.invoiceDate')}</Table.Th>
          <Table.Th>{t('billing.invoiceAmount')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.data.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td>{invoice.number}</Table.Td>
            <Table.Td>{dates.date(invoice.createdAt)}</Table.Td>
            <Table.Td>
              ${invoice.amount} {invoice.currency}
            </Table.Td>
            <Table.Td>
              {invoice.pdfKey ? (
                <Button size="xs" variant="default" onClick={() => download(invoice.pdfKey as string, invoice.number)}>
                  {t('billing.downloadInvoice')}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('billing.invoicePreparing')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
