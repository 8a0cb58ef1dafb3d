import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify';

/**
 * A template action's failure: over the plan's template limit (403 QUOTA_EXCEEDED) it opens the upgrade modal with
 * the server's sentence for the plan; anything else is a toast.
 */
export function useTemplateQuota() {
  const [upgradeText, setUpgradeText] = useState<string | null>(null);
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'QUOTA_EXCEEDED') setUpgradeText(error.message);
    else notifyError(error);
  };
  return { upgradeText, onError, closeUpgrade: () => setUpgradeText(null) };
}
