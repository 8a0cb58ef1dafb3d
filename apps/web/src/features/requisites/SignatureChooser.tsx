import type { Requisite, RequisiteValueType } from '@esign/shared';
import { ActionIcon, Button, Card, Group, Loader, Menu, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { pairRequisites, type RequisitePair, useDeleteRequisite, useRequisites } from './api';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { useRequisiteOwnerName } from './owner-name';
import { QuickSign } from './QuickSign';
import { RequisiteImage } from './RequisiteImage';
import { SignatureModal } from './SignatureModal';

export interface SignatureChooserProps {
  opened: boolean;
  type: 'sign' | 'initial';
  /** The kinds a document takes (its company's signature types); every kind when not given. */
  allowedTypes?: readonly RequisiteValueType[] | undefined;
  /** The quick sign asks for the consent (the sender in the editor); a signer gives it at 'Almost done!'. */
  asksConsent?: boolean;
  onClose(): void;
  onChosen(requisite: Requisite): void;
}

const ALL_KINDS: readonly RequisiteValueType[] = ['text', 'draw', 'upload'];
/** Spec section 9: the list gets a shadow when it holds more than 3 items (it scrolls). */
const SHADOW_FROM_ITEMS = 4;
const TABS: { value: RequisiteValueType; labelKey: 'requisites.typed' | 'requisites.drawn' | 'requisites.uploaded' }[] =
  [
    { value: 'text', labelKey: 'requisites.typed' },
    { value: 'draw', labelKey: 'requisites.drawn' },
    { value: 'upload', labelKey: 'requisites.uploaded' },
  ];

/**
 * Chooses a saved signature (or initials) for a field: tabs Typed, Drawn, Uploaded, each saved item with Sign Now
 * and an edit / delete menu, and Create New Signature. With nothing saved yet it offers 'We created a signature
 * for you'. Works for a logged-in user and for a signer (the API client sends the link token).
 */
export function SignatureChooser({
  opened,
  type,
  allowedTypes,
  asksConsent = false,
  onClose,
  onChosen,
}: SignatureChooserProps) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 768px)');
  const ownerName = useRequisiteOwnerName();
  const requisites = useRequisites();
  const kinds = allowedTypes ?? ALL_KINDS;
  // Saved pairs of a kind the document does not take are not offered (the server would refuse them).
  const pairs = pairRequisites(requisites.data ?? []).filter((pair) => kinds.includes(pair.sign.valueType));
  const tabs = TABS.filter((entry) => kinds.includes(entry.value));
  const [editing, setEditing] = useState<RequisitePair | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Requisite | null>(null);
  const [tab, setTab] = useState<RequisiteValueType | null>(null);
  const remove = useDeleteRequisite();

  const items = pairs.map((pair) => pair[type]);
  const activeTab = tab ?? items[0]?.valueType ?? tabs[0]?.value ?? 'text';
  const shown = items.filter((item) => item.valueType === activeTab);

  const choose = (requisite: Requisite) => {
    onChosen(requisite);
    onClose();
  };

  const onDelete = async () => {
    if (deleting === null) return;
    await remove.mutateAsync(deleting.id);
    notifySuccess(t('requisites.deleted'));
    setDeleting(null);
  };

  const isEmpty = requisites.isSuccess && pairs.length === 0;
  // The quick sign makes a typed signature: offered only when typed ones are taken.
  const canQuickSign = kinds.includes('text');
  const title = isEmpty
    ? t('requisites.signNow')
    : type === 'sign'
      ? t('requisites.chooseSignature')
      : t('requisites.chooseInitials');

  return (
    <>
      <Modal
        opened={opened && editing === null && deleting === null}
        onClose={onClose}
        title={title}
        size="lg"
        fullScreen={isMobile}
        centered
        closeButtonProps={{ 'aria-label': t('requisites.close') }}
      >
        {requisites.isPending && <Loader size="sm" />}
        {isEmpty && canQuickSign && (
          <QuickSign
            type={type}
            defaultName={ownerName}
            asksConsent={asksConsent}
            onChosen={choose}
            onCustom={() => setEditing('new')}
          />
        )}
        {(pairs.length > 0 || (isEmpty && !canQuickSign)) && (
          <Stack gap="md">
            {/* Each tab controls a panel (the list of its kind), so its aria-controls names an element. */}
            <Tabs value={activeTab} onChange={(value) => value && setTab(value as RequisiteValueType)}>
              <Tabs.List grow>
                {tabs.map((entry) => (
                  <Tabs.Tab key={entry.value} value={entry.value}>
                    {t(entry.labelKey)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((entry) => (
                <Tabs.Panel key={entry.value} value={entry.value} pt="md">
                  {entry.value === activeTab && (
                    <Stack
                      gap="sm"
                      mah={360}
                      p={4}
                      aria-label={t('requisites.savedItems')}
                      role="list"
                      style={{
                        overflowY: 'auto',
                        boxShadow:
                          shown.length >= SHADOW_FROM_ITEMS
                            ? 'inset 0 -12px 12px -12px rgba(0, 0, 0, 0.35)'
                            : undefined,
                      }}
                    >
                      {shown.length === 0 && (
                        <Text size="sm" c="dimmed" role="listitem">
                          {t('requisites.noneOfKind')}
                        </Text>
                      )}
                      {shown.map((item) => {
                        const pair = pairs.find((entry) => entry[type].id === item.id);
                        return (
                          <Card key={item.id} withBorder radius="sm" padding="xs" role="listitem">
                            <Group wrap="nowrap" gap="xs">
                              <div style={{ flex: 1, minWidth: 0 }}>
                                <RequisiteImage requisite={item} alt={requisiteAlt(item, t)} height={60} />
                              </div>
                              <Button size="xs" onClick={() => choose(item)}>
                                {t('requisites.signNow')}
                              </Button>
                              <Menu position="bottom-end" withinPortal>
                                <Menu.Target>
                                  <ActionIcon variant="subtle" color="gray" aria-label={t('requisites.itemMenu')}>
                                    <span aria-hidden>⋮</span>
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  <Menu.Item onClick={() => pair && setEditing(pair)}>{t('requisites.edit')}</Menu.Item>
                                  <Menu.Item color="red" onClick={() => setDeleting(item)}>
                                    {t('requisites.delete')}
                                  </Menu.Item>
                                </Menu.Dropdown>
                              </Menu>
                            </Group>
                          </Card>
                        );
                      })}
                    </Stack>
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('requisites.createNew')}
            </Button>
          </Stack>
        )}
      </Modal>

      <SignatureModal
        opened={opened && editing !== null}
        pair={editing === 'new' ? null : editing}
        defaultName={ownerName}
        allowedTypes={kinds}
        onClose={() => setEditing(null)}
        onSaved={(pair) => {
          if (editing === 'new') choose(pair[type]);
        }}
      />
      <ConfirmDeleteModal
        opened={opened && deleting !== null}
        type={type}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}

/** A text alternative for a saved image: the typed text, or what it is. */
export function requisiteAlt(requisite: Requisite, t: ReturnType<typeof useTranslation>['t']): string {
  if (requisite.valueType === 'text' && requisite.text) {
    return requisite.type === 'sign'
      ? t('requisites.signatureOf', { text: requisite.text })
      : t('requisites.initialsOf', { text: requisite.text });
  }
  return requisite.type === 'sign' ? t('requisites.signatureImage') : t('requisites.initialsImage');
}
