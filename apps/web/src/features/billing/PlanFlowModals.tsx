import { PAYMENT_SURVEY_OPTIONS, type PaymentSurveyAnswer, type Plan } from '@esign/shared';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n';

/** The payment survey (section 4): asked once before the first paid plan; Skip changes the plan without an answer. */
export function SurveyModal(props: {
  onAnswer: (answer: PaymentSurveyAnswer | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [option, setOption] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const isOther = option === 'Other';
  const canSubmit = option !== null && (!isOther || other.trim().length > 0);
  return (
    <Modal opened onClose={props.onClose} title={t('billing.surveyTitle')} centered>
      <Stack gap="sm">
        <Radio.Group value={option} onChange={setOption} label={t('billing.surveyQuestion')}>
          <Stack gap={6} mt="xs">
            {PAYMENT_SURVEY_OPTIONS.map((choice) => (
              <Radio key={choice} value={choice} label={choice} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label={t('billing.surveyOther')}
          disabled={!isOther}
          maxLength={200}
          value={other}
          onChange={(event) => setOther(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => props.onAnswer(undefined)}>
            {t('billing.surveySkip')}
          </Button>
          <Button
            disabled={!canSubmit}
            onClick={() =>
              props.onAnswer({
                option: option as PaymentSurveyAnswer['option'],
                ...(isOther ? { other: other.trim() } : {}),
              })
            }
          >
            {t('billing.surveySubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The plan-change confirmation (section 4). */
export function ConfirmPlanModal(props: {
  plan: Plan;
  price: string;
  isLoading: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`billing.planNames.${props.plan.type}`);
  return (
    <Modal opened onClose={props.onClose} title={t('billing.confirmTitle')} centered>
      <Stack gap="sm">
        <Text>
          {props.plan.type === 'free'
            ? t('billing.confirmFree')
            : t(`billing.confirmPaid.${props.plan.duration}`, { plan: name, price: props.price })}
        </Text>
        {props.error ? (
          <Text c="red" role="alert">
            {props.error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('billing.cancel')}
          </Button>
          <Button onClick={props.onConfirm} loading={props.isLoading}>
            {t('billing.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
