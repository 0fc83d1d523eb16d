import type { RecipientType } from "../../domain/enums";
import { insertRecipients, type NewRecipient } from "../../store/recipients";
import type { BackendDb } from "../connection";
import type { RecipientTable } from "../tables/recipients";
import { PERSONAS, SPACES, type PersonaKey, type SpaceKey } from "./personas";
import { randomInt, seededRandom, type Random } from "./random";

const DAY_MS = 86_400_000;

/**
 * Unsubscriptions and bounces (002 §3). Acme Sales has none at all: the empty
 * state of both pages. Counts, per space, as seen by the persona named:
 *
 * | space | list | WORKSPACE | USER (whose) |
 * |---|---|---|---|
 * | Acme Marketing | unsubscriptions | 26 | owner 14, admin 4, member 2, ben.baker 2 |
 * | Acme Marketing | bounces | 20 | owner 10, admin 3, member 1 |
 * | Sam's space | unsubscriptions | 0 | solo 5 |
 * | Sam's space | bounces | 0 | solo 3 |
 * | Bigco | unsubscriptions | 8 | premium 2 |
 * | Bigco | bounces | 5 | 0 |
 * | Oldco Team | unsubscriptions | 6 | 0 |
 * | Oldco Team | bounces | 3 | 0 |
 *
 * So owner@acme.test sees 40 unsubscriptions and 30 bounces in Acme Marketing.
 */
interface RecipientGroup {
  table: RecipientTable;
  space: SpaceKey;
  type: RecipientType;
  /** USER entries belong to this persona; WORKSPACE ones were added by it. */
  owner: PersonaKey;
  count: number;
}

const GROUPS: RecipientGroup[] = [
  { table: "unsubscriptions", space: "acmeMarketing", type: "WORKSPACE", owner: "owner", count: 12 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "WORKSPACE", owner: "admin", count: 8 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "WORKSPACE", owner: "carlaDiaz", count: 6 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "USER", owner: "owner", count: 14 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "USER", owner: "admin", count: 4 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "USER", owner: "member", count: 2 },
  { table: "unsubscriptions", space: "acmeMarketing", type: "USER", owner: "benBaker", count: 2 },
  { table: "bounces", space: "acmeMarketing", type: "WORKSPACE", owner: "owner", count: 11 },
  { table: "bounces", space: "acmeMarketing", type: "WORKSPACE", owner: "graceHall", count: 9 },
  { table: "bounces", space: "acmeMarketing", type: "USER", owner: "owner", count: 10 },
  { table: "bounces", space: "acmeMarketing", type: "USER", owner: "admin", count: 3 },
  { table: "bounces", space: "acmeMarketing", type: "USER", owner: "member", count: 1 },
  { table: "unsubscriptions", space: "samsSpace", type: "USER", owner: "solo", count: 5 },
  { table: "bounces", space: "samsSpace", type: "USER", owner: "solo", count: 3 },
  { table: "unsubscriptions", space: "bigco", type: "WORKSPACE", owner: "premium", count: 8 },
  { table: "unsubscriptions", space: "bigco", type: "USER", owner: "premium", count: 2 },
  { table: "bounces", space: "bigco", type: "WORKSPACE", owner: "noahNguyen", count: 5 },
  { table: "unsubscriptions", space: "oldcoTeam", type: "WORKSPACE", owner: "legacy", count: 6 },
  { table: "bounces", space: "oldcoTeam", type: "WORKSPACE", owner: "petePark", count: 3 },
];

const FIRST_NAMES = [
  "amelia",
  "noah",
  "olivia",
  "liam",
  "emma",
  "lucas",
  "mia",
  "ethan",
  "sofia",
  "mateo",
  "chloe",
  "leo",
  "zoe",
  "hugo",
  "nina",
  "oscar",
  "lena",
  "felix",
  "clara",
  "jonas",
  "ines",
  "marco",
  "ruth",
  "sven",
];
const LAST_NAMES = [
  "anders",
  "bianchi",
  "costa",
  "dubois",
  "eriksen",
  "fischer",
  "garcia",
  "hansen",
  "ito",
  "jansen",
  "kowalski",
  "larsen",
  "moreau",
  "novak",
  "okafor",
  "peters",
  "quinn",
  "rossi",
  "schmidt",
  "tanaka",
];
const DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com", "northwind.test", "contoso.test"];

/** A plausible, unique address (the seed never repeats one within a space). */
function address(random: Random, taken: Set<string>): string {
  for (;;) {
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
    const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)];
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)];
    const style = Math.floor(random() * 3);
    const local =
      style === 0
        ? `${first}.${last}`
        : style === 1
          ? `${first[0]}${last}`
          : `${first}_${last}${randomInt(random, 1, 99)}`;
    const email = `${local}@${domain}`;
    if (!taken.has(email)) {
      taken.add(email);
      return email;
    }
  }
}

export async function seedRecipients(db: BackendDb, now: number): Promise<void> {
  const takenBySpaceAndTable = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const random = seededRandom(`recipients:${group.table}:${group.space}:${group.type}:${group.owner}`);
    const takenKey = `${group.table}:${group.space}`;
    const taken = takenBySpaceAndTable.get(takenKey) ?? new Set<string>();
    takenBySpaceAndTable.set(takenKey, taken);
    const rows: NewRecipient[] = Array.from({ length: group.count }, () => {
      // Spread over the last 14 months; a few were touched again later.
      const created = now - randomInt(random, 1, 425) * DAY_MS - randomInt(random, 0, DAY_MS - 1);
      const updated = random() < 0.2 ? Math.min(now, created + randomInt(random, 1, 30) * DAY_MS) : created;
      return {
        workspace_id: SPACES[group.space].id,
        owner_user_id: PERSONAS[group.owner].id,
        email: address(random, taken),
        type: group.type,
        create_timestamp: created,
        last_update_timestamp: updated,
      };
    });
    await insertRecipients(db, group.table, rows);
  }
}
