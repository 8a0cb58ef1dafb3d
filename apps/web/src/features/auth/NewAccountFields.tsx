import { PasswordInput, TextInput } from '@mantine/core';
import type { FocusEvent } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';

type AccountValues = { name: string; email: string; password: string };

/** A new account's name, e-mail and password fields (sign-up, direct purchase, the lifetime-deal link). */
export function NewAccountFields<T extends AccountValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const reg = register as unknown as UseFormRegister<AccountValues>;
  const errs = errors as FieldErrors<AccountValues>;
  const name = reg('name');
  // The name is trimmed on blur (spaces typed around it are not part of it).
  const onNameBlur = (event: FocusEvent<HTMLInputElement>) => {
    const trimmed = event.currentTarget.value.trim();
    if (trimmed !== event.currentTarget.value) {
      event.currentTarget.value = trimmed;
      void name.onChange(event);
    }
    return name.onBlur(event);
  };
  return (
    <>
      <TextInput
        label={t('account.name')}
        autoComplete="name"
        {...name}
        onBlur={onNameBlur}
        error={fieldError(errs.name?.message)}
      />
      <TextInput
        label={t('account.email')}
        type="email"
        autoComplete="email"
        {...reg('email')}
        error={fieldError(errs.email?.message)}
      />
      <PasswordInput
        label={t('account.password')}
        autoComplete="new-password"
        {...reg('password')}
        error={fieldError(errs.password?.message)}
      />
    </>
  );
}
