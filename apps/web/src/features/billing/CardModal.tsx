import { type CardForm, cardForm } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useFieldError } from '../../forms/use-field-error';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useSaveCard } from './api';
import { maskCardNumber, maskExpiry } from './card-masks';

const EMPTY: CardForm = { number: '', expirationDate: '', cvv: '', cardholderName: '', postalCode: '' };

/**
 * The card form (sections 3 and 5) in a modal: the number and CVV go to the server once, for the payment gateway,
 * and are never kept in the browser after it closes. 'Credit card is added' or 'Card details updated'.
 */
export function CardModal(props: { hasCard: boolean; onClose: () => void; onSaved?: () => void; intro?: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const translateMessage = useTranslateMessage();
  const save = useSaveCard(props.hasCard);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CardForm>({ resolver: zodResolver(cardForm), mode: 'onTouched', defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      notifySuccess(t(props.hasCard ? 'messages.cardDetailsUpdated' : 'messages.creditCardAdded'));
      form.reset(EMPTY);
      // The plan flow goes on to its next step; elsewhere the modal closes.
      if (props.onSaved) props.onSaved();
      else props.onClose();
    } catch (error) {
      setFailure(translateMessage(isApiError(error) ? error.message : t('messages.somethingWentWrong')));
    }
  });

  return (
    <Modal opened onClose={props.onClose} title={t(props.hasCard ? 'billing.updateCard' : 'billing.addCard')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {props.intro ? <Text size="sm">{props.intro}</Text> : null}
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <TextInput
                label={t('billing.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                required
                value={field.value}
                onChange={(event) => field.onChange(maskCardNumber(event.currentTarget.value))}
                onBlur={field.onBlur}
                error={fieldError(errors.number?.message)}
              />
            )}
          />
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="expirationDate"
              render={({ field }) => (
                <TextInput
                  label={t('billing.expirationDate')}
                  placeholder="MM/YYYY"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  required
                  value={field.value}
                  onChange={(event) => field.onChange(maskExpiry(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={fieldError(errors.expirationDate?.message)}
                />
              )}
            />
            <TextInput
              label={t('billing.cvv')}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              required
              {...form.register('cvv')}
              error={fieldError(errors.cvv?.message)}
            />
          </SimpleGrid>
          <TextInput
            label={t('billing.cardholderName')}
            autoComplete="cc-name"
            required
            {...form.register('cardholderName')}
            error={fieldError(errors.cardholderName?.message)}
          />
          <TextInput
            label={t('billing.postalCode')}
            autoComplete="postal-code"
            required
            {...form.register('postalCode')}
            error={fieldError(errors.postalCode?.message)}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('billing.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('billing.saveCard')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
