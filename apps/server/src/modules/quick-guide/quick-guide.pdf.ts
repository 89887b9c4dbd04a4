import { BOLD, REGULAR, numberPages, openReportDocument } from '../ai-checks/ai-report.pdf.ts';
import { QUICK_GUIDE_EN, QUICK_GUIDE_ES, type GuideContent } from './quick-guide.content.ts';

/*
 * The quick guide as an A4 PDF (commerce-and-cabinet.md §2 "Quick-guide form"): the same document set-up, embedded
 * DejaVu fonts and page footer as the AI detector's report (ai-report.pdf.ts), so the text can be copied and
 * extracted. Pure: language in, PDF bytes out.
 */

export type GuideLanguage = 'en' | 'es';

const GUIDES: Record<GuideLanguage, GuideContent> = { en: QUICK_GUIDE_EN, es: QUICK_GUIDE_ES };
const ACCENT = '#1d4ed8';
const TEXT = '#111827';
const MUTED = '#4b5563';

export function renderQuickGuidePdf(language: GuideLanguage, createdAt: Date = new Date()): Promise<Buffer> {
  const guide = GUIDES[language];
  const { doc, done } = openReportDocument({
    title: guide.title,
    subject: guide.subtitle,
    lang: language,
    createdAt,
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font(BOLD).fontSize(22).fillColor(ACCENT).text(guide.title, { width });
  doc.moveDown(0.3);
  doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(guide.subtitle, { width });
  doc.moveDown(1);

  for (const section of guide.sections) {
    // A heading never stays alone at the foot of a page.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    doc.font(BOLD).fontSize(14).fillColor(ACCENT).text(section.heading, { width });
    doc.moveDown(0.4);
    for (const block of section.blocks) {
      doc.font(REGULAR).fontSize(10.5).fillColor(TEXT);
      if (block.kind === 'p') {
        doc.text(block.text, { width, lineGap: 2, align: 'left' });
      } else {
        for (const item of block.items) {
          const x = doc.page.margins.left;
          const y = doc.y;
          doc.text('•', x + 4, y, { lineBreak: false });
          doc.text(item, x + 18, y, { width: width - 18, lineGap: 2 });
          doc.x = x;
          doc.moveDown(0.2);
        }
      }
      doc.moveDown(0.5);
    }
    doc.moveDown(0.4);
  }

  numberPages(doc, guide.footer, (page, pages) =>
    language === 'es' ? `Página ${String(page)} de ${String(pages)}` : `Page ${String(page)} of ${String(pages)}`,
  );
  doc.end();
  return done;
}

/** Each language's PDF, rendered once (on the first request) and kept in memory. */
export function createQuickGuideCache(render: (language: GuideLanguage) => Promise<Buffer> = renderQuickGuidePdf) {
  const cache = new Map<GuideLanguage, Promise<Buffer>>();
  return {
    get(language: GuideLanguage): Promise<Buffer> {
      let pending = cache.get(language);
      if (pending === undefined) {
        pending = render(language);
        cache.set(language, pending);
        // A failed render is tried again on the next request.
        pending.catch(() => cache.delete(language));
      }
      return pending;
    },
  };
}
