import { bulkCsvPrefillColumns } from '@esign/shared';
import { List, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import type { ColumnChoice } from './csv-columns';

/**
 * The name and e-mail columns (guessed from the headers, changeable), then what the other columns do: those headed
 * like a text field of the template fill it for each row (the shared rule the server applies), the rest are unused.
 */
export function ColumnsPicker(props: {
  header: readonly string[];
  columns: ColumnChoice;
  onChange: (columns: ColumnChoice) => void;
  /** The labels of the template's text fields for its signer. */
  labels: readonly string[];
}) {
  const { t } = useTranslation();
  const { header, columns, labels } = props;
  const columnName = (column: number) => header[column]?.trim() || t('bulkSend.columnN', { n: column + 1 });
  const options = header.map((_, column) => ({ value: String(column), label: columnName(column) }));
  const toColumn = (value: string | null) => (value === null ? null : Number(value));

  const isMapped = columns.nameColumn !== null && columns.emailColumn !== null;
  const prefill = isMapped
    ? bulkCsvPrefillColumns(header, {
        nameColumn: columns.nameColumn ?? -1,
        emailColumn: columns.emailColumn ?? -1,
        prefillLabels: labels,
      })
    : [];
  const used = new Set([columns.nameColumn, columns.emailColumn, ...prefill.map(([, column]) => column)]);
  const unused = header.map((_, column) => column).filter((column) => !used.has(column));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
        {(['nameColumn', 'emailColumn'] as const).map((key) => (
          <Select
            key={key}
            label={t(`bulkSend.${key}`)}
            placeholder={t('bulkSend.columnPlaceholder')}
            data={options}
            value={columns[key] === null ? null : String(columns[key])}
            onChange={(value) => props.onChange({ ...columns, [key]: toColumn(value) })}
            withAsterisk
            allowDeselect={false}
          />
        ))}
      </SimpleGrid>
      {isMapped ? (
        <Stack gap={4} data-testid="prefill-columns">
          <Text size="sm" fw={600}>
            {t('bulkSend.prefillTitle')}
          </Text>
          {prefill.length > 0 ? (
            <List size="sm" spacing={2}>
              {prefill.map(([label, column]) => (
                <List.Item key={label}>{t('bulkSend.prefillLine', { column: columnName(column), label })}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {labels.length > 0
                ? t('bulkSend.noPrefill', { labels: labels.join(t('bulkSend.listSeparator')) })
                : t('bulkSend.noTextFields')}
            </Text>
          )}
          {unused.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t('bulkSend.unusedColumns', { columns: unused.map(columnName).join(t('bulkSend.listSeparator')) })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
