/**
 * The human-written sets that `npm run ai:data` builds, each from Debian packages: what the text is, its
 * licence as read from the packages' copyright files, and how its documents are read. Every text here was
 * written by people before language models wrote prose (the newest, the Debian manuals, are maintained by
 * hand since the 1990s and were packaged by early 2023; FOLDOC entries edited after November 2022 are left
 * out).
 */
import { execFile } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  bookParagraphs,
  dictEntries,
  foldocDate,
  foldocParagraphs,
  kjvChapters,
  swordChapters,
  type Doc,
} from './formats.ts';
import { packageFiles } from './debian.ts';
import { htmlParagraphs } from './html.ts';
import { manParagraphs } from './man.ts';
import { isProse, plainParagraphs } from './text.ts';

export type Lang = 'en' | 'es';

/** What a reader may do: read a file (recorded as read) or run a tool (the files it reads are recorded by the reader). */
export interface ReadContext {
  readonly files: string[];
  text(path: string): string;
  bytes(path: string): Buffer;
}

export interface Input {
  readonly lang: Lang;
  readonly domain: string;
  /** The package whose text this is; its version and copyright go into the manifest. */
  readonly package: string;
  /** Other packages needed: the tools that read the text. */
  readonly tools: readonly string[];
  readonly what: string;
  documents(ctx: ReadContext): Promise<Doc[]>;
}

export interface SetSpec {
  readonly name: string;
  readonly description: string;
  /** The licence as the packages' copyright files state it, in a line. */
  readonly licence: string;
  readonly inputs: readonly Input[];
}

const run = promisify(execFile);
const BIG = 256 << 20;

/** Files of a package under a folder whose names match, skipping symbolic links (dpkg lists them too). */
function filesOf(pkg: string, pattern: RegExp): string[] {
  return packageFiles(pkg).filter((f) => pattern.test(f) && !lstatSync(f).isSymbolicLink());
}

const proseOnly = (paragraphs: readonly string[]): string[] => paragraphs.filter(isProse);

function htmlInput(
  pkg: string,
  lang: Lang,
  domain: string,
  pattern: RegExp,
  what: string,
  exclude: RegExp = /(?:^|\/)(?:index|search|genindex)(?:\.\w+)?\.html$/,
): Input {
  return {
    lang,
    domain,
    package: pkg,
    tools: [],
    what,
    async documents(ctx) {
      return filesOf(pkg, pattern)
        .filter((f) => !exclude.test(f))
        .map((f) => ({ key: f.replace(/^\/usr\/share\//, ''), paragraphs: proseOnly(htmlParagraphs(ctx.text(f))) }));
    },
  };
}

/** Renders manual pages with groff, as many at once as there are cores; `.so` redirections are skipped. */
function manInput(pkg: string, lang: Lang, pattern: RegExp, what: string): Input {
  return {
    lang,
    domain: 'technical',
    package: pkg,
    tools: ['groff-base'],
    what,
    async documents(ctx) {
      const pages = filesOf(pkg, pattern).filter((f) => !ctx.text(f).startsWith('.so '));
      const docs: Doc[] = new Array<Doc>(pages.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < pages.length) {
          const i = next++;
          const page = pages[i]!;
          const { stdout } = await run(
            'sh',
            ['-c', 'zcat -f -- "$1" | groff -k -t -man -Tutf8 -rLL=2000n -rHY=0 -P-cbou 2>/dev/null', 'sh', page],
            { encoding: 'utf8', maxBuffer: BIG, env: { ...process.env, LC_ALL: 'C.UTF-8' } },
          );
          docs[i] = { key: page.replace(/^\/usr\/share\/man\//, ''), paragraphs: manParagraphs(stdout) };
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
      return docs;
    },
  };
}

function plainInput(pkg: string, lang: Lang, domain: string, pattern: RegExp, what: string): Input {
  return {
    lang,
    domain,
    package: pkg,
    tools: [],
    what,
    async documents(ctx) {
      return filesOf(pkg, pattern).map((f) => ({
        key: f.replace(/^\/usr\/share\//, ''),
        paragraphs: plainParagraphs(ctx.text(f)).filter(isProse),
      }));
    },
  };
}

/**
 * A dictd database: as one document of all entries in order (a page of a dictionary whose entries name their
 * headword inline), or with `perEntry` a document per entry, keyed by its headword.
 */
function dictInput(
  pkg: string,
  name: string,
  domain: string,
  what: string,
  read: (entry: string) => string[],
  perEntry = false,
): Input {
  return {
    lang: 'en',
    domain,
    package: pkg,
    tools: [],
    what,
    async documents(ctx) {
      const entries = dictEntries(
        gunzipSync(ctx.bytes(`/usr/share/dictd/${name}.dict.dz`)),
        ctx.text(`/usr/share/dictd/${name}.index`),
      );
      if (!perEntry) return [{ key: `dictd/${name}`, paragraphs: entries.flatMap((e) => read(e.text)) }];
      return entries.map((e, i) => ({
        key: `dictd/${name}/${i}_${e.headword.replace(/[\s:]+/g, '_')}`,
        paragraphs: read(e.text),
      }));
    },
  };
}

const AUSTEN_NOVELS = [
  'sensesensibility',
  'prideprejudice',
  'mansfieldpark',
  'emma',
  'northangerabbey',
  'persuasion',
] as const;

/** The sets, in the order they are built (a passage kept in an earlier set is dropped from later ones). */
export const SETS: readonly SetSpec[] = [
  {
    name: 'bible',
    description:
      'The King James Version (1611) and the Reina-Valera revision of 1909, chapter by chapter, verses joined as running text.',
    licence: 'Public domain (KJV: "copyright ... expired"; Reina-Valera 1909: public-domain, per the copyright files).',
    inputs: [
      {
        lang: 'en',
        domain: 'religious',
        package: 'bible-kjv-text',
        tools: ['bible-kjv'],
        what: 'King James Version, read with the `bible` tool (bible-kjv) from /usr/lib/bible.data',
        async documents(ctx) {
          ctx.files.push('/usr/lib/bible.data');
          const { stdout } = await run('bible', ['-l', '100000', 'Gen1:1-Rev22:21'], {
            encoding: 'utf8',
            maxBuffer: BIG,
          });
          return kjvChapters(stdout);
        },
      },
      {
        lang: 'es',
        domain: 'religious',
        package: 'sword-text-sparv',
        tools: ['diatheke'],
        what: 'Reina-Valera 1909 (SWORD module spaRV1909eb), read with diatheke',
        async documents(ctx) {
          ctx.files.push(...filesOf('sword-text-sparv', /\/modules\//));
          const { stdout } = await run('diatheke', ['-b', 'spaRV1909eb', '-f', 'plain', '-k', 'Gen 1:1-Rev 22:21'], {
            encoding: 'utf8',
            maxBuffer: BIG,
          });
          return swordChapters(stdout, 'rv1909');
        },
      },
    ],
  },
  {
    name: 'austen',
    description: "Jane Austen's six novels (1811-1817), as transcribed by Project Gutenberg.",
    licence: 'The novels are in the public domain; the R packaging (janeaustenr) is MIT.',
    inputs: [
      {
        lang: 'en',
        domain: 'old-prose',
        package: 'r-cran-janeaustenr',
        tools: ['r-base-core'],
        what: 'the novels as character vectors of the R package janeaustenr, printed with Rscript',
        async documents(ctx) {
          ctx.files.push('/usr/lib/R/site-library/janeaustenr/data/Rdata.rdb');
          const docs: Doc[] = [];
          for (const novel of AUSTEN_NOVELS) {
            const { stdout } = await run('Rscript', ['-e', `writeLines(janeaustenr::${novel})`], {
              encoding: 'utf8',
              maxBuffer: BIG,
            });
            docs.push({ key: `austen/${novel}`, paragraphs: bookParagraphs(stdout) });
          }
          return docs;
        },
      },
    ],
  },
  {
    name: 'devils-dictionary',
    description: "Ambrose Bierce's The Devil's Dictionary (1881-1906; 1911 edition), entries in order; verse left out.",
    licence: 'Public domain ("A Public Domain Text, Copyright Expired").',
    inputs: [
      dictInput('dict-devil', 'devil', 'old-prose', 'the dictd database devil.dict.dz', (entry) =>
        bookParagraphs(entry, { dropVerse: true }).filter((p) => /\s/.test(p)),
      ),
    ],
  },
  {
    name: 'foldoc',
    description:
      'The Free On-line Dictionary of Computing (edited by Denis Howe since 1985): one entry a document, its headword then its prose, without citations; entries edited after November 2022 are left out.',
    licence: 'GNU Free Documentation License 1.1 or later, no invariant sections (copyright file).',
    inputs: [
      dictInput(
        'dict-foldoc',
        'foldoc',
        'reference',
        'the dictd database foldoc.dict.dz',
        (entry) => {
          const date = foldocDate(entry);
          const body = date !== null && date >= '2022-12-01' ? [] : proseOnly(foldocParagraphs(entry));
          return body.length === 0 ? [] : [entry.split('\n', 1)[0]!.trim(), ...body];
        },
        true,
      ),
    ],
  },
  {
    name: 'legal',
    description:
      'Licence texts in /usr/share/common-licenses (GPL, LGPL, GFDL, Apache, MPL, Artistic, BSD, CC0) and the Debian Constitution.',
    licence:
      'Licence texts: verbatim copying permitted by each text; Debian Constitution: GPL-2+ (debian-history copyright file).',
    inputs: [
      plainInput('base-files', 'en', 'legal', /^\/usr\/share\/common-licenses\/./, 'the licence texts of base-files'),
      plainInput('debian-history', 'en', 'legal', /\/constitution\.txt\.gz$/, 'the Debian Constitution'),
    ],
  },
  {
    name: 'manpages',
    description:
      'Manual pages (Linux man-pages project; Spanish translations of it and of GNU and other tools), prose of their explanatory sections only.',
    licence: 'Various free licences per page (GPL, BSD, Expat, Linux man-pages copyleft); Spanish translations GPL-3+.',
    inputs: [
      manInput('manpages', 'en', /^\/usr\/share\/man\/man\d\//, 'Linux man-pages: sections 1, 2, 4, 5, 6, 7, 8'),
      manInput('manpages-dev', 'en', /^\/usr\/share\/man\/man\d\//, 'Linux man-pages: sections 2 and 3 (development)'),
      manInput('manpages-es', 'es', /^\/usr\/share\/man\/es\/man\d\//, 'Spanish manual pages'),
    ],
  },
  {
    name: 'debian-docs',
    description:
      "Debian's manuals and GNU's standards: The Debian Administrator's Handbook, Debian Reference, Developer's Reference, New Maintainers' Guide, Debian FAQ, Installation Guide, A Brief History of Debian, GNU Coding Standards and Information for Maintainers of GNU Software; prose paragraphs only.",
    licence:
      'GPL-2 or later, or CC-BY-SA-3.0 (handbook), GFDL (GNU standards), FAQ: verbatim/modified copies permitted.',
    inputs: [
      htmlInput(
        'debian-handbook',
        'en',
        'technical',
        /\/html\/en-US\/[^/]+\.html$/,
        "The Debian Administrator's Handbook (en-US)",
      ),
      htmlInput('debian-reference-en', 'en', 'technical', /\.en\.html$/, 'Debian Reference'),
      htmlInput(
        'developers-reference',
        'en',
        'technical',
        /^\/usr\/share\/developers-reference\/[^/]+\.html$/,
        "Debian Developer's Reference",
        /\/(?:index|search|genindex|developers-reference)\.html$/,
      ),
      htmlInput('maint-guide', 'en', 'technical', /\.en\.html$/, "Debian New Maintainers' Guide"),
      htmlInput('debian-faq', 'en', 'technical', /\.en\.html$/, 'The Debian FAQ'),
      htmlInput(
        'installation-guide-amd64',
        'en',
        'technical',
        /\/en\/[^/]+\.html$/,
        'Debian Installation Guide (amd64)',
      ),
      htmlInput(
        'debian-history',
        'en',
        'history',
        /\.en\.html$/,
        'A Brief History of Debian, with the Debian Manifesto',
      ),
      htmlInput(
        'gnu-standards',
        'en',
        'technical',
        /\.html$/,
        'GNU Coding Standards; Information for Maintainers of GNU Software',
      ),
      htmlInput(
        'debian-handbook',
        'es',
        'technical',
        /\/html\/es-ES\/[^/]+\.html$/,
        "The Debian Administrator's Handbook (es-ES)",
      ),
      htmlInput('debian-reference-es', 'es', 'technical', /\.es\.html$/, 'Debian Reference (Spanish)'),
      htmlInput('maint-guide-es', 'es', 'technical', /\.es\.html$/, "Debian New Maintainers' Guide (Spanish)"),
      htmlInput(
        'installation-guide-amd64',
        'es',
        'technical',
        /\/es\/[^/]+\.html$/,
        'Debian Installation Guide (amd64, Spanish)',
      ),
      htmlInput('debian-history', 'es', 'history', /\.es\.html$/, 'A Brief History of Debian (Spanish)'),
    ],
  },
];

/** Reads a file, gunzipping `.gz` files, and records it. */
export function fileContext(): ReadContext {
  const files: string[] = [];
  const seen = new Set<string>();
  const bytes = (path: string): Buffer => {
    if (!seen.has(path)) files.push(path);
    seen.add(path);
    return readFileSync(path);
  };
  return {
    files,
    bytes,
    text: (path) => {
      const raw = bytes(path);
      return (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    },
  };
}
