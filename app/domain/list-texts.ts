/** Texts shared by every list's controls (search, paging). */
export const listTexts = {
  search: "Search",
  pagination: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page: number) => `Page ${page}`,
  noResults: "No results found",
  nothingToSee: "Nothing to see here...",
  /** Written for this app (the spec has none): a page number past the list's last page. */
  pastEnd: {
    title: "This page is empty",
    text: (page: number) => `The list has no page ${page}. `,
    firstPage: "Go to the first page",
    after: ".",
  },
  /** Written for this app (the spec has none): a CSV export whose search the backend refuses. */
  exportRefused: "This search cannot be exported. Change the search and try again.",
} as const;
