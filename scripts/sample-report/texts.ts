/**
 * The home page's sample report: a short student essay and two "sources" it borrows from, written for
 * Veritext (original texts, free to show). One passage is copied word for word from the first source; one
 * is reworded from the second. `npm run sample-report` runs the real reuse engine on them and writes the
 * report the home page shows (apps/web/src/home/sample-report.*.json).
 */
export interface SampleSource {
  readonly id: string;
  /** `checked`: a document submitted to Veritext; anything else: a reference collection. */
  readonly collection: string;
  readonly title: string;
  readonly text: string;
}

export interface SampleInput {
  readonly language: 'en' | 'es';
  readonly title: string;
  readonly text: string;
  readonly sources: readonly SampleSource[];
}

const EN: SampleInput = {
  language: 'en',
  title: 'Why our streets need more trees',
  text: [
    'Every summer, the streets of our town feel hotter than the fields around it.',
    'Asphalt and concrete soak up sunlight during the day and release it slowly at night, so the air in a city centre can stay several degrees warmer than in the surrounding countryside.',
    'Trees are one of the cheapest ways to fight this.',
    'The water that evaporates from their leaves cools the air around them, much as sweat cools the skin.',
    'A single mature tree can shade a whole pavement, and in my neighbourhood the street with the old plane trees is noticeably cooler than the car park two blocks away.',
    'Planting is not enough, however.',
    'Young trees have to be watered regularly during their first three summers, and many towns lose a large share of the saplings they plant because nobody has been made responsible for looking after them.',
    'A good plan therefore says who will water each tree, and for how long.',
  ].join(' '),
  sources: [
    {
      id: 'heat-essay',
      collection: 'checked',
      title: 'A document submitted to Veritext',
      text: [
        'Cities are warmer than the land around them, and the difference is largest on calm summer nights.',
        'Asphalt and concrete soak up sunlight during the day and release it slowly at night, so the air in a city centre can stay several degrees warmer than in the surrounding countryside.',
        'This effect is known as the urban heat island.',
        'It matters for health: heat waves kill more people in dense neighbourhoods with few parks than in leafy suburbs.',
      ].join(' '),
    },
    {
      id: 'street-trees-guide',
      collection: 'reference',
      title: 'Street trees: a planting guide for towns',
      text: [
        'Choosing the right species is only the first step.',
        'Young trees must be watered regularly during their first three summers, until their roots reach deeper soil.',
        'Many towns lose a large share of the saplings they plant because nobody is made responsible for looking after them once the planting day is over.',
        'A maintenance plan should name the team in charge of each street.',
      ].join(' '),
    },
  ],
};

const ES: SampleInput = {
  language: 'es',
  title: 'Por qué nuestras calles necesitan más árboles',
  text: [
    'Cada verano, las calles de mi ciudad parecen más calurosas que los campos que la rodean.',
    'El asfalto y el hormigón absorben la luz del sol durante el día y la liberan poco a poco por la noche, de modo que el aire del centro puede mantenerse varios grados más cálido que el del campo cercano.',
    'Los árboles son una de las formas más baratas de combatirlo.',
    'El agua que se evapora de sus hojas refresca el aire que los rodea, igual que el sudor refresca la piel.',
    'Un solo árbol adulto puede dar sombra a toda una acera, y en mi barrio la calle de los viejos plátanos es claramente más fresca que el aparcamiento que está a dos manzanas.',
    'Sin embargo, plantar no basta.',
    'Los árboles jóvenes tienen que regarse con regularidad durante sus tres primeros veranos, y muchos ayuntamientos pierden buena parte de los árboles que plantan porque nadie se ha hecho cargo de cuidarlos.',
    'Por eso, un buen plan indica quién regará cada árbol y durante cuánto tiempo.',
  ].join(' '),
  sources: [
    {
      id: 'isla-de-calor',
      collection: 'checked',
      title: 'Un documento enviado a Veritext',
      text: [
        'Las ciudades son más cálidas que el territorio que las rodea, y la diferencia es mayor en las noches tranquilas de verano.',
        'El asfalto y el hormigón absorben la luz del sol durante el día y la liberan poco a poco por la noche, de modo que el aire del centro puede mantenerse varios grados más cálido que el del campo cercano.',
        'Este fenómeno se conoce como isla de calor urbana.',
        'Es una cuestión de salud: las olas de calor causan más muertes en los barrios densos y con pocos parques que en las zonas arboladas.',
      ].join(' '),
    },
    {
      id: 'guia-arbolado',
      collection: 'reference',
      title: 'Arbolado urbano: guía de plantación para municipios',
      text: [
        'Elegir la especie adecuada es solo el primer paso.',
        'Los árboles jóvenes deben regarse con regularidad durante sus tres primeros veranos, hasta que sus raíces alcanzan capas más profundas del suelo.',
        'Muchos municipios pierden buena parte de los ejemplares que plantan porque nadie se hace cargo de cuidarlos una vez pasado el día de la plantación.',
        'Un plan de mantenimiento debe designar al equipo responsable de cada calle.',
      ].join(' '),
    },
  ],
};

export const SAMPLE_INPUTS: readonly SampleInput[] = [EN, ES];
