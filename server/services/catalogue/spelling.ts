/**
 * 'Did you mean': a search word the catalogue does not know, put right from the words it does
 * (names and tags of wallpapers spelled like it). Pure: the words to choose from are given.
 */

/** Edits between two words (insert, delete, substitute, swap two neighbours), stopping past `most`. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > most) return most + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/** How far a word may be from the one meant: one slip in a short word, two in a longer one. */
const allowedEdits = (word: string) => (word.length <= 4 ? 1 : 2);

/**
 * The known word closest to `word`, or undefined when none is close enough. Ties go to the word
 * that shares its first letter, then to the one met first (the caller lists the likeliest first).
 */
export function closestWord(word: string, known: readonly string[]): string | undefined {
  let best: { word: string; score: number } | undefined;
  for (const candidate of known) {
    if (candidate === word) return word;
    const edits = editDistance(word, candidate, allowedEdits(word));
    if (edits > allowedEdits(word)) continue;
    const score = edits * 2 + (candidate[0] === word[0] ? 0 : 1);
    if (!best || score < best.score) best = { word: candidate, score };
  }
  return best?.word;
}

/** The words of a text as search reads them: letters and digits, lower case. */
export const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
