import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { filteredValue } from '../../../ui/filtered-value';
import { SubmitModal } from './SubmitModal';

/** Asks for a six-digit code (texted, or from the authenticator); the server's refusal shows in the modal. */
export function CodeModal(props: {
  title: string;
  intro: string;
  label: string;
  onSubmit: (code: string) => Promise<unknown>;
  onClose: () => void;
  /** Shown above the code (the QR image). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <SubmitModal
      title={props.title}
      intro={props.intro}
      submit={t('security.verify')}
      canSubmit={/^\d{6}$/.test(code.trim())}
      onSubmit={() => props.onSubmit(code.trim())}
      onClose={props.onClose}
    >
      {props.children}
      <TextInput
        label={props.label}
        value={code}
        onChange={(event) => setCode(filteredValue(event.currentTarget, (value) => value.replace(/\D/g, '')))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-autofocus
      />
    </SubmitModal>
  );
}
