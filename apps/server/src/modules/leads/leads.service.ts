import { LEAD_SUBMISSIONS_PER_HOUR, isPublicMailAddress, type LeadType } from '@veritext/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { registerUser } from '../auth/auth.service.ts';
import { createSetPasswordLink } from '../auth/account-email.service.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { mailLanguage } from '../mail/mail.templates.ts';
import { countRecentLeads, insertLead, type LeadRecord } from './leads.repository.ts';
import { renderLeadAccountMail, renderLeadMail } from './leads.mail.ts';

export type LeadsDeps = {
  db: Database;
  mailer: Mailer;
  /** Where every lead is mailed (SALES_EMAIL). */
  salesEmail: string;
  /** The site's public origin, for the set-password link. */
  publicUrl: string;
  logger: FastifyBaseLogger;
};

const HOUR_SECONDS = 60 * 60;

/** What a form gives, normalised: empty strings for what it does not have. */
export type LeadInput = {
  type: LeadType;
  name: string;
  email: string;
  phone?: string | undefined;
  role?: string | undefined;
  lms?: string | undefined;
  numberOfStudents?: number | null;
  message?: string | undefined;
  cta?: string | undefined;
  previousUrl?: string | undefined;
  language: string;
};

/**
 * At most LEAD_SUBMISSIONS_PER_HOUR submissions of one form type an hour from one address (an IPv6 /64 is one
 * address), and as many for one e-mail: past either, 429 rate_limited. Counted from the stored leads, so the
 * limit holds across restarts and server processes.
 */
export async function assertLeadRateLimit(
  db: Database,
  input: { type: LeadType; addressHash: string; email: string },
): Promise<void> {
  const recent = await countRecentLeads(db, { ...input, withinSeconds: HOUR_SECONDS });
  if (recent.byAddress >= LEAD_SUBMISSIONS_PER_HOUR || recent.byEmail >= LEAD_SUBMISSIONS_PER_HOUR) {
    throw new AppError('rate_limited', { headers: { 'retry-after': String(HOUR_SECONDS) } });
  }
}

/**
 * Sends a message without holding up the answer on SMTP (a failure is logged: the lead is stored either way);
 * the local outbox is one insert into our own database, so it is awaited inside the request.
 */
async function deliver(deps: LeadsDeps, send: () => Promise<void>, context: Record<string, unknown>): Promise<void> {
  const delivery = send().catch((error: unknown) => {
    deps.logger.error({ err: error, ...context }, 'lead e-mail could not be sent');
  });
  if (deps.mailer.via === 'outbox') await delivery;
}

/** Stores the lead and mails it to the sales address. */
export async function recordLead(
  deps: LeadsDeps,
  input: LeadInput,
  meta: { addressHash: string; userId: number | null; accountCreated?: boolean },
): Promise<LeadRecord> {
  const lead = await insertLead(deps.db, {
    type: input.type,
    name: input.name,
    email: input.email,
    phone: input.phone ?? '',
    role: input.role ?? '',
    lms: input.lms ?? '',
    number_of_students: input.numberOfStudents ?? null,
    message: input.message ?? '',
    cta: input.cta ?? '',
    previous_url: input.previousUrl ?? '',
    language: input.language,
    public_mail: isPublicMailAddress(input.email),
    user_id: meta.userId,
    address_hash: meta.addressHash,
  });
  const mail = renderLeadMail(lead, { accountCreated: meta.accountCreated === true });
  await deliver(
    deps,
    () => deps.mailer.send({ to: deps.salesEmail, ...mail, kind: `lead_${lead.type}`, userId: lead.user_id }),
    { leadId: lead.id },
  );
  deps.logger.info({ leadId: lead.id, type: lead.type, publicMail: lead.public_mail }, 'lead received');
  return lead;
}

/**
 * The account an enquiry makes for a visitor who was not signed in (commerce-and-cabinet.md §2): no password;
 * a set-password link (a reset_password code valid 7 days, as for a member an owner adds) goes to the address,
 * which following it also verifies. Null when the address already has an account (nothing is changed then).
 */
export async function createLeadAccount(
  deps: LeadsDeps,
  input: { name: string; email: string; language: string; ip: string },
): Promise<UserRecord | null> {
  let user: UserRecord;
  try {
    ({ user } = await registerUser(deps.db, {
      email: input.email,
      password: null,
      name: input.name,
      accountType: 'individual',
      language: input.language,
      ip: input.ip,
    }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'email_taken') return null;
    throw error;
  }
  const link = await createSetPasswordLink(deps.db, deps.publicUrl, user.id);
  const mail = renderLeadAccountMail(mailLanguage(input.language), { name: input.name, link });
  await deliver(deps, () => deps.mailer.send({ to: input.email, ...mail, kind: 'lead_account', userId: user.id }), {
    userId: user.id,
  });
  return user;
}
