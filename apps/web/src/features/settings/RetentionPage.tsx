import { type ErasureAnswer, MESSAGES, RETENTION_MAX_DAYS } from '@esign/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useErasePerson, useRetention, useUpdateRetention } from './retention-api';
import { SectionHeading } from './SectionHeading';
import { useUserDates } from './user-dates';

/** /settings/retention (the account owner's): the retention rule, the account's legal hold, and erasing a person. */
export function RetentionPage() {
  const settings = useRetention().data;
  return (
    <Stack gap="xl">
      {settings && <RetentionForm key={`${settings.retentionDays}-${settings.legalHoldAt}`} settings={settings} />}
      <ErasePerson />
    </Stack>
  );
}

function RetentionForm({ settings }: { settings: { retentionDays: number | null; legalHoldAt: string | null } }) {
  const { t } = useTranslation();
  const dates = useUserDates();
  const update = useUpdateRetention();
  const [isForever, setIsForever] = useState(settings.retentionDays === null);
  const [days, setDays] = useState<number | string>(settings.retentionDays ?? 365);
  const [isHeld, setIsHeld] = useState(settings.legalHoldAt !== null);
  const isDaysValid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= RETENTION_MAX_DAYS;

  const onSave = () =>
    update.mutate(
      { retentionDays: isForever ? null : Number(days), legalHold: isHeld },
      { onSuccess: () => notifySuccess(t('retention.saved')) },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="retention-title">
      <SectionHeading id="retention-title" title={t('retention.title')} intro={t('retention.intro')} />
      <Radio.Group value={isForever ? 'forever' : 'days'} onChange={(value) => setIsForever(value === 'forever')}>
        <Stack gap="xs">
          <Radio value="forever" label={t('retention.keepForever')} />
          <Radio value="days" label={t('retention.keepFor')} />
        </Stack>
      </Radio.Group>
      {!isForever && (
        <NumberInput
          label={t('retention.days')}
          value={days}
          onChange={setDays}
          min={1}
          max={RETENTION_MAX_DAYS}
          allowDecimal={false}
          maw={240}
          error={isDaysValid ? undefined : MESSAGES.retentionDaysInvalid}
        />
      )}
      <Switch
        checked={isHeld}
        onChange={(event) => setIsHeld(event.currentTarget.checked)}
        label={t('retention.accountHold')}
        description={
          settings.legalHoldAt
            ? t('retention.heldSince', { date: dates.date(settings.legalHoldAt) })
            : t('retention.accountHoldHint')
        }
      />
      {update.error && <Alert color="red">{errorMessage(update.error)}</Alert>}
      <Group>
        <Button onClick={onSave} loading={update.isPending} disabled={!isForever && !isDaysValid}>
          {t('retention.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function ErasePerson() {
  const { t } = useTranslation();
  const erase = useErasePerson();
  const [email, setEmail] = useState('');
  const [includeCompleted, setIncludeCompleted] = useState(false);
  const [preview, setPreview] = useState<ErasureAnswer | null>(null);

  const onReview = () =>
    erase.mutate({ email, includeCompleted, dryRun: true }, { onSuccess: (answer) => setPreview(answer) });
  const onErase = () =>
    erase.mutate(
      { email, includeCompleted, dryRun: false },
      {
        onSuccess: () => {
          setPreview(null);
          setEmail('');
          notifySuccess(t('retention.erased'));
        },
      },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="erase-title">
      <SectionHeading id="erase-title" title={t('retention.eraseTitle')} intro={t('retention.eraseIntro')} />
      <TextInput
        type="email"
        label={t('retention.eraseEmail')}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        maw={400}
        error={!preview && erase.error ? errorMessage(erase.error) : undefined}
      />
      <Checkbox
        checked={includeCompleted}
        onChange={(event) => setIncludeCompleted(event.currentTarget.checked)}
        label={t('retention.includeCompleted')}
      />
      <Group>
        <Button variant="default" onClick={onReview} loading={erase.isPending && !preview} disabled={!email.trim()}>
          {t('retention.review')}
        </Button>
      </Group>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('retention.confirmTitle', { email: email.trim() })}
      >
        {preview && (
          <Stack gap="sm">
            <Text size="sm">{t('retention.confirmIntro')}</Text>
            {preview.isRepeated && <Alert color="yellow">{t('retention.repeated')}</Alert>}
            <List size="sm">
              <List.Item>{t('retention.countRecipients', { count: preview.replaced.recipients })}</List.Item>
              <List.Item>
                {t('retention.countTemplateRecipients', { count: preview.replaced.templateRecipients })}
              </List.Item>
              <List.Item>{t('retention.countLinks', { count: preview.replaced.signingLinks })}</List.Item>
              <List.Item>{t('retention.countShared', { count: preview.replaced.sharedWith })}</List.Item>
              <List.Item>{t('retention.countBulk', { count: preview.replaced.bulkSendRows })}</List.Item>
              <List.Item>{t('retention.countMails', { count: preview.replaced.mails })}</List.Item>
              <List.Item>{t('retention.countActivities', { count: preview.replaced.activities })}</List.Item>
              <List.Item>{t('retention.countEvents', { count: preview.replaced.events })}</List.Item>
              <List.Item>{t('retention.countApiAnswers', { count: preview.replaced.apiAnswers })}</List.Item>
            </List>
            {preview.kept.length > 0 && (
              <>
                <Text fw={600} size="sm">
                  {t('retention.keptTitle')}
                </Text>
                <List size="sm">
                  {preview.kept.map((document) => (
                    <List.Item key={document.id}>
                      {document.reason === 'legalHold'
                        ? t('retention.keptHeld', { title: document.title })
                        : t('retention.keptSealed', { title: document.title })}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {preview.removed.length > 0 && (
              <>
                <Text fw={600} size="sm">
                  {t('retention.removedTitle')}
                </Text>
                <List size="sm">
                  {preview.removed.map((document) => (
                    <List.Item key={document.id}>{t('retention.removedItem', { title: document.title })}</List.Item>
                  ))}
                </List>
              </>
            )}
            {erase.error && <Alert color="red">{errorMessage(erase.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('retention.cancel')}
              </Button>
              <Button color="red" onClick={onErase} loading={erase.isPending}>
                {t('retention.erase')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
