import type { ReactNode } from 'react';
import { LegalNote } from '../legal/LegalLinks.tsx';

/** The portal's card: one centred column under the site header. */
export function PortalCard({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="container page portal">
      <section className="card portal__card" aria-labelledby="portal-title">
        <h1 id="portal-title" className="portal__title">
          {title}
        </h1>
        {lead === undefined ? null : <p className="portal__lead">{lead}</p>}
        {children}
        <LegalNote className="portal__legal" />
      </section>
    </div>
  );
}
