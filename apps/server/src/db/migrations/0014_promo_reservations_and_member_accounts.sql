-- Issue 13, B7: a promo code's use is reserved when an order goes to the card page, so a code limited to N uses
-- never pays more than N orders. `reserved` counts the orders holding a use now (pending at the card page);
-- `uses` still counts paid orders. A checkout reserves with one guarded UPDATE (uses + reserved < max_uses); the
-- use is released when the order fails, expires or is reopened by a change of the cart, and counted when paid.
ALTER TABLE promo_codes ADD COLUMN reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0);
-- The promo code whose use this order holds (set only while the order is pending); NULL otherwise.
ALTER TABLE orders ADD COLUMN promo_reserved_id integer REFERENCES promo_codes (id) ON DELETE SET NULL;
CREATE INDEX orders_promo_reserved_idx ON orders (promo_reserved_id) WHERE promo_reserved_id IS NOT NULL;

-- Issue 13, B8: the organisation whose owner's members add or upload made this account (NULL: anything else).
-- Such an account gets no personal sign-up bonus, and a group makes a bounded number of them a day.
ALTER TABLE users ADD COLUMN created_by_group_id integer REFERENCES groups (id) ON DELETE SET NULL;
CREATE INDEX users_created_by_group_idx ON users (created_by_group_id, created_at) WHERE created_by_group_id IS NOT NULL;
