import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_REVERT_MS } from '../../lib/ui-constants.ts';
import { buildItem } from '#contract/testing/build-item.ts';
import { PublicConfigContext } from '../../lib/use-public-config.ts';
import { ItemPreview } from './item-preview.tsx';

const liveItem = buildItem({
  itemId: '20261120_0900_0a1b2c3d',
  name: 'Harbor Lights',
  thumbnail: 'thumb-720.webp',
  preview: 'clip.mp4',
  poster: 'poster.webp',
  photoType: 'live',
  tags: ['city'],
  thumbnails: [{ width: 720, height: 1280, file: 'thumb-720.webp' }],
});

const clip = () => document.querySelector('video');
const inRouter = (children: ReactNode) => render(<MemoryRouter>{children}</MemoryRouter>);

describe('a card picture', () => {
  it("links to the wallpaper's own page", () => {
    inRouter(<ItemPreview item={liveItem} sizes="300px" eager={false} />);
    const link = document.querySelector('a.item-preview__link');
    expect(link?.getAttribute('href')).toBe(`/wallpapers/${liveItem.itemId}/harbor-lights`);
    expect(link?.contains(screen.getByRole('img', { name: 'Harbor Lights wallpaper', hidden: true }))).toBe(true);
  });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("plays a live item's clip, muted, and brings the still back after 2900 ms, ignoring clicks meanwhile", () => {
    inRouter(<ItemPreview item={liveItem} sizes="300px" eager={false} />);
    const picture = screen.getByRole('button', { name: 'Preview Harbor Lights' });
    expect(clip()).toBeNull();

    fireEvent.click(picture);
    expect(clip()?.getAttribute('src')).toBe(`/images/items/${liveItem.itemId}/clip.mp4`);
    expect(clip()?.muted).toBe(true);
    expect(picture.getAttribute('aria-pressed')).toBe('true');

    // A second click does not restart the clock: the still returns 2900 ms after the first.
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(picture);
    act(() => vi.advanceTimersByTime(PREVIEW_REVERT_MS - 2001));
    expect(clip()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(clip()).toBeNull();
    expect(picture.getAttribute('aria-pressed')).toBe('false');
  });

  it('offers no preview control for an item without a preview', () => {
    inRouter(<ItemPreview item={{ ...liveItem, photoType: 'static', preview: '' }} sizes="300px" eager={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads the still and the clip from PUBLIC_ASSET_URL when the store names one', () => {
    const config = {
      storeName: 'PaletteWall',
      contactEmail: '',
      appStoreUrl: '',
      payment: { provider: 'test' as const },
    };
    inRouter(
      <PublicConfigContext value={{ ...config, assetBase: 'https://cdn.example.com' }}>
        <ItemPreview item={liveItem} sizes="300px" eager={false} />
      </PublicConfigContext>,
    );
    const still = screen.getByRole('img', { name: 'Harbor Lights wallpaper', hidden: true });
    expect(still.getAttribute('src')).toBe(`https://cdn.example.com/items/${liveItem.itemId}/thumb-720.webp`);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Harbor Lights' }));
    expect(clip()?.getAttribute('src')).toBe(`https://cdn.example.com/items/${liveItem.itemId}/clip.mp4`);
  });
});
