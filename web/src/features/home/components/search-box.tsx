import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icons.tsx';

export function SearchBox({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const [q, setQ] = useState(initial);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label htmlFor="search-q" className="visually-hidden">
        Search wallpapers
      </label>
      <Icon name="search" />
      <input
        id="search-q"
        type="search"
        name="q"
        value={q}
        maxLength={100}
        placeholder="Search: neon, sakura, mountains…"
        autoFocus={autoFocus}
        onChange={(event) => setQ(event.target.value)}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
