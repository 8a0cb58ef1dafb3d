import type { SignerCompany } from '@esign/shared';
import { Box, Text } from '@mantine/core';
import { ProductName } from '../../layouts/ProductName';

/** The logo's height in the signer page's header (the stored logo is 280x50: 5.6 times as wide). */
const LOGO_HEIGHT = 28;

/**
 * The brand at the start of the signer page's header: the document owner's company logo (else its name), or the
 * product's name when the owner has no company branding. The company's name is the logo's text alternative.
 */
export function CompanyHeader({ company }: { company: SignerCompany | null }) {
  if (!company) return <ProductName />;
  if (company.logoUrl) {
    return (
      <Box
        component="img"
        src={company.logoUrl}
        alt={company.name ?? ''}
        h={LOGO_HEIGHT}
        w={LOGO_HEIGHT * 5.6}
        style={{ flexShrink: 0, objectFit: 'contain', objectPosition: 'left center' }}
        data-testid="company-logo"
      />
    );
  }
  return (
    <Text fw={700} size="sm" style={{ flexShrink: 0 }} maw={160} truncate="end">
      {company.name}
    </Text>
  );
}
