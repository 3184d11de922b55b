import { useId, useState } from 'react';
import { PHONE_SCREENS, SCREEN_SIDE } from '#contract/devices.ts';
import { listedScreen, sizeOf, usePhoneScreen } from '../lib/phone-screen.ts';

const OTHER = 'other';
const label = (models: readonly string[], screen: { width: number; height: number }) =>
  `${models.length > 3 ? `${models.slice(0, 3).join(', ')}…` : models.join(', ')} (${screen.width}×${screen.height})`;

/** Chooses the phone that files are made for: detected where the browser tells it, remembered here. */
export function PhonePicker() {
  const { screen, detected, choose } = usePhoneScreen();
  const id = useId();
  const listed = screen && listedScreen(screen);
  const [other, setOther] = useState(!!screen && !listed);
  const [width, setWidth] = useState(screen && !listed ? String(screen.width) : '');
  const [height, setHeight] = useState(screen && !listed ? String(screen.height) : '');
  const valid = [width, height].every(
    (side) => Number.isInteger(Number(side)) && Number(side) >= SCREEN_SIDE.min && Number(side) <= SCREEN_SIDE.max,
  );

  return (
    <div className="phone-picker">
      {/* '(detected)' is drawn from data-detected, which the entry sets before the app runs (decision 034). */}
      <label htmlFor={`${id}-screen`} className="phone-picker__label" data-detected={detected || undefined}>
        Your phone
      </label>
      <select
        id={`${id}-screen`}
        className="phone-picker__select"
        value={other ? OTHER : screen ? sizeOf(screen) : ''}
        onChange={(event) => {
          const value = event.target.value;
          setOther(value === OTHER);
          const picked = PHONE_SCREENS.find((candidate) => sizeOf(candidate) === value);
          if (picked) choose({ width: picked.width, height: picked.height });
        }}
      >
        {!screen && !other && <option value="">Choose your phone</option>}
        {PHONE_SCREENS.map((candidate) => (
          <option key={candidate.id} value={sizeOf(candidate)}>
            {label(candidate.models, candidate)}
          </option>
        ))}
        <option value={OTHER}>Other size…</option>
      </select>
      {other && (
        <form
          className="phone-picker__other"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) choose({ width: Number(width), height: Number(height) });
          }}
        >
          {(
            [
              ['Width', width, setWidth],
              ['Height', height, setHeight],
            ] as const
          ).map(([label, side, setSide]) => (
            <label key={label}>
              {label}
              <input
                type="number"
                inputMode="numeric"
                min={SCREEN_SIDE.min}
                max={SCREEN_SIDE.max}
                value={side}
                onChange={(event) => setSide(event.target.value)}
              />
            </label>
          ))}
          <button type="submit" className="button button--ghost" disabled={!valid}>
            Use this size
          </button>
        </form>
      )}
    </div>
  );
}
