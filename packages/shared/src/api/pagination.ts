/** A page of a list answer (section 3, Pagination): its items and where it stands among all of them. */
export function pageAnswer<T>(items: T[], totalItems: number, query: { page: number; limit: number }) {
  return {
    items,
    totalItems,
    pageCount: Math.ceil(totalItems / query.limit),
    itemCount: items.length,
    pageNumber: query.page,
    itemsLimit: query.limit,
  };
}
