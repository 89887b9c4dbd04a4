/**
 * The support address every page names: VITE_SUPPORT_EMAIL when the client was built with it, otherwise
 * support@ the site's own domain (without "www."), so an installation never shows another one's address.
 */
export function supportEmail(
  hostname: string,
  configured: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL,
): string {
  const chosen = configured?.trim() ?? '';
  if (chosen !== '') return chosen;
  const domain = hostname.replace(/^www\./, '');
  // An address typed as an IP (a developer's machine) has no mail domain.
  const isNamed = domain !== '' && !/^[\d.]+$/.test(domain) && !domain.includes(':') && !domain.startsWith('[');
  return `support@${isNamed ? domain : 'localhost'}`;
}

/** The support address in the browser. */
export function siteSupportEmail(): string {
  return supportEmail(typeof window === 'undefined' ? '' : window.location.hostname);
}
