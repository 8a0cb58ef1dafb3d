/** An image of the modal: new (a data URL to send) or kept from the saved item (shown by its URL, not sent). */
export type ImageValue = { kind: 'new'; dataUrl: string } | { kind: 'kept'; url: string };

export function imageSrc(value: ImageValue): string {
  return value.kind === 'new' ? value.dataUrl : value.url;
}
