import { beforeAll, describe, expect, it } from 'vitest';
import { CitationSourceSchema, type CitationSourceInput } from '@veritext/contracts';
import { cslDate, formatCitation, toCslItem } from './citations.format.ts';

/*
 * The formatter against reference outputs: the sources are the style guides' own examples (the APA Publication
 * Manual 7th ed. book and journal-article examples: Jackson 2019, Grady et al. 2019), and each expected string is
 * that guide's pattern for the style (APA 7, MLA 9, Chicago 17 author-date, Cite Them Right 12 Harvard, APA 7 with
 * the es-ES locale), as the official CSL styles print it through citeproc-js.
 */

const source = (input: CitationSourceInput) => CitationSourceSchema.parse(input);

const BOOK = source({
  title: 'The psychology of prejudice: From attitudes to social action',
  authors: [{ given: 'Lynne M.', family: 'Jackson' }],
  edition: '2',
  publisher: 'American Psychological Association',
  place: 'Washington, DC',
  year: '2019',
  doi: '10.1037/0000168-000',
});

const ARTICLE = source({
  title:
    'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
  authors: [
    { given: 'Jessica Stoltzfus', family: 'Grady' },
    { given: 'Malina', family: 'Her' },
    { given: 'Geena', family: 'Moreno' },
    { given: 'Catherine', family: 'Perez' },
    { given: 'Jillian', family: 'Yelinek' },
  ],
  container_title: 'Psychology of Popular Media Culture',
  volume: '8',
  issue: '3',
  pages: '207-217',
  year: '2019',
  doi: '10.1037/ppm0000185',
});

const WEBPAGE = source({
  title: 'Obesity and overweight',
  authors: [{ given: '', family: 'World Health Organization' }],
  container_title: 'WHO',
  published: '2021-06-09',
  accessed: '2024-03-01',
  url: 'https://www.who.int/news-room/fact-sheets/detail/obesity-and-overweight',
});

const CHAPTER = source({
  title: 'Understanding the ethical climate',
  authors: [{ given: 'Anne', family: 'Smith' }],
  editors: [
    { given: 'Robert', family: 'Jones' },
    { given: 'Mary', family: 'Brown' },
  ],
  container_title: 'Ethics in practice',
  publisher: 'Routledge',
  place: 'London',
  year: '2018',
  pages: '45–67',
});

const THESIS = source({
  title: 'Reading in a second language: A longitudinal study',
  authors: [{ given: 'Laura', family: 'Martínez' }],
  degree: 'Doctoral dissertation',
  university: 'University of Salamanca',
  place: 'Salamanca',
  year: '2020',
  url: 'https://example.org/thesis',
});

// building an engine parses its style once (APA: about a second alone, far more on a loaded machine)
beforeAll(() => {
  for (const style of ['apa', 'mla', 'chicago', 'harvard', 'apa-es'] as const) formatCitation(style, 'book', BOOK);
}, 120_000);

describe('formatCitation: books', () => {
  it.each([
    [
      'apa',
      'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
    ],
    [
      'mla',
      'Jackson, Lynne M. The Psychology of Prejudice: From Attitudes to Social Action. 2nd ed., American Psychological Association, 2019, https://doi.org/10.1037/0000168-000.',
    ],
    [
      'chicago',
      'Jackson, Lynne M. 2019. The Psychology of Prejudice: From Attitudes to Social Action. 2nd ed. Washington, DC: American Psychological Association. https://doi.org/10.1037/0000168-000.',
    ],
    [
      'harvard',
      'Jackson, L.M. (2019) The psychology of prejudice: From attitudes to social action. 2nd edn. Washington, DC: American Psychological Association. Available at: https://doi.org/10.1037/0000168-000.',
    ],
    [
      'apa-es',
      'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2.ª ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
    ],
  ] as const)('%s', (style, expected) => {
    expect(formatCitation(style, 'book', BOOK).text).toBe(expected);
  });

  it('puts the title in italics in the HTML', () => {
    expect(formatCitation('apa', 'book', BOOK).html).toBe(
      'Jackson, L. M. (2019). <i>The psychology of prejudice: From attitudes to social action</i> (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
    );
  });
});

describe('formatCitation: journal articles', () => {
  it.each([
    [
      'apa',
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185',
    ],
    [
      'mla',
      'Grady, Jessica Stoltzfus, et al. “Emotions in Storybooks: A Comparison of Storybooks That Represent Ethnic and Racial Groups in the United States.” Psychology of Popular Media Culture, vol. 8, no. 3, 2019, pp. 207–17, https://doi.org/10.1037/ppm0000185.',
    ],
    [
      'chicago',
      'Grady, Jessica Stoltzfus, Malina Her, Geena Moreno, Catherine Perez, and Jillian Yelinek. 2019. “Emotions in Storybooks: A Comparison of Storybooks That Represent Ethnic and Racial Groups in the United States.” Psychology of Popular Media Culture 8 (3): 207–17. https://doi.org/10.1037/ppm0000185.',
    ],
    [
      'harvard',
      'Grady, J.S. et al. (2019) ‘Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States’, Psychology of Popular Media Culture, 8(3), pp. 207–217. Available at: https://doi.org/10.1037/ppm0000185.',
    ],
    [
      'apa-es',
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207-217. https://doi.org/10.1037/ppm0000185',
    ],
  ] as const)('%s', (style, expected) => {
    expect(formatCitation(style, 'article', ARTICLE).text).toBe(expected);
  });

  it('italicises the journal and the volume in APA, escaping the ampersand', () => {
    expect(formatCitation('apa', 'article', ARTICLE).html).toContain(
      'Perez, C., &#38; Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. <i>Psychology of Popular Media Culture</i>, <i>8</i>(3), 207–217.',
    );
  });
});

describe('formatCitation: web pages, chapters, theses', () => {
  it('formats a web page with an organisation as author and its date', () => {
    expect(formatCitation('apa', 'webpage', WEBPAGE).text).toBe(
      'World Health Organization. (2021, June 9). Obesity and overweight. WHO. https://www.who.int/news-room/fact-sheets/detail/obesity-and-overweight',
    );
    expect(formatCitation('apa-es', 'webpage', WEBPAGE).text).toBe(
      'World Health Organization. (2021, junio 9). Obesity and overweight. WHO. https://www.who.int/news-room/fact-sheets/detail/obesity-and-overweight',
    );
    expect(formatCitation('harvard', 'webpage', WEBPAGE).text).toBe(
      'World Health Organization (2021) Obesity and overweight, WHO. Available at: https://www.who.int/news-room/fact-sheets/detail/obesity-and-overweight (Accessed: 1 March 2024).',
    );
  });

  it('formats a chapter with its editors and pages', () => {
    expect(formatCitation('apa', 'chapter', CHAPTER).text).toBe(
      'Smith, A. (2018). Understanding the ethical climate. In R. Jones & M. Brown (Eds.), Ethics in practice (pp. 45–67). Routledge.',
    );
    expect(formatCitation('apa-es', 'chapter', CHAPTER).text).toBe(
      'Smith, A. (2018). Understanding the ethical climate. En R. Jones & M. Brown (Eds.), Ethics in practice (pp. 45-67). Routledge.',
    );
    expect(formatCitation('mla', 'chapter', CHAPTER).text).toBe(
      'Smith, Anne. “Understanding the Ethical Climate.” Ethics in Practice, edited by Robert Jones and Mary Brown, Routledge, 2018, pp. 45–67.',
    );
  });

  it('formats a thesis with its degree and university', () => {
    expect(formatCitation('apa', 'thesis', THESIS).text).toBe(
      'Martínez, L. (2020). Reading in a second language: A longitudinal study [Doctoral dissertation, University of Salamanca]. https://example.org/thesis',
    );
  });
});

describe('the CSL item', () => {
  it('maps the fields a type shows to CSL-JSON', () => {
    expect(toCslItem('a', 'thesis', THESIS)).toEqual({
      id: 'a',
      type: 'thesis',
      title: THESIS.title,
      author: [{ family: 'Martínez', given: 'Laura' }],
      URL: 'https://example.org/thesis',
      'publisher-place': 'Salamanca',
      publisher: 'University of Salamanca',
      genre: 'Doctoral dissertation',
      issued: { 'date-parts': [[2020]] },
    });
    expect(toCslItem('b', 'book', source({ title: 'X', editors: [{ given: 'A', family: 'B' }] }))).not.toHaveProperty(
      'editor',
    );
  });

  it('reads dates as YYYY, YYYY-MM or YYYY-MM-DD', () => {
    expect(cslDate('2021-06-09')).toEqual({ 'date-parts': [[2021, 6, 9]] });
    expect(cslDate('2021-06')).toEqual({ 'date-parts': [[2021, 6]] });
    expect(cslDate('')).toBeUndefined();
  });

  it('keeps markup typed into a field as text', () => {
    const html = formatCitation(
      'apa',
      'book',
      source({ title: '<script>alert(1)</script> & more', year: '2020' }),
    ).html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});
