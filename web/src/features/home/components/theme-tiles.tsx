import { Link } from 'react-router';
import { THEMES } from '#contract/constants.ts';

export function ThemeTiles() {
  return (
    <ul className="theme-tiles" aria-label="Themes">
      {THEMES.map((theme) => (
        <li key={theme.tag}>
          <Link to={theme.path} className="theme-tile">
            <img src={`/art/${theme.art}-800.webp`} alt="" width={800} height={256} loading="lazy" decoding="async" />
            <span>{theme.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
