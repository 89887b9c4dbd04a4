import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * MediaWiki XML dumps made up for tests and benchmarks: a wiki of articles written in realistic wikitext
 * (infoboxes, hatnotes, references named and cited, links piped or not, bold and italic, headings, tables, files,
 * lists, categories, comments, inline templates), stubs, redirects, disambiguation pages and pages of other
 * namespaces, in the export format Wikimedia publishes (`<mediawiki xml:lang>`, `<siteinfo>`, `<page>`), written
 * as plain XML, one bzip2 stream, or a multistream file (a bzip2 stream per 100 pages, as
 * `*-pages-articles-multistream.xml.bz2`). The prose is made of random words, so that each article is its own
 * text; `paragraphs` is what each asserted paragraph must read as once the markup is gone.
 */

export type WikiLanguage = 'en' | 'es';

export type PageKind = 'article' | 'stub' | 'redirect' | 'disambiguation' | 'namespace';

export type GeneratedPage = {
  id: number;
  ns: number;
  title: string;
  kind: PageKind;
  /** The wikitext. */
  text: string;
  /** A redirect's target. */
  redirect?: string;
  /** An article's plain paragraphs, as the import must keep them (those without inline templates that render text). */
  paragraphs: string[];
  /** Words of an article's trailing sections (references, external links) that the import must leave out. */
  leftOut: string[];
};

const WORDS: Record<WikiLanguage, string[]> = {
  en: (
    'river valley harbour market castle bridge tower village county parish railway station mill quarry ' +
    'forest meadow orchard vineyard abbey chapel fortress garrison merchant weaver farmer miner sailor bishop ' +
    'council charter treaty siege flood harvest drought plague festival guild school library museum theatre ' +
    'northern southern eastern western ancient medieval modern rural coastal industrial wealthy narrow broad ' +
    'founded built destroyed restored expanded settled abandoned granted recorded described named moved ' +
    'trade wool grain timber copper salt iron coal fishing shipping pottery glass leather silk textile ' +
    'population census district province kingdom duchy republic empire frontier border region plateau ' +
    'lake marsh hill ridge cliff island peninsula estuary canal road highway tunnel dam reservoir ' +
    'early late during after before between under across beyond along within toward several many few ' +
    'first second third main small large old new famous local regional national royal public private ' +
    'church cathedral monastery palace square fountain statue monument cemetery hospital barracks prison ' +
    'architect engineer painter composer poet historian scholar physician mayor governor captain founder'
  ).split(' '),
  es: (
    'río valle puerto mercado castillo puente torre aldea comarca parroquia ferrocarril estación molino ' +
    'cantera bosque prado huerto viñedo abadía capilla fortaleza guarnición comerciante tejedor agricultor ' +
    'minero marinero obispo concejo fuero tratado asedio inundación cosecha sequía peste fiesta gremio ' +
    'escuela biblioteca museo teatro septentrional meridional oriental occidental antiguo medieval moderno ' +
    'rural costero industrial próspero estrecho amplio fundado construido destruido restaurado ampliado ' +
    'poblado abandonado concedido registrado descrito llamado trasladado comercio lana grano madera cobre ' +
    'sal hierro carbón pesca navegación cerámica vidrio cuero seda textil población censo distrito provincia ' +
    'reino ducado república imperio frontera región meseta lago marisma colina cresta acantilado isla ' +
    'península estuario canal camino carretera túnel presa embalse durante después antes entre bajo hacia ' +
    'varios muchos pocos primero segundo tercero principal pequeño grande viejo nuevo famoso local regional ' +
    'nacional real público privado iglesia catedral monasterio palacio plaza fuente estatua monumento ' +
    'cementerio hospital cuartel cárcel arquitecto ingeniero pintor compositor poeta historiador erudito'
  ).split(' '),
};

const LABELS = {
  en: {
    infobox: 'Infobox settlement',
    sections: ['History', 'Geography', 'Economy', 'Culture', 'Notable people', 'Transport'],
    sub: ['Middle Ages', 'Modern era', 'Climate'],
    seeAlso: 'See also',
    references: 'References',
    external: 'External links',
    reflist: '{{Reflist}}',
    official: 'Official website of the town council',
    category: 'Category',
    file: 'File',
    thumb: 'thumb',
    citationNeeded: '{{citation needed|date=March 2021}}',
    cite: (n: number) =>
      `{{cite web |url=https://example.org/source/${String(n)} |title=Source ${String(n)} |access-date=2020-01-01}}`,
    hatnote: (title: string) => `{{About|the town|the river|${title} (river)}}`,
    stub: '{{Geo-stub}}',
    disambiguation: '{{disambiguation}}',
    redirect: '#REDIRECT',
    mayReferTo: 'may refer to:',
    namespaces: [
      [1, 'Talk'],
      [2, 'User'],
      [4, 'Wikipedia'],
      [10, 'Template'],
      [14, 'Category'],
    ] as const,
    base: 'https://en.wikipedia.org/wiki/Main_Page',
    db: 'enwiki',
    year: 'Year',
    population: 'Population',
  },
  es: {
    infobox: 'Ficha de localidad',
    sections: ['Historia', 'Geografía', 'Economía', 'Cultura', 'Personajes ilustres', 'Transporte'],
    sub: ['Edad Media', 'Edad Contemporánea', 'Clima'],
    seeAlso: 'Véase también',
    references: 'Referencias',
    external: 'Enlaces externos',
    reflist: '{{listaref}}',
    official: 'Sitio oficial del ayuntamiento de la villa',
    category: 'Categoría',
    file: 'Archivo',
    thumb: 'miniaturadeimagen',
    citationNeeded: '{{cita requerida}}',
    cite: (n: number) =>
      `{{cita web |url=https://example.org/fuente/${String(n)} |título=Fuente ${String(n)} |fechaacceso=1 de enero de 2020}}`,
    hatnote: (title: string) => `{{Otros usos|${title} (río)}}`,
    stub: '{{esbozo de localidad}}',
    disambiguation: '{{desambiguación}}',
    redirect: '#REDIRECCIÓN',
    mayReferTo: 'puede referirse a:',
    namespaces: [
      [1, 'Discusión'],
      [2, 'Usuario'],
      [4, 'Wikipedia'],
      [10, 'Plantilla'],
      [104, 'Anexo'],
    ] as const,
    base: 'https://es.wikipedia.org/wiki/Wikipedia:Portada',
    db: 'eswiki',
    year: 'Año',
    population: 'Población',
  },
} as const;

const FUNCTION_WORDS: Record<WikiLanguage, string[]> = {
  en: 'the of and in to a was by for on with as at from that which its their this were is'.split(' '),
  es: 'de la el en y que los del las por un una con se su al como para fue sus entre'.split(' '),
};

const SYLLABLES: Record<WikiLanguage, string[]> = {
  en: 'ber ston wick ham ford ley ton mar bel cor dun gar hal kin lor mor nor pen ros tal ver wyn ash brid'.split(' '),
  es: 'ca lo ri man tes bar cel do gue la mi nar ol pe que ra si tor us ve za lle ño bri'.split(' '),
};

/** Some 4,000 made-up words per language besides the real ones: articles then share no passage by chance. */
const COINED: Record<WikiLanguage, string[]> = {
  en: coin(SYLLABLES.en),
  es: coin(SYLLABLES.es),
};

function coin(syllables: readonly string[]): string[] {
  const words: string[] = [];
  for (const a of syllables)
    for (const b of syllables) for (const c of ['', ...syllables.slice(0, 6)]) words.push(a + b + c);
  return words;
}

/** A word of running prose: function words, real words and coined ones in about the proportions of real text. */
function proseWord(rng: Rng, language: WikiLanguage): string {
  const roll = rng();
  if (roll < 0.35) return pick(rng, FUNCTION_WORDS[language]);
  if (roll < 0.6) return pick(rng, WORDS[language]);
  return pick(rng, COINED[language]);
}

/** Titles that exercise the URL rules: accents, apostrophes, parentheses, a slash, a plus, a comma. */
const SPECIAL_TITLES: Record<WikiLanguage, string[]> = {
  en: ["Saint-Ouen's Bridge", 'Mill (Yorkshire)', 'AC/DC Street', 'C++ Harbour', 'Dover, Kent'],
  es: ['Río Verde (Ávila)', "L'Hospitalet de Llobregat", 'Peñíscola', 'Calle AC/DC', 'Ciudad de México, Distrito'],
};

/** A small fast PRNG (mulberry32): the same seed makes the same wiki. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const between = (rng: Rng, low: number, high: number): number => low + Math.floor(rng() * (high - low + 1));
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** One sentence: its wikitext and its plain text. Markup only wraps words; what renders nothing comes after it. */
function sentence(rng: Rng, language: WikiLanguage, refs: { next: number; named: string[] }): [string, string] {
  const words = Array.from({ length: between(rng, 8, 20) }, () => proseWord(rng, language));
  const wiki: string[] = [];
  const plain: string[] = [];
  words.forEach((word, i) => {
    const shown = i === 0 ? capital(word) : word;
    plain.push(shown);
    const roll = rng();
    if (roll < 0.06) wiki.push(`[[${shown}]]`);
    else if (roll < 0.1) wiki.push(`[[${capital(pick(rng, WORDS[language]))} ${word}|${shown}]]`);
    else if (roll < 0.12) wiki.push(`''${shown}''`);
    else if (roll < 0.13) wiki.push(`'''${shown}'''`);
    else wiki.push(shown);
  });
  let end = '.';
  const roll = rng();
  if (roll < 0.15) {
    const n = refs.next++;
    const name = `r${String(n)}`;
    refs.named.push(name);
    end += `<ref name="${name}">${LABELS[language].cite(n)}</ref>`;
  } else if (roll < 0.22 && refs.named.length > 0) {
    end += `<ref name="${pick(rng, refs.named)}" />`;
  } else if (roll < 0.3) {
    end += `<ref>${pick(rng, WORDS[language])}, ${String(between(rng, 1800, 2020))}, p. ${String(between(rng, 1, 400))}.</ref>`;
  } else if (roll < 0.32) {
    end += LABELS[language].citationNeeded;
  } else if (roll < 0.34) {
    end += '<!-- a comment for editors -->';
  }
  return [wiki.join(' ') + end, plain.join(' ') + '.'];
}

function paragraph(rng: Rng, language: WikiLanguage, refs: { next: number; named: string[] }): [string, string] {
  const sentences = Array.from({ length: between(rng, 3, 6) }, () => sentence(rng, language, refs));
  return [sentences.map(([w]) => w).join(' '), sentences.map(([, p]) => p).join(' ')];
}

function article(rng: Rng, language: WikiLanguage, title: string, sections: number): Omit<GeneratedPage, 'id'> {
  const labels = LABELS[language];
  const refs = { next: 1, named: [] as string[] };
  const parts: string[] = [];
  const paragraphs: string[] = [];
  if (rng() < 0.3) parts.push(labels.hatnote(title));
  parts.push(
    `{{${labels.infobox}\n| name = ${title}\n| image = ${pick(rng, WORDS[language])}.jpg\n| ` +
      `population = ${String(between(rng, 100, 900000))}\n| elevation_m = ${String(between(rng, 0, 2500))}\n| ` +
      `region = [[${capital(pick(rng, WORDS[language]))}]]\n| website = https://example.org/${String(between(rng, 1, 9999))}\n}}`,
  );
  const [leadWiki, leadPlain] = paragraph(rng, language, refs);
  parts.push(`'''${title}''' ${leadWiki}`);
  paragraphs.push(`${title} ${leadPlain}`);
  for (let s = 0; s < sections; s++) {
    parts.push(`== ${labels.sections[s % labels.sections.length] ?? 'History'} ==`);
    for (let p = between(rng, 1, 3); p > 0; p--) {
      const [wiki, plain] = paragraph(rng, language, refs);
      parts.push(wiki);
      paragraphs.push(plain);
    }
    if (rng() < 0.3) {
      parts.push(`=== ${pick(rng, labels.sub)} ===`);
      const [wiki, plain] = paragraph(rng, language, refs);
      parts.push(wiki);
      paragraphs.push(plain);
    }
    const roll = rng();
    if (roll < 0.25) {
      parts.push(
        `{| class="wikitable"\n! ${labels.year} !! ${labels.population}\n|-\n| 1900 || ${String(between(rng, 100, 9000))}\n` +
          `|-\n| 2000 || {{formatnum:${String(between(rng, 1000, 90000))}}}\n|}`,
      );
    } else if (roll < 0.45) {
      parts.push(
        `[[${labels.file}:${capital(pick(rng, WORDS[language]))}.jpg|${labels.thumb}|250px|${capital(pick(rng, WORDS[language]))} ${pick(rng, WORDS[language])}]]`,
      );
    } else if (roll < 0.6) {
      // inline templates that render text: kept out of the asserted paragraphs
      parts.push(
        `${capital(pick(rng, WORDS[language]))} {{convert|${String(between(rng, 2, 90))}|km|mi}} ${pick(rng, WORDS[language])} ` +
          `{{lang|fr|${pick(rng, WORDS.en)}}} ${pick(rng, WORDS[language])}.`,
      );
    } else if (roll < 0.75) {
      parts.push(
        Array.from(
          { length: between(rng, 2, 4) },
          () => `* [[${capital(pick(rng, WORDS[language]))}]] ${pick(rng, WORDS[language])}`,
        ).join('\n'),
      );
    }
  }
  const leftOut = [labels.official];
  parts.push(`== ${labels.seeAlso} ==\n* [[${capital(pick(rng, WORDS[language]))} ${pick(rng, WORDS[language])}]]`);
  parts.push(`== ${labels.references} ==\n${labels.reflist}`);
  parts.push(`== ${labels.external} ==\n* [https://example.org/${String(between(rng, 1, 999))} ${labels.official}]`);
  parts.push(`{{Control de autoridades}}\n[[${labels.category}:${capital(pick(rng, WORDS[language]))}]]`);
  return { ns: 0, title, kind: 'article', text: parts.join('\n\n'), paragraphs, leftOut };
}

export type WikiOptions = {
  language: WikiLanguage;
  /** Full articles (the special titles first). */
  articles: number;
  seed?: number;
  /** Sections per article: a range; the default [2, 5] makes articles of some 300 to 900 words. */
  sections?: [number, number];
  /** Add stubs, redirects, disambiguation pages and pages of other namespaces (default true). */
  extras?: boolean;
  /** The first page id. */
  firstId?: number;
};

/** A wiki in dump order (by page id): articles, and between them the other kinds of page. */
export function generateWiki(options: WikiOptions): GeneratedPage[] {
  const { language, articles } = options;
  const rng = randomSource(options.seed ?? 1);
  const labels = LABELS[language];
  const [low, high] = options.sections ?? [2, 5];
  const extras = options.extras ?? true;
  const pages: Omit<GeneratedPage, 'id'>[] = [];
  const titles = new Set<string>();
  const freshTitle = (): string => {
    for (;;) {
      const title = `${capital(pick(rng, WORDS[language]))} ${capital(pick(rng, WORDS[language]))} ${String(between(rng, 1, 9999))}`;
      if (!titles.has(title)) {
        titles.add(title);
        return title;
      }
    }
  };
  const articleTitles: string[] = [];
  for (let i = 0; i < articles; i++) {
    const title = SPECIAL_TITLES[language][i] ?? freshTitle();
    titles.add(title);
    articleTitles.push(title);
    pages.push(article(rng, language, title, between(rng, low, high)));
    if (!extras) continue;
    if (i % 7 === 3) {
      const target = pick(rng, articleTitles);
      pages.push({
        ns: 0,
        title: freshTitle(),
        kind: 'redirect',
        redirect: target,
        text: `${labels.redirect} [[${target}]]\n\n{{R from alternative name}}`,
        paragraphs: [],
        leftOut: [],
      });
    }
    if (i % 29 === 11) {
      const [ns, prefix] = labels.namespaces[Math.floor(i / 29) % labels.namespaces.length] ?? [1, 'Talk'];
      const [wiki] = paragraph(rng, language, { next: 1, named: [] });
      pages.push({
        ns,
        title: `${prefix}:${freshTitle()}`,
        kind: 'namespace',
        text: `== ${capital(pick(rng, WORDS[language]))} ==\n${wiki} ~~~~`,
        paragraphs: [],
        leftOut: [],
      });
    }
    if (i % 53 === 20) {
      const title = freshTitle();
      pages.push({
        ns: 0,
        title,
        kind: 'stub',
        text: `'''${title}''' ${sentence(rng, language, { next: 1, named: [] })[0]}\n\n${labels.stub}`,
        paragraphs: [],
        leftOut: [],
      });
    }
    if (i % 97 === 50) {
      const title = freshTitle();
      const items = Array.from(
        { length: 4 },
        () => `* [[${title} (${pick(rng, WORDS[language])})]], ${sentence(rng, language, { next: 1, named: [] })[1]}`,
      );
      pages.push({
        ns: 0,
        title,
        kind: 'disambiguation',
        text: `'''${title}''' ${labels.mayReferTo}\n${items.join('\n')}\n\n${labels.disambiguation}`,
        paragraphs: [],
        leftOut: [],
      });
    }
  }
  const firstId = options.firstId ?? 10;
  return pages.map((page, index) => ({ ...page, id: firstId + index * 3 }));
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The dump's header: `<mediawiki>` and `<siteinfo>`. */
export function dumpHeader(language: WikiLanguage): string {
  const labels = LABELS[language];
  const namespaces = [[0, ''], ...labels.namespaces]
    .map(([key, name]) =>
      name === ''
        ? `      <namespace key="${String(key)}" case="first-letter" />`
        : `      <namespace key="${String(key)}" case="first-letter">${String(name)}</namespace>`,
    )
    .join('\n');
  return (
    `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="${language}">\n` +
    `  <siteinfo>\n    <sitename>Wikipedia</sitename>\n    <dbname>${labels.db}</dbname>\n    <base>${labels.base}</base>\n` +
    `    <generator>MediaWiki 1.44.0-wmf.1</generator>\n    <case>first-letter</case>\n    <namespaces>\n${namespaces}\n    </namespaces>\n  </siteinfo>\n`
  );
}

export function pageXml(page: GeneratedPage): string {
  const bytes = Buffer.byteLength(page.text);
  return (
    `  <page>\n    <title>${escapeXml(page.title)}</title>\n    <ns>${String(page.ns)}</ns>\n    <id>${String(page.id)}</id>\n` +
    (page.redirect === undefined ? '' : `    <redirect title="${escapeXml(page.redirect)}" />\n`) +
    `    <revision>\n      <id>${String(page.id * 1000 + 7)}</id>\n      <parentid>${String(page.id * 1000 + 3)}</parentid>\n` +
    `      <timestamp>2024-05-01T12:00:00Z</timestamp>\n      <contributor>\n        <username>Editor</username>\n        <id>42</id>\n      </contributor>\n` +
    `      <comment>/* ${escapeXml(page.title)} */ copyedit</comment>\n      <origin>${String(page.id * 1000 + 7)}</origin>\n` +
    `      <model>wikitext</model>\n      <format>text/x-wiki</format>\n` +
    `      <text bytes="${String(bytes)}" sha1="phoiac9h4m842xq45sp7s6u21eteeq1" xml:space="preserve">${escapeXml(page.text)}</text>\n` +
    `      <sha1>phoiac9h4m842xq45sp7s6u21eteeq1</sha1>\n    </revision>\n  </page>\n`
  );
}

export const DUMP_FOOTER = '</mediawiki>\n';

type Bzip2Module = {
  compressBZ2(
    input: Uint8Array,
    blockSize: number,
    workFactor: number,
  ): { error: number; error_msg?: string; output: Uint8Array };
};
let bzip2Module: Promise<Bzip2Module> | null = null;

/** libbzip2 (compiled to WebAssembly: the reference bzip2, so the streams are what `bzip2` writes). */
function loadBzip2(): Promise<Bzip2Module> {
  bzip2Module ??= new Promise((resolve) => {
    // Emscripten's Node glue adds process-wide handlers that print its whole source on any uncaught error
    const before = {
      uncaughtException: new Set(process.listeners('uncaughtException')),
      unhandledRejection: new Set(process.listeners('unhandledRejection')),
    };
    const factory = createRequire(import.meta.url)('libbzip2-wasm') as () => {
      then(callback: (module: Bzip2Module & { then?: unknown }) => void): void;
    };
    // the Emscripten module is a thenable of itself: unwrap it once, or awaiting it never ends
    factory().then((module) => {
      for (const listener of process.listeners('uncaughtException')) {
        if (!before.uncaughtException.has(listener)) process.off('uncaughtException', listener);
      }
      for (const listener of process.listeners('unhandledRejection')) {
        if (!before.unhandledRejection.has(listener)) process.off('unhandledRejection', listener);
      }
      delete module.then;
      resolve(module);
    });
  });
  return bzip2Module;
}

/** One bzip2 stream of `data`, as `bzip2 -9` writes it. */
export async function bzip2(data: Uint8Array): Promise<Uint8Array> {
  const module = await loadBzip2();
  const result = module.compressBZ2(data, 9, 30);
  if (result.error !== 0) throw new Error(`bzip2 failed: ${result.error_msg ?? String(result.error)}`);
  return Uint8Array.from(result.output);
}

export type DumpFormat = 'xml' | 'bzip2' | 'multistream';

/**
 * Writes the pages as a dump: plain XML, one bzip2 stream, or a multistream file (the header in the first stream,
 * then a stream per 100 pages, the footer in the last, as Wikimedia writes them). Answers the file's size.
 */
export async function writeDump(
  file: string,
  language: WikiLanguage,
  pages: readonly GeneratedPage[],
  format: DumpFormat,
): Promise<number> {
  const handle = await open(file, 'w');
  try {
    const write = async (text: string): Promise<void> => {
      const bytes = Buffer.from(text);
      await handle.write(format === 'xml' ? bytes : await bzip2(bytes));
    };
    if (format === 'bzip2') {
      await write(dumpHeader(language) + pages.map(pageXml).join('') + DUMP_FOOTER);
    } else if (format === 'xml') {
      await write(dumpHeader(language));
      for (const page of pages) await write(pageXml(page));
      await write(DUMP_FOOTER);
    } else {
      await write(dumpHeader(language));
      for (let at = 0; at < pages.length; at += 100)
        await write(
          pages
            .slice(at, at + 100)
            .map(pageXml)
            .join(''),
        );
      await write(DUMP_FOOTER);
    }
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
