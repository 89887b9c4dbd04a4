-- Leads of the sales forms (issue 18; commerce-and-cabinet.md §2 "Institution enquiry", "Contact form",
-- "Quick-guide form", §3 "Forms", §5): one row per accepted submission of the enquiry ("Get in touch"), contact,
-- quick-guide and custom-quote forms. Runs on PostgreSQL and PGlite alike; modules/leads.
-- address_hash is HMAC(APP_SECRET, the address; an IPv6 caller's /64), as guest_creations (0013): never the
-- address itself. It and the e-mail bound the submissions per hour (LEAD_SUBMISSIONS_PER_HOUR).
CREATE TABLE leads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('enquiry', 'contact', 'quick_guide', 'custom_quote')),
  name text NOT NULL CHECK (char_length(name) <= 25),
  email text NOT NULL CHECK (char_length(email) <= 50),
  phone text NOT NULL DEFAULT '' CHECK (char_length(phone) <= 25),
  role text NOT NULL DEFAULT '' CHECK (char_length(role) <= 50),
  lms text NOT NULL DEFAULT '' CHECK (char_length(lms) <= 25),
  number_of_students integer CHECK (number_of_students IS NULL OR number_of_students >= 0),
  message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 5000),
  cta text NOT NULL DEFAULT '' CHECK (char_length(cta) <= 200),
  previous_url text NOT NULL DEFAULT '' CHECK (char_length(previous_url) <= 2000),
  language text NOT NULL DEFAULT 'en',
  -- the address is at a public mail provider (gmail, yahoo, hotmail, aol, icloud, mail): §5, only a flag
  public_mail boolean NOT NULL DEFAULT false,
  -- the account that sent it, or the one the enquiry created; kept when the account is deleted
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  address_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_created_idx ON leads (created_at DESC, id DESC);
CREATE INDEX leads_type_created_idx ON leads (type, created_at DESC);
CREATE INDEX leads_address_idx ON leads (type, address_hash, created_at);
CREATE INDEX leads_email_idx ON leads (type, lower(email), created_at);
