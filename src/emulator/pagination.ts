/** Page slicing shared by every paginated list. A page past the end is empty and keeps totalPages. */

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  totalPages: number;
}

export function paginate<T>(all: readonly T[], page: number, perPage: number): Page<T> {
  const start = (page - 1) * perPage;
  return {
    items: all.slice(start, start + perPage),
    page,
    perPage,
    totalPages: Math.ceil(all.length / perPage),
  };
}

/** The `pageInfo` object of the active triggers and logs responses. */
export function pageInfo(result: Page<unknown>): {
  currentPage: number;
  perPage: number;
  totalPages: number;
} {
  return { currentPage: result.page, perPage: result.perPage, totalPages: result.totalPages };
}
