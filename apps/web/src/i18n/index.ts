import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isUiLanguage, UI_LANGUAGES, type UiLanguage } from '@veritext/contracts';

type Part = { default: Record<string, unknown> };
type Tree = Record<string, unknown>;

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null;
}

/**
 * The two parts of a catalogue as one: both hold the same namespaces ('common' has keys in each), so they merge
 * key by key, never one namespace replacing the other's.
 */
export function mergeParts(core: Tree, rest: Tree): Tree {
  const out: Tree = { ...core };
  for (const [key, value] of Object.entries(rest)) {
    const mine = out[key];
    out[key] = isTree(mine) && isTree(value) ? mergeParts(mine, value) : value;
  }
  return out;
}

/**
 * Each catalogue is two chunks (apps/web/build/catalogueParts.ts): the first-load part, fetched with the page (the HTML
 * starts it beside the entry chunk: vite.config.ts), and the rest, fetched with the first chunk that loads
 * on demand. Only the page's language is fetched; the other arrives on a switch.
 */
const PARTS: Record<UiLanguage, { core: () => Promise<Part>; rest: () => Promise<Part> }> = {
  en: { core: () => import('./parts/en-core.ts'), rest: () => import('./parts/en-rest.ts') },
  es: { core: () => import('./parts/es-core.ts'), rest: () => import('./parts/es-rest.ts') },
  no: { core: () => import('./parts/no-core.ts'), rest: () => import('./parts/no-rest.ts') },
};

/** The languages whose rest is loaded or on its way. */
const restLoads = new Map<UiLanguage, Promise<void>>();

function loadRest(language: UiLanguage): Promise<void> {
  let pending = restLoads.get(language);
  if (pending === undefined) {
    pending = PARTS[language].rest().then((part) => {
      i18next.addResourceBundle(language, 'translation', part.default, true, false);
    });
    // A failed fetch is tried again by the next chunk that needs it.
    pending.catch(() => {
      restLoads.delete(language);
    });
    restLoads.set(language, pending);
  }
  return pending;
}

/** Resolves once the current language's whole catalogue is there: the chunks that load on demand wait for it. */
export function whenCatalogueComplete(): Promise<void> {
  const language = i18next.language;
  return isUiLanguage(language) ? loadRest(language) : Promise.resolve();
}

/**
 * Loads a language's catalogue when i18next needs it: at start the first-load part; on a switch, once
 * on-demand chunks are in use, the whole catalogue.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isUiLanguage(language)) {
      callback(null, {});
      return;
    }
    const wantsRest = restLoads.size > 0;
    Promise.all([PARTS[language].core(), wantsRest ? PARTS[language].rest() : null]).then(
      ([core, rest]) => {
        if (rest !== null) restLoads.set(language, Promise.resolve());
        callback(null, rest === null ? core.default : mergeParts(core.default, rest.default));
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), null);
      },
    );
  },
};

/** Sets up i18next for the interface languages (Norwegian: 'no'); every user-visible string goes through it. */
export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  await i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: it would make a Spanish page fetch the English catalogue too. The catalogues
      // have exactly the same keys (catalogue.test.ts), so a fallback would never be used.
      fallbackLng: false,
      supportedLngs: [...UI_LANGUAGES],
      // 'es', never 'es-ES' and its base: one catalogue per language.
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      // Text on screen follows a catalogue part that arrives later (re-rendered when it is added), and a key
      // that the first-load part lacks all the same fetches the rest at once.
      react: { bindI18nStore: 'added' },
      saveMissing: true,
      missingKeyHandler: () => {
        void whenCatalogueComplete().catch(() => undefined);
      },
    });
  return i18next;
}

export { i18next };
