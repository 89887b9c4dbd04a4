-- Monthly subscriptions (issue 16; commerce-and-cabinet.md §2-§4, check-tool.md §7). Runs on PostgreSQL and
-- PGlite alike. The first payment goes through an order of kind 'subscription' (one line of kind
-- 'subscription': the plan's service code and the account it is for) and the payment session and webhook that
-- packs use; each later month is a renewal (Stripe's own, or the sandbox's renewal job) reported by a signed
-- invoice.paid / invoice.payment_failed / customer.subscription.deleted event. Pages come only through the ledger.

-- The cart is the one open or pending order of kind 'cart'; a subscription's checkout is an order of its own.
ALTER TABLE orders ADD COLUMN kind text NOT NULL DEFAULT 'cart' CHECK (kind IN ('cart', 'subscription'));
DROP INDEX orders_cart_key;
CREATE UNIQUE INDEX orders_cart_key ON orders (user_id) WHERE state IN (0, 1) AND kind = 'cart';

ALTER TABLE order_items DROP CONSTRAINT order_items_kind_check;
ALTER TABLE order_items ADD CONSTRAINT order_items_kind_check CHECK (kind IN ('package', 'promo', 'subscription'));
ALTER TABLE order_items DROP CONSTRAINT order_items_shape;
ALTER TABLE order_items ADD CONSTRAINT order_items_shape CHECK (
  (kind IN ('package', 'subscription') AND service IS NOT NULL AND promo_code_id IS NULL)
  OR (kind = 'promo' AND service IS NULL AND promo_code_id IS NOT NULL AND group_id IS NULL)
);

-- status: 1 pending (not paid yet), 2 active (cancel_at_period_end: cancelled, active until current_period_end),
-- 3 past due (a renewal was declined; retried at next_attempt_at), 4 ended. price, pages and ai_pages are the
-- plan's when bought (an operator's later price change applies from the next subscription or upgrade).
-- gateway_ref: Stripe's subscription id, or ours for the sandbox. card_fails_renewal: the sandbox's saved test
-- card is one whose later charges are declined (Stripe's 4000 0000 0000 0341). prior_balance_type: the account's
-- (or group's) balance type before the subscription made it 3, restored when it ends.
CREATE TABLE subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  plan text NOT NULL,
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  price integer NOT NULL CHECK (price >= 0),
  pages integer NOT NULL CHECK (pages >= 0),
  ai_pages integer NOT NULL CHECK (ai_pages >= 0),
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  gateway text NOT NULL CHECK (gateway IN ('sandbox', 'stripe')),
  gateway_ref text,
  card_last4 text,
  card_fails_renewal boolean NOT NULL DEFAULT false,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  cancelled_at timestamptz,
  ended_at timestamptz,
  failed_attempts smallint NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  prior_balance_type smallint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT subscriptions_period CHECK ((status = 1) = (current_period_start IS NULL))
);
-- One live subscription per account: a second is an upgrade, not a new one.
CREATE UNIQUE INDEX subscriptions_live_key ON subscriptions (account_id) WHERE status IN (2, 3);
CREATE UNIQUE INDEX subscriptions_gateway_ref_key ON subscriptions (gateway_ref) WHERE gateway_ref IS NOT NULL;
CREATE UNIQUE INDEX subscriptions_order_key ON subscriptions (order_id);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, id);
CREATE INDEX subscriptions_group_idx ON subscriptions (group_id, id) WHERE group_id IS NOT NULL;
CREATE INDEX subscriptions_due_idx ON subscriptions (gateway, status, current_period_end);

-- Each paid month, once: a period is credited exactly once however often its event is delivered.
-- reason: 'create' (the first month), 'cycle' (a renewal), 'update' (the prorated part of an upgrade).
CREATE TABLE subscription_payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('create', 'cycle', 'update')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  pages integer NOT NULL CHECK (pages >= 0),
  ai_pages integer NOT NULL CHECK (ai_pages >= 0),
  event_id text NOT NULL,
  paid_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscription_payments_once ON subscription_payments (subscription_id, reason, period_start);

-- The farewell survey: why a subscriber cancelled (`npm run admin -- subscription:feedback` lists the answers).
CREATE TABLE subscription_cancellations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL,
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
