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

/**
 * The words of the fields: the upload form keeps the original store's (`freeDownload`,
 * false/true); the other admin pages say them plainly.
 */
const LABELS = {
  original: { name: 'name', price: 'price', free: 'freeDownload', no: 'false', yes: 'true', tags: 'tags' },
  plain: {
    name: 'Name',
    price: 'Price (USD)',
    free: 'Free download',
    no: 'No, it is sold',
    yes: 'Yes, anyone may download it',
    tags: 'Tags (comma-separated; the theme is one of them)',
  },
} as const;

export function ItemFields({
  idPrefix,
  values,
  onChange,
  wording = 'plain',
}: {
  idPrefix: string;
  values: ItemFieldValues;
  onChange: (values: ItemFieldValues) => void;
  wording?: keyof typeof LABELS;
}) {
  const set = (patch: Partial<ItemFieldValues>) => onChange({ ...values, ...patch });
  const label = LABELS[wording];
  return (
    <>
      <label htmlFor={`${idPrefix}-name`}>{label.name}</label>
      <input id={`${idPrefix}-name`} value={values.name} onChange={(e) => set({ name: e.target.value })} />
      <label htmlFor={`${idPrefix}-price`}>{label.price}</label>
      <input
        id={`${idPrefix}-price`}
        inputMode="decimal"
        value={values.price}
        onChange={(e) => set({ price: e.target.value })}
      />
      <label htmlFor={`${idPrefix}-free`}>{label.free}</label>
      <select
        id={`${idPrefix}-free`}
        value={String(values.freeDownload)}
        onChange={(e) => set({ freeDownload: e.target.value === 'true' })}
      >
        <option value="false">{label.no}</option>
        <option value="true">{label.yes}</option>
      </select>
      <label htmlFor={`${idPrefix}-tags`}>{label.tags}</label>
      <input
        id={`${idPrefix}-tags`}
        value={values.tags}
        placeholder="Landscape,Anime"
        onChange={(e) => set({ tags: e.target.value })}
      />
    </>
  );
}
