export const NEW_CHECK_PATH = '/profile/new-check';

/** AI-detector and citation pages keep the user where they are after login (check-tool.md §2). */
export function staysAfterLogin(pathname: string): boolean {
  return pathname.includes('/ai-detector') || /^(\/es)?\/citation-generator/.test(pathname);
}

/**
 * Where a user goes after logging in or signing up, or null to stay on the page: the activity-tool
 * portal's login leads to its registration with the query kept; everything else to the new-check page.
 */
export function pathAfterLogin(pathname: string, search: string): string | null {
  if (staysAfterLogin(pathname)) return null;
  if (pathname.startsWith('/integrito/login')) return '/integrito/registration/' + search;
  if (pathname.startsWith('/integrito/registration')) return null;
  return NEW_CHECK_PATH;
}
