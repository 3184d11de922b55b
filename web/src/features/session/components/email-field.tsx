/** The email input of the session forms, with its label. */
export function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
