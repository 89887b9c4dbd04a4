import type { ReactNode } from 'react';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, FormFields } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { ContactForm, contactErrors } from './ContactForm.tsx';
import { customQuoteErrors } from './CustomQuoteForm.tsx';
import { EnquiryForm, enquiryErrors, previousUrl, sendEnquiryFlow, type EnquiryFlowDeps } from './EnquiryForm.tsx';
import { createFormsEndpoints, type EnquiryInput } from './formsEndpoints.ts';
import { QUICK_GUIDE_CTA, QuickGuideForm, openAndDownload, quickGuideErrors } from './QuickGuideForm.tsx';
import {
  asksForLms,
  lmsValue,
  publicEmailEvent,
  validateEmail,
  validateLms,
  validateMessage,
  validateName,
  validatePhone,
  validateRole,
  validateStudents,
} from './validation.ts';

function html(node: ReactNode, url = '/for-education-request/'): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <ServicesContext.Provider value={{} as Services}>{node}</ServicesContext.Provider>
    </MemoryRouter>,
  );
}

const EMPTY = { name: '', email: '', phone: '', lms: '', lmsOther: '', students: '', message: '' };
const TEACHER = { ...EMPTY, name: 'Ana Ruiz', email: 'ana@school.edu', lms: 'Moodle', students: '450' };

describe('the sales forms’ rules (commerce-and-cabinet.md §5)', () => {
  it('name: required, trimmed, at most 25', () => {
    expect(validateName('')).toBe('forms.errors.required');
    expect(validateName('   ')).toBe('forms.errors.required');
    expect(validateName(`  ${'a'.repeat(25)}  `)).toBeNull();
    expect(validateName('a'.repeat(26))).toBe('forms.errors.nameTooLong');
  });

  it('e-mail: required, an address, at most 50, trimmed', () => {
    expect(validateEmail('')).toBe('forms.errors.required');
    expect(validateEmail('ana@')).toBe('forms.errors.emailInvalid');
    expect(validateEmail('ana school@x.org')).toBe('forms.errors.emailInvalid');
    expect(validateEmail('  ana@school.edu ')).toBeNull();
    expect(validateEmail(`${'a'.repeat(41)}@school.edu`)).toBe('forms.errors.emailTooLong');
  });

  it('phone optional, at most 25; message required on the contact form, optional on the enquiry', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('1'.repeat(26))).toBe('forms.errors.phoneTooLong');
    expect(validateMessage(' ', true)).toBe('forms.errors.required');
    expect(validateMessage('', false)).toBeNull();
    expect(validateMessage('x'.repeat(5001), false)).toBe('forms.errors.messageTooLong');
  });

  it('number of students required and numeric; role required; a typed LMS required and at most 25', () => {
    expect(validateStudents('')).toBe('forms.errors.required');
    expect(validateStudents('12a')).toBe('forms.errors.numberInvalid');
    expect(validateStudents('-3')).toBe('forms.errors.numberInvalid');
    expect(validateStudents(' 300 ')).toBeNull();
    expect(validateRole('')).toBe('forms.errors.roleRequired');
    expect(validateRole('Librarian')).toBeNull();
    expect(validateLms('', '')).toEqual({ lms: 'forms.errors.required', lmsOther: null });
    expect(validateLms('Canvas', '')).toEqual({ lms: null, lmsOther: null });
    expect(validateLms('Other', ' ')).toEqual({ lms: null, lmsOther: 'forms.errors.required' });
    expect(validateLms('Other', 'x'.repeat(26))).toEqual({ lms: null, lmsOther: 'forms.errors.lmsTooLong' });
    expect(lmsValue('Other', '  Itslearning ')).toBe('Itslearning');
    expect(lmsValue('Canvas', 'ignored')).toBe('Canvas');
  });

  it('LMS and number of students are asked of every role but Business representative, Reseller and Student', () => {
    expect(asksForLms('Instructor/Teacher')).toBe(true);
    expect(asksForLms('Other')).toBe(true);
    for (const role of ['Business representative', 'Reseller', 'Student', '']) expect(asksForLms(role)).toBe(false);
    const reseller = enquiryErrors('Reseller', { ...EMPTY, name: 'Bo', email: 'bo@shop.com' });
    expect(Object.values(reseller).every((error) => error === null)).toBe(true);
    const teacher = enquiryErrors('Instructor/Teacher', { ...EMPTY, name: 'Bo', email: 'bo@school.edu' });
    expect(teacher.lms).toBe('forms.errors.required');
    expect(teacher.students).toBe('forms.errors.required');
  });

  it('each form checks its own fields', () => {
    expect(contactErrors({ name: 'Ana', email: 'ana@x.org', message: '' }).message).toBe('forms.errors.required');
    expect(customQuoteErrors({ name: '', email: 'x', message: 'Hi' })).toEqual({
      name: 'forms.errors.required',
      email: 'forms.errors.emailInvalid',
      message: null,
    });
    expect(quickGuideErrors({ name: 'Ana', email: 'ana@x.org', phone: '' })).toEqual({
      name: null,
      email: null,
      phone: null,
    });
  });

  it('a public mail provider is an analytics event, never an error', () => {
    for (const email of ['a@gmail.com', 'a@yahoo.co.uk', 'a@hotmail.es', 'a@aol.com', 'a@icloud.com', 'a@mail.ru']) {
      expect(publicEmailEvent(email, 'enquiry'), email).toBe('public-email-enquiry');
      expect(validateEmail(email)).toBeNull();
    }
    expect(publicEmailEvent('a@school.edu', 'contact')).toBeNull();
    expect(publicEmailEvent('a@gmailer.com', 'contact')).toBeNull();
  });
});

describe('the enquiry form’s steps (commerce-and-cabinet.md §2, §4)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('step 1 only: the nine roles as radio buttons, and no personal data before a role is chosen', () => {
    const markup = html(<EnquiryForm />);
    expect(markup).toContain('<legend class="lead-form__legend">1. What is your role?</legend>');
    expect(markup.match(/type="radio"/g)).toHaveLength(9);
    expect(markup).toContain('Instructor / Teacher');
    expect(markup).not.toContain('<form');
    expect(markup).not.toContain('E-mail');
  });

  it('a Student gets the note with the link to the students’ page instead of step 2 (/es/for-students/ in Spanish)', async () => {
    const markup = html(<EnquiryForm initialRole="Student" />);
    expect(markup).toMatch(/<a class="button button--primary" href="\/for-students\/"[^>]*>See Veritext for students/);
    expect(markup).not.toContain('<form');
    await i18next.changeLanguage('es');
    const es = html(<EnquiryForm initialRole="Student" />, '/es/for-education-request/');
    expect(es).toContain('href="/es/for-students/"');
    expect(es).toContain('Ver Veritext para estudiantes');
  });

  it('a teacher gets step 2 with the LMS list (Other last) and the number of students', () => {
    const markup = html(<EnquiryForm initialRole="Instructor/Teacher" />);
    expect(markup).toContain('2. Your details');
    expect(markup).toMatch(/<input type="radio"[^>]*checked="" value="Instructor\/Teacher"/);
    for (const label of ['Name', 'E-mail', 'Phone (optional)', 'Number of students', 'Message (optional)']) {
      expect(markup).toContain(`class="field__label">${label}</label>`);
    }
    const options = [...markup.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]);
    expect(options).toEqual([
      '',
      'Canvas',
      'Google Classroom',
      'Moodle',
      'Brightspace',
      'Schoology',
      'Sakai',
      'Managebac',
      'MS Teams',
      'Blackboard',
      'Blackbaud',
      'Open LMS',
      'Populi LMS',
      'Other',
    ]);
    expect(markup).not.toContain('Name of your LMS');
    expect(markup).toMatch(/<button type="submit"[^>]*>Send request<\/button>/);
  });

  it('Other opens the field for the LMS’s name', () => {
    const markup = html(<EnquiryForm initialRole="Librarian" initialValues={{ lms: 'Other' }} />);
    expect(markup).toContain('class="field__label">Name of your LMS</label>');
  });

  it('a Business representative or a Reseller is not asked for the LMS or the number of students', () => {
    for (const role of ['Business representative', 'Reseller'] as const) {
      const markup = html(<EnquiryForm initialRole={role} />);
      expect(markup, role).toContain('2. Your details');
      expect(markup, role).not.toContain('<select');
      expect(markup, role).not.toContain('Number of students');
    }
  });
});

describe('sending the enquiry', () => {
  function fakeDeps(registered: boolean, redirect: string) {
    const calls: string[] = [];
    const sent: EnquiryInput[] = [];
    const events: [string, Record<string, string> | undefined][] = [];
    const deps: EnquiryFlowDeps = {
      sendEnquiry: (input) => {
        calls.push('send');
        sent.push(input);
        return Promise.resolve({ leadId: 1, registered, redirect });
      },
      completeLogin: () => {
        calls.push('login');
        return Promise.resolve(true);
      },
      clearQueries: () => calls.push('clear'),
      navigate: (path) => {
        calls.push(`navigate ${path}`);
      },
      track: (name, fields) => events.push([name, fields]),
    };
    return { deps, calls, sent, events };
  }

  it('a teacher not signed in: the typed LMS is sent, the session is loaded, then /profile/new-check', async () => {
    const { deps, calls, sent, events } = fakeDeps(true, '/profile/new-check');
    await sendEnquiryFlow(
      deps,
      'Instructor/Teacher',
      { ...TEACHER, lms: 'Other', lmsOther: ' Itslearning ' },
      {
        cta: 'Get in touch',
        referrer: '',
        language: 'en',
      },
    );
    expect(sent[0]).toMatchObject({
      job: 'Instructor/Teacher',
      lms: 'Itslearning',
      numberOfStudents: '450',
      previousURL: 'No previous URL',
      language: 'en',
    });
    expect(calls).toEqual(['send', 'login', 'clear', 'navigate /profile/new-check']);
    expect(events).toEqual([
      ['send-b2b-form', { role: 'Instructor/Teacher' }],
      ['lms-sendform', { lms: 'Itslearning' }],
    ]);
  });

  it('a reseller at a public mail provider: no LMS, the public-mail event, then /request-successful/', async () => {
    const { deps, calls, sent, events } = fakeDeps(false, '/es/request-successful/');
    await sendEnquiryFlow(
      deps,
      'Reseller',
      { ...EMPTY, name: 'Bo', email: 'bo@gmail.com', lms: 'Moodle', students: '9' },
      { cta: 'Get a quote', referrer: 'https://example.org/pricing/', language: 'es' },
    );
    expect(sent[0]?.lms).toBeUndefined();
    expect(sent[0]?.numberOfStudents).toBeUndefined();
    expect(sent[0]?.previousURL).toBe('https://example.org/pricing/');
    expect(calls).toEqual(['send', 'navigate /es/request-successful/']);
    expect(events.map(([name]) => name)).toEqual(['public-email-enquiry', 'send-b2b-form']);
  });

  it('a failed call fires no success event and goes nowhere (the form shows the error)', async () => {
    const { deps, calls, events } = fakeDeps(false, '/request-successful/');
    deps.sendEnquiry = () => Promise.reject(new Error('Too many requests'));
    await expect(
      sendEnquiryFlow(deps, 'Librarian', TEACHER, { cta: '', referrer: '', language: 'en' }),
    ).rejects.toThrow('Too many requests');
    expect(calls).toEqual([]);
    expect(events).toEqual([]);
    expect(previousUrl('https://a.example/')).toBe('https://a.example/');
  });
});

describe('the forms’ calls', () => {
  function fakeClient(answer: unknown) {
    const posts: { path: string; fields: FormFields }[] = [];
    const client: ApiClient = {
      getJson: () => Promise.reject(new Error('no bot check here')),
      postForm: async <T,>(path: string, fields: FormFields) => {
        posts.push({ path, fields });
        return Promise.resolve(answer as T);
      },
      postMultipart: () => Promise.reject(new Error('unused')),
      postFormForBlob: () => Promise.reject(new Error('unused')),
    };
    let resets = 0;
    const csrf: CsrfCache = {
      get: () => Promise.resolve({ token: 'csrf-1', guest_csrf: 'guest-1' }),
      reset: () => {
        resets++;
      },
    };
    return { client, csrf, posts, resets: () => resets };
  }

  it('the enquiry posts the §3 payload with an empty bot token when the check cannot be had, and renews the CSRF token after an auto-registration', async () => {
    const fake = fakeClient({ success: true, data: { lead_id: 7, registered: true, redirect: '/profile/new-check' } });
    const endpoints = createFormsEndpoints(fake.client, fake.csrf);
    const result = await endpoints.sendEnquiry({
      name: ' Ana ',
      email: 'ana@school.edu ',
      job: 'Administrator',
      lms: 'Canvas',
      numberOfStudents: '12',
      phone: '',
      message: '',
      cta: 'Get in touch',
      previousURL: 'No previous URL',
      language: 'en',
    });
    expect(result).toEqual({ leadId: 7, registered: true, redirect: '/profile/new-check' });
    expect(fake.posts[0]).toEqual({
      path: '/api/v1/forms/enquiry/',
      fields: {
        name: 'Ana',
        email: 'ana@school.edu',
        job: 'Administrator',
        lms: 'Canvas',
        number_of_students: '12',
        phone: '',
        message: '',
        cta: 'Get in touch',
        previousURL: 'No previous URL',
        language: 'en',
        'security-token-contact': '',
        _csrf_token: 'csrf-1',
      },
    });
    expect(fake.resets()).toBe(1);
  });

  it('contact, quick guide and custom quote post to their paths with their token fields', async () => {
    const fake = fakeClient({ success: true, data: { url: '/assets/es/QuickGuide.pdf' } });
    const endpoints = createFormsEndpoints(fake.client, fake.csrf);
    await endpoints.sendContact({ name: 'Ana', email: 'a@x.org', message: 'Hello', language: 'en' });
    const url = await endpoints.requestQuickGuide({
      name: 'Ana',
      email: 'a@x.org',
      phone: '+34 600',
      cta: QUICK_GUIDE_CTA,
      language: 'es',
    });
    await endpoints.sendCustomQuote({ name: 'Ana', email: 'a@x.org', message: '2000 pages', language: 'en' });
    expect(url).toBe('/assets/es/QuickGuide.pdf');
    expect(fake.posts.map((post) => post.path)).toEqual([
      '/api/v1/forms/contact/',
      '/api/v1/forms/quick-guide/',
      '/send_feedback/request',
    ]);
    expect(fake.posts[0]?.fields).toMatchObject({
      message: 'Hello',
      'security-token-contact': '',
      _csrf_token: 'csrf-1',
    });
    expect(fake.posts[1]?.fields).toMatchObject({ cta: 'Plagiarism checker alternative', phone: '+34 600' });
    expect(fake.posts[2]?.fields).toEqual({
      name: 'Ana',
      email: 'a@x.org',
      message: '2000 pages',
      language: 'en',
      token: '',
      _csrf_token: 'csrf-1',
    });
    expect(fake.resets()).toBe(0);
  });
});

describe('the contact and quick-guide forms', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('the contact form: name, e-mail and a required message, idle', () => {
    const markup = html(<ContactForm />, '/contact-us/');
    expect(markup).toContain('Send us a message');
    expect(markup).toMatch(/<textarea[^>]*required=""/);
    expect(markup).toMatch(
      /<button type="submit" class="button button--primary button--block" aria-busy="false">Send message<\/button>/,
    );
  });

  it('the quick-guide form: name, e-mail, phone and Download', () => {
    const markup = html(<QuickGuideForm />);
    for (const label of ['Name', 'E-mail', 'Phone (optional)']) expect(markup).toContain(`>${label}</label>`);
    expect(markup).toMatch(/>Download<\/button>/);
  });

  it('after the request the PDF opens in a new tab and downloads', () => {
    const opened: unknown[][] = [];
    const clicked: { href: string; download: string }[] = [];
    const appended: unknown[] = [];
    const link = {
      href: '',
      download: '',
      rel: '',
      click() {
        clicked.push({ href: this.href, download: this.download });
      },
      remove() {
        appended.pop();
      },
    };
    const doc = {
      defaultView: { open: (...args: unknown[]) => opened.push(args) },
      createElement: () => link,
      body: { append: (node: unknown) => appended.push(node) },
    } as unknown as Document;
    openAndDownload('/assets/QuickGuide.pdf', doc);
    expect(opened).toEqual([['/assets/QuickGuide.pdf', '_blank', 'noopener']]);
    expect(clicked).toEqual([{ href: '/assets/QuickGuide.pdf', download: 'QuickGuide.pdf' }]);
    expect(appended).toEqual([]);
  });
});
