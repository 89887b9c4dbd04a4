import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlParagraphs } from './html.ts';

describe('htmlParagraphs', () => {
  it('takes the text of block elements, without inline markup, and skips what is not prose', () => {
    const html = `<!DOCTYPE html><html><head><title>Manual</title><style>p { color: red }</style></head>
<body><div class="navheader"><table><tr><td>Prev</td><td>Next</td></tr></table></div>
<h1 class="title">Chapter 1. Basics</h1>
<p>The <em>package
manager</em> reads <a href="x.html">its sources</a> from a file.</p>
<div class="para">Publican wraps paragraphs in divisions,
<div class="itemizedlist"><ul><li><p>and lists inside them.</p></li></ul></div>
which go on after the list.</div>
<pre class="screen">$ apt-get update
Reading package lists... Done</pre>
<p>Run <code>apt-get update</code> and then <code class="command">apt-get upgrade --with-new-pkgs</code>.</p>
<script>document.write("<p>not text</p>")</script>
<p>Caf&eacute; &amp; cr&egrave;me &#8212; &#x263A;&nbsp;&iquest;s&iacute;?</p>
</body></html>`;
    expect(htmlParagraphs(html)).toEqual([
      'Chapter 1. Basics',
      'The package manager reads its sources from a file.',
      'Publican wraps paragraphs in divisions,',
      'and lists inside them.',
      'which go on after the list.',
      'Café & crème — ☺ ¿sí?',
    ]);
  });

  it('keeps a paragraph with a little code', () => {
    const html =
      '<p>Most programs read their settings from <code>/etc</code> when they start, before anything else.</p>';
    expect(htmlParagraphs(html)).toHaveLength(1);
    expect(htmlParagraphs(html, { maxCodeShare: 0.01 })).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it('decodes numeric, common named and accented-letter references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;a&gt; &quot;x&quot; &#241;&#xF1; &Ntilde;o&ntilde;o &uuml; &ccedil; &bogus;')).toBe(
      '<a> "x" ññ Ñoño ü ç &bogus;',
    );
  });
});
