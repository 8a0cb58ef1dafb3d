import { APPSUMO_CODE_LENGTH, APPSUMO_MAX_CODES, APPSUMO_TIERS, formatMoney } from '@esign/shared';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
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
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.lifetimePlan')}</Table.Th>
              <Table.Th>{t('billing.lifetimeCodes')}</Table.Th>
              <Table.Th>{t('billing.lifetimeUsers')}</Table.Th>
              <Table.Th>{t('billing.lifetimePrice')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {APPSUMO_TIERS.map((tier) => (
              <Table.Tr key={tier.codes}>
                <Table.Td>
                  <Group gap="xs">
                    {tier.name}
                    {codes === tier.codes ? <Badge>{t('billing.currentPlan')}</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>{tier.codes}</Table.Td>
                <Table.Td>{tier.users < 0 ? t('billing.unlimited') : tier.users}</Table.Td>
                <Table.Td>${formatMoney(tier.priceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
