const inUsEnglish = new Intl.NumberFormat('en-US');

/**
 * How many of something there are, as the store writes it: '1 wallpaper', '333,300 wallpapers'.
 * `atLeast`: the count stopped there and there may be more ('1,000+ wallpapers').
 */
export function countText(count: number, noun: string, options: { atLeast?: boolean } = {}): string {
  const number = `${inUsEnglish.format(count)}${options.atLeast ? '+' : ''}`;
  return `${number} ${count === 1 && !options.atLeast ? noun : `${noun}s`}`;
}
