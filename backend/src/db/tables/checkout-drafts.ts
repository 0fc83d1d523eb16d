/** A person's checkout answers for one space, as typed: a JSON object of strings. */
export interface CheckoutDraftsTable {
  user_id: string;
  workspace_id: string;
  draft: string;
  updated_at: number;
}

export interface CheckoutDraftTables {
  checkout_drafts: CheckoutDraftsTable;
}
