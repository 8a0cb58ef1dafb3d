/**
 * The image conversion's own process (see image-process.ts): it takes one image from its parent, answers the PDF
 * or the ConversionError's sentence, and exits, so the memory the decoding took ends with it.
 */
import { ConversionError } from './conversion-error.js';
import type { ImageChildAnswer, ImageChildRequest } from './image-process.js';
import { imageToPdf } from './image-to-pdf.js';

process.once('message', async ({ input, extension }: ImageChildRequest) => {
  let answer: ImageChildAnswer;
  try {
    const { bytes, metadata } = await imageToPdf(input, extension);
    answer = { bytes, metadata };
  } catch (error) {
    answer =
      error instanceof ConversionError ? { userMessage: error.userMessage } : { error: (error as Error).message };
  }
  process.send?.(answer, () => process.exit(0));
});
