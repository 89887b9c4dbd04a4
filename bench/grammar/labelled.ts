/**
 * A small hand-labelled set for the grammar checker (issue 18), written for this bench: sentences in English and
 * Spanish, some with mistakes, some correct. A mistake is marked [wrong|right]: the text checked has `wrong` at that
 * place (`right` is the correction, for the reader). Sentences without brackets are correct: every finding on them
 * is a false alarm. The style rule (passive voice) is not scored: it flags what may be fine.
 */

export const ENGLISH: readonly string[] = [
  // spelling
  'I did not [recieve|receive] the parcel until Monday.',
  'She was [definately|definitely] the best candidate for the job.',
  'Please keep the two groups [seperate|separate] during the test.',
  'The accident [occured|occurred] late at night.',
  'We waited [untill|until] the rain stopped.',
  'He could not decide [wich|which] road to take.',
  'The team lost [becuase|because] nobody trained.',
  'Students care about the [enviroment|environment] more than ever.',
  'The [goverment|government] announced new rules for schools.',
  'Her [arguement|argument] was clear and well supported.',
  'The hotel can [accomodate|accommodate] two hundred guests.',
  'We will meet again [tommorow|tomorrow] morning.',
  'The [begining|beginning] of the novel is slow.',
  'I [beleive|believe] the results are reliable.',
  'Nobody doubted the [existance|existence] of the problem.',
  'The country became [independant|independent] in 1960.',
  'There was a [noticable|noticeable] change in the data.',
  'They [acheived|achieved] every goal they set.',
  'The students handed in [thier|their] essays on time.',
  'I wrote the dates in my [calender|calendar] at once.',
  'That was a [wierd|weird] thing to say at a wedding.',
  'The project was a [succesful|successful] one for everyone.',
  'We [reccomend|recommend] reading the second chapter first.',
  // repeated words
  'The results of [the the|the] survey surprised us.',
  'This [is is|is] the last chapter of the book.',
  'We bought bread [and and|and] cheese for the trip.',
  // indefinite article
  'She ate [a|an] apple after lunch.',
  'It took [a|an] hour to finish the exam.',
  'He studies at [an|a] university in the north.',
  'That was [a|an] honest mistake.',
  // contractions
  'I [dont|don’t] think the answer is right.',
  'She [doesnt|doesn’t] like long meetings.',
  'The method [isnt|isn’t] new, but it works.',
  'It [wasnt|wasn’t] clear who had won.',
  // sentence capital, spacing, punctuation
  'The lesson ended early. [the|The] students went home.',
  'We finished the draft.[  | ]Then we read it again.',
  'The data were clean[ ,|,] complete and recent.',
  'Is this the final version[ ?|?] I hope so.',
  // mistakes the checker is not built to find (they count against recall)
  '[Their|They’re] going to the library after class.',
  'He [go|goes] to school by bus every day.',
  'The company changed [it’s|its] name last year.',
  'I could [of|have] finished it sooner.',
  'There [is|are] many reasons for this choice.',
  'She is [more taller|taller] than her brother.',
  // correct sentences
  'The committee met on Tuesday to discuss the budget.',
  'NASA launched the Artemis mission in 2022.',
  'Visit https://example.org/guide for the full instructions.',
  'Write to help@example.org if the form does not open.',
  'Dr. Smith presented the findings at the conference in Boston.',
  'The experiment used 25 samples and three control groups.',
  'Maria and John wrote the report together.',
  'The essay compares two novels by Charles Dickens.',
  'Our school introduced a new reading programme this year.',
  'The results suggest that sleep improves memory.',
  'Teachers often give feedback on the first draft.',
  'The students worked in small groups of four.',
  'Climate change affects farmers in many regions.',
  'An honest answer is better than a clever one.',
  'A university degree is not the only path to success.',
  'The museum opens at nine and closes at five.',
  'He said, "We will finish the work by Friday."',
  'Online learning became common during the pandemic.',
  'The website lists every course offered by the college.',
  'Many people read the news on their smartphones.',
  'The report was written by the research team.',
  'It’s easy to forget how much the city has changed.',
  "Don't leave your bags in the corridor.",
  'The data show a steady rise in prices since 2019.',
  'The UN and the EU signed the agreement in Geneva.',
  'Her thesis, which runs to ninety pages, is well argued.',
  'First, read the question; then, plan your answer.',
  'The author uses metaphors to describe the sea.',
  'The survey had a response rate of 42 percent.',
  'Photosynthesis converts light into chemical energy.',
  'The well-known writer gave a short talk.',
  'We discussed the pros and cons of each option.',
  'The old bridge was rebuilt after the flood.',
  'Each student must submit the form by March 3.',
];

export const SPANISH: readonly string[] = [
  // spelling (often a missing accent)
  'El perro [corrio|corrió] por el parque toda la tarde.',
  'Nosotros [tambien|también] queremos participar en el proyecto.',
  'Nos vemos [despues|después] de la clase de historia.',
  'El [analisis|análisis] de los datos llevó varias semanas.',
  'Este problema es muy [dificil|difícil] de resolver.',
  'Los [jovenes|jóvenes] leen cada vez más en línea.',
  'Mañana tenemos dos [examenes|exámenes] seguidos.',
  'Es [nesesario|necesario] revisar el texto antes de entregarlo.',
  'Hizo una [exepción|excepción] por esta vez.',
  'Tenemos que [aprovar|aprobar] el presupuesto este mes.',
  'El tren llegó muy [rapido|rápido] a la estación.',
  'La [poblacion|población] de la ciudad creció mucho.',
  'Escribió una [cancion|canción] para su madre.',
  'La profesora explicó la [leccion|lección] con calma.',
  'El [arbol|árbol] del patio tiene cien años.',
  'Me gusta la [musica|música] clásica por la noche.',
  'El [exito|éxito] del equipo sorprendió a todos.',
  'La [reunion|reunión] empieza a las diez.',
  'Vivimos en una [sosiedad|sociedad] cada vez más conectada.',
  'Los alumnos [hecharon|echaron] de menos a su profesor.',
  'El libro tiene un [vocavulario|vocabulario] muy rico.',
  'La [istoria|historia] de la ciudad es muy antigua.',
  // repeated words
  'Los resultados [de de|de] la encuesta fueron claros.',
  'Creo [que que|que] el informe está terminado.',
  'El [el|el] profesor llegó tarde a clase.',
  // opening marks
  '[Cómo|¿Cómo] estás? Hace mucho que no te veo.',
  '[Dónde|¿Dónde] está la biblioteca? No la encuentro.',
  '[Qué|¡Qué] sorpresa! No te esperaba hoy.',
  // sentence capital, spacing, punctuation
  'La clase terminó pronto. [los|Los] alumnos se fueron a casa.',
  'Terminamos el borrador.[  | ]Después lo leímos otra vez.',
  'Los datos eran limpios[ ,|,] completos y recientes.',
  'El trabajo está listo[ .|.] Lo entregaré mañana.',
  // mistakes the checker is not built to find (they count against recall)
  '[Haber|A ver] si vienes mañana a la fiesta.',
  'Ya lo he [echo|hecho] todo.',
  'Ayer [hecho|echó] la carta al buzón.',
  '[La|El] problema es más grave de lo que parece.',
  'Los niños [juega|juegan] en el parque.',
  'Si [sabría|supiera] la respuesta, te la diría.',
  // correct sentences
  'El comité se reunió el martes para hablar del presupuesto.',
  'La NASA lanzó la misión Artemis en 2022.',
  'Visita https://example.org/guia para leer las instrucciones.',
  'Escribe a ayuda@example.org si el formulario no se abre.',
  'María y Juan escribieron el informe juntos.',
  'El ensayo compara dos novelas de Benito Pérez Galdós.',
  'Nuestra escuela empezó un nuevo programa de lectura este año.',
  'Los resultados indican que el sueño mejora la memoria.',
  'Los profesores suelen comentar el primer borrador.',
  'Los estudiantes trabajaron en grupos pequeños de cuatro.',
  'El cambio climático afecta a los agricultores de muchas regiones.',
  'El museo abre a las nueve y cierra a las cinco.',
  '¿Cuándo empieza el curso? Empieza en septiembre.',
  '¡Qué buena noticia nos has dado!',
  'La biblioteca de Madrid tiene más de un millón de libros.',
  'El experimento usó 25 muestras y tres grupos de control.',
  'Dijo: «Terminaremos el trabajo el viernes».',
  'La educación a distancia se volvió común durante la pandemia.',
  'La página web recoge todos los cursos de la universidad.',
  'Mucha gente lee las noticias en el teléfono.',
  'El informe fue escrito por el equipo de investigación.',
  'Los datos muestran una subida de precios desde 2019.',
  'La ONU y la UE firmaron el acuerdo en Ginebra.',
  'Su tesis, que tiene noventa páginas, está bien argumentada.',
  'Primero, lee la pregunta; después, planifica la respuesta.',
  'La autora usa metáforas para describir el mar.',
  'La encuesta tuvo una tasa de respuesta del 42 por ciento.',
  'La fotosíntesis convierte la luz en energía química.',
  'Hablamos de las ventajas y los inconvenientes de cada opción.',
  'El puente viejo se reconstruyó después de la inundación.',
  'Cada alumno debe entregar el formulario antes del 3 de marzo.',
  'Los niños juegan en el parque después de comer.',
  'Me alegra que hayas venido a la presentación.',
  'El gobierno aprobó una ley sobre la educación pública.',
];

export type LabelledSentence = {
  /** The text checked: the sentence with its mistakes. */
  text: string;
  /** Each mistake's place in `text` and its correction. */
  mistakes: Array<{ start: number; end: number; wrong: string; right: string }>;
};

/** The sentence as checked, and where its marked mistakes are. */
export function parseLabelled(marked: string): LabelledSentence {
  const mistakes: LabelledSentence['mistakes'] = [];
  let text = '';
  let at = 0;
  for (const match of marked.matchAll(/\[([^|\]]*)\|([^\]]*)\]/gu)) {
    text += marked.slice(at, match.index);
    const wrong = match[1] ?? '';
    mistakes.push({ start: text.length, end: text.length + wrong.length, wrong, right: match[2] ?? '' });
    text += wrong;
    at = match.index + match[0].length;
  }
  text += marked.slice(at);
  return { text, mistakes };
}
