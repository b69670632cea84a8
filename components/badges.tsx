import { humanize } from "@/lib/format";
import { PAYMENT_STATE_LABELS, type PaymentState } from "@/lib/invoice-state";

const TONES = {
  gray: "bg-surface-muted text-fg-muted ring-line",
  blue: "bg-accent-soft text-accent ring-line-strong",
  green: "bg-success-soft text-success ring-success-line",
  amber: "bg-warning-soft text-warning ring-warning-line",
  red: "bg-danger-soft text-danger ring-danger-line",
  violet: "bg-info-soft text-info ring-info-line",
} as const;

type Tone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Unknown values from the real service show as-is, in gray. */
function toneOf(map: Record<string, Tone>, value: string): Tone {
  return map[value] ?? "gray";
}

const INVOICE_STATUS_TONES: Record<string, Tone> = {
  DRAFT: "gray",
  APPROVED: "blue",
  ISSUING: "violet",
  ISSUED: "green",
  VOIDED: "red",
};

export function InvoiceStatusBadge({ status }: { status: string }) {
  return <Badge tone={toneOf(INVOICE_STATUS_TONES, status)}>{humanize(status)}</Badge>;
}

const PAYMENT_STATE_TONES: Record<PaymentState, Tone> = {
  paid: "green",
  "partly-paid": "amber",
  unpaid: "red",
  "pending-card": "violet",
  "nothing-owed": "gray",
  "not-issued": "gray",
};

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return <Badge tone={PAYMENT_STATE_TONES[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}

const HEALTH_TONES: Record<string, Tone> = {
  RENEWAL_DUE: "red",
  ENDING: "amber",
  HEALTHY: "green",
  UPCOMING: "blue",
  NO_ACTIVE_CONTRACT: "gray",
  DRAFT_ONLY: "violet",
  NO_CONTRACTS: "gray",
};

export function HealthBadge({ health }: { health: string }) {
  return <Badge tone={toneOf(HEALTH_TONES, health)}>{humanize(health)}</Badge>;
}

const LIFECYCLE_TONES: Record<string, Tone> = {
  DRAFT: "violet",
  ACTIVE: "green",
  EXPIRED: "gray",
  CANCELLED: "amber",
  DELETED: "red",
};

export function LifecycleBadge({ status }: { status: string }) {
  return <Badge tone={toneOf(LIFECYCLE_TONES, status)}>{humanize(status)}</Badge>;
}
