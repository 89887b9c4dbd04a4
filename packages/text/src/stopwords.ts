/**
 * The most frequent function words of each language. Short curated lists (not a full stop-list): the
 * reuse engine keeps stopwords in sentence vectors (their tf-isf weight is low anyway) and uses the lists
 * only to pick content words for paraphrase-tolerant keys and to tell English from Spanish.
 */
export const STOPWORDS = {
  en: new Set(
    `a about above after again against all also am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have having
    he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
    nor not now of off on once only or other our ours ourselves out over own same she should so some such than
    that the their theirs them themselves then there these they this those through to too under until up upon
    us very was we were what when where which while who whom why will with would you your yours yourself
    yourselves one may might must shall its it's s t`.split(/\s+/),
  ),
  es: new Set(
    `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella
    ellas ellos en entre era erais eran eras eres es esa esas ese eso esos esta estaba estaban estado estados
    estamos estar estas este esto estos fue fueron fui ha han has hasta hay la las le les lo los mas me mi mis
    mucho muchos muy más nada ni no nos nosotros o os otra otras otro otros para pero poco por porque que qué
    quien quienes se sea según ser si sido siempre sin sobre sois solo son su sus también tanto te tiene tienen
    todo todos tu tus un una uno unos usted ustedes y ya yo él éste ésta cuál cómo dónde`.split(/\s+/),
  ),
} as const;

export type Language = keyof typeof STOPWORDS;
export const LANGUAGES: readonly Language[] = ['en', 'es'];
