import type { PackageType, Plan } from '@veritext/contracts';

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

const BY_CODE = new Map(CATALOGUE.map((pack) => [pack.code, pack]));

export function findPackage(code: string): Package | null {
  return BY_CODE.get(code) ?? null;
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
  return CATALOGUE.filter((pack) => pack.tab === tab).map(toPlan);
}
