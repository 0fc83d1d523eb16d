import type { MemberStatus, Role, WorkspacePlan } from "./enums";
import type { Restrictions } from "./restrictions";

/**
 * Ownership transfer (002 §6): offered unless the space restricts it
 * (TRANSFER_WORKSPACE), is on the Free or Legacy plan, or the owner lacks the
 * transferOwnerShip feature; only an active owner may transfer.
 */
export function transferRefusal(input: {
  workspacePlan: WorkspacePlan;
  restrictions: Restrictions;
  transferOwnerShip: boolean;
  callerRole: Role;
  callerStatus: MemberStatus;
}): string | null {
  if (input.callerRole !== "OWNER" || input.callerStatus !== "ACTIVE") return "not_owner";
  if (input.restrictions.TRANSFER_WORKSPACE) return "transfer_restricted";
  if (input.workspacePlan === "FREE" || input.workspacePlan === "LEGACY" || !input.transferOwnerShip)
    return "transfer_not_available";
  return null;
}

/** 002 §5: the new owner is an active member (not in a free trial) holding a YAMM seat, and not the owner. */
export function isTransferCandidate(member: { role: Role; status: MemberStatus; seatType: string | null }) {
  return member.role !== "OWNER" && member.status === "ACTIVE" && member.seatType === "ADDED_YAMM_USER";
}
