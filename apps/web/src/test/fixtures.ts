import type { CredentialsResponse, CredentialsUser } from '@veritext/contracts';

/** Test data shared by the unit tests. */
export const sampleUser: CredentialsUser = {
  id: 7,
  api_token: 'user-token',
  avatar: '',
  email: 'ana@example.edu',
  name: 'Ana',
  balance: { balance: 10, bonus: 1, ai_balance: 2 },
  balance_type: 1,
  allowed_languages: ['en', 'es'],
  is_guest: false,
  last_ai_order_paid_days_ago: null,
  not_ai_orders: 0,
};

export function credentialsFor(user: CredentialsUser): CredentialsResponse {
  return {
    success: true,
    user,
    block_text_submit: false,
    has_to_verify_email: false,
    packages_bought: 0,
    balance: { negative_balance_allowed: false, transactions_url: '/api/v1/billing/transactions/' },
    current_order: {
      add_item_url: '/order/add_item',
      enable_gate_2_shop: false,
      paypal_checkout_url: null,
      order: { order_items: [] },
    },
  };
}
