import type { BackendDb } from "../connection";
import { PERSONAS } from "./personas";

/**
 * The template gallery: twelve templates, tpl-01 to tpl-12 with order 1 to 12,
 * inserted in a shuffled order so that only the order column sorts them. Each
 * thumbnail is an SVG the app serves from public/images/templates/.
 */

interface SeedTemplate {
  id: string;
  subject: string;
  /** The message body's blocks (paragraphs unless they are a list); {{…}} merge tags are filled from the sheet. */
  body: string[];
}

const TEMPLATES: SeedTemplate[] = [
  {
    id: "tpl-01",
    subject: "Event invitation",
    body: [
      "Hi {{First name}},",
      "We would love to see you at <strong>{{Event name}}</strong> on {{Date}} at {{Venue}}.",
      'Please <a href="https://example.com/rsvp">let us know</a> if you can make it.',
    ],
  },
  {
    id: "tpl-02",
    subject: "Product launch",
    body: [
      "Hello {{First name}},",
      "Today we are launching <strong>{{Product}}</strong>, built for teams like {{Company}}.",
      "Reply to this e-mail to book a 15-minute demo.",
    ],
  },
  {
    id: "tpl-03",
    subject: "Monthly newsletter",
    body: [
      "Hi {{First name}},",
      "Here is what happened this month:",
      "<ul><li>{{Highlight 1}}</li><li>{{Highlight 2}}</li></ul>",
      "See you next month!",
    ],
  },
  {
    id: "tpl-04",
    subject: "Welcome aboard",
    body: [
      "Welcome, {{First name}}!",
      "Your account at {{Company}} is ready. Your first step: {{Next step}}.",
      "Questions? Just reply, we read every message.",
    ],
  },
  {
    id: "tpl-05",
    subject: "Webinar invitation",
    body: [
      "Hi {{First name}},",
      "Join our live webinar <em>{{Webinar title}}</em> on {{Date}} at {{Time}}.",
      '<a href="https://example.com/register">Save your seat</a>',
    ],
  },
  {
    id: "tpl-06",
    subject: "Customer feedback survey",
    body: [
      "Hi {{First name}},",
      "How likely are you to recommend {{Product}} to a colleague?",
      "It takes one click, and it helps us a lot.",
    ],
  },
  {
    id: "tpl-07",
    subject: "Holiday greetings",
    body: [
      "Dear {{First name}},",
      "Thank you for a wonderful year together. The whole team at {{Company}} wishes you happy holidays!",
    ],
  },
  {
    id: "tpl-08",
    subject: "Special offer",
    body: [
      "Hi {{First name}},",
      "For a limited time, enjoy <strong>{{Discount}} off</strong> with the code {{Code}}.",
      "The offer ends on {{End date}}.",
    ],
  },
  {
    id: "tpl-09",
    subject: "Meeting follow-up",
    body: [
      "Hi {{First name}},",
      "Thanks for your time on {{Date}}. As promised, here are the next steps: {{Next steps}}.",
      "Talk soon,",
    ],
  },
  {
    id: "tpl-10",
    subject: "Thank you for your purchase",
    body: [
      "Hi {{First name}},",
      "Thank you for ordering {{Product}}. Your order number is {{Order number}}.",
      "We will let you know as soon as it ships.",
    ],
  },
  {
    id: "tpl-11",
    subject: "Job application update",
    body: [
      "Dear {{First name}},",
      "Thank you for applying for the {{Position}} role. We would like to invite you to an interview on {{Date}}.",
    ],
  },
  {
    id: "tpl-12",
    subject: "Renewal reminder",
    body: [
      "Hi {{First name}},",
      "Your {{Plan}} subscription renews on {{Renewal date}}. No action is needed to keep it running.",
    ],
  },
];

/** The insertion order: a fixed shuffle, so a list that is right is sorted by order, not by insertion. */
const INSERTION_ORDER = [7, 2, 11, 0, 9, 4, 1, 10, 5, 3, 8, 6];

/** owner@acme.test already made a draft from "Monthly newsletter": its card shows "Open". */
export const SEED_DRAFTS = [{ persona: "owner", templateId: "tpl-03", messageId: "r-7781463028914402817" }] as const;

export async function seedTemplates(db: BackendDb, now: number): Promise<void> {
  await db
    .insertInto("templates")
    .values(
      INSERTION_ORDER.map((index) => {
        const template = TEMPLATES[index];
        return {
          id: template.id,
          subject: template.subject,
          thumbnail: `/images/templates/${template.id}.svg`,
          preview: template.body.map((block) => (block.startsWith("<ul>") ? block : `<p>${block}</p>`)).join(""),
          sort_order: index + 1,
        };
      }),
    )
    .execute();
  await db
    .insertInto("template_drafts")
    .values(
      SEED_DRAFTS.map((draft) => ({
        user_id: PERSONAS[draft.persona].id,
        template_id: draft.templateId,
        message_id: draft.messageId,
        created_at: now - 3 * 86_400_000,
      })),
    )
    .execute();
}
