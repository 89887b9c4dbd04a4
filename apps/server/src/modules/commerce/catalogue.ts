import type { PackageType, Plan, SubscriptionPlan } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';

/** A pay-per-use pack (commerce-and-cabinet.md §3, §9): money in cents, USD. */
export type Package = {
  code: string;
  name: string;
  tab: 'individ' | 'business' | 'ai';
  type: PackageType;
  /** Pages for type 'pages', AI pages (one AI check each) for type 'ai'. */
  pages: number;
  price: number;
};

/** The packs and their default prices; an operator's prices (catalogue_prices) replace these: see `packages()`. */
export const CATALOGUE: readonly Package[] = [
  { code: 'basic', name: 'Basic', tab: 'individ', type: 'pages', pages: 20, price: 599 },
  { code: 'light', name: 'Light', tab: 'individ', type: 'pages', pages: 50, price: 999 },
  { code: 'standard', name: 'Standard', tab: 'individ', type: 'pages', pages: 150, price: 2549 },
  { code: 'premium', name: 'Premium', tab: 'individ', type: 'pages', pages: 300, price: 4549 },
  { code: 'teams500', name: 'Teams 500', tab: 'business', type: 'pages', pages: 500, price: 6999 },
  { code: 'teams1000', name: 'Teams 1000', tab: 'business', type: 'pages', pages: 1000, price: 11999 },
  { code: 'teams2500', name: 'Teams 2500', tab: 'business', type: 'pages', pages: 2500, price: 24999 },
  { code: 'aiBasic', name: 'AI Basic', tab: 'ai', type: 'ai', pages: 10, price: 299 },
  { code: 'aiStandard', name: 'AI Standard', tab: 'ai', type: 'ai', pages: 25, price: 499 },
  { code: 'aiExpert', name: 'AI Expert', tab: 'ai', type: 'ai', pages: 60, price: 999 },
];

/* ------------------------------------------------------------------ an operator's prices */

/** An operator's price for one pack ('pack:CODE') or plan ('plan:KEY'), and its pages where it changes them. */
export type PriceOverride = { code: string; price: number; pages: number | null; ai_pages: number | null };

let overrides: ReadonlyMap<string, PriceOverride> = new Map();

/** Reads the operator's prices (catalogue_prices); the server does so at start-up and every minute. */
export async function refreshCatalogue(db: Queryable): Promise<void> {
  const { rows } = await db.query<PriceOverride>('SELECT code, price, pages, ai_pages FROM catalogue_prices');
  overrides = new Map(rows.map((row) => [row.code, row]));
}

/** Every code an operator may price: the packs' and the plans'. */
export function catalogueCodes(): string[] {
  return [...CATALOGUE.map((pack) => `pack:${pack.code}`), ...SUBSCRIPTION_PLANS.map((plan) => `plan:${plan.key}`)];
}

function priced(pack: Package): Package {
  const o = overrides.get(`pack:${pack.code}`);
  return o === undefined ? pack : { ...pack, price: o.price, pages: o.pages ?? pack.pages };
}

/** The packs at today's prices. */
export function packages(): Package[] {
  return CATALOGUE.map(priced);
}

export function findPackage(code: string): Package | null {
  const pack = CATALOGUE.find((p) => p.code === code);
  return pack === undefined ? null : priced(pack);
}

export function toPlan(pack: Package): Plan {
  return {
    service: pack.code,
    name: pack.name,
    type: pack.type,
    pages: pack.type === 'pages' ? pack.pages : null,
    ai_pages: pack.type === 'ai' ? pack.pages : null,
    price: pack.price,
    per_page: pack.price / 100 / pack.pages,
  };
}

export function plansOfTab(tab: Package['tab']): Plan[] {
  return packages()
    .filter((pack) => pack.tab === tab)
    .map(toPlan);
}

/**
 * Monthly plans (commerce-and-cabinet.md §3): individual (light, standard), team (lightTeams, standardTeams: bought
 * by an organisation's owner for the organisation) and AI (AI Basic, AIStandard, AIExpert: for the buyer or an
 * organisation the buyer owns). Price per month in cents; pages and AI pages credited each month through the
 * ledger. Pages left at a renewal stay (see the pricing page); a month's pages are worth less per page than packs.
 */
export type SubscriptionPlanDef = Omit<SubscriptionPlan, 'service'>;

/** The plans and their default prices and pages; an operator's prices replace these: see `subscriptionPlanDefs()`. */
export const SUBSCRIPTION_PLANS: readonly SubscriptionPlanDef[] = [
  { key: 'light', name: 'Light', kind: 'individ', price: 999, pages: 60, ai_pages: 20 },
  { key: 'standard', name: 'Standard', kind: 'individ', price: 2499, pages: 180, ai_pages: 60 },
  { key: 'lightTeams', name: 'Light', kind: 'team', price: 5999, pages: 600, ai_pages: 150 },
  { key: 'standardTeams', name: 'Standard', kind: 'team', price: 11999, pages: 1500, ai_pages: 400 },
  { key: 'aiBasic', name: 'AI Basic', kind: 'ai', price: 299, pages: 0, ai_pages: 15 },
  { key: 'aiStandard', name: 'AIStandard', kind: 'ai', price: 499, pages: 0, ai_pages: 30 },
  { key: 'aiExpert', name: 'AIExpert', kind: 'ai', price: 999, pages: 0, ai_pages: 75 },
];

/** The service identifier: the plan's name lower-cased (spaces dropped) + "Subscription", or "TeamsSubscription". */
export function subscriptionService(plan: SubscriptionPlanDef): string {
  const name = plan.name.toLowerCase().replace(/\s+/g, '');
  return `${name}${plan.kind === 'team' ? 'TeamsSubscription' : 'Subscription'}`;
}

export function toSubscriptionPlan(plan: SubscriptionPlanDef): SubscriptionPlan {
  return { ...plan, service: subscriptionService(plan) };
}

function pricedPlan(plan: SubscriptionPlanDef): SubscriptionPlanDef {
  const o = overrides.get(`plan:${plan.key}`);
  return o === undefined
    ? plan
    : { ...plan, price: o.price, pages: o.pages ?? plan.pages, ai_pages: o.ai_pages ?? plan.ai_pages };
}

/** The plans at today's prices. */
export function subscriptionPlanDefs(): SubscriptionPlanDef[] {
  return SUBSCRIPTION_PLANS.map(pricedPlan);
}

/** A plan at today's price, by its service identifier or its key. */
export function findSubscriptionPlan(codeOrKey: string): SubscriptionPlan | null {
  const plan = SUBSCRIPTION_PLANS.find((p) => p.key === codeOrKey || subscriptionService(p) === codeOrKey);
  return plan === undefined ? null : toSubscriptionPlan(pricedPlan(plan));
}

/* ------------------------------------------------------------------ the operator's commands */

const MAX_PRICE = 10_000_000;

/** Sets an operator's price (and pages) for one pack or plan; RangeError with the reason on a bad value. */
export async function setCataloguePrice(
  db: Queryable,
  input: { code: string; price: number; pages?: number | null; aiPages?: number | null },
): Promise<PriceOverride> {
  const codes = catalogueCodes();
  if (!codes.includes(input.code)) throw new RangeError(`Unknown code "${input.code}". Codes: ${codes.join(', ')}`);
  if (!Number.isInteger(input.price) || input.price < 1 || input.price > MAX_PRICE) {
    throw new RangeError(
      `The price is in cents, a whole number from 1 to ${String(MAX_PRICE)} (got ${String(input.price)})`,
    );
  }
  const isPack = input.code.startsWith('pack:');
  const pages = input.pages ?? null;
  const aiPages = input.aiPages ?? null;
  if (pages !== null && (!Number.isInteger(pages) || pages < (isPack ? 1 : 0))) {
    throw new RangeError(`--pages must be a whole number${isPack ? ' of at least 1' : ''} (got ${String(pages)})`);
  }
  if (aiPages !== null && isPack) throw new RangeError('A pack has one page count: use --pages (AI packs too)');
  if (aiPages !== null && (!Number.isInteger(aiPages) || aiPages < 0)) {
    throw new RangeError(`--ai-pages must be a whole number (got ${String(aiPages)})`);
  }
  const { rows } = await db.query<PriceOverride>(
    `INSERT INTO catalogue_prices (code, price, pages, ai_pages) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO UPDATE SET price = EXCLUDED.price, pages = EXCLUDED.pages, ai_pages = EXCLUDED.ai_pages,
       updated_at = now()
     RETURNING code, price, pages, ai_pages`,
    [input.code, input.price, pages, aiPages],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('setCataloguePrice returned no row');
  return row;
}

/** Back to the price in code; false when the operator had not set one. */
export async function resetCataloguePrice(db: Queryable, code: string): Promise<boolean> {
  if (!catalogueCodes().includes(code)) throw new RangeError(`Unknown code "${code}"`);
  const { rows } = await db.query('DELETE FROM catalogue_prices WHERE code = $1 RETURNING code', [code]);
  return rows.length > 0;
}

export type CatalogueLine = {
  code: string;
  name: string;
  price: number;
  pages: number;
  ai_pages: number;
  operator_price: boolean;
};

/** Every pack and plan at today's prices (read from the database first), and which carry an operator's price. */
export async function catalogueLines(db: Queryable): Promise<CatalogueLine[]> {
  await refreshCatalogue(db);
  return [
    ...packages().map((pack) => ({
      code: `pack:${pack.code}`,
      name: pack.name,
      price: pack.price,
      pages: pack.type === 'pages' ? pack.pages : 0,
      ai_pages: pack.type === 'ai' ? pack.pages : 0,
      operator_price: overrides.has(`pack:${pack.code}`),
    })),
    ...subscriptionPlanDefs().map((plan) => ({
      code: `plan:${plan.key}`,
      name: `${plan.name} (${plan.kind === 'individ' ? 'individual' : plan.kind} subscription)`,
      price: plan.price,
      pages: plan.pages,
      ai_pages: plan.ai_pages,
      operator_price: overrides.has(`plan:${plan.key}`),
    })),
  ];
}
