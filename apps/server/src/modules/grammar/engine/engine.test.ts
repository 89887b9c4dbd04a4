import { beforeAll, describe, expect, it } from 'vitest';
import { checkGrammar, speller, type GrammarFinding } from './engine.ts';

/** The finding on `word` (its first occurrence in `text`), checked to be exactly there. */
function at(text: string, findings: GrammarFinding[], word: string, rule: GrammarFinding['rule']): GrammarFinding {
  const start = text.indexOf(word);
  const finding = findings.find((f) => f.rule === rule && f.start === start);
  expect(finding, `${rule} at “${word}” in ${JSON.stringify(findings)}`).toBeDefined();
  expect(finding?.end).toBe(start + word.length);
  return finding as GrammarFinding;
}

describe('the grammar engine, English', () => {
  beforeAll(() => speller('en').then(() => undefined), 60_000);

  it('finds misspellings with suggestions, repeated words, a/an, missing apostrophes, spacing', async () => {
    const text = 'I did not recieve the the parcel.  It was a honest mistake, he dont know why.';
    const findings = await checkGrammar(text, 'en');
    expect(at(text, findings, 'recieve', 'spelling')).toMatchObject({
      kind: 'spelling',
      params: { word: 'recieve' },
      suggestions: expect.arrayContaining(['receive']) as unknown,
    });
    expect(at(text, findings, 'the the', 'repeated-word')).toMatchObject({ kind: 'grammar', suggestions: ['the'] });
    expect(at(text, findings, '  ', 'sentence-spacing')).toMatchObject({ kind: 'punctuation', suggestions: [' '] });
    const article = findings.find((f) => f.rule === 'indefinite-article');
    expect(article).toMatchObject({ start: text.indexOf('a honest'), end: text.indexOf('a honest') + 1 });
    expect(article?.suggestions).toEqual(['an']);
    // "dont": the apostrophe, not a misspelling as well
    expect(at(text, findings, 'dont', 'contraction').suggestions).toEqual(["don't"]);
    expect(findings.filter((f) => f.start === text.indexOf('dont'))).toHaveLength(1);
    expect(findings).toHaveLength(5);
  });

  it('flags a small letter after a full stop and a space before punctuation; passive voice as style', async () => {
    const text = 'The lesson ended. the students left , and the letter was written by the staff.';
    const findings = await checkGrammar(text, 'en');
    const capital = findings.find((f) => f.rule === 'sentence-capital');
    expect(capital).toMatchObject({ start: text.indexOf('the students'), end: text.indexOf('the students') + 3 });
    expect(capital?.suggestions).toEqual(['The']);
    expect(at(text, findings, ' ,', 'space-before-punctuation').suggestions).toEqual([',']);
    expect(at(text, findings, 'written', 'passive-voice').kind).toBe('style');
  });

  it('leaves names, acronyms, numbers, addresses and abbreviations alone', async () => {
    const text =
      'NASA and the UN met Dr. Okonkwo in Reykjavik in 2022. See e.g. the notes at https://exmple.org/qwzx or ' +
      'write to qwzx@exmple.org about COVID-19.';
    expect(await checkGrammar(text, 'en')).toEqual([]);
  });
});

describe('the grammar engine, Spanish', () => {
  // the Spanish dictionary takes a few seconds to read, once
  beforeAll(() => speller('es').then(() => undefined), 60_000);

  it('finds misspellings (accents first among the suggestions), repeated words and spacing', async () => {
    const text = 'El perro corrio por el arbol de de la plaza.  Luego volvió a casa.';
    const findings = await checkGrammar(text, 'es');
    expect(at(text, findings, 'corrio', 'spelling').suggestions[0]).toBe('corrió');
    expect(at(text, findings, 'arbol', 'spelling').suggestions[0]).toBe('árbol');
    expect(at(text, findings, 'de de', 'repeated-word').suggestions).toEqual(['de']);
    expect(at(text, findings, '  ', 'sentence-spacing').kind).toBe('punctuation');
    expect(findings).toHaveLength(4);
  });

  it('asks for the opening ¿ and ¡, and accepts them where they are', async () => {
    const text = 'Cómo estás? ¿Vienes mañana? Qué sorpresa! ¡Qué bien!';
    const findings = await checkGrammar(text, 'es');
    expect(findings.map((f) => [f.rule, text.slice(f.start, f.end), f.suggestions])).toEqual([
      ['opening-mark', 'Cómo', ['¿Cómo']],
      ['opening-mark', 'Qué', ['¡Qué']],
    ]);
  });

  it('has no findings in a correct Spanish text with names and numbers', async () => {
    const text = 'María y Juan visitaron la biblioteca de Madrid en 2019. La ONU publicó el informe el 3 de marzo.';
    expect(await checkGrammar(text, 'es')).toEqual([]);
  });
});
