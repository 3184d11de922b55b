import { useState } from 'react';
import { PHONE_LINK_MINUTES } from '#contract/constants.ts';
import type { PhoneLink } from '#contract/phone-links.ts';
import type { Item } from '#contract/item.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { sizeOf, type ChosenScreen } from '../../../lib/phone-screen.ts';
import { createPhoneLink } from '../api/create-phone-link.ts';

/** On a desktop: a QR code that opens this wallpaper's download page on the visitor's phone (decision 029). */
export function SendToPhone({ item, screen }: { item: Item; screen: ChosenScreen | undefined }) {
  const [link, setLink] = useState<PhoneLink>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const send = async () => {
    setPending(true);
    setError(undefined);
    try {
      setLink(await createPhoneLink({ itemId: item.itemId, ...(screen && { screen: sizeOf(screen) }) }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The link could not be made. Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="send-to-phone">
      <button type="button" className="button button--ghost" disabled={pending} onClick={() => void send()}>
        <Icon name="phone" /> {pending ? 'Making a link…' : 'Send to phone'}
      </button>
      {error && <p role="alert">{error}</p>}
      {link && (
        <div className="send-to-phone__code" role="dialog" aria-label="Send to phone">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`}
            alt={`QR code of ${link.url}`}
            width={180}
            height={180}
          />
          <p>
            Scan it with your phone&apos;s camera to download {item.name}
            {screen ? ` for your ${screen.width}×${screen.height} screen` : ''}. It works for {PHONE_LINK_MINUTES}{' '}
            minutes.
          </p>
          <p className="send-to-phone__url">{link.url}</p>
          {/^https?:\/\/(localhost|127\.|\[::1\])/.test(link.url) && (
            <p className="send-to-phone__note">
              This address opens on this computer only. To scan it with a phone, start the store with PUBLIC_URL set to
              this computer&apos;s address on your network (the store&apos;s log suggests it).
            </p>
          )}
          <button type="button" className="button button--small button--ghost" onClick={() => setLink(undefined)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}
