-- User-action tracking (issue 18; check-tool.md §7 "Tracking posts", commerce-and-cabinet.md §7 "Tracking
-- events"): one row per accepted POST /user-action/{event}/ or /api/v1/user-action/{action}/. Stored here only,
-- never sent to a third party. Runs on PostgreSQL and PGlite alike; modules/tracking.
-- kind: 'event' (/user-action/{event}/) or 'action' (/api/v1/user-action/{action}/).
-- visitor_hash is HMAC(APP_SECRET, the browser's random visitor-session id): never the id itself; the funnel
-- counts distinct visitor sessions per day and step. fields: the posted form fields (timestamp, the global data
-- object's values), bounded by the route and by the CHECK below. Rows older than 180 days (TRACKING_RETENTION_DAYS) are
-- deleted by the hourly cleanup job (jobs/maintenance.repository.ts).
CREATE TABLE tracking_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('event', 'action')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  visitor_hash text NOT NULL CHECK (char_length(visitor_hash) <= 128),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (octet_length(fields::text) <= 4096),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_events_created_idx ON tracking_events (created_at);
CREATE INDEX tracking_events_name_created_idx ON tracking_events (name, created_at);
