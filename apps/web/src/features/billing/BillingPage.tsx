import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifySuccess } from '../../api/notify';
import { afterSuccess } from '../../api/query-client';
import { useTranslation } from '../../i18n';
import { SectionHeading } from '../settings/SectionHeading';
import { AppSumoSection } from './AppSumoSection';
import { useCancelSubscription, useCard, usePlans, useSubscription } from './api';
import { BillingDetailsForm } from './BillingDetailsForm';
import { CancelModal } from './CancelModal';
import { CardModal } from './CardModal';
import { InvoicesTable } from './InvoicesTable';

/**
 * /settings/billing (section 2): Card Details, the current plan with Upgrade Plan, the lifetime table (AppSumo
 * accounts), Billing Details, Invoices and Cancel subscription (hidden for AppSumo, disabled on Free).
 */
export function BillingPage() {
  const { t } = useTranslation();
  const card = useCard();
  const subscription = useSubscription();
  const plans = usePlans();
  const cancel = useCancelSubscription();
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const info = subscription.data;
  if (card.isPending || subscription.isPending) return null;

  return (
    <Stack gap="xl">
      <section aria-labelledby="card-details">
        <SectionHeading id="card-details" title={t('billing.cardDetails')} />
        <Card withBorder mt="sm">
          <Group justify="space-between" wrap="wrap">
            {card.data ? (
              <Stack gap={2}>
                <Text fw={600}>
                  {t('billing.cardSummary', { brand: card.data.cardType.toUpperCase(), last4: card.data.last4 })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('billing.cardExpires', { date: card.data.expirationDate, name: card.data.cardholderName })}
                </Text>
              </Stack>
            ) : (
              <Text c="dimmed">{t('billing.noCard')}</Text>
            )}
            <Button variant="default" onClick={() => setIsCardOpen(true)}>
              {card.data ? t('billing.updateCard') : t('billing.addCard')}
            </Button>
          </Group>
        </Card>
      </section>

      <section aria-labelledby="current-plan">
        <SectionHeading id="current-plan" title={t('billing.currentPlanTitle')} />
        {info ? (
          <Card withBorder mt="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap">
                <Title order={3} data-testid="current-plan-name">
                  {t(`billing.planNames.${info.plan.type}`)}
                  {info.plan.type === 'free' ? '' : ` · ${t(`billing.durations.${info.plan.duration}`)}`}
                </Title>
                {info.isLifetime ? null : (
                  <Button component={Link} to="/settings/billing/plan">
                    {t('billing.upgradePlan')}
                  </Button>
                )}
              </Group>
              {info.plan.type === 'free' ? null : (
                <>
                  <Text size="sm">{t('billing.users', { count: info.userQuantity })}</Text>
                  <Text size="sm">
                    {t('billing.amountLine', { amount: `$${info.amount}`, quantity: info.userQuantity })}
                  </Text>
                  {info.discounts.map((discount) => (
                    <Text size="sm" key={discount.amount}>
                      {t('billing.discountLine', { amount: `$${discount.amount}`, quantity: discount.quantity })}
                    </Text>
                  ))}
                  <Text fw={600} data-testid="subscription-total">
                    {t(info.plan.duration === 'monthly' ? 'billing.totalMonth' : 'billing.totalYear', {
                      total: `$${info.total}`,
                    })}
                  </Text>
                  {info.nextBillingDate ? (
                    <Text size="sm" c="dimmed">
                      {t('billing.nextBilling', { date: info.nextBillingDate })}
                    </Text>
                  ) : null}
                  {info.status === 'past_due' ? (
                    <Text size="sm" c="red">
                      {t('billing.pastDue')}
                    </Text>
                  ) : null}
                </>
              )}
            </Stack>
          </Card>
        ) : null}
      </section>

      <section aria-labelledby="lifetime">
        <SectionHeading id="lifetime" title={t('billing.lifetimeTitle')} />
        <AppSumoSection codes={plans.data?.appSumoCodes ?? 0} showTable={Boolean(info?.isLifetime)} />
      </section>

      <section aria-labelledby="billing-details">
        <SectionHeading id="billing-details" title={t('billing.billingDetails')} />
        <BillingDetailsForm details={info?.billingDetails ?? null} />
      </section>

      <section aria-labelledby="invoices">
        <SectionHeading id="invoices" title={t('billing.invoices')} />
        <InvoicesTable />
      </section>

      {info?.isLifetime ? null : (
        <section aria-labelledby="cancel-subscription">
          <SectionHeading id="cancel-subscription" title={t('billing.cancelTitle')} />
          <Group mt="sm">
            <Button
              color="red"
              variant="outline"
              disabled={info?.plan.type === 'free'}
              onClick={() => setIsCancelOpen(true)}
            >
              {t('billing.cancelSubscription')}
            </Button>
          </Group>
        </section>
      )}

      {isCardOpen ? <CardModal hasCard={Boolean(card.data)} onClose={() => setIsCardOpen(false)} /> : null}
      {isCancelOpen ? (
        <CancelModal
          isLoading={cancel.isPending}
          onClose={() => setIsCancelOpen(false)}
          onConfirm={() =>
            afterSuccess(cancel.mutateAsync(), () => {
              setIsCancelOpen(false);
              notifySuccess(t('messages.subscriptionRemoved'));
            })
          }
        />
      ) : null}
    </Stack>
  );
}
