import { Alert, Button, Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';

const ReassignModal = lazyComponent(async () => (await import('./ReassignModal')).ReassignModal);

interface ExtrasView {
  document: {
    id: string;
    status: string;
    allowReassign?: boolean | undefined;
    inPersonHost?: string | null | undefined;
  };
  signer: { id: string };
}

/**
 * What the signer page adds after sending (issue 36): the banner of a signing hosted in person, and 'Reassign'
 * where the sender allows it (not in person: the sender corrects the signer instead).
 */
export function SignerPageExtras({ view, hasSigned }: { view: ExtrasView; hasSigned: boolean }) {
  const { t } = useTranslation();
  const [isReassigning, setReassigning] = useState(false);
  const host = view.document.inPersonHost ?? null;
  const canReassign =
    view.document.allowReassign === true && host === null && !hasSigned && view.document.status === 'awaiting';
  if (host === null && !canReassign) return null;
  return (
    <>
      {host !== null ? (
        <Alert color="grape" mb="md" data-testid="in-person-banner">
          {t('reassign.inPerson', { name: host })}
        </Alert>
      ) : null}
      {canReassign ? (
        <Group justify="flex-end" mb="md">
          <Button variant="default" onClick={() => setReassigning(true)}>
            {t('reassign.open')}
          </Button>
        </Group>
      ) : null}
      <Suspense fallback={null}>
        {isReassigning ? (
          <ReassignModal
            documentId={view.document.id}
            signerId={view.signer.id}
            onClose={() => setReassigning(false)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
