import { MAX_STEP, RECIPIENT_ROLES } from '@esign/shared';
import { NativeSelect, TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../i18n';

interface RecipientRoleFieldsProps<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  /** The row's path in the form (`signers.2`, `roles.0`): its `recipientRole` and `step` are registered there. */
  path: string;
  /** Whose row, for the controls' names ('Role of recipient 2'). */
  n: number;
  /** The step's box is shown only where the order counts (a document with a signing order; a template). */
  withStep: boolean;
  /** The select's visible label: 'Role', or 'Acts as' where a role is already a template role's name. */
  label?: 'prepare.recipientRole' | 'prepare.actsAs';
}

/** An empty step box is no step: the row's place in the list. */
export const stepValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * Issue 36: a recipient's role (signer, approver, viewer, cc) and step of the signing order (the same number on
 * several rows: they act in any order, and the next step waits for all of them).
 */
export function RecipientRoleFields<Values extends FieldValues>({
  register,
  path,
  n,
  withStep,
  label = 'prepare.recipientRole',
}: RecipientRoleFieldsProps<Values>) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t(label)}
        aria-label={t('prepare.recipientRoleOf', { n })}
        data={RECIPIENT_ROLES.map((role) => ({ value: role, label: t(`recipientRoles.${role}`) }))}
        {...register(`${path}.recipientRole` as Path<Values>)}
      />
      {withStep && (
        <TextInput
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STEP}
          w={90}
          label={t('prepare.step')}
          aria-label={t('prepare.stepOf', { n })}
          placeholder={String(n)}
          {...register(`${path}.step` as Path<Values>, { setValueAs: stepValue })}
        />
      )}
    </>
  );
}
