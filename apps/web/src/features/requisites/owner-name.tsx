import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import { queryKeys } from '../../api/query-keys';

const OwnerNameContext = createContext<string | null>(null);

/** The signer page names its signer here, so the chooser can offer a signature typed from that name. */
export function RequisiteOwnerNameProvider({ name, children }: { name: string; children: ReactNode }) {
  return <OwnerNameContext.Provider value={name}>{children}</OwnerNameContext.Provider>;
}

/** The signer's name on the signer page, else the logged-in user's (never fetched here: a signer has no account). */
export function useRequisiteOwnerName(): string {
  const signerName = useContext(OwnerNameContext);
  const user = useQueryClient().getQueryData(queryKeys.currentUser());
  return signerName ?? user?.name ?? '';
}
