import type { User } from '@esign/shared';
import { Avatar, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { logOut } from '../features/auth/api';
import { useTranslation } from '../i18n';

/** The user dropdown: who is logged in, Settings, Edit Signature and Logout. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, { toggle, close }] = useDisclosure(false);

  const onLogout = () => {
    close();
    logOut(queryClient);
    navigate('/login');
  };

  return (
    <Popover opened={isOpen} onChange={(isNowOpen) => !isNowOpen && close()} position="bottom-end" shadow="md">
      <Popover.Target>
        <UnstyledButton
          onClick={toggle}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-label={t('nav.accountMenuOf', { name: user.name })}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar name={user.name} color="blue" size="sm" aria-hidden src={user.avatarUrl} />
            <Text size="sm" fw={500} visibleFrom="xs" maw={180} truncate>
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('nav.accountMenu')}>
        <Stack gap="xs" miw={200}>
          <div>
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
            <Text size="sm">{user.email}</Text>
          </div>
          <Button variant="default" component={Link} to="/settings/profile" onClick={close}>
            {t('settings.title')}
          </Button>
          <Button variant="default" component={Link} to="/settings/edit-signature" onClick={close}>
            {t('nav.editSignature')}
          </Button>
          <Button variant="default" component={Link} to="/integrations" onClick={close}>
            {t('nav.integrations')}
          </Button>
          <Button variant="light" onClick={onLogout}>
            {t('nav.logout')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
