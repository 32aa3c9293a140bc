import { SaveBar } from "@shopify/app-bridge-react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useEmbedded } from "./embedded";
import { LeaveGuard } from "./leave-guard";

/** What the save bar does for one part: save its edits (resolving once done or refused), or put them back. */
export type SaveActions = { save: () => unknown; discard: () => void };

type Part = { dirty: boolean; actions?: SaveActions };
type Report = (part: string, state: Part | null) => void;
const ReportContext = createContext<Report | null>(null);

/**
 * Marks the calling card or editor as holding unsaved edits while `dirty`. Every part of a screen reports
 * here, so a page with several forms (Settings) asks once before leaving when any of them is unsaved. A part
 * that is saved explicitly passes its `save` and `discard`: inside the Shopify admin the one contextual save
 * bar (App Bridge's) saves or discards every unsaved part; standalone, each form keeps its own Save button.
 */
export function useUnsavedChanges(dirty: boolean, actions?: SaveActions) {
  const report = useContext(ReportContext);
  const part = useId();
  // The latest handlers, read when the merchant clicks: they close over the form's current values.
  const latest = useRef(actions);
  latest.current = actions;
  const saved = actions !== undefined;
  useEffect(() => {
    const current: SaveActions | undefined = saved
      ? { save: () => latest.current?.save(), discard: () => latest.current?.discard() }
      : undefined;
    report?.(part, { dirty, actions: current });
    return () => report?.(part, null);
  }, [report, part, dirty, saved]);
}

/**
 * The app shell's one guard (React Router allows one blocker at a time) and, inside the Shopify admin, its
 * one save bar: while any part is dirty, leaving the screen asks first.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [parts, setParts] = useState<ReadonlyMap<string, Part>>(new Map());
  const report = useCallback<Report>((part, state) => {
    setParts((current) => {
      const next = new Map(current);
      if (state?.dirty) next.set(part, state);
      else if (current.has(part)) next.delete(part);
      else return current;
      return next;
    });
  }, []);
  const embedded = useEmbedded();
  return (
    <ReportContext.Provider value={report}>
      {children}
      {embedded ? <AppBridgeSaveBar parts={[...parts.values()]} /> : null}
      <LeaveGuard dirty={parts.size > 0} />
    </ReportContext.Provider>
  );
}

/**
 * App Bridge's contextual save bar in the admin's top bar (the admin's "Must Do" for forms with Save). It
 * saves every unsaved part of the screen, one after the other, and discards them all alike.
 */
function AppBridgeSaveBar({ parts }: { parts: Part[] }) {
  const [saving, setSaving] = useState(false);
  const actions = parts.flatMap((part) => (part.actions ? [part.actions] : []));

  async function saveAll() {
    setSaving(true);
    try {
      for (const part of actions) await part.save();
    } finally {
      setSaving(false);
    }
  }

  return (
    <SaveBar id="unsaved-changes" open={actions.length > 0}>
      <button
        type="button"
        variant="primary"
        loading={saving ? "" : undefined}
        onClick={() => void saveAll()}
      >
        Save
      </button>
      <button
        type="button"
        disabled={saving}
        onClick={() => {
          for (const part of actions) part.discard();
        }}
      >
        Discard
      </button>
    </SaveBar>
  );
}
