/** Texts shared by every list's controls (search, paging). */
export const listTexts = {
  search: "Search",
  pagination: "Pages",
  previous: "Previous",
  next: "Next",
  page: (page: number) => `Page ${page}`,
  noResults: "No results found",
  nothingToSee: "Nothing to see here...",
} as const;
