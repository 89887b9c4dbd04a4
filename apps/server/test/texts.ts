/**
 * Texts written for the tests of the plagiarism check (never taken from ../shared/data): a reference
 * article, a student essay that reuses one of its paragraphs with edits, and unrelated essays.
 */

/** The reference article: four paragraphs on lighthouses. */
export const LIGHTHOUSE_ARTICLE = [
  'Lighthouses have guided sailors along dangerous coasts for more than two thousand years. The Pharos of Alexandria, finished around 280 BC, rose above the harbour on a small island and burned an open fire at night, so that ships approaching the Egyptian coast could find the narrow entrance between the reefs.',
  'For most of their history lighthouses depended on the patience of their keepers. A keeper trimmed the wicks, polished the brass and glass, and climbed the tower stairs every few hours through the night to wind the clockwork that turned the lens. Families often lived at isolated stations for years, cut off from the mainland by winter storms that could last for weeks.',
  'The Fresnel lens, introduced in France in 1823, changed the lighthouse completely. By arranging rings of glass prisms around a single lamp, Augustin Fresnel bent light that would have escaped upwards or downwards into a narrow horizontal beam, and a flame that once reached a few miles could now be seen from more than twenty miles out at sea.',
  'Automation ended the era of the resident keeper during the twentieth century. Electric lamps, timers and later radio and satellite navigation made constant human attention unnecessary, and many towers were sold to local trusts that now open them to visitors as museums of maritime life.',
].join('\n\n');

/**
 * About 300 words: two paragraphs of its own and, in the middle, the keepers paragraph of the article
 * with edits (synonyms, a reordered clause).
 */
export const ESSAY_PARAGRAPH_EDITED =
  'For most of their history lighthouses relied on the patience of their keepers. A keeper trimmed the wicks, polished the brass and the glass, and climbed the tower stairs every few hours during the night to wind the clockwork that rotated the lens. Families frequently lived at remote stations for years, cut off from the mainland by winter storms that could last for weeks.';

export const ESSAY_WITH_REUSE = [
  'When our class visited the old signal tower on the northern cape last spring, I did not expect to spend the whole afternoon thinking about loneliness. The guide showed us a cramped kitchen, a narrow bed built into the wall and a logbook in which somebody had written the weather twice a day for nineteen years without missing a single entry.',
  ESSAY_PARAGRAPH_EDITED,
  'Reading that logbook, I started to wonder what kind of person chooses such a life. Some entries were only numbers, but others mentioned a child with a fever, a cow that escaped onto the rocks, or a ship that passed too close in the fog. The handwriting changed over the years as the keeper grew older, and the last pages were written by his daughter. Standing at the top of the tower with the wind pushing against the windows, I understood that the light was only half of the job; the other half was simply staying, night after night, so that strangers at sea would never have to think about the people who kept them safe. Our teacher asked us to write about a place that changed our minds, and for me it was that small room above the sea, where duty looked less like heroism and more like routine carried on with care.',
].join('\n\n');

/** An unrelated essay of about 290 words (reused by the second user's check). */
export const GARDEN_ESSAY = [
  'Community gardens have spread through our city over the last ten years, usually on land that nobody else wanted. The one behind the public library began as a car park full of broken glass; today it has forty raised beds, a tool shed painted by schoolchildren and a waiting list of families who would like a plot of their own.',
  'What makes such a garden work is not the soil but the rules that neighbours agree on. Each gardener waters on a fixed day, compost is shared, and anyone who leaves a bed untouched for a month receives a friendly note before the plot is offered to the next family. Disputes are settled at a monthly meeting where tea is served and the vegetables of the season are passed around the table.',
  'The benefits reach well beyond the harvest. Older residents teach younger ones how to save seeds, children learn where food comes from, and people who had lived on the same street for years without speaking now know each other by name. Researchers who studied gardens like ours found that members reported less stress and felt safer in their neighbourhood, even when crime figures did not change. Perhaps the most valuable crop is trust, which grows slowly but survives the winter.',
].join('\n\n');

/** A student's text that reuses the middle paragraph of GARDEN_ESSAY word for word. */
export const GARDEN_REUSE = [
  'Our school council wants to turn the empty corner of the playground into a vegetable garden, and I was asked to explain how it could be organised so that it does not fall apart after the first summer.',
  'What makes such a garden work is not the soil but the rules that neighbours agree on. Each gardener waters on a fixed day, compost is shared, and anyone who leaves a bed untouched for a month receives a friendly note before the plot is offered to the next family. Disputes are settled at a monthly meeting where tea is served and the vegetables of the season are passed around the table.',
  'In a school the neighbours would be classes instead of families, and the monthly meeting could take place during the assembly, but the principle stays the same: clear duties, shared tools and a fair way to hand over a bed that nobody looks after any more.',
].join('\n\n');

/** An original text that shares nothing with the others. */
export const ORIGINAL_ESSAY = [
  'Learning to play the cello as an adult is humbling in ways I did not foresee. Children accept that their first notes sound like a door creaking in the wind; grown-ups expect progress to follow effort in a straight line, and it rarely does.',
  'My teacher insists on slow scales at the start of every lesson. For weeks I found them pointless, until one evening I noticed that my left hand had stopped searching for the notes and simply landed on them. Nothing dramatic happened, yet the instrument suddenly felt less like an opponent and more like a partner with opinions of its own.',
].join('\n\n');
