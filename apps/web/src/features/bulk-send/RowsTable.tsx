import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { DataTable } from '../../ui/DataTable';

/** One row of the file as listed before sending (its check) and after (how it went). */
export interface ListedRow {
  row: number;
  name: string;
  email: string;
  status: { label: string; color: string };
  /** The error or the failure's reason, or a link to the sent document. */
  details: ReactNode;
}

/** A long file scrolls inside its list, so the page's buttons stay near. */
const LIST_MAX_HEIGHT = 440;

/**
 * The rows of a bulk send: a table from 768 px up, a card per row below. Every value is rendered as text (names
 * and e-mails come from the user's file).
 */
export function RowsTable({ rows, label }: { rows: readonly ListedRow[]; label: string }) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 767.98px)');
  if (isMobile) {
    return (
      <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
        <Stack gap="xs" role="list" aria-label={label}>
          {rows.map((row) => (
            <Paper key={row.row} withBorder p="xs" role="listitem" data-testid="bulk-row">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed">
                  {t('bulkSend.rowNumber', { row: row.row })}
                </Text>
                <StatusBadge status={row.status} />
              </Group>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              {row.details ? (
                <Text size="sm" mt={4} component="div" style={{ wordBreak: 'break-word' }}>
                  {row.details}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }
  return (
    <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
      <DataTable
        verticalSpacing={6}
        striped
        stickyHeader
        aria-label={label}
        rows={rows}
        rowKey={(row) => row.row}
        rowProps={() => ({ 'data-testid': 'bulk-row' })}
        columns={[
          { key: 'row', header: t('bulkSend.columns.row'), headerProps: { w: 60 }, cell: (row) => row.row },
          {
            key: 'name',
            header: t('bulkSend.columns.name'),
            headerProps: { miw: 140 },
            cellProps: { style: { overflowWrap: 'break-word' } },
            cell: (row) => row.name,
          },
          {
            key: 'email',
            header: t('bulkSend.columns.email'),
            cellProps: { style: { overflowWrap: 'break-word' } },
            cell: (row) => row.email,
          },
          {
            key: 'status',
            header: t('bulkSend.columns.status'),
            headerProps: { w: 100 },
            cell: (row) => <StatusBadge status={row.status} />,
          },
          {
            key: 'details',
            header: t('bulkSend.columns.details'),
            cellProps: { style: { wordBreak: 'break-word' } },
            cell: (row) => row.details,
          },
        ]}
      />
    </ScrollArea.Autosize>
  );
}

function StatusBadge({ status }: { status: ListedRow['status'] }) {
  return (
    // A dot of the colour beside dark text: a light badge's coloured text is too faint on a striped row.
    <Badge color={status.color} variant="dot" style={{ flexShrink: 0 }}>
      {status.label}
    </Badge>
  );
}
