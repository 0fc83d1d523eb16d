import type { MemberStatus, Role, SeatType, UserPlan } from "../../domain/enums";
import type { MemberRow } from "../../store/members";
import { timestamp } from "./timestamps";

/** A members-list item: the Member raw source record of 002 §3, plus the member's status. */
export interface MemberView {
  workspaceId: string;
  userId: string;
  userEmail: string;
  userName: string;
  userRole: Role;
  userPlan: UserPlan;
  seatType: SeatType | null;
  status: MemberStatus;
  createTimestamp: string;
  lastUpdateTimestamp: string;
  lastBecomePaidTimestamp: string | null;
  isPersonal: boolean;
  freeTrialEndTimestamp: string | null;
  /** Moves to the FREE user plan at the next renewal (002 §3). */
  isScheduledToBeDowngraded: boolean;
  /** Of one of the space's domains (always, for a space without domains). */
  isUserInDomain: boolean;
  /** Marked on the legacy users page: dropped when the legacy licence is replaced (001 §3 Checkout user). */
  toBeRemoved: boolean;
}

export function memberView(row: MemberRow, spaceDomains: readonly string[]): MemberView {
  return {
    workspaceId: row.workspaceId,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    userRole: row.userRole,
    userPlan: row.userPlan,
    seatType: row.seatType,
    status: row.status,
    createTimestamp: timestamp(row.createTimestamp),
    lastUpdateTimestamp: timestamp(row.lastUpdateTimestamp),
    lastBecomePaidTimestamp: timestamp(row.lastBecomePaidTimestamp),
    isPersonal: row.isPersonal === 1,
    freeTrialEndTimestamp: timestamp(row.freeTrialEndTimestamp),
    isScheduledToBeDowngraded: row.scheduledDowngrade === 1,
    isUserInDomain: spaceDomains.length === 0 || spaceDomains.includes(row.domainName),
    toBeRemoved: row.toBeRemoved === 1,
  };
}
