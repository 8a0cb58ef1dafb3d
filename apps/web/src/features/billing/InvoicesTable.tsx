import { Button, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';
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
    <DataTable
      mt="sm"
      striped
      withTableBorder
      aria-label={t('billing.invoices')}
      rows={invoices.data}
      rowKey={(invoice) => invoice.id}
      columns={[
        { key: 'number', header: t('billing.invoiceNumber'), cell: (invoice) => invoice.number },
        { key: 'date', header: t('billing.invoiceDate'), cell: (invoice) => dates.date(invoice.createdAt) },
        {
          key: 'amount',
          header: t('billing.invoiceAmount'),
          cell: (invoice) => (
            <>
              ${invoice.amount} {invoice.currency}
            </>
          ),
        },
        {
          key: 'download',
          cell: (invoice) =>
            invoice.pdfKey ? (
              <Button size="xs" variant="default" onClick={() => download(invoice.pdfKey as string, invoice.number)}>
                {t('billing.downloadInvoice')}
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {t('billing.invoicePreparing')}
              </Text>
            ),
        },
      ]}
    />
  );
}
