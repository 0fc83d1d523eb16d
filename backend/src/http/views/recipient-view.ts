import type { RecipientType } from "../../domain/enums";
import { timestamp } from "./timestamps";

/** An unsubscription or bounce as listed (002 §3). */
export interface RecipientView {
  emailAddress: string;
  createTimestamp: string;
  lastUpdateTimestamp: string;
  type: RecipientType;
}

export function recipientView(row: {
  email: string;
  type: RecipientType;
  create_timestamp: number;
  last_update_timestamp: number;
}): RecipientView {
  return {
    emailAddress: row.email,
    createTimestamp: timestamp(row.create_timestamp),
    lastUpdateTimestamp: timestamp(row.last_update_timestamp),
    type: row.type,
  };
}
