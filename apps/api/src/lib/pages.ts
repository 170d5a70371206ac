/** A page of rows that each carry the total (count(*) OVER ()), numbered from the page's first row. */
export function numberedPage<R extends { total: number | string }, T>(
  rows: R[],
  page: number,
  pageSize: number,
  item: (row: R, number: number) => T,
) {
  const offset = (page - 1) * pageSize;
  return {
    items: rows.map((r, i) => item(r, offset + i + 1)),
    page,
    pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}

/** A student of a school's list with the titular who collects now, as the lists answer it. */
export const studentWithTitular = (r: {
  id: number;
  rude: string;
  student: string;
  carnet: string | null;
  titular: string | null;
}) => ({
  inscriptionId: Number(r.id),
  rude: r.rude,
  student: r.student,
  titularCarnet: r.carnet,
  titular: r.titular,
});
