import { expiryDateOf } from '@esign/shared';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useLifecycleActions } from '../documents/lifecycle-api';

/**
 * The draft's expiry date on the prepare page (issue 36): saved on the draft as soon as it is chosen or cleared
 * (PATCH documents/{id}/expiry), so it travels with the document to the send; the server checks the date.
 */
export function ExpiryField({ document }: { document: { id: string; expiresAt: string | null } }) {
  const { t } = useTranslation();
  const { setExpiry } = useLifecycleActions();
  const [value, setValue] = useState(document.expiresAt ? expiryDateOf(document.expiresAt) : '');
  const [error, setError] = useState<string | null>(null);
  const save = (next: string) => {
    setValue(next);
    setError(null);
    setExpiry.mutate(
      { id: document.id, expiresAt: next === '' ? null : next },
      { onError: (failure) => setError(errorMessage(failure)) },
    );
  };
  return (
    <TextInput
      type="date"
      maw={420}
      label={t('senderLifecycle.prepareExpiry')}
      description={t('senderLifecycle.prepareExpiryDescription')}
      min={expiryDateOf(new Date())}
      value={value}
      onChange={(event) => save(event.currentTarget.value)}
      error={error}
      data-testid="expiry-date"
    />
  );
}
