import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { createMemoryStore } from '../session/storage.ts';

/** A visitor's session: no profile yet. */
const guestSession = {
  getState: () => ({ status: 'guest', profile: null, error: null }),
  subscribe: () => () => undefined,
  getApiToken: () => null,
} as unknown as Services['session'];
import { i18next, initI18n } from '../i18n/index.ts';
import { AiDetector } from './AiDetector.tsx';
import { AiFileRow, AiFileZone } from './AiFileZone.tsx';
import { fileProblem, type AiFileItem } from './aiFile.ts';

function item(name: string, size: number): AiFileItem {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return { file, problem: fileProblem(file) };
}

function zone(current: AiFileItem | null, isDisabled = false): string {
  return renderToStaticMarkup(
    <AiFileZone
      item={current}
      language="en"
      isDisabled={isDisabled}
      onFiles={() => undefined}
      onRemove={() => undefined}
    />,
  );
}

describe('the AI detector file upload', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is a labelled button that takes drops, with a labelled file input that accepts the nine formats', () => {
    const html = zone(null);
    expect(html).toMatch(
      /<button type="button" class="ai-file__zone" aria-describedby="([^"]+)-formats" data-testid="ai-file-zone"><span class="ai-file__action">Upload a file<\/span><span class="ai-file__drop">or drag and drop it here<\/span><\/button>/,
    );
    expect(html).toMatch(
      /<input id="[^"]+-input" type="file" class="visually-hidden" accept="\.doc,\.docx,\.pdf,\.txt,\.rtf,\.odt,\.odp,\.ppt,\.pptx" tabindex="-1" aria-label="File to check for AI"\/>/,
    );
    expect(html).toContain('up to 25\u00a0MB');
    expect(html).not.toContain('ai-file-row');
  });

  it('disables the zone and the input while a check runs', () => {
    const html = zone(null, true);
    expect(html).toMatch(/<button type="button" class="ai-file__zone" disabled=""/);
    expect(html).toMatch(/type="file"[^>]*disabled=""/);
  });

  it('shows a ready file row with name, size and a remove button tied to the name', () => {
    const html = zone(item('Thesis.docx', 1572864));
    expect(html).toContain('data-state="ready"');
    expect(html).toMatch(/<span id="([^"]+)-name" class="ai-file__name">Thesis.docx<\/span>/);
    expect(html).toContain('<span class="ai-file__size">1.5 MB</span>');
    expect(html).toContain('<span class="ai-file__state">Ready to check</span>');
    expect(html).toMatch(
      /<button type="button" class="button button--small button--ghost ai-file__remove" aria-describedby="([^"]+)-name">Remove<\/button>/,
    );
  });

  it("says 'Unsupported file format' and names the size limit, as alerts", () => {
    const format = renderToStaticMarkup(
      <AiFileRow item={item('photo.png', 2048)} language="en" onRemove={() => undefined} />,
    );
    expect(format).toContain('class="ai-file__row is-error"');
    expect(format).toContain('data-state="error"');
    expect(format).toContain('<span class="ai-file__state" role="alert">Unsupported file format</span>');

    const size = renderToStaticMarkup(
      <AiFileRow item={item('huge.pdf', 26214401)} language="en" onRemove={() => undefined} />,
    );
    expect(size).toContain('role="alert">The file is empty or larger than 25\u00a0MB</span>');
    expect(size).not.toContain('Ready to check');
  });

  it('sits in the AI detector form, after the text area and before the Check for AI button', () => {
    const queryClient = new QueryClient();
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <ServicesContext
            value={
              { queryClient, session: guestSession, storage: createMemoryStore() } as Partial<Services> as Services
            }
          >
            <AiDetector />
          </ServicesContext>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const textArea = html.indexOf('<textarea');
    const upload = html.indexOf('data-testid="ai-file-zone"');
    const submit = html.indexOf('type="submit"');
    expect(textArea).toBeGreaterThan(-1);
    expect(upload).toBeGreaterThan(textArea);
    expect(submit).toBeGreaterThan(upload);
    expect(html).not.toContain('ai-file-row');
  });

  it('reads in Spanish', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = renderToStaticMarkup(
        <AiFileRow item={item('foto.png', 2048)} language="es" onRemove={() => undefined} />,
      );
      expect(html).toContain('Formato de archivo no admitido');
      expect(html).toContain('Quitar');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
