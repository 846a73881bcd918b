/** Markdown tables: what every benchmark prints, and stores (as data) in the JSON results. */

export type Cell = string | number | boolean | null;

export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Printed under the table: what was measured and how. */
  notes?: string[];
}

export function renderTable(table: Table): string {
  const lines = [`### ${table.title}`, "", row(table.columns), row(table.columns.map(() => "---"))];
  for (const cells of table.rows) lines.push(row(cells.map(formatCell)));
  if (table.notes?.length) lines.push("", ...table.notes.map((note) => `- ${note}`));
  return lines.join("\n");
}

function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`;
}

function formatCell(cell: Cell): string {
  if (cell === null) return "-";
  if (typeof cell === "boolean") return cell ? "pass" : "FAIL";
  if (typeof cell === "number") return Number.isNaN(cell) ? "-" : String(cell);
  return cell;
}
