import { WORDS_PER_PAGE } from '@veritext/contracts';
import {
  availablePages,
  accountBalance,
  isGroupOwner,
  isGuestAccount,
  isNewUser,
  isSubscriber,
  aiPagesFor,
  type Account,
} from './account.ts';

/** Who sees the confirm modal, reduced to what its branches need. */
export type ConfirmAudience = {
  isGuest: boolean;
  isSubscriber: boolean;
  isNewUser: boolean;
  /** false for group members who are not its owner: they cannot buy pages. */
  canBuy: boolean;
};

export type ConfirmFile = { name: string; pages: number };

export type ConfirmSummary =
  { kind: 'text'; pagesNeeded: number } | { kind: 'files'; files: ConfirmFile[]; loading: boolean };

/** Everything the confirm modal shows; passed through the modal props. */
export type ConfirmData = {
  audience: ConfirmAudience;
  aiMode: boolean;
  /** Pages on the balance that pays (AI pages in AI mode). */
  balance: number;
  avatar: string;
  summary: ConfirmSummary;
  /** The AI check chosen with the check: AI pages it costs and those on the balance (null: not chosen). */
  ai?: { pages: number; balance: number } | null;
  /** The organisation that pays (its owner buys for it; its members notify the owner), or null/absent. */
  groupId?: number | null;
};

export function confirmAudience(account: Account): ConfirmAudience {
  return {
    isGuest: isGuestAccount(account),
    isSubscriber: isSubscriber(account),
    isNewUser: isNewUser(account),
    canBuy: account.kind !== 'group' || isGroupOwner(account.group),
  };
}

export function confirmData(options: {
  account: Account;
  aiMode: boolean;
  summary: ConfirmSummary;
  /** AI pages of the AI check chosen with it (0 or absent: none chosen). */
  aiPages?: number;
}): ConfirmData {
  const { account, aiMode, summary } = options;
  const aiPages = options.aiPages ?? 0;
  return {
    audience: confirmAudience(account),
    aiMode,
    balance: availablePages(accountBalance(account), aiMode),
    avatar: account.kind === 'individual' || account.kind === 'group' ? account.user.avatar : '',
    summary,
    ai: aiPages > 0 ? { pages: aiPages, balance: aiPagesFor(account) } : null,
    groupId: account.kind === 'group' ? account.group.id : null,
  };
}

export function summaryPages(summary: ConfirmSummary): number {
  return summary.kind === 'text' ? summary.pagesNeeded : summary.files.reduce((sum, file) => sum + file.pages, 0);
}

export function isLackingPages(data: ConfirmData): boolean {
  return summaryPages(data.summary) > data.balance;
}

export type ConfirmTitleKey = 'confirm.title.signUp' | 'confirm.title.addPages' | 'confirm.title.ready';

/** check-tool.md §2: sign up (guest lacking pages), add pages (others lacking pages), or ready. */
export function confirmTitleKey(data: ConfirmData): ConfirmTitleKey {
  if (!isLackingPages(data)) return 'confirm.title.ready';
  return data.audience.isGuest ? 'confirm.title.signUp' : 'confirm.title.addPages';
}

export type ShortfallOffer = 'signUp' | 'subscribe' | 'buy' | 'notify' | null;

/**
 * What a short balance offers (check-tool.md §2, §6; commerce-and-cabinet.md §6): sign-up (guest); for a member of
 * an organisation who is not its owner, the "contact your Administrator" message with Notify admin (the buy option
 * is hidden); subscribe now (subscriber or new user); buy more pages (a past buyer).
 */
export function shortfallOffer(audience: ConfirmAudience): ShortfallOffer {
  if (audience.isGuest) return 'signUp';
  if (!audience.canBuy) return 'notify';
  if (audience.isSubscriber || audience.isNewUser) return 'subscribe';
  return 'buy';
}

/**
 * Whether the offer waits on the number of packages the user bought: an individual who looks new (no pages, no
 * subscription) is new only if they never bought a pack (the profile does not carry that count; the credentials do).
 */
export function needsPackagesCount(data: ConfirmData): boolean {
  const { audience } = data;
  return (
    !audience.isGuest &&
    audience.canBuy &&
    !audience.isSubscriber &&
    audience.isNewUser &&
    (data.groupId ?? null) === null
  );
}

/** The data with the packages count known: a past buyer (packages_bought > 0) is not a new user. */
export function withPackagesBought(data: ConfirmData, packagesBought: number): ConfirmData {
  if (packagesBought <= 0 || !data.audience.isNewUser || (data.groupId ?? null) !== null) return data;
  return { ...data, audience: { ...data.audience, isNewUser: false } };
}

export type ConfirmView =
  | {
      kind: 'text';
      pagesNeeded: number;
      balance: number;
      wordsPerPage: number;
      isShort: boolean;
      offer: ShortfallOffer;
      /** Pages the balance allows; the partial send cuts the text to allowedPages × 275 words. */
      allowedPages: number;
      allowedWords: number;
    }
  | {
      kind: 'files';
      files: ConfirmFile[];
      total: number;
      balance: number;
      isRunDisabled: boolean;
      offer: ShortfallOffer;
    };

/** The summary branch of the confirm modal (check-tool.md §2). */
export function confirmView(data: ConfirmData): ConfirmView {
  const { summary, balance } = data;
  if (summary.kind === 'text') {
    const isShort = summary.pagesNeeded > balance;
    const allowedPages = isShort ? Math.max(0, balance) : summary.pagesNeeded;
    return {
      kind: 'text',
      pagesNeeded: summary.pagesNeeded,
      balance,
      wordsPerPage: WORDS_PER_PAGE,
      isShort,
      offer: isShort ? shortfallOffer(data.audience) : null,
      allowedPages,
      allowedWords: allowedPages * WORDS_PER_PAGE,
    };
  }
  const total = summaryPages(summary);
  return {
    kind: 'files',
    files: summary.files,
    total,
    balance,
    isRunDisabled: total === 0 || summary.loading,
    offer: balance <= 0 ? shortfallOffer(data.audience) : null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function parseSummary(value: unknown): ConfirmSummary | null {
  if (!isRecord(value)) return null;
  if (value['kind'] === 'text') {
    return isCount(value['pagesNeeded']) ? { kind: 'text', pagesNeeded: value['pagesNeeded'] } : null;
  }
  if (value['kind'] !== 'files' || !Array.isArray(value['files']) || typeof value['loading'] !== 'boolean') return null;
  const files: ConfirmFile[] = [];
  for (const file of value['files'] as unknown[]) {
    if (!isRecord(file) || typeof file['name'] !== 'string' || !isCount(file['pages'])) return null;
    files.push({ name: file['name'], pages: file['pages'] });
  }
  return { kind: 'files', files, loading: value['loading'] };
}

/** Reads ConfirmData from the modal props (a record of unknown); null when it does not have the shape. */
export function parseConfirmData(value: unknown): ConfirmData | null {
  if (!isRecord(value)) return null;
  const audience = value['audience'];
  if (!isRecord(audience)) return null;
  const flags = ['isGuest', 'isSubscriber', 'isNewUser', 'canBuy'] as const;
  if (!flags.every((flag) => typeof audience[flag] === 'boolean')) return null;
  if (typeof value['aiMode'] !== 'boolean' || !isCount(value['balance']) || typeof value['avatar'] !== 'string') {
    return null;
  }
  const summary = parseSummary(value['summary']);
  if (summary === null) return null;
  const ai = value['ai'];
  const parsedAi =
    isRecord(ai) && isCount(ai['pages']) && isCount(ai['balance'])
      ? { pages: ai['pages'], balance: ai['balance'] }
      : null;
  return {
    audience: {
      isGuest: audience['isGuest'] === true,
      isSubscriber: audience['isSubscriber'] === true,
      isNewUser: audience['isNewUser'] === true,
      canBuy: audience['canBuy'] === true,
    },
    aiMode: value['aiMode'],
    balance: value['balance'],
    avatar: value['avatar'],
    summary,
    ai: parsedAi,
    groupId: typeof value['groupId'] === 'number' && Number.isInteger(value['groupId']) ? value['groupId'] : null,
  };
}

/** A callback prop, or undefined. */
export function callbackProp(value: unknown): (() => void) | undefined {
  return typeof value === 'function' ? (value as () => void) : undefined;
}
