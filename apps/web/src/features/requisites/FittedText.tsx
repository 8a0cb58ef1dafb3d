import type { SignatureFontId } from '@esign/shared';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import './fonts';
import { fitFontSize, PREVIEW_FONT, signatureFontCss } from './typed-signature';

let measuringContext: CanvasRenderingContext2D | null = null;

function textWidth(text: string, fontSize: number, fontId: SignatureFontId): number {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  if (measuringContext === null) return 0;
  measuringContext.font = `${fontSize}px ${signatureFontCss(fontId)}`;
  return measuringContext.measureText(text).width;
}

/** Typed text in a script font, starting at 36 px and shrinking until it fits its container minus 40 px. */
export function FittedText({ text, fontId, height = 56 }: { text: string; fontId: SignatureFontId; height?: number }) {
  const { ref, width } = useElementSize();
  // Bumped when the font file has arrived, so the text is measured again with the real glyphs.
  const [, setFontsLoaded] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    // Measuring before the font file arrives would fit the fallback font's glyphs.
    void document.fonts.load(`${PREVIEW_FONT.start}px ${signatureFontCss(fontId)}`, text).then(() => {
      if (isCurrent) setFontsLoaded((count) => count + 1);
    });
    return () => {
      isCurrent = false;
    };
  }, [fontId, text]);

  const fontSize = width === 0 ? PREVIEW_FONT.start : fitFontSize((size) => textWidth(text, size, fontId), width);

  return (
    <Box
      ref={ref}
      h={height}
      style={{
        fontFamily: signatureFontCss(fontId),
        fontSize,
        lineHeight: `${height}px`,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textAlign: 'center',
      }}
    >
      {text}
    </Box>
  );
}
