-- An operator's prices (issue 16: "an operator can change prices without a code change"). The packs and plans
-- themselves, and their default prices and pages, are in code (modules/commerce/catalogue.ts); a row here replaces
-- the price (and, where given, the pages or AI pages) of one pack or plan: 'pack:CODE' (pack:light, pack:aiBasic…)
-- or 'plan:KEY' (plan:light, plan:standardTeams, plan:aiExpert…).
-- `npm run admin -- catalogue:set` writes it; the server reads it at start-up and every minute. A subscription keeps
-- the price and pages it was bought at until an upgrade.
CREATE TABLE catalogue_prices (
  code text PRIMARY KEY CHECK (code ~ '^(pack|plan):[A-Za-z]+$'),
  price integer NOT NULL CHECK (price > 0 AND price <= 10000000),
  pages integer CHECK (pages IS NULL OR pages >= 0),
  ai_pages integer CHECK (ai_pages IS NULL OR ai_pages >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
