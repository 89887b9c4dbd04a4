/** Build-time settings the legal pages read (Vite replaces them when it builds the client). */
interface ImportMetaEnv {
  /** The support e-mail address shown on the site; default support@ the site's domain. */
  readonly VITE_SUPPORT_EMAIL?: string;
}
