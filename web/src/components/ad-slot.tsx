import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../lib/use-public-config.ts';

type Slot = 'home-top' | 'home-bottom' | 'download' | 'help';

/** The store's own promotion, shown where no ad network is configured. */
export interface HousePromotion {
  title: string;
  text: string;
  to: string;
  cta: string;
}

const HOUSE_ADS: Record<Slot, HousePromotion> = {
  'home-top': {
    title: 'Wallpapers in your pocket',
    text: 'The PaletteWall app brings the whole store and every new design to your phone.',
    to: '/apps',
    cta: 'Get the app',
  },
  'home-bottom': {
    title: 'Skyline, minimal, calm',
    text: 'Clean minimalistic wallpapers that keep your icons readable.',
    to: '/city',
    cta: 'Browse minimalistic',
  },
  download: {
    title: 'More wallpapers',
    text: 'The newest designs, one at a time.',
    to: '/item/0',
    cta: 'See the newest',
  },
  help: {
    title: 'Anime skies',
    text: 'Cherry blossoms, starry nights and golden-hour clouds.',
    to: '/painting',
    cta: 'Browse anime',
  },
};

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

function NetworkAd({ clientId, slot }: { clientId: string; slot: Slot }) {
  const ref = useRef<HTMLModElement>(null);
  useEffect(() => {
    if (!document.querySelector('script[data-ad-loader]')) {
      const script = document.createElement('script');
      script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`;
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.dataset.adLoader = 'true';
      document.head.append(script);
    }
    (window.adsbygoogle ??= []).push({});
  }, [clientId]);
  return (
    <ins
      ref={ref}
      className="adsbygoogle ad-slot__unit"
      data-ad-client={clientId}
      data-ad-format="auto"
      data-full-width-responsive="true"
      data-slot-name={slot}
    />
  );
}

/**
 * An advertising slot. With an ad client configured it holds a network unit; otherwise the
 * store's own promotion (the slot's, or `house` where the page knows a better one), so the
 * layout never shows an empty box and nothing calls third parties.
 */
export function AdSlot({ slot, house = HOUSE_ADS[slot] }: { slot: Slot; house?: HousePromotion }) {
  const { adClientId } = usePublicConfig();
  return (
    <aside className="ad-slot" aria-label="Advertisement">
      {adClientId ? (
        <NetworkAd clientId={adClientId} slot={slot} />
      ) : (
        <div className="ad-slot__house">
          <div>
            <p className="ad-slot__title">{house.title}</p>
            <p className="ad-slot__text">{house.text}</p>
          </div>
          <Link className="button button--light" to={house.to}>
            {house.cta}
          </Link>
        </div>
      )}
    </aside>
  );
}
