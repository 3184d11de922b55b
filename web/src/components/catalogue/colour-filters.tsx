import { Link, useSearchParams } from 'react-router';
import { SWATCHES } from '#contract/colour.ts';

/** The colour filters of the address (`?color=2f63c0&dark=true`), as the list endpoints take them. */
export function useColourFilters() {
  const [params] = useSearchParams();
  const color = /^[0-9a-f]{6}$/.exec(params.get('color') ?? '')?.[0];
  const dark = params.get('dark') === 'true';
  const swatch = SWATCHES.find((candidate) => candidate.hex === `#${color}`);
  const query = new URLSearchParams({ ...(color && { color }), ...(dark && { dark: 'true' }) }).toString();
  /** What the filters ask for, in words: 'blue', 'OLED dark', 'blue OLED dark'. */
  const words = [swatch?.name ?? (color && `#${color}`), dark && 'OLED dark'].filter(Boolean).join(' ');
  return { color, dark, query, words };
}

/**
 * The swatch row of the theme and search pages: each colour and 'OLED dark' is a link that turns
 * its filter on or off, so the filters work before the page's script has loaded and survive a reload.
 */
export function ColourFilters() {
  const [params] = useSearchParams();
  const { color, dark } = useColourFilters();
  const toggled = (name: 'color' | 'dark', value: string, on: boolean) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (on) next.set(name, value);
    else next.delete(name);
    return { search: next.toString() };
  };
  return (
    <nav className="colour-filters" aria-label="Filter by colour">
      <ul>
        {SWATCHES.map((swatch) => {
          const chosen = color === swatch.hex.slice(1);
          return (
            <li key={swatch.name}>
              <Link
                className="colour-filters__swatch"
                to={toggled('color', swatch.hex.slice(1), !chosen)}
                replace
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
                title={chosen ? `Show every colour` : `Only ${swatch.name}`}
                style={{ background: swatch.hex }}
              >
                <span className="visually-hidden">{swatch.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        className="colour-filters__dark"
        to={toggled('dark', 'true', !dark)}
        replace
        preventScrollReset
        aria-current={dark ? 'true' : undefined}
        title="Mostly near-black: kind to an OLED screen's battery"
      >
        OLED dark
      </Link>
    </nav>
  );
}
