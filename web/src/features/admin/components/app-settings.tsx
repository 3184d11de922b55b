import { useState, type FormEvent } from 'react';
import { ADS_LEVEL_MAX } from '#contract/constants.ts';
import { notify } from '../../../lib/toast.ts';
import { useAppSettings, useUpdateAdsLevel } from '../api/app-settings.ts';

const LEVELS = Array.from({ length: ADS_LEVEL_MAX + 1 }, (_, level) => level);

/** The Android app's settings the owner sets: how many ads it shows (it reads them at start). */
export function AppSettingsForm() {
  const { data, isError } = useAppSettings();
  const [chosen, setChosen] = useState<number>();
  const save = useUpdateAdsLevel();
  const level = chosen ?? data?.adsLevel;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (level === undefined) return;
    save.mutate(level, {
      onSuccess: (settings) => {
        setChosen(undefined);
        notify.success(`The app shows ads at level ${settings.adsLevel} from its next start`);
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <section className="app-settings" aria-labelledby="app-settings-title">
      <h2 id="app-settings-title">Android app</h2>
      {isError ? (
        <p role="alert">The app's settings could not be loaded.</p>
      ) : (
        <form onSubmit={submit}>
          <label>
            Ads level{' '}
            <select
              value={level ?? ''}
              disabled={level === undefined}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {LEVELS.map((value) => (
                <option key={value} value={value}>
                  {value === 0 ? '0 (no ads)' : value}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={save.isPending || chosen === undefined}>
            Save
          </button>
        </form>
      )}
    </section>
  );
}
