import { formatMoney, type Plan, planTotalCents } from '@esign/shared';
import { Button, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { notifyError, notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useCard, useChangePlan, usePlans } from '../billing/api';
import { CardModal } from '../billing/CardModal';

/**
 * The direct purchase's last steps, logged in: add the card ('Credit card is added'), set the plan ('Plan is
 * updated'), then /settings/billing. The duration rides in the address (?duration=annually).
 */
export function PurchasePaymentPage({ plan }: { plan: 'personal' | 'business' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const duration: Plan['duration'] = searchParams.get('duration') === 'annually' ? 'annually' : 'monthly';
  const card = useCard();
  const plans = usePlans();
  const change = useChangePlan();
  const [isCardOpen, setIsCardOpen] = useState(false);
  const target: Plan = { type: plan, duration };
  const isCurrent = plans.data?.current.type === plan && plans.data.current.duration === duration;

  const buy = async () => {
    try {
      if (!isCurrent) await change.mutateAsync(target);
      notifySuccess(t('messages.planUpdated'));
      navigate('/settings/billing');
    } catch (error) {
      if (isApiError(error) && error.code === 'PAYMENT_FAILED') setIsCardOpen(true);
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t(plan === 'business' ? 'purchase.titleBusiness' : 'purchase.titlePersonal')}</Title>
      <SegmentedControl
        value={duration}
        onChange={(value) => setSearchParams({ duration: value })}
        data={[
          { value: 'monthly', label: t('billing.monthly') },
          { value: 'annually', label: t('billing.annually') },
        ]}
      />
      <Card withBorder>
        <Text fw={600} data-testid="purchase-total">
          {t(duration === 'monthly' ? 'billing.totalMonth' : 'billing.totalYear', {
            total: `$${formatMoney(planTotalCents(target, 1))}`,
          })}
        </Text>
      </Card>
      <Button
        loading={change.isPending}
        disabled={card.isPending}
        onClick={() => (card.data ? buy() : setIsCardOpen(true))}
      >
        {card.data ? t('purchase.pay') : t('purchase.addCardAndPay')}
      </Button>
      {isCardOpen ? (
        <CardModal
          hasCard={Boolean(card.data)}
          onClose={() => setIsCardOpen(false)}
          onSaved={() => {
            setIsCardOpen(false);
            void buy();
          }}
        />
      ) : null}
    </Stack>
  );
}
