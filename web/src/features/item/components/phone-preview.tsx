import { useState, useSyncExternalStore, type CSSProperties } from 'react';
import { deviceCrop, type Size } from '../../../../../contract/device-crop.ts';
import type { Item } from '../../../../../contract/item.ts';
import { useItemFileUrl } from '../../../lib/use-public-config.ts';

/** The lock screen's clock covers this band of the screen's height (top, bottom), on iPhones and Androids alike. */
const CLOCK_BAND = { top: 0.1, bottom: 0.32 } as const;
const HOME_ICONS = 20;
const DOCK_ICONS = 4;

const subscribeToMinutes = (onChange: () => void) => {
  const timer = setInterval(onChange, 15_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / 60_000);

/** The visitor's local date and time to the minute, once the browser runs (a page rendered on the server has no clock). */
function useNow(): Date | undefined {
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute, () => null);
  return minute === null ? undefined : new Date(minute * 60_000);
}

/** The time as a lock screen shows it: hours and minutes in the visitor's locale, without AM or PM. */
const lockScreenTime = (now: Date) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
    .formatToParts(now)
    .filter((part) => part.type === 'hour' || part.type === 'minute' || (part.type === 'literal' && part.value.trim()))
    .map((part) => part.value)
    .join('');

const originalOf = (item: Item): Size => {
  const [width, height] = (item.sizeOptions[0] ?? '1440x2560').split('x').map(Number) as [number, number];
  return { width, height };
};

/**
 * The wallpaper on a phone's screen, cut exactly as its device file will be (decision 028),
 * under the lock screen's date and clock or, toggled, a home screen's icons. Drawn over the
 * item's own images: nothing is rendered on the server for it.
 */
export function PhonePreview({ item, screen }: { item: Item; screen: Size }) {
  const [view, setView] = useState<'lock' | 'home'>('lock');
  const now = useNow();
  const fileUrl = useItemFileUrl();
  const original = originalOf(item);
  const crop = deviceCrop(original, screen, item.focalPoint);
  // Beyond the upscale limit there is no device file, but the preview still shows the same shape.
  const region = crop.fits
    ? crop
    : deviceCrop(original, { width: screen.width / crop.scale, height: screen.height / crop.scale }, item.focalPoint);
  if (!region.fits) return null;
  const picture: CSSProperties = {
    width: `${(original.width / region.width) * 100}%`,
    left: `${(-region.left / region.width) * 100}%`,
    top: `${(-region.top / region.height) * 100}%`,
  };
  const focalY = (item.focalPoint.y * original.height - region.top) / region.height;
  const underClock = view === 'lock' && focalY > CLOCK_BAND.top && focalY < CLOCK_BAND.bottom;
  const largest = item.thumbnails.at(-1)?.file ?? item.thumbnail;
  const live = item.photoType === 'live' && item.preview.endsWith('.mp4');

  return (
    <figure className="phone-preview" aria-label={`${item.name} on a ${screen.width}×${screen.height} screen`}>
      <div className="phone-preview__frame" style={{ aspectRatio: `${screen.width} / ${screen.height}` }}>
        {live ? (
          <video
            className="phone-preview__picture"
            style={picture}
            src={fileUrl(item.itemId, item.preview)}
            poster={item.poster ? fileUrl(item.itemId, item.poster) : undefined}
            autoPlay
            muted
            loop
            playsInline
            aria-hidden="true"
          />
        ) : (
          <img className="phone-preview__picture" style={picture} src={fileUrl(item.itemId, largest)} alt="" />
        )}
        {view === 'lock' ? (
          <div className="phone-preview__lock" data-testid="lock-screen">
            <span className="phone-preview__date">
              {now?.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}
            </span>
            <span className="phone-preview__clock">{now && lockScreenTime(now)}</span>
          </div>
        ) : (
          <div className="phone-preview__home" data-testid="home-screen">
            <div className="phone-preview__icons">
              {Array.from({ length: HOME_ICONS }, (_, i) => (
                <span key={i} className="phone-preview__icon" />
              ))}
            </div>
            <div className="phone-preview__dock">
              {Array.from({ length: DOCK_ICONS }, (_, i) => (
                <span key={i} className="phone-preview__icon" />
              ))}
            </div>
          </div>
        )}
      </div>
      <figcaption className="phone-preview__caption">
        <span className="phone-preview__toggle" role="group" aria-label="Preview">
          <button type="button" aria-pressed={view === 'lock'} onClick={() => setView('lock')}>
            Lock screen
          </button>
          <button type="button" aria-pressed={view === 'home'} onClick={() => setView('home')}>
            Home screen
          </button>
        </span>
        {underClock && <span className="phone-preview__hint">On this phone the clock covers the subject.</span>}
      </figcaption>
    </figure>
  );
}
