import { describe, expect, test } from 'vitest';
import { detectLanguage, splitSentences, tokenize } from './tokens.ts';

describe('tokenize', () => {
  test('words keep their exact offsets, with apostrophes inside words', () => {
    const text = "Don't stop — l’eau, 42 times!";
    const tokens = tokenize(text, 'en');
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(["Don't", 'stop', 'l’eau', '42', 'times']);
  });

  test('stems are lower-cased Snowball stems without diacritics; function words are flagged', () => {
    const [running, the] = tokenize('Running the', 'en');
    expect(running).toMatchObject({ stem: 'run', isStop: false });
    expect(the).toMatchObject({ stem: 'the', isStop: true });
    const es = tokenize('Las canciones están aquí', 'es');
    expect(es.map((t) => t.stem)).toEqual(['las', 'cancion', 'estan', 'aqu']);
    expect(es[0]!.isStop).toBe(true);
  });

  test('the same stem gives the same key, in any text', () => {
    const a = tokenize('organisations', 'en')[0]!;
    const b = tokenize('An organisation.', 'en')[1]!;
    expect(a.stem).toBe(b.stem);
    expect(a.key).toBe(b.key);
    expect(tokenize('organ', 'en')[0]!.key).not.toBe(a.key);
  });

  test('decomposed accents stay inside their word', () => {
    const text = 'cancio\u0301n final';
    expect(tokenize(text, 'es').map((t) => text.slice(t.start, t.end))).toEqual(['cancio\u0301n', 'final']);
  });
});

describe('splitSentences', () => {
  const sentences = (text: string) => {
    const tokens = tokenize(text, 'en');
    return splitSentences(text, tokens).map((s) => text.slice(s.start, s.end));
  };

  test('splits after a stop before a capital, and at blank lines', () => {
    expect(sentences('It rained. We stayed in! Did you?\n\nA new paragraph')).toEqual([
      'It rained.',
      'We stayed in!',
      'Did you?',
      'A new paragraph',
    ]);
  });

  test('abbreviations, initials and lower-case continuations do not end a sentence', () => {
    expect(sentences('Dr. Smith met J. Brown at 5 p.m. yesterday. Then they left.')).toEqual([
      'Dr. Smith met J. Brown at 5 p.m. yesterday.',
      'Then they left.',
    ]);
  });

  test('closing quotes stay with their sentence', () => {
    expect(sentences('He said “stop.” She did not.')).toEqual(['He said “stop.”', 'She did not.']);
  });
});

describe('detectLanguage', () => {
  test('tells English from Spanish', () => {
    expect(detectLanguage('The cat sat on the mat and looked at the door for a while.')).toBe('en');
    expect(detectLanguage('El gato se sentó en la alfombra y miró la puerta durante un rato.')).toBe('es');
  });
});
