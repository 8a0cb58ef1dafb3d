import { safeRedirectionUrl } from '@esign/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { notifyError } from '../../api/notify';
import { lazyComponent } from '../../app/lazy-component';
import { useTranslation } from '../../i18n';
import { BottomBar } from './BottomBar';
import { postToEmbedder } from './embed';
import { useRecipientAct } from './mutations';

const RejectModal = lazyComponent(async () => (await import('./RejectModal')).RejectModal);

type Outcome = 'approved' | 'rejected' | 'acknowledged';

interface RecipientActionsProps {
  documentId: string;
  recipientRole: 'approver' | 'viewer';
  signerId: string;
  senderName: string;
  /** Finished before the page opened (approved or acknowledged). */
  isFinished: boolean;
  /** Its rejection, when it rejected before. */
  rejection: { reason: string } | null;
  /** It is this recipient's turn and the document awaits. */
  isMyTurn: boolean;
  embedOrigins: string[];
}

/**
 * Issue 36, what an approver or a viewer does on the signer page: a bar at the bottom (a phone's thumb reaches it)
 * with the request ('{{name}} asks you to review and approve') and Approve / Reject, or 'I have viewed this
 * document'; then what was done, in place of the bar.
 */
export function RecipientActions(props: RecipientActionsProps) {
  const { t } = useTranslation();
  const act = useRecipientAct(props.documentId, props.signerId);
  const [isRejecting, setRejecting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(
    props.rejection
      ? 'rejected'
      : props.isFinished
        ? props.recipientRole === 'approver'
          ? 'approved'
          : 'acknowledged'
        : null,
  );
  const [reason, setReason] = useState(props.rejection?.reason ?? '');
  // The reject step's code comes after the page shows, so 'Reject' opens it at once.
  const canReject = props.recipientRole === 'approver' && props.isMyTurn && outcome === null;
  useEffect(() => {
    if (canReject) RejectModal.preload().catch(() => {});
  }, [canReject]);

  const run = (kind: 'approve' | 'acknowledge' | 'reject', rejectReason = '') => {
    const request = kind === 'reject' ? { kind, reason: rejectReason } : { kind };
    act.mutate(request, {
      onSuccess: (answer) => {
        setRejecting(false);
        setReason(rejectReason);
        setOutcome(kind === 'approve' ? 'approved' : kind === 'reject' ? 'rejected' : 'acknowledged');
        postToEmbedder(props.embedOrigins, {
          type: 'completed',
          documentId: props.documentId,
          documentStatus: answer.documentStatus,
        });
        const redirection = kind === 'reject' ? null : safeRedirectionUrl(answer.redirectionPage);
        if (redirection) window.location.assign(redirection);
      },
      onError: (error) => {
        setRejecting(false);
        notifyError(error);
      },
    });
  };

  if (outcome) {
    const texts = {
      approved: ['recipientRoles.approvedTitle', 'recipientRoles.approvedText'],
      rejected: ['recipientRoles.rejectedTitle', 'recipientRoles.rejectedText'],
      acknowledged: ['recipientRoles.acknowledgedTitle', 'recipientRoles.acknowledgedText'],
    } as const;
    const [title, text] = texts[outcome];
    return (
      <Alert color={outcome === 'rejected' ? 'red' : 'green'} title={t(title)} mb="md" role="status">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t(text, { reason })}
        </Text>
      </Alert>
    );
  }
  if (!props.isMyTurn) return null;
  return (
    <BottomBar testId="recipient-actions">
      <Stack gap="xs" maw={958} mx="auto">
        <Text size="sm">
          {t(props.recipientRole === 'approver' ? 'recipientRoles.approverIntro' : 'recipientRoles.viewerIntro', {
            name: props.senderName,
          })}
        </Text>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {props.recipientRole === 'approver' ? (
            <>
              <Button variant="outline" color="red" onClick={() => setRejecting(true)} disabled={act.isPending}>
                {t('recipientRoles.reject')}
              </Button>
              <Button onClick={() => run('approve')} loading={act.isPending}>
                {t('recipientRoles.approve')}
              </Button>
            </>
          ) : (
            <Button onClick={() => run('acknowledge')} loading={act.isPending}>
              {t('recipientRoles.acknowledge')}
            </Button>
          )}
        </Group>
      </Stack>
      <Suspense fallback={null}>
        {isRejecting ? (
          <RejectModal
            isPending={act.isPending}
            onClose={() => setRejecting(false)}
            onReject={(given) => run('reject', given)}
          />
        ) : null}
      </Suspense>
    </BottomBar>
  );
}
