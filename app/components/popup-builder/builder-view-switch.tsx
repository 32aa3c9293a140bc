import { Button, ButtonGroup } from "@shopify/polaris";

export type BuilderView = "edit" | "preview";

type Props = { view: BuilderView; onChange: (view: BuilderView) => void };

/**
 * On a screen too narrow for the editor and the live preview side by side (a phone, a small tablet), a
 * switch at the top, kept in sight while scrolling: the preview is one tap away instead of below every card.
 * Wide screens never show it (app.css).
 */
export function BuilderViewSwitch({ view, onChange }: Props) {
  const choose = (next: BuilderView) => {
    onChange(next);
    // The other view starts at its top, not at the scroll position of a long editor.
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="np-builder-views">
      <ButtonGroup variant="segmented" fullWidth>
        <Button pressed={view === "edit"} onClick={() => choose("edit")}>
          Edit
        </Button>
        <Button pressed={view === "preview"} onClick={() => choose("preview")}>
          Preview
        </Button>
      </ButtonGroup>
    </div>
  );
}
