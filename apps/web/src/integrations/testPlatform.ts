import type { LtiPlatform } from '@veritext/contracts';

/** A registered platform as GET /profile/integrations/ lists it (the page's tests). */
export const PLATFORM: LtiPlatform = {
  id: 3,
  group_id: 4,
  group_name: 'Fjord School',
  name: 'School Moodle',
  issuer: 'https://moodle.fjord.example',
  client_id: 'abc123',
  auth_url: 'https://moodle.fjord.example/mod/lti/auth.php',
  token_url: 'https://moodle.fjord.example/mod/lti/token.php',
  jwks_url: 'https://moodle.fjord.example/mod/lti/certs.php',
  deployment_ids: ['1', '2'],
  contexts: [],
};
