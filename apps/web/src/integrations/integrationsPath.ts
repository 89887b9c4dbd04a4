/** The integrations page (issue 19): one address in every language (a cabinet page). Kept apart for the menu. */
export const INTEGRATIONS_PATH = '/profile/integrations/';
