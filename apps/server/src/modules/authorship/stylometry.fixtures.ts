/*
 * Small texts written for the authorship tests, each "author" with a marked style: Ann writes long, comma-heavy
 * sentences full of "however", "moreover" and semicolons; Bob writes short, plain sentences with "so" and "but" and
 * exclamation marks; Cy writes questions and dashes with "perhaps" and "rather". Spanish: Ana, Beto, Ceci alike.
 */
export const TOPICS = [
  'the river',
  'the library',
  'the old mill',
  'the harbour',
  'the school garden',
  'the night train',
];

export function ann(topic: string, seed: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 14; i++) {
    parts.push(
      `However, when one considers ${topic} in the light of its long history, one notices, moreover, that its ` +
        `character has changed in ways that were, therefore, hardly foreseen; indeed, the people who knew it in ` +
        `year ${String(1900 + seed * 7 + i)} would, however reluctantly, admit that it had become something ` +
        `rather different, although its essential nature, thus, remained whole.`,
    );
  }
  return parts.join(' ');
}

export function bob(topic: string, seed: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 30; i++) {
    parts.push(
      `I went to ${topic} again. It was cold! So I ran. But the door was shut. We got in at ${String(seed + i)}. ` +
        `It was fun!`,
    );
  }
  return parts.join(' ');
}

export function cy(topic: string, seed: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 20; i++) {
    parts.push(
      `Is ${topic} what we think it is — or perhaps something else? Perhaps not. Would anyone rather stay ` +
        `there — in room ${String(seed + i)} — than leave? Who can say? Rather few, perhaps.`,
    );
  }
  return parts.join(' ');
}

export const es = {
  ana: (topic: string, seed: number) =>
    Array.from(
      { length: 14 },
      (_, i) =>
        `Sin embargo, cuando se considera ${topic} a la luz de su larga historia, se advierte además que su ` +
        `carácter ha cambiado de maneras que, por lo tanto, apenas se previeron; de hecho, quienes lo conocían en ` +
        `el año ${String(1900 + seed * 7 + i)} admitirían, aunque con reticencia, que se había convertido en algo ` +
        `bastante distinto, aunque su naturaleza esencial, así, seguía intacta.`,
    ).join(' '),
  beto: (topic: string, seed: number) =>
    Array.from(
      { length: 30 },
      (_, i) =>
        `Fui a ${topic} otra vez. ¡Hacía frío! Así que corrí. Pero la puerta estaba cerrada. Entramos a las ${String(seed + i)}. ¡Fue divertido!`,
    ).join(' '),
  ceci: (topic: string, seed: number) =>
    Array.from(
      { length: 20 },
      (_, i) =>
        `¿Es ${topic} lo que creemos — o quizá otra cosa? Quizá no. ¿Alguien preferiría quedarse allí — en la sala ` +
        `${String(seed + i)} — antes que irse? ¿Quién sabe? Pocos, quizá.`,
    ).join(' '),
};
