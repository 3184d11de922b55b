import { useState, type FormEvent } from 'react';
import { DEFAULT_DIMENSIONS } from '../../../lib/ui-constants.ts';
import { DEFAULT_PRICE } from '#contract/constants.ts';
import type { UploadKind, UploadResult } from '#contract/admin.ts';
import { createItem, uploadItemFile } from '../api/create-item.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { timestampId } from '#contract/ids.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { ItemFields, itemFieldsBody, type ItemFieldValues } from './item-fields.tsx';
import { FocalPointPicker } from './focal-point-picker.tsx';
import type { FocalPoint } from '#contract/device-crop.ts';
import { useItem } from '../../../lib/catalogue-api.ts';
import { useItemFileUrl } from '../../../lib/use-public-config.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { notify } from '../../../lib/toast.ts';
import { AdminNav } from './admin-nav.tsx';

type Progress = Partial<Record<UploadKind, number>>;

/** The new item's focal point, found on its thumbnail: the uploader checks it and moves it if need be. */
function UploadedFocalPoint({ itemId }: { itemId: string }) {
  const { data: item } = useItem(itemId);
  const fileUrl = useItemFileUrl();
  const [focalPoint, setFocalPoint] = useState<FocalPoint>();
  const updateItem = useUpdateItem();
  const { pending, error, submitWith } = useFormSubmit('The focal point could not be saved.');
  const save = submitWith(async () => {
    await updateItem(itemId, { focalPoint });
    notify.success('Focal point saved');
  });
  if (!item) return null;
  return (
    <form className="form upload-focal" onSubmit={save}>
      <p className="focal-picker__label">Focal point: phone files are cut around it. Drag it to what matters.</p>
      <FocalPointPicker
        src={fileUrl(item.itemId, item.thumbnail)}
        alt={item.name}
        value={focalPoint ?? item.focalPoint}
        onChange={setFocalPoint}
      />
      <p className="form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={pending || !focalPoint}>
        Save focal point
      </button>
    </form>
  );
}

const PROGRESS_LABELS: Record<UploadKind, string> = {
  image: 'Download image',
  video: 'Download video',
  thumbnail: 'Thumbnail',
};

/** The original store's checks, each adding its own line; the upload starts only when there are none. */
function validate(form: {
  type: string;
  thumbnail?: File | undefined;
  image?: File | undefined;
  video?: File | undefined;
  itemId: string;
  fields: ItemFieldValues;
  dimensions: string;
}): string[] {
  const lines = [];
  const { name, price, tags } = itemFieldsBody(form.fields);
  if (!form.thumbnail) lines.push('thumbnailImage is invalid!');
  if (!form.image) lines.push('downloadImage is invalid!');
  if (form.type === 'live' && !form.video) lines.push('downloadVideo is invalid!');
  if (!form.itemId.trim()) lines.push('itemId is invalid!');
  if (!name) lines.push('name is invalid!');
  if (!form.fields.price.trim() || !Number.isFinite(price) || price < 0) lines.push('price is invalid!');
  if (tags.length === 0) lines.push('tags is invalid!');
  if (!form.dimensions.trim()) lines.push('dimensions is invalid!');
  return lines;
}

function UploadForm() {
  usePageMeta('Upload');
  const [type, setType] = useState<'static' | 'live'>('static');
  const [thumbnail, setThumbnail] = useState<File | undefined>();
  const [image, setImage] = useState<File | undefined>();
  const [video, setVideo] = useState<File | undefined>();
  const [dimensions, setDimensions] = useState(DEFAULT_DIMENSIONS);
  const [itemId, setItemId] = useState(() => timestampId());
  const [fields, setFields] = useState<ItemFieldValues>({
    name: '',
    price: String(DEFAULT_PRICE),
    freeDownload: false,
    tags: '',
  });
  const [status, setStatus] = useState<string[]>([]);
  const [progress, setProgress] = useState<Progress>({});
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState(false);
  const [thumbnailInput, setThumbnailInput] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate({ type, thumbnail, image, video, itemId, fields, dimensions });
    setStatus(problems);
    if (problems.length) return;
    setBusy(true);
    setProgress({});
    const say = (line: string) => setStatus((lines) => [...lines, line]);
    const send = (kind: UploadKind, file: File) =>
      uploadItemFile(itemId.trim(), kind, file, (fraction) =>
        setProgress((current) => ({ ...current, [kind]: fraction })),
      );
    try {
      say('upload Download image...');
      const imageUpload = await send('image', image!);
      let videoUpload: UploadResult | undefined;
      if (type === 'live') {
        say('upload Download video...');
        videoUpload = await send('video', video!);
      }
      say('upload thumbnail...');
      const thumbnailUpload = await send('thumbnail', thumbnail!);
      say('saveToDb...');
      const saved = await createItem({
        itemId: itemId.trim(),
        ...itemFieldsBody(fields),
        photoType: type,
        dimensions: dimensions.trim(),
        thumbnailKey: thumbnailUpload.key,
        imageKey: imageUpload.key,
        ...(videoUpload && { videoKey: videoUpload.key }),
      });
      say(`Done ${JSON.stringify(saved)}`);
      setSuccess(true);
    } catch (error) {
      say(`Error ${error instanceof Error ? error.message : String(error)}`);
      setThumbnail(undefined);
      setThumbnailInput((n) => n + 1);
      setSuccess(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section admin-form">
      <AdminNav />
      <h1 className="page-title">Upload</h1>
      <form onSubmit={submit} className="form" noValidate>
        <label htmlFor="upload-type">Type</label>
        <select id="upload-type" value={type} onChange={(e) => setType(e.target.value as 'static' | 'live')}>
          <option value="static">static</option>
          <option value="live">live</option>
        </select>
        <label htmlFor="upload-thumbnail">Thumbnail</label>
        <input
          key={thumbnailInput}
          id="upload-thumbnail"
          type="file"
          accept="image/*"
          onChange={(e) => setThumbnail(e.target.files?.[0])}
        />
        <label htmlFor="upload-image">Download Image</label>
        <input id="upload-image" type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0])} />
        <label htmlFor="upload-dimensions">Dimensions</label>
        <input id="upload-dimensions" value={dimensions} onChange={(e) => setDimensions(e.target.value)} />
        {type === 'live' && (
          <>
            <label htmlFor="upload-video">Download Video</label>
            <input
              id="upload-video"
              type="file"
              accept="video/mp4,video/quicktime,video/webm"
              onChange={(e) => setVideo(e.target.files?.[0])}
            />
          </>
        )}
        <label htmlFor="upload-item-id">itemId</label>
        <input id="upload-item-id" value={itemId} onChange={(e) => setItemId(e.target.value)} />
        <ItemFields idPrefix="upload" values={fields} onChange={setFields} wording="original" />

        {(Object.keys(progress) as UploadKind[]).map((kind) => (
          <div key={kind} className="upload-progress">
            <label htmlFor={`progress-${kind}`}>{PROGRESS_LABELS[kind]}</label>
            <progress id={`progress-${kind}`} max={1} value={progress[kind]} />
          </div>
        ))}
        <button type="submit" className="button button--wide" disabled={busy || success}>
          Upload
        </button>
        {success && (
          <button type="button" className="button button--ghost button--wide" onClick={() => location.reload()}>
            Add Another Item
          </button>
        )}
      </form>
      <pre className="upload-status" role="status" data-testid="upload-status">
        {status.join('\n')}
      </pre>
      {success && <UploadedFocalPoint itemId={itemId.trim()} />}
    </section>
  );
}

export const UploadPage = () => (
  <AdminOnly>
    <UploadForm />
  </AdminOnly>
);
