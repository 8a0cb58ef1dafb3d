import { useEffect, useRef } from 'react';

/**
 * A ref for a page's sticky header: while it is shown, toasts appear below it (`--toasts-top`, read by
 * toast-stack.css) instead of over its buttons.
 */
export function useToastsBelow<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty('--toasts-top', `${Math.ceil(header.getBoundingClientRect().height) + 8}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toasts-top');
    };
  }, []);
  return ref;
}
