/** The fields an admin sets on an item, as typed: the upload form and the review draft share them. */
export interface ItemFieldValues {
  name: string;
  price: string;
  freeDownload: boolean;
  /** Comma-separated, as the original store's form takes them. */
  tags: string;
}

/** `Landscape, Anime,,` → `['Landscape', 'Anime']`; the server lower-cases and checks them. */
export const parseTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** What the item routes take from these fields. */
export const itemFieldsBody = (values: ItemFieldValues) => ({
  name: values.name.trim(),
  price: Number(values.price),
  freeDownload: values.freeDownload,
  tags: parseTags(values.tags),
});

export function ItemFields({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: ItemFieldValues;
  onChange: (values: ItemFieldValues) => void;
}) {
  const set = (patch: Partial<ItemFieldValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <label htmlFor={`${idPrefix}-name`}>name</label>
      <input id={`${idPrefix}-name`} value={values.name} onChange={(e) => set({ name: e.target.value })} />
      <label htmlFor={`${idPrefix}-price`}>price</label>
      <input
        id={`${idPrefix}-price`}
        inputMode="decimal"
        value={values.price}
        onChange={(e) => set({ price: e.target.value })}
      />
      <label htmlFor={`${idPrefix}-free`}>freeDownload</label>
      <select
        id={`${idPrefix}-free`}
        value={String(values.freeDownload)}
        onChange={(e) => set({ freeDownload: e.target.value === 'true' })}
      >
        <option value="false">false</option>
        <option value="true">true</option>
      </select>
      <label htmlFor={`${idPrefix}-tags`}>tags</label>
      <input
        id={`${idPrefix}-tags`}
        value={values.tags}
        placeholder="Landscape,Anime"
        onChange={(e) => set({ tags: e.target.value })}
      />
    </>
  );
}
