/**
 * What a contract's record says about its terms, and why it is in its health: pure
 * functions shared by the contract page, the customer page and the renewals view
 * (browser-safe: no zod, no server module).
 */
import { formatDate, formatEndDate, humanize } from "../format";

const DAY_MS = 86_400_000;

/**
 * Renewals counted apart (the home page's figure, the renewals list's mark): the
 * terms in force of the coverage contract end within this many days.
 */
export const RENEWAL_WINDOW_DAYS = 30;

/** The contract fields the terms and the health reason are read from. */
export interface ContractTermsFacts {
  contractHealth: string;
  lifecycleStatus?: string;
  startAt: string | null;
  endAt: string | null;
  cancelsAt?: string | null;
  autoRenew: boolean;
  renewalNoticeDays: number | null;
  futureAmendment: { startAt: string } | null;
}

/**
 * The exclusive end of the terms in force: where the next agreed terms begin, or
 * without any, the contract's end (the end of its latest agreed terms, which are then
 * the ones in force). The API gives no end for the terms in force themselves
 * (docs/readings.md, Contracts: terms in force).
 */
export function termsInForceEnd(contract: Pick<ContractTermsFacts, "endAt" | "futureAmendment">) {
  return contract.futureAmendment?.startAt ?? contract.endAt;
}

/** The first day of the renewal notice period before an exclusive end, or null without one. */
export function noticePeriodStart(exclusiveEndIso: string, noticeDays: number | null) {
  if (!noticeDays || noticeDays <= 0) return null;
  const end = Date.parse(exclusiveEndIso);
  if (Number.isNaN(end)) return null;
  return new Date(end - noticeDays * DAY_MS).toISOString();
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * Why a contract is in its health, in a sentence a manager reads: for "Renewal due"
 * the date its terms in force end and its notice period; for "Ending" that end and
 * that it has no notice period; the dates behind the other states. `todayMs` says
 * whether a cancellation or an end is past. Unknown states are named as they are.
 */
export function healthReason(contract: ContractTermsFacts, todayMs: number): string {
  const termsEnd = termsInForceEnd(contract);
  const lastDay = formatEndDate(termsEnd);
  switch (contract.contractHealth) {
    case "RENEWAL_DUE": {
      const notice = contract.renewalNoticeDays ?? 0;
      const from = termsEnd ? noticePeriodStart(termsEnd, notice) : null;
      return (
        `Its terms in force end on ${lastDay} (the last day they cover), and its renewal ` +
        `notice period of ${plural(notice, "day")} began on ${formatDate(from)}. It does not renew automatically, and no ` +
        "later contract of the customer is agreed."
      );
    }
    case "ENDING":
      return (
        `Its terms in force end on ${lastDay} (the last day they cover), within 30 days. It has no renewal notice ` +
        "period and does not renew automatically."
      );
    case "HEALTHY":
      return `Running: its terms in force run to ${lastDay} (the last day they cover)${
        contract.autoRenew ? ", then it renews automatically" : ""
      }${contract.futureAmendment ? ", when its next agreed terms start" : ""}.`;
    case "UPCOMING":
      return `Agreed, not started: it starts on ${formatDate(
        contract.futureAmendment?.startAt ?? contract.startAt,
      )}.`;
    case "NO_ACTIVE_CONTRACT": {
      const cancels = contract.cancelsAt ? Date.parse(contract.cancelsAt) : Number.NaN;
      if (!Number.isNaN(cancels) && cancels <= todayMs)
        return `Cancelled as agreed, from ${formatDate(contract.cancelsAt)}.`;
      if (contract.lifecycleStatus === "CANCELLED") return "Cancelled.";
      return `Ended: its last day covered was ${formatEndDate(contract.endAt)}.`;
    }
    case "DRAFT_ONLY":
      return "Its terms are still being written: nothing is agreed yet.";
    case "NO_CONTRACTS":
      return "No contract that is not deleted.";
    default:
      return `${humanize(contract.contractHealth)}: a state the API sends that this dashboard does not describe.`;
  }
}

/**
 * Why a customer is in its health: that of its coverage contract (`coverage`, its
 * record), or, without one (`null`), the reason for the health alone.
 */
export function customerHealthReason(
  health: string,
  coverage: (ContractTermsFacts & { name: string }) | null,
  todayMs: number,
): string {
  if (coverage === null)
    return healthReason(
      {
        contractHealth: health,
        startAt: null,
        endAt: null,
        autoRenew: false,
        renewalNoticeDays: null,
        futureAmendment: null,
      },
      todayMs,
    );
  return `Its health is that of its coverage contract, ${coverage.name}. ${healthReason(coverage, todayMs)}`;
}
