import {
  GUEST_AI_BALANCE,
  GROUP_SIGNUP_BONUS_PAGES,
  GUEST_FREE_PAGES,
  SIGNUP_BONUS_PAGES,
  WORDS_PER_PAGE,
  type Balance,
  type CredentialsUser,
} from '@veritext/contracts';

/** A group the user acts in (check-tool.md §3), as GET /api/v1/groups/list/ answers it. */
export type CheckGroup = {
  id: number;
  name: string;
  balance_type: number;
  group_balance: Balance;
  current_user_role: number;
  created_by_user: boolean;
  hide_new_check_for_student: boolean;
  /** Checks through the LMS only (the organisation's settings): the website's check form is locked. */
  website_checks_disabled?: boolean;
  /** Disabled by a site administrator: nobody checks for it. */
  is_disabled?: boolean;
  /** The group's API token: only its owner/administrator (role 1) is given it. */
  api_token?: string;
};

/** Who pays for a check. A visitor has no account yet; a guest account is made on the first check. */
export type Account =
  | { kind: 'visitor' }
  | { kind: 'guest'; balance: Balance | null }
  | { kind: 'individual'; user: CredentialsUser; packagesBought: number }
  | { kind: 'group'; user: CredentialsUser; group: CheckGroup };

export const GROUP_BALANCE_TYPE = { perPage: 1, perUser: 2, subscription: 3 } as const;
export const GROUP_ROLE = { owner: 1, student: 3 } as const;

export function isGuestAccount(account: Account): boolean {
  return account.kind === 'visitor' || account.kind === 'guest';
}

/** Pages a balance covers: AI pages in AI mode, otherwise bonus plus bought pages. */
export function availablePages(balance: Balance | null, aiMode: boolean): number {
  if (balance === null) return 0;
  return Math.max(0, aiMode ? balance.ai_balance : balance.balance + balance.bonus);
}

/**
 * AI pages the account that pays has for the AI check chosen with a plagiarism check (one per document); a
 * visitor's guest account will have the guest's.
 */
export function aiPagesFor(account: Account): number {
  if (account.kind === 'visitor') return GUEST_AI_BALANCE;
  return availablePages(accountBalance(account), true);
}

/** The balance that pays for this account's checks. */
export function accountBalance(account: Account): Balance | null {
  switch (account.kind) {
    case 'visitor':
      return null;
    case 'guest':
      return account.balance;
    case 'individual':
      return account.user.balance;
    case 'group':
      return account.group.group_balance;
  }
}

/** Group lock (check-tool.md §4): a student of a group that hides new checks cannot start one. */
export function isGroupLocked(group: CheckGroup | null): boolean {
  return group !== null && group.hide_new_check_for_student && group.current_user_role === GROUP_ROLE.student;
}

/** The owner of a group (role 1 and its creator) may buy pages for it. */
export function isGroupOwner(group: CheckGroup): boolean {
  return group.current_user_role === GROUP_ROLE.owner && group.created_by_user;
}

export function isSubscriber(account: Account): boolean {
  if (account.kind === 'individual') return account.user.balance_type === 3;
  if (account.kind === 'group') return account.group.balance_type === GROUP_BALANCE_TYPE.subscription;
  return false;
}

/**
 * New user (check-tool.md §4): bonus at most 1 (5 for a group), balance 0, balance type not 3, no packages
 * bought; for a group the role is 1.
 */
export function isNewUser(account: Account): boolean {
  if (account.kind === 'individual') {
    const { balance } = account.user;
    return (
      balance.bonus <= SIGNUP_BONUS_PAGES &&
      balance.balance === 0 &&
      account.user.balance_type !== 3 &&
      account.packagesBought === 0
    );
  }
  if (account.kind === 'group') {
    const { group } = account;
    return (
      group.group_balance.bonus <= GROUP_SIGNUP_BONUS_PAGES &&
      group.group_balance.balance === 0 &&
      group.balance_type !== GROUP_BALANCE_TYPE.subscription &&
      group.current_user_role === GROUP_ROLE.owner
    );
  }
  return false;
}

/** Words a guest may send: the free page (check-tool.md §5). */
export const GUEST_CHECK_WORDS = WORDS_PER_PAGE * GUEST_FREE_PAGES;

export type SendDecision = { kind: 'send'; cutWords: number | null } | { kind: 'confirm' } | { kind: 'locked' };

/**
 * The text flow of check-tool.md §4 after verification: a guest with enough balance sends (cut to the
 * free page) at once; an individual always confirms; in a group, per-user balance sends at once, other
 * types send when the group balance covers the pages; a locked student cannot send.
 */
export function decideTextSend(options: { account: Account; pages: number; aiMode: boolean }): SendDecision {
  const { account, pages, aiMode } = options;
  switch (account.kind) {
    case 'visitor':
    case 'guest': {
      const needed = Math.min(Math.max(pages, 1), GUEST_FREE_PAGES);
      return availablePages(accountBalance(account), aiMode) >= needed
        ? { kind: 'send', cutWords: GUEST_CHECK_WORDS }
        : { kind: 'confirm' };
    }
    case 'individual':
      return { kind: 'confirm' };
    case 'group': {
      if (isGroupLocked(account.group)) return { kind: 'locked' };
      if (account.group.balance_type === GROUP_BALANCE_TYPE.perUser) return { kind: 'send', cutWords: null };
      return availablePages(account.group.group_balance, aiMode) >= pages
        ? { kind: 'send', cutWords: null }
        : { kind: 'confirm' };
    }
  }
}

/** Where a registered user goes after a check was accepted (check-tool.md §2). */
export function documentsPath(groupId: number | null): string {
  return groupId === null ? '/profile/my-documents' : `/profile/my-documents/group/${String(groupId)}`;
}

/**
 * Files follow the text flow, except that a file cannot be cut to the free page: a guest sends at once only
 * when the balance covers every page of the files.
 */
export function decideFileSend(options: { account: Account; pages: number; aiMode: boolean }): SendDecision {
  const { account, pages, aiMode } = options;
  if (account.kind === 'visitor' || account.kind === 'guest') {
    return pages > 0 && availablePages(accountBalance(account), aiMode) >= pages
      ? { kind: 'send', cutWords: null }
      : { kind: 'confirm' };
  }
  return decideTextSend(options);
}

/**
 * Who pays, from what the client knows: a logged-in user (in a group when one is given), a guest with a
 * token (balance from the guest cookie), or a visitor without any account.
 */
export function accountFor(options: {
  profile: CredentialsUser | null;
  isLoggedIn: boolean;
  hasGuestToken: boolean;
  guestBalance: Balance | null;
  group: CheckGroup | null;
}): Account {
  const { profile } = options;
  if (options.isLoggedIn && profile !== null && !profile.is_guest) {
    // The profile carries no packages count; a user with pages or a subscription is not new anyway.
    return options.group === null
      ? { kind: 'individual', user: profile, packagesBought: 0 }
      : { kind: 'group', user: profile, group: options.group };
  }
  return options.hasGuestToken ? { kind: 'guest', balance: options.guestBalance } : { kind: 'visitor' };
}
