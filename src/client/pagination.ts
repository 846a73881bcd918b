export interface Page<T> {
  items: T[];
  /** When the server does not say, paging goes on while pages come back full. */
  totalPages?: number;
}

export interface PagingOptions {
  pageSize: number;
  /** Stop after this many items, without fetching further pages. */
  maxItems?: number;
}

/**
 * Items of a paginated endpoint, fetched one page at a time (pages start at 1) as the caller iterates.
 * Stops at `totalPages`, on an empty page (a server whose totalPages is wrong cannot loop us forever), or
 * at `maxItems`.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<Page<T>>,
  options: PagingOptions,
): AsyncGenerator<T, void, undefined> {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  let yielded = 0;
  for (let page = 1; yielded < maxItems; page++) {
    const { items, totalPages } = await fetchPage(page);
    for (const item of items) {
      if (yielded >= maxItems) return;
      yield item;
      yielded++;
    }
    const lastPage = totalPages !== undefined ? page >= totalPages : items.length < options.pageSize;
    if (items.length === 0 || lastPage) return;
  }
}

/** All items of an async iterable, in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
