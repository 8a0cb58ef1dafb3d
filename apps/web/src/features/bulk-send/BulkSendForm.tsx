import { type BulkCsvTable, bulkCsvPhoneColumn, mapBulkCsvSigners } from '@esign/shared';
import { Alert, Anchor, Button, CloseButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { type TranslationKey, useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { isFreeUserWithoutTeam } from '../../layouts/FreePlanCounter';
import { useCurrentUser } from '../auth/api';
import { useLiveTemplates } from '../templates/api';
import { useBulkSend } from './api';
import { dryRunRows, isSendableTemplate, rowsToSend, templateRoles } from './bulk-send-view';
import { ColumnsPicker } from './ColumnsPicker';
import { CsvDropzone } from './CsvDropzone';
import { type ColumnChoice, guessColumns } from './csv-columns';
import { csvFileProblem, readCsvTable } from './csv-file';
import { RowsTable } from './RowsTable';
import { TemplatePicker } from './TemplatePicker';

const FILE_PROBLEMS = { notCsv: 'bulkSend.onlyCsv', tooLarge: 'bulkSend.fileTooLarge' } as const;

interface CsvFile {
  name: string;
  table: BulkCsvTable;
}

/**
 * The bulk send before sending: the template, the file, its columns, then every row checked with the shared rules
 * (the server checks the same again). Nothing is sent while a row has an error: sending the others would leave
 * people out without the sender deciding it, and the batch's rows would no longer carry the file's row numbers.
 */
export function BulkSendForm({ onSent }: { onSent: (batchId: string) => void }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const templates = useLiveTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [columns, setColumns] = useState<ColumnChoice>({ nameColumn: null, emailColumn: null });
  const send = useBulkSend();

  const template = templates.data?.find((item) => item.id === templateId);
  const role = template && isSendableTemplate(template) ? templateRoles(template)[0] : undefined;
  // The role's text fields' labels (from the picker's answer), which columns of the file can fill.
  const labels = role?.prefillLabels ?? [];

  const onFile = async (dropped: File) => {
    send.reset();
    const problem = csvFileProblem(dropped);
    const parsed = problem ? null : await readCsvTable(dropped);
    if (parsed?.ok) {
      setFile({ name: dropped.name, table: parsed.table });
      setColumns(guessColumns(parsed.table));
      setFileError(null);
    } else {
      setFile(null);
      setFileError(problem ? t(FILE_PROBLEMS[problem]) : translateMessage(parsed?.message ?? ''));
    }
  };

  const { nameColumn, emailColumn } = columns;
  const mapped =
    file && nameColumn !== null && emailColumn !== null
      ? mapBulkCsvSigners(file.table, {
          nameColumn,
          emailColumn,
          phoneColumn: bulkCsvPhoneColumn(file.table.header),
          prefillLabels: labels,
        })
      : null;
  const rows =
    file && mapped?.ok
      ? dryRunRows(file.table, { nameColumn: nameColumn ?? 0, emailColumn: emailColumn ?? 0 }, mapped)
      : [];
  const errors = rows.filter((row) => row.error !== null);
  const readyCount = rows.length - errors.length;
  const rowError = (row: number, message: string) =>
    t('bulkSend.rowError', { row, message: translateMessage(message) });
  const canSend = Boolean(role) && readyCount > 0 && errors.length === 0;

  const onSend = () => {
    if (!template || !canSend) return;
    send.mutate(
      { templateId: template.id, ...(title.trim() ? { title: title.trim() } : {}), rows: rowsToSend(rows) },
      {
        onSuccess: (answer) => {
          notifySuccess(translateMessage(answer.message));
          onSent(answer.batch.id);
        },
      },
    );
  };

  return (
    <Stack gap="xl">
      <Text>{t('bulkSend.intro')}</Text>
      <Step titleKey="bulkSend.templateStep">
        <TemplatePicker
          templates={templates.data}
          error={templates.error}
          value={templateId}
          onChange={setTemplateId}
        />
        {role ? (
          <TextInput
            label={t('bulkSend.documentTitle')}
            description={t('bulkSend.documentTitleHint')}
            placeholder={template?.title}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={100}
            maw={520}
          />
        ) : null}
      </Step>

      {role ? (
        <Step titleKey="bulkSend.fileStep">
          {file ? (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }} data-testid="csv-file">
                {t('bulkSend.fileSummary', { name: file.name, count: file.table.rows.length })}
              </Text>
              <CloseButton
                size="sm"
                aria-label={t('bulkSend.removeFile')}
                onClick={() => {
                  setFile(null);
                  send.reset();
                }}
              />
            </Group>
          ) : null}
          <CsvDropzone onFile={(dropped) => void onFile(dropped)} isCompact={file !== null} />
          {fileError ? (
            <Alert color="red" variant="light" role="alert">
              {fileError}
            </Alert>
          ) : null}
        </Step>
      ) : null}

      {role && file ? (
        <Step titleKey="bulkSend.columnsStep">
          <ColumnsPicker header={file.table.header} columns={columns} onChange={setColumns} labels={labels} />
          {mapped && !mapped.ok ? (
            <Alert color="red" variant="light" role="alert">
              {translateMessage(mapped.message)}
            </Alert>
          ) : null}
        </Step>
      ) : null}

      {role && rows.length > 0 ? (
        <Step titleKey="bulkSend.checkStep">
          <Text size="sm" data-testid="rows-ready">
            {t('bulkSend.rowsReady', { ready: readyCount, total: rows.length })}
          </Text>
          {errors.length > 0 ? (
            <Alert color="red" variant="light" data-testid="row-errors">
              <Text size="sm" mb="xs">
                {t('bulkSend.rowsWithErrors', { count: errors.length })}
              </Text>
              <List size="sm" spacing={2}>
                {errors.map((row) => (
                  <List.Item key={row.row}>{rowError(row.row, row.error ?? '')}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <RowsTable
            label={t('bulkSend.rowsTable')}
            rows={rows.map((row) => ({
              row: row.row,
              name: row.name,
              email: row.email,
              status:
                row.error === null
                  ? { label: t('bulkSend.ready'), color: 'green' }
                  : { label: t('bulkSend.invalid'), color: 'red' },
              details: row.error === null ? prefillSummary(row.prefill) : translateMessage(row.error),
            }))}
          />
          <QuotaWarning count={readyCount} />
          {send.error ? <SendError error={send.error} /> : null}
          <Group>
            <Button onClick={onSend} disabled={!canSend} loading={send.isPending}>
              {t('bulkSend.send', { count: readyCount })}
            </Button>
          </Group>
        </Step>
      ) : null}
    </Stack>
  );
}

function Step({ titleKey, children }: { titleKey: TranslationKey; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {t(titleKey)}
      </Title>
      {children}
    </Stack>
  );
}

/** The row's prefilled values, 'Company: Acme; Phone: 555', as text. */
function prefillSummary(prefill: Record<string, string>): string {
  return Object.entries(prefill)
    .map(([label, value]) => `${label}: ${value}`)
    .join('; ');
}

/** A free user sending more rows than the month's quota leaves: the rows after it will fail (the server's rule). */
function QuotaWarning({ count }: { count: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  if (!user || !isFreeUserWithoutTeam(user)) return null;
  const remaining = Math.max(0, user.freeDocumentsUsedLimit - user.freeDocumentsUsed);
  if (count <= remaining) return null;
  return (
    <Alert color="yellow" variant="light">
      <Text size="sm">
        {t('bulkSend.quotaWarning', { remaining })}{' '}
        <Anchor component={Link} to="/settings/billing/plan" size="sm">
          {t('bulkSend.upgrade')}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The server's refusal: each row's 'Row N: message', or its one message (the template no longer live, ...). */
function SendError({ error }: { error: Error }) {
  const translateMessage = useTranslateMessage();
  const messages = isApiError(error) && error.messages.length > 0 ? error.messages : [error.message];
  return (
    <Alert color="red" variant="light" role="alert">
      <List size="sm" spacing={2}>
        {messages.map((message) => (
          <List.Item key={message}>{translateMessage(message)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
