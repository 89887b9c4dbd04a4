import { speller } from './engine.ts';
const s = await speller('es');
for (const w of [
  'corrio',
  'tambien',
  'despues',
  'analisis',
  'dificil',
  'jovenes',
  'examenes',
  'nesesario',
  'exepción',
  'aprovar',
  'rapido',
  'poblacion',
  'cancion',
  'leccion',
  'arbol',
  'musica',
  'exito',
  'reunion',
  'sosiedad',
  'hecharon',
  'vocavulario',
  'istoria',
]) {
  const t = performance.now();
  const r = s.suggest(w);
  console.log(w, Math.round(performance.now() - t), r.slice(0, 4).join(','));
}
