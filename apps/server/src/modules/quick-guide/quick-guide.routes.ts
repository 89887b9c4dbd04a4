import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createQuickGuideCache, type GuideLanguage } from './quick-guide.pdf.ts';

/**
 * GET /assets/QuickGuide.pdf and /assets/es/QuickGuide.pdf: the quick guide to Veritext that the quick-guide form
 * opens and downloads (commerce-and-cabinet.md §2; issue 18). Public, like the client's other assets; each PDF is
 * rendered on its first request and kept in memory, so a fresh clone needs no build step for it.
 */
export const quickGuideRoutes: FastifyPluginAsync = async (app) => {
  const guides = createQuickGuideCache();

  const serve = (language: GuideLanguage) => async (_request: unknown, reply: FastifyReply) => {
    const pdf = await guides.get(language);
    return reply
      .type('application/pdf')
      .header('cache-control', 'public, max-age=86400')
      .header('content-disposition', 'inline; filename="QuickGuide.pdf"')
      .send(pdf);
  };

  for (const [url, language] of [
    ['/assets/QuickGuide.pdf', 'en'],
    ['/assets/es/QuickGuide.pdf', 'es'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags: ['forms'],
          summary:
            language === 'es' ? 'The quick guide to Veritext in Spanish (PDF)' : 'The quick guide to Veritext (PDF)',
          description: 'Public. application/pdf, cacheable for a day.',
        },
      },
      serve(language),
    );
  }
};
