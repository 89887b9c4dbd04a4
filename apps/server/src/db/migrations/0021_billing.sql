-- Billing (issue 16; commerce-and-cabinet.md §3 "Transaction", "Invoice", §4): invoices of every payment, numbered
-- without gaps, and the corrections a site administrator makes to a ledger. Runs on PostgreSQL and PGlite alike.

-- One counter per calendar year (UTC) of issue. The transaction that records a payment takes the next number with
-- INSERT ... ON CONFLICT DO UPDATE, which locks the year's row until it commits: two payments get consecutive
-- numbers one after the other, and a payment rolled back gives its number back with it. So numbers run 1, 2, 3...
-- in each year with no gap (modules/billing/invoices.repository.ts).
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY,
  last_number integer NOT NULL CHECK (last_number >= 1)
);

-- An invoice: one per paid pack order (kind 'order') and one per subscription payment (kind 'subscription': a
-- first month, a renewal or an upgrade's prorated charge). Everything it says is frozen when it is issued (seller
-- from the configuration, buyer from the profile, lines, totals), so it reads the same after a price, profile or
-- address change, and after the buyer's account is deleted. number: PREFIX-YEAR-NNNNNN (INVOICE_PREFIX).
-- user_id: the buyer; group_id: the organisation the purchase was for (its owners see it too).
-- Receipts: the e-mail sent after the payment (modules/billing/receipts.ts), at least once, retried a few times.
CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number text NOT NULL UNIQUE,
  year integer NOT NULL,
  sequence integer NOT NULL CHECK (sequence >= 1),
  kind text NOT NULL CHECK (kind IN ('order', 'subscription')),
  order_id integer UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
  subscription_payment_id integer UNIQUE REFERENCES subscription_payments (id) ON DELETE SET NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  group_id integer REFERENCES groups (id) ON DELETE SET NULL,
  title text NOT NULL,
  seller jsonb NOT NULL,
  buyer jsonb NOT NULL,
  lines jsonb NOT NULL,
  currency text NOT NULL,
  subtotal integer NOT NULL CHECK (subtotal >= 0),
  discount integer NOT NULL CHECK (discount >= 0),
  vat_percent double precision NOT NULL CHECK (vat_percent >= 0),
  vat integer NOT NULL CHECK (vat >= 0),
  total integer NOT NULL CHECK (total >= 0),
  language text NOT NULL DEFAULT 'en',
  paid_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  receipt_sent_at timestamptz,
  receipt_claimed_at timestamptz,
  receipt_attempts smallint NOT NULL DEFAULT 0,
  receipt_error text,
  CONSTRAINT invoices_year_sequence_key UNIQUE (year, sequence)
);
CREATE INDEX invoices_user_idx ON invoices (user_id, id) WHERE user_id IS NOT NULL;
CREATE INDEX invoices_group_idx ON invoices (group_id, id) WHERE group_id IS NOT NULL;
CREATE INDEX invoices_receipt_due_idx ON invoices (id) WHERE receipt_sent_at IS NULL;

-- A site administrator's correction (commerce-and-cabinet.md §4) is a ledger entry like any other, marked with what
-- it is: release_hold and cancel_hold settle a hold (a 'release' entry, hold_entry_id: once per hold),
-- cancel_reversal undoes a 'reverse' entry (a 'reverse' entry of the opposite sum, cancels_entry_id: once).
ALTER TABLE ledger_entries ADD COLUMN admin_action text
  CHECK (admin_action IN ('release_hold', 'cancel_hold', 'cancel_reversal'));
ALTER TABLE ledger_entries ADD COLUMN cancels_entry_id integer REFERENCES ledger_entries (id);
CREATE UNIQUE INDEX ledger_entries_cancels_once ON ledger_entries (cancels_entry_id) WHERE cancels_entry_id IS NOT NULL;
