import { useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { Size } from '#contract/device-crop.ts';
import type { Item } from '#contract/item.ts';
import { lockScreenDate, lockScreenTime, originalSize, previewGeometry } from '../../../lib/phone-preview-model.ts';
import { LiveClip } from '../../../components/catalogue/live-clip.tsx';
import { useItemFileUrl } from '../../../lib/use-public-config.ts';

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

/**
 * The wallpaper on a phone's screen, cut exactly as its device file will be (decision 028),
 * under the lock screen's date and clock or, toggled, a home screen's icons. Drawn over the
 * item's own images. What the visitor's phone and clock change is in attributes (the frame's
 * style, data-text, aria-pressed), which the entry sets before the app runs (decision 034):
 * both screens are drawn, and the pressed toggle says which one shows.
 */
export function PhonePreview({ item, screen }: { item: Item; screen: Size }) {
  const [view, setView] = useState<'lock' | 'home'>('lock');
  const now = useNow();
  const fileUrl = useItemFileUrl();
  const original = originalSize(item.sizeOptions);
  const geometry = previewGeometry(original, screen, item.focalPoint);
  if (!geometry) return null;
  const picture: CSSProperties = geometry.picture;
  const largest = item.thumbnails.at(-1)?.file ?? item.thumbnail;
  const live = item.photoType === 'live' && item.preview.endsWith('.mp4');

  return (
    <figure
      className="phone-preview"
      aria-label={`${item.name} on a ${screen.width}×${screen.height} screen`}
      data-original={`${original.width}x${original.height}`}
      data-focal={`${item.focalPoint.x} ${item.focalPoint.y}`}
    >
      <div className="phone-preview__frame" style={{ aspectRatio: geometry.aspectRatio }}>
        {live ? (
          <LiveClip item={item} className="phone-preview__picture" style={picture} />
        ) : (
          <img className="phone-preview__picture" style={picture} src={fileUrl(item.itemId, largest)} alt="" />
        )}
        <div className="phone-preview__lock" data-testid="lock-screen">
          <span className="phone-preview__date" data-clock="date" data-text={now ? lockScreenDate(now) : ''} />
          <span className="phone-preview__clock" data-clock="time" data-text={now ? lockScreenTime(now) : ''} />
        </div>
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
      </div>
      <figcaption className="phone-preview__caption">
        <span className="phone-preview__toggle" role="group" aria-label="Preview">
          <button type="button" data-view="lock" aria-pressed={view === 'lock'} onClick={() => setView('lock')}>
            Lock screen
          </button>
          <button type="button" data-view="home" aria-pressed={view === 'home'} onClick={() => setView('home')}>
            Home screen
          </button>
        </span>
        <span className="phone-preview__hint" hidden={!geometry.underClock}>
          On this phone the clock covers the subject.
        </span>
      </figcaption>
    </figure>
  );
}
