import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import no from '../i18n/no.json';
import { isRunning, STATUS_LABEL_KEYS, STATUS_LABELS, STATUS_TONES, statusLabel } from './statusLabels.ts';

function lookup(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('the spec’s status labels', () => {
  it('maps the state and the AI status as the table says', () => {
    const cases: [number, number | null, string][] = [
      [3, null, 'inProcess'],
      [3, 1, 'inProcess'],
      [4, null, 'checkAborted'],
      [4, 3, 'checkAborted'],
      [5, null, 'ready'],
      [5, 4, 'ready'],
      [5, 1, 'aiCheckInProgress'],
      [5, 2, 'aiCheckInProgress'],
      [5, 3, 'aiCheckFailed'],
      [5, 5, 'aiNotPossible'],
      [5, 8, 'aiNotPossible'],
      [5, 9, 'aiNotPossible'],
      [7, null, 'failed'],
    ];
    for (const [state, ai, label] of cases) {
      expect(statusLabel({ state, ai_status: ai }), `${String(state)}/${String(ai)}`).toBe(label);
    }
  });

  it('has every label of the spec, each with a tone and a text in en, es and no', () => {
    const spec = [
      'waiting for source',
      'waiting for report',
      'in process',
      'in progress',
      'check in progress',
      'check aborted',
      'failed',
      'AI check failed',
      'ready to upload',
      'ready to check',
      'bad file format',
    ];
    for (const label of STATUS_LABELS) {
      expect(STATUS_TONES[label]).toBeDefined();
      for (const catalogue of [en, es, no]) {
        expect(typeof lookup(catalogue, STATUS_LABEL_KEYS[label]), label).toBe('string');
      }
    }
    const english = STATUS_LABELS.map((label) => String(lookup(en, STATUS_LABEL_KEYS[label])).toLowerCase());
    for (const text of spec) expect(english, text).toContain(text.toLowerCase());
  });

  it('shows a spinner only while something still runs', () => {
    expect(isRunning('inProcess')).toBe(true);
    expect(isRunning('aiCheckInProgress')).toBe(true);
    expect(isRunning('ready')).toBe(false);
    expect(isRunning('checkAborted')).toBe(false);
  });
});
