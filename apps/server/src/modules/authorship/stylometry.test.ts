import { describe, expect, it } from 'vitest';
import { ann, bob, cy, es, TOPICS } from './stylometry.fixtures.ts';
import { compareAuthorship, verdictOf, DIFFERENT_AUTHOR_THRESHOLD, SAME_AUTHOR_THRESHOLD } from './stylometry.ts';

describe('compareAuthorship (General Impostors on Cosine Delta)', () => {
  const known = [ann(TOPICS[0]!, 1), ann(TOPICS[1]!, 2), ann(TOPICS[2]!, 3)].map((text, id) => ({ id, text }));
  const impostors = [bob(TOPICS[0]!, 4), bob(TOPICS[3]!, 5), cy(TOPICS[1]!, 6), cy(TOPICS[4]!, 7)].map((text, id) => ({
    id: 10 + id,
    text,
  }));

  it('finds the same author consistent and a different author not', () => {
    const same = compareAuthorship({ questioned: ann(TOPICS[5]!, 9), known, impostors, language: 'en' });
    expect(same.verdict).toBe('same_author');
    expect(same.score).toBeGreaterThanOrEqual(SAME_AUTHOR_THRESHOLD);
    const other = compareAuthorship({ questioned: bob(TOPICS[5]!, 9), known, impostors, language: 'en' });
    expect(other.verdict).toBe('different_author');
    expect(other.score).toBeLessThanOrEqual(DIFFERENT_AUTHOR_THRESHOLD);
    expect(other.chance).toBe(0.2);
    expect(other.impostors).toBe(4);
  });

  it('names the features that differ most, in the direction they differ', () => {
    const other = compareAuthorship({ questioned: cy(TOPICS[5]!, 9), known, impostors, language: 'en' });
    expect(other.features.length).toBeGreaterThan(0);
    // Cy's marks are up, Ann's down; every named feature is at least one standard deviation away
    const up = new Set(['perhaps', 'rather', '?', '—']);
    const down = new Set(['however', 'moreover', 'therefore', 'thus', 'indeed', ';', ',']);
    const named = other.features.filter((feature) => up.has(feature.name) || down.has(feature.name));
    expect(named.length).toBeGreaterThan(0);
    for (const feature of named) expect(Math.sign(feature.z)).toBe(up.has(feature.name) ? 1 : -1);
    for (const feature of other.features) expect(Math.abs(feature.z)).toBeGreaterThanOrEqual(1);
  });

  it('is deterministic and does not depend on the order of the impostors', () => {
    const input = { questioned: ann(TOPICS[4]!, 11), known, impostors, language: 'en' as const };
    const first = compareAuthorship(input);
    expect(compareAuthorship(input)).toEqual(first);
    expect(compareAuthorship({ ...input, impostors: [...impostors].reverse() }).features).toEqual(first.features);
  });

  it('works for Spanish with its function words', () => {
    const knownEs = [es.ana(TOPICS[0]!, 1), es.ana(TOPICS[1]!, 2)].map((text, id) => ({ id, text }));
    const impostorsEs = [es.beto(TOPICS[0]!, 3), es.beto(TOPICS[2]!, 4), es.ceci(TOPICS[3]!, 5)].map((text, id) => ({
      id: 10 + id,
      text,
    }));
    const same = compareAuthorship({
      questioned: es.ana(TOPICS[5]!, 9),
      known: knownEs,
      impostors: impostorsEs,
      language: 'es',
    });
    expect(same.verdict).toBe('same_author');
    const other = compareAuthorship({
      questioned: es.ceci(TOPICS[5]!, 9),
      known: knownEs,
      impostors: impostorsEs,
      language: 'es',
    });
    expect(other.verdict).toBe('different_author');
    expect(
      other.features.some((feature) => feature.kind === 'word' && feature.name === 'además' && feature.z < 0),
    ).toBe(true);
  });

  it('needs a known paper and an impostor', () => {
    expect(() => compareAuthorship({ questioned: 'x', known: [], impostors, language: 'en' })).toThrow(RangeError);
    expect(() => compareAuthorship({ questioned: 'x', known, impostors: [], language: 'en' })).toThrow(RangeError);
  });

  it('has an inconclusive band between the thresholds', () => {
    expect(verdictOf(SAME_AUTHOR_THRESHOLD)).toBe('same_author');
    expect(verdictOf(DIFFERENT_AUTHOR_THRESHOLD)).toBe('different_author');
    expect(verdictOf((SAME_AUTHOR_THRESHOLD + DIFFERENT_AUTHOR_THRESHOLD) / 2)).toBe('inconclusive');
  });
});
