import { createHash } from 'node:crypto';
import {
  BILLING_TRANSACTIONS_PATH,
  SITE_LANGUAGES,
  type CredentialsResponse,
  type LoginJsonResponse,
} from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { currentOrderItems, purchaseSummary } from '../commerce/commerce.service.ts';
import { findAccountOfUser, type AccountRecord } from '../ledger/ledger.repository.ts';
import { hasToVerifyEmail } from './account-email.service.ts';
import type { UserRecord } from './users.repository.ts';

/** A generic avatar derived from the hash of the lower-cased e-mail (check-tool.md §3), served by us. */
export function avatarUrl(user: Pick<UserRecord, 'email' | 'id'>): string {
  const seed = user.email === null ? `guest-${user.id}` : user.email.trim().toLowerCase();
  return `/avatar/${createHash('md5').update(seed).digest('hex')}.svg`;
}

function balanceOf(account: AccountRecord | null): { balance: number; bonus: number; ai_balance: number } {
  return {
    balance: account?.balance ?? 0,
    bonus: account?.bonus ?? 0,
    ai_balance: account?.ai_balance ?? 0,
  };
}

export async function buildCredentials(db: Queryable, user: UserRecord): Promise<CredentialsResponse> {
  const account = await findAccountOfUser(db, user.id);
  const purchases = await purchaseSummary(db, user.id);
  const orderItems = await currentOrderItems(db, user.id);
  return {
    success: true,
    user: {
      id: user.id,
      api_token: user.api_token,
      avatar: avatarUrl(user),
      email: user.email ?? '',
      name: user.name,
      balance: balanceOf(account),
      balance_type: account?.balance_type ?? 1,
      allowed_languages: [...SITE_LANGUAGES],
      is_guest: user.is_guest,
      is_admin: user.is_admin,
      last_ai_order_paid_days_ago: purchases.lastAiOrderPaidDaysAgo,
      not_ai_orders: purchases.notAiOrders,
    },
    block_text_submit: user.block_text_submit,
    has_to_verify_email: hasToVerifyEmail(user),
    packages_bought: purchases.packagesBought,
    balance: {
      negative_balance_allowed: account?.negative_balance_allowed ?? false,
      transactions_url: BILLING_TRANSACTIONS_PATH,
    },
    current_order: {
      add_item_url: '/order/add_item',
      enable_gate_2_shop: false,
      paypal_checkout_url: null,
      order: { order_items: orderItems },
    },
  };
}

export async function buildLoginJson(db: Queryable, user: UserRecord | null): Promise<LoginJsonResponse> {
  if (user === null || user.is_guest) return { success: false, data: null };
  const account = await findAccountOfUser(db, user.id);
  const purchases = await purchaseSummary(db, user.id);
  return {
    success: true,
    data: {
      user: { id: user.id, email: user.email ?? '', name: user.name, is_guest: user.is_guest },
      balance: balanceOf(account),
      block_text_submit: user.block_text_submit,
      has_to_verify_email: hasToVerifyEmail(user),
      packages_bought: purchases.packagesBought,
    },
  };
}

const AVATAR_COLOURS = ['#1d4e89', '#0f766e', '#7c3aed', '#b45309', '#be185d', '#047857', '#4338ca', '#0369a1'];

/** A small deterministic SVG: a coloured disc with a neutral silhouette, picked by the hash. */
export function renderAvatarSvg(hash: string): string {
  const index = Number.parseInt(hash.slice(0, 2), 16) % AVATAR_COLOURS.length;
  const colour = AVATAR_COLOURS[index] ?? '#1d4e89';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Avatar">
<circle cx="32" cy="32" r="32" fill="${colour}"/>
<circle cx="32" cy="25" r="11" fill="#ffffff" fill-opacity="0.9"/>
<path d="M12 54c3-10 11-16 20-16s17 6 20 16" fill="#ffffff" fill-opacity="0.9"/>
</svg>`;
}
