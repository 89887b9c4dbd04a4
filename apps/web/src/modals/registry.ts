import { TIMINGS } from '@veritext/contracts';
import type { Timers } from '../session/loginCheck.ts';

/** The modals of check-tool.md §2 that this client knows by name. */
export const MODAL_NAMES = [
  'login',
  'signup',
  'forgot',
  'reset',
  'verify_email',
  'info',
  'confirm',
  'report',
  'cart',
  'price',
  'aiprice',
  'notify',
  'get_api_token',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export function isModalName(value: unknown): value is ModalName {
  return typeof value === 'string' && (MODAL_NAMES as readonly string[]).includes(value);
}

/** Modals that open for everyone; the rest send a logged-in user to the new-check page. */
const OPEN_FOR_EVERYONE: ReadonlySet<string> = new Set<ModalName>(['get_api_token']);

export type ModalProps = Readonly<Record<string, unknown>>;
export type ModalOpener = (props: ModalProps) => void;

export type ModalControllerDeps = {
  isLoggedIn: () => boolean;
  goToNewCheck: () => void;
  timers: Timers;
  logError: (message: string) => void;
  retries?: number;
  retryMs?: number;
};

/** The minimum of a DOM click event the delegated listener reads (so it is testable without a DOM). */
export type ClickLike = {
  target: unknown;
  defaultPrevented: boolean;
  button?: number;
  metaKey?: boolean;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  preventDefault: () => void;
};

type ClosestCapable = { closest: (selector: string) => { getAttribute: (name: string) => string | null } | null };

function hasClosest(value: unknown): value is ClosestCapable {
  return (
    typeof value === 'object' && value !== null && typeof (value as Partial<ClosestCapable>).closest === 'function'
  );
}

/**
 * Opens modals by name. Openers register when their component mounts; opening one that is not
 * registered yet is retried (10 times at 100 ms), then only logged (check-tool.md §2).
 */
export function createModalController(deps: ModalControllerDeps) {
  const retries = deps.retries ?? TIMINGS.modalOpenRetries;
  const retryMs = deps.retryMs ?? TIMINGS.modalOpenRetryMs;
  const openers = new Map<string, ModalOpener>();
  const closers = new Set<() => void>();

  function openModal(name: string, props: ModalProps = {}, attempt = 0): void {
    const opener = openers.get(name);
    if (opener !== undefined) {
      opener(props);
      return;
    }
    if (attempt >= retries) {
      deps.logError(`Modal "${name}" could not be opened: it is not registered.`);
      return;
    }
    deps.timers.setTimeout(() => {
      openModal(name, props, attempt + 1);
    }, retryMs);
  }

  /** The behaviour of an element marked data-modal="NAME". */
  function activate(name: string, props: ModalProps = {}): void {
    if (deps.isLoggedIn() && !OPEN_FOR_EVERYONE.has(name)) {
      deps.goToNewCheck();
      return;
    }
    openModal(name, props);
  }

  /** The one delegated click listener for `[data-modal]` elements. */
  function handleClick(event: ClickLike): void {
    if (event.defaultPrevented) return;
    if ((event.button ?? 0) !== 0 || event.metaKey === true || event.ctrlKey === true || event.shiftKey === true)
      return;
    if (!hasClosest(event.target)) return;
    const element = event.target.closest('[data-modal]');
    if (element === null) return;
    const name = element.getAttribute('data-modal');
    if (name === null || name === '') return;
    event.preventDefault();
    activate(name);
  }

  return {
    register(name: string, opener: ModalOpener): () => void {
      openers.set(name, opener);
      return () => {
        if (openers.get(name) === opener) openers.delete(name);
      };
    },
    isRegistered: (name: string): boolean => openers.has(name),
    /** A host registers how to close what it shows; closeAll closes every open modal. */
    registerCloser(closer: () => void): () => void {
      closers.add(closer);
      return () => closers.delete(closer);
    },
    closeAll(): void {
      for (const closer of closers) closer();
    },
    openModal,
    activate,
    handleClick,
  };
}
export type ModalController = ReturnType<typeof createModalController>;
