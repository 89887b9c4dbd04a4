declare module 'word-extractor' {
  namespace WordExtractor {
    interface Document {
      getBody(options?: { filterUnicode?: boolean }): string;
      getFootnotes(options?: { filterUnicode?: boolean }): string;
      getEndnotes(options?: { filterUnicode?: boolean }): string;
      getHeaders(options?: { includeFooters?: boolean; filterUnicode?: boolean }): string;
      getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
      getAnnotations(options?: { filterUnicode?: boolean }): string;
    }
  }
  class WordExtractor {
    extract(source: string | Buffer): Promise<WordExtractor.Document>;
  }
  export = WordExtractor;
}
