import { type Plan, type PlanButton, planButton } from '@esign/shared';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { ResponseOf } from '../../api/client';
import { useTranslation } from '../../i18n';

type Offer = ResponseOf<'getPlans'>['plans'][number];

const BUTTON_KEYS = {
  current: 'billing.currentPlan',
  upgrade: 'billing.upgrade',
  select: 'billing.select',
} as const satisfies Record<PlanButton, string>;

/** Free, Personal and Business side by side; under 768 px one at a time with dots to move between them. */
export function PlanColumns(props: { offers: Offer[]; current: Plan; onChoose: (offer: Offer) => void }) {
  const isMobile = useMediaQuery('(max-width: 767px)');
  // The slider opens at the current plan's column.
  const [shown, setShown] = useState(() =>
    Math.max(
      0,
      props.offers.findIndex((offer) => offer.type === props.current.type),
    ),
  );
  const columns = props.offers.map((offer) => (
    <PlanColumn key={offer.type} offer={offer} button={planButton(props.current, offer)} onChoose={props.onChoose} />
  ));
  if (!isMobile) return <SimpleGrid cols={3}>{columns}</SimpleGrid>;
  return (
    <Stack gap="sm">
      {columns[shown]}
      <Group justify="center" gap="xs" role="tablist" aria-label="plans">
        {props.offers.map((offer, index) => (
          <UnstyledButton
            key={offer.type}
            role="tab"
            aria-selected={index === shown}
            aria-label={offer.type}
            onClick={() => setShown(index)}
            style={{
              width: 12,
              height: 12,
              borderRadius: 6,
              background: index === shown ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)',
            }}
          />
        ))}
      </Group>
    </Stack>
  );
}

function PlanColumn(props: { offer: Offer; button: PlanButton; onChoose: (offer: Offer) => void }) {
  const { t } = useTranslation();
  const { offer } = props;
  const isAnnual = offer.duration === 'annually' && offer.type !== 'free';
  const yearly = (Number(offer.amount) - Number(offer.discountAmount)).toFixed(2);
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`plan-${offer.type}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={3}>{t(`billing.planNames.${offer.type}`)}</Title>
          {isAnnual ? <Badge color="green">{t('billing.save20')}</Badge> : null}
        </Group>
        <Text>
          <Text span fz={32} fw={700}>
            ${offer.pricePerMonth}
          </Text>{' '}
          {offer.isPerUser ? t('billing.perUserMonth') : t('billing.perMonth')}
        </Text>
        {isAnnual ? (
          <Text size="sm" c="dimmed">
            {t('billing.billedYearly', { amount: `$${yearly}` })}
          </Text>
        ) : null}
        <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
          <List.Item>
            {offer.documentsPerMonth < 0
              ? t('billing.unlimitedDocuments')
              : t('billing.documentsPerMonth', { count: offer.documentsPerMonth })}
          </List.Item>
          <List.Item>
            {offer.templateLimit < 0
              ? t('billing.unlimitedTemplates')
              : t('billing.templates', { count: offer.templateLimit })}
          </List.Item>
          {offer.type === 'business' ? <List.Item>{t('billing.teamAndForms')}</List.Item> : null}
        </List>
        <Button
          variant={props.button === 'upgrade' ? 'filled' : 'default'}
          disabled={props.button === 'current'}
          onClick={() => props.onChoose(offer)}
        >
          {t(BUTTON_KEYS[props.button])}
        </Button>
      </Stack>
    </Card>
  );
}
