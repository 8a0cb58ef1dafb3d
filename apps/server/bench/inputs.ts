import { PDF } from '@libpdf/core';
import sharp from 'sharp';

/** A text PDF of `pages` Letter pages, made here so the benchmark needs no large file in the repository. */
export async function textPdf(pages: number): Promise<Uint8Array> {
  const pdf = PDF.create();
  const line = 'The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. ';
  for (let index = 0; index < pages; index++) {
    const page = pdf.addPage({ size: 'letter' });
    for (let row = 0; row < 45; row++) {
      page.drawText(`${index + 1}.${row + 1} ${line}`, { x: 40, y: 750 - row * 15, size: 9 });
    }
  }
  return pdf.save();
}

/** A photo-like JPEG of the given size (noise over a gradient, which compresses like a scan or photo). */
export async function noisyJpeg(width: number, height: number, quality = 80): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 128 + ((seed >> 16) % 96) - 48 + Math.floor((i / noise.length) * 60);
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A "scanned" PDF: one A4 page per JPEG image, about `targetBytes` in all. */
export async function scannedPdf(pages: number, targetBytes: number): Promise<Uint8Array> {
  const perPage = targetBytes / pages;
  // Grey page scans at about 100 dpi; quality tuned so each page is about perPage bytes.
  let image = await noisyJpeg(827, 1169, 40);
  for (let quality = 40; image.length < perPage && quality < 95; quality += 10) {
    image = await noisyJpeg(827, 1169, quality);
  }
  const pdf = PDF.create();
  const embedded = pdf.embedJpeg(new Uint8Array(image));
  for (let index = 0; index < pages; index++) {
    // A real scan has a different image per page: embed each page's bytes anew.
    const pageImage = index === 0 ? embedded : pdf.embedJpeg(new Uint8Array(image));
    pdf.addPage({ size: 'a4' }).drawImage(pageImage, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return pdf.save();
}

/** The signature and initials picture of the seal benchmark (a drawn signature's size). */
export async function signaturePicture(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 300, height: 100, channels: 4, background: '#1030c0ff' } })
      .png()
      .toBuffer(),
  );
}

/**
 * Three files a signer attaches (issue 37), about 5 MB each and of the three kinds an attachment may be: a scanned
 * PDF, a photo (JPEG) and a screenshot-like PNG of noise. All made from a fixed seed, and all compressed already,
 * as such files are.
 */
export async function attachmentFiles(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const side = 1322;
  const noise = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let i = 0; i < noise.length; i++) {
    // Math.imul: the product in 32 bits (a double would round it, and the sequence would soon repeat).
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    noise[i] = seed >>> 23;
  }
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return [
    { name: 'contract-scan.pdf', bytes: await scannedPdf(10, 5 * 2 ** 20) },
    { name: 'photo.jpg', bytes: new Uint8Array(await noisyJpeg(3600, 2600, 90)) },
    { name: 'screenshot.png', bytes: new Uint8Array(png) },
  ];
}
