import { useState } from 'react';
import type { FocalPoint } from '#contract/device-crop.ts';
import { notify } from '../../../lib/toast.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { FocalPointPicker } from './focal-point-picker.tsx';
import { ItemFields, itemFieldsBody, type ItemFieldValues } from './item-fields.tsx';

export interface EditedItem {
  itemId: string;
  name: string;
  price: number;
  freeDownload: boolean;
  tags: string[];
  focalPoint: FocalPoint;
}

/**
 * An item's name, price, free flag, tags and focal point, saved in one change (which bumps its
 * version: the store shows it at once). For a review draft and for any item of the catalogue.
 */
export function ItemEditor({
  item,
  picture,
  idPrefix,
  saveLabel,
  savedMessage,
  onSaved,
  onCancel,
}: {
  item: EditedItem;
  /** The picture the focal point is set on, when there is one. */
  picture?: { src: string; alt: string } | undefined;
  idPrefix: string;
  saveLabel: string;
  savedMessage: string;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const [focalPoint, setFocalPoint] = useState(item.focalPoint);
  const [fields, setFields] = useState<ItemFieldValues>({
    name: item.name,
    price: String(item.price),
    freeDownload: item.freeDownload,
    tags: item.tags.join(', '),
  });
  const updateItem = useUpdateItem();
  const { pending: saving, error, submitWith } = useFormSubmit('The changes could not be saved.');
  const save = submitWith(
    async () => {
      await updateItem(item.itemId, { ...itemFieldsBody(fields), focalPoint });
      notify.success(savedMessage);
      onSaved();
    },
    () => {
      const price = Number(fields.price);
      if (!fields.name.trim()) return 'Give the wallpaper a name.';
      if (fields.price.trim() === '' || !Number.isFinite(price) || price < 0 || price > 1000)
        return 'The price is a number of dollars from 0 to 1000, such as 2.80.';
      if (!fields.tags.trim()) return 'Give it at least one tag, such as its theme.';
    },
  );

  return (
    <form className="form item-editor" onSubmit={save}>
      {picture && (
        <div className="form__field">
          <p className="focal-picker__label">Focal point: phone files are cut around it. Drag it to what matters.</p>
          <FocalPointPicker src={picture.src} alt={picture.alt} value={focalPoint} onChange={setFocalPoint} />
        </div>
      )}
      <ItemFields idPrefix={idPrefix} values={fields} onChange={setFields} />
      <p className="form__error" role="alert">
        {error}
      </p>
      <div className="item-editor__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
