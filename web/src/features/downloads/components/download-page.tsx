import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AUTOPLAY_DOWNLOAD_DELAY_MS } from '../../../lib/ui-constants.ts';
import { MESSAGES } from '#contract/constants.ts';
import { itemPagePath } from '#contract/item-url.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { useStoreName } from '../../../lib/use-public-config.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdSlot } from '../../../components/ad-slot.tsx';
import { useItem } from '../../../lib/catalogue-api.ts';
import { useLibrary } from '../../../lib/purchases.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { downloadStateFor, type DownloadState } from '../../../lib/download-state.ts';
import { phoneFileLink, phoneFileName, usePhoneScreen } from '../../../lib/phone-screen.ts';
import { PhonePicker } from '../../../components/phone-picker.tsx';
import { usePhoneLink } from '../api/get-phone-link.ts';

function isDownloadState(value: unknown): value is DownloadState {
  const state = value as Partial<DownloadState> | null;
  return typeof state?.downloadLink === 'string' && state.downloadLink !== '' && typeof state.downloadName === 'string';
}

export function DownloadPage() {
  usePageMeta('Thanks for downloading');
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const storeName = useStoreName();
  const passed = isDownloadState(location.state) ? location.state : undefined;
  // Opened from a desktop's 'Send to phone' code: its file, for the screen chosen there.
  const [params] = useSearchParams();
  const phoneCode = params.get('phone');
  const sentToPhone = usePhoneLink(phoneCode);
  const sent = sentToPhone.data && {
    downloadLink: sentToPhone.data.downloadLink,
    downloadName: sentToPhone.data.downloadName,
  };
  // Opened from a code, the page's item is the code's (an unknown code names none).
  const { data: item, isPending, isError } = useItem(phoneCode ? sentToPhone.data?.itemId : id);
  const library = useLibrary();
  const ownedFile = library.data?.find((entry) => entry.itemId === id)?.downloads[0];
  const target =
    passed ??
    sent ??
    (ownedFile ? { downloadLink: ownedFile.link, downloadName: ownedFile.name } : item && downloadStateFor(item));
  // This phone's own screen (chosen here or detected) wins over the one chosen on the desktop;
  // without one, the desktop's becomes this phone's choice, so the picker and the button agree.
  const { screen, choose } = usePhoneScreen();
  const [sentWidth, sentHeight] = (sentToPhone.data?.screen ?? '').split('x').map(Number);
  useEffect(() => {
    if (!screen && sentWidth && sentHeight) choose({ width: sentWidth, height: sentHeight });
  }, [screen, sentWidth, sentHeight, choose]);
  const phoneFile =
    target && screen && id
      ? {
          downloadLink: phoneFileLink(id, target.downloadLink, screen),
          downloadName: phoneFileName(id, screen),
        }
      : undefined;
  const [status, setStatus] = useState<'idle' | 'downloading' | 'done' | 'failed'>('idle');
  const started = useRef(false);

  const start = async (file: DownloadState) => {
    setStatus('downloading');
    try {
      await downloadFile(file.downloadLink, file.downloadName);
      setStatus('done');
    } catch (error) {
      setStatus('failed');
      notify.error(error instanceof Error ? error.message : 'The download failed.');
    }
  };

  // With a link and a name passed in, the download starts by itself half a second after load.
  useEffect(() => {
    if (!passed || started.current) return;
    const timer = setTimeout(() => {
      started.current = true;
      void start(passed);
    }, AUTOPLAY_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [passed]);

  // Without a link to download, there is nothing to do here.
  const noLink = !passed && !phoneCode && !library.isLoading && (isError || (!isPending && !target));
  useEffect(() => {
    if (!noLink) return;
    notify.error(MESSAGES.errorLink);
    navigate('/', { replace: true });
  }, [noLink, navigate]);

  const extraFiles = (library.data?.find((entry) => entry.itemId === id)?.downloads ?? item?.downloadList ?? [])
    .slice(1)
    .filter((file) => file.link);
  if (sentToPhone.isError) {
    return (
      <section className="section download-page">
        <h1 className="page-title">This link does not work</h1>
        <p role="alert">{sentToPhone.error.message}</p>
        <Link className="button" to="/">
          Back to {storeName}
        </Link>
      </section>
    );
  }

  // Thanked only once something was downloaded: opened directly or from a code, nothing has been yet.
  const downloaded = passed !== undefined || status !== 'idle';
  return (
    <section className="section download-page">
      <h1 className="page-title">{downloaded ? 'Thanks For Downloading' : 'Your download'}</h1>
      {item && (
        <p className="download-page__name">
          <Link to={itemPagePath(item)}>{item.name}</Link>
        </p>
      )}
      <p className="download-page__status" role="status">
        {status === 'downloading' && 'Your download is starting…'}
        {status === 'done' && 'Saved. Check your downloads.'}
        {status === 'failed' && 'The download did not finish. Try again below.'}
      </p>
      <AdSlot
        slot="download"
        {...(item && {
          house: {
            title: 'More like this',
            text: `Wallpapers that share ${item.name}'s themes and colours.`,
            to: itemPagePath(item),
            cta: 'See similar wallpapers',
          },
        })}
      />
      {target && <PhonePicker />}
      <div className="download-page__actions">
        <button
          type="button"
          className="button"
          disabled={!target || status === 'downloading'}
          onClick={() => target && void start(target)}
        >
          <Icon name="download" /> {downloaded ? 'Download It Again' : 'Download'}
        </button>
        {phoneFile && screen && (
          <button
            type="button"
            className="button"
            disabled={status === 'downloading'}
            onClick={() => void start(phoneFile)}
          >
            <Icon name="download" /> For my phone ({screen.width}×{screen.height})
          </button>
        )}
        {extraFiles.map((file) => (
          <button
            key={file.link}
            type="button"
            className="button button--ghost"
            onClick={() => void start({ downloadLink: file.link, downloadName: file.name })}
          >
            <Icon name="play" /> Live video ({file.dimensions})
          </button>
        ))}
        <Link className="button button--ghost" to="/">
          Back to {storeName}
        </Link>
      </div>
    </section>
  );
}
