/**
 * What an input keeps of its text after `filter` (digits only, say), written back into the input at once. React put
 * a controlled input back to its state after every change; Preact (the app's renderer) re-renders only when the state
 * changes, so a character the filter drops while the state stays the same (a letter typed into '123') would stay on
 * screen, shown but never sent.
 */
export function filteredValue(input: HTMLInputElement, filter: (value: string) => string): string {
  const value = filter(input.value);
  if (value !== input.value) input.value = value;
  return value;
}
