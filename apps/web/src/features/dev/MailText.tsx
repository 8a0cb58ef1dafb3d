import { Anchor, Box } from '@mantine/core';
import { useMemo } from 'react';
import { linkify } from './linkify';

/** A mail's plain-text part as text, with its http(s) links clickable. Never renders HTML. */
export function MailText({ text }: { text: string }) {
  const segments = useMemo(() => linkify(text), [text]);
  return (
    <Box
      component="pre"
      m={0}
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'inherit',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      {segments.map((segment, index) =>
        segment.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <Anchor key={index} href={segment.href} inherit>
            {segment.href}
          </Anchor>
        ) : (
          segment.text
        ),
      )}
    </Box>
  );
}
