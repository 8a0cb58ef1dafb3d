import { needsPhone, SIGNER_VERIFICATIONS, type SignerVerification } from '@esign/shared';
import { NativeSelect, TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../i18n';

const LABELS = {
  none: 'prepare.verificationNone',
  email: 'prepare.verificationEmail',
  sms: 'prepare.verificationSms',
  email_sms: 'prepare.verificationEmailSms',
} as const satisfies Record<SignerVerification, string>;

/**
 * Issue 38: how a recipient proves who they are before the document opens (a code mailed, texted, or both), and
 * the mobile number an SMS code goes to (kept for this document only).
 */
export function VerificationFields<Values extends FieldValues>(props: {
  register: UseFormRegister<Values>;
  /** The row's path in the form (`signers.2`): its `verification` and `phone` are registered there. */
  path: string;
  n: number;
  verification: SignerVerification | undefined;
  phoneError?: string | undefined;
}) {
  const { t } = useTranslation();
  const { register, path, n } = props;
  return (
    <>
      <NativeSelect
        label={t('prepare.verification')}
        aria-label={t('prepare.verificationOf', { n })}
        data={SIGNER_VERIFICATIONS.map((value) => ({ value, label: t(LABELS[value]) }))}
        {...register(`${path}.verification` as Path<Values>)}
      />
      {needsPhone(props.verification) && (
        <TextInput
          type="tel"
          autoComplete="off"
          label={t('prepare.phone')}
          aria-label={t('prepare.phoneOf', { n })}
          placeholder={t('prepare.phonePlaceholder')}
          error={props.phoneError}
          {...register(`${path}.phone` as Path<Values>)}
        />
      )}
    </>
  );
}
