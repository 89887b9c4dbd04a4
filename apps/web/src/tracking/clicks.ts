import { trackEvent } from './track.ts';

/** Elements marked `data-track-click="event"` post `/user-action/{event}/` when clicked. */
export const TRACK_CLICK_ATTRIBUTE = 'data-track-click';

/** The event of a link by where it leads: help and contact pages (get_help), the LMS integrations (lms-cta). */
export function linkEvent(pathname: string): string | null {
  const path = pathname.replace(/^\/es(?=\/)/, '');
  if (/^\/(contact-us|help|faq)(\/|$)/.test(path)) return 'get_help';
  if (/^\/(profile\/)?(integrations|lms)(\/|$)/.test(path)) return 'lms-cta';
  return null;
}

/** One delegated click listener: marked elements, and same-site links to help or LMS pages. */
export function listenForTrackedClicks(root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target === null) return;
    const marked = target.closest(`[${TRACK_CLICK_ATTRIBUTE}]`)?.getAttribute(TRACK_CLICK_ATTRIBUTE);
    if (marked !== undefined && marked !== null && marked !== '') {
      trackEvent(marked);
      return;
    }
    const link = target.closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const name = linkEvent(link.pathname);
    if (name !== null) trackEvent(name);
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
  };
}
