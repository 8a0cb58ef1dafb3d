import { Button, Group, Modal, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useConfirmCode } from './mutations';

interface SignerOption {
  id: string;
  name: string;
  email: string;
}

/** 'Signer selection': the link may act as several signers; the person picks one. */
export function SignerSelectionModal({
  signers,
  onSelect,
}: {
  signers: SignerOption[];
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} title={t('signing.signerSelectionTitle')} centered>
      <Radio.Group value={chosen} onChange={setChosen} label={t('signing.signerSelectionIntro')}>
        <Stack mt="sm">
          {signers.map((signer) => (
            <Radio
              key={signer.id}
              value={signer.id}
              label={t('common.nameAndEmail', { name: signer.name, email: signer.email })}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end" mt="lg">
        <Button disabled={chosen === null} onClick={() => chosen && onSelect(chosen)}>
          {t('signing.continue')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The document's access code, asked before it opens. */
export function AccessCodeModal(props: { documentId: string; signerId: string; onConfirmed: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const confirm = useConfirmCode(props.documentId, props.signerId);
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: props.onConfirmed });
  };
  const error = confirm.error && isApiError(confirm.error) ? translate(confirm.error.message) : null;
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} title={t('signing.accessCodeTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="md">
          {t('signing.accessCodeIntro')}
        </Text>
        <PasswordInput
          label={t('signing.accessCodeLabel')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          maxLength={100}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={confirm.isPending} disabled={code.trim() === ''}>
            {t('signing.open')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** 'Almost done!': the consent the signer agrees to with 'I Agree' (sent and recorded with the signature). */
export function AgreeModal(props: {
  opened: boolean;
  isPending: boolean;
  onClose: () => void;
  onAgree: (consent: string) => void;
}) {
  const { t } = useTranslation();
  const consent = t('signing.consent');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('signing.almostDoneTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('signing.close') }}
    >
      <Text size="sm">{consent}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          {t('signing.cancel')}
        </Button>
        <Button loading={props.isPending} onClick={() => props.onAgree(consent)}>
          {t('signing.agree')}
        </Button>
      </Group>
    </Modal>
  );
}
