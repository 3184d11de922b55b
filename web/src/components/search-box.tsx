import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from './ui/icons.tsx';

/**
 * A plain GET form to /search, so it works before the page's script has run (the server
 * renders these pages); once it has, the router moves without a reload. The field is left
 * uncontrolled so that what was typed before then is kept.
 */
export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={submit}>
      <label htmlFor="search-q" className="visually-hidden">
        Search wallpapers
      </label>
      <Icon name="search" />
      <input
        id="search-q"
        type="search"
        name="q"
        defaultValue={initial}
        maxLength={100}
        placeholder="Search: neon, sakura, mountains…"
        autoFocus={autoFocus}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
