import { type ComponentType, lazy } from 'react';

/**
 * A component whose code loads on its first render (React's lazy() for a named export): pages, and the parts
 * of a page that only appear on demand, stay out of the JavaScript a page needs before it first shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() takes a component of any props.
export function lazyComponent<Component extends ComponentType<any>>(load: () => Promise<Component>) {
  return lazy(async () => ({ default: await load() }));
}
