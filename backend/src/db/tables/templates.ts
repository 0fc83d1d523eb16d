/** The template gallery (002 §3 Template), the same for everyone. */
export interface TemplatesTable {
  id: string;
  subject: string;
  /** Path of the thumbnail image the app serves, e.g. /images/templates/tpl-01.svg. */
  thumbnail: string;
  /** HTML of the message body, with {{First name}}-style merge tags. */
  preview: string;
  /** Gallery position, 1 first (the API's `order`). */
  sort_order: number;
}

/** The Gmail draft a user made from a template: remembered per user and template (002 §4). */
export interface TemplateDraftsTable {
  user_id: string;
  template_id: string;
  message_id: string;
  created_at: number;
}

export interface TemplateTables {
  templates: TemplatesTable;
  template_drafts: TemplateDraftsTable;
}
