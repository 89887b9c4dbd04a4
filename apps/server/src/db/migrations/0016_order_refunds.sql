-- Refunds made by an operator (`npm run admin -- order:refund ORDER_ID`, issue 13 A5). An order gets state 4
-- (refunded, still with its paid_at) and one order_refunds row: the unused pages taken back (ledger `reverse`
-- entries), the amount returned, and how the card was refunded: 'stripe' (refunds.create, its id), 'pending'
-- (the Stripe call failed or Stripe is not configured: issue it in the Stripe dashboard or run the command again),
-- 'none' (the sandbox gateway: a test payment, no card to refund). Runs on PostgreSQL and PGlite alike.
ALTER TABLE orders DROP CONSTRAINT orders_state_check;
ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK (state IN (0, 1, 2, 3, 4));
ALTER TABLE orders DROP CONSTRAINT orders_paid_at;
ALTER TABLE orders ADD CONSTRAINT orders_paid_at CHECK ((state IN (2, 4)) = (paid_at IS NOT NULL));

CREATE TABLE order_refunds (
  order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  pages integer NOT NULL CHECK (pages >= 0),
  ai_pages integer NOT NULL CHECK (ai_pages >= 0),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  gateway text NOT NULL CHECK (gateway IN ('sandbox', 'stripe')),
  payment_session_id text NOT NULL,
  card_refund text NOT NULL CHECK (card_refund IN ('stripe', 'pending', 'none')),
  stripe_refund_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  card_refunded_at timestamptz
);
