import type { Requisite } from '@esign/shared';
import { Box, Image } from '@mantine/core';
import { useRequisiteImageUrl } from './api';

/** A requisite's image (signed URL), contained in a box of the given height. */
export function RequisiteImage({ requisite, alt, height }: { requisite: Requisite; alt: string; height: number }) {
  const url = useRequisiteImageUrl(requisite);
  return (
    <Box h={height} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {url && <Image src={url} alt={alt} mah={height} maw="100%" fit="contain" />}
    </Box>
  );
}
