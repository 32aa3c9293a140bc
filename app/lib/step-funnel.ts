import type { StepId } from "../../popup/steps";

/** A variant's counted figures over a period (popup_variant_days), what its step funnel is made of. */
export type StepCounts = {
  impressions: number;
  subscribers: number;
  openerContinues: number;
  extraFieldsContinues: number;
};

/**
 * One step of a popup's funnel: the visitors who saw it, those who went on, and the rest (`dropOff`, with
 * its share of the views). The success step is the end: it has views only.
 */
export type StepStats = {
  step: StepId;
  views: number;
  continues: number | null;
  dropOff: number | null;
  dropOffRate: number | null;
};

/**
 * The funnel of a variant's steps in order (`stepSequence`, docs/decisions/186), over a period or one day.
 * Each step's views are the previous step's continues: the opener's views are the impressions, its
 * continues the visitors who said yes (sent with the impression); the email step goes on by subscribing;
 * the extra fields by being sent.
 */
export function stepFunnel(sequence: StepId[], counts: StepCounts): StepStats[] {
  const continuesOf: Record<StepId, number | null> = {
    opener: counts.openerContinues,
    email: counts.subscribers,
    extraFields: counts.extraFieldsContinues,
    success: null,
  };
  let views = counts.impressions;
  return sequence.map((step) => {
    const seen = views;
    const continues = continuesOf[step];
    if (continues !== null) views = continues;
    const dropOff = continues === null ? null : Math.max(0, seen - continues);
    return {
      step,
      views: seen,
      continues,
      dropOff,
      dropOffRate: dropOff === null ? null : seen > 0 ? dropOff / seen : 0,
    };
  });
}
