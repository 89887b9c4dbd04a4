-- Commerce: page packs in a cart (orders, order_items), promo codes, payment sessions of the card gateway
-- (Stripe or the built-in sandbox) and the webhook events already processed (modules/commerce).
-- Runs on PostgreSQL and PGlite alike. Money is in cents (USD); the packs themselves are a constant in code
-- (modules/commerce/catalogue.ts), so a line stores the pack's code and the cart is priced when it is read.

-- Promo codes are made by an operator (`npm run admin -- promo:create CODE PERCENT ...`); none is seeded.
-- A code is matched without regard to case; `uses` counts paid orders that carried it.
CREATE TABLE promo_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code <> '' AND length(code) <= 50),
  percent smallint NOT NULL CHECK (percent BETWEEN 1 AND 100),
  active boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (lower(code));

-- state: 0 open (the cart), 1 pending (at the card page, totals frozen in a payment session), 2 paid, 3 failed.
-- A user has at most one open or pending order: the cart.
CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2, 3)),
  referral text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CONSTRAINT orders_paid_at CHECK ((state = 2) = (paid_at IS NOT NULL))
);
CREATE UNIQUE INDEX orders_cart_key ON orders (user_id) WHERE state IN (0, 1);
CREATE INDEX orders_user_idx ON orders (user_id, state);

-- A line: a pack (kind 'package': service code, quantity, the account credited: group_id, NULL = the buyer)
-- or the order's promo code (kind 'promo', one at most).
CREATE TABLE order_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('package', 'promo')),
  service text,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100),
  group_id integer REFERENCES groups (id) ON DELETE CASCADE,
  promo_code_id integer REFERENCES promo_codes (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT order_items_shape CHECK (
    (kind = 'package' AND service IS NOT NULL AND promo_code_id IS NULL)
    OR (kind = 'promo' AND service IS NULL AND promo_code_id IS NOT NULL AND group_id IS NULL)
  )
);
CREATE INDEX order_items_order_idx ON order_items (order_id);
CREATE UNIQUE INDEX order_items_promo_key ON order_items (order_id) WHERE kind = 'promo';

-- One checkout of an order at the card gateway, with the totals frozen at that moment. id: Stripe's Checkout
-- Session id, or ours for the sandbox. status: open, complete, expired (also when superseded by a later
-- checkout or a change of the cart), failed (paid amount differed).
CREATE TABLE payment_sessions (
  id text PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  gateway text NOT NULL CHECK (gateway IN ('sandbox', 'stripe')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired', 'failed')),
  subtotal integer NOT NULL,
  discount integer NOT NULL,
  vat integer NOT NULL,
  vat_percent double precision NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'USD',
  description text NOT NULL DEFAULT '',
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX payment_sessions_order_idx ON payment_sessions (order_id);

-- Each gateway event is processed once: a replay finds its id here.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  session_id text,
  order_id integer,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
