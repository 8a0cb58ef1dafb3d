import { type BillingDetails, billingDetails } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { notifySuccess } from '../../api/notify';
import { afterSuccess } from '../../api/query-client';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useUpdateBillingDetails } from './api';

const FIELDS = ['companyName', 'address', 'city', 'postalCode', 'country', 'vatId'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const toValues = (details: BillingDetails | null): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, details?.[field] ?? ''])) as Values;
/** Section 5: an empty value is sent as null. */
const toDetails = (values: Values): BillingDetails =>
  Object.fromEntries(
    FIELDS.map((field) => [field, values[field].trim() === '' ? null : values[field].trim()]),
  ) as BillingDetails;

/** Billing Details: what invoices print for the buyer ('Billing details has been changed'). */
export function BillingDetailsForm({ details }: { details: BillingDetails | null }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateBillingDetails();
  const form = useForm<Values>({
    defaultValues: toValues(details),
    resolver: async (values, context, options) => {
      const result = await zodResolver(billingDetails)(toDetails(values), context, options as never);
      return {
        values: result.errors && Object.keys(result.errors).length > 0 ? {} : values,
        errors: result.errors,
      } as never;
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await afterSuccess(update.mutateAsync(toDetails(values)), (saved) => {
      form.reset(toValues(saved));
      notifySuccess(t('messages.billingDetailsChanged'));
    });
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" mt="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`billing.details.${field}`)}
              {...form.register(field)}
              error={fieldError(errors[field]?.message)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" disabled={!isDirty} loading={isSubmitting}>
            {t('billing.saveDetails')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
