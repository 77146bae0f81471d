/**
 * A count with its noun, as a sentence says it: "1 post", "3 posts", "1 person", "2 people". English only: the
 * Korean texts need no plural.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
