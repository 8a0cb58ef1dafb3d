import { canRemoveSignerRow, MAX_SIGNERS, type PrepareFormValues } from '@esign/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from '../upload/icons';
import { RecipientRoleFields } from './RecipientRoleFields';
import { VerificationFields } from './VerificationFields';

interface SignersFieldsetProps {
  form: UseFormReturn<PrepareFormValues>;
  /** 'Me (Now)': the current user, first, for Me & Others. */
  me: { name: string; email: string } | null;
  /** A template's roles, one row each (named by its role, not removable, none added); null without a template. */
  roles?: readonly string[] | null;
}

/** The signers list: name and e-mail rows, add and remove (with the shrink rule), the signing-order switch. */
export function SignersFieldset({ form, me, roles = null }: SignersFieldsetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldError = useFieldError();
  const rows = useFieldArray({ control: form.control, name: 'signers', keyName: 'key' });
  const isOrdered = form.watch('isOrdered');
  const verifications = form.watch('signers').map((signer) => signer.verification);
  const errors = form.formState.errors as FieldErrors<PrepareFormValues> & { signersList?: { message?: string } };
  const listError = errors.signersList?.message;
  const canRemove = roles === null && canRemoveSignerRow(rows.fields.length + (me ? 1 : 0), me !== null);
  const orderOffset = me ? 1 : 0;
  // A row moved takes the step of the place it moves to, so moving keeps meaning 'earlier' or 'later'.
  const moveRow = (from: number, to: number) => {
    const [fromStep, toStep] = [form.getValues(`signers.${from}.step`), form.getValues(`signers.${to}.step`)];
    rows.move(from, to);
    form.setValue(`signers.${to}.step`, toStep);
    form.setValue(`signers.${from}.step`, fromStep);
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={titleId}>
          {t('prepare.signers')}
        </Title>
        {roles === null ? <Switch label={t('prepare.isOrdered')} {...form.register('isOrdered')} /> : null}
      </Group>
      {me && (
        <Group gap="sm" wrap="nowrap" align="flex-end">
          {isOrdered && <Badge variant="light">1</Badge>}
          <SimpleGrid flex={1} cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing={4}>
            <TextInput label={t('prepare.signerName')} value={t('prepare.meNow', { name: me.name })} readOnly />
            <TextInput label={t('prepare.signerEmail')} value={me.email} readOnly />
          </SimpleGrid>
          <div style={{ width: 28 }} />
        </Group>
      )}
      {rows.fields.map((row, index) => {
        const rowErrors = errors.signers?.[index];
        const role = roles?.[index];
        return (
          <Group key={row.key} gap="sm" wrap="nowrap" align="flex-start" data-testid="signer-row">
            {isOrdered && (
              <Stack gap={2} pt={24}>
                <Badge variant="light">{index + 1 + orderOffset}</Badge>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('prepare.moveUp', { n: index + 1 })}
                    disabled={index === 0}
                    onClick={() => moveRow(index, index - 1)}
                  >
                    <ArrowUpIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('prepare.moveDown', { n: index + 1 })}
                    disabled={index === rows.fields.length - 1}
                    onClick={() => moveRow(index, index + 1)}
                  >
                    <ArrowDownIcon />
                  </ActionIcon>
                </Group>
              </Stack>
            )}
            <SimpleGrid flex={1} cols={{ base: 1, xs: roles === null ? 3 : 2 }} spacing="sm" verticalSpacing={4}>
              <TextInput
                label={role ? t('prepare.roleName', { role }) : t('prepare.signerName')}
                autoComplete="off"
                {...form.register(`signers.${index}.name`)}
                error={fieldError(rowErrors?.name?.message)}
              />
              <TextInput
                type="email"
                label={role ? t('prepare.roleEmail', { role }) : t('prepare.signerEmail')}
                autoComplete="off"
                {...form.register(`signers.${index}.email`)}
                error={fieldError(rowErrors?.email?.message)}
              />
              {roles === null && (
                <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="recipient-role">
                  <RecipientRoleFields
                    register={form.register}
                    path={`signers.${index}`}
                    n={index + 1}
                    withStep={isOrdered}
                  />
                </Group>
              )}
              <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="recipient-verification">
                <VerificationFields
                  register={form.register}
                  path={`signers.${index}`}
                  n={index + 1}
                  verification={verifications[index]}
                  phoneError={fieldError(rowErrors?.phone?.message)}
                />
              </Group>
            </SimpleGrid>
            <ActionIcon
              mt={28}
              variant="subtle"
              color="gray"
              display={roles === null ? undefined : 'none'}
              aria-label={t('prepare.removeSigner', { n: index + 1 })}
              disabled={!canRemove}
              onClick={() => rows.remove(index)}
            >
              <CloseIcon />
            </ActionIcon>
          </Group>
        );
      })}
      {roles === null && (
        <Text size="sm" c="dimmed">
          {t('prepare.stepsHint')}
        </Text>
      )}
      {listError && (
        <Alert color={me ? 'yellow' : 'red'} role="alert">
          <Text size="sm">{fieldError(listError)}</Text>
          {me && (
            <Anchor component={Link} to="/only-me" size="sm">
              {t('prepare.goToOnlyMe')}
            </Anchor>
          )}
        </Alert>
      )}
      <Group display={roles === null ? undefined : 'none'}>
        <Button
          variant="light"
          disabled={rows.fields.length >= MAX_SIGNERS}
          onClick={() => rows.append({ name: '', email: '', recipientRole: 'signer' })}
        >
          {t('prepare.addSigner')}
        </Button>
      </Group>
    </Stack>
  );
}
