/** The part of citeproc-js (npm `citeproc`, CommonJS) that citations.format.ts uses. */
declare module 'citeproc' {
  namespace CSL {
    type Sys = { retrieveLocale: (lang: string) => string; retrieveItem: (id: string) => unknown };
    class Engine {
      constructor(sys: Sys, style: string, lang?: string, forceLang?: boolean);
      setOutputFormat(format: 'text' | 'html'): void;
      updateItems(ids: string[]): void;
      makeBibliography(): [unknown, string[]] | false;
    }
  }
  export default CSL;
}
