import { describe, expect, test } from 'vitest';
import { checkText, indexSource } from './engine.ts';
import { MemoryStore } from './memory-store.ts';
import { buildSimilarityReport } from './similarity.ts';
import type { IndexedSource } from './store.ts';
import { seededRandom, textGenerator } from './testing.ts';

const source = (id: string, text: string): IndexedSource => ({ id, text, collection: 'checked', title: id, url: null });

async function storeWith(sources: readonly IndexedSource[]): Promise<MemoryStore> {
  const store = new MemoryStore();
  for (const s of sources) await indexSource(store, s);
  return store;
}

describe('a passage copied into unrelated text', () => {
  // Property: for many random hosts, sources, passage lengths and insertion points, the copy is found
  // with its exact offsets on both sides, and nothing else is reported.
  test.each(Array.from({ length: 12 }, (_, k) => k))(
    'is found with exact offsets on both sides (seed %i)',
    async (seed) => {
      const rand = seededRandom(1000 + seed);
      const srcText = textGenerator(seed * 2 + 1)(40);
      const hostSentences = textGenerator(seed * 2 + 2)(30).split(/(?<=\.) /);
      const srcSentences = srcText.split(/(?<=\.) /);
      const from = Math.floor(rand() * (srcSentences.length - 8));
      const passage = srcSentences.slice(from, from + 3 + Math.floor(rand() * 5)).join(' ');
      const at = 1 + Math.floor(rand() * (hostSentences.length - 2));
      const before = hostSentences.slice(0, at).join(' ') + ' ';
      const susp = before + passage + ' ' + hostSentences.slice(at).join(' ');
      const store = await storeWith([source('src', srcText), source('other', textGenerator(500 + seed)(40))]);

      const result = await checkText(store, { text: susp, language: 'en' });

      expect(result.matches).toHaveLength(1);
      const [match] = result.matches;
      expect(match).toMatchObject({ sourceId: 'src', kind: 'identical' });
      expect([match!.suspStart, match!.suspEnd]).toEqual([before.length, before.length + passage.length]);
      const srcStart = srcText.indexOf(passage);
      expect([match!.srcStart, match!.srcEnd]).toEqual([srcStart, srcStart + passage.length]);
    },
  );

  test('unrelated texts give no match', async () => {
    for (let seed = 0; seed < 10; seed++) {
      const store = await storeWith([
        source('a', textGenerator(seed * 3)(40)),
        source('b', textGenerator(seed * 3 + 1)(40)),
      ]);
      const result = await checkText(store, { text: textGenerator(seed * 3 + 2)(40), language: 'en' });
      expect(result.matches).toEqual([]);
    }
  });

  test('the result does not depend on the order sources were indexed in', async () => {
    const gen = textGenerator(77);
    const texts = Array.from({ length: 6 }, () => gen(20));
    const susp = [texts[1]!.slice(0, 900), textGenerator(78)(10), texts[4]!.slice(0, 700)].join(' ');
    const sources = texts.map((t, i) => source(`s${i}`, t));
    const forward = await checkText(await storeWith(sources), { text: susp, language: 'en' });
    const backward = await checkText(await storeWith([...sources].reverse()), { text: susp, language: 'en' });
    expect(forward.matches.length).toBeGreaterThanOrEqual(2);
    expect(backward.matches).toEqual(forward.matches);
  });
});

describe('paraphrase', () => {
  test('an edited passage (words replaced, dropped and swapped) is found as changed', async () => {
    const srcText = textGenerator(5)(30);
    const sentences = srcText.split(/(?<=\.) /).slice(10, 16);
    const edited = sentences
      .map((s) => {
        const words = s.slice(0, -1).split(' ');
        words.splice(2, 1);
        [words[4], words[5]] = [words[5]!, words[4]!];
        words[7] = 'replaced';
        return words.join(' ') + '.';
      })
      .join(' ');
    const host = textGenerator(6)(10);
    const susp = `${host} ${edited} ${textGenerator(7)(10)}`;
    const result = await checkText(await storeWith([source('src', srcText)]), { text: susp, language: 'en' });
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({ sourceId: 'src', kind: 'changed' });
    const start = host.length + 1;
    expect(Math.abs(result.matches[0]!.suspStart - start)).toBeLessThan(20);
    expect(Math.abs(result.matches[0]!.suspEnd - (start + edited.length))).toBeLessThan(20);
  });
});

describe('summary', () => {
  test('a summary built from every sixth sentence of a long source passage is matched to the whole passage', async () => {
    const srcText = textGenerator(41)(60);
    const sentences = srcText.split(/(?<=\.) /);
    const passage = sentences.slice(20, 45);
    const summary = passage
      .filter((_, k) => k % 6 === 0)
      .map((sentence) => sentence.split(' ').slice(0, -3).join(' ') + '.');
    const host = textGenerator(42)(10);
    const text = summary.join(' ');
    const susp = `${host} ${text} ${host}`;
    const result = await checkText(await storeWith([source('src', srcText)]), { text: susp, language: 'en' });
    expect(result.matches).toHaveLength(1);
    const [match] = result.matches;
    const passageStart = srcText.indexOf(passage[0]!);
    const passageEnd = srcText.indexOf(passage.at(-1)!) + passage.at(-1)!.length;
    expect(match!.srcStart).toBeLessThanOrEqual(passageStart + 10);
    expect(match!.srcEnd).toBeGreaterThanOrEqual(passageEnd - 40);
    expect(match!.suspStart).toBeGreaterThanOrEqual(host.length);
    expect(match!.suspEnd).toBeLessThanOrEqual(host.length + 2 + text.length);
  });
});

describe('tricks', () => {
  const srcText = textGenerator(11)(30);
  const passage = srcText
    .split(/(?<=\.) /)
    .slice(5, 11)
    .join(' ');
  const host = textGenerator(12)(8);

  async function check(doctored: string) {
    const susp = `${host} ${doctored} ${host}`;
    const result = await checkText(await storeWith([source('src', srcText)]), { text: susp, language: 'en' });
    return { susp, result, start: host.length + 1, end: host.length + 1 + doctored.length };
  }

  test('homoglyphs: Cyrillic letters in Latin words are matched and reported', async () => {
    const doctored = passage.replace(/a/g, 'а').replace(/o/g, 'о');
    const { result, start, end } = await check(doctored);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({ sourceId: 'src', suspStart: start, suspEnd: end });
    expect(result.tricks.length).toBeGreaterThan(5);
    expect(result.tricks.every((t) => t.kind === 'homoglyph' && t.start >= start && t.end <= end)).toBe(true);
  });

  test('zero-width characters inside words are matched and reported', async () => {
    const doctored = passage.replace(/(\w)(\w)/g, '$1\u200b$2');
    const { result, start, end } = await check(doctored);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({ suspStart: start, suspEnd: end });
    expect(result.tricks.some((t) => t.kind === 'invisible')).toBe(true);
  });

  test('letters spaced out are matched and reported', async () => {
    const words = passage.split(' ');
    const longest = words.reduce((best, w, i) => (w.length > words[best]!.length ? i : best), 0);
    words[longest] = words[longest]!.split('').join(' ');
    const doctored = words.join(' ');
    const { result, susp } = await check(doctored);
    expect(result.matches).toHaveLength(1);
    const spaced = result.tricks.find((t) => t.kind === 'spaced-letters');
    expect(spaced).toBeDefined();
    expect(susp.slice(spaced!.start, spaced!.end)).toBe(words[longest].replace(/\.$/, ''));
  });

  test('hidden text from the file format is checked and reported', async () => {
    const susp = `${host} ${passage} ${host}`;
    const start = host.length + 1;
    const result = await checkText(await storeWith([source('src', srcText)]), {
      text: susp,
      language: 'en',
      hidden: [{ start, end: start + passage.length, reason: 'white' }],
    });
    expect(result.matches).toHaveLength(1);
    expect(result.tricks).toEqual([{ kind: 'hidden-text', start, end: start + passage.length, detail: 'white' }]);
  });
});

describe('Spanish', () => {
  const fuente =
    'La fotosíntesis es el proceso mediante el cual las plantas, las algas y algunas bacterias convierten la energía de la luz en energía química. ' +
    'Durante este proceso se libera oxígeno a la atmósfera, lo que permitió la aparición de la vida aeróbica en la Tierra. ' +
    'Los cloroplastos contienen clorofila, un pigmento verde que absorbe sobre todo la luz azul y la roja. ' +
    'La fase luminosa ocurre en las membranas de los tilacoides, donde se produce el ATP y el NADPH necesarios. ' +
    'En la fase oscura, también llamada ciclo de Calvin, el dióxido de carbono se fija y se transforma en glucosa.';
  const otra =
    'El río Amazonas atraviesa varios países de América del Sur y desemboca en el océano Atlántico tras un largo recorrido. ' +
    'Su cuenca alberga la selva tropical más extensa del planeta y una enorme diversidad de especies animales y vegetales. ' +
    'Muchas comunidades indígenas viven a orillas del río y dependen de la pesca y de la agricultura para subsistir.';

  test('a Spanish passage with accents is found, and an accent-stripped copy too', async () => {
    const copied = fuente.split('. ').slice(1, 4).join('. ') + '.';
    for (const text of [copied, copied.normalize('NFD').replace(/\p{M}/gu, '')]) {
      const susp = `${otra} ${text} ${otra}`;
      const result = await checkText(
        await storeWith([source('fuente', fuente), source('otra-cosa', textGenerator(3)(20))]),
        {
          text: susp,
          language: 'es',
        },
      );
      expect(result.language).toBe('es');
      expect(result.matches).toHaveLength(1);
      expect(result.matches[0]).toMatchObject({
        sourceId: 'fuente',
        suspStart: otra.length + 1,
        suspEnd: otra.length + 1 + text.length,
      });
    }
  });
});

describe('the report', () => {
  test('a copied passage inside quotation marks is a quote, not plagiarism; an unquoted one counts', async () => {
    const srcText = textGenerator(21)(30);
    const sentences = srcText.split(/(?<=\.) /);
    const quoted = sentences.slice(2, 6).join(' ');
    const copied = sentences.slice(15, 19).join(' ');
    const host = textGenerator(22)(6);
    const susp = `${host} As the author wrote, “${quoted}” ${host} ${copied} ${host}`;
    const result = await checkText(await storeWith([source('src', srcText)]), { text: susp, language: 'en' });
    const { plagiarism } = buildSimilarityReport(susp, result, { minWords: 0 });

    const quoteShare = Math.round((10000 * quoted.length) / susp.length) / 100;
    const copyShare = Math.round((10000 * copied.length) / susp.length) / 100;
    expect(plagiarism.percents.quote).toBeCloseTo(quoteShare, 0);
    expect(plagiarism.percents.identical).toBeCloseTo(copyShare, 1);
    expect(plagiarism.percents.total).toBeCloseTo(copyShare, 1);
    expect(plagiarism.quSources).toHaveLength(1);
    expect(plagiarism.sources).toHaveLength(1);
    expect(plagiarism.nodes.map((n) => n.text).join('')).toBe(susp);
  });

  test('matches under N words are left out when asked', async () => {
    const srcText = textGenerator(31)(30);
    const copied = srcText
      .split(/(?<=\.) /)
      .slice(3, 6)
      .join(' ');
    const susp = `${textGenerator(32)(6)} ${copied} ${textGenerator(33)(6)}`;
    const result = await checkText(await storeWith([source('src', srcText)]), { text: susp, language: 'en' });
    const words = copied.split(' ').length;
    expect(buildSimilarityReport(susp, result, { minWords: words }).plagiarism.sources).toHaveLength(1);
    expect(buildSimilarityReport(susp, result, { minWords: words + 1 }).plagiarism.sources).toHaveLength(0);
  });
});
