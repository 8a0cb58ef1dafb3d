import type { ActiveContentChoice } from '@esign/shared';
import { ActionIcon, Alert, Box, Button, Flex, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from './icons';
import type { FileRowModel } from './upload-rows';

export interface FileRowProps {
  row: FileRowModel;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
  isRemoving: boolean;
  /** The owner's choice for a signed file's active content (offered while `row.isActiveContentChoiceOpen`). */
  onChooseActiveContent?: (choice: ActiveContentChoice) => void;
  /** The choice on its way to the server, if any. */
  activeContentChoice?: ActiveContentChoice | null;
  /** The drag handle of a sortable row. */
  handle?: ReactNode;
  rowRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  isDragging?: boolean;
}

/** The width of the drag handle (an ActionIcon of size lg), kept free in rows without one so names line up. */
export const HANDLE_WIDTH = 'calc(2.125rem * var(--mantine-scale))';

const PROGRESS_COLOR: Record<FileRowModel['status'], string> = {
  queued: 'gray',
  uploading: 'blue',
  converting: 'blue',
  converted: 'green',
  failed: 'red',
};

/** The first few things a file held that became no field, and how many more (a large form may hold hundreds). */
const UNPLACED_SHOWN = 10;
function unplacedList(items: string[], t: ReturnType<typeof useTranslation>['t']): string {
  const list = items.slice(0, UNPLACED_SHOWN).join(', ');
  return items.length > UNPLACED_SHOWN
    ? t('upload.unplacedMore', { list, count: items.length - UNPLACED_SHOWN })
    : list;
}

/** One file: name, progress, errors and notices, and its buttons (move up, move down, remove). */
export function FileRow({
  row,
  canMoveUp,
  canMoveDown,
  onMove,
  onRemove,
  isRemoving,
  onChooseActiveContent,
  activeContentChoice = null,
  handle,
  ...item
}: FileRowProps) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const name = row.name;
  const isRunning = row.status === 'uploading' || row.status === 'converting';
  return (
    <Paper
      component="li"
      ref={item.rowRef}
      style={item.style}
      withBorder
      radius="md"
      p="sm"
      shadow={item.isDragging ? 'md' : undefined}
      data-file-row={row.partId ?? row.key}
      aria-label={name}
    >
      <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }} gap="xs">
        <Group align="flex-start" gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          {handle ?? <Box w={HANDLE_WIDTH} style={{ flexShrink: 0 }} />}
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
                {name}
              </Text>
              <Text size="sm" c={row.status === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
                {row.status === 'failed'
                  ? t('upload.status.failed')
                  : t('upload.statusWithProgress', { status: t(`upload.status.${row.status}`), value: row.progress })}
              </Text>
            </Group>
            {row.status !== 'failed' && (
              <Progress
                value={row.progress}
                color={PROGRESS_COLOR[row.status]}
                striped={isRunning}
                animated={isRunning}
                size="sm"
                aria-label={t('upload.progressOf', { name })}
              />
            )}
            {row.errorText !== null && (
              <Text size="sm" c="var(--mantine-color-error)">
                {row.errorTitle !== null && (
                  <strong>{t('upload.errorTitle', { title: translateMessage(row.errorTitle) })} </strong>
                )}
                {translateMessage(row.errorText)}
              </Text>
            )}
            {row.unplacedFields.length > 0 && (
              <Alert color="yellow" variant="light" p="xs">
                <Text size="sm">{t('upload.unplacedFields', { list: unplacedList(row.unplacedFields, t) })}</Text>
              </Alert>
            )}
            {row.warningText !== null && (
              <Alert color="yellow" variant="light" p="xs">
                <Text size="sm">{translateMessage(row.warningText)}</Text>
                {row.isActiveContentChoiceOpen && onChooseActiveContent && (
                  <Group gap="xs" mt="xs" role="group" aria-label={t('upload.activeContent.choice', { name })}>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={activeContentChoice !== null}
                      loading={activeContentChoice === 'keep'}
                      onClick={() => onChooseActiveContent('keep')}
                    >
                      {t('upload.activeContent.keep')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={activeContentChoice !== null}
                      loading={activeContentChoice === 'remove'}
                      onClick={() => onChooseActiveContent('remove')}
                    >
                      {t('upload.activeContent.remove')}
                    </Button>
                  </Group>
                )}
              </Alert>
            )}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon
            variant="subtle"
            size="lg"
            disabled={!canMoveUp}
            onClick={() => onMove(-1)}
            aria-label={t('upload.moveUp', { name })}
            data-move="up"
          >
            <ArrowUpIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            disabled={!canMoveDown}
            onClick={() => onMove(1)}
            aria-label={t('upload.moveDown', { name })}
            data-move="down"
          >
            <ArrowDownIcon />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            loading={isRemoving}
            onClick={onRemove}
            aria-label={t('upload.remove', { name })}
          >
            <CloseIcon />
          </ActionIcon>
        </Group>
      </Flex>
    </Paper>
  );
}
