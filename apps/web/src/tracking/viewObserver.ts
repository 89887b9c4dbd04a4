import { trackEvent } from './track.ts';

/** Elements marked `data-track-view="event"` post `/user-action/{event}/` the first time they appear. */
export const TRACK_VIEW_ATTRIBUTE = 'data-track-view';

/**
 * Watches the document for elements with `data-track-view` (also ones added later) and tracks each event once
 * per element when at least half of it is in view. Returns a function that stops watching.
 */
export function observeTrackedViews(root: ParentNode & Node = document.body): () => void {
  if (typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined') return () => undefined;
  const seen = new WeakSet<Element>();
  const intersections = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || seen.has(entry.target)) continue;
        seen.add(entry.target);
        intersections.unobserve(entry.target);
        const name = entry.target.getAttribute(TRACK_VIEW_ATTRIBUTE);
        if (name !== null && name !== '') trackEvent(name);
      }
    },
    { threshold: 0.5 },
  );
  const watch = (node: ParentNode) => {
    if (node instanceof Element && node.hasAttribute(TRACK_VIEW_ATTRIBUTE) && !seen.has(node)) {
      intersections.observe(node);
    }
    for (const element of node.querySelectorAll(`[${TRACK_VIEW_ATTRIBUTE}]`)) {
      if (!seen.has(element)) intersections.observe(element);
    }
  };
  watch(root);
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) watch(node);
      }
    }
  });
  mutations.observe(root, { childList: true, subtree: true });
  return () => {
    mutations.disconnect();
    intersections.disconnect();
  };
}
