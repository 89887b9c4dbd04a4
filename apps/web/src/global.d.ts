/** The page-wide hook other scripts (and tests) use to drive the client. */
interface VeritextGlobal {
  openModal: (name: string, props?: Readonly<Record<string, unknown>>) => void;
  updateProfile: () => Promise<void>;
  logout: () => Promise<void>;
}

interface Window {
  veritext?: VeritextGlobal;
}
