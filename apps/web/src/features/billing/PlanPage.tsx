import { formatMoney, type PaymentSurveyAnswer, PLAN_TYPES, type Plan, planTotalCents } from '@esign/shared';
import { Anchor, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { AppSumoSection } from './AppSumoSection';
import { useCard, useChangePlan, usePlans, useSubscription } from './api';
import { CardModal } from './CardModal';
import { PlanColumns } from './PlanColumns';
import { ConfirmPlanModal, SurveyModal } from './PlanFlowModals';

type Step = 'card' | 'survey' | 'confirm';
interface Flow {
  plan: Plan;
  step: Step;
  answer?: PaymentSurveyAnswer | undefined;
}

/**
 * /settings/billing/plan (section 2): the Monthly/Annually switch and the three plans. A paid plan asks for a card
 * when none is saved, then the payment survey once (before the first paid plan), then the confirmation. Lifetime
 * (AppSumo) accounts see their code table instead.
 */
export function PlanPage() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const navigate = useNavigate();
  const plans = usePlans();
  const card = useCard();
  const subscription = useSubscription();
  const change = useChangePlan();
  const [duration, setDuration] = useState<Plan['duration'] | null>(null);
  const [flow, setFlow] = useState<Flow | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!plans.data || card.isPending || subscription.isPending) return null;
  if (plans.data.isAppSumo) {
    return (
      <Stack gap="lg">
        <Title order={2}>{t('billing.lifetimeTitle')}</Title>
        <AppSumoSection codes={plans.data.appSumoCodes} />
      </Stack>
    );
  }
  const current = plans.data.current;
  const shownDuration = duration ?? (current.type === 'free' ? 'monthly' : current.duration);
  const offers = PLAN_TYPES.map(
    (type) => plans.data.plans.find((offer) => offer.type === type && offer.duration === shownDuration) ?? null,
  ).filter((offer) => offer !== null);
  const hasCard = Boolean(card.data);
  const hasAnswer = subscription.data?.hasPaymentSurveyAnswer ?? false;

  const nextStep = (plan: Plan, after: Step | null): Step => {
    if (plan.type === 'free') return 'confirm';
    if (after === null && !hasCard) return 'card';
    if ((after === null || after === 'card') && !hasAnswer) return 'survey';
    return 'confirm';
  };
  const start = (plan: Plan) => {
    setError(null);
    setFlow({ plan, step: nextStep(plan, null) });
  };

  const onConfirm = async () => {
    if (!flow) return;
    setError(null);
    try {
      await change.mutateAsync({
        type: flow.plan.type,
        duration: flow.plan.duration,
        ...(flow.answer ? { paymentSurveyAnswer: flow.answer } : {}),
      });
      setFlow(null);
      notifySuccess(t('messages.planChanged'));
      navigate('/settings/billing');
    } catch (failure) {
      setError(translateMessage(isApiError(failure) ? failure.message : t('messages.somethingWentWrong')));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('billing.choosePlan')}</Title>
        <SegmentedControl
          value={shownDuration}
          onChange={(value) => setDuration(value as Plan['duration'])}
          data={[
            { value: 'monthly', label: t('billing.monthly') },
            { value: 'annually', label: t('billing.annually') },
          ]}
        />
      </Group>
      <PlanColumns offers={offers} current={current} onChoose={(offer) => start(offer)} />
      <Text size="sm" c="dimmed">
        <Anchor component={Link} to="/settings/billing">
          {t('billing.backToBilling')}
        </Anchor>
      </Text>
      {flow?.step === 'card' ? (
        <CardModal
          hasCard={false}
          intro={t('billing.cardNeeded')}
          onClose={() => setFlow(null)}
          onSaved={() => setFlow({ ...flow, step: nextStep(flow.plan, 'card') })}
        />
      ) : null}
      {flow?.step === 'survey' ? (
        <SurveyModal
          onClose={() => setFlow(null)}
          onAnswer={(answer) => setFlow({ ...flow, step: 'confirm', answer })}
        />
      ) : null}
      {flow?.step === 'confirm' ? (
        <ConfirmPlanModal
          plan={flow.plan}
          price={`$${formatMoney(planTotalCents(flow.plan, subscription.data?.userQuantity ?? 1))}`}
          isLoading={change.isPending}
          error={error}
          onConfirm={onConfirm}
          onClose={() => setFlow(null)}
        />
      ) : null}
    </Stack>
  );
}
