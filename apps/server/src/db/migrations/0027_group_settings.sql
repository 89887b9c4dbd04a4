-- Organisation settings and lifecycle (issue 17; commerce-and-cabinet.md §2, §3 "Organisation/group", §4, §6).
-- Runs on PostgreSQL and PGlite alike. The settings the owner sets on /profile/organisation/ beside those of 0001
-- (balance_type, hide_new_check_for_student, website_checks_disabled), 0005 (share_checked_documents) and the
-- account's negative_balance_allowed (0001); modules/groups/group-settings.service.ts.

-- The fingerprint authorship check is off unless the organisation allows it (§6); the grammar checker is
-- activated per institution (§4: not activated / activated).
ALTER TABLE groups ADD COLUMN authorship_check_allowed boolean NOT NULL DEFAULT false;
ALTER TABLE groups ADD COLUMN grammar_checker_enabled boolean NOT NULL DEFAULT false;
-- The member maximum (§3 "member count and maximum members"): NULL, none. Members and pending invitations count
-- against it when the owner invites; members when an invitation is accepted or a registration link is used.
ALTER TABLE groups ADD COLUMN max_members integer CHECK (max_members IS NULL OR max_members >= 1);
ALTER TABLE groups ADD COLUMN description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500);
-- A site administrator's disabling (`npm run admin -- group:disable`, /admin/organisations): is_disabled (0001)
-- stops every check for the organisation (groupActingFor: group_disabled); when and why are kept beside it.
ALTER TABLE groups ADD COLUMN disabled_at timestamptz;
ALTER TABLE groups ADD COLUMN disabled_reason text NOT NULL DEFAULT '' CHECK (char_length(disabled_reason) <= 500);
