import type {
  Content,
  CustomTableLayout,
  TableCell,
  TableLayout,
  TDocumentDefinitions,
} from 'pdfmake/interfaces.js';

/**
 * The signature block always stays with what it signs (issue 12): a sworn table is laid out as its
 * body and a tail — its last rows, its totals and what follows them (the sworn text, the saldo, the
 * signature) — in one unbreakable block. When the tail does not fit under the body, it moves to the
 * next page whole, taking the last rows with it; it then repeats the column headings (see
 * `settleSignedTables`), so no page shows rows without their headings or a signature alone.
 */
export type SignedTable = {
  /** Fixed or '*' widths: 'auto' would size the body and the tail apart, and their columns drift. */
  widths: Array<string | number>;
  header: TableCell[][];
  rows: TableCell[][];
  /** Totals rows: always in the tail. */
  closing?: TableCell[][];
  layout?: string | TableLayout;
  fontSize?: number;
  /** What the table's signature block signs after it: sworn text, saldo line, signature. */
  after: Content[];
  /** Body rows that travel with the tail (default 3). */
  keepRows?: number;
};

const MAIN_END = 'signed-table-body-end-';
const TAIL_START = 'signed-table-tail-start-';
/** The tail table's headings, added only when the tail starts a page (pdfmake ignores the key). */
const TAIL_HEADER = 'signedTailHeader';
const TAIL_ID = 'signedTailId';
// pdfmake wants node ids unique in a document: every signed table numbers its own.
let sequence = 0;

/** Marks the first text leaf of a row with an id, so the layout tells on which page the row fell. */
function markRow(row: TableCell[], id: string): TableCell[] {
  const [first, ...rest] = row;
  const marked =
    typeof first === 'string' || typeof first === 'number'
      ? { text: String(first), id }
      : first && typeof first === 'object' && 'text' in first
        ? { ...first, id }
        : first;
  return [marked as TableCell, ...rest];
}

/**
 * pdfmake's 'lightHorizontalLines' for a tail laid under its body. The tail is a table of its own
 * without headings: the default drew no rule above its first row (a table's top edge) and a black
 * one under it (the rule meant for the headings), so the signed rows looked cut off from the list.
 * Once the tail moves to a new page with the headings (headerRows set), it draws as the default.
 */
const tailLines: CustomTableLayout = {
  hLineWidth: (i, node) => {
    const headed = (node.table.headerRows ?? 0) > 0;
    if (i === node.table.body.length || (i === 0 && headed)) return 0;
    return i === node.table.headerRows ? 2 : 1;
  },
  vLineWidth: () => 0,
  hLineColor: (i, node) => (i === 1 && (node.table.headerRows ?? 0) > 0 ? 'black' : '#aaa'),
  paddingLeft: (i) => (i === 0 ? 0 : 8),
  paddingRight: (i, node) => (i === (node.table.widths?.length ?? 0) - 1 ? 0 : 8),
};

/**
 * A custom layout (the reconciliation's compact rules) split the same way: the body's bottom edge and
 * the tail's top edge met as two outer rules, a heavy line above the signed rows. The body ends with
 * an inner rule and the tail, while it has no headings, draws none above.
 */
function splitLayouts(layout: CustomTableLayout): { body: TableLayout; tail: TableLayout } {
  const width = layout.hLineWidth;
  if (typeof width !== 'function') return { body: layout, tail: layout };
  return {
    body: {
      ...layout,
      hLineWidth: (i, node) => width(i === node.table.body.length ? 1 : i, node),
    },
    tail: {
      ...layout,
      hLineWidth: (i, node) => (i === 0 && !(node.table.headerRows ?? 0) ? 0 : width(i, node)),
    },
  };
}

export function signedTable(t: SignedTable): Content[] {
  const keep = Math.min(t.keepRows ?? 3, t.rows.length);
  const n = ++sequence;
  const bodyRows = t.rows.slice(0, t.rows.length - keep);
  const tailRows = [...t.rows.slice(t.rows.length - keep), ...(t.closing ?? [])];
  const common = {
    layout: t.layout ?? 'lightHorizontalLines',
    ...(t.fontSize ? { fontSize: t.fontSize } : {}),
  };
  const split =
    typeof common.layout === 'string'
      ? { body: common.layout, tail: common.layout === 'lightHorizontalLines' ? tailLines : common.layout }
      : splitLayouts(common.layout as CustomTableLayout);
  const content: Content[] = [];
  if (bodyRows.length > 0) {
    const last = bodyRows.length - 1;
    bodyRows[last] = markRow(bodyRows[last]!, MAIN_END + n);
    content.push({
      table: {
        headerRows: t.header.length,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: t.widths,
        body: [...t.header, ...bodyRows],
      },
      ...common,
      layout: split.body,
    } as Content);
  }
  // With no body above it, the tail is the whole table: its headings are always printed.
  const tail =
    bodyRows.length === 0
      ? { table: { widths: t.widths, body: [...t.header, ...tailRows] }, ...common }
      : {
          table: {
            widths: t.widths,
            body: tailRows.length ? [markRow(tailRows[0]!, TAIL_START + n), ...tailRows.slice(1)] : [],
          },
          ...common,
          layout: split.tail,
          [TAIL_HEADER]: t.header,
          [TAIL_ID]: n,
        };
  const tailContent = (tail.table.body.length ? [tail] : []) as Content[];
  content.push({ unbreakable: true, stack: [...tailContent, ...t.after] } as Content);
  return content;
}

type Node = Record<string, unknown>;

/** A copy of the definition's tree (functions kept by reference), taken before pdfmake decorates it. */
export function copyTree<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyTree) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Node = {};
    for (const [k, v] of Object.entries(value as Node)) out[k] = copyTree(v);
    return out as T;
  }
  return value;
}

function findTails(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) findTails(child, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const record = node as Node;
  if (TAIL_HEADER in record) found.push(record);
  for (const value of Object.values(record)) if (value && typeof value === 'object') findTails(value, found);
  return found;
}

const NUMBERED_ID = new RegExp(`^(${MAIN_END}|${TAIL_START})(\\d+)$`);

/**
 * Numbers the document's signed tables 1, 2… in the order they appear. `signedTable` numbers them
 * from a counter of the process (a definition is built before it is known which document it joins),
 * and pdfmake writes node ids into the file as named destinations: without this, the same document
 * rendered twice would differ in those names, and a declaration printed again would not give the
 * same bytes.
 */
function numberSignedTables(node: unknown, numbers = new Map<number, number>()): void {
  const numberOf = (n: number) => {
    if (!numbers.has(n)) numbers.set(n, numbers.size + 1);
    return numbers.get(n)!;
  };
  if (Array.isArray(node)) {
    for (const child of node) numberSignedTables(child, numbers);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Node;
  const id = typeof record.id === 'string' ? NUMBERED_ID.exec(record.id) : null;
  if (id) record.id = `${id[1]}${numberOf(Number(id[2]))}`;
  for (const [key, value] of Object.entries(record)) {
    if (key === TAIL_ID) record[key] = numberOf(value as number);
    else if (value && typeof value === 'object') numberSignedTables(value, numbers);
  }
}

/**
 * Lays the document out; when a signed table's tail was pushed to a new page, lays out again with that
 * tail's headings. `create` is pdfmake's createPdfKitDocument; the second layout happens only then.
 */
export function settleSignedTables<D>(
  doc: TDocumentDefinitions,
  create: (doc: TDocumentDefinitions) => D,
): D {
  if (findTails(doc.content).length === 0) return create(doc);
  numberSignedTables(doc.content);
  const fresh = copyTree(doc);
  const pages: Record<string, number> = {};
  const observed = create({
    ...doc,
    pageBreakBefore: (node) => {
      if (node.id?.startsWith(MAIN_END) || node.id?.startsWith(TAIL_START))
        pages[node.id] = node.pageNumbers[0] ?? 0;
      return false;
    },
  });
  const moved = findTails(fresh.content).filter((tail) => {
    const n = tail[TAIL_ID] as number;
    const bodyEnd = pages[MAIN_END + n];
    const tailStart = pages[TAIL_START + n];
    return bodyEnd !== undefined && tailStart !== undefined && tailStart !== bodyEnd;
  });
  if (moved.length === 0) return observed;
  for (const tail of moved) {
    const table = tail.table as { body: TableCell[][]; headerRows?: number };
    const header = tail[TAIL_HEADER] as TableCell[][];
    table.body = [...header, ...table.body];
    table.headerRows = header.length;
  }
  return create(fresh);
}
