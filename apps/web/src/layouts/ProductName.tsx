import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';

/** The product name, as a link home when `to` is given. */
export function ProductName({ to }: { to?: string }) {
  const { t } = useTranslation();
  const name = (
    <Text component="span" fw={800} fz={22} c="blue.8" style={{ letterSpacing: '-0.02em' }}>
      {t('common.productName')}
    </Text>
  );
  if (to === undefined) return name;
  return (
    <Anchor component={Link} to={to} underline="never">
      {name}
    </Anchor>
  );
}
