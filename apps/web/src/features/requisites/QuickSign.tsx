import { DEFAULT_SIGNATURE_FONT, type Requisite, type RequisiteType, requiredString } from '@esign/shared';
import { Anchor, Button, Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../api/notify';
import { useTranslation } from '../../i18n';
import { useTranslateMessage } from '../../i18n/use-translate-message';
import { useSaveRequisites } from './api';
import { FittedText } from './FittedText';
import { defaultInitials, renderTypedSignature, TYPED_FONT_SIZE } from './typed-signature';

const typedValue = requiredString(100);

/**
 * The quick sign: 'We created a signature for you' typed from the name, the Electronic Signature Disclosure and
 * Consent to tick (kept with the pair, as the full modal does), 'Sign Now' saves it (with its initials) and uses
 * it, and 'Need a custom signature? Create it now!' opens the full modal.
 */
export function QuickSign({
  type,
  defaultName,
  onChosen,
  onCustom,
  asksConsent,
}: {
  type: RequisiteType;
  defaultName: string;
  /**
   * Ticking the Electronic Signature Disclosure and Consent is asked here (the sender in the editor, whose
   * certificate quotes it); a signer agrees at 'Almost done!' instead, so their quick sign stays one tap.
   */
  asksConsent: boolean;
  onChosen(requisite: Requisite): void;
  onCustom(): void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const save = useSaveRequisites();
  const [text, setText] = useState(defaultName);
  const [hasConsent, setConsent] = useState(false);
  const check = typedValue.safeParse(text);
  const canSign = check.success && (hasConsent || !asksConsent);

  const onSignNow = async () => {
    if (!canSign) return;
    const name = text.trim();
    const initials = defaultInitials(name);
    const fontFamily = DEFAULT_SIGNATURE_FONT;
    const saved = await save.mutateAsync({
      consent: asksConsent ? t('requisites.consent') : undefined,
      requisites: [
        {
          type: 'sign',
          valueType: 'text',
          text: name,
          fontFamily,
          fontSize: TYPED_FONT_SIZE,
          image: await renderTypedSignature(name, fontFamily),
        },
        {
          type: 'initial',
          valueType: 'text',
          text: initials,
          fontFamily,
          fontSize: TYPED_FONT_SIZE,
          image: await renderTypedSignature(initials, fontFamily),
        },
      ],
    });
    notifySuccess(t('requisites.created'));
    const chosen = saved.find((item) => item.type === type);
    if (chosen) onChosen(chosen);
  };

  return (
    <Stack gap="md">
      <Text fw={600}>{t('requisites.weCreated')}</Text>
      <TextInput
        label={t('requisites.quickSignText')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={text.length > 0 && !check.success ? translateMessage(check.error.issues[0]?.message ?? '') : undefined}
      />
      <Paper withBorder p="xs" radius="sm">
        <FittedText text={type === 'sign' ? text : defaultInitials(text)} fontId={DEFAULT_SIGNATURE_FONT} height={72} />
      </Paper>
      {asksConsent && (
        <Checkbox
          label={t('requisites.consent')}
          checked={hasConsent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
      )}
      <Button onClick={() => void onSignNow()} disabled={!canSign} loading={save.isPending}>
        {t('requisites.signNow')}
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onCustom}>
        {t('requisites.needCustom')}
      </Anchor>
    </Stack>
  );
}
