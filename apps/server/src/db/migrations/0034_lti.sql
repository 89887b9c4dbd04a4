-- The LTI 1.3 Advantage tool (issue 19, part 2): modules/lti. Runs on PostgreSQL and PGlite alike.

-- The tool's own signing keys (deep linking responses, client assertions for AGS and NRPS), published at
-- /lti/jwks.json by kid. The private key is kept as a JWE (dir, A256GCM) under a key derived from APP_SECRET.
-- The newest key that is not retired signs; a retired key stays published for a while (rotation).
CREATE TABLE lti_tool_keys (
  kid text PRIMARY KEY CHECK (char_length(kid) BETWEEN 1 AND 100),
  public_jwk jsonb NOT NULL,
  private_key_jwe text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- A learning platform registered by an organisation's owner on /profile/integrations/: its issuer, our client id
-- there, its OIDC authorisation, OAuth2 token and JWKS URLs. Launches from it join that organisation.
CREATE TABLE lti_platforms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 100),
  issuer text NOT NULL CHECK (char_length(issuer) BETWEEN 1 AND 500),
  client_id text NOT NULL CHECK (char_length(client_id) BETWEEN 1 AND 255),
  auth_url text NOT NULL CHECK (char_length(auth_url) BETWEEN 1 AND 500),
  token_url text NOT NULL CHECK (char_length(token_url) BETWEEN 1 AND 500),
  jwks_url text NOT NULL CHECK (char_length(jwks_url) BETWEEN 1 AND 500),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX lti_platforms_issuer_client_key ON lti_platforms (issuer, client_id);
CREATE INDEX lti_platforms_group_idx ON lti_platforms (group_id);

-- The deployment ids of a platform registration: a launch naming another is refused.
CREATE TABLE lti_deployments (
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  deployment_id text NOT NULL CHECK (char_length(deployment_id) BETWEEN 1 AND 255),
  PRIMARY KEY (platform_id, deployment_id)
);

-- OIDC login initiation: the state (by its hash) and the nonce sent to the platform; used once, within minutes.
CREATE TABLE lti_login_states (
  state_hash text PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  target_link_uri text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Every nonce a verified id_token carried: a second launch with it is a replay.
CREATE TABLE lti_used_nonces (
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (platform_id, nonce)
);

-- A platform's user (its `sub`) and the Veritext account it signs in as. Never linked by e-mail: a platform
-- registered by one organisation must not reach an account made elsewhere.
CREATE TABLE lti_users (
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 255),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform_id, subject)
);
CREATE INDEX lti_users_user_idx ON lti_users (user_id);

-- A course (context) seen in a launch, with its NRPS memberships URL and the state of its roster sync.
CREATE TABLE lti_contexts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  context_id text NOT NULL CHECK (char_length(context_id) BETWEEN 1 AND 255),
  title text NOT NULL DEFAULT '',
  memberships_url text,
  roster_status text NOT NULL DEFAULT 'never' CHECK (roster_status IN ('never', 'queued', 'done', 'failed')),
  roster_synced_at timestamptz,
  roster_members integer,
  roster_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform_id, context_id)
);

-- A resource-link launch: who, from which link, and where its scores go (AGS line item). A check the user makes
-- in the platform's organisation within a day of the launch is scored to it.
CREATE TABLE lti_launches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  context_row_id integer REFERENCES lti_contexts (id) ON DELETE SET NULL,
  resource_link_id text NOT NULL,
  lineitem_url text,
  lineitems_url text,
  ags_scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lti_launches_user_idx ON lti_launches (user_id, created_at);

-- The score of a check posted back through AGS (one per check): queued by the check's completion, posted by a job.
CREATE TABLE lti_scores (
  check_id integer PRIMARY KEY REFERENCES text_checks (id) ON DELETE CASCADE,
  launch_id integer NOT NULL REFERENCES lti_launches (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'posted', 'failed')),
  score_given double precision,
  comment text,
  error text,
  posted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A deep linking request waiting for the teacher's confirmation (by the hash of a one-time token in the page).
CREATE TABLE lti_deep_links (
  token_hash text PRIMARY KEY,
  platform_id integer NOT NULL REFERENCES lti_platforms (id) ON DELETE CASCADE,
  deployment_id text NOT NULL,
  return_url text NOT NULL,
  data text,
  expires_at timestamptz NOT NULL
);
