import { readFileSync } from 'node:fs';
import {
  AI_PUBLISHED_VERDICT,
  SOURCE_COLOURS,
  type AiAssessment,
  type ReportNode,
  type ReportSource,
  type SimilarityReport,
} from '@veritext/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { AI_REPORT_STRINGS, renderAiReportPdf } from '../ai-checks/ai-report.pdf.ts';
import { verdictLines } from '../ai-checks/ai-verdict-words.ts';
import {
  aiVerdictWords,
  countIn,
  documentName,
  internetLine,
  pageLink,
  percentIn,
  renderSimilarityReportPdf,
  textPieces,
  tint,
  type SimilarityReportPdfInput,
} from './similarity-report.pdf.ts';
import { createSimilarityReportRenderer } from './similarity-report.ts';

type Part = {
  text: string;
  kind?: 'identical' | 'changed' | 'quote' | 'reference';
  ids?: number[];
  ai?: 'likely' | 'strong';
};

function node(start: number, text: string): ReportNode {
  return {
    start,
    end: start + text.length,
    text,
    sources: [],
    quotes: [],
    references: [],
    isIdentical: false,
    isChangedIndex: false,
    isQuote: false,
    isReference: false,
    isLikely: false,
    isHlikely: false,
    percent: 0,
  };
}

/** Plagiarism nodes and AI nodes of the same text, from its parts. */
function nodesOf(parts: readonly Part[]): { nodes: ReportNode[]; ai: ReportNode[] } {
  const nodes: ReportNode[] = [];
  const ai: ReportNode[] = [];
  let at = 0;
  for (const part of parts) {
    const n = node(at, part.text);
    if (part.kind === 'identical' || part.kind === 'changed') {
      n.isIdentical = part.kind === 'identical';
      n.isChangedIndex = part.kind === 'changed';
      n.sources = part.ids ?? [1];
    } else if (part.kind === 'quote') {
      n.isQuote = true;
      n.quotes = part.ids ?? [1];
    } else if (part.kind === 'reference') {
      n.isReference = true;
      n.references = part.ids ?? [1];
    }
    nodes.push(n);
    const a = node(at, part.text);
    a.isLikely = part.ai === 'likely';
    a.isHlikely = part.ai === 'strong';
    ai.push(a);
    at += part.text.length;
  }
  return { nodes, ai };
}

function source(id: number, name: string, url: string, percent: number, identical: number): ReportSource {
  return {
    id,
    enabled: true,
    source: url,
    link: { name },
    sourceType: 'web',
    index: [{ type: 'general', db_id: `s${String(id)}` }],
    percent,
    identical,
    changedIndex: Math.round((percent - identical) * 100) / 100,
  };
}

const IDENTICAL =
  'Coastal wetlands store large amounts of carbon in their waterlogged soils, where decomposition proceeds very slowly.';
const CHANGED =
  'When these marshes are drained for farming, the buried carbon is released back into the atmosphere over a few decades.';
const QUOTE = '"Every hectare we lose is a century of carbon set free"';
const REFERENCE = 'Duarte, C. M. (2013). The role of coastal plant communities. Nature Climate Change, 3, 961–968.';
const AI_SENTENCE =
  'In conclusion, it is important to note that protecting wetlands offers a multifaceted approach to climate resilience.';
const PLAIN = [
  'The estuary near our town used to flood every spring, and older neighbours still remember fishing from the doorsteps of houses that now stand on dry ground.',
  'Since the drainage canals were dug in the nineteen-sixties, the reeds have retreated and the birds that nested there have mostly gone elsewhere.',
  'Last year a group of volunteers started to map the remaining patches of marsh, walking the dykes with notebooks and borrowed GPS receivers.',
  'Their survey found that barely a third of the original wetland is left, and most of it lies in a narrow strip between the road and the sea wall.',
  'The municipality has promised to restore part of the old floodplain, although farmers worry about losing the fields their families have worked for generations.',
  'A compromise now being discussed would pay landowners to raise the water table slowly, letting the reeds return without abandoning the land altogether.',
  'Señora Núñez, who chairs the association, says the plan is «pequeño pero valiente» and hopes the first sluices can be opened next año.',
  'Whatever is decided, the debate has made people look again at a landscape most of them had stopped noticing, and that may be the most useful result so far.',
];

const PARTS: Part[] = [
  { text: `${PLAIN[0] ?? ''} ${PLAIN[1] ?? ''} ` },
  { text: IDENTICAL, kind: 'identical', ids: [1] },
  { text: ' ' },
  { text: CHANGED, kind: 'changed', ids: [1, 2] },
  { text: `\n\n${PLAIN[2] ?? ''} ${PLAIN[3] ?? ''} The warden told us: ` },
  { text: QUOTE, kind: 'quote', ids: [1] },
  { text: `. ${PLAIN[4] ?? ''} ${PLAIN[5] ?? ''} ` },
  { text: AI_SENTENCE, ai: 'strong' },
  { text: ` ${PLAIN[6] ?? ''} ` },
  { text: PLAIN[7] ?? '', ai: 'likely' },
  { text: '\n\nReferences\n' },
  { text: REFERENCE, kind: 'reference', ids: [1] },
];

function fixture(): SimilarityReport {
  const { nodes, ai } = nodesOf(PARTS);
  const length = nodes.reduce((sum, n) => sum + n.text.length, 0);
  return {
    id: 4711,
    title: 'Humedales costeros: a field report',
    plagiarism: {
      nodes,
      sources: [
        source(1, 'Blue carbon in coastal ecosystems', 'https://example.org/blue-carbon', 12.34, 6.17),
        source(2, 'Wetland drainage and emissions', 'https://example.net/drainage', 6.05, 0),
      ],
      quSources: [source(1, 'Interview with the warden', 'https://example.com/warden', 2.5, 2.5)],
      reSources: [source(1, 'Nature Climate Change', 'https://doi.org/10.1038/nclimate1970', 4.1, 4.1)],
      length,
      percents: { total: 12.34, source: 18.94, identical: 6.17, 'changed-index': 6.17, quote: 2.5, reference: 4.1 },
    },
    ai: {
      status: 4,
      nodes: ai,
      percents: { processed: 100, likely: 8.8, strong: 6.6, total: 15.4 },
      verdict: 'potentially AI',
      error: null,
    },
    compared_with: null,
  };
}

/** The fixture with what it was compared with, and sources of this instance and of a reference collection. */
function scoped(): SimilarityReport {
  const report = fixture();
  const own = source(1, 'Your check', 'Your check', 12.34, 6.17);
  own.index = [{ type: 'checked', db_id: 'check:12' }];
  own.sourceType = 'checked';
  own.origin = { kind: 'own', title: 'My draft', checked_at: '2026-11-25T09:00:00.000Z' };
  const colleague = source(2, 'A document', 'A document', 6.05, 0);
  colleague.index = [{ type: 'checked', db_id: 'check:13' }];
  colleague.sourceType = 'checked:g4';
  colleague.origin = { kind: 'organisation' };
  const stranger = source(3, 'A document', 'A document', 3, 3);
  stranger.index = [{ type: 'checked', db_id: 'check:14' }];
  stranger.sourceType = 'checked';
  stranger.origin = { kind: 'instance', checked_at: '2026-11-20T23:30:00.000Z' };
  const collected = source(4, 'Lighthouses of the Atlantic', 'Lighthouses of the Atlantic', 2, 2);
  collected.sourceType = 'ref:maritime';
  collected.origin = { kind: 'collection', name: 'ref:maritime', title: 'Maritime history' };
  report.plagiarism.sources = [own, colleague, stranger, collected];
  report.compared_with = {
    documents: [
      { scope: 'instance', count: 1234 },
      { scope: 'organisation', count: 56 },
    ],
    collections: [{ name: 'ref:maritime', title: 'Maritime history', documents: 7 }],
    internet: { searched: false, reason: 'no_provider' },
  };
  return report;
}

function input(report: SimilarityReport, fileName: string | null = 'humedales.docx'): SimilarityReportPdfInput {
  return {
    report,
    checkedAt: new Date('2025-03-04T10:20:00Z'),
    generatedAt: new Date('2025-03-05T08:00:00Z'),
    fileName,
  };
}

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** A report of about `words` words, a node every few sentences, every other one matched. */
function large(words: number): SimilarityReport {
  const parts: Part[] = [];
  const kinds = [undefined, 'identical', undefined, 'changed', undefined, 'quote', undefined, 'reference'] as const;
  let count = 0;
  for (let i = 0; count < words; i++) {
    const sentence = `${PLAIN[i % PLAIN.length] ?? ''} `;
    const kind = kinds[i % kinds.length];
    parts.push({
      text: i % 40 === 39 ? `${sentence}\n` : sentence,
      kind,
      ids: [1 + (i % 2)],
      ai: i % 5 === 0 ? 'likely' : i % 7 === 0 ? 'strong' : undefined,
    });
    count += sentence.split(' ').length - 1;
  }
  const report = fixture();
  const { nodes, ai } = nodesOf(parts);
  report.plagiarism.nodes = nodes;
  report.ai.nodes = ai;
  return report;
}

describe('renderSimilarityReportPdf', () => {
  it('renders the header, summary, sources and the highlighted text', async () => {
    const words = PARTS.map((p) => p.text)
      .join('')
      .split(/\s+/).length;
    expect(words).toBeGreaterThan(250);
    const pdf = await renderSimilarityReportPdf(input(fixture()));
    expect(isPdf(pdf)).toBe(true);
    const { text: pages } = await pdfText(pdf);
    expect(pages).toContain('Page 1 of 2');
    // the text as it flows: a sentence that runs over to the next page is not cut by the page's footer
    const text = pages.replace(/ Veritext similarity report, check no\. 4711 Page \d+ of \d+/g, '');
    for (const expected of [
      'Veritext',
      'SIMILARITY REPORT',
      'Check no. 4711',
      'Humedales costeros: a field report',
      'humedales.docx',
      '2025-03-04 10:20 UTC',
      // Summary.
      '12.34 %',
      '6.17 %',
      '2.50 %',
      '4.10 %',
      '15.40 %',
      // the AI verdict's band, read from the verdict alone (no assessment in this report)
      'Not enough evidence to tell',
      // what the similarity means, and the caution
      'Some similarity: review the matched passages.',
      'Similarity is not proof of plagiarism',
      // Sources.
      'Blue carbon in coastal ecosystems',
      'https://example.org/blue-carbon',
      'Wetland drainage and emissions',
      '6.05 %',
      'Interview with the warden',
      'Nature Climate Change',
      // The text, Spanish included, and its notes.
      IDENTICAL,
      CHANGED,
      AI_SENTENCE,
      PLAIN[6] ?? '',
      'Señora Núñez',
      '[1, 2]',
      '[Q1]',
      '[R1]',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('puts each note after its passage, before the space that follows it', () => {
    const { nodes, ai } = nodesOf(PARTS);
    const pieces = textPieces(nodes, ai);
    const notes = pieces.filter((p) => p.note).map((p) => p.text);
    expect(notes).toEqual(['[1]', '[1, 2]', '[Q1]', '[R1]']);
    const identical = pieces.findIndex((p) => p.match === 1);
    expect(pieces[identical]?.text).toBe(IDENTICAL);
    expect(pieces[identical + 1]).toMatchObject({ text: '[1]', note: true });
    expect(pieces.find((p) => p.ai === 2)?.text).toBe(AI_SENTENCE);
    // The pieces still spell the text, notes aside.
    const spelled = pieces
      .filter((p) => !p.note)
      .map((p) => p.text)
      .join('');
    expect(spelled).toBe(PARTS.map((p) => p.text).join(''));
  });

  it('gives identical and changed passages their first source, for its colour; quotes and references none', () => {
    const { nodes, ai } = nodesOf(PARTS);
    const pieces = textPieces(nodes, ai);
    expect(pieces.find((p) => p.text === IDENTICAL)).toMatchObject({ match: 1, source: 1 });
    expect(pieces.find((p) => p.text === CHANGED)).toMatchObject({ match: 2, source: 1 });
    expect(pieces.find((p) => p.text === QUOTE)).toMatchObject({ match: 3, source: 0 });
    // two passages of different sources side by side stay apart (each its own colour)
    const apart = nodesOf([
      { text: 'First passage. ', kind: 'identical', ids: [1] },
      { text: 'Second passage.', kind: 'identical', ids: [2] },
    ]);
    const runs = textPieces(apart.nodes, []).filter((p) => !p.note);
    expect(runs.map((p) => [p.text.trim(), p.source])).toEqual([
      ['First passage.', 1],
      ['', 0],
      ['Second passage.', 2],
    ]);
  });

  it('tints a source colour towards white; identical and changed text differ in strength', () => {
    expect(tint('#d92d20', 1)).toBe('#d92d20');
    expect(tint('#d92d20', 0)).toBe('#ffffff');
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(SOURCE_COLOURS).toHaveLength(8);
  });

  it("writes percentages and counts in the language's format, with a no-break space before %", () => {
    expect(percentIn('en')(1234.5)).toBe('1,234.50\u00a0%');
    expect(percentIn('es')(23.14)).toBe('23,14\u00a0%');
    expect(countIn('en')(12500)).toBe('12,500');
    expect(countIn('es')(12500)).toBe('12.500');
  });

  it('is titled by the document: its title, else its file name, else its first words', () => {
    const report = fixture();
    expect(documentName(report, 'x.docx')).toBe('Humedales costeros: a field report');
    report.title = ' ';
    expect(documentName(report, 'humedales.docx')).toBe('humedales.docx');
    expect(documentName(report, null)).toBe('The estuary near our town used to flood…');
  });

  it("says when only a guest's first 275 words were checked", async () => {
    const report = fixture();
    report.cut_at_words = 275;
    const { text } = await pdfText(await renderSimilarityReportPdf(input(report)));
    expect(text).toContain('Only the first 275 words of the text were checked');
    const es = await pdfText(await renderSimilarityReportPdf({ ...input(report), language: 'es' }));
    expect(es.text).toContain('Solo se revisaron las primeras 275 palabras del texto');
    expect((await pdfText(await renderSimilarityReportPdf(input(fixture())))).text).not.toContain('Only the first');
  });

  it('renders a report without sources, text or AI check', async () => {
    const report = fixture();
    report.title = '';
    report.plagiarism = {
      nodes: [],
      sources: [],
      quSources: [],
      reSources: [],
      length: 0,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    };
    report.ai = {
      status: null,
      nodes: [],
      percents: { processed: 0, likely: 0, strong: 0, total: 0 },
      verdict: null,
      error: null,
    };
    const pdf = await renderSimilarityReportPdf(input(report, null));
    expect(isPdf(pdf)).toBe(true);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('No matching sources were found.');
    expect(text).toContain('Not checked');
    expect(text).toContain('0.00 %');
    expect(text).toContain('Page 1 of 1');
  });

  it('shows the AI error, and an AI part of another text in a section of its own', async () => {
    const failed = fixture();
    failed.ai = { ...failed.ai, status: 9, nodes: [], error: 'The language of the text is not supported' };
    expect((await pdfText(await renderSimilarityReportPdf(input(failed)))).text).toContain(
      'The language of the text is not supported',
    );

    const apart = fixture();
    apart.plagiarism.nodes = [];
    const { text } = await pdfText(await renderSimilarityReportPdf(input(apart)));
    expect(text).toContain('AI-written text');
    expect(text).toContain(AI_SENTENCE);
  });

  /** The web report's words for the AI bands (apps/web/src/i18n, ai.result.band), which the PDF says the same way. */
  function webBands(language: 'en' | 'es'): Record<string, string> {
    const json = JSON.parse(
      readFileSync(new URL(`../../../../web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
    ) as { ai: { result: { band: Record<string, string> } } };
    return json.ai.result.band;
  }

  const ASSESSMENTS = {
    human: { band: 'human', reason: null, level: 'likely human', lang: 'en', human_share: 75.01, human_texts: 3646 },
    uncertain: { band: 'uncertain', reason: 'overlap', level: null, lang: 'en', human_share: 24.99, human_texts: 3646 },
    ai: { band: 'ai', reason: null, level: 'most likely AI', lang: 'es', human_share: 0, human_texts: 1288 },
  } as const satisfies Record<string, AiAssessment>;
  const VERDICTS = { human: 'likely human', uncertain: 'potentially AI', ai: 'most likely AI' } as const;
  type Band = keyof typeof ASSESSMENTS;
  const BANDS = ['human', 'uncertain', 'ai'] as const;

  /** The report with a done AI part in `band`, as the server sends it (text-checks.read.ts aiPart). */
  function inBand(band: Band): SimilarityReport {
    const report = fixture();
    report.ai = { ...report.ai, verdict: VERDICTS[band], assessment: ASSESSMENTS[band] };
    return report;
  }

  /** The AI detector's PDF of a check with the same verdict, in `language`. */
  async function aiReportText(band: Band, language: 'en' | 'es'): Promise<string> {
    const bytes = await renderAiReportPdf({
      id: 7,
      content: 'A short text.',
      chunks: [],
      verdict: VERDICTS[band],
      score: 0.4321,
      flagged: band === 'ai',
      lang: ASSESSMENTS[band].lang,
      assessment: ASSESSMENTS[band],
      language,
      processedPercent: 100,
      likelyPercent: 8.8,
      strongPercent: 6.6,
      checkedAt: new Date('2025-03-04T10:20:00Z'),
      generatedAt: new Date('2025-03-05T08:00:00Z'),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  it.each(['en', 'es'] as const)(
    'says the AI verdict as the AI detector report does: the band, the level where it fits, what it means (%s)',
    async (language) => {
      const web = webBands(language);
      for (const band of BANDS) {
        const { text } = await pdfText(await renderSimilarityReportPdf({ ...input(inBand(band)), language }));
        // the band in the web report's words, and none of the other bands'
        expect(text).toContain(web[band]);
        for (const other of BANDS.filter((b) => b !== band)) expect(text).not.toContain(web[other]);
        // the same sentence as the AI detector's PDF of the same check: shared code, the same words
        const lines = verdictLines(language, ASSESSMENTS[band]);
        // as the PDF text reads (no-break spaces are spaces)
        const words = {
          meaning: lines.meaning?.replace(/\s+/g, ' ') ?? null,
          level: lines.level?.replace(/\s+/g, ' ') ?? null,
        };
        const aiReport = await aiReportText(band, language);
        expect(words.meaning).not.toBeNull();
        expect(aiReport).toContain(words.meaning ?? '');
        expect(text).toContain(words.meaning ?? '');
        if (words.level === null) {
          expect(text).not.toMatch(/Detector level|Nivel del detector/);
        } else {
          expect(aiReport).toContain(words.level);
          expect(text).toContain(words.level);
        }
        expect(text).toContain(AI_REPORT_STRINGS[language].caution);
        // no raw six-level verdict as the headline, no score and no threshold
        expect(text).not.toMatch(/Verdict:|Veredicto:|score|threshold|umbral|puntuaci|0\.43|0,43/i);
      }
    },
  );

  it('writes each band with its meaning and how often human texts got it, in English and Spanish', async () => {
    const text = async (band: Band, language: 'en' | 'es'): Promise<string> =>
      (await pdfText(await renderSimilarityReportPdf({ ...input(inBand(band)), language }))).text;
    const human = await text('human', 'en');
    expect(human).toContain(
      'AI check: Reads as written by a person. Detector level: Likely human. The writing is like the human texts ' +
        'the detector was tested on, and unlike most AI-written ones. In our tests, 75.01 % of the 3,646 English ' +
        'texts written by people got this result.',
    );
    const uncertain = await text('uncertain', 'en');
    expect(uncertain).toContain(
      'AI check: Not enough evidence to tell. Texts written by people and AI-written texts both get results like ' +
        'this one, so the detector cannot tell which this is. In our tests, 24.99 % of the 3,646 English texts ' +
        'written by people got this result.',
    );
    expect(uncertain).not.toContain('Potentially AI');
    const ai = await text('ai', 'en');
    expect(ai).toContain('AI check: Reads as AI-written. Detector level: Most likely AI.');
    expect(ai).toContain('In our tests, none of the 1,288 Spanish texts written by people got this result.');

    const humano = await text('human', 'es');
    expect(humano).toContain(
      'Revisión de IA: Parece escrito por una persona. Nivel del detector: Probablemente humano. La escritura se ' +
        'parece a la de los textos humanos',
    );
    expect(humano).toContain(
      'En nuestras pruebas, el 75,01 % de los 3646 textos en inglés escritos por personas obtuvo este resultado.',
    );
    const incierto = await text('uncertain', 'es');
    expect(incierto).toContain('Revisión de IA: No hay pruebas suficientes para saberlo. Los textos escritos por');
    expect(incierto).not.toContain('Posiblemente IA');
    const ia = await text('ai', 'es');
    expect(ia).toContain('Revisión de IA: Parece escrito por IA. Nivel del detector: Casi con certeza IA.');
    expect(ia).toContain(
      'En nuestras pruebas, ninguno de los 1288 textos en español escritos por personas obtuvo este resultado.',
    );
    for (const spanish of [humano, incierto, ia]) expect(spanish).not.toMatch(/AI check|In our tests|Detector level/);
  });

  it('says a part found whole in published sources was found there; a part not done has no verdict in words', async () => {
    const report = fixture();
    report.ai = {
      ...report.ai,
      nodes: report.ai.nodes.map((n) => ({ ...n, isLikely: false, isHlikely: false, isPublished: true })),
      percents: { processed: 0, likely: 0, strong: 0, total: 0, published: 100 },
      verdict: AI_PUBLISHED_VERDICT,
      assessment: null,
    };
    const en = (await pdfText(await renderSimilarityReportPdf(input(report)))).text;
    expect(en).toContain('AI check: Found in published sources.');
    expect(en).toContain('AI check: 100.00 % of the text was found in published sources and is not counted.');
    expect(en).not.toContain('No verdict');
    const es = (await pdfText(await renderSimilarityReportPdf({ ...input(report), language: 'es' }))).text;
    expect(es).toContain('Revisión de IA: Encontrado en fuentes publicadas.');

    expect(aiVerdictWords('en', { ...report.ai, status: 2, verdict: null })).toBeNull();
    expect(aiVerdictWords('en', { ...report.ai, status: 4, verdict: null })).toMatchObject({ headline: 'No verdict' });
  });

  it('states what the text was compared with and whose each source is, in English', async () => {
    const { text } = await pdfText(await renderSimilarityReportPdf(input(scoped())));
    for (const expected of [
      'Compared with',
      'Documents checked on Veritext: 1,234',
      "Your organisation's own documents: 56",
      "Reference collection 'Maritime history': 7 documents",
      'The internet: not searched (no search provider is configured on this service)',
      "Your check 'My draft' of 25 Nov 2026",
      'A document checked in your organisation',
      'A document submitted to Veritext on 20 Nov 2026',
      'Lighthouses of the Atlantic',
      'Reference collection: Maritime history',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Veritext database');
  });

  it('renders the report in Spanish, sources and scope included', async () => {
    const { text } = await pdfText(await renderSimilarityReportPdf({ ...input(scoped()), language: 'es' }));
    for (const expected of [
      'INFORME DE SIMILITUD',
      'Revisión n.º 4711',
      'Algo de similitud: revisa los pasajes coincidentes.',
      'La similitud no prueba el plagio',
      '1 fuente',
      'Comparado con',
      'Documentos revisados en Veritext: 1234',
      'Colección de referencia «Maritime history»: 7 documentos',
      'Internet: no se ha buscado (este servicio no tiene configurado ningún proveedor de búsqueda)',
      'Tu revisión «My draft» del 25 nov 2026',
      'Un documento revisado en tu organización',
      'Un documento enviado a Veritext el 20 nov 2026',
      'Colección de referencia: Maritime history',
      '12,34 %',
      'No hay pruebas suficientes para saberlo',
      'Fuentes',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Similarity report');
  });

  it('names an internet page by its title, address and the day it was fetched, and links it', async () => {
    const report = scoped();
    const page = source(5, 'Honey from the rooftops', 'https://bees.example.org/urban', 1.5, 1.5);
    page.origin = {
      kind: 'web',
      title: 'Honey from the rooftops',
      url: 'https://bees.example.org/urban',
      fetched_at: '2026-11-26T10:00:00.000Z',
    };
    const untitled = source(6, '', 'javascript:alert(1)', 1, 1);
    untitled.origin = { kind: 'web', title: '', url: 'javascript:alert(1)', fetched_at: '2026-11-20T10:00:00.000Z' };
    report.plagiarism.sources.push(page, untitled);
    report.compared_with = {
      ...(report.compared_with ?? { documents: [], collections: [] }),
      internet: { searched: true, reason: null, partial: true, queries: 3, pages: 12 },
    };
    const bytes = await renderSimilarityReportPdf(input(report));
    const { text } = await pdfText(bytes);
    for (const expected of [
      'Honey from the rooftops',
      'https://bees.example.org/urban',
      'Fetched 26 Nov 2026',
      'javascript:alert(1)',
      'Fetched 20 Nov 2026',
      'The internet: partly searched, the time allowed ran out (12 pages compared, from 3 searches)',
    ]) {
      expect(text).toContain(expected);
    }
    // the page's address is a link in the PDF; an address that is not http(s) is not
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const links: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      for (const annotation of (await (await pdf.getPage(n)).getAnnotations()) as { url?: string }[]) {
        if (annotation.url !== undefined) links.push(annotation.url);
      }
    }
    expect(links).toContain('https://bees.example.org/urban');
    expect(links.some((url) => url.startsWith('javascript'))).toBe(false);
    expect(pageLink(untitled)).toBeUndefined();
    const spanish = (await pdfText(await renderSimilarityReportPdf({ ...input(report), language: 'es' }))).text;
    expect(spanish).toContain('Descargada el 26 nov 2026');
    expect(spanish).toContain(
      'Internet: búsqueda parcial, se acabó el tiempo previsto (12 páginas comparadas, encontradas con 3 búsquedas)',
    );
  });

  it.each([
    [
      { searched: false, reason: 'no_provider' },
      'The internet: not searched (no search provider is configured on this service)',
    ],
    [{ searched: false, reason: 'provider_auth' }, 'The internet: not searched (the search provider refused our key)'],
    [
      { searched: false, reason: 'provider_quota' },
      "The internet: not searched (the search provider's quota is used up)",
    ],
    [
      { searched: false, reason: 'provider_unavailable' },
      'The internet: not searched (the search provider did not answer)',
    ],
    [{ searched: false, reason: null }, 'The internet: not searched'],
    [{ searched: true, reason: null }, 'The internet: searched'],
    [
      { searched: true, reason: null, partial: false, queries: 1, pages: 1 },
      'The internet: searched (1 page compared, from 1 search)',
    ],
    [
      { searched: true, reason: null, partial: false, queries: 1234, pages: 2 },
      'The internet: searched (2 pages compared, from 1,234 searches)',
    ],
    [
      { searched: true, reason: null, partial: false, queries: 4, pages: 0 },
      'The internet: searched (4 searches), but no pages to compare with were found',
    ],
    [
      { searched: true, reason: null, partial: true, queries: 1, pages: 0 },
      'The internet: partly searched, the time allowed ran out (1 search), and no pages to compare with were found',
    ],
  ] as const)('states the internet line of "compared with": %o', (internet, line) => {
    expect(internetLine('en', internet)).toBe(line);
  });

  it('a report made before the scope was recorded has no such section', async () => {
    const { text } = await pdfText(await renderSimilarityReportPdf(input(fixture())));
    expect(text).not.toContain('Compared with');
  });

  it('renders a 26,000-word report', async () => {
    const report = large(26_000);
    expect(report.plagiarism.nodes.length).toBeGreaterThan(500);
    const started = performance.now();
    const pdf = await renderSimilarityReportPdf(input(report));
    const ms = performance.now() - started;
    const { pages } = await pdfText(pdf);
    console.log(
      `26,000-word Similarity report: ${String(report.plagiarism.nodes.length)} nodes, ${String(pages)} pages, ` +
        `${String(Math.round(pdf.length / 1024))} KiB in ${ms.toFixed(0)} ms`,
    );
    expect(isPdf(pdf)).toBe(true);
    expect(pages).toBeGreaterThan(30);
  }, 60_000);
});

describe('the worker-thread renderer', () => {
  const renderer = createSimilarityReportRenderer();
  afterAll(async () => {
    await renderer.close();
  });

  it('renders in a worker thread', async () => {
    const pdf = await renderer.render(input(fixture()));
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(isPdf(pdf)).toBe(true);
    expect((await pdfText(pdf)).text).toContain('Check no. 4711');
  }, 30_000);
});
