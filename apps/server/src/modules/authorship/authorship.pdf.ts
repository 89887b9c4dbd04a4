import type { AuthorshipFeature, AuthorshipResult } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { BOLD, numberPages, openReportDocument, REGULAR } from '../ai-checks/ai-report.pdf.ts';
import type { Caller } from '../groups/group-access.ts';
import { authorshipResultForReport } from './authorship.service.ts';

/*
 * The authorship check's downloadable report (issue 18), in English or Spanish: the verdict, the score and what it
 * means, the earlier papers compared, the features that differ most in plain words and how the check works. Small
 * (one or two pages), so it is drawn in the request with the AI report's fonts and page frame (ai-report.pdf.ts).
 */

export type AuthorshipPdfLanguage = 'en' | 'es';

type Strings = {
  title: string;
  subject: string;
  document: string;
  student: string;
  checked: string;
  generated: string;
  verdicts: Record<AuthorshipResult['verdict'], string>;
  meaning: Record<AuthorshipResult['verdict'], string>;
  score: (score: string, chance: string) => string;
  papers: string;
  paper: (title: string, date: string) => string;
  others: (papers: number, students: number) => string;
  features: string;
  noFeatures: string;
  feature: (feature: AuthorshipFeature) => string;
  method: string;
  caution: string;
  page: (page: number, pages: number) => string;
};

const fmt = (value: number, language: AuthorshipPdfLanguage): string =>
  value.toLocaleString(language === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 1 });

export const AUTHORSHIP_PDF_STRINGS: Record<AuthorshipPdfLanguage, Strings> = {
  en: {
    title: 'Authorship check',
    subject: 'Veritext authorship (fingerprint) check',
    document: 'Document',
    student: 'Student',
    checked: 'Checked',
    generated: 'Report generated',
    verdicts: {
      same_author: 'Consistent with the student’s earlier papers',
      inconclusive: 'Inconclusive',
      different_author: 'Differs from the student’s earlier papers',
    },
    meaning: {
      same_author: 'The style of this paper is nearer to the student’s earlier papers than to other students’ papers.',
      inconclusive: 'The style comparison does not point clearly either way.',
      different_author:
        'The style of this paper is no nearer to the student’s earlier papers than to other students’ papers. This is a reason to talk with the student, not proof of misconduct.',
    },
    score: (score, chance) =>
      `Score ${score} out of 1: the share of comparisons in which the student’s own papers were the nearest (by chance: about ${chance}).`,
    papers: 'Earlier papers of the student compared',
    paper: (title, date) => `${title} (${date})`,
    others: (papers, students) => `Compared against ${String(papers)} papers by ${String(students)} other students.`,
    features: 'Where this paper differs most from the student’s usual style',
    noFeatures: 'No feature differs markedly.',
    feature: (f) => featureSentence(f, 'en'),
    method:
      'How it works: character sequences, common words, punctuation and sentence lengths of the original text (the text not matched to sources) are compared with the General Impostors method on Cosine Delta.',
    caution:
      'Stylometry is evidence, not proof: topic, genre, editing and help from others change style. Read the paper and talk with the student before drawing conclusions.',
    page: (page, pages) => `Page ${String(page)} of ${String(pages)}`,
  },
  es: {
    title: 'Verificación de autoría',
    subject: 'Verificación de autoría (huella) de Veritext',
    document: 'Documento',
    student: 'Estudiante',
    checked: 'Comprobado',
    generated: 'Informe generado',
    verdicts: {
      same_author: 'Coherente con los trabajos anteriores del estudiante',
      inconclusive: 'No concluyente',
      different_author: 'Difiere de los trabajos anteriores del estudiante',
    },
    meaning: {
      same_author:
        'El estilo de este trabajo se parece más a los trabajos anteriores del estudiante que a los de otros estudiantes.',
      inconclusive: 'La comparación de estilo no apunta claramente en ninguna dirección.',
      different_author:
        'El estilo de este trabajo no se parece más a los trabajos anteriores del estudiante que a los de otros estudiantes. Es un motivo para hablar con el estudiante, no una prueba de mala conducta.',
    },
    score: (score, chance) =>
      `Puntuación ${score} sobre 1: la proporción de comparaciones en las que los propios trabajos del estudiante fueron los más cercanos (por azar: alrededor de ${chance}).`,
    papers: 'Trabajos anteriores del estudiante comparados',
    paper: (title, date) => `${title} (${date})`,
    others: (papers, students) =>
      `Comparado con ${String(papers)} trabajos de ${String(students)} estudiantes distintos.`,
    features: 'Dónde difiere más este trabajo del estilo habitual del estudiante',
    noFeatures: 'Ningún rasgo difiere de forma marcada.',
    feature: (f) => featureSentence(f, 'es'),
    method:
      'Cómo funciona: se comparan secuencias de caracteres, palabras frecuentes, puntuación y longitud de las frases del texto original (el que no coincide con fuentes) con el método General Impostors sobre Cosine Delta.',
    caution:
      'La estilometría es un indicio, no una prueba: el tema, el género, la edición y la ayuda de otros cambian el estilo. Lea el trabajo y hable con el estudiante antes de sacar conclusiones.',
    page: (page, pages) => `Página ${String(page)} de ${String(pages)}`,
  },
};

/** One differing feature in plain words: what the paper does, and what the student's earlier papers did. */
export function featureSentence(f: AuthorshipFeature, language: AuthorshipPdfLanguage): string {
  const doc = fmt(f.document, language);
  const usual = fmt(f.usual, language);
  if (language === 'es') {
    switch (f.kind) {
      case 'word':
        return `Usa «${f.name}» ${doc} veces cada 1.000 palabras; en sus trabajos anteriores, ${usual}.`;
      case 'punctuation':
        return `Usa «${f.name}» ${doc} veces cada 1.000 caracteres; en sus trabajos anteriores, ${usual}.`;
      case 'sentence_length':
        return `Frases de ${doc} palabras de media; en sus trabajos anteriores, ${usual}.`;
      case 'sentence_spread':
        return `La longitud de las frases varía ${doc} palabras (desviación); en sus trabajos anteriores, ${usual}.`;
      case 'word_length':
        return `Palabras de ${doc} letras de media; en sus trabajos anteriores, ${usual}.`;
      case 'vocabulary':
        return `Variedad de vocabulario del ${doc} %; en sus trabajos anteriores, ${usual} %.`;
    }
  }
  switch (f.kind) {
    case 'word':
      return `Uses “${f.name}” ${doc} times per 1,000 words; the earlier papers ${usual}.`;
    case 'punctuation':
      return `Uses “${f.name}” ${doc} times per 1,000 characters; the earlier papers ${usual}.`;
    case 'sentence_length':
      return `Sentences of ${doc} words on average; the earlier papers ${usual}.`;
    case 'sentence_spread':
      return `Sentence length varies by ${doc} words (standard deviation); the earlier papers ${usual}.`;
    case 'word_length':
      return `Words of ${doc} letters on average; the earlier papers ${usual}.`;
    case 'vocabulary':
      return `Vocabulary variety ${doc} %; the earlier papers ${usual} %.`;
  }
}

export function renderAuthorshipPdf(input: {
  result: AuthorshipResult;
  title: string;
  checkedAt: Date;
  generatedAt: Date;
  language: AuthorshipPdfLanguage;
}): Promise<Buffer> {
  const { result, language } = input;
  const t = AUTHORSHIP_PDF_STRINGS[language];
  const date = (value: Date): string =>
    value.toLocaleDateString(language === 'es' ? 'es-ES' : 'en-GB', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  const { doc, done } = openReportDocument({
    title: `${t.title} ${String(result.text_check_id)}`,
    subject: t.subject,
    lang: language,
    createdAt: input.generatedAt,
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(BOLD).fontSize(18).fillColor('#111827').text(t.title, left, doc.page.margins.top, { width });
  doc.moveDown(0.3).font(REGULAR).fontSize(10).fillColor('#374151');
  doc.text(`${t.document}: ${input.title}`, { width });
  doc.text(`${t.student}: ${result.student.name}`, { width });
  doc.text(`${t.checked}: ${date(new Date(result.created_at))}   ${t.generated}: ${date(input.generatedAt)}`, {
    width,
  });
  doc.moveDown(1);
  const colour =
    result.verdict === 'same_author' ? '#166534' : result.verdict === 'different_author' ? '#9a3412' : '#374151';
  doc.font(BOLD).fontSize(14).fillColor(colour).text(t.verdicts[result.verdict], { width });
  doc.moveDown(0.3).font(REGULAR).fontSize(10).fillColor('#111827').text(t.meaning[result.verdict], { width });
  doc.moveDown(0.3).text(t.score(fmt(result.score, language), fmt(result.chance, language)), { width });
  doc.moveDown(1).font(BOLD).fontSize(12).text(t.papers, { width });
  doc.font(REGULAR).fontSize(10);
  for (const paper of result.known) {
    doc.text(`• ${t.paper(paper.title, date(new Date(paper.created_at)))}`, {
      width,
    });
  }
  doc.moveDown(0.3).text(t.others(result.impostors.papers, result.impostors.students), { width });
  doc.moveDown(1).font(BOLD).fontSize(12).text(t.features, { width });
  doc.font(REGULAR).fontSize(10);
  if (result.features.length === 0) doc.text(t.noFeatures, { width });
  for (const feature of result.features) doc.text(`• ${t.feature(feature)}`, { width });
  doc.moveDown(1).fillColor('#374151').text(t.method, { width });
  doc.moveDown(0.5).text(t.caution, { width });
  numberPages(doc, `${t.title} ${String(result.text_check_id)}`, t.page);
  doc.end();
  return done;
}

/** POST /profile/fingerprint/download-pdf/{id}/ type=1: the authorship check's PDF (a teacher or owner). */
export async function authorshipReportPdf(
  db: Queryable,
  caller: Caller,
  input: { id: number; language?: 'en' | 'es'; now?: Date },
): Promise<{ fileName: string; pdf: Buffer }> {
  const { result, title, checkedAt } = await authorshipResultForReport(db, caller, input.id);
  try {
    const pdf = await renderAuthorshipPdf({
      result,
      title,
      checkedAt,
      generatedAt: input.now ?? new Date(),
      language: input.language ?? result.language,
    });
    return { fileName: `veritext-authorship-report-${String(input.id)}.pdf`, pdf };
  } catch (error) {
    throw new AppError('report_failed', { cause: error });
  }
}
