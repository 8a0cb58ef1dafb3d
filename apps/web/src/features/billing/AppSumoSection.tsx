import { APPSUMO_CODE_LENGTH, APPSUMO_MAX_CODES, APPSUMO_TIERS, formatMoney } from '@esign/shared';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { DataTable } from '../../ui/DataTable';
import { useUpgradeAppSumo } from './api';

/** The lifetime (AppSumo) table: the two tiers, which one the account holds, and a code to redeem the next. */
export function AppSumoSection({ codes, showTable = true }: { codes: number; showTable?: boolean }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const upgrade = useUpgradeAppSumo();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await upgrade.mutateAsync(code.trim());
      setCode('');
      notifySuccess(t('messages.appSumoUpgraded'));
    } catch (failure) {
      setError(translateMessage(isApiError(failure) ? failure.message : t('messages.somethingWentWrong')));
    }
  };

  return (
    <Stack gap="md">
      {showTable ? (
        <DataTable
          withTableBorder
          rows={APPSUMO_TIERS}
          rowKey={(tier) => tier.codes}
          columns={[
            {
              key: 'plan',
              header: t('billing.lifetimePlan'),
              cell: (tier) => (
                <Group gap="xs">
                  {tier.name}
                  {codes === tier.codes ? <Badge>{t('billing.currentPlan')}</Badge> : null}
                </Group>
              ),
            },
            { key: 'codes', header: t('billing.lifetimeCodes'), cell: (tier) => tier.codes },
            {
              key: 'users',
              header: t('billing.lifetimeUsers'),
              cell: (tier) => (tier.users < 0 ? t('billing.unlimited') : tier.users),
            },
            { key: 'price', header: t('billing.lifetimePrice'), cell: (tier) => `$${formatMoney(tier.priceCents)}` },
          ]}
        />
      ) : null}
      {codes < APPSUMO_MAX_CODES ? (
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t('billing.appSumoCode')}
              value={code}
              maxLength={10}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" disabled={code.trim().length !== APPSUMO_CODE_LENGTH} loading={upgrade.isPending}>
              {t('billing.redeem')}
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm">{t('billing.allCodesUsed')}</Text>
      )}
    </Stack>
  );
}
