/** The rows of a raw `execute`: both drivers answer `{ rows }`, which Drizzle's shared type leaves unknown. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
