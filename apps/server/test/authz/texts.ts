/**
 * Texts of the authorisation matrix, written for it. Each fixture text carries a made-up marker word: a
 * response that holds a marker shows that text (or its title) to whoever received it, so the matrix can
 * tell a leak even where the status looks right.
 */

export const MARKERS = {
  userDocument: 'Zarvelyn',
  userAiCheck: 'Quorbisk',
  anotherDocument: 'Tembrosk',
  anotherAiCheck: 'Vindrasol',
  studentDocument: 'Halvexion',
  studentAiCheck: 'Morquentis',
  removedDocument: 'Brelldox',
  removedAiCheck: 'Crindavel',
  guestDocument: 'Plonkaveth',
} as const;

export type MarkerName = keyof typeof MARKERS;

const ESSAYS = [
  'Every autumn the orchard behind our school fills with apples that nobody has time to pick. Last year a group of ' +
    'students decided to change that. They made a simple plan, asked the caretaker for ladders and baskets, and ' +
    'invited families to spend a Saturday morning together among the trees. More than forty people came. Some climbed, ' +
    'some sorted the fruit, and the youngest children carried small bags to the gate. By lunch the baskets were full, ' +
    'and the kitchen staff agreed to turn part of the harvest into pies for the whole school. What surprised everyone ' +
    'was not the amount of fruit but how easily strangers became friends while working side by side.',
  'The night train from the capital to the northern coast is slower than a plane, but it offers something that ' +
    'flying never does. As the city lights fade, passengers settle into narrow cabins, share tea from the trolley and ' +
    'watch villages slide past in the dark. Conversations start easily between people who would never meet otherwise. ' +
    'An old fisherman explained to me how the harbour changed after the new bridge was built, and a nurse told stories ' +
    'about her first winter in a mountain clinic. When the train finally reached the sea at dawn, I felt that I had ' +
    'travelled much further than the distance on the map.',
  'Learning to bake bread at home taught me more patience than any lesson at school. The recipe looks simple: flour, ' +
    'water, salt and yeast. Yet the dough behaves differently every day, depending on the weather, the warmth of the ' +
    'kitchen and even the mood of the baker. My first loaves were flat and heavy, and my family politely ate them ' +
    'anyway. Slowly I learned to wait, to feel when the dough was ready and to trust the smell rather than the clock. ' +
    'Now the weekend begins with a warm loaf on the table, and the small ritual has become a quiet pleasure that I ' +
    'would not give up easily.',
  'Our town museum keeps a collection of old maps that most visitors walk past without a second look. I spent an ' +
    'afternoon with them during a rainy holiday and discovered how much they reveal. Rivers that have since been ' +
    'moved, roads that were never built, and villages that disappeared when the valley was flooded for the reservoir ' +
    'all appear in careful ink. One map even shows the fields my grandparents farmed before they moved to the city. ' +
    'Looking at those lines, I understood that a place is never finished; it keeps changing with every generation ' +
    'that decides where to build, plant and travel.',
  'Volunteering at the animal shelter on Sunday mornings has changed the way I spend my week. The work is not ' +
    'glamorous. We clean cages, wash bowls, fold blankets and walk dogs that pull in every direction at once. But the ' +
    'shelter depends on people who show up regularly, and the animals seem to recognise the familiar faces. The staff ' +
    'taught me how to read the body language of a frightened cat and how to introduce two dogs without a fight. Each ' +
    'time an animal leaves with a new family, everyone gathers at the door to say goodbye, and it never stops feeling ' +
    'like a small celebration.',
  'The small library in our village opens only three afternoons a week, yet it is the busiest place in town. ' +
    'Retired teachers run a reading club for children, students use the quiet tables to prepare for exams, and ' +
    'farmers come to read the newspapers and argue about the weather. The librarian knows almost everyone by name ' +
    'and remembers which books each reader enjoyed. When the council suggested closing it to save money, hundreds of ' +
    'people signed a letter and filled the meeting hall. The library stayed open, and the debate reminded the whole ' +
    'village how much a shared room full of books can mean.',
  'Cycling to work through the city every morning has taught me to notice details that drivers never see. I know ' +
    'the baker who opens his shutters at half past six, the gardener who waters the roses in the park, and the ' +
    'crossing guard who greets every child by name. Rain and wind make some days difficult, and traffic can be ' +
    'frightening on the main roads. Still, arriving at the office after twenty minutes of fresh air leaves me calmer ' +
    'and more awake than any cup of coffee. The route has become a small daily journey through the life of the ' +
    'neighbourhood rather than a distance to cover.',
  'My grandmother kept a notebook of family recipes that she wrote over fifty years. The pages are stained with ' +
    'oil and flour, and some instructions only make sense if you watched her cook. Next to a recipe for lemon cake she ' +
    'wrote the names of the guests at my mother’s wedding. Beside the soup she noted the winter when the whole family ' +
    'had the flu. When we finally copied the notebook for every grandchild, we realised that it was not only a cookbook ' +
    'but also a diary of the moments that mattered to her, told through the meals she prepared for the people she loved.',
  'The first time I tried to plant a vegetable garden, almost everything failed. The tomatoes caught a disease, ' +
    'slugs ate the lettuce, and the carrots stayed as thin as pencils. Instead of giving up, I asked an elderly ' +
    'neighbour for advice. She showed me how to enrich the soil with compost, when to water, and which flowers keep ' +
    'pests away. The next summer the garden produced more than my family could eat, so we shared baskets of beans and ' +
    'courgettes with the whole street. Gardening turned out to be less about plants and more about patience, ' +
    'observation and help from the people around you.',
];

/** The fixture text carrying a marker: a paragraph of plain English (about 110 words) opened by the marker. */
export function markedText(marker: MarkerName): string {
  const index = Object.keys(MARKERS).indexOf(marker);
  const essay = ESSAYS[index % ESSAYS.length] ?? '';
  return `${MARKERS[marker]} wrote this piece. ${essay}`;
}

const SUBJECTS = [
  'the teacher',
  'my neighbour',
  'a young farmer',
  'the old doctor',
  'our team',
  'the children',
  'a quiet student',
  'the new manager',
  'my cousin',
  'the driver',
  'a local artist',
  'the baker',
];
const VERBS = [
  'carried',
  'painted',
  'cleaned',
  'visited',
  'repaired',
  'described',
  'followed',
  'planted',
  'opened',
  'measured',
  'shared',
  'explained',
];
const OBJECTS = [
  'the red door',
  'a heavy table',
  'the garden wall',
  'a long letter',
  'the small boat',
  'an empty room',
  'the kitchen window',
  'a wooden bridge',
  'the village road',
  'a bright lamp',
  'the school bus',
  'an old map',
];
const ENDINGS = [
  'before the rain started',
  'after a long morning',
  'with great care',
  'during the summer holiday',
  'while everyone watched',
  'on a cold evening',
  'without saying a word',
  'for the whole family',
  'near the river',
  'at the end of the week',
  'in the early afternoon',
  'with a few friends',
];

/**
 * A text of plain English no other call has sent (the same text from the same caller within 10 seconds is
 * refused, and a text in progress too): `sentences` sentences picked from the serial number.
 */
export function freshText(serial: number, sentences = 8): string {
  const parts: string[] = [];
  let n = serial * 7919 + 17;
  for (let index = 0; index < sentences; index += 1) {
    n = (n * 1103515245 + 12345) % 2147483648;
    const pick = <T>(list: readonly T[], shift: number): T => list[Math.floor(n / 2 ** shift) % list.length] as T;
    const sentence = `${pick(SUBJECTS, 3)} ${pick(VERBS, 7)} ${pick(OBJECTS, 11)} ${pick(ENDINGS, 15)}`;
    parts.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
  }
  return `${parts.join(' ')} Entry number ${String(serial)}.`;
}
