import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../api/notify';
import { afterSuccess } from '../../api/query-client';
import { type TranslationKey, useTranslation } from '../../i18n';
import { useDeleteAccount } from './api';
import { SectionHeading } from './SectionHeading';

/** The three steps of the deletion modal (spec part 2, section 4): start, next, final confirmation. */
const STEPS: readonly { titleKey: TranslationKey; textKey: TranslationKey; actionKey: TranslationKey }[] = [
  { titleKey: 'settings.deleteStartTitle', textKey: 'settings.deleteStartText', actionKey: 'settings.deleteNext' },
  { titleKey: 'settings.deleteNextTitle', textKey: 'settings.deleteNextText', actionKey: 'settings.deleteNext' },
  { titleKey: 'settings.deleteFinalTitle', textKey: 'settings.deleteFinalText', actionKey: 'settings.deleteConfirm' },
];

/** Delete Account: the section's button and its modal; Cancel closes it at any step. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [step, setStep] = useState<number | null>(null);
  const current = step === null ? undefined : STEPS[step];

  const onAction = async () => {
    if (step === null) return;
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    await afterSuccess(remove.mutateAsync(), () => {
      setStep(null);
      notifySuccess(t('messages.accountDeleted'));
      navigate('/login');
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <SectionHeading title={t('settings.deleteAccount')} intro={t('settings.deleteAccountIntro')} />
      <Button color="red" variant="outline" onClick={() => setStep(0)}>
        {t('settings.deleteAccount')}
      </Button>
      <Modal
        opened={current !== undefined}
        onClose={() => setStep(null)}
        title={current && t(current.titleKey)}
        centered
      >
        {current && (
          <Stack>
            <Text>{t(current.textKey)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(null)}>
                {t('settings.cancel')}
              </Button>
              <Button color="red" onClick={() => void onAction()} loading={remove.isPending}>
                {t(current.actionKey)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
