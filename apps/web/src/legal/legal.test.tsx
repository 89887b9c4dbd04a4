import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_RETENTION_DAYS, SITE_LANGUAGES, type SiteLanguage } from '@veritext/contracts';
import { routes } from '../app/routes.tsx';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { CartSummary, type CartSummaryProps } from '../commerce/CartSummary.tsx';
import { cartView } from '../commerce/cart.ts';
import { PricingPlans, type PricingPlansProps } from '../commerce/PricingPlans.tsx';
import { initialPromoState } from '../commerce/promoBox.ts';
import { aiBasicLine, cartItem, order, pricingFixture } from '../commerce/testOrders.ts';
import { Footer } from '../components/Footer.tsx';
import { i18next, initI18n } from '../i18n/index.ts';
import { localisedPath } from '../language/language.ts';
import { ContactPage } from '../forms/ContactPage.tsx';
import { PricingPage } from '../pages/SitePages.tsx';
import { PortalLoginPage } from '../portal/PortalLoginPage.tsx';
import { PortalRegistrationPage } from '../portal/PortalRegistrationPage.tsx';
import { AgreeToTerms } from './LegalLinks.tsx';
import { formatLegalDate, LEGAL_TEXTS, LegalPage } from './LegalPage.tsx';
import { LEGAL_DOCUMENTS, LEGAL_LAST_UPDATED, LEGAL_PATHS } from './legalPaths.ts';
import { fillFacts, linkTarget, parseInline, type LegalText } from './legalText.ts';
import { supportEmail } from './operator.ts';

const FACTS = { supportEmail: 'help@school.example' };
const noop = (): void => undefined;
const guestSession = {
  subscribe: () => () => undefined,
  getState: () => ({ status: 'guest', profile: null, error: null }),
} as unknown as Services['session'];

function html(node: ReactNode, url = '/'): string {
  const services = { queryClient: new QueryClient(), session: guestSession } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <Suspense fallback={null}>{node}</Suspense>
        </QueryClientProvider>
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function textOf(markup: string): string {
  return decode(markup.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The site addresses a piece of markup links to (mailto: and in-page anchors left out). */
function sitePaths(markup: string): string[] {
  return [...markup.matchAll(/href="([^"]+)"/g)]
    .map((match) => decode(match[1] ?? ''))
    .filter((href) => href.startsWith('/'))
    .map((href) => href.split(/[?#]/)[0] ?? href);
}

/** The route an address reaches: its deepest match in the router's table ('*' is the 404 page). */
function routeOf(pathname: string): string {
  return (matchRoutes(routes, pathname) ?? []).at(-1)?.route.path ?? '(none)';
}

function expectExistingRoutes(paths: readonly string[]): void {
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(routeOf(path), path).not.toBe('*');
}

async function inLanguage(lang: SiteLanguage): Promise<void> {
  await i18next.changeLanguage(lang);
}

function allTexts(text: LegalText): string[] {
  return [
    text.title,
    text.lead,
    ...text.sections.flatMap((section) => [
      section.heading,
      ...section.blocks.flatMap((block) => ('p' in block ? [block.p] : block.list)),
    ]),
  ];
}

describe('the legal documents', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it.each(LEGAL_DOCUMENTS)('%s: English and Spanish have the same sections, none empty', (doc) => {
    const { en, es } = LEGAL_TEXTS[doc];
    expect(es.sections.map((section) => section.id)).toEqual(en.sections.map((section) => section.id));
    en.sections.forEach((section, index) => {
      expect(es.sections[index]?.blocks.length, section.id).toBe(section.blocks.length);
    });
    for (const text of [en, es]) {
      expect(new Set(text.sections.map((section) => section.id)).size).toBe(text.sections.length);
      for (const line of allTexts(text)) expect(line.trim()).not.toBe('');
    }
    // Spanish is a translation, not a copy.
    expect(es.title).not.toBe(en.title);
    expect(es.sections.map((section) => section.heading)).not.toEqual(en.sections.map((section) => section.heading));
  });

  it.each(LEGAL_DOCUMENTS)('%s: every link leads to a page of the router', (doc) => {
    for (const lang of SITE_LANGUAGES) {
      for (const line of allTexts(LEGAL_TEXTS[doc][lang])) {
        for (const part of parseInline(fillFacts(line, FACTS), lang)) {
          if (!('href' in part)) continue;
          if (part.isExternal) expect(part.href).toBe(`mailto:${FACTS.supportEmail}`);
          else expect(routeOf(part.href), `${doc} (${lang}): ${part.href}`).not.toBe('*');
        }
      }
    }
  });

  it('refuses a link target it does not know', () => {
    expect(() => linkTarget('https://example.com', 'en')).toThrow(/unknown link target/);
    expect(linkTarget('privacy', 'es')).toEqual({ href: '/es/privacy/', isExternal: false });
    expect(linkTarget('/pricing/', 'es')).toEqual({ href: '/es/pricing/', isExternal: false });
    expect(linkTarget('/profile/', 'es')).toEqual({ href: '/profile/', isExternal: false });
  });

  describe.each(SITE_LANGUAGES)('rendered in %s', (lang) => {
    beforeAll(async () => {
      await inLanguage(lang);
    });

    it.each(LEGAL_DOCUMENTS)('%s: its route renders the title, the date, the contents and every section', (doc) => {
      const path = localisedPath(LEGAL_PATHS[doc], lang);
      const match = (matchRoutes(routes, path) ?? []).at(-1);
      expect(match?.route.path).toBe(path);
      const element = match?.route.element as ReactElement<{ doc: string }>;
      expect(element.props.doc).toBe(doc);

      const markup = html(<LegalPage doc={doc} facts={FACTS} />, path);
      const text = LEGAL_TEXTS[doc][lang];
      expect(markup).toContain(`<h1 id="page-title" tabindex="-1">${text.title}</h1>`);
      expect(textOf(markup)).toContain(
        `${lang === 'es' ? 'Última actualización' : 'Last updated'}: ${formatLegalDate(LEGAL_LAST_UPDATED, lang)}`,
      );
      expect(markup).toContain(`<time dateTime="${LEGAL_LAST_UPDATED}">`);
      expect(markup).toContain(
        `<h2 id="legal-contents" class="legal__toc-title">${lang === 'es' ? 'Contenido' : 'Contents'}</h2>`,
      );
      text.sections.forEach((section, index) => {
        expect(markup).toContain(`<a href="#${section.id}">`);
        expect(markup).toContain(`<section id="${section.id}"`);
        expect(textOf(markup)).toContain(`${String(index + 1)}. ${section.heading}`);
      });
      // Facts are filled in, link syntax is gone, and the page links only to pages that exist.
      expect(markup).not.toMatch(/\{supportEmail\}|\{guestCookieDays\}|\]\(/);
      expectExistingRoutes(sitePaths(markup));
      // The other three documents are linked in the same language.
      for (const other of LEGAL_DOCUMENTS.filter((d) => d !== doc)) {
        expect(markup).toContain(`href="${localisedPath(LEGAL_PATHS[other], lang)}"`);
      }
    });
  });

  it('the privacy policy states the guest cookie lifetime from the constant and the real cookie names', async () => {
    await inLanguage('en');
    const text = textOf(html(<LegalPage doc="privacy" facts={FACTS} />, '/privacy/'));
    for (const name of ['vt_session', 'guest_data', 'vt_csrf', 'language', 'exclude_from_index']) {
      expect(text).toContain(name);
    }
    expect(text).toContain('the guest cookie lasts 365 days');
  });

  it.each(SITE_LANGUAGES)(
    'the privacy policy (%s) states only what the product does: the opt-out box, deletion, guest retention (issue 13, A5)',
    async (lang) => {
      await inLanguage(lang);
      const text = textOf(
        html(<LegalPage doc="privacy" facts={FACTS} />, lang === 'es' ? '/es/privacy/' : '/privacy/'),
      );
      // the check form's own label, as the user sees it
      expect(text).toContain(i18next.t('dataControls.excludeFromIndex.label'));
      expect(text).toContain(String(GUEST_RETENTION_DAYS));
      expect(text).toMatch(lang === 'es' ? /Mis documentos/ : /My Documents/);
      // promises nothing enforces are gone
      expect(text).not.toMatch(/30 days at most|at most 30 days|30 días como máximo|within one month|plazo de un mes/);
      expect(text).not.toMatch(
        /does not offer this switch yet|aún no ofrece esta opción|cannot be deleted from My Documents yet/,
      );
      expect(text).not.toMatch(/owner chooses to share|propietario decida compartir/);
    },
  );

  it.each(SITE_LANGUAGES)(
    'the refund policy (%s) says staff issue refunds and promises no reply time',
    async (lang) => {
      await inLanguage(lang);
      const text = textOf(
        html(
          <LegalPage doc="refund" facts={FACTS} />,
          lang === 'es' ? '/es/money-back-guarantee/' : '/money-back-guarantee/',
        ),
      );
      expect(text).toMatch(lang === 'es' ? /nuestro personal/ : /our staff/);
      expect(text).not.toMatch(/within 5 working days|5 días laborables/);
    },
  );
});

describe('links to the legal pages point to routes that exist', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it.each(SITE_LANGUAGES)('the footer (%s) lists the four documents, and every footer link is a page', async (lang) => {
    await inLanguage(lang);
    const markup = html(<Footer />);
    for (const doc of LEGAL_DOCUMENTS) expect(markup).toContain(`href="${localisedPath(LEGAL_PATHS[doc], lang)}"`);
    expectExistingRoutes(sitePaths(markup));
  });

  it.each(SITE_LANGUAGES)('the cart (%s): refund and cancellation policies in its language', async (lang) => {
    await inLanguage(lang);
    const props: CartSummaryProps = {
      view: cartView(order([cartItem({ id: 1 }), aiBasicLine])),
      lang,
      promo: initialPromoState(null),
      removingId: null,
      isCheckingOut: false,
      error: null,
      notice: null,
      onRemove: noop,
      onPromoOpen: noop,
      onPromoChange: noop,
      onPromoCancel: noop,
      onPromoSubmit: noop,
      onPromoRemove: noop,
      onLeave: noop,
      onCheckout: noop,
    };
    const markup = html(<CartSummary {...props} />);
    expect(markup).toContain(`href="${localisedPath('/money-back-guarantee/', lang)}"`);
    expect(markup).toContain(`href="${localisedPath('/cancellation-policy/', lang)}"`);
    expectExistingRoutes(sitePaths(markup));
  });

  it.each(SITE_LANGUAGES)('the pricing plans (%s) link both policies', async (lang) => {
    await inLanguage(lang);
    const props: PricingPlansProps = {
      pricing: pricingFixture,
      tab: 'individ',
      lang,
      route: 'cart',
      pendingService: null,
      error: null,
      groups: [],
      groupId: null,
      onGroupChange: noop,
      onTabChange: noop,
      onBuy: noop,
    };
    const markup = html(<PricingPlans {...props} />);
    expect(markup).toContain(`href="${localisedPath('/money-back-guarantee/', lang)}"`);
    expect(markup).toContain(`href="${localisedPath('/cancellation-policy/', lang)}"`);
    expectExistingRoutes(sitePaths(markup));
  });

  it.each(SITE_LANGUAGES)('the terms checkbox (%s): the sentence, with both documents as links', async (lang) => {
    await inLanguage(lang);
    const markup = html(<AgreeToTerms />);
    expect(textOf(markup)).toContain(
      lang === 'es'
        ? 'Acepto las Condiciones de uso y la Política de privacidad'
        : 'I agree to the Terms of Use and the Privacy Policy',
    );
    expect(markup).toContain(`href="${localisedPath('/terms/', lang)}" target="_blank" rel="noopener noreferrer"`);
    expect(markup).toContain(`href="${localisedPath('/privacy/', lang)}" target="_blank"`);
    expectExistingRoutes(sitePaths(markup));
  });

  it('the portal: the registration checkbox and every portal card link the documents', async () => {
    await inLanguage('en');
    const registration = html(<PortalRegistrationPage />, '/integrito/registration/?utm=x');
    expect(registration).toMatch(/name="terms"[^>]*\/>.*href="\/terms\/"/s);
    const login = html(<PortalLoginPage />, '/integrito/login/');
    expect(login).toContain('href="/terms/"');
    expect(login).toContain('href="/privacy/"');
    expectExistingRoutes([...sitePaths(registration), ...sitePaths(login)]);
  });
});

describe('nothing is advertised that the product does not do', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it.each(SITE_LANGUAGES)(
    'the pricing page (%s) sells no grammar checker, citation generator or 24/7 support',
    async (lang) => {
      await inLanguage(lang);
      const markup = html(<PricingPage />, localisedPath('/pricing/', lang));
      const features = /<ul class="ticks ticks--columns">(.*?)<\/ul>/s.exec(markup)?.[1] ?? '';
      expect(features).not.toBe('');
      expect(textOf(features)).not.toMatch(
        /grammar|gramatical|citation generator|generador de citas|24\/7|24 horas|subscription|suscripci|internet/i,
      );
      expect(textOf(markup)).toContain(
        lang === 'es' ? 'Soporte por correo electrónico en días laborables' : 'Support by email on working days',
      );
    },
  );

  it('the contact page names the real support channel', async () => {
    await inLanguage('en');
    const markup = html(<ContactPage />, '/contact-us/');
    expect(markup).toMatch(/href="mailto:support@[^"]+"/);
  });

  it('the support address: the configured one, or support@ the site’s domain', () => {
    expect(supportEmail('www.veritext.org', '')).toBe('support@veritext.org');
    expect(supportEmail('checks.school.edu', '  ')).toBe('support@checks.school.edu');
    expect(supportEmail('veritext.org', 'help@veritext.org')).toBe('help@veritext.org');
    expect(supportEmail('127.0.0.1', '')).toBe('support@localhost');
    expect(supportEmail('[::1]', '')).toBe('support@localhost');
  });
});
