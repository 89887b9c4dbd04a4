import { describe, expect, it } from 'vitest';
import { bookParagraphs, dictEntries, foldocDate, foldocParagraphs, kjvChapters, swordChapters } from './formats.ts';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function b64(n: number): string {
  let s = '';
  do {
    s = DIGITS[n % 64]! + s;
    n = Math.floor(n / 64);
  } while (n > 0);
  return s;
}

describe('dictEntries', () => {
  it('reads each entry once, in file order, by byte offsets, without the database notes', () => {
    const parts = ['00-database-info\nAbout this.\n', 'ÉCLAT, n. Brilliance.\n', 'ZEAL, n. A disorder.\n'];
    const dict = Buffer.from(parts.join(''), 'utf8');
    const offsets = parts.map((_, i) => Buffer.byteLength(parts.slice(0, i).join(''), 'utf8'));
    const lengths = parts.map((p) => Buffer.byteLength(p, 'utf8'));
    const index = [
      `00databaseinfo\t${b64(offsets[0]!)}\t${b64(lengths[0]!)}`,
      `zeal\t${b64(offsets[2]!)}\t${b64(lengths[2]!)}`,
      `eclat\t${b64(offsets[1]!)}\t${b64(lengths[1]!)}`,
      `éclat\t${b64(offsets[1]!)}\t${b64(lengths[1]!)}`,
    ].join('\n');
    expect(dictEntries(dict, index)).toEqual([
      { headword: 'eclat', text: 'ÉCLAT, n. Brilliance.\n' },
      { headword: 'zeal', text: 'ZEAL, n. A disorder.\n' },
    ]);
  });
});

describe('FOLDOC entries', () => {
  const entry = `Brainfuck
BF

   <programming, humour> An {esoteric programming language} with
   eight commands, described in the {Esolang wiki
   (https://esolangs.org/wiki/Brainfuck)}.

   [{Jargon File}]

   (2019-03-04)
`;
  it('keeps the body without headwords, subjects, links, citations and the date', () => {
    expect(foldocParagraphs(entry)).toEqual([
      'An esoteric programming language with eight commands, described in the Esolang wiki.',
    ]);
    expect(foldocDate(entry)).toBe('2019-03-04');
    expect(foldocDate('word\n\n   text without a date\n')).toBeNull();
  });
});

describe('Bible chapters', () => {
  it('reads the bible tool’s chapters as verses', () => {
    const out =
      '\nGenesis 1\n\n  1 In the beginning God created the heaven.\n  2 And the earth was\nwithout form.\n\nI Kings 2\n\n  1 Now the days drew nigh.\n';
    expect(kjvChapters(out)).toEqual([
      {
        key: 'kjv/Genesis.1',
        paragraphs: ['In the beginning God created the heaven.', 'And the earth was without form.'],
        joiner: ' ',
      },
      { key: 'kjv/I_Kings.2', paragraphs: ['Now the days drew nigh.'], joiner: ' ' },
    ]);
  });

  it('reads diatheke’s verses, without Strong’s numbers and with the drop capital lowered', () => {
    const out = [
      'Genesis 1:1: EN el principio crió Dios los cielos y la tierra.',
      'Genesis 1:2: Y la tierra estaba desordenada y vacía.',
      'Revelation of John 22:21: La gracia de nuestro Señor Jesucristo <G5547> sea con todos vosotros. Amén.   ',
      '(spaRV1909eb)',
    ].join('\n');
    expect(swordChapters(out, 'rv')).toEqual([
      {
        key: 'rv/Genesis.1',
        paragraphs: ['En el principio crió Dios los cielos y la tierra.', 'Y la tierra estaba desordenada y vacía.'],
        joiner: ' ',
      },
      {
        key: 'rv/Revelation_of_John.22',
        paragraphs: ['La gracia de nuestro Señor Jesucristo sea con todos vosotros. Amén.'],
        joiner: ' ',
      },
    ]);
  });
});

describe('bookParagraphs', () => {
  it('drops headings and transcription marks', () => {
    const text =
      'CHAPTER I\n\n\nEmma Woodhouse, _handsome_, clever,\nand rich--a gentle sorrow.\n\nChapter 2\n\n"Yes, sir."\n';
    expect(bookParagraphs(text)).toEqual([
      'Emma Woodhouse, handsome, clever, and rich—a gentle sorrow.',
      '"Yes, sir."',
    ]);
  });
});
