import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CredentialsUser } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import type { SessionState } from '../session/store.ts';
import { createMemoryStore } from '../session/storage.ts';
import { sampleUser } from '../test/fixtures.ts';
import type { CheckGroup } from './account.ts';
import { CheckForm } from './CheckForm.tsx';
import { FileZone } from './FileZone.tsx';
import { SendButton } from './SendButton.tsx';
import { applyVerification, createFileItem } from './fileItems.ts';
import { GROUPS_QUERY_KEY } from './groups.ts';
import { group } from './testGroups.ts';

function render(
  options: { profile?: CredentialsUser; groupId?: number; groups?: CheckGroup[]; aiMode?: boolean } = {},
) {
  const queryClient = new QueryClient();
  if (options.groups !== undefined) queryClient.setQueryData(GROUPS_QUERY_KEY, options.groups);
  const state: SessionState =
    options.profile === undefined
      ? { status: 'guest', profile: null, error: null }
      : { status: 'user', profile: options.profile, error: null };
  const session = {
    getState: () => state,
    subscribe: () => () => undefined,
    getApiToken: () => null,
  } as unknown as Services['session'];
  const services = { queryClient, session, storage: createMemoryStore() } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <CheckForm
            {...(options.groupId === undefined ? {} : { groupId: options.groupId })}
            aiMode={options.aiMode ?? false}
          />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the check form', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('has the text area, a keyboard-reachable upload button with the nine extensions, and a disabled check button', () => {
    const html = render();
    expect(html).toContain('data-checkform=""');
    expect(html).toMatch(/<textarea id="[^"]+-text" class="check-form__text"/);
    expect(html).toContain('<button type="button" class="button button--small">Upload files</button>');
    expect(html).toContain('type="file"');
    expect(html).toContain('accept=".doc,.docx,.pdf,.txt,.rtf,.odt,.odp,.ppt,.pptx"');
    expect(html).toContain('multiple=""');
    expect(html).toMatch(
      /<button type="submit" class="button button--primary button--large send-button" disabled=""[^>]*>/,
    );
    expect(html).toContain('Check for plagiarism');
    expect(html).not.toContain('role="progressbar"');
    expect(html).not.toContain('role="alert"');
  });

  it('offers to keep the text out of the Veritext index, unticked, with what the index is (issue 13, A5)', () => {
    const html = render();
    const box = /<input type="checkbox"[^>]*name="exclude_from_index"[^>]*>/.exec(html)?.[0] ?? '';
    expect(box).toMatch(/aria-describedby="[^"]+-index-hint"/);
    expect(box).not.toContain('checked');
    expect(box).not.toContain('disabled');
    expect(html).toContain('Don&#x27;t add this text to the Veritext index');
    expect(html).toMatch(/id="[^"]+-index-hint"[^>]*>[^<]*Veritext index[^<]*compared/);
    // the AI detector's form checks for AI only and joins no index: no box there
    expect(render({ aiMode: true })).not.toContain('exclude_from_index');
  });

  it('takes a single file in AI mode', () => {
    const html = render({ aiMode: true });
    expect(html).toContain('data-aidetector=""');
    expect(html).not.toContain('multiple=""');
    expect(html).toContain('Check for AI');
  });

  it('is locked with a message for a student when the group hides new checks', () => {
    const locked = group({ id: 4, hide_new_check_for_student: true, current_user_role: 3 });
    const html = render({ profile: sampleUser, groupId: 4, groups: [locked] });
    expect(html).toContain('New checks are turned off for students in your organisation.');
    expect(html).toContain('readOnly=""');
    expect(html).toMatch(/<button type="button" class="button button--small" disabled="">Upload files<\/button>/);
  });

  it('is open for the group owner', () => {
    const open = group({ id: 4, hide_new_check_for_student: true, current_user_role: 1 });
    const html = render({ profile: sampleUser, groupId: 4, groups: [open] });
    expect(html).not.toContain('New checks are turned off');
    expect(html).not.toContain('readOnly=""');
  });
});

describe('the file rows', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('show name, pages, status, tooltip and a remove button, ready or error', () => {
    const ready = applyVerification(createFileItem(new File(['x'], 'essay.docx', { lastModified: 1 })), {
      success: true,
      pages: 2,
      hash: 'h',
      message: '',
      code: null,
    });
    const english = applyVerification(createFileItem(new File(['x'], 'notes.txt', { lastModified: 2 })), {
      success: true,
      pages: 1,
      hash: 'h',
      message: '',
      code: 4,
    });
    const bad = createFileItem(new File(['x'], 'photo.png', { lastModified: 3 }));
    const html = renderToStaticMarkup(
      <FileZone
        files={[ready, english, bad]}
        multiple
        disabled={false}
        onAdd={() => undefined}
        onRemove={() => undefined}
      >
        <textarea />
      </FileZone>,
    );
    expect(html).toContain('<li class="file-row file-row--ready" data-status="ready-to-check">');
    expect(html).toContain('<span class="file-row__name" title="essay.docx">essay.docx</span>');
    expect(html).toContain('2 pages');
    expect(html).toContain('>Ready<');
    expect(html).toContain('Too few English words:');
    expect(html).toContain('<li class="file-row file-row--error" data-status="error-file-format">');
    expect(html).toContain('Unsupported file format');
    expect(html).toContain('aria-label="Remove photo.png"');
    expect(html).toContain('<ul class="file-list" aria-label="Files to check">');
  });
});

describe('the sending button', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows a progress bar while sending', () => {
    const html = renderToStaticMarkup(<SendButton label="Check for plagiarism" disabled={false} progress={42.4} />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain('style="width:42%"');
    expect(html).toContain('disabled=""');
    const idle = renderToStaticMarkup(<SendButton label="Check for plagiarism" disabled={false} progress={null} />);
    expect(idle).not.toContain('progressbar');
    expect(idle).not.toContain('disabled');
  });
});
